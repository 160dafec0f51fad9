/**
 * Hodges-Lehmann shift estimate and its confidence interval, and the same on the log scale as a
 * ratio of locations (docs/statistics.md §2).
 *
 * The estimate is the median of the m·n pairwise differences D = {x_i − y_j}; the CI is the pair of
 * order statistics [D_(k_lo), D_(k_hi)] of D that inverts the Mann-Whitney test. D is never built:
 * both samples are sorted once, and D_(k) is found by searching on the value t with a two-pointer
 * count of #{x_i − y_j ≤ t} in O(m + n) per step (see `kthPairwiseDifference`).
 *
 * References:
 * - J. L. Hodges and E. L. Lehmann (1963), "Estimates of location based on rank tests", Annals of
 *   Mathematical Statistics 34(2), 598–611 (the estimator).
 * - D. F. Bauer (1972), "Constructing confidence sets using rank statistics", Journal of the American
 *   Statistical Association 67(339), 687–690 (the exact CI from Wilcoxon quantiles).
 * - E. L. Lehmann (1975), Nonparametrics: Statistical Methods Based on Ranks, Holden-Day, §2.6 and
 *   Appendix (the normal-approximation CI).
 * - R Core Team, R 4.2.2, src/library/stats/R/wilcox.test.R (`wilcox.test.default`, `conf.int = TRUE`):
 *   exact CI identical; asymptotic CI equal to R's `uniroot` result within its `tol.root`.
 * - Selection by value with row-wise counting as in J. F. Monahan (1984), "Algorithm 616: fast
 *   computation of the Hodges-Lehmann location estimator", ACM TOMS 10(3), 265–270, and D. B. Johnson
 *   and T. Mizoguchi (1978), "Selecting the Kth element in X + Y and X1 + X2 + ... + Xm", SIAM J.
 *   Computing 7(2), 147–153; here the pivot is a bisection point (see `kthPairwiseDifference`).
 *
 * @module
 */
import { assertFinite, assertPositive, assertProbability, assertSize, StatsInputError } from './errors.js'
import { rankTestMethod } from './mannWhitney.js'
import { normalQuantile, normalSf } from './normal.js'
import { tieInfo, type TieInfo } from './ranks.js'
import { sortedCopy } from './summary.js'
import { MAX_EXACT_PRODUCT, pwilcox, qwilcox } from './wilcoxonDistribution.js'

/** Default confidence level of the interval. */
export const DEFAULT_CONF_LEVEL = 0.95

/** Steps of the search that may interpolate; bit-pattern bisection only after these. */
const INTERPOLATION_STEPS = 64

export interface HodgesLehmannOptions {
  /** Confidence level of the interval, in (0, 1). Default 0.95. */
  readonly confLevel?: number
  /** As R's `exact`: default exact when m < 50 and n < 50 and no ties in the pooled sample. */
  readonly exact?: boolean
  /** As R's `correct`: continuity correction in the normal-approximation CI. Default true. */
  readonly correct?: boolean
}

export interface HodgesLehmannResult {
  /** Shift: median of {x_i − y_j}. Ratio: exp of the shift of the logs (ratio of locations). */
  readonly estimate: number
  /** Confidence interval [lower, upper] for the shift (ratio: for the ratio). */
  readonly ci: [number, number]
  readonly method: 'exact' | 'normal'
  /**
   * Confidence level of `ci`: the requested one, or, in the exact case when the samples are too
   * small to reach it, the achieved level 1 − 2·P(W < qu) (as R reports it), with a warning.
   */
  readonly confLevel: number
  /**
   * Set when the requested level is beyond reach, so the interval fell back to [min, max] of the
   * differences: that interval's true level (exact: = confLevel; normal approximation: 1 − the
   * smallest attainable p, where R keeps reporting the requested level). A verdict may not be read
   * off such an interval at the requested level (docs/statistics.md §6).
   */
  readonly fallbackLevel?: number
  readonly warnings: string[]
}

// ---------------------------------------------------------------------------------------------
// Selection of D_(k) without building D

