/**
 * One benchmark's Comparison from two sets of observations (STATISTICS §1–§5, §7).
 *
 * The process is the unit of replication: when repetitions within a run are correlated
 * (design effect above the cut-off on either side) the test and the CIs use one value per run
 * (its median), and the result says so. Power figures always use the effective sample size.
 */
import { durbinWatson } from '../stats/durbinWatson.js'
import { ljungBox } from '../stats/acf.js'
import { bootstrapSdUpper } from '../stats/bootstrap.js'
import { drift } from '../stats/drift.js'
import { assertFinite, assertPositive, StatsInputError } from '../stats/errors.js'
import { hodgesLehmann, hodgesLehmannRatio } from '../stats/hodgesLehmann.js'
import { intraclassCorrelation } from '../stats/icc.js'
import { mannWhitneyU } from '../stats/mannWhitney.js'
import { normalQuantile } from '../stats/normal.js'
import { tukeyOutliers } from '../stats/outliers.js'
import { minimumDetectableEffect, powerWarnings } from '../stats/sampleSize.js'
import { median, summarize } from '../stats/summary.js'
import type { Side } from '../samples/model.js'
import { decideVerdict } from './verdict.js'
import {
  DEFAULT_ANALYSIS_OPTIONS,
  type AnalysisLevel,
  type AnalysisOptions,
  type Comparison,
  type Observation,
  type PowerFigures,
  type SideAnalysis,
  type Warning
} from './types.js'

/** Below this many values per side no test is attempted (MW needs variation to say anything). */
export const MIN_VALUES_PER_SIDE = 2

/** Ljung-Box p below this flags time-dependent noise (STATISTICS §5). */
export const AUTOCORRELATION_P = 0.01
/** Level of the CI that gives adaptive looks their standard error of ln(ratio) (see logRatioSe). */
export const PROJECTION_CONF = 0.95

function logWidth(ci: readonly [number, number]): number {
  return Math.log(ci[1]) - Math.log(ci[0])
}

/**
 * Compares head against base for one benchmark.
 * @param base base observations in time order (value > 0, finite; ns per iteration)
 * @param head head observations in time order
 * @param options thresholds; missing fields take DEFAULT_ANALYSIS_OPTIONS
 * @returns a Comparison whose pAdjusted equals pValue (analyzeSuite adjusts over the suite)
 * @throws StatsInputError for non-finite or non-positive values, or a side with < 2 values
 * Complexity: O((m + n) log(m + n)) plus the bootstrap, O(B·(m + n)).
 */
