/**
 * End to end (its timing verdicts rest on a 20× change, so sharing a core with other suites does not move them):
 * real git repositories, a real build (g++ and Google Benchmark), `benchgate run` through
 * the CLI's main(). Skipped, with the reason printed, only when Google Benchmark is not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import { abortingSuiteSource } from '../helpers/abortingSuite.js'
import { captureIo } from '../helpers/io.js'
import { tempDirs } from '../helpers/tempDirs.js'
import { cachedBuild } from '../helpers/buildCache.js'

const { temp } = tempDirs('benchgate-')

const hasBenchmark = existsSync('/usr/include/benchmark/benchmark.h')
if (!hasBenchmark)
  console.warn('skipping end-to-end run tests: install libbenchmark-dev (apt-get install libbenchmark-dev)')
const describeIf = hasBenchmark ? describe : describe.skip

const SOURCE = (work: number) => `#include <benchmark/benchmark.h>
static void BM_Spin(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < ${work}; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Spin);
`
// Head: the same BM_Spin plus BM_New (head only); the process aborts the 5th time it runs benchmarks
// (head's timing before the base build, warm-up, rounds 1 and 2 complete; round 3 crashes), counted in
// a file in its working directory.
const CRASHY = `#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstdlib>
static bool counted = false;
static void Count() {
  if (counted) return;
  counted = true;
  int n = 0;
  if (FILE* f = std::fopen("crash-counter", "r")) { if (std::fscanf(f, "%d", &n) != 1) n = 0; std::fclose(f); }
  if (FILE* f = std::fopen("crash-counter", "w")) { std::fprintf(f, "%d", n + 1); std::fclose(f); }
  if (n + 1 == 5) std::abort();
}
static void BM_Spin(benchmark::State& s) { Count(); for (auto _ : s) { unsigned x = 0; for (int i = 0; i < 20000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Spin);
static void BM_New(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < 1000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_New);
`
// Base and head both have BM_A, BM_B, BM_C and BM_Z; base also BM_X, head also BM_E (registered
// after BM_C). Head aborts in BM_B every time, so its output always ends after BM_A.
const LISTED = (side: 'base' | 'head') =>
  abortingSuiteSource(['BM_A', 'BM_B', 'BM_C', side === 'head' ? 'BM_E' : 'BM_X', 'BM_Z'], side === 'head')
// BM_Spin as at base, and BM_Avx that cannot run on this machine (as a real library's AVX-512 suite).
const AVX =
  SOURCE(2000) +
  `static void BM_Avx(benchmark::State& s) { s.SkipWithError("CPU does not support avx512"); for (auto _ : s) {} }
BENCHMARK(BM_Avx);
`
// Six benchmarks (K = 6); `work` sets the loop of the first, so base and head build different programs.
const SIX = (work: number) => `#include <benchmark/benchmark.h>
static void BM_Six(benchmark::State& s) { const int n = s.range(0) == 1 ? ${work} : 500 * static_cast<int>(s.range(0));
  for (auto _ : s) { unsigned x = 0; for (int i = 0; i < n; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Six)->DenseRange(1, 6);
`
// Each distinct program compiled once per test run (buildCache.ts).
const BUILD = cachedBuild(
  'g++ -O2 bench.cc -o bench -lbenchmark -lbenchmark_main -lpthread',
  'bench.cc',
  'bench'
)

const capture = captureIo

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8' })
}

describeIf('benchgate run (end to end)', () => {
  let repo: string
  beforeAll(() => {
    repo = temp('benchgate-e2e-')
    git(repo, 'init', '-q', '-b', 'main')
    git(repo, 'config', 'user.email', 'test@example.com')
    git(repo, 'config', 'user.name', 'test')
    writeFileSync(join(repo, 'bench.cc'), SOURCE(2000))
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'base')
    git(repo, 'tag', 'base')
    git(repo, 'checkout', '-qb', 'aa')
    writeFileSync(join(repo, 'README'), 'docs only\n')
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'A/A: no code change')
    git(repo, 'checkout', '-q', 'main')
    writeFileSync(join(repo, 'bench.cc'), SOURCE(40000))
    git(repo, 'commit', '-qam', 'twenty times the work')
    git(repo, 'checkout', '-qb', 'crashy', 'base')
    writeFileSync(join(repo, 'bench.cc'), CRASHY)
    git(repo, 'commit', '-qam', 'head crashes in round 3 and adds BM_New')
    git(repo, 'checkout', '-q', 'main')
    git(repo, 'checkout', '-qb', 'listed-base', 'base')
    writeFileSync(join(repo, 'bench.cc'), LISTED('base'))
    git(repo, 'commit', '-qam', 'five benchmarks')
    git(repo, 'checkout', '-qb', 'listed-head')
    writeFileSync(join(repo, 'bench.cc'), LISTED('head'))
    git(repo, 'commit', '-qam', 'BM_B aborts, BM_X removed, BM_E added')
    git(repo, 'checkout', '-q', 'main')
    git(repo, 'checkout', '-qb', 'avx', 'base')
    writeFileSync(join(repo, 'bench.cc'), AVX)
    git(repo, 'commit', '-qam', 'BM_Avx: SkipWithError on CPUs without AVX-512')
    git(repo, 'checkout', '-q', 'main')
    git(repo, 'checkout', '-qb', 'six-base', 'base')
    writeFileSync(join(repo, 'bench.cc'), SIX(1000))
    git(repo, 'commit', '-qam', 'six benchmarks')
    git(repo, 'checkout', '-qb', 'six-head')
    writeFileSync(join(repo, 'bench.cc'), SIX(1001))
    git(repo, 'commit', '-qam', 'six benchmarks, one loop longer')
    git(repo, 'checkout', '-q', 'main')
    git(repo, 'checkout', '-qb', 'broken')
    writeFileSync(join(repo, 'bench.cc'), 'this is not C++\n')
    git(repo, 'commit', '-qam', 'broken build')
    git(repo, 'checkout', '-q', 'main')
  })
  afterAll(() => rmSync(repo, { recursive: true, force: true }))

  /** `benchgate run` on the test repository; `extra` flags come last and win. */
  const args = (head: string, out: string, ...extra: string[]) => [
    ...['run', '--repo', repo, '--base', 'base', '--head', head, '--build', BUILD, '--binary', 'bench'],
    // the timing rounds under test: not the default's count pass and budget (docs/budget.md)
    ...['--measure', 'time', '--no-budget'],
    ...[
      // Whole-suite processes unless a test says otherwise (the --interleave benchmark tests below).
      '--interleave',
      'suite',
      '--rounds',
      '12',
      // One short repetition a process: what is asserted rests on rounds (runs per side), not on
      // repetitions or their length, which only multiplied the benchmark processes' CPU. The tests that
      // assert a decided timing verdict (of a 20× change) ask for 0.01 s.
      '--repetitions',
      '1',
      '--min-time',
      '0.002',
      '--out',
      out,
      '--format',
      'json',
      ...extra
    ]
  ]

  it('fails the gate on a clear slowdown of a plain Google Benchmark binary: exit 1, regression', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const code = await main(args('main', out, '--rounds', '10', '--min-time', '0.01'), io)
    expect(io.err).toMatch(/benchgate: fail: 1 regression/)
    expect(code).toBe(1)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    const spin = results.benchmarks.find((b: { name: string }) => b.name === 'BM_Spin')
    expect(spin.verdict).toBe('regression')
    // Twenty times the work: unmistakable even through this VM's seconds-long phases at half speed
    // (a 2x change was missed 2 runs in 4, issue 33). The calibrated case, with its CI containing
    // the true ratio, is benchRunner.test.ts.
    expect(spin.ratio.estimate).toBeGreaterThan(8)
    expect(spin.ratio.ci[0]).toBeGreaterThan(5)
    expect(spin.runs).toEqual({ base: 10, head: 10 })
    expect(JSON.parse(io.out).format).toBe('benchgate-results')
  }, 120_000)

  it('--interleave benchmark: per-benchmark processes, the signed-rank test of the pairs, the slowdown found', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const code = await main(
      args(
        'main',
        out,
        '--rounds',
        '8',
        '--min-time',
        '0.01',
        '--interleave',
        'benchmark',
        '--format',
        'text'
      ),
      io
    )
    expect(code).toBe(1)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    const spin = results.benchmarks.find((b: { name: string }) => b.name === 'BM_Spin')
    expect(spin.verdict).toBe('regression')
    expect(spin.test).toBe('signed-rank')
    expect(spin.pairs).toEqual({ used: 8, incomplete: 0 })
    // 8 pairs all head-slower: p = 2/2⁸ = 0.0078, the smallest the exact test has (n_min at α = 0.01).
    expect(spin.p_value).toBeCloseTo(2 / 256, 10)
    expect(spin.ratio.ci[0]).toBeGreaterThan(5)
    expect(results.options.interleave).toBe('benchmark')
    expect(readdirSync(join(out, 'samples')).filter((f) => f.endsWith('.json'))).toContain(
      'head-r007-b0000.json'
    )
    expect(io.out).toMatch(/per-benchmark pairs, signed-rank test/)
    // compare: `auto` reads the design from benchgate's per-benchmark file names; `suite` overrides it.
    const samples = join(out, 'samples')
    for (const [flags, test] of [
      [[], 'signed-rank'],
      [['--interleave', 'suite'], 'rank-sum']
    ] as const) {
      const again = capture()
      await main(
        ['compare', samples, samples, '--format', 'json', '--out', join(out, 'again'), ...flags],
        again
      )
      expect(JSON.parse(again.out).benchmarks[0].test).toBe(test)
    }
  }, 120_000)

  it('--interleave benchmark: a benchmark that aborts costs only itself; one-side benchmarks run on their side', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const argv = args('listed-head', out, '--base', 'listed-base', '--rounds', '5', '--repetitions', '1')
    await main([...argv, '--interleave', 'benchmark', '--filter', '^BM_[ABCEX]$'], io)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    const byName = Object.fromEntries(results.benchmarks.map((b: { name: string }) => [b.name, b]))
    // Whole-suite processes lose BM_C and BM_E with BM_B's abort (the test above); here they are measured.
    expect(byName.BM_B.verdict).toBe('failed')
    expect(byName.BM_C.test).toBe('signed-rank')
    expect(byName.BM_E.verdict).toBe('new')
    expect(byName.BM_X.verdict).toBe('removed')
    // K = 4 at α = 0.01: 2/2ⁿ ≤ 0.0025 needs 10 pairs, so the 5 rounds asked for were raised before measuring.
    expect(io.err).toMatch(/raising --rounds from 5 to 10/)
    expect(byName.BM_C.pairs).toEqual({ used: 10, incomplete: 0 })
  }, 120_000)

  it('a docs-only change builds the same binary: said so, no rounds run, exit 0', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const code = await main(args('aa', out), io)
    expect(code).toBe(0)
    expect(io.err).toMatch(
      /base and head built the same program \(byte-identical binaries\): nothing to measure/
    )
    expect(io.err).not.toMatch(/warm-up|round 1\//)
    expect(readdirSync(join(out, 'samples'))).toEqual([])
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    expect(results.benchmarks).toEqual([])
    expect(results.warnings.map((w: { code: string }) => w.code)).toContain('identical-program')
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toMatch(
      /^### benchgate: base and head built the same program: nothing to measure/m
    )
  }, 120_000)

  it('--measure-identical measures an A/A pair (identical code) anyway: exit 0', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const code = await main(args('aa', out, '--measure-identical', '--rounds', '6'), io)
    expect(io.err).toMatch(/benchgate: (pass|undecided)/)
    expect(code).toBe(0)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    expect(results.benchmarks.map((b: { runs: unknown }) => b.runs)).toEqual([{ base: 6, head: 6 }])
  }, 120_000)

  it('names what a head cut short in every run lost, from its benchmark list under the filter: failed, never new or removed', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    // The filter (POSIX ERE, applied by the binaries themselves) leaves BM_Z out of the run and the lists.
    const argv = args('listed-head', out, '--base', 'listed-base', '--rounds', '5', '--repetitions', '1')
    const code = await main([...argv, '--filter', '^BM_[ABCEX]$'], io)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    const verdicts = Object.fromEntries(
      results.benchmarks.map((b: { name: string; verdict: string }) => [b.name, b.verdict])
    )
    // BM_C and BM_E were listed by head but its output always ended in BM_B; BM_X is not in head's list.
    expect(verdicts).toEqual({
      BM_A: expect.stringMatching(/^(unchanged|inconclusive|regression|improvement)$/),
      BM_B: 'failed',
      BM_C: 'failed',
      BM_E: 'failed',
      BM_X: 'removed'
    })
    const lost = results.benchmarks.find((b: { name: string }) => b.name === 'BM_E')
    expect(JSON.stringify(lost.warnings)).toMatch(/missing on head \(output truncated\)/)
    expect(code).toBe(1)
  }, 120_000)

  it('a benchmark that errors the same way on both sides cannot run here: skipped, listed once, the gate passes', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const argv = args(
      'avx',
      out,
      '--base',
      'avx',
      '--measure-identical',
      '--rounds',
      '5',
      '--repetitions',
      '1'
    )
    const code = await main([...argv, '--filter', '^BM_Avx$'], io)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    expect(results.benchmarks.map((b: { name: string; verdict: string }) => [b.name, b.verdict])).toEqual([
      ['BM_Avx', 'skipped']
    ])
    expect(results.counts.skipped).toBe(1)
    const summary = readFileSync(join(out, 'summary.md'), 'utf8')
    expect(summary).toMatch(/1 skipped on this machine/)
    expect(summary.split('skipped on this machine: CPU does not support avx512')).toHaveLength(2)
    expect(io.err).toMatch(/benchgate: pass/)
    expect(code).toBe(0)
  }, 120_000)

  it('the same error only at head is a failure: exit 1', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const code = await main(
      args('avx', out, '--rounds', '5', '--repetitions', '1', '--filter', '^BM_Avx$'),
      io
    )
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    expect(results.benchmarks.map((b: { name: string; verdict: string }) => [b.name, b.verdict])).toEqual([
      ['BM_Avx', 'failed']
    ])
    expect(code).toBe(1)
  }, 120_000)

  it("a filter that matches nothing stops after the head build: exit 2, the binary's own words, names it has", async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const code = await main(args('main', out, '--filter', '^BM_Spni$'), io)
    expect(code).toBe(2)
    expect(io.err).toMatch(
      /--filter "\^BM_Spni\$" matches none of head's 1 benchmark\(s\); the binary said: Failed to match any benchmarks/
    )
    expect(io.err).toMatch(/Benchmarks here: BM_Spin/)
    expect(existsSync(join(out, 'build-head.log'))).toBe(true)
    expect(existsSync(join(out, 'build-base.log'))).toBe(false) // the base was never built
  }, 120_000)

  it('a wrong --binary is found after the head build, before the base is built', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const argv = args('main', out).map((a) => (a === 'bench' ? 'build/bench' : a))
    expect(await main(argv, io)).toBe(3)
    expect(io.err).toMatch(/build\/bench/)
    expect(existsSync(join(out, 'build-base.log'))).toBe(false)
  }, 120_000)

  it('6 benchmarks at --rounds 3 (α = 0.01): told before the base is built that 7 runs per side are needed, and measures 7', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const argv = args(
      'six-head',
      out,
      '--base',
      'six-base',
      '--rounds',
      '3',
      '--repetitions',
      '1',
      '--min-time',
      '0.01'
    )
    await main(argv, io)
    const said = io.err.indexOf('no benchmark can be decided with fewer than 7 runs per side')
    expect(said).toBeGreaterThanOrEqual(0)
    expect(io.err).toContain('raising --rounds from 3 to 7')
    expect(said).toBeLessThan(io.err.indexOf('base build succeeded')) // before the base was built
    // The run line: K and n_min of the test in force, before the base build (and so the first round).
    const line = io.err.indexOf(
      'K = 6 benchmarks at α = 0.01 (bonferroni: each test at 0.0017): whole-suite rounds, rank-sum test; n_min = 7 runs per side'
    )
    expect(line).toBeGreaterThanOrEqual(0)
    expect(line).toBeLessThan(io.err.indexOf('base build succeeded'))
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    expect(results.run.rounds).toBe(7)
    for (const b of results.benchmarks) expect(b.runs).toEqual({ base: 7, head: 7 })
    expect(results.warnings.map((w: { code: string }) => w.code)).toContain('rounds-raised')
    expect(results.run.reproduce).toContain('--rounds 7')
  }, 120_000)

  it('a time budget too short for n_min is said before the base is built, and the report says first that nothing could be decided', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    // Head's timing (6 benchmarks × 3 repetitions of ≥ 0.02 s a side) shows rounds of ≥ 0.72 s: after the
    // warm-up round, none fits 1 s. Three repetitions kept here: with one, this run's first warning was no
    // longer budget-before-n-min.
    const argv = args('six-head', out, '--base', 'six-base', '--min-time', '0.02', '--repetitions', '3')
    argv.push('--time-budget', '1')
    await main([...argv, '--interleave', 'auto'], io)
    const said = io.err.search(
      /the 1 s time budget allows ≈ 0 rounds .* per-benchmark pairs, signed-rank test needs 11 pairs to decide anything at K = 6: as planned, no benchmark can be decided by timing/
    )
    expect(said).toBeGreaterThanOrEqual(0)
    expect(said).toBeLessThan(io.err.indexOf('base build succeeded'))
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    const codes = results.warnings.map((w: { code: string }) => w.code)
    expect(codes).toContain('budget-short')
    expect(codes[0]).toBe('budget-before-n-min')
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toMatch(
      /^### benchgate: ❔ the time budget ended before the test could decide anything · 6 undecided/m
    )
    expect(io.err).not.toMatch(/too noisy/)
  }, 120_000)

  it('fails with exit 3 and the build log tail when head does not build', async () => {
    const io = capture()
    const code = await main(args('broken', temp('benchgate-out-')), io)
    expect(code).toBe(3)
    expect(io.err).toMatch(/the head build failed/)
    expect(io.err).toMatch(/this is not C\+\+|error/)
  }, 120_000)

  it('a base that does not build is undecided, not a pass: head benchmarks under --filter listed as new, exit 0 (3 with --fail-on-base-build-failure)', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const argv = args(
      'six-head',
      out,
      '--base',
      'broken',
      '--no-merge-base',
      '--rounds',
      '2',
      '--filter',
      '^BM_Six/[12]$'
    )
    expect(await main(argv, io)).toBe(0)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    // Only what --filter matched (2 of head's 6), each new: there is nothing to compare them with.
    expect(results.benchmarks.map((b: { name: string; verdict: string }) => [b.name, b.verdict])).toEqual([
      ['BM_Six/1', 'new'],
      ['BM_Six/2', 'new']
    ])
    expect(results.warnings.map((w: { code: string }) => w.code)).toContain('no-baseline')
    // One line, its build log tail joined: no literal "\u000A" in the warning.
    expect(results.warnings.find((w: { code: string }) => w.code === 'no-baseline').message).not.toMatch(/\n/)
    expect(io.err).toMatch(
      /benchgate: undecided: the base build failed, so nothing was compared \(2 benchmarks at head\)/
    )
    expect(io.err).not.toMatch(/benchgate: pass/)
    expect(readdirSync(out)).toContain('report.md')
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(
      /undecided: the base did not build, nothing was compared/
    )
    const strict = capture()
    expect(await main([...argv, '--fail-on-base-build-failure'], strict)).toBe(3)
    expect(strict.err).toMatch(/the base build failed/)
    // Uncommitted changes are not measured: said in results.json and the report, not only on stderr.
    const bench = join(repo, 'bench.cc')
    const committed = readFileSync(bench, 'utf8')
    writeFileSync(bench, committed + '// an edit not committed\n')
    try {
      const dirtyOut = temp('benchgate-out-')
      await main(
        args('six-head', dirtyOut, '--base', 'broken', '--no-merge-base', '--rounds', '2'),
        capture()
      )
      const warned = JSON.parse(readFileSync(join(dirtyOut, 'results.json'), 'utf8')).warnings
      expect(warned.map((w: { code: string }) => w.code)).toContain('dirty-tree')
      expect(readFileSync(join(dirtyOut, 'report.md'), 'utf8')).toMatch(
        /uncommitted changes: they are not measured/
      )
    } finally {
      writeFileSync(bench, committed)
    }
  }, 120_000)

  it('keeps and analyses the samples of a head that crashes in round 3, reports the crash, and marks a head-only benchmark new', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const code = await main(args('crashy', out, '--rounds', '6'), io)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    const byName = Object.fromEntries(results.benchmarks.map((b: { name: string }) => [b.name, b]))
    expect(byName.BM_New.verdict).toBe('new')
    // Head lost exactly one of its 6 runs (round 3); the other 5 are analysed.
    expect(byName.BM_Spin.runs).toEqual({ base: 6, head: 5 })
    expect(byName.BM_Spin.p_value).not.toBeNull()
    const crash = byName.BM_Spin.issues
      .concat(results.warnings)
      .map((w: { message: string }) => w.message)
      .join('\n')
    expect(io.err + crash).toMatch(/round 3 (was killed by SIGABRT|exited)/)
    expect([0, 1]).toContain(code)
  }, 120_000)

  it('rejects an unknown ref with exit 2', async () => {
    const io = capture()
    const code = await main(
      ['run', '--repo', repo, '--base', 'no-such-branch', '--build', BUILD, '--binary', 'bench'],
      io
    )
    expect(code).toBe(2)
    expect(io.err).toMatch(/no-such-branch/)
  })
})

