/**
 * The built Action (dist/index.js) in comment mode against the local fake GitHub, with crafted
 * hand-overs (no build): the `benchgate` check run is created once on the PR head and updated when
 * the workflow is re-run; two matrix jobs with different keys share one sticky comment, each
 * editing only its own section; with `history-drift`, rows whose baseline drifted on main say so, read
 * from a git: history branch served read-only. Every REST request is checked against GitHub's OpenAPI
 * description.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import yaml from 'js-yaml'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { parseSections } from '../../src/github/commentSections.js'
import { FolderStore } from '../../src/history/store.js'
import { toResultsJson } from '../../src/report/json.js'
import type { Sample } from '../../src/samples/model.js'
import { timingSample } from '../helpers/samples.js'
import { startFakeGitHub, type FakeGitHub, type RunnerEnv } from './fakeGitHub.js'
import { checkAgainstOpenApi } from './openapi.js'
import { spawnAction, workflowRunEnv } from '../helpers/action.js'
import { serveGitReadOnly } from '../helpers/gitHttp.js'
import { flat, syntheticHistory } from '../history/synthetic.js'

const ROOT = new URL('../../', import.meta.url).pathname
const action = yaml.load(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>
}
const HEAD = 'c'.repeat(40)
const PR = 11

const runAction = (env: RunnerEnv) => spawnAction(env, env.env.GITHUB_WORKSPACE, { mergeStderr: true })

/** results.json from the real analysis of synthetic samples; `slower` = the head/base ratio of BM_0. */
function resultsJson(key: string, slower: number, noise = 0.01): string {
  const samples: Sample[] = []
  let seed = 99
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  for (const benchmark of ['BM_0', 'BM_1', 'BM_2'])
    for (const side of ['base', 'head'] as const)
      for (let run = 0; run < 6; run++)
        for (let repetition = 0; repetition < 2; repetition++) {
          const t = 1000 * (side === 'head' && benchmark === 'BM_0' ? slower : 1) * (1 + noise * rnd())
          samples.push(timingSample(benchmark, side, run, repetition, t, 1000))
        }
  const run = { base: { label: 'main', sha: 'b'.repeat(40) }, head: { label: 'x', sha: HEAD }, key }
  return JSON.stringify(toResultsJson({ suite: analyzeSuite({ samples }), run }, '0.0.0'))
}

