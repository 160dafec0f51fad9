/**
 * Mann-Whitney U test (Wilcoxon rank-sum test), two-sided, as R's `wilcox.test(x, y)` (docs/statistics.md §1).
 *
 * Assumes only that the values are ordinal and the two samples independent; it tests whether a
 * value from x tends to be larger or smaller than a value from y. That is why it is benchgate's
 * default: benchmark times are skewed, multi-modal and heavy-tailed, far from normal.
 *
 * References:
 * - H. B. Mann and D. R. Whitney (1947), "On a test of whether one of two random variables is
 *   stochastically larger than the other", Annals of Mathematical Statistics 18(1), 50–60.
 * - F. Wilcoxon (1945), "Individual comparisons by ranking methods", Biometrics Bulletin 1(6), 80–83.
 * - M. Hollander, D. A. Wolfe and E. Chicken (2014), Nonparametric Statistical Methods, 3rd ed., Wiley,
 *   §4.1 (tie-corrected variance).
 * - R Core Team, R 4.2.2, src/library/stats/R/wilcox.test.R (`wilcox.test.default`): the choice
 *   between exact and normal, the continuity correction and the p-value formulas are R's.
 *
 * @module
 */
import { assertFinite, assertSize } from './errors.js'
import { normalSf } from './normal.js'
import { rankSumW, tieInfo, type TieInfo } from './ranks.js'
import { sortedCopy } from './summary.js'
import { MAX_EXACT_PRODUCT, minExactPValue, pwilcox } from './wilcoxonDistribution.js'

/** The exact distribution is used by default when both samples are smaller than this (R's rule). */
export const MAX_EXACT_SIZE = 50

/**
 * A warning is attached when even the most extreme ordering of the samples could not reach a
 * two-sided p-value below this level (benchgate's default α, docs/statistics.md §7).
 */
export const SMALL_SAMPLE_ALPHA = 0.01

/** Options, as R's `wilcox.test` arguments of the same names. */
export interface MannWhitneyOptions {
  /**
   * Exact p-value from the Wilcoxon distribution. Default (undefined): exact when m < 50 and n < 50.
   * Exact is never possible with ties (pooled sample) or when m·n > MAX_EXACT_PRODUCT; the normal
   * approximation is used then, with a warning.
   */
  readonly exact?: boolean
  /** Continuity correction in the normal approximation. Default true. */
  readonly correct?: boolean
  /**
   * The level the caller tests at, for the "no p-value can be below …" warning (default
   * SMALL_SAMPLE_ALPHA); null: no such warning (the caller words its own at the level it applies).
   */
  readonly alpha?: number | null
}

export interface MannWhitneyResult {
  /** R's W for x: #{x_i > y_j} + ½·#{x_i = y_j}, in [0, m·n]. Above m·n/2: x tends to be larger. */
  readonly u: number
  /** Two-sided p-value in [0, 1]. */
  readonly pValue: number
  readonly method: 'exact' | 'normal'
  /** The standardized statistic of the normal approximation (after continuity correction). */
  readonly z?: number
  /** Every value in both samples is the same: p = 1 and nothing can be said. */
  readonly allTied: boolean
  readonly warnings: string[]
}

/** @internal Which method R's rules give, and why not exact when exact was wanted. */
export function rankTestMethod(
  m: number,
  n: number,
  ties: TieInfo,
  exact: boolean | undefined
): { exact: boolean; reason?: 'ties' | 'too-large' } {
  const wanted = exact ?? (m < MAX_EXACT_SIZE && n < MAX_EXACT_SIZE)
  if (!wanted) return { exact: false }
  if (ties.pooled > 0) return { exact: false, reason: 'ties' }
  if (m * n > MAX_EXACT_PRODUCT) return { exact: false, reason: 'too-large' }
  return { exact: true }
}

