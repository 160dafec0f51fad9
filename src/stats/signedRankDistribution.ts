/**
 * The null distribution of the Wilcoxon signed-rank statistic V (no ties, no zeros), as R's
 * `psignrank` and `qsignrank` (docs/statistics.md §13).
 *
 * V = Σ of the ranks of |d_i| over the positive d_i, for n differences symmetric about 0: each of the
 * 2ⁿ sign patterns has probability 2⁻ⁿ, so P(V = s) = c_n(s)·2⁻ⁿ where c_n(s) counts the subsets of
 * {1..n} that sum to s. The counts are built by dynamic programming over k = 1..n,
 *
 *   c_k(s) = c_{k−1}(s) + c_{k−1}(s − k),   c_0 = δ_0,
 *
 * in doubles, as R's `csignrank` does: exact integers while c_n(s) < 2^53, i.e. for every n < 50 (R's
 * exact rule) and somewhat beyond. The tails are summed from the nearer end with R's order of
 * operations, so p-values are R's to the last bits, and `qsignrank` keeps R's 10·DBL_EPSILON fuzz, so
 * quantiles (hence exact confidence intervals) are identical to R's.
 *
 * References:
 * - F. Wilcoxon (1945), "Individual comparisons by ranking methods", Biometrics Bulletin 1(6), 80–83.
 * - M. Hollander, D. A. Wolfe and E. Chicken (2014), Nonparametric Statistical Methods, 3rd ed., §3.1
 *   (the null distribution of T⁺ = V).
 * - R Core Team, R 4.2.2, src/nmath/signrank.c (`csignrank`, `psignrank`, `qsignrank`: ported here).
 *
 * @module
 */
import { StatsInputError, assertProbability } from './errors.js'

/**
 * Number of subsets of {zeros+1..n} with each sum 0..top (R's csignrank table for zeros = 0). With
 * `zeros` zero differences ranked first (Pratt's treatment, docs/pairs.md "Zero differences"), the
 * non-zero ones hold the ranks zeros+1..n when untied, and V sums a random subset of them.
 */
function signrankCounts(n: number, zeros = 0): Float64Array {
  const top = (n * (n + 1)) / 2 - (zeros * (zeros + 1)) / 2
  const w = new Float64Array(top + 1)
  w[0] = 1
  let reach = 0
  for (let k = zeros + 1; k <= n; k++) {
    reach += k
    for (let s = reach; s >= k; s--) w[s] += w[s - k]
  }
  return w
}

/** How many count tables are memoized (least recently built are dropped first). */
const MAX_CACHED_TABLES = 64
const countCache = new Map<string, Float64Array>()

function counts(n: number, zeros = 0): Float64Array {
  const key = `${n}/${zeros}`
  let c = countCache.get(key)
  if (!c) {
    c = signrankCounts(n, zeros)
    if (countCache.size >= MAX_CACHED_TABLES) countCache.delete(countCache.keys().next().value as string)
    countCache.set(key, c)
  }
  return c
}

/**
 * R's psignrank(x, n, lower.tail): P(V ≤ x), or P(V > x) when `lowerTail` is false. With `zeros` > 0:
 * the same for Pratt's V of n differences of which `zeros` are zero and the rest untied (V sums a
 * random subset of the ranks zeros+1..n), as coin's `wilcoxsign_test(zero.method = "Pratt")` exact.
 */
export function psignrank(x: number, n: number, lowerTail = true, zeros = 0): number {
  const top = (n * (n + 1)) / 2 - (zeros * (zeros + 1)) / 2
  let q = Math.round(x + 1e-7) // R_forceint(x + 1e-7)
  if (q < 0) return lowerTail ? 0 : 1
  if (q >= top) return lowerTail ? 1 : 0
  const c = counts(n, zeros)
  const f = Math.exp(-(n - zeros) * Math.LN2)
  let p = 0
  let lower = lowerTail
  if (q <= top / 2) {
    for (let i = 0; i <= q; i++) p += c[i] * f
  } else {
    q = top - q
    for (let i = 0; i < q; i++) p += c[i] * f
    lower = !lower
  }
  return lower ? p : 0.5 - p + 0.5
}

/** R's qsignrank(p, n) (lower tail): the smallest q with P(V ≤ q) ≥ p, with R's 10·DBL_EPSILON fuzz. */
export function qsignrank(p: number, n: number): number {
  const c = counts(n)
  const f = Math.exp(-n * Math.LN2)
  const eps = 10 * Number.EPSILON
  let sum = 0
  let q = 0
  if (p <= 0.5) {
    const x = p - eps
    for (;;) {
      sum += c[q] * f
      if (sum >= x) return q
      q++
    }
  }
  const x = 1 - p + eps
  for (;;) {
    sum += c[q] * f
    if (sum > x) return (n * (n + 1)) / 2 - q
    q++
  }
}

/**
 * Smallest two-sided exact p-value with n pairs: 2/2ⁿ (all differences of one sign), computed as the
 * test computes it (2·psignrank(0, n) = 2·exp(−n·ln 2), a few ulps above 2/2ⁿ for some n), so that a
 * test at n_min really reaches the level n_min was chosen for.
 */
export function signedRankMinP(n: number): number {
  return Math.min(1, 2 * Math.exp(-n * Math.LN2))
}

/**
 * Fewest pairs at which the exact signed-rank test can reach α/K: the smallest n with 2/2ⁿ ≤ α/K
 * (docs/statistics.md §13, n_min; 8 at α = 0.01, K = 1; 14 at K = 69).
 * @throws StatsInputError 'domain' for α outside (0, 1) or K not a positive integer
 */
export function signedRankMinPairs(alpha: number, k = 1): number {
  assertProbability(alpha, 'alpha')
  if (!(Number.isInteger(k) && k >= 1))
    throw new StatsInputError(
      'domain',
      'k',
      `k (the number of comparisons) must be a positive integer, got ${k}`
    )
  let n = 1
  while (signedRankMinP(n) > alpha / k) n++
  return n
}