describe('check run and report keys (dist/index.js, comment mode, fake GitHub)', () => {
  let fake: FakeGitHub
  let nextRun = 9300
  beforeAll(async () => {
    fake = await startFakeGitHub()
  })
  afterAll(async () => {
    await fake?.close()
  })

  /** A measure run's hand-over for `key`, and the comment workflow_run env that consumes it. */
  function commentJob(
    key: string,
    slower: number,
    measureRunId = nextRun++,
    noise = 0.01,
    job: { inputs?: Record<string, string>; workspace?: string } = {}
  ) {
    const suffix = key === 'default' ? '' : `-${key}`
    fake.seedArtifact({
      name: `benchgate-pr${suffix}`,
      runId: measureRunId,
      entries: [
        { name: 'results.json', data: resultsJson(key, slower, noise) },
        {
          name: 'pr.json',
          data: JSON.stringify({ format: 'benchgate-pr', version: 1, pullNumber: PR, headSha: HEAD, key })
        }
      ]
    })
    fake.seedPull({ number: PR, head: { sha: HEAD, ref: 'x' }, base: { sha: 'b'.repeat(40), ref: 'main' } })
    const inputs: Record<string, string> = {}
    for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = spec.default ?? ''
    return workflowRunEnv(fake, {
      measuredRunId: measureRunId,
      headSha: HEAD,
      // The hand-overs' series are whole-suite runs, judged unpaired.
      inputs: {
        ...inputs,
        'github-token': fake.token,
        mode: 'comment',
        key,
        interleave: 'suite',
        ...job.inputs
      },
      runId: nextRun++,
      workspace: job.workspace
    })
  }

  const expectOpenApi = () =>
    expect(
      fake.restRequests().flatMap((r) => checkAgainstOpenApi(r, { responses: !r.path.includes('/pulls/') }))
    ).toEqual([])

  it('creates the benchgate check run once on the PR head and updates it when the workflow is re-run', async () => {
    fake.reset()
    const first = commentJob('default', 1.3, 9201)
    const r1 = await runAction(first)
    expect(r1.stdout).not.toMatch(/::error::/)
    expect(fake.state.checkRuns).toHaveLength(1)
    const [check] = fake.state.checkRuns
    expect(check).toMatchObject({
      name: 'benchgate',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'failure'
    })
    // Ours by its external_id, which records the sticky comment this job wrote (docs/security.md, defence 16).
    const comment = fake.state.comments.find((c) => c.user.login === 'github-actions[bot]')!
    expect(check.external_id).toBe(`benchgate:default comment=${comment.id}`)
    expect(check.output.title).toMatch(/1 regression/)
    expect(check.output.summary).toMatch(/<code>BM&#95;0<\/code>/)
    expect(check.details_url).toBe(`${fake.serverUrl}/${fake.owner}/${fake.repo}/actions/runs/${first.runId}`)

    // Re-run of the same workflow run (same artifact, same head): the same check run is updated.
    const rerun = commentJob('default', 1.0, 9202)
    const r2 = await runAction(rerun)
    expect(r2.stdout).not.toMatch(/::error::/)
    expect(fake.state.checkRuns).toHaveLength(1)
    expect(fake.state.checkRuns[0].id).toBe(check.id)
    expect(fake.state.checkRuns[0].conclusion).toBe('success')
    expect(fake.state.checkRuns[0].history).toHaveLength(2)
    const posts = fake.restRequests().filter((q) => q.method === 'POST' && q.path.endsWith('/check-runs'))
    const patches = fake.restRequests().filter((q) => q.method === 'PATCH' && q.path.includes('/check-runs/'))
    expect([posts.length, patches.length]).toEqual([1, 1])
    expectOpenApi()
  }, 120_000)

  it('nothing decided is said out loud: headline and check title "nothing could be decided", a neutral check, the step passes', async () => {
    fake.reset()
    // Up to +80% noise over 6 runs: no interval can stay inside ±2% or clear 0, no verdict is reached.
    const r = await runAction(commentJob('default', 1.0, nextRun++, 0.8))
    expect(r.code).toBe(0)
    expect(r.stdout).not.toMatch(/main's history/) // history-drift is off by default: the store is not read
    expect(fake.state.checkRuns).toHaveLength(1)
    expect(fake.state.checkRuns[0].conclusion).toBe('neutral')
    expect(fake.state.checkRuns[0].output.title).toMatch(/^❔ nothing could be decided · 3 undecided/)
    expect(fake.state.comments[0].body).toMatch(
      /^### benchgate: ❔ nothing could be decided · 3 undecided · suite [+−]?\d+\.\d% \[[^\]]+\]$/m
    )
  }, 60_000)

  it('a token without checks: write (403) and an unreadable BENCHGATE_COMMENT_SETTLE_MS are warnings; the comment is still posted and the step passes', async () => {
    fake.reset()
    fake.inject({ method: 'POST', path: '/repos/{owner}/{repo}/check-runs', status: 403 })
    const job = commentJob('default', 1.0)
    job.env.BENCHGATE_COMMENT_SETTLE_MS = '2s'
    const r = await runAction(job)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/::warning::the check run 'benchgate' was not posted.*403.*checks: write/)
    expect(r.stdout).toMatch(
      /::warning::BENCHGATE_COMMENT_SETTLE_MS='2s' is not a whole number of milliseconds from 0 to 60000; the comment check waits 1–3 s/
    )
    expect(fake.state.comments).toHaveLength(1)
  }, 60_000)

  it('two keys share one sticky comment: each job edits only its section, whichever finishes last keeps the other', async () => {
    fake.reset()
    const foreign = fake.seedComments(PR, [{ body: 'LGTM', login: 'octocat' }])[0]
    await runAction(commentJob('linux-gcc', 1.3))
    await runAction(commentJob('macos-clang', 1.0))
    let ours = fake.state.comments.filter((c) => c.user.login === 'github-actions[bot]')
    expect(ours).toHaveLength(1)
    const body1 = ours[0].body
    expect(body1.split('\n')[0]).toBe('<!-- benchgate:comment keys=linux-gcc,macos-clang -->')
    const sections1 = parseSections(body1)
    expect(sections1.map((s) => s.key)).toEqual(['linux-gcc', 'macos-clang'])
    expect(sections1[0].body).toMatch(
      /^<!-- benchgate:report key=linux-gcc -->\n### benchgate · <code>linux-gcc<\/code>: ❌ 1 regression/
    )
    expect(sections1[1].body).toMatch(
      /^<!-- benchgate:report key=macos-clang -->\n### benchgate · <code>macos-clang<\/code>: no significant change/
    )
    expect(body1).toMatch(
      /\| <code>linux-gcc<\/code> \| ❌ 1 regression, 2 unchanged · suite \+\d+\.\d% \[[^\]]+\] \|/
    )

    // linux-gcc runs again and is now fine: only its section changes, macos-clang's is kept verbatim.
    await runAction(commentJob('linux-gcc', 1.0))
    ours = fake.state.comments.filter((c) => c.user.login === 'github-actions[bot]')
    expect(ours).toHaveLength(1)
    const sections2 = parseSections(ours[0].body)
    expect(sections2[1]).toEqual(sections1[1])
    expect(sections2[0].body).toMatch(
      /^<!-- benchgate:report key=linux-gcc -->\n### benchgate · <code>linux-gcc<\/code>: no significant change/
    )
    expect(fake.state.comments.find((c) => c.id === foreign.id)!.body).toBe('LGTM')
    // Each key has its own check run.
    expect(fake.state.checkRuns.map((c) => c.name).sort()).toEqual([
      'benchgate (linux-gcc)',
      'benchgate (macos-clang)'
    ])
    expect(
      fake.restRequests().filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))
    ).toHaveLength(1)
    expectOpenApi()
  }, 180_000)
  it('with history-drift, rows whose baseline drifted on main say so, read from a history branch served read-only', async () => {
    fake.reset()
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-drift-'))
    try {
      // 40 recorded commits on main: BM_0 crept +0.3% per commit over the last 30 (+9.4%), the others flat.
      const store = new FolderStore(join(dir, 'files'))
      const records = syntheticHistory({
        commits: 40,
        series: [
          { name: 'BM_0', truth: (i) => Math.log(1000) + Math.max(0, i - 9) * Math.log(1.003) },
          flat('BM_1'),
          flat('BM_2')
        ]
      })
      for (const r of records) await store.add(r)
      // The store's files on the orphan branch benchgate-history of a bare origin (as `mode: record` leaves them).
      const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' })
      mkdirSync(join(dir, 'origin.git'))
      git(join(dir, 'origin.git'), 'init', '-q', '--bare')
      const files = join(dir, 'files')
      git(files, 'init', '-q', '-b', 'benchgate-history')
      git(files, 'add', '.')
      git(files, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'history')
      git(files, 'push', '-q', join(dir, 'origin.git'), 'benchgate-history')
      // The comment job's checkout: origin is the read-only server (no credentials).
      const server = await serveGitReadOnly(dir)
      try {
        const checkout = join(dir, 'checkout')
        mkdirSync(checkout)
        git(checkout, 'init', '-q')
        git(checkout, 'remote', 'add', 'origin', `${server.url}/origin.git`)
        const r = await runAction(
          commentJob('default', 1.3, nextRun++, 0.01, {
            inputs: { 'history-drift': 'true' },
            workspace: checkout
          })
        )
        expect(r.stdout).not.toMatch(/::(error|warning)::/)
        expect(r.stdout).toMatch(/40 recorded commits; 1 benchmarks drifted over main's last 30/)
        const body = fake.state.comments[0].body
        const row = body.split('\n').find((l) => l.startsWith('| ') && l.includes('BM&#95;0'))!
        const note = body.split('\n').find((l) => l.includes('main drifted'))!
        expect(note).toMatch(
          /^(\S+) main drifted \+\d+\.\d% \[\+\d+\.\d%, \+\d+\.\d%\] \(99\.5% CI\) over its last 30 recorded commits, since <code>[0-9a-f]{7}<\/code>$/
        )
        expect(row).toContain(note.split(' ')[0])
        expect(body.match(/main drifted/g)).toHaveLength(1)
      } finally {
        await server.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
