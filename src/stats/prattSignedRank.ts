/**
 * The paired signed-rank test, estimate and interval with the zero differences kept (Pratt's
 * treatment; docs/pairs.md "Zero differences"). Without zeros it is R's `wilcox.test(d, conf.int = TRUE)`
 * exactly (signedRank.ts); with zeros R drops them, and 10 equal pairs next to 10 pairs 12–21% slower
 * came out +16.5% [+12.5%, +20.5%] while the median pair ratio was +5.8%.
 *
 * - Test (θ = 0): |d| ranked over all n differences, zeros included (average ranks), V = Σ of the
 *   ranks of the positive d; the zeros' ranks count in neither V nor its null distribution. Exact when
 *   n < 50 and the non-zero |d| are untied (V sums a random subset of the ranks z+1..n, z zeros), else
 *   the normal approximation with E = Σ r/2 and Var = Σ r²/4 over the non-zero ranks (tie-corrected)
 *   and R's continuity correction — coin's `wilcoxsign_test(zero.method = "Pratt")`.
 * - Estimate: the median of all n(n+1)/2 Walsh averages (d_i + d_j)/2, i ≤ j, zeros kept.
 * - Interval: the shifts θ whose test of d − θ is not rejected (p ≥ α). Between two consecutive Walsh
 *   averages d − θ has no zeros, V(θ) = #{Walsh averages > θ} (Tukey) falls as θ grows, and the tie
 *   structure (equal d values) is the same in every gap, so the accepted gaps form one run and the
 *   interval is its closure, from one Walsh average to another. Without repeated values that is R's
 *   exact [W_(qu), W_(M − qu + 1)] with M = n(n+1)/2 (at most one zero); with repeated values (two or
 *   more zeros, ties) the normal approximation of the test, evaluated at each gap's midpoint.
 *   At θ = 0 itself the zeros' fixed signs lower the null variance (Pratt 1959: the test is not
 *   monotone there), so the test may reject 0 while the gap just above 0 is not rejected: the
 *   interval then ends at 0, and the verdict, read off the interval (§7), calls no change. With many
 *   zeros (46 of 80) every gap near 0 can be rejected — just beside 0 the zeros become one block of
 *   tied same-sign values — while 0 itself is not: the interval is then [0, 0].
 * - Every difference zero: the interval is [0, 0] — every θ ≠ 0 puts all n values on one side, the
 *   exact p = 2^(1−n) — at the level 1 − 2^(1−n) stated (achievedConfLevel), estimate 0, p = 1.
 *
 * References: J. W. Pratt (1959), "Remarks on zeros and ties in the Wilcoxon signed rank procedures",
 * JASA 54(287); J. W. Tukey (1949), the Walsh-average identity; T. Hothorn et al., R package coin 1.4,
 * `wilcoxsign_test`.
 *
 * @module
 */
import { normalCdf, normalSf } from './normal.js'
import { averageRanks } from './ranks.js'
import {
  MAX_EXACT_PAIRS,
  allZeroResult,
  checkedDifferences,
  exactWalshInterval,
  medianR,
  walshAverages,
  wilcoxonSignedRank,
  type SignedRankOptions,
  type SignedRankResult
} from './signedRank.js'
import { psignrank, signedRankMinP } from './signedRankDistribution.js'

/**
 * The signed-rank test, Hodges-Lehmann estimate and interval of the differences `d`, zeros kept.
 * `n` in the result counts every difference (zeros included), `zeros` the zeros among them.
 * @throws StatsInputError for no values, non-finite values, confLevel outside (0, 1)
 */
export function prattSignedRank(d: ArrayLike<number>, options: SignedRankOptions = {}): SignedRankResult {
  const { all, confLevel } = checkedDifferences(d, options)
  const n = all.length
  const zeros = all.filter((v) => v === 0).length
  if (zeros === 0) return wilcoxonSignedRank(all, options)
  const warnings: string[] = []
  if (zeros === n) return allZero(n, warnings)
  const correct = options.correct ?? true
  const exactAllowed = options.exact ?? n < MAX_EXACT_PAIRS
  const test = prattTest(all, zeros, exactAllowed, correct)
  const walsh = walshAverages(all)
  // Repeated values in d are ties of |d − θ| in every gap between Walsh averages: R's rule (exact only
  // without ties) applied to the test of d − θ the interval inverts.
  const repeated = new Set(all).size !== n
  const interval =
    exactAllowed && !repeated
      ? exactWalshInterval(walsh, n, confLevel, warnings)
      : normalInterval(all, walsh, confLevel, correct, warnings)
  return {
    v: test.v,
    pValue: test.pValue,
    method: test.method,
    estimate: medianR(walsh),
    ci: interval.ci,
    confLevel: interval.level,
    ...(interval.level !== confLevel ? { achievedConfLevel: interval.level } : {}),
    n,
    zeros,
    ties: test.ties,
    warnings
  }
}

