/**
 * End to end, `benchgate run --adaptive` with a real Google Benchmark binary built by g++ in two git
 * worktrees: the doubled benchmark is resolved at the first look; whatever is left is topped up with
 * the exact-name filter (rounds 8–15 contain only it); every benchmark reports its rounds and stop
 * reason. ~20 s. Skipped, with the reason printed, when Google Benchmark is not installed.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import type { Io } from '../../src/commands/io.js'
import { tempRepo } from '../helpers/repo.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const hasBenchmark = existsSync('/usr/include/benchmark/benchmark.h')
if (!hasBenchmark) console.warn('skipping the adaptive end-to-end test: install libbenchmark-dev')
const itIf = hasBenchmark ? it : it.skip

const SOURCE = (work: number) => `#include <benchmark/benchmark.h>
static void Spin(benchmark::State& s, int n) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < n; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
static void BM_Spin(benchmark::State& s) { Spin(s, ${work}); }
BENCHMARK(BM_Spin);
static void BM_Same(benchmark::State& s) { Spin(s, 3000); }
BENCHMARK(BM_Same)->Arg(8);
`

let repo: string
beforeAll(() => {
  if (!hasBenchmark) return
  const r = tempRepo('benchgate-adaptive-e2e-')
  repo = r.dir
  // Twenty times the work: resolved at the first look however this VM's speed phases fall (issue 33).
  r.commitFiles({ 'bench.cc': SOURCE(2000) }, 'base')
  r.commitFiles({ 'bench.cc': SOURCE(40000) }, 'twenty times the work in BM_Spin')
})
afterAll(() => {
  if (repo) rmSync(repo, { recursive: true, force: true })
})

itIf(
  'resolves the clear regression at the first look and tops up only the rest, with a real filter',
  async () => {
    const out = temp('benchgate-out-')
    let err = ''
    const io: Io = { stdout: () => {}, stderr: (t) => void (err += t), colour: false, isTTY: false }
    const code = await main(
      [
        'run',
        // --adaptive as it is on its own: timing only, without the default's count pass and budget (docs/budget.md)
        ...['--measure', 'time', '--no-budget'],
        '--repo',
        repo,
        '--base',
        'HEAD~1',
        '--build',
        'g++ -O2 bench.cc -o bench -lbenchmark -lbenchmark_main -lpthread',
        '--binary',
        'bench',
        '--adaptive',
        // Top-ups of whole-suite processes with one exact-name filter (per-benchmark: __tests__/measure).
        '--interleave',
        'suite',
        '--rounds',
        '8',
        '--max-rounds',
        '16',
        '--alpha',
        '0.05',
        // One short repetition a process: the looks count runs (processes), not repetitions.
        '--repetitions',
        '1',
        '--min-time',
        '0.01',
        '--out',
        out,
        '--format',
        'json'
      ],
      io
    )
    expect(code).toBe(1)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    const by = Object.fromEntries(results.benchmarks.map((b: { name: string }) => [b.name, b]))
    expect(by.BM_Spin.verdict).toBe('regression')
    expect(by.BM_Spin.adaptive).toMatchObject({ rounds: 8, look: 1, stop_reason: 'resolved' })
    // BM_Same/8 (unchanged code) stops at whichever look decides it: resolved (unchanged), futile, or max rounds.
    const same = by['BM_Same/8']
    const looks: Record<number, number> = { 8: 1, 12: 2, 16: 3 }
    expect(Object.keys(looks).map(Number)).toContain(same.adaptive.rounds)
    expect(['resolved', 'futile', 'max-rounds']).toContain(same.adaptive.stop_reason)
    expect(results.run.adaptive.maxRounds).toBe(16)
    expect(results.run.adaptive.looks).toBe(looks[same.adaptive.rounds])
    if (same.adaptive.rounds > 8) {
      // top-up processes ran BM_Same/8 only: Google Benchmark accepted the exact-name filter
      const topUp = readdirSync(join(out, 'samples')).filter(
        (f) => Number(/-r(\d+)\.json$/.exec(f)?.[1]) >= 8
      )
      expect(topUp).toHaveLength(2 * (same.adaptive.rounds - 8))
      for (const f of topUp) {
        const names = JSON.parse(readFileSync(join(out, 'samples', f), 'utf8')).benchmarks.map(
          (b: { run_name: string }) => b.run_name
        )
        expect(new Set(names)).toEqual(new Set(['BM_Same/8']))
      }
      expect(err).toMatch(/Top-up: rounds 9–12 for 1 unresolved benchmark/)
    }
    expect(results.run.reproduce).toMatch(/--adaptive --no-budget --max-rounds 16/)
  },
  60_000
)
