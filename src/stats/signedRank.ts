/**
 * Wilcoxon signed-rank test of paired differences with the Hodges-Lehmann estimate of Walsh averages
 * and its confidence interval, as R 4.2.2's `wilcox.test(d, conf.int = TRUE)` (= `wilcox.test(x, y,
 * paired = TRUE, conf.int = TRUE)` with d = x − y) (docs/statistics.md §13). benchgate applies it to the
 * per-round log-ratios ln(head_i / base_i) of designs whose pairs are adjacent in time.
 *
 * - Zeros are dropped (R's default); exact when n < 50 with no ties and no zeros, else the normal
 *   approximation with tie and continuity corrections — R's rule and formulas.
 * - Exact CI: [W_(qu), W_(M − qu + 1)] of the M = n(n+1)/2 sorted Walsh averages, qu = qsignrank(α/2, n)
 *   (1 if 0); when even [min, max] has a lower level, that level (1 − signif(achieved α, 2)) with a warning.
 * - Asymptotic CI and estimate: R solves W(d) = ±z (and W(d) = 0 without continuity correction for the
 *   estimate) with `uniroot` on the step function W; here the same W is solved by bisection to the
 *   jump it crosses, which R's root is within `tol.root` (1e-4) of. Where W(d) = 0 on a whole stretch
 *   between two Walsh averages, R's estimate is an arbitrary point of it, and so is ours.
 * - Degenerate input, where R returns NaN (as mannWhitney.ts, benchgate answers with finite values):
 *   every difference zero → p = 1, estimate 0, interval [0, 0] at level 0; every non-zero difference
 *   equal (normal branch) → interval [x, x] at level 0 (R: [NaN, NaN] at level 0), estimate x as R's.
 *   Both with a warning.
 *
 * References: F. Wilcoxon (1945), Biometrics Bulletin 1(6); J. L. Hodges and E. L. Lehmann (1963),
 * Ann. Math. Statist. 34(2); M. Hollander, D. A. Wolfe and E. Chicken (2014), Nonparametric
 * Statistical Methods, 3rd ed., §3.1–3.2; R Core Team, R 4.2.2, src/library/stats/R/wilcox.test.R and
 * src/nmath/signrank.c (psignrank, qsignrank: ported here, with their fuzz).
 *
 * @module
 */
import { assertFinite, assertProbability, assertSize } from './errors.js'
import { normalCdf, normalQuantile, normalSf } from './normal.js'
import { averageRanks } from './ranks.js'
import { psignrank, qsignrank } from './signedRankDistribution.js'

export { psignrank, qsignrank, signedRankMinP, signedRankMinPairs } from './signedRankDistribution.js'

/** R uses the exact distribution below this many non-zero differences (without ties or zeros). */
export const MAX_EXACT_PAIRS = 50

export interface SignedRankOptions {
  /** Confidence level of the interval, in (0, 1). Default 0.95. */
  readonly confLevel?: number
  /** As R's `exact` (default: n < 50 and no ties or zeros). */
  readonly exact?: boolean
  /** As R's `correct`: continuity correction of the normal approximation. Default true. */
  readonly correct?: boolean
}

export interface SignedRankResult {
  /** R's V: the sum of the ranks of |d| over the positive differences. */
  readonly v: number
  readonly pValue: number
  readonly method: 'exact' | 'normal'
  /** Hodges-Lehmann estimate: the (pseudo)median, median of the Walsh averages (exact branch). */
  readonly estimate: number
  readonly ci: [number, number]
  /** The interval's level (lower than requested when it was beyond reach, as R reports it). */
  readonly confLevel: number
  /** Set (= confLevel) only when the requested level was beyond reach and the interval's level is lower. */
  readonly achievedConfLevel?: number
  /** Non-zero differences used, zeros dropped. */
  readonly n: number
  readonly zeros: number
  readonly ties: boolean
  readonly warnings: string[]
}

/**
 * The signed-rank test, estimate and interval of `d` (differences, e.g. ln(head/base) per round).
 * @throws StatsInputError for no values, non-finite values, confLevel outside (0, 1)
 */
