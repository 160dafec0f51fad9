/**
 * Simulation proof of adaptive rounds (docs/adaptive.md, docs/VALIDATION.md "Adaptive rounds"):
 * the validation study's noise model (validation/src/model/noiseModel.ts), benchgate's own round plan,
 * and the product's sequential analysis (src/analysis/adaptiveLooks.ts, src/stats/groupSequential.ts) —
 * nothing re-implemented here.
 *
 *   npm run validate -- adaptive [--quick] [--aa N] [--power N] [--alpha A] [--seed S] [--truncate N]
 *                                [--noise shared|quiet|memory-bound|phases] [--process-sigma S]
 *                                [--futility-power P]
 *   npm run validate -- adaptive --replay OUT/samples [--initial N]   (a fixed run's samples)
 *
 * 1. A/A: N replications of a 10-benchmark suite with no change; the suite-wide false-alarm rate
 *    (any benchmark significant: regression, improvement or negligible) of the adaptive design, with a
 *    Clopper-Pearson 95% interval and the 97.5% binomial upper limit for a true rate of α.
 * 2. Power: a suite with 4 unchanged, 3 at +2% and 3 at +5% benchmarks; the share of changed
 *    benchmarks called "regression" by the adaptive design and by the fixed design of the same
 *    maximum length, and the benchmark time each used.
 * Every adaptive replication is run twice on the same seed, with and without futility stopping
 * (src/analysis/adaptiveLooks.ts), so the cost and the saving of futility are paired comparisons.
 *
 * Bootstrap resamples are set to 100: they only feed the power *advice*, never a verdict.
 */
import { SequentialAnalysis } from '../../../src/analysis/adaptiveLooks.js'
import { analyzeSuite } from '../../../src/analysis/suite.js'
import type { AnalysisOptions, SuiteResult } from '../../../src/analysis/types.js'
import { DEFAULT_ANALYSIS_OPTIONS } from '../../../src/analysis/types.js'
import { adaptiveMaxRounds, defaultBlockRounds } from '../../../src/measure/adaptive.js'
import type { Sample } from '../../../src/samples/model.js'
import { spendingTable, plannedLooks } from '../../../src/stats/groupSequential.js'
import betainc from '@stdlib/math-base-special-betainc'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { OWN_FILE_NAME, readSampleFile } from '../../../src/samples/index.js'
import { clopperPearson } from '../model/binomial.js'
import {
  createSession,
  NOISE_PRESETS,
  simulateAbba,
  type NoiseModel,
  type SimBenchmark
} from '../model/noiseModel.js'

interface Design {
  initialRounds: number
  maxRounds: number
  blockRounds: number
  repetitions: number
  minTimeSeconds: number
  noise: NoiseModel
  options: AnalysisOptions
  /** Futility stopping below this conditional power; 0: never. */
  futilityPower: number
}

const SIGNIFICANT = new Set(['regression', 'improvement', 'negligible'])

/** Base latencies of the simulated suite: 1 µs … 2 ms, like a typical Google Benchmark suite. */
const LATENCIES = [1e3, 3e3, 1e4, 3e4, 1e5, 3e5, 1e6, 2e6, 5e3, 5e4]

function suite(ratios: number[]): SimBenchmark[] {
  return ratios.map((ratio, i) => ({ name: `BM_Sim/${i}`, lambdaNs: LATENCIES[i % LATENCIES.length], ratio }))
}

