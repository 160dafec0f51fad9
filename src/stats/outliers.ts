/**
 * Tukey's fences (docs/statistics.md §5): count outlying samples per side. Nothing is ever removed —
 * benchmark outliers (a preemption, a page-fault storm) are real observations of the system, and the
 * rank tests are robust to them; the counts only tell the reader how heavy the tails are.
 */
import { assertFinite, assertSize } from './errors.js'
import { quantileType7, sortedCopy } from './summary.js'

/** Inner fence multiplier (Tukey's "outside" values). */
export const MILD_FENCE = 1.5
/** Outer fence multiplier (Tukey's "far out" values). */
export const SEVERE_FENCE = 3
/** Below this n the quartiles (and so the fences) are too crude to mean much: warn. */
export const MIN_OUTLIER_SAMPLES = 5

/** Values beyond one pair of fences. `indices` refer to the input order, ascending. */
export interface OutlierClass {
  /** Count below the lower fence. */
  low: number
  /** Count above the upper fence. */
  high: number
  count: number
  indices: number[]
}

export interface TukeyOutliers {
  n: number
  /** Quartiles, R `quantile(x, c(.25, .75), type = 7)`. */
  q1: number
  q3: number
  iqr: number
  fences: { mildLow: number; mildHigh: number; severeLow: number; severeHigh: number }
  /** Beyond the 1.5·IQR fences but within the 3·IQR fences (mutually exclusive with `severe`). */
  mild: OutlierClass
  /** Beyond the 3·IQR fences. */
  severe: OutlierClass
  warnings: string[]
}

/**
 * Tukey's fences (Tukey 1977, "Exploratory Data Analysis", Addison-Wesley, ch. 2): with
 * `IQR = Q3 − Q1`, a value is a **mild** outlier if it lies strictly beyond `Q1 − 1.5·IQR` or
 * `Q3 + 1.5·IQR` but not beyond the 3·IQR fences, and a **severe** outlier if it lies strictly beyond
 * `Q1 − 3·IQR` or `Q3 + 3·IQR`. Strict inequalities, as R's `boxplot.stats`.
 *
 * Quartiles are R's default `quantile(type = 7)`, the same as in the summary table, so the report is
 * self-consistent. This differs from Tukey's hinges (R `fivenum`, used by `boxplot.stats`), which for
 * some n sit half an order statistic further out; with the moderate-to-large n of benchmark samples the
 * difference is immaterial, and a single quartile definition across benchgate is easier to explain.
 *
 * @param values Finite samples, n ≥ 1 (any order; never modified, nothing is removed).
 * @returns Counts per side and class, input indices, fences; `warnings` when n < 5 or IQR = 0.
 * @throws StatsInputError `empty` or `not-finite`.
 * Complexity: O(n log n) time (one sort), O(n) space.
 */
export function tukeyOutliers(values: ArrayLike<number>): TukeyOutliers {
  assertSize(values, 1, 'values', 'Tukey fences')
  assertFinite(values, 'values')
  const n = values.length
  const warnings: string[] = []
  const sorted = sortedCopy(values)
  const q1 = quantileType7(sorted, 0.25)
  const q3 = quantileType7(sorted, 0.75)
  const iqr = q3 - q1
  const fences = {
    mildLow: q1 - MILD_FENCE * iqr,
    mildHigh: q3 + MILD_FENCE * iqr,
    severeLow: q1 - SEVERE_FENCE * iqr,
    severeHigh: q3 + SEVERE_FENCE * iqr
  }
  const mild: OutlierClass = { low: 0, high: 0, count: 0, indices: [] }
  const severe: OutlierClass = { low: 0, high: 0, count: 0, indices: [] }
  for (let i = 0; i < n; i++) {
    const v = values[i]
    if (v < fences.severeLow) {
      severe.low++
      severe.indices.push(i)
    } else if (v > fences.severeHigh) {
      severe.high++
      severe.indices.push(i)
    } else if (v < fences.mildLow) {
      mild.low++
      mild.indices.push(i)
    } else if (v > fences.mildHigh) {
      mild.high++
      mild.indices.push(i)
    }
  }
  mild.count = mild.low + mild.high
  severe.count = severe.low + severe.high
  if (n < MIN_OUTLIER_SAMPLES)
    warnings.push(`n = ${n}: quartiles from fewer than ${MIN_OUTLIER_SAMPLES} values make crude fences`)
  if (iqr === 0 && n > 1) {
    warnings.push(
      'IQR is 0 (the middle half of the values are equal): every value off the quartile lies beyond the fences'
    )
  }
  return { n, q1, q3, iqr, fences, mild, severe, warnings }
}
