/**
 * Count mode on Google Benchmark 1.9.1 (issue 15): the ≥ 1.8 path, `--benchmark_min_time=1x`, which
 * also overrides a MinTime() set in code, on a statically linked binary. Google Benchmark 1.9.1 is
 * built by `node scripts/gbench19.mjs` (CI runs it; Debian 12 packages only 1.7.1); without that
 * build, or without valgrind, the test is skipped and says why. Issue 30: the change is attributed
 * to the function that holds the loop.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { countSuite } from '../../src/analysis/countSuite.js'
import { compareCounts } from '../../src/analysis/counts.js'
import { measureCounts } from '../../src/counts/measureCounts.js'
import { silentLog } from '../helpers/silentLog.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const prefix = join(process.cwd(), '.cache/gbench-1.9.1/install')
const hasGbench19 = existsSync(join(prefix, 'include/benchmark/benchmark.h'))
const hasValgrind = spawnSync('valgrind', ['--version']).status === 0
if (!hasGbench19 || !hasValgrind)
  console.warn(
    `skipping the Google Benchmark 1.9 count-mode test: ${!hasGbench19 ? 'run node scripts/gbench19.mjs to build 1.9.1 into .cache/' : 'install valgrind'}`
  )
const describeIf = hasGbench19 && hasValgrind ? describe : describe.skip

const SOURCE = (work: number) => `#include <benchmark/benchmark.h>
static void Add(benchmark::State& s, int n) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < n; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
static void BM_Work(benchmark::State& s) { Add(s, ${work}); }
BENCHMARK(BM_Work);
static void BM_Sized(benchmark::State& s) { Add(s, 5000); }
BENCHMARK(BM_Sized)->MinTime(0.05);
BENCHMARK_MAIN();
`

describeIf('count mode on Google Benchmark 1.9.1 (static library)', () => {
  it('fixes one iteration with --benchmark_min_time=1x, even over MinTime() in code, and sees +3% work as +3.0%', async () => {
    const dir = temp('benchgate-gb19-')
    const build = (name: string, work: number) => {
      const out = join(dir, name)
      execFileSync(
        'g++',
        [
          '-O2',
          '-x',
          'c++',
          '-',
          '-I',
          join(prefix, 'include'),
          '-o',
          out,
          '-x',
          'none',
          join(prefix, 'lib/libbenchmark.a'),
          '-lpthread'
        ],
        {
          input: SOURCE(work)
        }
      )
      return out
    }
    const side = (binary: string) => ({
      binary,
      cwd: dir,
      benchmarks: ['BM_Work', 'BM_Sized/min_time:0.050']
    })
    const m = await measureCounts({
      sides: { base: side(build('base', 10_000)), head: side(build('head', 10_300)) },
      env: process.env,
      dir,
      timeoutMs: 300_000,
      log: silentLog
    })
    expect(m.method.iterationFlags).toEqual(['--benchmark_min_time=1x'])
    expect(m.issues).toEqual([])
    expect(new Set(m.samples.map((s) => s.iterations))).toEqual(new Set([1]))
    const c = compareCounts(m)
    expect(c.get('BM_Work')!.verdict).toBe('regression')
    expect(c.get('BM_Work')!.instructions.change!).toBeGreaterThan(0.029)
    expect(c.get('BM_Work')!.instructions.change!).toBeLessThan(0.031)
    expect(c.get('BM_Sized/min_time:0.050')!.instructions).toMatchObject({ change: 0, noise: 0 })
    // issue 30: the +3% is attributed to the function that holds the loop (Add, or BM_Work with Add inlined)
    const suite = countSuite(m, { metric: 'instructions', threshold: 0.01 })
    const a = suite.comparisons.find((x) => x.benchmark === 'BM_Work')!.attribution!
    expect(a.functions[0].name).toMatch(/^(Add|BM_Work)\(/)
    expect(a.functions[0].share / c.get('BM_Work')!.instructions.change!).toBeGreaterThanOrEqual(0.9)
  }, 300_000)
})