export function compare(
  benchmark: string,
  base: readonly Observation[],
  head: readonly Observation[],
  options: Partial<AnalysisOptions> = {}
): Comparison {
  const opts = { ...DEFAULT_ANALYSIS_OPTIONS, ...options }
  const sides = { base, head }
  for (const side of ['base', 'head'] as const) {
    const values = sides[side].map((o) => o.value)
    if (values.length < MIN_VALUES_PER_SIDE) {
      throw new StatsInputError(
        'too-small',
        side,
        `${benchmark}: ${side} has ${values.length} sample(s); a comparison needs at least ${MIN_VALUES_PER_SIDE} per side`
      )
    }
    assertFinite(values, `${benchmark} ${side}`)
    assertPositive(values, `${benchmark} ${side}`)
  }

  const warnings: Warning[] = []
  const runGroups = { base: groupByRun(base), head: groupByRun(head) }
  const iccs = { base: iccOf(runGroups.base), head: iccOf(runGroups.head) }
  const worstDeff = Math.max(iccs.base.designEffect, iccs.head.designEffect)
  const canUseRuns =
    runGroups.base.length >= MIN_VALUES_PER_SIDE && runGroups.head.length >= MIN_VALUES_PER_SIDE
  const level: AnalysisLevel = worstDeff > opts.deffCutoff && canUseRuns ? 'runs' : 'repetitions'

  const analysed = {
    base: level === 'runs' ? runGroups.base.map((g) => median(g.values)) : base.map((o) => o.value),
    head: level === 'runs' ? runGroups.head.map((g) => median(g.values)) : head.map((o) => o.value)
  }

  if (level === 'runs') {
    warnings.push({
      level: 'info',
      code: 'run-level',
      message:
        `repetitions within a process are correlated (ICC ${fmt(maxIcc(iccs))}, design effect ${fmt(worstDeff)}): ` +
        `analysed one value per run, n = ${analysed.base.length} base / ${analysed.head.length} head`
    })
  } else if (worstDeff > opts.deffCutoff) {
    warnings.push({
      level: 'warning',
      code: 'correlated-repetitions',
      message:
        `repetitions within a process are correlated (design effect ${fmt(worstDeff)}) but there are too few runs ` +
        `to analyse one value per run: the p-value is likely overconfident; measure more rounds`
    })
  } else if (runGroups.base.length < 2 || runGroups.head.length < 2) {
    warnings.push({
      level: 'warning',
      code: 'single-process',
      message:
        'all samples of a side come from one process: correlation between repetitions cannot be checked and ' +
        'the p-value may be overconfident (run several rounds, e.g. `benchgate run`)'
    })
  }

  // The test and the CIs share one level; adaptive looks lower it (docs/adaptive.md).
  const confLevel = 1 - (opts.testAlpha ?? opts.alpha)
  const mw = mannWhitneyU(analysed.head, analysed.base)
  const shift = hodgesLehmann(analysed.head, analysed.base, { confLevel })
  const ratio = hodgesLehmannRatio(analysed.head, analysed.base, { confLevel })
  // Adaptive looks only: a standard error of ln(ratio) for projecting to more rounds (futility), from
  // the 95% CI. A look's own far-tail CI reaches into the outliers of the differences and overstates it.
  const logRatioSe =
    opts.testAlpha === undefined
      ? undefined
      : logWidth(hodgesLehmannRatio(analysed.head, analysed.base, { confLevel: PROJECTION_CONF }).ci) /
        (2 * normalQuantile((1 + PROJECTION_CONF) / 2))
  for (const message of new Set([...mw.warnings, ...shift.warnings]))
    warnings.push({ level: 'info', code: 'test', message })

  const sideAnalyses = {
    base: analyseSide('base', base, runGroups.base, analysed.base, iccs.base, level, opts, warnings),
    head: analyseSide('head', head, runGroups.head, analysed.head, iccs.head, level, opts, warnings)
  }
  const power = powerFigures(analysed, sideAnalyses, level, opts, warnings)

  const comparison: Comparison = {
    benchmark,
    verdict: 'inconclusive',
    level,
    baseMedian: sideAnalyses.base.summary.median,
    headMedian: sideAnalyses.head.summary.median,
    base: sideAnalyses.base,
    head: sideAnalyses.head,
    pValue: mw.pValue,
    pAdjusted: mw.pValue,
    u: mw.u,
    testMethod: mw.method,
    confLevel,
    shift: { estimate: shift.estimate, ci: shift.ci },
    ratio: { estimate: ratio.estimate, ci: ratio.ci },
    ...(logRatioSe !== undefined && { logRatioSe }),
    power,
    warnings,
    issues: []
  }
  comparison.verdict = verdictOf(comparison, opts)
  return comparison
}

/** The §7 verdict of a comparison with a p-value (pAdjusted set by the caller). */
export function verdictOf(c: Comparison, opts: AnalysisOptions): Comparison['verdict'] {
  if (c.pAdjusted === null || c.ratio === null) return c.verdict
  return decideVerdict({
    pAdjusted: c.pAdjusted,
    ratio: c.ratio.estimate,
    ratioCi: c.ratio.ci,
    alpha: opts.testAlpha ?? opts.alpha,
    minEffect: opts.minEffect
  })
}

interface RunGroup {
  run: number
  round: number
  values: number[]
}

/** Groups a side's observations by run, in order of first appearance (time order). */
function groupByRun(observations: readonly Observation[]): RunGroup[] {
  const byRun = new Map<number, RunGroup>()
  for (const o of observations) {
    let g = byRun.get(o.run)
    if (!g) byRun.set(o.run, (g = { run: o.run, round: o.round, values: [] }))
    g.values.push(o.value)
  }
  return [...byRun.values()]
}

function iccOf(groups: RunGroup[]): { icc: number | null; designEffect: number; nEff: number } {
  const r = intraclassCorrelation(groups.map((g) => g.values))
  return { icc: r.icc, designEffect: r.designEffect, nEff: r.nEff }
}