describe('benchgate compare (CLI)', () => {
  const fixtures = '__tests__/fixtures/gbench/v1.7.1'
  it('compares two real Google Benchmark files and writes every report', async () => {
    const out = temp('benchgate-out-')
    const io = capture()
    const file = readdirSync(fixtures)
      .filter((f) => f.endsWith('.json'))
      .sort()[0]
    const code = await main(['compare', join(fixtures, file), join(fixtures, file), '--out', out], io)
    expect([0, 1]).toContain(code)
    for (const f of ['results.json', 'report.md', 'summary.md', 'report.txt'])
      expect(existsSync(join(out, f))).toBe(true)
    expect(io.out).toMatch(/^benchgate: /)
    // One process per side decides nothing, and the last line says so (STATISTICS §3, §10).
    expect(io.err.trim().split('\n').pop()).toMatch(/^benchgate: undecided: nothing could be decided/)
    expect(code).toBe(0)
  })

  it.each([
    [['compare', 'only-one'], 2, /expected BASE and HEAD/],
    [['compare', 'a', 'b', '--alpha', '2'], 2, /--alpha: '2' is not valid/],
    [['compare', '/nonexistent/a', '/nonexistent/b'], 2, /does not exist/],
    [['frobnicate'], 2, /unknown command 'frobnicate'/],
    [['compare', '--bogus', 'a', 'b'], 2, /Unknown option '--bogus'/],
    [['run', '--roudns', '3'], 2, /unknown option '--roudns'\. Did you mean '--rounds'\?/],
    [['compre', 'a', 'b'], 2, /unknown command 'compre'\. Did you mean 'compare'\?/],
    [['compare', 'a', 'b', '--correction', 'hlom'], 2, /expected one of .*\. Did you mean 'holm'\?/]
  ])('%j exits %i with a clear message', async (argv, expected, message) => {
    const io = capture()
    expect(await main(argv as string[], io)).toBe(expected)
    expect(io.err).toMatch(message)
  })

  it('prints help and the version', async () => {
    const io = capture()
    expect(await main(['--version'], io)).toBe(0)
    expect(await main(['run', '--help'], io)).toBe(0)
    expect(io.out).toMatch(/Usage: benchgate run/)
  })
})
