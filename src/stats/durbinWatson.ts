/**
 * Durbin-Watson statistic of one side's samples in time order (docs/statistics.md §5): a second,
 * lag-1 view of serial dependence, reported next to Ljung-Box.
 */
import { assertFinite, assertSize } from './errors.js'
import { mean } from './summary.js'

export interface DurbinWatsonResult {
  /** DW = Σ_{t=2..n}(e_t − e_{t−1})² / Σ_{t=1..n} e_t², e = x − x̄; ≈ 2(1 − r_1). In [0, 4]. */
  dw: number
  /** E[DW] under independence (for residuals from a mean-only model, to first order). */
  expected: 2
  /** Var[DW] under independence, 4(n−2)/(n²−1). */
  variance: number
  /** (DW − 2)/√variance; negative means positively autocorrelated. 0 when variance = 0 (n ≤ 2). */
  z: number
  n: number
  warnings: string[]
}

/** Below this n the DW statistic carries no information (n = 2 gives DW = 2 identically). */
export const MIN_DW_SAMPLES = 3

/**
 * Durbin-Watson statistic on the deviations from the mean, `e = x − x̄`:
 * `DW = Σ(e_t − e_{t−1})² / Σ e_t²`, with `E[DW] = 2` and `Var[DW] = 4(n−2)/(n²−1)` under independence
 * and the normal approximation `z = (DW − 2)/√Var` (Durbin & Watson 1950, "Testing for serial
 * correlation in least squares regression I", Biometrika 37(3/4), 409–428; 1951, part II, Biometrika
 * 38(1/2), 159–178). Equals R's `sum(diff(e)^2) / sum(e^2)` (and `lmtest::dwtest(x ~ 1)$statistic`).
 *
 * Shortfalls are warnings: n < 3 (n = 2 gives DW = 2 exactly and Var = 0) and a constant series
 * (0/0) return dw = 2, z = 0 — "no evidence of dependence" — with a warning, never NaN.
 *
 * @param x Finite samples in time order, n ≥ 1.
 * @throws StatsInputError `empty` or `not-finite`.
 * Complexity: O(n) time, O(1) extra space.
 */
export function durbinWatson(x: ArrayLike<number>): DurbinWatsonResult {
  assertSize(x, 1, 'x', 'the Durbin-Watson statistic')
  assertFinite(x, 'x')
  const n = x.length
  const warnings: string[] = []
  const m = mean(x)
  let num = 0
  let den = 0
  let prev = 0
  for (let t = 0; t < n; t++) {
    const e = x[t] - m
    den += e * e
    if (t > 0) num += (e - prev) * (e - prev)
    prev = e
  }
  const variance = (4 * (n - 2)) / (n * n - 1)
  let dw: number
  if (den === 0) {
    dw = 2
    warnings.push(
      'the series is constant: Durbin-Watson is undefined and reported as 2 (no evidence of dependence)'
    )
  } else {
    dw = num / den
  }
  let z = 0
  if (n < MIN_DW_SAMPLES) {
    warnings.push(
      `n = ${n}: Durbin-Watson needs at least ${MIN_DW_SAMPLES} samples to carry information; z reported as 0`
    )
  } else if (den !== 0) {
    z = (dw - 2) / Math.sqrt(variance)
  }
  return { dw, expected: 2, variance: Math.max(0, variance), z, n, warnings }
}