function maxIcc(iccs: Record<Side, { icc: number | null }>): number {
  return Math.max(iccs.base.icc ?? 0, iccs.head.icc ?? 0)
}

function analyseSide(
  side: Side,
  observations: readonly Observation[],
  runs: RunGroup[],
  analysed: number[],
  icc: { icc: number | null; designEffect: number; nEff: number },
  level: AnalysisLevel,
  opts: AnalysisOptions,
  warnings: Warning[]
): SideAnalysis {
  const raw = observations.map((o) => o.value)
  const { warnings: _summaryWarnings, ...summary } = summarize(raw)
  // Independence is judged on the series the test used: between runs at the run level.
  const lb = analysed.length >= 6 ? ljungBox(analysed) : null
  if (lb && lb.lags >= 1 && lb.pValue < AUTOCORRELATION_P) {
    warnings.push({
      level: 'warning',
      code: 'autocorrelated',
      side,
      message: `${side} samples autocorrelated (Ljung-Box p = ${fmtP(lb.pValue)}): time-dependent noise`
    })
  }
  const dw = analysed.length >= 3 ? durbinWatson(analysed).dw : null
  const out = tukeyOutliers(raw)
  const runMedians = runs.map((g) => median(g.values))
  const driftTotal =
    runMedians.length >= 3 ? drift(runMedians, { delta: opts.minEffect }).relativeTotal : null
  if (driftTotal !== null && Math.abs(driftTotal) > opts.minEffect) {
    warnings.push({
      level: 'warning',
      code: 'drift',
      side,
      message: `${side} drifted by ${pct(driftTotal)} over the measurement (more than the ${pct(opts.minEffect)} minimum effect)`
    })
  }
  return {
    samples: raw.length,
    runs: runs.length,
    analysed: analysed.length,
    summary,
    icc: icc.icc,
    designEffect: icc.designEffect,
    nEff: level === 'runs' ? analysed.length : icc.nEff,
    ljungBox: lb ? { q: lb.q, lags: lb.lags, pValue: lb.pValue } : null,
    durbinWatson: dw,
    outliers: { mild: out.mild.count, severe: out.severe.count },
    drift: driftTotal
  }
}

function powerFigures(
  analysed: Record<Side, number[]>,
  sides: Record<Side, SideAnalysis>,
  level: AnalysisLevel,
  opts: AnalysisOptions,
  warnings: Warning[]
): PowerFigures {
  const logs = [analysed.base.map(Math.log), analysed.head.map(Math.log)]
  const sd = bootstrapSdUpper(logs, { resamples: opts.bootstrapResamples, seed: opts.seed })
  const nEff = Math.min(sides.base.nEff, sides.head.nEff)
  const sdLog = sd.upper
  // One round adds one run per side; at the repetition level it adds k values worth k/deff.
  const effectivePerRound =
    level === 'runs'
      ? 1
      : Math.min(
          sides.base.samples / Math.max(1, sides.base.runs) / sides.base.designEffect,
          sides.head.samples / Math.max(1, sides.head.runs) / sides.head.designEffect
        )
  const findings = powerWarnings({
    nEff,
    minEffect: opts.minEffect,
    sdLog,
    alpha: opts.alpha,
    power: opts.power,
    effectivePerRound
  })
  const mde = minimumDetectableEffect({ nEff, sdLog, alpha: opts.alpha, power: opts.power }).effect
  const required = findings.required.nRequired
  const moreRounds = Math.max(0, Math.ceil((required - nEff) / effectivePerRound))
  for (const f of findings.findings) {
    warnings.push({
      level: f.level === 'error' ? 'error' : 'info',
      code: f.id === 'underpowered' ? 'underpowered' : 'severely-underpowered',
      message: f.message
    })
  }
  return { sdLog, nEff, requiredPerSide: required, minDetectableEffect: mde, moreRounds }
}

function fmt(x: number): string {
  return Number.isFinite(x) ? x.toFixed(2) : String(x)
}

function fmtP(p: number): string {
  return p < 0.001 ? p.toExponential(0) : p.toFixed(3)
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`
}
