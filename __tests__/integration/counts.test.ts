/**
 * Count mode end to end (issue 15, STATISTICS §9): real git repositories, real builds, real valgrind
 * (CI installs it), `benchgate run --measure counts|both` through the CLI's main(). Skipped, with the
 * reason printed, only when Google Benchmark or valgrind is not installed.
 */
import { beforeAll, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import { compareCounts } from '../../src/analysis/counts.js'
import { measureCounts } from '../../src/counts/measureCounts.js'
import { describeError } from '../../src/errors.js'
import type { Log } from '../../src/log.js'
import { abortingSuiteSource } from '../helpers/abortingSuite.js'
import { captureIo } from '../helpers/io.js'
import { describeIfCounting } from '../helpers/countTools.js'
import { tempRepo } from '../helpers/repo.js'
import { tempDirs } from '../helpers/tempDirs.js'
import { cachedBuild } from '../helpers/buildCache.js'

const { track } = tempDirs('benchgate-counts-')

const describeIf = describeIfCounting('count-mode tests')

/**
 * BM_Work: `work` additions per iteration (the change under test) after a setup that is not counted;
 * BM_Fixed: the same on both sides; BM_Clock: as many loop turns as the clock's nanoseconds say (not
 * deterministic); BM_Threads: two threads; BM_Error: skips with an error in every repetition.
 */
const SOURCE = (work: number) => `#include <benchmark/benchmark.h>
#include <chrono>
#include <vector>
static void Add(benchmark::State& s, int n) {
  std::vector<unsigned> setup(50000, 1);  // setup outside the timed loop: not counted
  benchmark::DoNotOptimize(setup.data());
  for (auto _ : s) { unsigned x = 0; for (int i = 0; i < n; ++i) { x += i; benchmark::DoNotOptimize(x); } }
}
static void BM_Work(benchmark::State& s) { Add(s, ${work}); }
BENCHMARK(BM_Work);
static void BM_Fixed(benchmark::State& s) { Add(s, 20000); }
BENCHMARK(BM_Fixed);
static void BM_Clock(benchmark::State& s) {
  for (auto _ : s) {
    auto n = std::chrono::steady_clock::now().time_since_epoch().count() % 5000 + 5000;
    unsigned x = 0; for (long i = 0; i < n; ++i) { x += i; benchmark::DoNotOptimize(x); }
  }
}
BENCHMARK(BM_Clock);
static void BM_Threads(benchmark::State& s) { Add(s, 1000); }
BENCHMARK(BM_Threads)->Threads(2);
static void BM_Error(benchmark::State& s) { s.SkipWithError("no input"); for (auto _ : s) {} }
BENCHMARK(BM_Error);
`
/**
 * A synthetic timing source (STATISTICS §10): sleeping longer changes the wall time tens of times over and
 * no instruction (the sleep call is the same code with another constant); spinning changes both.
 * UseRealTime, so the metric is real time.
 */
const WAIT = (spin: number, sleepUs: number) => `#include <benchmark/benchmark.h>
#include <chrono>
#include <thread>
static void BM_Wait(benchmark::State& s) {
  for (auto _ : s) {
    unsigned x = 0; for (int i = 0; i < ${spin}; ++i) { x += i; benchmark::DoNotOptimize(x); }
    std::this_thread::sleep_for(std::chrono::microseconds(${sleepUs}));
  }
}
BENCHMARK(BM_Wait)->UseRealTime();
`
const QUIET: Log = { info: () => {}, warn: () => {}, debug: () => {}, group: (_, f) => f() }

// Each distinct program compiled once per test run (buildCache.ts).
const BUILD = cachedBuild(
  'g++ -O2 bench.cc -o bench -lbenchmark -lbenchmark_main -lpthread',
  'bench.cc',
  'bench'
)

interface BenchmarkJson {
  name: string
  verdict: string
  counts?: {
    verdict: string
    reason: string | null
    instructions: { base: number | null; head: number | null; change: number | null; noise: number | null }
    cycles: { change: number | null }
  }
  timing_only?: boolean
}

async function run(repo: string, base: string, head: string, out: string, extra: string[]) {
  const io = captureIo()
  const code = await main(
    [
      'run',
      '--repo',
      repo,
      '--base',
      base,
      '--head',
      head,
      '--no-merge-base',
      '--build',
      BUILD,
      '--binary',
      'bench',
      '--out',
      out,
      ...extra
    ],
    io
  )
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
    benchmarks: BenchmarkJson[]
    count_mode?: { measure: string; method: { valgrind_version: string; iteration_flags: string[] } }
  }
  const byName = new Map(results.benchmarks.map((b) => [b.name, b]))
  return { code, io, results, byName }
}

