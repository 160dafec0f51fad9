/**
 * The built Action (dist/index.js) in comment mode on crafted hand-overs, run as a child process as a
 * runner runs it, against the local fake of GitHub (fakeGitHub.ts): the comment's size cap and escaping,
 * paging to find the sticky comment, a read-only token, a forged PR number, a malformed results file.
 * Nothing here is measured, so it runs with the unit suites (moved from __tests__/integration).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { toResultsJson } from '../../src/report/json.js'
import { mdCode } from '../../src/report/escape.js'
import { COMMENT_MAX_CHARS, commentMarker } from '../../src/report/markdown.js'
import type { Sample } from '../../src/samples/model.js'
import { timingSample } from '../helpers/samples.js'
import { checkAgainstOpenApi } from './openapi.js'
import { startFakeGitHub, type FakeGitHub, type RunnerEnv } from './fakeGitHub.js'
import { runnerInputs, seedHandOverArtifact, spawnAction, workflowRunEnv } from '../helpers/action.js'

/** The inputs a runner passes: action.yml's defaults (the token expression resolved), then ours. */
const inputs = (fake: FakeGitHub, own: Record<string, string>) => runnerInputs(fake.token, own)

const runAction = (env: RunnerEnv, cwd: string) => spawnAction(env, cwd)

function expectRequestsMatchOpenApi(fake: FakeGitHub): void {
  // Responses are checked too, except the pull request, which the fake serves from a minimal seed.
  const problems = fake
    .restRequests()
    .flatMap((r) => checkAgainstOpenApi(r, { responses: !r.path.includes('/pulls/') }))
  expect(problems).toEqual([])
}

