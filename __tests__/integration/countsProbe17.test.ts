/**
 * Count mode on Google Benchmark 1.7.1 (issue 27, item 4): a binary with its own main() that calls
 * Initialize but not ReportUnrecognizedArguments only warns about `--benchmark_min_time=1x` and
 * exits 0, then runs every benchmark for the default minimum time. The probe must not take `1x` as
 * accepted from an exit code: it runs one benchmark and reads one iteration, else uses 1 ns.
 * Needs Debian's libbenchmark-dev (1.7.1) and valgrind; skipped, saying which, without them.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixedIterationFlags, measureCounts } from '../../src/counts/measureCounts.js'
import { silentLog } from '../helpers/silentLog.js'

const hasGbench17 = existsSync('/usr/include/benchmark/benchmark.h')
const hasValgrind = spawnSync('valgrind', ['--version']).status === 0
if (!hasGbench17 || !hasValgrind)
  console.warn(
    `skipping the Google Benchmark 1.7 count-mode probe test: ${!hasGbench17 ? 'apt-get install libbenchmark-dev' : 'apt-get install valgrind'}`
  )
const describeIf = hasGbench17 && hasValgrind ? describe : describe.skip

const BENCHMARKS = `#include <benchmark/benchmark.h>
static void BM_Sum(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < 20000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Sum);
static void BM_Twice(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < 40000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Twice);
`
/** A library's own main: a bad flag value only warns (no ReportUnrecognizedArguments). */
const OWN_MAIN = `int main(int argc, char** argv) { benchmark::Initialize(&argc, argv); benchmark::RunSpecifiedBenchmarks(); benchmark::Shutdown(); return 0; }\n`

describeIf('count mode on Google Benchmark 1.7.1 with its own main()', () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-gb17-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  // Each binary compiled once, by the first test that needs it (the first two tests share the own-main one).
  const built = new Map<string, string>()
  const build = (name: string, main: string) => {
    const out = join(dir, name)
    if (built.get(name) === main) return out
    execFileSync('g++', ['-O2', '-x', 'c++', '-', '-o', out, '-lbenchmark', '-lpthread'], {
      input: BENCHMARKS + main
    })
    built.set(name, main)
    return out
  }
  const side = (binary: string) => ({ binary, cwd: dir, benchmarks: ['BM_Sum', 'BM_Twice'] })

  it('the binary itself exits 0 on 1x with a warning (the trap), so only a run can tell', () => {
    const own = build('own', OWN_MAIN)
    const r = spawnSync(own, ['--benchmark_min_time=1x', '--benchmark_list_tests=true'], { encoding: 'utf8' })
    expect(r.status).toBe(0)
    expect(r.stderr).toMatch(/1x/)
  })

  it('probes 1 ns, not 1x, and the count pass runs exactly one iteration per benchmark', async () => {
    const own = build('own', OWN_MAIN)
    expect(await fixedIterationFlags({ base: side(own), head: side(own) }, process.env)).toEqual([
      '--benchmark_min_time=0.000000001'
    ])
    const m = await measureCounts({
      sides: { base: side(own), head: side(own) },
      env: process.env,
      dir,
      timeoutMs: 120_000,
      log: silentLog
    })
    expect(m.method.iterationFlags).toEqual(['--benchmark_min_time=0.000000001'])
    expect(m.issues).toEqual([])
    expect(m.samples.length).toBeGreaterThan(0)
    expect(new Set(m.samples.map((s) => s.iterations))).toEqual(new Set([1]))
  }, 180_000)

  it('BENCHMARK_MAIN on 1.7.1 refuses 1x outright: 1 ns too', async () => {
    const std = build('std', 'BENCHMARK_MAIN();\n')
    expect(await fixedIterationFlags({ base: side(std), head: side(std) }, process.env)).toEqual([
      '--benchmark_min_time=0.000000001'
    ])
  }, 60_000)
})
