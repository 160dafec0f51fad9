/**
 * Puts count mode's verdicts (docs/statistics.md §9) into a suite: with `--measure counts` they are the
 * verdicts; with `--measure both` they stand beside the timing verdicts, and a timing change whose
 * counts did not move by δ_count is marked "timing only".
 */
import type { CountMeasurement } from '../samples/countModel.js'
import { attributionsFor } from './attribution.js'
import { compareCounts, countDirection, type CountComparison, type CountOptions } from './counts.js'
import { NOT_TESTED } from './suite.js'
import type { Comparison, SuiteResult } from './types.js'
import { DEFAULT_ANALYSIS_OPTIONS } from './types.js'
import { tallyVerdicts } from './verdict.js'

/** A suite judged by counts alone (`--measure counts`): no timing, no test, no interval. */
export function countSuite(measurement: CountMeasurement, options: CountOptions): SuiteResult {
  const byName = compareCounts(measurement, options)
  const comparisons = attributionsFor(
    [...byName.keys()].sort().map((name) => countOnlyComparison(name, byName.get(name)!)),
    measurement,
    options
  )
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

/** The timing suite with counts beside each benchmark (`--measure both`), judged together (§10). */
export function withCounts(
  suite: SuiteResult,
  measurement: CountMeasurement,
  options: CountOptions
): SuiteResult {
  const byName = compareCounts(measurement, options)
  const comparisons = attributionsFor(
    suite.comparisons.map((c) => {
      const counts = byName.get(c.benchmark)
      return counts ? judgedTogether(c, counts, options) : c
    }),
    measurement,
    options
  )
  const counted = comparisons.flatMap((c) => (c.counts ? [c.counts.verdict] : []))
  return {
    ...suite,
    comparisons,
    counts: tallyVerdicts(comparisons.map((c) => c.verdict)),
    countMode: { measure: 'both', options, method: measurement.method, counts: tallyVerdicts(counted) }
  }
}

/**
 * docs/statistics.md §10's timing × counts table: one verdict per benchmark. A timing change with flat counts
 * is `timing-only` (code layout, memory or environment), a count change decides what timing could
 * not, and time and instructions pointing different ways keep the timing verdict, flagged. "Flat" and
 * "moved" read only the events that do not depend on where code sits (countMovement.ts). Under
 * randomised layouts with independent draws a timing change with flat counts is not layout: it
 * stands, flagged (§10, §12); shared draws never upgrade it (docs/layout.md, "Shared or independent").
 */
export function judgedTogether(
  c: Comparison,
  counts: CountComparison,
  options: Pick<CountOptions, 'threshold' | 'layoutRandomized' | 'layoutDraws'>
): Comparison {
  const moved = countDirection(counts, options.threshold)
  const t = c.verdict
  const both = { ...c, counts }
  if (moved === null) return both
  const decidedByTime = t === 'regression' || t === 'improvement'
  const survivedLayout = options.layoutRandomized === true && options.layoutDraws === 'independent'
  if (decidedByTime && moved === 'flat' && survivedLayout) return { ...both, notExplainedByCounts: true }
  if (decidedByTime && moved === 'flat')
    return { ...both, verdict: 'timing-only', timingOnly: true, timingVerdict: t }
  if (decidedByTime)
    return (t === 'regression') === (moved === 'up') ? both : { ...both, countsDisagree: true }
  if ((t === 'inconclusive' || t === 'unchanged' || t === 'negligible') && moved !== 'flat')
    return { ...both, verdict: moved === 'up' ? 'regression' : 'improvement', timingVerdict: t }
  return both
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

/**
 * The budget design's settled benchmarks (docs/budget.md): the count pass found their code path flat and
 * their counts unchanged or negligible, so they got no timing rounds; they join the suite with the count
 * verdict (as `--measure counts` gives it) and a note saying why they were not timed.
 */
export function withSettled(
  suite: SuiteResult,
  measurement: CountMeasurement,
  options: CountOptions,
  settled: readonly string[]
): SuiteResult {
  if (settled.length === 0) return suite
  const names = new Set(settled)
  const added = countSuite(measurement, options).comparisons.flatMap((c) =>
    names.has(c.benchmark) ? [{ ...c, warnings: [...c.warnings, SETTLED_NOTE] }] : []
  )
  const comparisons = [...suite.comparisons, ...added].sort((a, b) =>
    a.benchmark < b.benchmark ? -1 : a.benchmark > b.benchmark ? 1 : 0
  )
  const counted = comparisons.flatMap((c) => (c.counts ? [c.counts.verdict] : []))
  return {
    ...suite,
    comparisons,
    counts: tallyVerdicts(comparisons.map((c) => c.verdict)),
    ...(suite.countMode && { countMode: { ...suite.countMode, counts: tallyVerdicts(counted) } })
  }
}

const SETTLED_NOTE = {
  level: 'info' as const,
  code: 'settled-by-counts',
  message:
    'not timed: its code path did not move (counts flat), so timing could only have added a timing-only verdict; ' +
    'the time went to benchmarks whose answer was missing (--budget; add timing-only to fail-on to time it too)'
}
