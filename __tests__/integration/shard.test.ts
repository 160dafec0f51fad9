/**
 * Sharding end to end (issue 16), with real processes: a small compute-bound Google Benchmark suite
 * with one planted slowdown, measured as one shard with the CLI and as three shards by the built
 * Action (dist/index.js, `shard: I/3`, uploading to a local fake of GitHub), then merged by the
 * Action's `mode: merge` in the shards' workflow and again fork-safe from `workflow_run`.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the webhook payload fixtures are edited as untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import { mdCode } from '../../src/report/escape.js'
import { captureIo } from '../helpers/io.js'
import { tempRepo } from '../helpers/repo.js'
import { startFakeGitHub, type FakeGitHub, type RunnerEnv } from '../action/fakeGitHub.js'
import { runnerInputs, spawnAction } from '../helpers/action.js'
import { cachedBuild } from '../helpers/buildCache.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const hasBenchmark = existsSync('/usr/include/benchmark/benchmark.h')
if (!hasBenchmark) console.warn('skipping the sharding end-to-end test: install libbenchmark-dev')
const describeIf = hasBenchmark ? describe : describe.skip

const SOURCE = (planted: number) => `#include <benchmark/benchmark.h>
static void Spin(benchmark::State& s, int work) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < work; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
static void BM_Spin(benchmark::State& s) { Spin(s, static_cast<int>(s.range(0))); }
BENCHMARK(BM_Spin)->Arg(2000)->Arg(3000)->Arg(4000)->Arg(5000)->Arg(6000);
static void BM_Planted(benchmark::State& s) { Spin(s, ${planted}); }
BENCHMARK(BM_Planted);
`
// Each distinct program compiled once per test run (buildCache.ts).
const BUILD = cachedBuild(
  'mkdir -p build && g++ -O2 bench.cc -o build/bench -lbenchmark -lbenchmark_main -lpthread',
  'bench.cc',
  'build/bench'
)
// Forty times the work is a regression whatever this VM's half-speed phases do (issue 33). 8 rounds:
// the merged family of 6 needs 7 runs per side (rank-sum at α/6), one more spares a lost process.
const ROUNDS = '8'
// One short repetition a process: the rank-sum test counts runs (processes), not repetitions.
const REPETITIONS = '1'
const MIN_TIME = '0.01'
const MEASURE = [
  '--interleave',
  'suite',
  '--rounds',
  ROUNDS,
  '--repetitions',
  REPETITIONS,
  '--min-time',
  MIN_TIME
]
const PR = 5

const runAction = (env: RunnerEnv, cwd: string) => spawnAction(env, cwd, { mergeStderr: true })

type Results = { family_size: number; benchmarks: Array<{ name: string; verdict: string }>; run: any }
const verdicts = (r: Results) => Object.fromEntries(r.benchmarks.map((b) => [b.name, b.verdict]))

describeIf('sharding end to end', () => {
  let fake: FakeGitHub
  let repo: string
  let baseSha: string
  let headSha: string
  // Whole-suite processes in every job (measure, merge and comment judge them alike).
  const inputs = (own: Record<string, string>) => runnerInputs(fake.token, { interleave: 'suite', ...own })
  const prPayload = (f: any) => {
    f.number = PR
    f.pull_request.number = PR
    f.pull_request.base.sha = baseSha
    f.pull_request.base.ref = 'main'
    f.pull_request.head.sha = headSha
    f.pull_request.head.ref = 'feature/planted'
    return f
  }

  beforeAll(async () => {
    fake = await startFakeGitHub()
    const r = tempRepo('benchgate-shard-e2e-')
    repo = r.dir
    baseSha = r.commitFiles({ 'bench.cc': SOURCE(500) }, 'base')
    r.git('tag', 'base')
    r.git('checkout', '-qb', 'feature/planted')
    headSha = r.commitFiles({ 'bench.cc': SOURCE(20000) }, 'BM_Planted does forty times the work')
  })
  afterAll(async () => {
    await fake?.close()
    rmSync(repo, { recursive: true, force: true })
  })

  it('1 shard (CLI) and 3 shards (Action matrix + mode merge) measure the same benchmarks, agree on the planted regression, and post one comment', async () => {
    // One shard, with the CLI: run --shard 1/1, then merge.
    const tmp = temp('benchgate-shard-out-')
    const io = captureIo()
    const argv = [
      'run',
      '--repo',
      repo,
      '--base',
      'base',
      '--head',
      headSha,
      '--build',
      BUILD,
      '--binary',
      'build/bench'
    ]
    expect(await main([...argv, ...MEASURE, '--shard', '1/1', '--out', join(tmp, 's1')], io)).toBe(1)
    expect(await main(['merge', join(tmp, 's1'), '--out', join(tmp, 'm1')], io)).toBe(1)
    const one = JSON.parse(readFileSync(join(tmp, 'm1', 'results.json'), 'utf8')) as Results
    expect(one.benchmarks).toHaveLength(6)

    // Three shards, each a job of the same workflow run: no comment, no check, no gate; an artifact each.
    const runId = 7100
    for (let i = 1; i <= 3; i++) {
      const env = fake.env({
        runId,
        event: 'pull_request.synchronize',
        payload: prPayload,
        workspace: repo,
        vars: { RUNNER_TEMP: temp('benchgate-runner-') },
        inputs: inputs({
          build: BUILD,
          binary: 'build/bench',
          rounds: ROUNDS,
          repetitions: REPETITIONS,
          'min-time': MIN_TIME,
          shard: `${i}/3`,
          out: `benchgate-shard-${i}`
        })
      })
      const r = await runAction(env, repo)
      expect(r.stdout).not.toMatch(/::error::/)
      expect(r.code).toBe(0)
      expect(r.stdout).toMatch(new RegExp(`shard ${i}/3: 2 of 6 benchmarks`))
      env.cleanup()
    }
    expect(fake.state.comments).toHaveLength(0)
    expect(fake.state.checkRuns).toHaveLength(0)
    for (let i = 1; i <= 3; i++) {
      // Each shard measured only its share (the exact-name filter), with its samples and pr.json.
      const files = fake.artifactFiles(`benchgate-shard-${i}`)
      const shard = JSON.parse(files['results.json'].toString()) as Results
      expect(shard.benchmarks.map((b) => b.name)).toEqual(shard.run.shard.assigned)
      expect(shard.family_size).toBe(2)
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['pr.json', 'samples/base-r000.json']))
    }
    expect(fake.state.artifacts.map((a) => a.name).sort()).toEqual(
      expect.arrayContaining(['benchgate-shard-1', 'benchgate-shard-2', 'benchgate-shard-3'])
    )

    // The merging job of the same workflow: one comment, a failing check, a failed step.
    const mergeEnv = fake.env({
      runId,
      event: 'pull_request.synchronize',
      payload: prPayload,
      workspace: temp('benchgate-ws-'),
      inputs: inputs({ mode: 'merge' })
    })
    const m = await runAction(mergeEnv, mergeEnv.env.GITHUB_WORKSPACE)
    const three = JSON.parse(readFileSync(mergeEnv.outputs()['results-path'], 'utf8')) as Results
    expect(m.stdout).toMatch(/::error::benchgate: fail: 1 regression/)
    expect(m.code).toBe(1)
    expect(three.benchmarks.map((b) => b.name)).toEqual(one.benchmarks.map((b) => b.name))
    expect(three.family_size).toBe(one.family_size)
    expect(verdicts(three).BM_Planted).toBe('regression')
    expect(verdicts(one).BM_Planted).toBe('regression')
    expect(three.run.merged.shards.map((s: { benchmarks: number }) => s.benchmarks)).toEqual([2, 2, 2])
    expect(fake.state.comments).toHaveLength(1)
    expect(fake.state.comments[0].body).toMatch(/3 shards \(1\/3 on /)
    expect(fake.state.comments[0].body).toMatch(/### benchgate: ❌ 1 regression/)
    expect(fake.state.comments[0].body).toContain(mdCode('BM_Planted'))
    expect(fake.state.checkRuns).toHaveLength(1)
    expect(fake.state.checkRuns[0]).toMatchObject({ head_sha: headSha, conclusion: 'failure' })

    // Fork-safe: the same artifacts merged from workflow_run (pr.json checked against GitHub): the same comment is edited.
    fake.seedPull({
      number: PR,
      head: { sha: headSha, ref: 'feature/planted' },
      base: { sha: baseSha, ref: 'main' }
    })
    const safeEnv = fake.env({
      runId: runId + 1,
      event: 'workflow_run.completed',
      payload: (f: any) => {
        f.workflow_run.id = runId
        f.workflow_run.head_sha = headSha
        f.workflow_run.head_branch = 'feature/planted'
        f.workflow_run.event = 'pull_request'
        f.workflow_run.pull_requests = []
        return f
      },
      workspace: temp('benchgate-ws-'),
      inputs: inputs({ mode: 'merge', shard: '1/3' })
    })
    const s = await runAction(safeEnv, safeEnv.env.GITHUB_WORKSPACE)
    expect(s.stdout).not.toMatch(/::error::/)
    expect(s.code).toBe(0) // as comment mode: the check run carries the verdict
    expect(fake.state.comments).toHaveLength(1)
    expect(safeEnv.outputs().verdict).toBe('regression')
    mergeEnv.cleanup()
    safeEnv.cleanup()
    rmSync(tmp, { recursive: true, force: true })
  }, 600_000)
})
