/**
 * The built Action (dist/index.js) run as a child process exactly as a runner runs it: INPUT_*
 * variables (with action.yml's defaults, as the runner supplies them), a real event payload from
 * GitHub's documented examples, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, and GITHUB_API_URL /
 * ACTIONS_RESULTS_URL pointing at a local fake of GitHub (fakeGitHub.ts) that records every request.
 * Every REST request is checked against GitHub's published OpenAPI description.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the webhook payload fixtures are edited as untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { mdCode } from '../../src/report/escape.js'
import { commentMarker } from '../../src/report/markdown.js'
import { checkAgainstOpenApi } from '../action/openapi.js'
import { tempRepo } from '../helpers/repo.js'
import { startFakeGitHub, type FakeGitHub, type RunnerEnv } from '../action/fakeGitHub.js'
import { runnerInputs, spawnAction } from '../helpers/action.js'
import { cachedBuild } from '../helpers/buildCache.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const hasBenchmark = existsSync('/usr/include/benchmark/benchmark.h')
if (!hasBenchmark) console.warn('skipping the Action run-mode tests: install libbenchmark-dev')
const itIfBenchmark = hasBenchmark ? it : it.skip

/** The inputs a runner passes: action.yml's defaults (the token expression resolved), then ours. */
const inputs = (fake: FakeGitHub, own: Record<string, string>) => runnerInputs(fake.token, own)

interface ChildResult {
  code: number | null
  stdout: string
  stderr: string
}

const runAction = (env: RunnerEnv, cwd: string): Promise<ChildResult> => spawnAction(env, cwd)

function expectRequestsMatchOpenApi(fake: FakeGitHub): void {
  // Responses are checked too, except the pull request, which the fake serves from a minimal seed.
  const problems = fake
    .restRequests()
    .flatMap((r) => checkAgainstOpenApi(r, { responses: !r.path.includes('/pulls/') }))
  expect(problems).toEqual([])
}

const SOURCE = (work: number) => `#include <benchmark/benchmark.h>
static void BM_Spin(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < ${work}; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Spin);
static void BM_Same(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < 5000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Same);
`

