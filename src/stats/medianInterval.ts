/**
 * A distribution-free confidence interval for a median from order statistics (the binomial, or sign
 * test, interval; e.g. Conover 1999, "Practical Nonparametric Statistics", 3rd ed., §3.2; Hollander,
 * Wolfe & Chicken 2014, "Nonparametric Statistical Methods", 3rd ed., §3.6).
 *
 * For n values from any continuous distribution, the number below the true median is Binomial(n, ½),
 * so `[x₍ₖ₎, x₍ₙ₋ₖ₊₁₎]` covers the median with probability `1 − 2·P(B ≤ k − 1)`, B ~ Binomial(n, ½).
 * We take the largest k whose coverage is still ≥ the requested level (the narrowest such interval)
 * and report the exact coverage it has. With too few values (n ≤ 5 at 95%: the widest interval,
 * min..max, covers with 1 − 2/2ⁿ only) the interval is min..max and its coverage is below the
 * requested level: `level` says so.
 *
 * @module
 */
import { StatsInputError, assertFinite } from './errors.js'

export interface MedianInterval {
  /** The sample median (mean of the two middle values for even n). */
  median: number
  /** Lower and upper bound: the k-th and (n−k+1)-th order statistics. */
  lo: number
  hi: number
  /** Exact coverage of [lo, hi] for the median of a continuous distribution, 1 − 2·P(B ≤ k − 1). */
  level: number
  /** The order statistic used (1-based): lo = x₍ₖ₎. */
  k: number
}

/** Default requested coverage. */
export const DEFAULT_MEDIAN_LEVEL = 0.95

/**
 * P(B ≤ j) for B ~ Binomial(n, ½), j from 0 to ⌊n/2⌋, summed in the log domain (no overflow at large n).
 * Complexity: O(n).
 */
function lowerTail(n: number, upTo: number): number[] {
  const out: number[] = []
  let logTerm = -n * Math.LN2 // log C(n, 0) / 2ⁿ
  let sum = 0
  for (let j = 0; j <= upTo; j++) {
    if (j > 0) logTerm += Math.log((n - j + 1) / j)
    sum += Math.exp(logTerm)
    out.push(sum)
  }
  return out
}

/**
 * The order-statistic interval for the median of `values` at coverage ≥ `level` when n allows it.
 *
 * @param values finite numbers, at least 1 (any order).
 * @param level requested coverage in (0, 1), default 0.95.
 * @returns the median, the interval, its exact coverage and k.
 * @throws StatsInputError `empty` for no values, `not-finite` for NaN/±Infinity, `domain` for a level
 * outside (0, 1).
 * Complexity: O(n log n) (the sort).
 */
export function medianInterval(values: readonly number[], level = DEFAULT_MEDIAN_LEVEL): MedianInterval {
  if (!(level > 0 && level < 1))
    throw new StatsInputError('domain', 'level', `level must be in (0, 1), got ${level}`)
  if (values.length === 0)
    throw new StatsInputError('empty', 'values', 'values is empty: a median needs at least 1 value')
  assertFinite(values, 'values')
  const x = [...values].sort((a, b) => a - b)
  const n = x.length
  const median = n % 2 === 1 ? x[(n - 1) / 2] : (x[n / 2 - 1] + x[n / 2]) / 2
  const tail = lowerTail(n, Math.floor(n / 2))
  // coverage(k) = 1 − 2·P(B ≤ k − 1); largest k ≤ ⌈n/2⌉ with coverage ≥ level, at least 1.
  let k = 1
  for (let cand = 2; cand <= Math.ceil(n / 2); cand++) {
    if (1 - 2 * tail[cand - 1] >= level) k = cand
    else break
  }
  const coverage = Math.max(0, 1 - 2 * tail[k - 1])
  return { median, lo: x[k - 1], hi: x[n - k], level: coverage, k }
}