/** One adaptive run on a fresh simulated machine: initial block, looks, top-ups of the unresolved. */
export function simulateAdaptive(
  d: Design,
  benchmarks: readonly SimBenchmark[],
  seed: number,
  stopAt = Infinity
): { suite: SuiteResult; benchmarkRounds: number; looks: number } {
  const session = createSession(d.noise, seed)
  const common = { repetitions: d.repetitions, minTimeSeconds: d.minTimeSeconds }
  const samples: Sample[] = simulateAbba(session, {
    ...common,
    benchmarks,
    rounds: d.initialRounds,
    warmupRounds: 1
  })
  const seq = new SequentialAnalysis(d.options, d.maxRounds, { futilityPower: d.futilityPower })
  let done = d.initialRounds
  let looks = 0
  for (;;) {
    // stopAt: the time budget ends the run after this many rounds (the final look spends the rest of α)
    const final = done >= d.maxRounds || done >= stopAt
    const look = seq.look({ samples }, { rounds: done, final })
    looks++
    if (final || look.active.length === 0) break
    const active = new Set(look.active)
    const rounds = Math.min(d.blockRounds, d.maxRounds - done)
    samples.push(
      ...simulateAbba(session, {
        ...common,
        benchmarks: benchmarks.filter((b) => active.has(b.name)),
        rounds,
        warmupRounds: 0,
        firstRound: done
      })
    )
    done += rounds
  }
  const result = seq.result()
  const benchmarkRounds = result.comparisons.reduce((a, c) => a + (c.adaptive?.rounds ?? 0), 0)
  return { suite: result, benchmarkRounds, looks }
}

/** The fixed design of the maximum length: every benchmark gets maxRounds, one analysis at α. */
export function simulateFixed(
  d: Design,
  benchmarks: readonly SimBenchmark[],
  seed: number,
  rounds = d.maxRounds
): SuiteResult {
  const session = createSession(d.noise, seed)
  const samples = simulateAbba(session, {
    benchmarks,
    rounds,
    warmupRounds: 1,
    repetitions: d.repetitions,
    minTimeSeconds: d.minTimeSeconds
  })
  return analyzeSuite({ samples }, d.options)
}

/** Smallest k with P(Binomial(n, p) ≤ k) ≥ q. */
function binomialQuantile(q: number, n: number, p: number): number {
  for (let k = 0; k < n; k++) {
    // P(X ≤ k) = I_{1−p}(n − k, k + 1)
    if (betainc(1 - p, n - k, k + 1) >= q) return k
  }
  return n
}

function pct(x: number, digits = 1): string {
  return `${(100 * x).toFixed(digits)}%`
}

/**
 * Replays a fixed run's samples (`<out>/samples` of `benchgate run --rounds M`) through the product's
 * sequential analysis: looks after the same blocks an adaptive run would use, each benchmark's later
 * rounds ignored once it is resolved. Same data, so the verdicts are directly comparable with the
 * fixed analysis of all M rounds; benchmark time is weighted by each benchmark's measured seconds.
 */
export function replay(
  samplesDir: string,
  initialRounds: number,
  options: Partial<AnalysisOptions> = {}
): string[] {
  const samples: Sample[] = []
  for (const f of readdirSync(samplesDir).sort()) {
    const m = OWN_FILE_NAME.exec(f)
    if (!m) continue
    const round = Number(m[2])
    const parsed = readSampleFile(join(samplesDir, f), { side: m[1] as 'base' | 'head', round, run: round })
    samples.push(...parsed.samples)
  }
  const maxRounds = Math.max(...samples.map((s) => s.round)) + 1
  const block = defaultBlockRounds(initialRounds, maxRounds)
  const looks = plannedLooks(initialRounds, maxRounds, block)
  const opts = { ...DEFAULT_ANALYSIS_OPTIONS, ...options }
  const fixed = analyzeSuite({ samples }, opts)
  const seq = new SequentialAnalysis(opts, maxRounds)
  for (const [k, rounds] of looks.entries()) {
    seq.look({ samples: samples.filter((s) => s.round < rounds) }, { rounds, final: k === looks.length - 1 })
    if (seq.activeBenchmarks()?.length === 0) break
  }
  const adaptive = seq.result()
  const seconds = (name: string, below: number) =>
    samples
      .filter((s) => s.benchmark === name && s.round < below)
      .reduce((a, s) => a + (s.iterations * s.realTimeNs) / 1e9, 0)
  let used = 0
  let all = 0
  const lines = [`replay of ${samplesDir}: ${maxRounds} rounds, looks at ${looks.join(', ')}`]
  let agree = 0
  for (const c of adaptive.comparisons) {
    const f = fixed.comparisons.find((x) => x.benchmark === c.benchmark)!
    const r = c.adaptive?.rounds ?? maxRounds
    used += seconds(c.benchmark, r)
    all += seconds(c.benchmark, maxRounds)
    if (f.verdict === c.verdict) agree++
    const ci = (x: typeof c) =>
      x.ratio ? `${fmtRatio(x.ratio.estimate)} [${fmtRatio(x.ratio.ci[0])}, ${fmtRatio(x.ratio.ci[1])}]` : '–'
    lines.push(
      `  ${c.benchmark}: fixed ${f.verdict} ${ci(f)} | adaptive ${c.verdict} ${ci(c)} after ${r} rounds (${c.adaptive?.stopReason})`
    )
  }
  lines.push(
    `  verdicts agree for ${agree}/${adaptive.comparisons.length}; benchmark seconds (iterations × time) adaptive ${used.toFixed(1)} of ${all.toFixed(1)} = ${pct(used / all)}`
  )
  return lines
}

