/**
 * Central Student t and standard normal distribution functions, as R computes them.
 *
 * - `pnorm` is a port of R's `pnorm_both` (nmath/pnorm.c, W. J. Cody's rational Chebyshev
 *   approximations, "Rational Chebyshev approximations for the error function", Math. Comp. 23 (1969)
 *   631–637; ACM TOMS Algorithm 715, 1993), accurate to a few ulps down to Φ(−37.5) ≈ 5e−308.
 *   `@stdlib/stats-base-dists-normal-cdf` computes `erfc(−x/√2)/2` and loses ~1e−13 relative at
 *   x = −30 and underflows before −37.5 (measured against R 4.2.2), which is why it is not used here.
 * - `pt` is a port of R's `pt` (nmath/pt.c) on top of the regularized incomplete beta function
 *   (`@stdlib/math-base-special-betainc`, a port of Boost's `ibeta`).
 * - `qt` wraps `@stdlib/stats-base-dists-t-quantile`, always evaluated in the tail that keeps full
 *   precision (agrees with R's `qt` to ≤ 3e−15 relative for p ≥ 1e−10, df ≥ 2).
 *
 * @module
 */
import betainc from '@stdlib/math-base-special-betainc'
import gammaDeltaRatio from '@stdlib/math-base-special-gamma-delta-ratio'
import tQuantile from '@stdlib/stats-base-dists-t-quantile'
import { normalQuantile } from './normal.js'

/**
 * Above this df, `qt` uses the Cornish-Fisher expansion around the normal quantile: stdlib's t quantile
 * returns 0 for df ≳ 1e17 (measured), and at 1e14 the expansion's neglected O(ν⁻³) term is < 1e−40.
 */
export const QT_NORMAL_EXPANSION_DF = 1e14

const M_SQRT_32 = 5.656854249492381 // sqrt(32)
const M_1_SQRT_2PI = 0.3989422804014327 // 1/sqrt(2π)
const M_LN_SQRT_PI = 0.5723649429247001 // ln(sqrt(π))

// Cody's coefficients as in R's pnorm.c, written in their shortest round-trip form (same doubles).
const A = [2.2352520354606837, 161.02823106855587, 1067.6894854603709, 18154.98125334356, 0.06568233791820745]
const B = [47.202581904688245, 976.0985517377767, 10260.932208618979, 45507.78933502673]
const C = [
  0.39894151208813466, 8.883149794388377, 93.50665613217785, 597.2702763948002, 2494.5375852903726,
  6848.190450536283, 11602.65143764735, 9842.714838383978, 1.0765576773720192e-8
]
const D = [
  22.266688044328117, 235.387901782625, 1519.3775994075547, 6485.558298266761, 18615.571640885097,
  34900.95272114598, 38912.00328609327, 19685.429676859992
]
const P = [
  0.215898534057957, 0.12740116116024736, 0.022235277870649807, 0.0014216191932278934,
  0.000029112874951168793, 0.023073441764940174
]
const Q = [
  1.284260096144911, 0.4682382124808651, 0.06598813786892856, 0.0037823963320275824, 0.00007297515550839662
]

/**
 * Standard normal lower and upper tail probabilities `[Φ(x), 1 − Φ(x)]`, each computed without
 * cancellation (R's `pnorm_both`, non-log branch).
 */
function pnormBoth(x: number): [number, number] {
  if (Number.isNaN(x)) return [NaN, NaN]
  const y = Math.abs(x)
  let cum: number
  let ccum: number
  if (y <= 0.67448975) {
    let xnum = 0
    let xden = 0
    if (y > Number.EPSILON * 0.5) {
      const xsq = x * x
      xnum = A[4] * xsq
      xden = xsq
      for (let i = 0; i < 3; i++) {
        xnum = (xnum + A[i]) * xsq
        xden = (xden + B[i]) * xsq
      }
    }
    const temp = (x * (xnum + A[3])) / (xden + B[3])
    return [0.5 + temp, 0.5 - temp]
  }
  let temp: number
  if (y <= M_SQRT_32) {
    let xnum = C[8] * y
    let xden = y
    for (let i = 0; i < 7; i++) {
      xnum = (xnum + C[i]) * y
      xden = (xden + D[i]) * y
    }
    temp = (xnum + C[7]) / (xden + D[7])
  } else if (y < 37.5193) {
    // R's tests are tail-specific ((lower && -37.5193 < x && x < 8.2924) || (upper && ...)); computing
    // both tails at once, the larger tail rounds to 1 anyway for |x| >= 8.2924, so |x| < 37.5193 suffices.
    const xsq = 1 / (x * x)
    let xnum = P[5] * xsq
    let xden = xsq
    for (let i = 0; i < 4; i++) {
      xnum = (xnum + P[i]) * xsq
      xden = (xden + Q[i]) * xsq
    }
    temp = (xsq * (xnum + P[4])) / (xden + Q[4])
    temp = (M_1_SQRT_2PI - temp) / y
  } else {
    return x > 0 ? [1, 0] : [0, 1]
  }
  // do_del(y): split y^2/2 so that exp() of the large part is exact-ish (Cody's trick)
  const xsq = Math.trunc(y * 16) / 16
  const del = (y - xsq) * (y + xsq)
  cum = Math.exp(-xsq * (xsq / 2)) * Math.exp(-(del / 2)) * temp
  ccum = 1 - cum
  if (x > 0) {
    const t = cum
    cum = ccum
    ccum = t
  }
  return [cum, ccum]
}

