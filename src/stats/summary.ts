/**
 * Descriptive summary of one side's samples (docs/statistics.md §5, "Summary per side"):
 * n, min, q1, median, mean, q3, max, sd, CV, MAD — each defined as R defines it.
 *
 * Why not `simple-statistics` for these: its 7.12 `quantile` is type 7 (checked against R), but it
 * interpolates as `x_lo + f·(x_hi − x_lo)` where R computes `(1 − f)·x_lo + f·x_hi` (last-bit
 * differences), and the quantile definition is a library detail we would rather pin in our own
 * code; its `medianAbsoluteDeviation` is unscaled (R's `mad()` multiplies by 1.4826). The kernels
 * below are a few lines each and follow R's code paths exactly.
 */
import { assertFinite, assertSize, StatsInputError } from './errors.js'

/** R's `mad()` default constant 1.4826 (≈ 1/Φ⁻¹(3/4) = 1.482602…, consistency for the normal sd). */
export const MAD_CONSTANT = 1.4826

/** Summary statistics of one sample. */
export interface Summary {
  n: number
  min: number
  /** First quartile, R `quantile(x, 0.25, type = 7)`. */
  q1: number
  median: number
  mean: number
  /** Third quartile, R `quantile(x, 0.75, type = 7)`. */
  q3: number
  max: number
  /** Sample standard deviation (denominator n − 1), as R `sd()`; `null` when n = 1 (see warnings). */
  sd: number | null
  /** Coefficient of variation sd / mean. `null` when sd is null or the mean is 0. */
  cv: number | null
  /** Scaled median absolute deviation, R `mad(x)` = 1.4826 · median(|x − median(x)|); 0 when n = 1. */
  mad: number
  warnings: string[]
}

/**
 * Quantile of an already sorted sample by R's default definition, `quantile(x, p, type = 7)`
 * (Hyndman & Fan 1996, "Sample quantiles in statistical packages", The American Statistician 50(4),
 * 361–365, definition 7): with `h = 1 + (n − 1)p`, `Q(p) = x_⌊h⌋ + (h − ⌊h⌋)(x_⌈h⌉ − x_⌊h⌋)`,
 * evaluated exactly as R's `quantile.default` evaluates it (`(1 − γ)·x_lo + γ·x_hi`, and no
 * interpolation between equal values).
 *
 * @param sorted Ascending, finite, non-empty sample (not checked for order: callers sort once).
 * @param p Probability in [0, 1].
 * @returns The type-7 sample quantile.
 * @throws StatsInputError `empty` if `sorted` is empty, `domain` if p is not in [0, 1].
 * Complexity: O(1).
 */
export function quantileType7(sorted: ArrayLike<number>, p: number): number {
  assertSize(sorted, 1, 'sorted', 'a quantile')
  if (!(p >= 0 && p <= 1)) throw new StatsInputError('domain', 'p', `p must be in [0, 1], got ${p}`)
  const index = 1 + (sorted.length - 1) * p // 1-based, as R
  const lo = Math.floor(index)
  const hi = Math.ceil(index)
  const qs = sorted[lo - 1]
  const xhi = sorted[hi - 1]
  if (index > lo && xhi !== qs) {
    const h = index - lo
    return (1 - h) * qs + h * xhi
  }
  return qs
}

/**
 * Arithmetic mean as R's `mean()` computes it: the sum divided by n, refined by the mean of the
 * residuals (a second pass that removes most of the rounding error of the first).
 *
 * @param values Finite, non-empty sample.
 * @throws StatsInputError `empty` or `not-finite`.
 * Complexity: O(n).
 */
export function mean(values: ArrayLike<number>): number {
  assertSize(values, 1, 'values', 'a mean')
  assertFinite(values, 'values')
  return meanUnchecked(values)
}

function meanUnchecked(values: ArrayLike<number>): number {
  const n = values.length
  let s = 0
  for (let i = 0; i < n; i++) s += values[i]
  s /= n
  let t = 0
  for (let i = 0; i < n; i++) t += values[i] - s
  return s + t / n
}

/**
 * Sample median (R `median()`): the middle order statistic, or the mean of the two middle ones when
 * n is even.
 *
 * @param values Finite, non-empty sample (any order; not modified).
 * @throws StatsInputError `empty` or `not-finite`.
 * Complexity: O(n log n) (sorts a copy).
 */
export function median(values: ArrayLike<number>): number {
  assertSize(values, 1, 'values', 'a median')
  assertFinite(values, 'values')
  return medianOfSorted(sortedCopy(values))
}

/** @internal Median of an ascending array (no checks). */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  const n = sorted.length
  const half = Math.floor(n / 2)
  if (n % 2 === 1) return sorted[half]
  return meanUnchecked([sorted[half - 1], sorted[half]])
}

/** @internal Ascending Float64Array copy (numeric sort, not lexicographic). */
export function sortedCopy(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort()
}

/**
 * Summarises one sample: n, min, quartiles (R type 7), median, mean, sd (n − 1), CV = sd/mean and
 * the scaled MAD (R `mad()`, constant 1.4826; Hampel 1974, "The influence curve and its role in robust
 * estimation", JASA 69, 383–393).
 *
 * n = 1: the sample standard deviation (and so the CV) is not defined — R returns NA. We return
 * `null` with a warning rather than 0, because 0 would claim "no noise" where there is no evidence
 * either way. The MAD of one value is 0, as in R. A zero mean gives `cv: null` with a warning.
 *
 * @param values Finite, non-empty sample (any order; not modified).
 * @returns Plain data with `warnings` for the undefined parts.
 * @throws StatsInputError `empty` for an empty sample, `not-finite` for NaN/±Infinity.
 * Complexity: O(n log n) time (one sort), O(n) space.
 */
export function summarize(values: ArrayLike<number>): Summary {
  assertSize(values, 1, 'values', 'a summary')
  assertFinite(values, 'values')
  const warnings: string[] = []
  const n = values.length
  const sorted = sortedCopy(values)
  const med = medianOfSorted(sorted)
  const m = meanUnchecked(values)

  let sd: number | null = null
  if (n >= 2) {
    // Two-pass variance about the (refined) mean, as R's var().
    let ss = 0
    for (let i = 0; i < n; i++) {
      const d = values[i] - m
      ss += d * d
    }
    sd = Math.sqrt(ss / (n - 1))
  } else {
    warnings.push('n = 1: the standard deviation and CV are undefined (need at least 2 values)')
  }

  let cv: number | null = null
  if (sd !== null) {
    if (m !== 0) cv = sd / m
    else warnings.push('the mean is 0: the coefficient of variation is undefined')
  }

  const dev = new Float64Array(n)
  for (let i = 0; i < n; i++) dev[i] = Math.abs(sorted[i] - med)
  dev.sort()
  const mad = MAD_CONSTANT * medianOfSorted(dev)

  return {
    n,
    min: sorted[0],
    q1: quantileType7(sorted, 0.25),
    median: med,
    mean: m,
    q3: quantileType7(sorted, 0.75),
    max: sorted[n - 1],
    sd,
    cv,
    mad,
    warnings
  }
}