/** Set by `countAtMost`: largest difference ≤ t, smallest difference > t (±Infinity if none). */
let below = 0
let above = 0

/**
 * #{(i, j): xs[i] − ys[j] ≤ t} by two pointers, O(m + n); also sets `below`/`above`.
 * For row i the differences xs[i] − ys[j] decrease with j, so the first j with xs[i] − ys[j] ≤ t
 * starts the counted part of the row; it never moves left as i grows (rounding is monotone).
 */
function countAtMost(xs: Float64Array, ys: Float64Array, t: number): number {
  const m = xs.length
  const n = ys.length
  let j = 0
  let count = 0
  let b = -Infinity
  let a = Infinity
  for (let i = 0; i < m; i++) {
    const x = xs[i]
    while (j < n && x - ys[j] > t) j++
    count += n - j
    if (j < n) {
      const d = x - ys[j]
      if (d > b) b = d
    }
    if (j > 0) {
      const d = x - ys[j - 1]
      if (d < a) a = d
    }
  }
  below = b
  above = a
  return count
}

const f64 = new Float64Array(1)
const i64 = new BigInt64Array(f64.buffer)
const SIGN = 1n << 63n

/** Maps a double to an integer with the same order (−0 and +0 both to 0). */
function orderedBits(v: number): bigint {
  f64[0] = v
  const b = i64[0]
  return b >= 0n ? b : -BigInt.asUintN(63, b)
}

function fromOrderedBits(k: bigint): number {
  i64[0] = k >= 0n ? k : BigInt.asIntN(64, -k | SIGN)
  return f64[0]
}

/** The midpoint of [lo, hi) in representable doubles: lo ≤ t < hi, halving the doubles in between. */
function bitMidpoint(lo: number, hi: number): number {
  const a = orderedBits(lo)
  return fromOrderedBits(a + (orderedBits(hi) - a) / 2n)
}

/** One counting pass: c = #{D ≤ t}, `below` = max{D ≤ t}, `above` = min{D > t}. */
interface Probe {
  readonly c: number
  readonly below: number
  readonly above: number
}

/**
 * @internal The k-th smallest (1-based) of the m·n differences xs[i] − ys[j], exactly as the k-th
 * element of R's `sort(outer(x, y, "-"))`, without building them.
 *
 * Invariant: lo ≤ D_(k) ≤ hi, both actual differences (initially D_(1) and D_(mn)), with the counts
 * cLo = #{D < lo} and cHi = #{D ≤ hi}. Each step counts c = #{D ≤ t} at a point lo ≤ t < hi and snaps
 * to real differences: c ≥ k gives hi = the largest difference ≤ t, c < k the smallest difference > t
 * as lo; c = k or k − 1 identifies D_(k) at once. The point t is
 * - during the first 64 steps, the linear interpolation of the counts at lo and hi to k − ½ (the
 *   "regula falsi" on the empirical distribution of D; a handful of steps on smooth data), except that
 *   a step that did not halve cHi − cLo is followed by one bisection step;
 * - the bisection point of the doubles' bit patterns (halves the number of representable doubles in
 *   [lo, hi], whatever their magnitudes) otherwise, and always after 64 steps,
 * so the search ends after at most 64 + 64 = 128 counting passes; measured: ~7–12 on lognormal data,
 * m = n = 100,000. The k-th value is compared as computed, `xs[i] − ys[j] ≤ t`, so ties and rounding
 * behave as in R's sorted `outer`.
 *
 * Complexity: O((m + n) · 128) time worst case, O(1) extra space.
 *
 * @param xs ascending finite numbers, length ≥ 1 (not checked).
 * @param ys ascending finite numbers, length ≥ 1 (not checked).
 * @param k integer in [1, m·n].
 * @throws StatsInputError 'domain' (subject 'k') if k is not an integer in [1, m·n].
 */
export function kthPairwiseDifference(xs: Float64Array, ys: Float64Array, k: number): number {
  const m = xs.length
  const n = ys.length
  if (!Number.isInteger(k) || k < 1 || k > m * n) {
    throw new StatsInputError('domain', 'k', `k must be an integer in [1, ${m * n}], got ${k}`)
  }
  return select(xs, ys, k, [])
}