/**
 * Normal distribution function, as R's `pnorm(x, mean, sd, lower.tail)`.
 *
 * @param x quantile (any number; ±Infinity allowed)
 * @param mean location (finite)
 * @param sd scale (> 0)
 * @param lowerTail `true` for P[X ≤ x], `false` for P[X > x] (computed without cancellation)
 * @returns the probability; NaN for NaN input or sd ≤ 0 (this is an internal kernel: callers validate)
 *
 * Complexity O(1). Accuracy: agrees with R 4.2.2 to ≤ 1e−15 relative down to 1e−300.
 * Reference: W. J. Cody (1969), Math. Comp. 23, 631–637; R's nmath/pnorm.c (Maechler's tail variants).
 */
export function pnorm(x: number, mean = 0, sd = 1, lowerTail = true): number {
  if (Number.isNaN(x) || Number.isNaN(mean) || Number.isNaN(sd) || !(sd > 0)) return NaN
  const z = (x - mean) / sd
  if (!Number.isFinite(z)) return x < mean === lowerTail ? 0 : 1
  const [cum, ccum] = pnormBoth(z)
  return lowerTail ? cum : ccum
}

/**
 * Central Student t distribution function, a port of R's `pt(x, df, lower.tail)` (nmath/pt.c):
 * `pbeta(x²/(df + x²), 1/2, df/2, upper)/2` or `pbeta(1/(1 + x²/df), df/2, 1/2)/2`, whichever avoids
 * cancellation, and the log-scale tail formula for `x² > 1e100·df`.
 *
 * @param x quantile (any number; ±Infinity allowed)
 * @param df degrees of freedom (> 0, may be fractional; Infinity gives the normal)
 * @param lowerTail `true` for P[T ≤ x], `false` for P[T > x]
 * @returns the probability; NaN for NaN input or df ≤ 0 (internal kernel: callers validate)
 *
 * Complexity: one incomplete beta evaluation (O(1) amortized, Boost/stdlib `ibeta`).
 * Reference: R Core Team, nmath/pt.c; Boost.Math `ibeta` (via @stdlib/math-base-special-betainc).
 */
export function pt(x: number, df: number, lowerTail = true): number {
  if (Number.isNaN(x) || Number.isNaN(df) || !(df > 0)) return NaN
  if (!Number.isFinite(x)) return x < 0 === lowerTail ? 0 : 1
  if (!Number.isFinite(df)) return pnorm(x, 0, 1, lowerTail)
  const nx = 1 + (x / df) * x
  let val: number
  if (nx > 1e100) {
    // lbeta(df/2, 1/2) = ln Γ(1/2) + ln(Γ(df/2)/Γ(df/2 + 1/2))
    const lbeta = M_LN_SQRT_PI + Math.log(gammaDeltaRatio(0.5 * df, 0.5))
    const lval = -0.5 * df * (2 * Math.log(Math.abs(x)) - Math.log(df)) - lbeta - Math.log(0.5 * df)
    val = Math.exp(lval)
  } else {
    val =
      df > x * x
        ? betainc((x * x) / (df + x * x), 0.5, df / 2, true, true)
        : betainc(1 / nx, df / 2, 0.5, true, false)
  }
  const lower = x <= 0 ? !lowerTail : lowerTail
  val /= 2
  return lower ? 0.5 - val + 0.5 : val
}

/**
 * Quantile of the central Student t distribution, as R's `qt(p, df, lower.tail)`.
 *
 * @param p probability in [0, 1]
 * @param df degrees of freedom (> 0, may be fractional)
 * @param lowerTail `true`: the q with P[T ≤ q] = p; `false`: the q with P[T > q] = p
 * @returns the quantile (±Infinity at p = 0 or 1); NaN outside the domain (internal kernel)
 *
 * Complexity O(1) amortized (inverse incomplete beta, Boost `ibeta_inv` via @stdlib; for
 * df > {@link QT_NORMAL_EXPANSION_DF} the A&S 26.7.5 expansion around `qnorm`). The upper-tail
 * variant uses the symmetry `qt(p, upper) = −qt(p, lower)`, so small upper-tail probabilities keep full
 * precision (computing `qt(1 − p)` would lose ~1e−8 relative at p = 1e−10).
 */
export function qt(p: number, df: number, lowerTail = true): number {
  if (Number.isNaN(p) || Number.isNaN(df) || !(df > 0) || p < 0 || p > 1) return NaN
  let q: number
  if (df > QT_NORMAL_EXPANSION_DF) {
    // Abramowitz & Stegun 26.7.5: t = z + (z³ + z)/(4ν) + (5z⁵ + 16z³ + 3z)/(96ν²) + …
    // R's AS 241 port: stdlib's normal quantile fails below p ≈ 1e-16.
    const z = normalQuantile(p)
    const z2 = z * z
    q = z + (z * (z2 + 1)) / (4 * df) + (z * ((5 * z2 + 16) * z2 + 3)) / (96 * df * df)
  } else {
    q = tQuantile(p, df)
  }
  return lowerTail ? q : -q
}