/** Comment mode needs no build: crafted results exercise the comment, its size cap and escaping. */
describe('the Action in comment mode (crafted hand-overs)', () => {
  let fake: FakeGitHub
  const HEAD = 'c'.repeat(40)
  const PR = 7
  beforeAll(async () => {
    fake = await startFakeGitHub()
  })
  afterAll(async () => {
    await fake?.close()
  })

  /** A results file from the real analysis of synthetic samples: `n` benchmarks, the first few slower. */
  function resultsJson(names: string[], slower: (i: number) => number): string {
    const samples: Sample[] = []
    let seed = 12345
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    names.forEach((benchmark, i) => {
      for (const side of ['base', 'head'] as const)
        // 12 runs per side: with 800 benchmarks each interval is at 1 − 0.01/800, which the exact test
        // reaches only from 10 runs per side (2/C(20, 10) < 1.25e-5).
        for (let run = 0; run < 12; run++)
          for (let repetition = 0; repetition < 1; repetition++) {
            const t = 1000 * (1 + i / names.length) * (side === 'head' ? slower(i) : 1) * (1 + 0.01 * rnd())
            samples.push(timingSample(benchmark, side, run, repetition, t, 1000))
          }
    })
    const suite = analyzeSuite({ samples })
    return JSON.stringify(
      toResultsJson(
        {
          suite,
          run: {
            base: { label: 'main', sha: 'b'.repeat(40) },
            head: { label: 'x', sha: HEAD },
            key: 'default'
          }
        },
        '0.0.0'
      )
    )
  }

  function seedHandOver(results: string, meta: Record<string, unknown> = {}, runId = 9100) {
    seedHandOverArtifact(fake, { runId, results, pullNumber: PR, headSha: HEAD, meta })
    fake.seedPull({ number: PR, head: { sha: HEAD, ref: 'x' }, base: { sha: 'b'.repeat(40), ref: 'main' } })
    return workflowRunEnv(fake, {
      measuredRunId: runId,
      headSha: HEAD,
      // The crafted hand-overs are whole-suite runs, judged unpaired.
      inputs: inputs(fake, { mode: 'comment', interleave: 'suite' }),
      runId: runId + 1
    })
  }

  // 800 benchmarks make a report of about 110,000 characters, 1.7× the cap (2,000 cost 2.5× the CPU for
  // the same cut; the summary check below fails if the report ever fits uncut).
  it('800 benchmarks with hostile names: the comment stays under 65,536 characters and every name is inert', async () => {
    fake.reset()
    const hostile = [
      'BM_a|b',
      'BM_`tick`',
      'BM_<script>alert(1)</script>',
      'BM_@someone',
      'BM_[x](http://evil)'
    ]
    const names = [...hostile, ...Array.from({ length: 795 }, (_, i) => `BM_Long/${'x'.repeat(40)}/${i}`)]
    const env = seedHandOver(resultsJson(names, (i) => (i < hostile.length ? 1.3 : 1)))
    const r = await runAction(env, env.env.GITHUB_WORKSPACE)
    expect(r.stdout).not.toMatch(/::error::/)
    const [comment] = fake.state.comments
    expect(comment.body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(comment.body).toContain(commentMarker('default'))
    expect(comment.body).toMatch(/truncated|not shown|more in the job summary/i)
    expect(comment.body).not.toContain('<script>')
    expect(comment.body).not.toMatch(/(^|[^`\w&;])@someone/)
    expect(comment.body).not.toContain('](http://evil)')
    // Table rows: a name's '|' must not open a new cell.
    const row = comment.body.split('\n').find((l) => l.includes(mdCode('BM_a|b')))!
    expect(row.split(/(?<!\\)\|/).length).toBe(
      comment.body
        .split('\n')
        .find((l) => l.startsWith('| |'))!
        .split('|').length
    )
    // The job summary is uncut (under GitHub's 1 MiB), and longer than the cap: the comment was cut.
    expect(env.summary().length).toBeGreaterThan(COMMENT_MAX_CHARS)
    expect(env.summary()).toContain(mdCode(`BM_Long/${'x'.repeat(40)}/794`))
    expect(Buffer.byteLength(env.summary())).toBeLessThanOrEqual(1024 * 1024)
    expectRequestsMatchOpenApi(fake)
  }, 120_000)

  it('finds its comment past the first page of a long discussion and edits it in place', async () => {
    fake.reset()
    fake.seedComments(PR, 230)
    const [ours] = fake.seedComments(PR, [{ body: `### benchgate: old report\n${commentMarker('default')}` }])
    // The check run of the run that made it recorded its id (src/github/checks.ts).
    fake.seedCheckRun({
      name: 'benchgate',
      head_sha: HEAD,
      external_id: `benchgate:default comment=${ours!.id}`
    })
    const env = seedHandOver(resultsJson(['BM_A', 'BM_B'], () => 1))
    const r = await runAction(env, env.env.GITHUB_WORKSPACE)
    expect(r.code).toBe(0)
    const lists = fake
      .restRequests()
      .filter((q) => q.method === 'GET' && q.path.endsWith(`/issues/${PR}/comments`))
    // 3 pages to find it, then 3 more to check that no concurrent job overwrote it (comment.ts).
    expect(lists.length).toBe(6)
    expect(
      fake.restRequests().filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))
    ).toHaveLength(0)
    expect(fake.state.comments).toHaveLength(231)
    expect(fake.state.comments.find((c) => c.id === ours.id)!.body).toMatch(/### benchgate/)
    expect(env.outputs()['comment-url']).toBe(ours.html_url)
  }, 60_000)

  it('a read-only token (403) degrades to the job summary with a warning; the step does not fail', async () => {
    fake.reset()
    fake.inject({ method: 'POST', path: '/repos/{owner}/{repo}/issues/{issue_number}/comments', status: 403 })
    fake.inject({ method: 'POST', path: '/repos/{owner}/{repo}/check-runs', status: 403 })
    const env = seedHandOver(resultsJson(['BM_A', 'BM_B'], () => 1))
    const r = await runAction(env, env.env.GITHUB_WORKSPACE)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/::warning::.*comment was not posted.*403/)
    expect(r.stdout).toMatch(/pull-requests: write/)
    expect(env.summary()).toMatch(/### benchgate/)
    expect(fake.state.comments).toHaveLength(0)
  }, 60_000)

  it('a forged PR number (the PR head is another commit) is refused: no comment, a clear error', async () => {
    fake.reset()
    const env = seedHandOver(
      resultsJson(['BM_A'], () => 1),
      { pullNumber: 8 }
    )
    fake.seedPull({
      number: 8,
      head: { sha: 'd'.repeat(40), ref: 'other' },
      base: { sha: 'b'.repeat(40), ref: 'main' }
    })
    const r = await runAction(env, env.env.GITHUB_WORKSPACE)
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::.*pull request #8 has head d{40}, not the measured c{40}/)
    expect(fake.state.comments).toHaveLength(0)
    expect(fake.state.checkRuns).toHaveLength(0)
  }, 60_000)

  it('a malformed results file in the artifact is rejected with the reason', async () => {
    fake.reset()
    const env = seedHandOver(JSON.stringify({ format: 'benchgate-results', version: 1, benchmarks: 'lots' }))
    const r = await runAction(env, env.env.GITHUB_WORKSPACE)
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::benchgate: .*results\.json/)
    expect(fake.state.comments).toHaveLength(0)
  }, 60_000)

  it('comment mode outside workflow_run fails with the fix', async () => {
    fake.reset()
    const env = fake.env({ event: 'pull_request.opened', inputs: inputs(fake, { mode: 'comment' }) })
    const r = await runAction(env, env.env.GITHUB_WORKSPACE)
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(
      /::error::benchgate: mode 'comment' runs in a workflow triggered by 'workflow_run'/
    )
  }, 60_000)
})
