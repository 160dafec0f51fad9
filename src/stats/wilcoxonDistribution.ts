/**
 * The null distribution of the Wilcoxon rank-sum / Mann-Whitney statistic W (no ties), as R's
 * `dwilcox`, `pwilcox` and `qwilcox`.
 *
 * W = #{(i, j): x_i > y_j} for samples of sizes m and n drawn from one continuous distribution.
 * The distribution is built in probabilities, never in counts (R counts arrangements in doubles,
 * which are inexact beyond 2^53 ≈ 9e15 < C(98, 49) ≈ 2.5e28), with the recurrence of Mann & Whitney:
 *
 *   P_{m,n}(k) = m/(m+n) · P_{m−1,n}(k − n) + n/(m+n) · P_{m,n−1}(k),   P_{0,n} = P_{m,0} = δ_0
 *
 * (the largest of the m + n values is an x with probability m/(m+n), and then it beats all n y's).
 * Every step is a convex combination of non-negative numbers, so there is no cancellation and the
 * relative error of each probability stays within a few hundred ulps even in the far tails.
 *
 * References:
 * - H. B. Mann and D. R. Whitney (1947), "On a test of whether one of two random variables is
 *   stochastically larger than the other", Annals of Mathematical Statistics 18(1), 50–60 (the recurrence).
 * - R Core Team, R 4.2.2, src/nmath/wilcox.c (`cwilcox`, `pwilcox`, `qwilcox`: the tail-summation and
 *   the 10·DBL_EPSILON fuzz in `qwilcox` are reproduced so that quantiles are identical to R's).
 *
 * @module
 */
import { StatsInputError } from './errors.js'

/**
 * Largest m·n for which the exact distribution is built. Building costs about (m·n)²/4 multiply-adds
 * and 2·min(m, n)·max(m, n)²/2 doubles of scratch: at the limit (e.g. 100 × 100) about 25 M operations
 * (~110 ms on a 2-core VM) and 8 MB, once per (m, n). R's default switch to the normal approximation is m, n < 50.
 */
export const MAX_EXACT_PRODUCT = 10_000

/** How many (m, n) tables are memoized (least recently built are dropped first). */
const MAX_CACHED_TABLES = 32

interface WilcoxonTable {
  /** pmf[k] = P(W = k), k = 0..mn. */
  readonly pmf: Float64Array
  /** cum[k] = Σ_{i ≤ k} pmf[i], summed upwards from 0 as R does. */
  readonly cum: Float64Array
  readonly mn: number
}

const tables = new Map<string, WilcoxonTable>()

function checkSizes(m: number, n: number): void {
  for (const [value, name] of [
    [m, 'm'],
    [n, 'n']
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new StatsInputError('domain', name, `${name} must be an integer ≥ 1, got ${value}`)
    }
  }
  if (m * n > MAX_EXACT_PRODUCT) {
    throw new StatsInputError(
      'domain',
      'm·n',
      `the exact Wilcoxon distribution is limited to m·n ≤ ${MAX_EXACT_PRODUCT} (got ${m}·${n} = ${m * n}); ` +
        'use the normal approximation'
    )
  }
}

/** Builds P_{a,b} for a ≤ b by the Mann-Whitney recurrence. O(a²b²/4) time, O(a·b²) memory. */
function build(a: number, b: number): Float64Array {
  // prev[j] = P_{i−1, j} (length (i−1)·j + 1), cur[j] = P_{i, j} (length i·j + 1)
  let prev: Float64Array[] = []
  const delta = Float64Array.of(1)
  for (let j = 0; j <= b; j++) prev.push(delta)
  for (let i = 1; i <= a; i++) {
    const cur: Float64Array[] = [delta]
    for (let j = 1; j <= b; j++) {
      const len = i * j + 1
      const out = new Float64Array(len)
      const wx = i / (i + j)
      const wy = j / (i + j)
      const left = prev[j] // P_{i−1, j}, shifted by j
      const down = cur[j - 1] // P_{i, j−1}
      for (let k = 0; k < down.length; k++) out[k] = wy * down[k]
      for (let k = 0; k < left.length; k++) out[k + j] += wx * left[k]
      cur.push(out)
    }
    prev = cur
  }
  return prev[b]
}

function table(m: number, n: number): WilcoxonTable {
  checkSizes(m, n)
  const a = Math.min(m, n)
  const b = Math.max(m, n)
  const key = `${a},${b}`
  const hit = tables.get(key)
  if (hit) return hit
  const pmf = build(a, b) // the distribution is symmetric in (m, n)
  const cum = new Float64Array(pmf.length)
  let s = 0
  for (let k = 0; k < pmf.length; k++) {
    s += pmf[k]
    cum[k] = s
  }
  const t: WilcoxonTable = { pmf, cum, mn: a * b }
  if (tables.size >= MAX_CACHED_TABLES) tables.delete(tables.keys().next().value as string)
  tables.set(key, t)
  return t
}

