/**
 * `mode: record` end to end (issue 31): the built Action (dist/index.js) on a push to the default
 * branch measures the pushed commit against the push's `before` and adds the results to the history
 * branch of a local bare `origin`; a fresh clone reads the branch and reports it. Skipped, saying
 * why, without Google Benchmark.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the webhook payload fixture is edited as untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeGitHub, type FakeGitHub } from './fakeGitHub.js'
import { runnerInputs, spawnAction } from '../helpers/action.js'
import { tempRepo } from '../helpers/repo.js'

const ROOT = new URL('../../', import.meta.url).pathname
const hasBenchmark = existsSync('/usr/include/benchmark/benchmark.h')
if (!hasBenchmark) console.warn('skipping the Action record-mode test: install libbenchmark-dev')
const itIfBenchmark = hasBenchmark ? it : it.skip

const SOURCE = (work: number) => `#include <benchmark/benchmark.h>
static void BM_Spin(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < ${work}; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Spin);
static void BM_Same(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < 3000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Same);
`

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

describe('the Action, mode record (a push to the default branch)', () => {
  let fake: FakeGitHub
  let repo: string
  let origin: string
  let baseSha: string
  let headSha: string
  const runnerTemp = mkdtempSync(join(tmpdir(), 'benchgate-runner-temp-'))

  beforeAll(async () => {
    fake = await startFakeGitHub()
    origin = mkdtempSync(join(tmpdir(), 'benchgate-origin-'))
    git(origin, 'init', '-q', '--bare')
    const r = tempRepo('benchgate-record-')
    repo = r.dir
    baseSha = r.commitFiles({ 'bench.cc': SOURCE(2000) }, 'base')
    headSha = r.commitFiles({ 'bench.cc': SOURCE(2400) }, 'a longer loop (#7)')
    r.git('remote', 'add', 'origin', origin)
    r.git('push', '-q', 'origin', 'main')
  })
  afterAll(async () => {
    await fake?.close()
    for (const dir of [repo, origin, runnerTemp]) if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const inputs = (own: Record<string, string>) =>
    runnerInputs(fake.token, {
      build: 'g++ -O2 bench.cc -o bench -lbenchmark -lbenchmark_main -lpthread',
      binary: 'bench',
      // The timing rounds only: what is recorded and read back does not need the count pass, whose three
      // processes under valgrind (where it is installed) were a third of this test's CPU.
      measure: 'time',
      rounds: '6',
      repetitions: '2',
      'min-time': '0.01',
      'upload-artifacts': 'false',
      ...own
    })
  const pushPayload = (fixture: any) => {
    fixture.ref = 'refs/heads/main'
    fixture.before = baseSha
    fixture.after = headSha
    fixture.repository.default_branch = 'main'
    fixture.head_commit.id = headSha
    fixture.head_commit.message = 'a longer loop (#7)\n\nbody'
    return fixture
  }

  itIfBenchmark(
    'measures the push against its before, records it on the history branch of origin, and a fresh clone reads it without credentials',
    async () => {
      const env = fake.env({
        event: 'push',
        payload: pushPayload,
        inputs: inputs({ mode: 'record' }),
        workspace: repo,
        vars: { RUNNER_TEMP: runnerTemp }
      })
      const r = await spawnAction(env, repo)
      expect({ code: r.code, err: r.stdout.match(/::error::.*/g) }).toEqual({ code: 0, err: null })
      const out = env.outputs()
      expect(out['history-record']).toMatch(
        new RegExp(`^commits/\\d{4}-\\d{2}/.*-${headSha.slice(0, 12)}\\.json\\.gz$`)
      )
      expect(r.stdout).toMatch(
        new RegExp(`recorded ${headSha.slice(0, 12)} \\(2 benchmarks, PR #7\\) in git:benchgate-history`)
      )
      // No comment and no check run: main already has the commit.
      expect(fake.restRequests().filter((q) => q.method !== 'GET')).toEqual([])
      expect(git(origin, 'ls-tree', '-r', '--name-only', 'benchgate-history')).toBe(out['history-record'])

      // A fresh clone (no token, no credentials) reports the history.
      const clone = mkdtempSync(join(tmpdir(), 'benchgate-reader-'))
      try {
        git(clone, 'clone', '-q', origin, '.')
        const report = join(clone, 'report')
        execFileSync(
          'node',
          [
            join(ROOT, 'dist', 'cli.js'),
            'history',
            'report',
            '--store',
            'git:benchgate-history',
            '--out',
            report
          ],
          { cwd: clone, encoding: 'utf8', stdio: 'pipe' }
        )
        const changes = JSON.parse(readFileSync(join(report, 'changes.json'), 'utf8'))
        expect(changes.commits).toBe(1)
        expect(changes.last).toMatchObject({ commit: headSha, pr: 7 })
        expect(changes.series.map((s: { name: string }) => s.name).sort()).toEqual(['BM_Same', 'BM_Spin'])
      } finally {
        rmSync(clone, { recursive: true, force: true })
      }
    },
    180_000
  )

  it('refuses any event but a push to the default branch, saying why', async () => {
    const env = fake.env({
      event: 'pull_request.synchronize',
      inputs: inputs({ mode: 'record' }),
      workspace: repo
    })
    const r = await spawnAction(env, repo)
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::.*mode 'record' runs on 'push' to the default branch/)
    const other = fake.env({
      event: 'push',
      payload: (p: any) => ({ ...pushPayload(p), ref: 'refs/heads/feature' }),
      inputs: inputs({ mode: 'record' }),
      workspace: repo
    })
    const r2 = await spawnAction(other, repo)
    expect(r2.stdout).toMatch(/::error::.*this push is to 'refs\/heads\/feature', not 'refs\/heads\/main'/)
  }, 60_000) // two runs of the built Action: ~1 s each on a quiet machine, several under load
})
