/**
 * Puts count mode's verdicts (STATISTICS §9) into a suite: with `--measure counts` they are the
 * verdicts; with `--measure both` they stand beside the timing verdicts, and a timing change whose
 * counts did not move by δ_count is marked "timing only".
 */
import type { CountMeasurement } from '../samples/countModel.js'
import { compareCounts, type CountComparison, type CountOptions } from './counts.js'
import { NOT_TESTED } from './suite.js'
import type { Comparison, SuiteResult } from './types.js'
import { DEFAULT_ANALYSIS_OPTIONS } from './types.js'
import { tallyVerdicts } from './verdict.js'

/** A suite judged by counts alone (`--measure counts`): no timing, no test, no interval. */
export function countSuite(measurement: CountMeasurement, options: CountOptions): SuiteResult {
  const byName = compareCounts(measurement, options)
  const comparisons = [...byName.keys()].sort().map((name) => countOnlyComparison(name, byName.get(name)!))
  const counts = tallyVerdicts(comparisons.map((c) => c.verdict))
  return {
    options: { ...DEFAULT_ANALYSIS_OPTIONS },
    familySize: 0,
    comparisons,
    counts,
    warnings: [],
    provenance: { base: {}, head: {} },
    countMode: { measure: 'counts', options, method: measurement.method, counts }
  }
}

/** The timing suite with counts beside each benchmark (`--measure both`). */
export function withCounts(
  suite: SuiteResult,
  measurement: CountMeasurement,
  options: CountOptions
): SuiteResult {
  const byName = compareCounts(measurement, options)
  const comparisons = suite.comparisons.map((c) => {
    const counts = byName.get(c.benchmark)
    if (!counts) return c
    const timingChange = c.verdict === 'regression' || c.verdict === 'improvement'
    const countsStill = counts.verdict === 'unchanged' || counts.verdict === 'negligible'
    return { ...c, counts, timingOnly: timingChange && countsStill }
  })
  const counted = comparisons.flatMap((c) => (c.counts ? [c.counts.verdict] : []))
  return {
    ...suite,
    comparisons,
    countMode: { measure: 'both', options, method: measurement.method, counts: tallyVerdicts(counted) }
  }
}

function countOnlyComparison(name: string, counts: CountComparison): Comparison {
  return {
    benchmark: name,
    verdict: counts.verdict,
    inconclusiveReason: null,
    advice: null,
    metric: null,
    level: 'runs',
    levelReason: 'runs',
    baseMedian: null,
    headMedian: null,
    baseLocation: null,
    headLocation: null,
    ...NOT_TESTED,
    confLevel: 1,
    // the reason is the verdict's footnote; a failure is also an error, as in timing
    warnings:
      counts.verdict === 'failed' && counts.message
        ? [{ level: 'error', code: 'counts-failed', message: counts.message }]
        : [],
    issues: [],
    counts
  }
}
