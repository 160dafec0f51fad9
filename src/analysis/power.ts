/**
 * Power, sample size and actionable advice for one comparison (docs/statistics.md §4), at the level the
 * verdict actually used: σ̂ is the χ² upper bound of the sd of the ln values the test used, n_req is
 * `ceil(1.15·n_t)` floored at the fewest values the exact test needs, and "more rounds" is advised only
 * when it is at most twice the rounds already run (and fits the time budget); otherwise "too noisy".
 */
import { sdUpperBound } from '../stats/sdBound.js'
import { minimumDetectableEffect, powerWarnings } from '../stats/sampleSize.js'
import type { Side } from '../samples/model.js'
import { blup, dersimonianLaird, type RandomEffects } from '../stats/randomEffects.js'
import {
  adviceSd,
  pairedReading,
  roundsToDecide,
  sdFloorOf,
  standardError,
  suiteSdFloor,
  type DecisionModel
} from './decisionAdvice.js'
import { minTestRuns, type Pairs } from './rankTests.js'
import { MAX_RESAMPLED_PAIRS, type ResampleInput } from './resampledRounds.js'
import { R_MIN } from './unitOfAnalysis.js'
import type {
  Advice,
  AnalysisOptions,
  Comparison,
  InconclusiveReason,
  Interval,
  LevelReason,
  PowerFigures,
  SideAnalysis,
  Warning
} from './types.js'

/** More rounds are advised only up to this multiple of the rounds already run (§4). */
export const MAX_ADVISED_ROUND_FACTOR = 2

/**
 * The §4 figures for values `analysed` (ln taken here), tested at `alpha`.
 * One round adds one run per side at the run level; at the repetition level it adds k values worth k/deff.
 */
export function powerFigures(
  analysed: Record<Side, number[]>,
  sides: Record<Side, SideAnalysis>,
  runLevel: boolean,
  alpha: number,
  opts: AnalysisOptions,
  warnings: Warning[],
  pairs: Pairs | null = null
): PowerFigures {
  // Paired (§13): the log-ratios' spread over √2 is the per-side σ with which the two-sample formulas
  // give the paired test's figures (Var of a mean difference 2σ²/n = σ_d²/n), on n − 1 degrees of freedom.
  const bound = pairs
    ? sdUpperBound([pairs.head.map((h, i) => Math.log(h / pairs.base[i]) / Math.SQRT2)])
    : sdUpperBound([analysed.base.map(Math.log), analysed.head.map(Math.log)])
  const sdLog = bound.upper
  const nEff = pairs ? pairs.base.length : Math.min(sides.base.nEff, sides.head.nEff)
  const effectivePerRound = runLevel ? 1 : Math.min(perRound(sides.base), perRound(sides.head))
  const findings = powerWarnings({ nEff, minEffect: opts.minEffect, sdLog, alpha, power: opts.power })
  const mde = minimumDetectableEffect({ nEff, sdLog, alpha, power: opts.power }).effect
  const required = findings.required.nRequired
  const moreRounds = Math.max(0, Math.ceil((required - nEff) / effectivePerRound))
  for (const f of findings.findings)
    warnings.push({ level: f.level === 'error' ? 'error' : 'info', code: f.id, message: f.message })
  return {
    sdLog,
    sdLogEstimate: bound.sd,
    alpha,
    nEff,
    requiredPerSide: required,
    minDetectableEffect: mde,
    moreRounds
  }
}

function perRound(side: SideAnalysis): number {
  return side.samples / Math.max(1, side.runs) / side.designEffect
}

/**
 * What would decide an inconclusive benchmark. Too few processes: the rounds to reach R_MIN (or the
 * exact test's floor at this level). At the run level, with the ratio and its interval: the fewest rounds
 * after which a §7 verdict is likely (DECISION_PROMISE, decisionAdvice.ts), at most
 * MAX_ADVISED_ROUND_FACTOR × the rounds already run and within `opts.maxRounds`; else "too close to
 * the minimum effect" or "too noisy". Pooled repetitions (forced): the power requirement, capped alike.
 * `suite`: no σ below the suite's (suiteSdFloor) and the truth predicted from the suite's changes
 * (withSuiteAdvice, once every interval is known).
 */