function fmtRatio(r: number): string {
  const v = (r - 1) * 100
  return `${v >= 0 ? '+' : ''}${v.toFixed(1)}%`
}

export interface AdaptiveOptions {
  /** A/A replications. */
  aa: number
  /** Power replications; 0: only the A/A part. */
  power: number
  alpha: number
  seed: number
  /** Rounds after which a time budget ends the run; Infinity: none. */
  truncate: number
  noise: keyof typeof NOISE_PRESETS
  processSigma: number | null
  futilityPower: number
  /** A fixed run's samples directory to replay instead of simulating (with `initial` initial rounds). */
  replay: string | null
  initial: number
}

type Say = (line: string) => void

/** The shipped adaptive design (20 initial rounds, the product's maximum and blocks) under `args`' noise. */
function designOf(args: AdaptiveOptions): Design {
  const initialRounds = 20
  const maxRounds = adaptiveMaxRounds(initialRounds, null)
  return {
    initialRounds,
    maxRounds,
    blockRounds: defaultBlockRounds(initialRounds, maxRounds),
    repetitions: 3,
    minTimeSeconds: 0.05,
    noise:
      args.processSigma === null
        ? NOISE_PRESETS[args.noise]
        : { ...NOISE_PRESETS[args.noise], processSigma: args.processSigma },
    options: { ...DEFAULT_ANALYSIS_OPTIONS, alpha: args.alpha },
    futilityPower: args.futilityPower
  }
}

/**
 * The simulation (A/A, then power unless `power` is 0), or the replay of a fixed run's samples.
 * Returns the report's lines; `log` hears them as they are made, and the progress between them.
 */
export function runAdaptiveStudy(args: AdaptiveOptions, log: Say): string[] {
  if (args.replay !== null) return replay(args.replay, args.initial)
  const d = designOf(args)
  const table = spendingTable(
    plannedLooks(d.initialRounds, d.maxRounds, d.blockRounds),
    d.maxRounds,
    args.alpha
  )
  const out: string[] = []
  const say: Say = (s) => {
    out.push(s)
    log(s)
  }
  say(
    `design: ${d.initialRounds} initial rounds, blocks of ${d.blockRounds}, max ${d.maxRounds}; ${d.repetitions} repetitions × ${d.minTimeSeconds} s; α = ${args.alpha} (Holm), δ = ${pct(d.options.minEffect, 0)}; noise ${args.noise}${args.processSigma === null ? '' : `, processSigma ${args.processSigma}`}; futility below conditional power ${args.futilityPower}`
  )
  if (Number.isFinite(args.truncate))
    say(
      `time budget simulated: the run ends after ${args.truncate} rounds (final look there, spending the rest of α)`
    )
  say(`looks (rounds: level): ${table.map((r) => `${r.rounds}: ${r.level.toPrecision(2)}`).join(', ')}`)
  const started = Date.now()
  aaStudy(d, args, say, (s) => log(`${s} (${((Date.now() - started) / 1000).toFixed(0)} s)`))
  if (args.power <= 0) return out
  powerStudy(d, args, say)
  say(`(${((Date.now() - started) / 1000).toFixed(0)} s)`)
  return out
}