function allZero(n: number, warnings: string[]): SignedRankResult {
  const level = 1 - signedRankMinP(n)
  warnings.push(
    `every difference is zero: the interval is [0, 0], the only shift not rejected (at p = 2^(1−${n})), at level ${Number(level.toPrecision(6))}`
  )
  return allZeroResult('exact', level, n, n, warnings)
}

/** Pratt's test of d at θ = 0: V, p, and whether the non-zero |d| are tied. */
function prattTest(
  d: readonly number[],
  zeros: number,
  exactAllowed: boolean,
  correct: boolean
): { v: number; pValue: number; method: 'exact' | 'normal'; ties: boolean } {
  const n = d.length
  const r = averageRanks(d.map(Math.abs))
  let v = 0
  const nonZero: number[] = []
  for (let i = 0; i < n; i++) {
    if (d[i] > 0) v += r[i]
    if (d[i] !== 0) nonZero.push(r[i])
  }
  const ties = new Set(nonZero).size !== nonZero.length
  if (exactAllowed && !ties) {
    const half = ((n * (n + 1)) / 2 - (zeros * (zeros + 1)) / 2) / 2
    const p = v > half ? psignrank(v - 1, n, false, zeros) : psignrank(v, n, true, zeros)
    return { v, pValue: Math.min(2 * p, 1), method: 'exact', ties }
  }
  return { v, pValue: twoSided(prattZ(d, 0, correct)), method: 'normal', ties }
}

const twoSided = (z: number): number => 2 * Math.min(normalCdf(z), normalSf(z))

/**
 * The standardized Pratt statistic of d − θ: (V − Σr/2 ∓ ½) / sqrt(Σr²/4) over the non-zero
 * differences' average ranks (all n ranked), with R's continuity correction when `correct`.
 */
export function prattZ(d: readonly number[], theta: number, correct: boolean): number {
  const x = d.map((v) => v - theta)
  const r = averageRanks(x.map(Math.abs))
  let v = 0
  let sum = 0
  let sumSq = 0
  for (let i = 0; i < x.length; i++) {
    if (x[i] === 0) continue
    if (x[i] > 0) v += r[i]
    sum += r[i]
    sumSq += r[i] * r[i]
  }
  if (sumSq === 0) return 0
  const z0 = v - sum / 2
  return (z0 - (correct ? Math.sign(z0) * 0.5 : 0)) / Math.sqrt(sumSq / 4)
}

/**
 * The normal-approximation interval: the closure of the run of gaps between consecutive distinct
 * Walsh averages where the test of d − θ at the gap's midpoint is not rejected (z falls with θ, so
 * the run is found by bisection). When a gap beyond every Walsh average is not rejected either, the
 * interval is [min, max] of d at its true level (the largest level at which both outer gaps are).
 */
function normalInterval(
  d: readonly number[],
  walsh: Float64Array,
  confLevel: number,
  correct: boolean,
  warnings: string[]
): { ci: [number, number]; level: number } {
  const alpha = 1 - confLevel
  const u = distinct(walsh)
  const k = u.length
  const spread = u[k - 1] - u[0]
  const point = (g: number) => (g === 0 ? u[0] - spread : g === k ? u[k - 1] + spread : (u[g - 1] + u[g]) / 2)
  const zAt = (g: number) => prattZ(d, point(g), correct)
  const outer = Math.max(twoSided(zAt(0)), twoSided(zAt(k)))
  if (outer >= alpha) {
    const level = 1 - outer
    warnings.push(
      `requested conf.level not achievable: the interval [min, max] of the differences has level ${level}`
    )
    return { ci: [u[0], u[k - 1]], level }
  }
  // First gap not rejected as too high (z > 0), and last not rejected as too low (z < 0).
  const tooHigh = (g: number) => {
    const z = zAt(g)
    return z > 0 && twoSided(z) < alpha
  }
  const tooLow = (g: number) => {
    const z = zAt(g)
    return z < 0 && twoSided(z) < alpha
  }
  const first = bisect(0, k, (g) => !tooHigh(g))
  const last = bisect(0, k, (g) => tooLow(g)) - 1
  return { ci: [u[first - 1], u[Math.max(first - 1, last)]], level: confLevel }
}

/** Smallest g in (lo, hi] with pred(g) true, for pred false at lo and true at hi, monotone between. */
function bisect(lo: number, hi: number, pred: (g: number) => boolean): number {
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1
    if (pred(mid)) hi = mid
    else lo = mid
  }
  return hi
}

function distinct(sorted: Float64Array): number[] {
  const out: number[] = []
  for (const w of sorted) if (out.length === 0 || w !== out[out.length - 1]) out.push(w)
  return out
}
