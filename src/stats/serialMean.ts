/**
 * A confidence interval for the mean of a short series whose neighbours may be correlated
 * (docs/statistics.md §10, the suite summary): Student's t interval, as R's `t.test(x, conf.level)`,
 * with its standard error inflated for positive lag-1 autocorrelation,
 *
 *   x̄ ± qt(1 − a/2, n − 1) · s/√n · √max(1, 1 + 2·r₁),   r₁ = acf(x, 1) (R's `acf`, lag 1),
 *
 * the first term of Var(x̄) = σ²/n · (1 + 2 Σ_k (1 − k/n) ρ_k) (Box, Jenkins & Reinsel, "Time Series
 * Analysis", 4th ed., §2.1.6). Negative r₁ is not used to narrow the interval: with ten values it is mostly
 * noise. Deterministic: the same values always give the same interval.
 *
 * @module
 */
import { acf } from './acf.js'
import { assertFinite, assertProbability, assertSize } from './errors.js'
import { mean } from './summary.js'
import { qt } from './tDistribution.js'

export interface SerialMeanInterval {
  mean: number
  ci: [number, number]
  /** The lag-1 autocorrelation r₁ (R's `acf(x, 1)$acf[2]`; 0 for a constant series). */
  lag1: number
  /** √max(1, 1 + 2·r₁): the factor the t interval's half-width was multiplied by. */
  inflation: number
}

/**
 * The mean of `x` with its `confLevel` interval, widened for lag-1 autocorrelation.
 * @param x ≥ 2 finite values in time order (e.g. one suite-wide log-ratio per round)
 * @throws StatsInputError for fewer than 2 values, non-finite values, confLevel outside (0, 1)
 * Complexity O(n).
 */
export function serialMeanInterval(x: ArrayLike<number>, confLevel: number): SerialMeanInterval {
  assertSize(x, 2, 'x', 'the interval of a mean')
  assertFinite(x, 'x')
  assertProbability(confLevel, 'confLevel')
  const n = x.length
  const m = mean(x)
  let ss = 0
  for (let i = 0; i < n; i++) ss += (x[i] - m) ** 2
  const se = Math.sqrt(ss / (n - 1) / n)
  const lag1 = acf(x, 1).r[0]
  const inflation = Math.sqrt(Math.max(1, 1 + 2 * lag1))
  const half = qt(1 - (1 - confLevel) / 2, n - 1) * se * inflation
  return { mean: m, ci: [m - half, m + half], lag1, inflation }
}