/**
 * D_(k), starting from the brackets that earlier probes on the same data give (`probes` collects the
 * passes of this call too), so the order statistics of one estimate share their work.
 */
function select(xs: Float64Array, ys: Float64Array, k: number, probes: Probe[]): number {
  const mn = xs.length * ys.length
  let lo = xs[0] - ys[ys.length - 1]
  let hi = xs[xs.length - 1] - ys[0]
  if (k === 1) return lo
  if (k === mn) return hi
  let cLo = 0 // #{D < lo}
  let cHi = mn // #{D ≤ hi}
  for (const p of probes) {
    if (p.c === k) return p.below
    if (p.c === k - 1) return p.above
    if (p.c > k && p.below < hi) {
      hi = p.below
      cHi = p.c
    } else if (p.c < k && p.above > lo) {
      lo = p.above
      cLo = p.c
    }
  }
  let interpolate = true
  for (let step = 0; lo < hi; step++) {
    let t = NaN
    if (interpolate && step < INTERPOLATION_STEPS) {
      // the value where a linear count from (lo, cLo) to (hi, cHi) reaches k − ½
      t = lo + ((k - cLo - 0.5) / (cHi - cLo)) * (hi - lo)
      if (t < lo) t = lo
    }
    if (!(t < hi)) t = bitMidpoint(lo, hi)
    const before = cHi - cLo
    const c = countAtMost(xs, ys, t)
    probes.push({ c, below, above })
    if (c === k) return below
    if (c === k - 1) return above
    if (c > k) {
      hi = below
      cHi = c
    } else {
      lo = above
      cLo = c
    }
    // interpolate again only after a step that halved the candidates (else bisect once)
    interpolate = !interpolate || 2 * (cHi - cLo) <= before
  }
  return hi
}

/**
 * Median of the differences (mean of the two middle ones when m·n is even), exactly as R's
 * `median(outer(x, y, "-"))`; the two middle ones share one search.
 */
function median(xs: Float64Array, ys: Float64Array, probes: Probe[]): number {
  const mn = xs.length * ys.length
  if (mn % 2 === 1) return select(xs, ys, (mn + 1) / 2, probes)
  return (select(xs, ys, mn / 2, probes) + select(xs, ys, mn / 2 + 1, probes)) / 2
}

/**
 * @internal Median of the m·n differences xs[i] − ys[j] (mean of the two middle ones when m·n is
 * even), exactly as R's `median(outer(x, y, "-"))`. Complexity as `kthPairwiseDifference`.
 *
 * @param xs ascending finite numbers, length ≥ 1 (not checked).
 * @param ys ascending finite numbers, length ≥ 1 (not checked).
 */
export function medianPairwiseDifference(xs: Float64Array, ys: Float64Array): number {
  return median(xs, ys, [])
}

// ---------------------------------------------------------------------------------------------
// Estimator and confidence interval

function checkOptions(options: HodgesLehmannOptions): number {
  const confLevel = options.confLevel ?? DEFAULT_CONF_LEVEL
  assertProbability(confLevel, 'confLevel')
  return confLevel
}

function checkSamples(x: ArrayLike<number>, y: ArrayLike<number>): void {
  assertSize(x, 1, 'x', 'the Hodges-Lehmann estimator')
  assertSize(y, 1, 'y', 'the Hodges-Lehmann estimator')
  assertFinite(x, 'x')
  assertFinite(y, 'y')
}

/**
 * The estimator and CI on sorted arrays; `ties` (of the original samples) decides exact vs normal
 * and gives the within-sample tie corrections.
 */