/**
 * Two-sided Mann-Whitney U test of x against y, agreeing with R's `wilcox.test(x, y)$p.value` to
 * ~1e-13 relative (normal approximation) and ~1e-14 (exact).
 *
 * - Exact (Wilcoxon distribution) when m < 50 and n < 50 and no value occurs twice in the pooled
 *   sample: p = min(1, 2·P), P the tail of W on the observed side.
 * - Otherwise normal approximation with tie-corrected variance and continuity correction.
 * - All values equal (σ = 0): p = 1, `allTied`, warning "all samples are equal" (R returns NaN).
 *
 * Complexity: O(m log m + n log n) (two sorts), plus the first build of an exact table for a given
 * {m, n} (≤ ~7 ms at 49 × 49, then memoized).
 *
 * @param x head sample: finite numbers, at least 1 (any order; not modified).
 * @param y base sample: finite numbers, at least 1.
 * @param options `{ exact?, correct? }` as R (defaults: exact when m, n < 50; correct = true).
 * @throws StatsInputError 'empty' (subject 'x' or 'y') for an empty sample, 'not-finite' for NaN or ±Infinity.
 */
export function mannWhitneyU(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  options: MannWhitneyOptions = {}
): MannWhitneyResult {
  assertSize(x, 1, 'x', 'the Mann-Whitney test')
  assertSize(y, 1, 'y', 'the Mann-Whitney test')
  assertFinite(x, 'x')
  assertFinite(y, 'y')
  return mannWhitneySorted(sortedCopy(x), sortedCopy(y), options)
}

/**
 * @internal `mannWhitneyU` on samples already sorted ascending (finite, non-empty; not checked), so
 * that `compare()` sorts once for the test and both Hodges-Lehmann estimates. Complexity O(m + n).
 *
 * @param ties tie sums of xs and ys if the caller already has them (computed otherwise).
 */
export function mannWhitneySorted(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  options: MannWhitneyOptions = {},
  ties: TieInfo = tieInfo(xs, ys)
): MannWhitneyResult {
  const m = xs.length
  const n = ys.length
  const mn = m * n
  const u = rankSumW(xs, ys)
  const warnings: string[] = []

  const floor = minExactPValue(m, n)
  const alpha = options.alpha === undefined ? SMALL_SAMPLE_ALPHA : options.alpha
  if (alpha !== null && floor >= alpha) {
    warnings.push(
      `too few samples: with m = ${m} and n = ${n} no two-sided p-value can be below ${floor.toPrecision(2)}, ` +
        `so no difference can be significant at α = ${alpha.toPrecision(2)}`
    )
  }

  const allTied = xs[0] === xs[m - 1] && ys[0] === ys[n - 1] && xs[0] === ys[0]
  if (allTied) {
    warnings.push('all samples are equal')
    return { u, pValue: 1, method: 'normal', allTied: true, warnings }
  }

  const method = rankTestMethod(m, n, ties, options.exact)
  if (method.reason === 'ties') {
    warnings.push(
      'ties present: the exact p-value is not available, normal approximation with tie correction used'
    )
  } else if (method.reason === 'too-large') {
    warnings.push(`exact p-value limited to m·n ≤ ${MAX_EXACT_PRODUCT}: normal approximation used`)
  }

  if (method.exact) {
    const p = u > mn / 2 ? pwilcox(u - 1, m, n, false) : pwilcox(u, m, n)
    return { u, pValue: Math.min(2 * p, 1), method: 'exact', allTied: false, warnings }
  }

  const N = m + n
  // R's expression, term by term
  const sigma = Math.sqrt((mn / 12) * (N + 1 - ties.pooled / (N * (N - 1))))
  if (!(sigma > 0)) {
    // only reachable through rounding of Σ(t³ − t) with millions of tied values
    warnings.push('all samples are equal')
    return { u, pValue: 1, method: 'normal', allTied: true, warnings }
  }
  const d = u - mn / 2
  const correction = options.correct === false ? 0 : Math.sign(d) * 0.5
  const z = (d - correction) / sigma
  // 2·min(Φ(z), 1 − Φ(z)) = 2·(1 − Φ(|z|)), computed in the tail
  const pValue = Math.min(1, 2 * normalSf(Math.abs(z)))
  return { u, pValue, method: 'normal', z, allTied: false, warnings }
}