describeIf('count mode (real valgrind)', () => {
  let repo: string
  beforeAll(() => {
    const r = tempRepo('benchgate-counts-')
    track(r.dir)
    repo = r.dir
    r.commitFiles({ 'bench.cc': SOURCE(100_000) }, 'base')
    r.git('tag', 'base')
    r.commitFiles({ 'bench.cc': SOURCE(103_000) }, '3% more work in BM_Work')
    r.git('tag', 'head')
    for (const [tag, spin, us] of [
      ['wait-base', 20_000, 100],
      ['wait-longer', 20_000, 5000],
      ['wait-fewer', 2_000, 5000]
    ] as const) {
      r.git('checkout', '-q', 'base')
      r.commitFiles({ 'bench.cc': WAIT(spin, us) }, tag)
      r.git('tag', tag)
    }
  })

  // One count run of base against head, asserted by the next three tests: the A/A test's second run
  // of base (the same command twice before it), and the two after it.
  let plusThree: ReturnType<typeof run> | undefined
  const baseAgainstHead = () =>
    (plusThree ??= run(repo, 'base', 'head', join(repo, 'out-3pc'), ['--measure', 'counts']))

  it('A/A: identical counts (0.000%) for every deterministic benchmark, run after run', async () => {
    const only = ['--measure', 'counts', '--filter', '^BM_(Work|Fixed|Clock)$']
    // --measure-identical: base against itself would otherwise be "nothing to measure" (identical binaries).
    const a = await run(repo, 'base', 'base', join(repo, 'out-aa1'), [...only, '--measure-identical'])
    // run after run: base's binary counted again by another run (of base against head)
    const b = await baseAgainstHead()
    expect(a.code).toBe(0)
    for (const name of ['BM_Work', 'BM_Fixed']) {
      const x = a.byName.get(name)!.counts!
      expect(x.verdict).toBe('unchanged')
      expect(x.instructions.change).toBe(0)
      expect(x.instructions.noise).toBe(0)
      // …and the same count in the second run: a pure function of binary and input
      expect(b.byName.get(name)!.counts!.instructions.base).toBe(x.instructions.base)
    }
    expect(a.io.out).toContain('0.000%')
  }, 300_000)

  it('a +3% work change is +3.0% ± 0.1% instructions, a regression that fails the gate; setup is not counted', async () => {
    const r = await baseAgainstHead()
    expect(r.code).toBe(1)
    const work = r.byName.get('BM_Work')!
    expect(work.verdict).toBe('regression')
    expect(work.counts!.instructions.change!).toBeGreaterThan(0.029)
    expect(work.counts!.instructions.change!).toBeLessThan(0.031)
    // the timed loop alone: ≈ 100,000 additions (a few instructions each), not the 50,000-element setup
    const perIteration = work.counts!.instructions.base!
    expect(perIteration).toBeGreaterThan(100_000)
    expect(perIteration).toBeLessThan(1_000_000)
    expect(r.byName.get('BM_Fixed')!.counts!.instructions.change).toBe(0)
    expect(r.byName.get('BM_Fixed')!.verdict).toBe('unchanged')
    expect(r.results.count_mode?.method.valgrind_version).toMatch(/^valgrind-3\./)
    expect(r.results.count_mode?.method.iteration_flags.join(' ')).toMatch(/--benchmark_min_time=/)
    const report = readFileSync(join(repo, 'out-3pc', 'report.md'), 'utf8')
    expect(report).toMatch(/BM&#95;Work<\/code> \| [\d,.]+ [MG]? ?\| [\d,.]+ [MG]? ?\| \*\*\+3\.0\d\d%\*\*/)
  }, 300_000)

  it('says why a count is not usable: time-dependent, multi-threaded, errored', async () => {
    const r = await baseAgainstHead()
    const clock = r.byName.get('BM_Clock')!
    expect(clock.verdict).toBe('inconclusive')
    expect(clock.counts!.reason).toBe('not-deterministic')
    const threads = r.byName.get('BM_Threads/threads:2')!
    expect(threads.verdict).toBe('inconclusive')
    expect(threads.counts!.reason).toBe('multi-threaded')
    // errored in every repetition: failed, as in timing (the gate fails on it)
    expect(r.byName.get('BM_Error')!.verdict).toBe('failed')
    expect(r.byName.get('BM_Error')!.counts!.reason).toBe('failed')
    expect(r.io.out).toMatch(/BM_Clock.*undecided (\S+)\n[\s\S]*\n\1 the base's two counts differ/)
  }, 300_000)

  // One --measure both run of base against head (the budget is on by default), asserted by the next two
  // tests: they ran the same command twice before, once with the default --min-time.
  let withBudget: ReturnType<typeof run> | undefined
  const bothWithBudget = () =>
    (withBudget ??= run(repo, 'base', 'head', join(repo, 'out-budget'), [
      ...['--measure', 'both', '--budget', '--rounds', '6', '--repetitions', '1', '--min-time', '0.01'],
      ...['--filter', '^BM_(Work|Fixed)$']
    ]))

  it('--measure both: timing beside counts, one report', async () => {
    const r = await bothWithBudget()
    expect(r.results.count_mode?.measure).toBe('both')
    const work = r.byName.get('BM_Work')!
    expect(work.counts!.verdict).toBe('regression')
    // +3% instructions is a regression whatever the timing decided: by both, or by counts alone (§10)
    expect(work.verdict).toBe('regression')
    expect(r.code).toBe(1)
    expect(readFileSync(join(repo, 'out-budget', 'report.md'), 'utf8')).toContain(
      '| Instructions | Verdict |'
    )
  }, 300_000)

  it('--budget: only the benchmark whose code path moved is timed; the flat one is settled by counts', async () => {
    const out = join(repo, 'out-budget')
    const r = await bothWithBudget()
    const work = r.byName.get('BM_Work')! as BenchmarkJson & { adaptive?: { rounds: number } }
    const fixed = r.byName.get('BM_Fixed')! as BenchmarkJson & {
      warnings: { code: string }[]
      ratio: unknown
    }
    expect(work.verdict).toBe('regression')
    expect(work.adaptive!.rounds).toBeGreaterThanOrEqual(6)
    // not timed: no timing interval, no timing sample file names it, the count verdict stands with its note
    expect(fixed).toMatchObject({ verdict: 'unchanged', ratio: null })
    expect(fixed.warnings.map((w) => w.code)).toContain('settled-by-counts')
    const timed = readdirSync(join(out, 'samples'))
      .filter((f) => /^(base|head)-[rw]\d+(-b\d+)?\.json$/.test(f))
      .map((f) => readFileSync(join(out, 'samples', f), 'utf8'))
    expect(timed.length).toBeGreaterThan(0)
    for (const t of timed) expect(t).not.toContain('BM_Fixed')
    expect(r.code).toBe(1)
  }, 300_000)

  // 12 rounds and a 5 ms sleep against 0.1 ms: with 8 rounds and 2 ms, one base process slowed by the
  // machine's load (a 0.1 ms sleep can wake late by milliseconds) left the timing undecided (8 pairs
  // decide only when all 8 agree); 12 pairs decide through a discordant one or two.
  const both = ['--measure', 'both', '--rounds', '12', '--repetitions', '1', '--min-time', '0.02']

  it('--measure both: ten times the wall time with the same instructions is timing-only, not failing (§10)', async () => {
    const r = await run(repo, 'wait-base', 'wait-longer', join(repo, 'out-layout'), [...both, '--no-budget']) // the budget times no flat path (docs/budget.md)
    const wait = r.byName.get('BM_Wait/real_time')!
    expect(wait.counts!.instructions.change).toBe(0)
    expect(wait).toMatchObject({ verdict: 'timing-only', timing_verdict: 'regression', timing_only: true })
    expect(r.code).toBe(0)
    expect(readFileSync(join(repo, 'out-layout', 'summary.md'), 'utf8')).toMatch(
      /^### benchgate: ⏱ 1 timing-only \(same instructions\)/m
    )
  }, 300_000)

  it('--measure both: slower in time with fewer instructions is a regression, flagged as a disagreement (§10)', async () => {
    const r = await run(repo, 'wait-base', 'wait-fewer', join(repo, 'out-disagree'), both)
    const wait = r.byName.get('BM_Wait/real_time')!
    expect(wait.counts!.instructions.change).toBeLessThan(-0.5)
    expect(wait).toMatchObject({ verdict: 'regression', counts_disagree: true })
    expect(r.code).toBe(1)
    expect(readFileSync(join(repo, 'out-disagree', 'summary.md'), 'utf8')).toMatch(
      /time and instructions disagree: time \+\d+(\.\d+)?%, instructions −/
    )
    // issue 30: a sleep is no simulated event either, and the where line says so
    expect(readFileSync(join(repo, 'out-disagree', 'summary.md'), 'utf8')).toMatch(
      /where: not explained by simulated events \(instructions −[\d.]+%, estimated cycles −[\d.]+%; callgrind does not model latency or instruction-level parallelism\)/
    )
  }, 300_000)

  it('a head pass that aborts names every benchmark it lists and never reported, even one no side counted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-count-lost-'))
    try {
      const bench = (side: 'base' | 'head') => {
        const bin = join(dir, side)
        const names = side === 'head' ? ['BM_A', 'BM_B', 'BM_C', 'BM_E'] : ['BM_A', 'BM_B', 'BM_C']
        execFileSync(
          'g++',
          ['-O2', '-x', 'c++', '-', '-o', bin, '-lbenchmark', '-lbenchmark_main', '-lpthread'],
          {
            input: abortingSuiteSource(names, side === 'head')
          }
        )
        return bin
      }
      // The lists the pipeline takes under the filter (listedUnder): what each side was due to report.
      const m = await measureCounts({
        sides: {
          base: { binary: bench('base'), cwd: dir, benchmarks: ['BM_A', 'BM_B', 'BM_C'] },
          head: { binary: bench('head'), cwd: dir, benchmarks: ['BM_A', 'BM_B', 'BM_C', 'BM_E'] }
        },
        env: process.env,
        filter: '^BM_[ABCE]$',
        dir,
        timeoutMs: 120_000,
        log: QUIET
      })
      const lost = m.issues
        .filter((i) => i.side === 'head' && /ended early/.test(i.message))
        .map((i) => i.benchmark)
      expect(lost.sort()).toEqual(['BM_B', 'BM_C', 'BM_E'])
      const verdicts = Object.fromEntries([...compareCounts(m)].map(([name, c]) => [name, c.verdict]))
      expect(verdicts).toEqual({ BM_A: 'unchanged', BM_B: 'failed', BM_C: 'failed', BM_E: 'failed' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)

  it('without valgrind: a clear error naming the package, exit 3', async () => {
    const bin = join(repo, 'bench-for-missing-valgrind')
    execFileSync(
      'g++',
      ['-O2', '-x', 'c++', '-', '-o', bin, '-lbenchmark', '-lbenchmark_main', '-lpthread'],
      {
        input: SOURCE(1000)
      }
    )
    const side = { binary: bin, cwd: repo, benchmarks: ['BM_Work'] }
    const e = await measureCounts({
      sides: { base: side, head: side },
      env: process.env,
      dir: join(repo, 'out-novg'),
      timeoutMs: 60_000,
      log: QUIET,
      valgrind: join(repo, 'no-such-valgrind')
    }).catch((x: unknown) => x)
    const { code, message } = describeError(e)
    expect(code).toBe(3)
    expect(message).toMatch(/count mode needs valgrind[\s\S]*apt-get install valgrind/)
  }, 300_000)
})