function core(
  xs: Float64Array,
  ys: Float64Array,
  ties: TieInfo,
  options: HodgesLehmannOptions
): HodgesLehmannResult {
  let confLevel = checkOptions(options)
  const m = xs.length
  const n = ys.length
  const mn = m * n
  const warnings: string[] = []
  const probes: Probe[] = []
  const estimate = median(xs, ys, probes)
  if (xs[0] === xs[m - 1] && ys[0] === ys[n - 1] && xs[0] === ys[0]) warnings.push('all samples are equal')

  const method = rankTestMethod(m, n, ties, options.exact)
  if (method.reason === 'ties') {
    warnings.push('ties present: the exact confidence interval is not available, normal approximation used')
  } else if (method.reason === 'too-large') {
    warnings.push(
      `exact confidence interval limited to m·n ≤ ${MAX_EXACT_PRODUCT}: normal approximation used`
    )
  }
  const alpha = 1 - confLevel

  let kLo: number
  let kHi: number
  let fallbackLevel: number | undefined
  if (method.exact) {
    // Bauer (1972), as R: qu = qwilcox(α/2, m, n) (1 if 0), CI = [D_(qu), D_(mn − qu + 1)]
    let qu = qwilcox(alpha / 2, m, n)
    if (qu === 0) qu = 1
    kLo = qu
    kHi = mn - qu + 1
    const achieved = 2 * pwilcox(qu - 1, m, n)
    if (achieved - alpha > alpha / 2) {
      const requested = confLevel
      confLevel = 1 - achieved
      fallbackLevel = confLevel
      warnings.push(
        `requested confidence level ${requested} not achievable with m = ${m}, n = ${n}: ` +
          `the interval [min, max] of the differences has level ${confLevel.toPrecision(3)}`
      )
    }
  } else {
    // R's uniroot solves (U(d) − mn/2 ∓ ½)/σ = ±z on the step function U(d) = #{D > d}; the roots are
    // the order statistics below. σ has ties within x and within y only (none across at a generic d).
    const N = m + n
    const sigma = Math.sqrt((mn / 12) * (N + 1 - (ties.withinX + ties.withinY) / (N * (N - 1))))
    const z = -normalQuantile(alpha / 2)
    const cc = options.correct === false ? 0 : 0.5
    const half = sigma > 0 ? z * sigma : 0
    kLo = Math.floor(mn / 2 - cc - half) + 1
    kHi = Math.floor(mn / 2 + cc + half) + 1
    if (kLo < 1 && sigma > 0) {
      // [D_(1), D_(mn)]: its level is 1 − the normal p of the most extreme U (|U − mn/2| = mn/2).
      fallbackLevel = 1 - 2 * normalSf(Math.max(0, mn / 2 - cc) / sigma)
      warnings.push(
        `requested confidence level ${confLevel} not reachable with m = ${m}, n = ${n} and these ties: ` +
          `the interval [min, max] of the differences has level ${fallbackLevel.toPrecision(3)} (normal approximation)`
      )
    }
    kLo = clamp(kLo, 1, mn)
    kHi = clamp(kHi, 1, mn)
  }
  const ci: [number, number] = [select(xs, ys, kLo, probes), select(xs, ys, kHi, probes)]
  return {
    estimate,
    ci,
    method: method.exact ? 'exact' : 'normal',
    confLevel,
    ...(fallbackLevel !== undefined && { fallbackLevel }),
    warnings
  }
}

function clamp(k: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, k))
}

/**
 * Hodges-Lehmann estimate of the shift of x relative to y (positive: x is larger, i.e. head slower)
 * with its confidence interval, as R's `wilcox.test(x, y, conf.int = TRUE)`:
 *
 * - estimate = median{x_i − y_j} exactly (the mean of the two middle differences when m·n is even;
 *   R's normal-approximation branch returns an arbitrary point of that flat middle instead);
 * - exact CI (m, n < 50, no ties): [D_(qu), D_(mn−qu+1)], qu = qwilcox(α/2, m, n) or 1 if 0, identical
 *   to R; when even [D_(1), D_(mn)] has a lower level, that level is reported with a warning;
 * - otherwise [D_(k_lo), D_(k_hi)], k_lo = ⌊mn/2 − ½ − zσ⌋ + 1, k_hi = ⌊mn/2 + ½ + zσ⌋ + 1 clipped to
 *   [1, mn], z = Φ⁻¹(1 − α/2), σ² = mn/12·(N + 1 − Σ(t³ − t)/(N(N − 1))) over ties within x and within y:
 *   R's `uniroot` result, within its `tol.root`.
 *
 * Complexity: O(m log m + n log n) for the sorts, then O((m + n) · 128) worst case for each of the
 * (at most four) order statistics; m = n = 100,000 takes well under a second. Space O(m + n).
 *
 * @param x head sample: finite numbers, at least 1 (any order; not modified).
 * @param y base sample: finite numbers, at least 1.
 * @param options `{ confLevel = 0.95, exact?, correct? }`; confLevel in (0, 1).
 * @throws StatsInputError 'empty' for an empty sample, 'not-finite' for NaN or ±Infinity, 'domain'
 *   (subject 'confLevel') for confLevel outside (0, 1).
 */