export function wilcoxonSignedRank(d: ArrayLike<number>, options: SignedRankOptions = {}): SignedRankResult {
  const { all, confLevel } = checkedDifferences(d, options)
  const x = all.filter((v) => v !== 0)
  const zeros = all.length - x.length
  const n = x.length
  const warnings: string[] = []
  if (n === 0) {
    // R: p, interval and estimate NaN (0/0). Here: no evidence of a shift, and an interval of level 0.
    warnings.push('every difference is zero: nothing can be tested')
    return allZeroResult('normal', 0, n, zeros, warnings)
  }
  const r = averageRanks(x.map(Math.abs))
  let v = 0
  for (let i = 0; i < n; i++) if (x[i] > 0) v += r[i]
  const ties = new Set(r).size !== n
  const exact = (options.exact ?? n < MAX_EXACT_PAIRS) && !ties && zeros === 0
  if (exact) return exactBranch(all, n, v, confLevel, warnings)
  if ((options.exact ?? n < MAX_EXACT_PAIRS) && (ties || zeros > 0))
    warnings.push(`cannot compute exact p-value and confidence interval with ${ties ? 'ties' : 'zeroes'}`)
  const correct = options.correct ?? true
  const z0 = v - (n * (n + 1)) / 4
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieTerm(r) / 48)
  const z = (z0 - (correct ? Math.sign(z0) * 0.5 : 0)) / sigma
  const pValue = 2 * Math.min(normalCdf(z), normalSf(z))
  const ci = asymptoticInterval(x, confLevel, correct, warnings)
  return {
    v,
    pValue,
    method: 'normal',
    estimate: ci.estimate,
    ci: ci.ci,
    confLevel: ci.confLevel,
    ...(ci.confLevel < confLevel ? { achievedConfLevel: ci.confLevel } : {}),
    n,
    zeros,
    ties,
    warnings
  }
}

/** Every difference zero: p = 1, estimate 0, interval [0, 0] at `level` (R's answer is NaN). */
export function allZeroResult(
  method: 'exact' | 'normal',
  level: number,
  n: number,
  zeros: number,
  warnings: string[]
): SignedRankResult {
  return {
    v: 0,
    pValue: 1,
    method,
    estimate: 0,
    ci: [0, 0],
    confLevel: level,
    achievedConfLevel: level,
    n,
    zeros,
    ties: false,
    warnings
  }
}

/** The differences as an array and the interval's level, checked (the paired procedures' inputs). */
export function checkedDifferences(
  d: ArrayLike<number>,
  options: SignedRankOptions
): { all: number[]; confLevel: number } {
  assertSize(d, 1, 'd', 'the signed-rank test')
  assertFinite(d, 'd')
  const confLevel = options.confLevel ?? 0.95
  assertProbability(confLevel, 'confLevel')
  return { all: Array.from(d), confLevel }
}

function exactBranch(
  x: number[],
  n: number,
  v: number,
  confLevel: number,
  warnings: string[]
): SignedRankResult {
  const half = (n * (n + 1)) / 4
  const p = v > half ? psignrank(v - 1, n, false) : psignrank(v, n)
  const walsh = walshAverages(x)
  const { ci, level } = exactWalshInterval(walsh, n, confLevel, warnings)
  return {
    v,
    pValue: Math.min(2 * p, 1),
    method: 'exact',
    estimate: medianR(walsh),
    ci,
    confLevel: level,
    ...(level !== confLevel ? { achievedConfLevel: level } : {}),
    n,
    zeros: 0,
    ties: false,
    warnings
  }
}

/**
 * R's exact interval from the n(n+1)/2 sorted Walsh averages of n untied values: [W_(qu), W_(M − qu + 1)],
 * qu = qsignrank(α/2, n) (1 if 0); when even [min, max] has a lower level, that level, with a warning.
 */
export function exactWalshInterval(
  walsh: Float64Array,
  n: number,
  confLevel: number,
  warnings: string[]
): { ci: [number, number]; level: number } {
  const alpha = 1 - confLevel
  let qu = qsignrank(alpha / 2, n)
  if (qu === 0) qu = 1
  const ql = (n * (n + 1)) / 2 - qu
  const achieved = 2 * psignrank(Math.trunc(qu) - 1, n)
  let level = confLevel
  if (achieved - alpha > alpha / 2) {
    level = 1 - signif(achieved, 2)
    warnings.push(
      `requested conf.level not achievable: the interval [min, max] of the Walsh averages has level ${level}`
    )
  }
  return { ci: [walsh[qu - 1], walsh[ql]], level }
}

/** R's signif(x, digits): x·10^k rounded half to even (nearbyint), as R's fprec does; 0.0625 -> 0.062. */
function signif(x: number, digits: number): number {
  if (x === 0 || !Number.isFinite(x)) return x
  const p10 = Math.pow(10, digits - 1 - Math.floor(Math.log10(Math.abs(x))))
  const y = x * p10
  const r = Math.round(y)
  const even = Math.abs(y - Math.trunc(y)) === 0.5 && r % 2 !== 0 ? r - 1 : r
  return even / p10
}