/** 1. A/A: suite-wide false alarms and benchmark time, adaptive (with and without futility) and fixed. */
function aaStudy(d: Design, args: AdaptiveOptions, say: Say, progress: Say): void {
  const noFutility: Design = { ...d, futilityPower: 0 }
  const aaSuite = suite(new Array(10).fill(1))
  let alarms = 0
  let gateAlarms = 0
  let fixedAlarms = 0
  let roundsUsed = 0
  let alarms0 = 0
  let roundsUsed0 = 0
  let futileStops = 0
  for (let r = 0; r < args.aa; r++) {
    const a = simulateAdaptive(d, aaSuite, args.seed + r, args.truncate)
    if (a.suite.comparisons.some((c) => SIGNIFICANT.has(c.verdict))) alarms++
    if (a.suite.comparisons.some((c) => c.verdict === 'regression' || c.verdict === 'improvement'))
      gateAlarms++
    roundsUsed += a.benchmarkRounds
    futileStops += a.suite.comparisons.filter((c) => c.adaptive?.stopReason === 'futile').length
    const a0 = simulateAdaptive(noFutility, aaSuite, args.seed + r, args.truncate)
    if (a0.suite.comparisons.some((c) => SIGNIFICANT.has(c.verdict))) alarms0++
    roundsUsed0 += a0.benchmarkRounds
    const f = simulateFixed(d, aaSuite, args.seed + 10_000_000 + r, Math.min(d.maxRounds, args.truncate))
    if (f.comparisons.some((c) => SIGNIFICANT.has(c.verdict))) fixedAlarms++
    if ((r + 1) % 100 === 0)
      progress(`  A/A ${r + 1}/${args.aa}: ${alarms} adaptive, ${fixedAlarms} fixed alarms`)
  }
  const ci = clopperPearson(alarms, args.aa)
  const fci = clopperPearson(fixedAlarms, args.aa)
  const limit = binomialQuantile(0.975, args.aa, args.alpha)
  say(
    `A/A, ${args.aa} replications × 10 benchmarks: suite-wide false alarms (any significant) adaptive ${alarms}/${args.aa} = ${pct(ci.rate, 2)} ` +
      `[95% CI ${pct(ci.lower, 2)}, ${pct(ci.upper, 2)}] (binomial 97.5% limit at α: ${limit}); of which regression/improvement: ${gateAlarms}; ` +
      `fixed ${Math.min(d.maxRounds, args.truncate)} rounds: ${fixedAlarms}/${args.aa} = ${pct(fci.rate, 2)} [${pct(fci.lower, 2)}, ${pct(fci.upper, 2)}]`
  )
  say(`A/A benchmark time: adaptive ${pct(roundsUsed / (args.aa * 10 * d.maxRounds))} of the fixed design's`)
  say(
    `A/A without futility (same seeds): false alarms ${alarms0}/${args.aa}, benchmark time ${pct(roundsUsed0 / (args.aa * 10 * d.maxRounds))} of fixed; ` +
      `with futility ${futileStops} of ${args.aa * 10} benchmarks stopped as futile`
  )
}

/**
 * 2. Power: a suite with 4 unchanged, 3 at +2% and 3 at +5% benchmarks; regressions found and time
 * used by the adaptive design (with and without futility) and the fixed design of its maximum length.
 */