export function adviceFor(
  reason: InconclusiveReason | null,
  levelReason: LevelReason,
  runs: number,
  power: PowerFigures | null,
  opts: AnalysisOptions,
  ratio: Interval | null = null,
  suite: SuiteContext | null = null
): Advice {
  if (reason === null || power === null) return null
  const floor = Math.max(R_MIN, minTestRuns(power.alpha, opts.interleave))
  let rounds: number
  if (levelReason === 'too-few-processes') {
    const target =
      power.requiredPerSide !== null && power.requiredPerSide <= MAX_ADVISED_ROUND_FACTOR * floor
        ? Math.max(floor, power.requiredPerSide)
        : floor
    rounds = target - runs
  } else if (levelReason === 'runs' && ratio !== null) {
    // One value per process: the rounds at which a verdict is likely (decisionAdvice.ts).
    const cap = Math.min(runs + MAX_ADVISED_ROUND_FACTOR * Math.max(1, runs), opts.maxRounds ?? Infinity)
    const estimate = Math.log(ratio.estimate)
    const paired = opts.interleave === 'benchmark'
    const read = suite?.reading ?? null
    const own = read?.sd ?? adviceSd(ratio, runs, power.alpha, opts.minEffect, 0, paired)
    const sd = Math.max(own, suite?.sdFloor ?? 0)
    const predicted = suite?.prior ? blup(estimate, standardError(sd, runs) ** 2, suite.prior) : null
    const model: DecisionModel = {
      estimate,
      sd,
      n0: runs,
      alpha: power.alpha,
      minEffect: opts.minEffect,
      paired,
      // The arms per unit of the benchmark's own σ, applied to the (floored) σ the model uses.
      ...(read && { arms: read.arms }),
      ...(suite?.resample && { resample: suite.resample }),
      ...(predicted && { truth: { centre: predicted.pred, se: predicted.se } })
    }
    const advice = roundsToDecide(model, floor, cap)
    if (advice.kind === 'beyond-cap') return { kind: 'beyond-cap', rounds: advice.rounds, cap }
    if (advice.kind === 'too-close') return { kind: 'too-close', cap }
    if (advice.kind === 'too-noisy') return tooNoisy(power)
    return { kind: 'more-rounds', rounds: advice.rounds }
  } else {
    rounds = Math.max(1, power.moreRounds ?? 0, reason === 'level-unreachable' ? floor - runs : 0)
    if (rounds > MAX_ADVISED_ROUND_FACTOR * Math.max(1, runs)) return tooNoisy(power)
  }
  if (opts.maxRounds !== undefined && runs + rounds > opts.maxRounds) return tooNoisy(power)
  return { kind: 'more-rounds', rounds: Math.max(1, rounds) }
}

/** What the suite tells each benchmark's advice (§4): its noise floor, and how its changes spread. */
export interface SuiteContext {
  /** No benchmark's σ below this (suiteSdFloor). */
  sdFloor: number
  /** The suite's random-effects model of the true ln shifts (null below two benchmarks). */
  prior: RandomEffects | null
  /** Under pairs: this benchmark's σ and arms read off its own log-ratios (pairedReading), else null. */
  reading?: PairedReading | null
  /** Under pairs: this benchmark's log-ratios and the suite's residuals (resampledRounds.ts). */
  resample?: ResampleInput
}

type PairedReading = NonNullable<ReturnType<typeof pairedReading>>

/** Under pairs, the benchmark's log-ratios in round order; null otherwise. */
function logRatiosOf(c: Comparison): number[] | null {
  const s = c.series
  if (c.test !== 'signed-rank' || !s || s.base.length !== s.head.length) return null
  return s.head.map((h, i) => Math.log(h / s.base[i]))
}

/** Under pairs, σ and the arms read off the benchmark's log-ratios (pairedReading); null otherwise. */
function readingOf(c: Comparison, alpha: number): PairedReading | null {
  const d = logRatiosOf(c)
  return d && pairedReading(d, alpha)
}

/**
 * The suite's pass over the advice (§4), once every interval is known. Each run-level benchmark's σ is
 * its own (sdFromInterval) but not below the suite's median (suiteSdFloor); its true shift is predicted
 * from the suite's random-effects model of the estimates (DerSimonian-Laird over every run-level
 * benchmark not decided as changed, its BLUP), not from its own estimate alone: the benchmarks a flat prior would advise are
 * those whose estimate came out on the lucky side, and the suite says where the truth more likely is.
 * Sets `advice` of the run-level benchmarks, which finishComparison leaves to it (compare() runs it as a suite of one).
 */