/**
 * R's median of an ascending array: the middle value, or the mean of the two middle ones as R's `mean`
 * computes it (in long double, so the correctly rounded midpoint: a/2 + b/2, both halves exact). The
 * double-precision two-pass mean (summary.ts) can be 1 ulp off it, and the estimate must be R's exactly.
 */
export function medianR(sorted: ArrayLike<number>): number {
  const half = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[half] : sorted[half - 1] / 2 + sorted[half] / 2
}

/** The n(n+1)/2 Walsh averages (x_i + x_j)/2, i ≤ j, sorted. */
export function walshAverages(x: readonly number[]): Float64Array {
  const out = new Float64Array((x.length * (x.length + 1)) / 2)
  let k = 0
  for (let i = 0; i < x.length; i++) for (let j = i; j < x.length; j++) out[k++] = (x[i] + x[j]) / 2
  return out.sort()
}

/** Σ(t³ − t) over groups of tied ranks. */
export function tieTerm(ranks: Float64Array): number {
  const groups = new Map<number, number>()
  for (const r of ranks) groups.set(r, (groups.get(r) ?? 0) + 1)
  let s = 0
  for (const t of groups.values()) s += t * t * t - t
  return s
}

/** R's W(d): the standardized signed-rank statistic of x − d (zeros dropped, ties corrected). */
function standardized(x: readonly number[], d: number, correct: boolean): number {
  const xd = x.map((v) => v - d).filter((v) => v !== 0)
  const nx = xd.length
  if (nx === 0) return 0
  const dr = averageRanks(xd.map(Math.abs))
  let zd = -(nx * (nx + 1)) / 4
  for (let i = 0; i < nx; i++) if (xd[i] > 0) zd += dr[i]
  const sigma = Math.sqrt((nx * (nx + 1) * (2 * nx + 1)) / 24 - tieTerm(dr) / 48)
  if (sigma === 0) return 0
  return (zd - (correct ? Math.sign(zd) * 0.5 : 0)) / sigma
}

/**
 * R's asymptotic interval and estimate: roots of W(d) = zq between min and max of x (W decreases in d),
 * α doubled while the requested level is beyond reach, as R does.
 */
function asymptoticInterval(
  x: readonly number[],
  confLevel: number,
  correct: boolean,
  warnings: string[]
): { estimate: number; ci: [number, number]; confLevel: number } {
  const lo = Math.min(...x)
  const hi = Math.max(...x)
  if (lo === hi) {
    // R: W(min) = 0/0, so the interval is [NaN, NaN] at level 0 and the estimate the midrange. Here the
    // same level and estimate, and the degenerate interval [x, x] instead of NaN.
    warnings.push('cannot compute confidence interval when all observations are tied')
    return { estimate: lo, ci: [lo, lo], confLevel: 0 }
  }
  const wLo = standardized(x, lo, correct)
  const wHi = standardized(x, hi, correct)
  let alpha = 1 - confLevel
  let level = confLevel
  for (;;) {
    if (wLo - normalQuantile(1 - alpha / 2) < 0 || wHi - normalQuantile(alpha / 2) > 0) alpha *= 2
    else break
  }
  if (alpha >= 1 || 1 - confLevel < alpha * 0.75) {
    level = 1 - Math.min(1, alpha)
    warnings.push('requested conf.level not achievable')
  }
  const root = (zq: number, cc: boolean): number => {
    if (standardized(x, lo, cc) - zq <= 0) return lo
    if (standardized(x, hi, cc) - zq >= 0) return hi
    let a = lo
    let b = hi
    // Bisection to the jump of the step function W that crosses zq (R's uniroot lands within tol.root of
    // it), down to adjacent doubles whatever the scale of the data (log-ratios may be ~1e-7): 200 halvings
    // of [min, max] leave less than an ulp of any non-tiny bound.
    for (let i = 0; i < 200; i++) {
      const m = (a + b) / 2
      if (m <= a || m >= b) break
      const f = standardized(x, m, cc) - zq
      if (f === 0) return m
      if (f > 0) a = m
      else b = m
    }
    return (a + b) / 2
  }
  const sorted = Float64Array.from(x).sort()
  const ci: [number, number] =
    alpha < 1
      ? [root(normalQuantile(1 - alpha / 2), correct), root(normalQuantile(alpha / 2), correct)]
      : [medianR(sorted), medianR(sorted)]
  return { estimate: root(0, false), ci, confLevel: level }
}
