/**
 * The standard normal distribution: Φ, its upper tail, and Φ⁻¹, accurate far out in the tails so that
 * rank-test p-values down to 1e-300 neither collapse to 0 nor land on a table step.
 *
 * - `normalCdf`, `normalSf` use `@stdlib/math-base-special-erfc` (Φ(z) = erfc(−z/√2)/2). Checked
 *   against R 4.2.2 `pnorm` on a 0.01 grid over z ∈ [−38.5, 8.5] (both tails): the largest relative
 *   error is 1.2e-14 for |z| ≤ 10 and 1.9e-13 for 10 < |z| ≤ 37.5 (at Φ(−37.22) ≈ 1.6e-303), i.e.
 *   within the 1e-12 needed; it comes from rounding z/√2 (relative error ≈ z²·ε). Beyond |z| ≈ 38.5
 *   both R and stdlib underflow to 0.
 * - `normalQuantile` is a port of R's `qnorm` (Wichura's AS 241): `@stdlib/stats-base-dists-normal-quantile`
 *   is erfinv-based and fails in the lower tail (−Infinity at p = 1e-17, 7e-4 relative error at
 *   p = 1.6e-16), so it is not used.
 *
 * Do not use `simple-statistics`' `cumulativeStdNormalProbability`: it is a 4-digit table.
 *
 * @module
 */
import erfc from '@stdlib/math-base-special-erfc'
import { StatsInputError } from './errors.js'

/**
 * Standard normal distribution function Φ(z) = P(Z ≤ z).
 *
 * Relative error ≤ 2e-13 against R's `pnorm` wherever Φ(z) ≥ 1e-300 (see the module comment).
 * Complexity O(1).
 *
 * @param z any number; −Infinity → 0, +Infinity → 1, NaN → NaN.
 * @returns Φ(z) in [0, 1].
 */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2)
}

/**
 * Standard normal survival function 1 − Φ(z) = P(Z > z), computed directly (no cancellation), so
 * `normalSf(37)` ≈ 5.7e-300 keeps its relative accuracy. Two-sided p-values are `2·normalSf(|z|)`.
 * Complexity O(1).
 *
 * @param z any number; −Infinity → 1, +Infinity → 0, NaN → NaN.
 * @returns 1 − Φ(z) in [0, 1].
 */
export function normalSf(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2)
}

/**
 * Standard normal quantile Φ⁻¹(p), as R's `qnorm(p)` (agrees to a few ulps). Complexity O(1).
 *
 * Algorithm: M. J. Wichura (1988), "Algorithm AS 241: The Percentage Points of the Normal Distribution",
 * Applied Statistics 37(3), 477–484 (the PPND16 rational approximations, ~1e-16 relative), as in
 * R's nmath/qnorm.c (R 4.2.2); the coefficients are written as their shortest round-trip decimals
 * (the same doubles). Hand-ported because stdlib's quantile breaks below p ≈ 1e-16.
 *
 * @param p probability in [0, 1]; 0 → −Infinity, 1 → +Infinity.
 * @returns z with Φ(z) = p.
 * @throws StatsInputError 'domain' (subject 'p') if p is NaN or outside [0, 1].
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new StatsInputError('domain', 'p', `p must be in [0, 1], got ${p}`)
  if (p === 0) return -Infinity
  if (p === 1) return Infinity
  const q = p - 0.5
  if (Math.abs(q) <= 0.425) {
    // 0.075 <= p <= 0.925
    const r = 0.180625 - q * q
    return (
      (q *
        (((((((r * 2509.0809287301227 + 33430.57558358813) * r + 67265.7709270087) * r + 45921.95393154987) *
          r +
          13731.69376550946) *
          r +
          1971.5909503065513) *
          r +
          133.14166789178438) *
          r +
          3.3871328727963665)) /
      (((((((r * 5226.495278852546 + 28729.085735721943) * r + 39307.89580009271) * r + 21213.794301586597) *
        r +
        5394.196021424751) *
        r +
        687.1870074920579) *
        r +
        42.31333070160091) *
        r +
        1)
    )
  }
  // closer than 0.075 to 0 or 1: r = sqrt(−log(min(p, 1 − p)))
  let r = Math.sqrt(-Math.log(q > 0 ? 1 - p : p))
  let val: number
  if (r <= 5) {
    // min(p, 1 − p) >= exp(−25) ≈ 1.39e-11
    r -= 1.6
    val =
      (((((((r * 0.0007745450142783414 + 0.022723844989269184) * r + 0.2417807251774506) * r +
        1.2704582524523684) *
        r +
        3.6478483247632045) *
        r +
        5.769497221460691) *
        r +
        4.630337846156546) *
        r +
        1.4234371107496835) /
      (((((((r * 1.0507500716444169e-9 + 0.0005475938084995345) * r + 0.015198666563616457) * r +
        0.14810397642748008) *
        r +
        0.6897673349851) *
        r +
        1.6763848301838038) *
        r +
        2.053191626637759) *
        r +
        1)
  } else {
    // very close to 0 or 1
    r -= 5
    val =
      (((((((r * 2.0103343992922881e-7 + 0.000027115555687434876) * r + 0.0012426609473880784) * r +
        0.026532189526576124) *
        r +
        0.29656057182850487) *
        r +
        1.7848265399172913) *
        r +
        5.463784911164114) *
        r +
        6.657904643501103) /
      (((((((r * 2.0442631033899397e-15 + 1.421511758316446e-7) * r + 0.000018463183175100548) * r +
        0.0007868691311456133) *
        r +
        0.014875361290850615) *
        r +
        0.1369298809227358) *
        r +
        0.599832206555888) *
        r +
        1)
  }
  return q < 0 ? -val : val
}
