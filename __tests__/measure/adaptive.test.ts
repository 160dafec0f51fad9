/**
 * Adaptive rounds: the exact-name filter (checked as a JS RegExp and by a real Google Benchmark
 * binary, whose filter is POSIX ERE), and the block loop with a fake benchmark binary: top-ups only
 * for unresolved benchmarks with continuing ABBA round numbers, a benchmark that vanishes or crashes
 * in top-up rounds, and the time budget.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SuiteInput } from '../../src/analysis/suite.js'
import {
  adaptiveMaxRounds,
  defaultBlockRounds,
  planRounds,
  runAdaptive,
  type AdaptiveOptions,
  type RunResult
} from '../../src/measure/index.js'
import { readSampleFile } from '../../src/samples/index.js'
import { escapeFilterName, exactNameFilter } from '../../src/samples/nameFilter.js'
import type { Provenance, Sample, SampleIssue, Side } from '../../src/samples/model.js'
import { hasBenchmarkHeader, makeTmp, noBenchmarkReason, recordingLog, rmTmp } from './helpers.js'

const here = dirname(fileURLToPath(import.meta.url))
const FAKE = join(here, 'fixtures', 'fake-gbench.c')

const TRICKY = [
  'BM_X/8/threads:2',
  'BM_X/8',
  'BM_<int>',
  'BM_T<std::vector<int>>',
  'BM_a.b*',
  'BM_f(x)',
  'BM_[y]',
  'BM_{z}',
  'BM_p|q',
  'BM_c^d$e',
  'BM_plus+?',
  'BM_back\\slash',
  'BM_a]b',
  'BM_a}b',
  '-BM_neg',
  'BM_aXb'
]

describe('exactNameFilter', () => {
  it('matches exactly the given names, metacharacters and all (as a JS RegExp)', () => {
    for (const chosen of [
      ['BM_X/8/threads:2', 'BM_<int>'],
      ['BM_a.b*', 'BM_f(x)', 'BM_[y]', 'BM_{z}'],
      ['BM_p|q', 'BM_c^d$e', 'BM_plus+?', 'BM_back\\slash', 'BM_a]b', 'BM_a}b', '-BM_neg'],
      ['BM_X/8']
    ]) {
      const re = new RegExp(exactNameFilter(chosen)!)
      for (const name of TRICKY) expect([name, re.test(name)]).toEqual([name, chosen.includes(name)])
      // no prefix/suffix/partial matches
      for (const name of chosen) {
        expect(re.test(`${name}x`)).toBe(false)
        expect(re.test(`x${name}`)).toBe(false)
      }
    }
    expect(exactNameFilter(['BM_a.b*'])).toBe('^(BM_a\\.b\\*)$')
    expect(escapeFilterName('BM_[y]{z}')).toBe('BM_[[]y][{]z}')
  })

  it('refuses what cannot be passed safely: no names, NUL or line breaks, too long', () => {
    expect(exactNameFilter([])).toBeUndefined()
    expect(exactNameFilter(['a\nb'])).toBeUndefined()
    expect(exactNameFilter(['a\0b'])).toBeUndefined()
    expect(exactNameFilter([''])).toBeUndefined()
    expect(
      exactNameFilter(Array.from({ length: 5000 }, (_, i) => `BM_some_long_benchmark_name_${i}/1024`))
    ).toBeUndefined()
  })

  const itGb = hasBenchmarkHeader ? it : it.skip
  if (!hasBenchmarkHeader) console.warn(noBenchmarkReason)
  itGb('selects exactly those names in a real Google Benchmark binary (POSIX ERE filter)', () => {
    const tmp = makeTmp()
    try {
      const src = join(tmp, 'names.cc')
      const registered = TRICKY.filter(
        (n) => !n.startsWith('BM_X') && n !== 'BM_<int>' && !n.startsWith('BM_T<')
      )
      writeFileSync(
        src,
        [
          '#include <benchmark/benchmark.h>',
          'static void F(benchmark::State& s) { for (auto _ : s) benchmark::DoNotOptimize(s.iterations()); }',
          'static void BM_X(benchmark::State& s) { for (auto _ : s) benchmark::DoNotOptimize(s.range(0)); }',
          'BENCHMARK(BM_X)->Arg(8)->Threads(2);',
          'BENCHMARK(BM_X)->Arg(8);',
          'int main(int argc, char** argv) {',
          ...registered.map((n) => `  benchmark::RegisterBenchmark(${JSON.stringify(n)}, F);`),
          '  benchmark::RegisterBenchmark("BM_<int>", F);',
          '  benchmark::Initialize(&argc, argv);',
          '  benchmark::RunSpecifiedBenchmarks();',
          '}',
          ''
        ].join('\n')
      )
      const bin = join(tmp, 'names')
      const cc = spawnSync('g++', ['-O0', src, '-o', bin, '-lbenchmark', '-lpthread'], { encoding: 'utf8' })
      expect(cc.stderr).toBe('')
      const all = TRICKY.filter((n) => !n.startsWith('BM_T<'))
      const list = (filter: string) => {
        const r = spawnSync(bin, ['--benchmark_list_tests', `--benchmark_filter=${filter}`], {
          encoding: 'utf8'
        })
        expect(r.stderr).toBe('')
        return r.stdout.split('\n').filter(Boolean).sort()
      }
      expect(list('.')).toEqual([...all].sort())
      for (const chosen of [
        ['BM_X/8/threads:2', 'BM_<int>'],
        ['BM_X/8'],
        ['BM_a.b*', 'BM_f(x)', 'BM_[y]', 'BM_{z}', 'BM_p|q'],
        ['BM_c^d$e', 'BM_plus+?', 'BM_back\\slash', 'BM_a]b', 'BM_a}b', '-BM_neg'],
        all
      ]) {
        expect(list(exactNameFilter(chosen)!)).toEqual([...chosen].sort())
      }
    } finally {
      rmTmp(tmp)
    }
  })
})

describe('adaptive defaults', () => {
  it('max rounds default to 3 × the initial rounds; blocks are even, about a third of the rest', () => {
    expect(adaptiveMaxRounds(20, null)).toBe(60)
    expect(adaptiveMaxRounds(20, 10)).toBe(20)
    expect(adaptiveMaxRounds(20, 40)).toBe(40)
    expect(defaultBlockRounds(20, 60)).toBe(14)
    expect(defaultBlockRounds(6, 8)).toBe(2)
  })
  it('top-up plans continue the round numbers and the ABBA order', () => {
    expect(planRounds({ rounds: 3, warmup: 0, firstRound: 5 })).toEqual([
      { round: 5, order: ['head', 'base'] },
      { round: 6, order: ['base', 'head'] },
      { round: 7, order: ['head', 'base'] }
    ])
  })
})

describe('runAdaptive with a fake benchmark binary', () => {
  let tmp: string
  beforeAll(() => {
    tmp = makeTmp()
    // Compiled once: the loops below start it ~250 times (a Node fake cost ~0.1 s of CPU a start).
    const compiled = join(tmp, 'fake-gbench')
    const cc = spawnSync('cc', ['-O1', FAKE, '-o', compiled, '-lm'], { encoding: 'utf8' })
    if (cc.status !== 0) throw new Error(`cc could not compile ${FAKE}:\n${cc.stderr}`)
    for (const side of ['base', 'head'] as const) {
      mkdirSync(join(tmp, 'bin', side), { recursive: true })
      copyFileSync(compiled, join(tmp, 'bin', side, 'bench'))
      spawnSync('chmod', ['+x', join(tmp, 'bin', side, 'bench')])
    }
  })
  afterAll(() => rmTmp(tmp))

  interface Bench {
    name: string
    ns: number
    ratio: number
    sigma: number
    vanishFromRound?: number
    crashFromRound?: number
  }

  function setup(benchmarks: Bench[], over: Partial<AdaptiveOptions> = {}, sleepMs = 0, perBenchmarkMs = 20) {
    const dir = makeTmp('benchgate-adaptive-')
    const config = join(dir, 'config.json')
    const logFile = join(dir, 'filters.log')
    // The fake's config (fixtures/fake-gbench.c): sleeps, then a tab-separated line per benchmark.
    writeFileSync(
      config,
      [
        `${sleepMs} ${perBenchmarkMs}`,
        ...benchmarks.map((b) => {
          if (/[\t\n"\\]/.test(b.name)) throw new Error(`the fake cannot write ${b.name} into its JSON`)
          return [b.name, b.ns, b.ratio, b.sigma, b.vanishFromRound ?? -1, b.crashFromRound ?? -1].join('\t')
        }),
        ''
      ].join('\n')
    )
    const samples: Sample[] = []
    const issues: SampleIssue[] = []
    const provenance: Record<Side, Provenance> = { base: {}, head: {} }
    const log = recordingLog()
    const options: AdaptiveOptions = {
      kind: 'google-benchmark',
      repetitions: 5,
      minTimeSeconds: 0.01,
      sides: {
        base: { binary: join(tmp, 'bin', 'base', 'bench'), cwd: join(tmp, 'bin', 'base') },
        head: { binary: join(tmp, 'bin', 'head', 'bench'), cwd: join(tmp, 'bin', 'head') }
      },
      samplesDir: join(dir, 'samples'),
      env: {
        PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        FAKE_CONFIG: config,
        FAKE_LOG: logFile
      },
      log,
      // 8 rounds before the first look: below R_MIN = 5 runs per side nothing resolves (STATISTICS §3), and
      // 8 runs per side reach the first look's level (α/K) with the exact test.
      initialRounds: 8,
      maxRounds: 16,
      warmup: 1,
      blockRounds: 4,
      analysis: { alpha: 0.05 },
      // These tests drive the loop with benchmarks too noisy to ever resolve; futility would stop
      // them after the first look (tested on its own below).
      futilityPower: 0,
      snapshot: (): SuiteInput => ({ samples, issues, provenance }),
      onRunComplete: (result: RunResult) => {
        if (result.warmup) return
        try {
          const parsed = readSampleFile(result.outFile, {
            side: result.side,
            round: result.round,
            run: result.run
          })
          samples.push(...parsed.samples)
          issues.push(...parsed.issues)
        } catch (e) {
          issues.push({
            benchmark: '',
            side: result.side,
            round: result.round,
            run: result.run,
            kind: 'invalid',
            message: String(e)
          })
        }
        if (!result.ok)
          issues.push({
            benchmark: '',
            side: result.side,
            round: result.round,
            run: result.run,
            kind: 'crashed',
            message: result.outcome
          })
      },
      ...over
    }
    const filters = () =>
      readFileSync(logFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => {
          const [side, round, ...f] = l.split(' ')
          return { side, round: Number(round), filter: f.join(' ') }
        })
    return { options, samples, log, filters, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
  }

  const clear = { name: 'BM_Clear<int>', ns: 1000, ratio: 1.5, sigma: 0.01 }
  const same = { name: 'BM_Same/8/threads:2', ns: 500, ratio: 1, sigma: 0.001 }
  const noisy = { name: 'BM_Noisy.x', ns: 2000, ratio: 1, sigma: 0.3 }

  it('resolves clear benchmarks at the first look and tops up only the unresolved, ABBA continuing', async () => {
    const t = setup([clear, same, noisy])
    try {
      const r = await runAdaptive(t.options)
      const by = Object.fromEntries(r.suite!.comparisons.map((c) => [c.benchmark, c]))
      expect(by['BM_Clear<int>'].verdict).toBe('regression')
      expect(by['BM_Clear<int>'].adaptive).toMatchObject({ rounds: 8, look: 1, stopReason: 'resolved' })
      expect(by['BM_Same/8/threads:2'].verdict).toBe('unchanged')
      expect(by['BM_Same/8/threads:2'].adaptive).toMatchObject({ rounds: 8, stopReason: 'resolved' })
      expect(by['BM_Noisy.x'].verdict).toBe('inconclusive')
      expect(by['BM_Noisy.x'].adaptive).toMatchObject({ rounds: 16, stopReason: 'max-rounds', look: 3 })
      expect(r.summary.looks).toBe(3)
      // top-up processes ran with the exact-name filter of the unresolved benchmark only
      const runs = t.filters().filter((f) => f.round >= 8)
      expect(runs.length).toBe(16)
      for (const f of runs) expect(f.filter).toBe('^(BM_Noisy\\.x)$')
      // round indices keep increasing across blocks, ABBA order alternates, each round has both sides
      const measured = r.rounds.runs.filter((x) => !x.warmup)
      expect(measured.map((x) => x.round)).toEqual([
        0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14,
        15, 15
      ])
      measured.forEach((x, i) => expect(x.side).toBe(['base', 'head', 'head', 'base'][i % 4]))
      expect(r.rounds.completedRounds).toBe(16)
      expect(r.rounds.plannedRounds).toBe(16)
      expect(r.rounds.stoppedEarly).toBeNull()
      // every level used is the look's share of α, divided over the family (Bonferroni, K = 3 with the
      // two benchmarks resolved earlier), and the final look's CI level matches its test
      expect(by['BM_Noisy.x'].confLevel).toBeCloseTo(1 - by['BM_Noisy.x'].adaptive!.testAlpha / 3, 15)
      expect(by['BM_Clear<int>'].confLevel).toBeCloseTo(1 - by['BM_Clear<int>'].adaptive!.testAlpha / 3, 15)
      expect(by['BM_Clear<int>'].adaptive!.testAlpha).toBeLessThan(0.01)
      // The time accounting, from the runs' own durations: these fake processes cost the same whatever
      // they run, so whether top-ups saved time depends on the machine's load (a loaded run had them
      // slower than the first block, used > if-fixed), and only the arithmetic is asserted.
      const seconds = (runs: typeof measured) => runs.reduce((a, x) => a + x.durationMs, 0) / 1000
      const firstBlock = measured.filter((x) => x.round < 8)
      expect(r.summary.benchmarkSecondsUsed).toBeCloseTo(seconds(measured), 9)
      expect(r.summary.benchmarkSecondsIfFixed).toBeCloseTo((seconds(firstBlock) / 8) * 16, 9)
      expect(r.summary.saved).toBeCloseTo(
        Math.min(1, Math.max(0, 1 - r.summary.benchmarkSecondsUsed / r.summary.benchmarkSecondsIfFixed)),
        12
      )
    } finally {
      t.cleanup()
    }
  }, 60_000)

  it('futility (the default) stops a benchmark too noisy to decide by max rounds; the rest are still topped up', async () => {
    // BM_Hopeless: 30% noise, 40 rounds at most: its CI would stay about ±15% wide (δ = 2%).
    const hopeless = { name: 'BM_Hopeless', ns: 2000, ratio: 1, sigma: 0.3 }
    // BM_Slight: +1% at 3% noise: unresolved for a while, decidable (unchanged within ±2%) by 40 rounds.
    const slight = { name: 'BM_Slight', ns: 1000, ratio: 1.01, sigma: 0.03 }
    const t = setup([hopeless, slight], { maxRounds: 40, blockRounds: 4, futilityPower: undefined })
    try {
      const r = await runAdaptive(t.options)
      const by = Object.fromEntries(r.suite!.comparisons.map((c) => [c.benchmark, c]))
      expect(by.BM_Hopeless.verdict).toBe('inconclusive')
      const stoppedAt = by.BM_Hopeless.adaptive!.rounds
      expect(by.BM_Hopeless.adaptive!.stopReason).toBe('futile')
      expect(stoppedAt).toBeLessThan(40)
      expect(by.BM_Hopeless.warnings.map((w) => w.code)).toContain('adaptive-futile')
      expect(r.summary.stopped.futile).toBe(1)
      // once it stopped, only BM_Slight was measured
      const later = t.filters().filter((f) => f.round >= stoppedAt)
      expect(later.length).toBeGreaterThan(0)
      for (const f of later) expect(f.filter).toBe('^(BM_Slight)$')
      expect(by.BM_Slight.adaptive!.rounds).toBeGreaterThan(stoppedAt)
    } finally {
      t.cleanup()
    }
  }, 60_000)

  it('the budget design times only the unsettled, stops the decided and what the budget cannot decide', async () => {
    // BM_Same was settled by the count pass: never timed. BM_Clear is decided at the first look and gets no
    // more rounds; BM_Noisy (30% noise) cannot be decided within 16 rounds: it stops at the first look too
    // (without the budget design it is topped up to 16 rounds: the first test).
    const slight = { name: 'BM_Slight', ns: 1000, ratio: 1.01, sigma: 0.01 }
    const t = setup([clear, same, noisy, slight], {
      budget: { timed: ['BM_Clear<int>', 'BM_Noisy.x', 'BM_Slight'] },
      maxRounds: 24
    })
    try {
      const r = await runAdaptive(t.options)
      const by = Object.fromEntries(r.suite!.comparisons.map((c) => [c.benchmark, c]))
      expect(Object.keys(by).sort()).toEqual(['BM_Clear<int>', 'BM_Noisy.x', 'BM_Slight'])
      for (const f of t.filters()) expect(f.filter).not.toMatch(/BM_Same/)
      expect(by['BM_Clear<int>']).toMatchObject({ verdict: 'regression' })
      expect(by['BM_Clear<int>'].adaptive).toMatchObject({ rounds: 8, look: 1, stopReason: 'resolved' })
      expect(by['BM_Noisy.x'].adaptive).toMatchObject({ rounds: 8, look: 1, stopReason: 'futile' })
      expect(by['BM_Noisy.x'].warnings.map((w) => w.code)).toContain('budget-undecidable')
      // the one the budget can decide is topped up, alone
      expect(by.BM_Slight.adaptive!.rounds).toBeGreaterThan(8)
      for (const f of t.filters().filter((x) => x.round >= 8)) expect(f.filter).toBe('^(BM_Slight)$')
      // the family is the timed benchmarks: the first look's level divided over K = 3
      expect(by['BM_Clear<int>'].confLevel).toBeCloseTo(1 - by['BM_Clear<int>'].adaptive!.testAlpha / 3, 15)
    } finally {
      t.cleanup()
    }
  }, 60_000)

  it('a benchmark that vanishes in top-up rounds is reported and does not stall the loop', async () => {
    const noisy2 = { ...noisy, name: 'BM_Noisy2' }
    const t = setup([clear, { ...noisy, vanishFromRound: 8 }, noisy2])
    try {
      const r = await runAdaptive(t.options)
      const by = Object.fromEntries(r.suite!.comparisons.map((c) => [c.benchmark, c]))
      expect(by['BM_Noisy.x'].adaptive).toMatchObject({ rounds: 8, stopReason: 'no-samples' })
      expect(by['BM_Noisy.x'].warnings.map((w) => w.code)).toContain('adaptive-no-samples')
      expect(by['BM_Noisy2'].adaptive).toMatchObject({ rounds: 16, stopReason: 'max-rounds' })
      // after the look that noticed it, it is no longer asked for
      const late = t.filters().filter((f) => f.round >= 12)
      for (const f of late) expect(f.filter).toBe('^(BM_Noisy2)$')
    } finally {
      t.cleanup()
    }
  }, 60_000)

  it('a head process that crashes in every top-up round ends the loop with the crash reported', async () => {
    const t = setup([clear, { ...noisy, crashFromRound: 8 }])
    try {
      const r = await runAdaptive(t.options)
      const by = Object.fromEntries(r.suite!.comparisons.map((c) => [c.benchmark, c]))
      expect(by['BM_Clear<int>'].verdict).toBe('regression')
      // its verdict rests on the 8 rounds measured before the crashes
      expect(by['BM_Noisy.x'].adaptive).toMatchObject({ rounds: 8, stopReason: 'no-samples' })
      // one top-up block (4 rounds) and then nothing more
      expect(r.rounds.completedRounds).toBe(12)
      expect(r.rounds.runs.filter((x) => !x.ok).length).toBe(4)
      expect(r.suite!.warnings.some((w) => w.code === 'crashed')).toBe(true)
    } finally {
      t.cleanup()
    }
  }, 60_000)

  it('honours the time budget to within one round', async () => {
    const t = setup(
      [noisy, { ...noisy, name: 'BM_Noisy2' }],
      { maxRounds: 200, blockRounds: 4, timeBudgetMs: 5000 },
      50
    )
    try {
      const started = Date.now()
      const r = await runAdaptive(t.options)
      const wall = Date.now() - started
      const roundMs = Math.max(...roundDurations(r.rounds.runs))
      expect(wall).toBeLessThanOrEqual(5000 + roundMs + 500) // + one round, + analysis slack
      expect(r.rounds.stoppedEarly).toBe('time-budget')
      expect(r.rounds.completedRounds).toBeGreaterThan(4)
      expect(r.rounds.completedRounds).toBeLessThan(200)
      // How many rounds fit in 5 s depends on the machine's load, and the fake's noise is fixed per round:
      // at some round counts a look decides a benchmark ('resolved'). Every one still measured when the
      // budget ran out must say so.
      const reasons = r.suite!.comparisons.map((c) => c.adaptive?.stopReason)
      for (const reason of reasons) expect(['time-budget', 'resolved']).toContain(reason)
      expect(reasons).toContain('time-budget')
      // the last look spent the rest of α: its level is above the planned increment
      expect(r.looks[r.looks.length - 1].testAlpha).toBeGreaterThan(0.04)
    } finally {
      t.cleanup()
    }
  }, 60_000)
})

function roundDurations(runs: readonly RunResult[]): number[] {
  const byRound = new Map<number, number>()
  for (const r of runs) if (!r.warmup) byRound.set(r.round, (byRound.get(r.round) ?? 0) + r.durationMs)
  return [...byRound.values()]
}