/**
 * Probability mass P(W = x) of the Wilcoxon rank-sum statistic, as R's `dwilcox(x, m, n)`.
 *
 * Complexity: O((m·n)²/4) on the first call for a given {m, n} (memoized), then O(1).
 *
 * @param x any finite number; non-integers (beyond 1e-7) and values outside [0, m·n] have mass 0.
 * @param m size of the first sample, integer ≥ 1.
 * @param n size of the second sample, integer ≥ 1, with m·n ≤ MAX_EXACT_PRODUCT.
 * @throws StatsInputError 'domain' for x NaN, m or n not integers ≥ 1, or m·n > MAX_EXACT_PRODUCT.
 */
export function dwilcox(x: number, m: number, n: number): number {
  if (Number.isNaN(x)) throw new StatsInputError('domain', 'x', 'x must be a number, got NaN')
  const t = table(m, n)
  const k = Math.round(x)
  if (Math.abs(x - k) > 1e-7 || k < 0 || k > t.mn) return 0
  return t.pmf[k]
}

/**
 * Distribution function of the Wilcoxon rank-sum statistic, as R's `pwilcox(q, m, n, lower.tail)`:
 * P(W ≤ q), or P(W > q) when `lowerTail` is false. The shorter tail is summed, so small upper-tail
 * probabilities keep their relative accuracy. q is floored after adding 1e-7, as R does.
 *
 * Complexity: O((m·n)²/4) on the first call for a given {m, n} (memoized), then O(1).
 *
 * @param q any number except NaN (±Infinity allowed).
 * @param m size of the first sample, integer ≥ 1.
 * @param n size of the second sample, integer ≥ 1, with m·n ≤ MAX_EXACT_PRODUCT.
 * @param lowerTail true (default) for P(W ≤ q), false for P(W > q).
 * @throws StatsInputError 'domain' for q NaN, m or n not integers ≥ 1, or m·n > MAX_EXACT_PRODUCT.
 */
export function pwilcox(q: number, m: number, n: number, lowerTail = true): number {
  if (Number.isNaN(q)) throw new StatsInputError('domain', 'q', 'q must be a number, got NaN')
  const t = table(m, n)
  const qq = Math.floor(q + 1e-7)
  if (qq < 0) return lowerTail ? 0 : 1
  if (qq >= t.mn) return lowerTail ? 1 : 0
  let p: number
  let lower = lowerTail
  if (qq <= t.mn / 2) {
    p = t.cum[qq]
  } else {
    // P(W ≥ mn − qq ... ) by symmetry: sum the short tail below mn − qq
    p = t.cum[t.mn - qq - 1]
    lower = !lower
  }
  return lower ? p : 0.5 - p + 0.5
}

/**
 * Quantile of the Wilcoxon rank-sum statistic, as R's `qwilcox(p, m, n)`: the smallest integer q with
 * P(W ≤ q) ≥ p, with R's 10·DBL_EPSILON fuzz (so results are identical to R's).
 *
 * Complexity: O((m·n)²/4) on the first call for a given {m, n} (memoized), then O(m·n).
 *
 * Known difference: at p = 0.5 with m·n odd, P(W ≤ (m·n − 1)/2) is exactly 0.5; R's `choose()` (via
 * lgamma for large sizes) rounds it to just below 0.5 − 10ε for some sizes (e.g. 49 × 49), so R
 * answers one more than the exact quantile. Confidence intervals never ask for p ≥ 0.5.
 *
 * @param p probability in [0, 1]; 0 → 0, 1 → m·n.
 * @param m size of the first sample, integer ≥ 1.
 * @param n size of the second sample, integer ≥ 1, with m·n ≤ MAX_EXACT_PRODUCT.
 * @throws StatsInputError 'domain' for p NaN or outside [0, 1], m or n not integers ≥ 1, or
 *   m·n > MAX_EXACT_PRODUCT.
 */
export function qwilcox(p: number, m: number, n: number): number {
  if (!(p >= 0 && p <= 1)) throw new StatsInputError('domain', 'p', `p must be in [0, 1], got ${p}`)
  const t = table(m, n)
  if (p === 0) return 0
  if (p === 1) return t.mn
  if (p <= 0.5) {
    const target = p - 10 * Number.EPSILON
    let q = 0
    while (t.cum[q] < target) q++
    return q
  }
  const target = 1 - p + 10 * Number.EPSILON
  let q = 0
  while (!(t.cum[q] > target)) q++
  return t.mn - q
}

/**
 * Smallest two-sided p-value the exact test can give for sizes m and n: 2 / C(m + n, m), capped at 1.
 * Complexity O(min(m, n)).
 *
 * @param m size of the first sample, integer ≥ 1.
 * @param n size of the second sample, integer ≥ 1.
 * @throws StatsInputError 'domain' if m or n is not an integer ≥ 1.
 */
export function minExactPValue(m: number, n: number): number {
  for (const [value, name] of [
    [m, 'm'],
    [n, 'n']
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new StatsInputError('domain', name, `${name} must be an integer ≥ 1, got ${value}`)
    }
  }
  // 1 / C(m + n, a) = Π_{i=1..a} i / (b + i), a = min(m, n), b = max(m, n): a product of numbers < 1
  const a = Math.min(m, n)
  const b = Math.max(m, n)
  let inv = 1
  for (let i = 1; i <= a && inv > 0; i++) inv *= i / (b + i)
  return Math.min(1, 2 * inv)
}