export function hodgesLehmann(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  options: HodgesLehmannOptions = {}
): HodgesLehmannResult {
  checkOptions(options)
  checkSamples(x, y)
  return hodgesLehmannSorted(sortedCopy(x), sortedCopy(y), options)
}

/**
 * @internal `hodgesLehmann` on samples already sorted ascending (finite, non-empty; not checked).
 * Complexity O((m + n) · 128) worst case per order statistic.
 *
 * @param ties tie sums of xs and ys if the caller already has them (computed otherwise).
 * @throws StatsInputError 'domain' (subject 'confLevel') for confLevel outside (0, 1).
 */
export function hodgesLehmannSorted(
  xs: Float64Array,
  ys: Float64Array,
  options: HodgesLehmannOptions = {},
  ties: TieInfo = tieInfo(xs, ys)
): HodgesLehmannResult {
  return core(xs, ys, ties, options)
}

/**
 * Ratio of locations of x to y (e.g. 1.03: head is 3% slower) with its confidence interval: the
 * Hodges-Lehmann shift of ln x against ln y, exponentiated (estimate = exp(median{ln x_i − ln y_j}),
 * ci = exp of the shift CI), as `pairwiseCI::HL.ratio`. Rank tests are invariant under ln, so the
 * exact/normal choice and the tie corrections are those of the original samples.
 *
 * Complexity: as `hodgesLehmann`, plus O(m + n) logarithms.
 *
 * @param x head sample: finite numbers > 0, at least 1 (any order; not modified).
 * @param y base sample: finite numbers > 0, at least 1.
 * @param options `{ confLevel = 0.95, exact?, correct? }`; confLevel in (0, 1).
 * @throws StatsInputError 'empty' for an empty sample, 'not-finite' for NaN or ±Infinity,
 *   'not-positive' for a value ≤ 0, 'domain' (subject 'confLevel') for confLevel outside (0, 1).
 */
export function hodgesLehmannRatio(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  options: HodgesLehmannOptions = {}
): HodgesLehmannResult {
  checkOptions(options)
  checkSamples(x, y)
  assertPositive(x, 'x')
  assertPositive(y, 'y')
  return hodgesLehmannRatioSorted(sortedCopy(x), sortedCopy(y), options)
}

/**
 * @internal `hodgesLehmannRatio` on samples already sorted ascending (finite, > 0, non-empty; not
 * checked). Complexity O(m + n) logarithms plus `hodgesLehmannSorted`.
 *
 * @param ties tie sums of xs and ys if the caller already has them (computed otherwise).
 * @throws StatsInputError 'domain' (subject 'confLevel') for confLevel outside (0, 1).
 */
export function hodgesLehmannRatioSorted(
  xs: Float64Array,
  ys: Float64Array,
  options: HodgesLehmannOptions = {},
  ties: TieInfo = tieInfo(xs, ys)
): HodgesLehmannResult {
  const r = core(sortedLog(xs), sortedLog(ys), ties, options)
  return { ...r, estimate: Math.exp(r.estimate), ci: [Math.exp(r.ci[0]), Math.exp(r.ci[1])] }
}

/** ln of an ascending array, kept ascending (Math.log is not guaranteed monotone to the last ulp). */
function sortedLog(sorted: Float64Array): Float64Array {
  const out = sorted.map(Math.log)
  for (let i = 1; i < out.length; i++) if (out[i] < out[i - 1]) return out.sort()
  return out
}
