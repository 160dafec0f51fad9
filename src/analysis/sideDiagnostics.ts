/**
 * Per-side description and noise diagnostics (docs/statistics.md §3, §5): summary of the raw samples,
 * ICC/design effect as diagnostics, independence and drift judged on the series the test used.
 */
import { ljungBox } from '../stats/acf.js'
import { drift } from '../stats/drift.js'
import { durbinWatson } from '../stats/durbinWatson.js'
import { intraclassCorrelation } from '../stats/icc.js'
import { tukeyOutliers } from '../stats/outliers.js'
import { median, summarize } from '../stats/summary.js'
import type { Side } from '../samples/model.js'
import type { RunGroup } from './unitOfAnalysis.js'
import type { AnalysisLevel, AnalysisOptions, SideAnalysis, Warning } from './types.js'

/** Ljung-Box p below this flags time-dependent noise (docs/statistics.md §5). */
export const AUTOCORRELATION_P = 0.01

export interface IccFigures {
  icc: number | null
  designEffect: number
  nEff: number
}

export function iccOf(groups: RunGroup[]): IccFigures {
  const r = intraclassCorrelation(groups.map((g) => g.values))
  return { icc: r.icc, designEffect: r.designEffect, nEff: r.nEff }
}

export function analyseSide(
  side: Side,
  raw: readonly number[],
  runs: RunGroup[],
  analysed: number[],
  icc: IccFigures,
  level: AnalysisLevel,
  opts: AnalysisOptions,
  warnings: Warning[]
): SideAnalysis {
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
  const trend = runMedians.length >= 3 ? drift(runMedians, { delta: opts.minEffect }) : null
  const driftTotal = trend?.relativeTotal ?? null
  // Only a drift the data support: larger than δ and Sen's 99% interval of the slope excludes 0 (§5).
  if (trend?.significant && driftTotal !== null) {
    warnings.push({
      level: 'warning',
      code: 'drift',
      side,
      message: `${side} drifted by ${pct(driftTotal)} over the measurement (more than the ${pct(opts.minEffect)} minimum effect; Sen's 99% interval of the slope excludes 0)`
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

function fmtP(p: number): string {
  return p < 0.001 ? p.toExponential(0) : p.toFixed(3)
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`
}