function powerStudy(d: Design, args: AdaptiveOptions, say: Say): void {
  const noFutility: Design = { ...d, futilityPower: 0 }
  const ratios = [1, 1, 1, 1, 1.02, 1.02, 1.02, 1.05, 1.05, 1.05]
  const pSuite = suite(ratios)
  const hits = {
    adaptive: { 1.02: 0, 1.05: 0 },
    noFutility: { 1.02: 0, 1.05: 0 },
    fixed: { 1.02: 0, 1.05: 0 }
  } as Record<string, Record<number, number>>
  // detected: significantly slower (regression, or "negligible" when the estimate fell below δ)
  const detected = {
    adaptive: { 1.02: 0, 1.05: 0 },
    noFutility: { 1.02: 0, 1.05: 0 },
    fixed: { 1.02: 0, 1.05: 0 }
  } as Record<string, Record<number, number>>
  const nullAlarms = { adaptive: 0, noFutility: 0, fixed: 0 }
  let pRounds = 0
  let pRounds0 = 0
  const roundsByRatio: Record<number, number> = { 1: 0, 1.02: 0, 1.05: 0 }
  for (let r = 0; r < args.power; r++) {
    const a = simulateAdaptive(d, pSuite, args.seed + 50_000_000 + r)
    const a0 = simulateAdaptive(noFutility, pSuite, args.seed + 50_000_000 + r)
    const f = simulateFixed(d, pSuite, args.seed + 60_000_000 + r)
    pRounds += a.benchmarkRounds
    pRounds0 += a0.benchmarkRounds
    for (const [design, s] of [
      ['adaptive', a.suite],
      ['noFutility', a0.suite],
      ['fixed', f]
    ] as const) {
      s.comparisons.forEach((c) => {
        const ratio = pSuite.find((b) => b.name === c.benchmark)!.ratio
        if (ratio === 1) {
          if (SIGNIFICANT.has(c.verdict)) nullAlarms[design]++
        } else {
          if (c.verdict === 'regression') hits[design][ratio]++
          if (SIGNIFICANT.has(c.verdict) && (c.ratio?.estimate ?? 1) > 1) detected[design][ratio]++
        }
        if (design === 'adaptive') roundsByRatio[ratio] += c.adaptive?.rounds ?? 0
      })
    }
  }
  const n = args.power * 3
  for (const ratio of [1.02, 1.05]) {
    const ca = clopperPearson(hits.adaptive[ratio], n)
    const cf = clopperPearson(hits.fixed[ratio], n)
    say(
      `power at +${pct(ratio - 1, 0)} (${n} benchmark-replications): adaptive ${pct(ca.rate)} [${pct(ca.lower)}, ${pct(ca.upper)}], ` +
        `fixed ${d.maxRounds} rounds ${pct(cf.rate)} [${pct(cf.lower)}, ${pct(cf.upper)}]; ` +
        `significantly slower (regression or negligible): adaptive ${pct(detected.adaptive[ratio] / n)}, fixed ${pct(detected.fixed[ratio] / n)}; ` +
        `adaptive mean rounds ${(roundsByRatio[ratio] / n).toFixed(1)}; ` +
        `without futility (same seeds): regression ${pct(hits.noFutility[ratio] / n)}, significantly slower ${pct(detected.noFutility[ratio] / n)}`
    )
  }
  say(
    `power suite: unchanged benchmarks called significant: adaptive ${nullAlarms.adaptive}/${args.power * 4}, fixed ${nullAlarms.fixed}/${args.power * 4}; ` +
      `mean rounds of unchanged ${(roundsByRatio[1] / (args.power * 4)).toFixed(1)}; benchmark time adaptive ${pct(pRounds / (args.power * 10 * d.maxRounds))} of fixed`
  )
  say(
    `power suite without futility: unchanged called significant ${nullAlarms.noFutility}/${args.power * 4}; benchmark time ${pct(pRounds0 / (args.power * 10 * d.maxRounds))} of fixed`
  )
}