export function withSuiteAdvice(comparisons: readonly Comparison[], opts: AnalysisOptions): void {
  const runLevel = comparisons.flatMap((c) =>
    c.levelReason === 'runs' && c.power !== null && c.ratio !== null && c.series !== null
      ? [{ c, ratio: c.ratio, power: c.power, n0: Math.min(c.series.base.length, c.series.head.length) }]
      : []
  )
  // Only finite, positive intervals describe the suite; any other is advised on its own (a flat prior).
  const usable = runLevel.filter(
    (r) => r.ratio.estimate > 0 && r.ratio.ci[0] > 0 && Number.isFinite(r.ratio.ci[1])
  )
  const described = new Set(usable)
  const paired = opts.interleave === 'benchmark'
  const readings = new Map(runLevel.map((r) => [r, readingOf(r.c, r.power.alpha)]))
  // σ as each benchmark's advice reads it: off its pairs when it has them, else off its interval.
  const ownSd = (r: (typeof runLevel)[number]) =>
    readings.get(r)?.sd ?? adviceSd(r.ratio, r.n0, r.power.alpha, opts.minEffect, 0, paired)
  const sdFloor = paired
    ? sdFloorOf(usable.map(ownSd))
    : suiteSdFloor(usable.map((r) => ({ ci: r.ratio.ci, n0: r.n0, alpha: r.power.alpha, paired })))
  // The prior is fitted on the benchmarks not already decided as changed beyond δ: like an empirical
  // null fitted on the bulk of the suite, not its tails, so a PR that moved two benchmarks by 8% does
  // not make the prior too wide to tell the ten undecided ones anything.
  const bulk = usable.filter((r) => r.c.verdict !== 'regression' && r.c.verdict !== 'improvement')
  const prior = dersimonianLaird(
    bulk.map((r) => Math.log(r.ratio.estimate)),
    bulk.map((r) => standardError(Math.max(ownSd(r), sdFloor), r.n0) ** 2)
  )
  const ratiosOf = new Map(runLevel.map((r) => [r, logRatiosOf(r.c)]))
  const pool = usable.flatMap((r) => (ratiosOf.get(r) ?? []).map((d) => d - Math.log(r.ratio.estimate)))
  for (const r of runLevel) {
    if (r.c.inconclusiveReason === null) continue
    const own = ratiosOf.get(r)
    const suite = described.has(r)
      ? {
          sdFloor,
          prior,
          reading: readings.get(r) ?? null,
          // Resampled only while the cap is within reach of the check (MAX_RESAMPLED_PAIRS).
          ...(own && 3 * own.length <= MAX_RESAMPLED_PAIRS && { resample: { own, pool } })
        }
      : null
    r.c.advice = tooCoarse(r.c, r.n0, opts.minEffect)
      ? { kind: 'too-coarse' }
      : adviceFor(r.c.inconclusiveReason, r.c.levelReason, r.n0, r.power, opts, r.ratio, suite)
  }
}

/**
 * Timings too coarse to rank (§4): ties or zero differences, not the rounds, keep the verdict out of
 * reach — the interval fell back to [min, max] below its level although this many runs can reach it
 * (the exact test's n_min), or, for pairs, no Walsh average of the log-ratios but 0 lies within ±δ
 * (each pair equal or ≥ δ apart: only [1, 1] could fit inside ±δ). More rounds are never the advice.
 */
export function tooCoarse(comparison: Comparison, runs: number, minEffect: number): boolean {
  const alpha = 1 - comparison.confLevel
  if (comparison.inconclusiveReason === 'level-unreachable')
    return (
      comparison.rangeLevel !== undefined &&
      comparison.rangeLevel < comparison.confLevel &&
      runs >= minTestRuns(alpha, comparison.test === 'signed-rank' ? 'benchmark' : 'suite')
    )
  if (
    comparison.inconclusiveReason !== 'interval-reaches-delta' ||
    comparison.test !== 'signed-rank' ||
    !comparison.series
  )
    return false
  const { base, head } = comparison.series
  const d = head.map((h, i) => Math.log(h / base[i]))
  const t = Math.log1p(minEffect)
  // ln(a/b) + ln(b/a) can be ~1e-17 instead of 0: that is a zero, not a resolution.
  const zero = 1e-9 * t
  for (let i = 0; i < d.length; i++)
    for (let j = i; j < d.length; j++) {
      const w = Math.abs(d[i] + d[j]) / 2
      if (w > zero && w < t) return false
    }
  return true
}

function tooNoisy(power: PowerFigures): Advice {
  // §4: "σ ≈" is the estimate; the upper bound (what the power figures use) goes in the details.
  const percent = (x: number) => Number((x * 100).toPrecision(3))
  return {
    kind: 'too-noisy',
    sdPercent: percent(power.sdLogEstimate ?? power.sdLog),
    sdUpperPercent: percent(power.sdLog)
  }
}