describe('the Action (dist/index.js against a local GitHub)', () => {
  let fake: FakeGitHub
  let repo: string
  let baseSha: string
  let headSha: string
  const PR = 2
  // RUNNER_TEMP is the same path on every run of a hosted runner; the base-build cache relies on it.
  const runnerTemp = temp('benchgate-runner-temp-')
  let nextRunId = 8000
  const runEnv = (opts: Parameters<FakeGitHub['env']>[0]) =>
    fake.env({ runId: nextRunId++, ...opts, vars: { RUNNER_TEMP: runnerTemp, ...(opts?.vars ?? {}) } })

  beforeAll(async () => {
    fake = await startFakeGitHub()
    const r = tempRepo('benchgate-action-')
    repo = r.dir
    // Twenty times the work: decided on every run even through this VM's seconds-long half-speed phases
    // (a 2x change in 8 rounds was missed 3 times in 5, issue 33).
    baseSha = r.commitFiles({ 'bench.cc': SOURCE(2000) }, 'base')
    r.git('checkout', '-qb', 'feature/slower')
    headSha = r.commitFiles({ 'bench.cc': SOURCE(40000) }, 'twenty times the work')
  })
  afterAll(async () => {
    await fake?.close()
    rmSync(repo, { recursive: true, force: true })
  })

  /** The documented pull_request payload, pointed at our repository's commits. */
  const prPayload = (fixture: any) => {
    fixture.number = PR
    fixture.pull_request.number = PR
    fixture.pull_request.base.sha = baseSha
    fixture.pull_request.base.ref = 'main'
    fixture.pull_request.head.sha = headSha
    fixture.pull_request.head.ref = 'feature/slower'
    return fixture
  }
  const runInputs = () =>
    inputs(fake, {
      build: cachedBuild(
        'g++ -O2 bench.cc -o build/bench -lbenchmark -lbenchmark_main -lpthread',
        'bench.cc',
        'build/bench'
      ),
      binary: 'build/bench',
      rounds: '8',
      // One short repetition a process: the verdict rests on the 8 runs per side and a 20× change.
      repetitions: '1',
      'min-time': '0.01',
      'cache-paths': 'build'
    })
  // The build writes into build/, which must exist first.
  const mkBuild = (i: Record<string, string>) => ({ ...i, build: `mkdir -p build && ${i.build}` })

  itIfBenchmark(
    'run mode: builds, measures, fails the step on the regression, creates the sticky comment, uploads artifacts, caches the base build; a second run updates the same comment and restores the cache',
    async () => {
      // Someone else quoted our marker: that comment must never be edited.
      const [foreign] = fake.seedComments(PR, [
        { body: `copied from the bot:\n${commentMarker('default')}`, login: 'mallory', type: 'User' }
      ])
      const env1 = runEnv({
        event: 'pull_request.synchronize',
        payload: prPayload,
        inputs: mkBuild(runInputs()),
        workspace: repo
      })
      const r1 = await runAction(env1, repo)
      expect(r1.stdout).toMatch(/::error::benchgate: fail: 1 regression/)
      expect(r1.code).toBe(1)
      // The token is never printed (the runner consumes ::add-mask:: itself; it registers the secret).
      const printed = (r1.stdout + r1.stderr).replace(/^::add-mask::.*$/gm, '')
      expect(printed).not.toContain(fake.token)
      const out1 = env1.outputs()
      expect(out1.verdict).toBe('regression')
      expect(out1.regressions).toBe('1')
      expect(existsSync(out1['results-path'])).toBe(true)
      const results = JSON.parse(readFileSync(out1['results-path'], 'utf8'))
      expect(results.benchmarks.find((b: { name: string }) => b.name === 'BM_Spin').verdict).toBe(
        'regression'
      )
      // Log groups per phase, never nested.
      const opened = (r1.stdout.match(/^::group::/gm) ?? []).length
      expect(opened).toBeGreaterThanOrEqual(4)
      expect(r1.stdout).toMatch(/round 8 done/)
      // One line per round, logged when its last benchmark pair is done (pairs per benchmark by default):
      // rounds 1..R in order, the same number of processes each, and the last one ends every run.
      const roundLines = [...r1.stdout.matchAll(/round (\d+) done · (\d+)\/(\d+) runs/g)].map((m) =>
        m.slice(1).map(Number)
      )
      expect(roundLines.map(([round]) => round)).toEqual(roundLines.map((_, i) => i + 1))
      const [, lastRuns, plannedRuns] = roundLines.at(-1)!
      expect(lastRuns).toBe(plannedRuns)
      const perRound = roundLines.slice(1).map(([, runs], i) => runs - roundLines[i][1])
      expect(new Set(perRound).size).toBe(1)
      // The job summary carries the full report.
      expect(env1.summary()).toMatch(/### benchgate: ❌ 1 regression/)

      const ours = fake.state.comments.filter((c) => c.user.login === 'github-actions[bot]')
      expect(ours).toHaveLength(1)
      expect(ours[0].body).toContain(commentMarker('default'))
      expect(ours[0].body).toContain(mdCode('BM_Spin'))
      expect(out1['comment-url']).toBe(ours[0].html_url)
      expect(fake.state.comments.find((c) => c.id === foreign.id)!.body).toBe(foreign.body)
      const names = fake.state.artifacts.map((a) => a.name).sort()
      expect(names).toEqual(['benchgate-report', 'benchgate-samples'])
      expect(Object.keys(fake.artifactFiles('benchgate-report'))).toEqual(
        expect.arrayContaining(['results.json', 'report.md', 'summary.md', 'report.txt', 'report.html'])
      )
      expect(existsSync(out1['html-path'])).toBe(true)
      expect(fake.state.caches.map((c) => c.key)).toEqual([expect.stringContaining(`-${baseSha}-`)])
      expectRequestsMatchOpenApi(fake)

      // Second push of the same PR: the same comment is edited in place; the base build comes from the cache.
      const before = fake.requests.length
      const env2 = runEnv({
        event: 'pull_request.synchronize',
        payload: prPayload,
        inputs: mkBuild(runInputs()),
        workspace: repo
      })
      const r2 = await runAction(env2, repo)
      expect(r2.code).toBe(1)
      expect(r2.stdout).toMatch(/base build cache: restored/)
      expect(r2.stdout).toMatch(/base build skipped|the base build is skipped/)
      const after = fake.requests.slice(before)
      expect(
        after.filter((r) => r.method === 'POST' && /\/issues\/\d+\/comments$/.test(r.path))
      ).toHaveLength(0)
      expect(fake.state.comments.filter((c) => c.user.login === 'github-actions[bot]')).toHaveLength(1)
      expect(env2.outputs()['comment-url']).toBe(ours[0].html_url)
      expect(fake.state.comments.find((c) => c.id === foreign.id)!.body).toBe(foreign.body)
      // Only the base build is ever cached.
      expect(fake.state.caches).toHaveLength(1)
      expectRequestsMatchOpenApi(fake)
      env1.cleanup()
      env2.cleanup()
    },
    180_000
  )

  itIfBenchmark(
    'fork-safe pair: measure uploads the hand-over with a read-only token; comment (workflow_run) validates it, updates the sticky comment and posts a failing check run',
    async () => {
      fake.reset()
      const measureEnv = runEnv({
        event: 'pull_request.synchronize',
        payload: prPayload,
        inputs: mkBuild({ ...runInputs(), mode: 'measure' }),
        workspace: repo
      })
      // A fork's token cannot write: measure mode must not even try.
      fake.inject({
        method: 'POST',
        path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
        status: 403
      })
      const m = await runAction(measureEnv, repo)
      expect(m.code).toBe(1) // the regression fails the measure job too
      expect(fake.restRequests().filter((r) => r.path.includes('/comments'))).toEqual([])
      expect(fake.state.artifacts.map((a) => a.name)).toContain('benchgate-pr')
      expect(Object.keys(fake.artifactFiles('benchgate-pr')).sort()).toEqual(['pr.json', 'results.json'])
      fake.clearInjections()

      const commentEnv = runEnv({
        event: 'workflow_run.completed',
        payload: (f: any) => {
          f.workflow_run.id = measureEnv.runId
          f.workflow_run.head_sha = headSha
          f.workflow_run.head_branch = 'feature/slower'
          f.workflow_run.event = 'pull_request'
          f.workflow_run.pull_requests = [] // as for a PR from a fork
          return f
        },
        inputs: inputs(fake, { mode: 'comment' }),
        workspace: temp('benchgate-ws-')
      })
      fake.seedPull({
        number: PR,
        head: { sha: headSha, ref: 'feature/slower' },
        base: { sha: baseSha, ref: 'main' }
      })
      const c = await runAction(commentEnv, commentEnv.env.GITHUB_WORKSPACE)
      expect(c.stdout).not.toMatch(/::error::/)
      expect(c.code).toBe(0)
      const comments = fake.state.comments.filter((x) => x.user.login === 'github-actions[bot]')
      expect(comments).toHaveLength(1)
      expect(comments[0].body).toContain(mdCode('BM_Spin'))
      expect(fake.state.checkRuns).toHaveLength(1)
      expect(fake.state.checkRuns[0]).toMatchObject({
        head_sha: headSha,
        conclusion: 'failure',
        name: 'benchgate'
      })
      expect(commentEnv.outputs().verdict).toBe('regression')
      expectRequestsMatchOpenApi(fake)
      measureEnv.cleanup()
      commentEnv.cleanup()
    },
    180_000
  )
})
