/**
 * Level shifts and trends in a benchmark's history when the noise is heavy-tailed, has outlier runs
 * and is serially correlated (docs/statistics.md §11). Pure math.
 *
 * - **Shift test**: Mann-Whitney's rank-sum between two adjacent segments, its variance multiplied by
 *   the long-run variance factor of an AR(1) process, `f = (1 + ρ)/(1 − ρ)`. Ranks make it indifferent
 *   to heavy tails and to a few +8% records; the factor makes it hold when consecutive records share
 *   noise (a runner's slow afternoon): the variance of a sum of m AR(1) terms is ≈ m·σ²·f for long
 *   segments, and smaller for short ones, so `f` errs on the safe side. Why this and not a block
 *   permutation: it is O(n log n) per test and deterministic, and the history study
 *   (docs/history.md, "Calibration") measured it calibrated on t₃, outlier and AR(1) 0.3/0.6 noise.
 * - **ρ̂**: estimated from the first differences of the ranks, `ρ̂ = 1 + 2·r₁(Δ)`: for AR(1) the lag-1
 *   autocorrelation of the differences is −(1 − ρ)/2 whatever the level, so a step (one large
 *   difference) or a slow trend (a constant added to every difference) barely moves it, where the
 *   autocorrelation of the values would read a step as correlation. Clamped to [0, 0.9]: negative
 *   correlation would shrink the variance (never trusted), and 0.9 caps f at 19.
 * - **Trend**: the least-squares slope of values on positions with its standard error inflated by √f.
 *
 * @module
 */
import { averageRanks } from './ranks.js'
import { normalSf } from './normal.js'
import { MAD_CONSTANT, median } from './summary.js'

/** The largest serial correlation believed (f = 19). */
export const MAX_RHO = 0.9

/** Lag-1 autocorrelation of the first differences of one or more segments (their differences pooled); null with fewer than 3 differences. */
function differenceLag1(segments: ReadonlyArray<ArrayLike<number>>): number | null {
  const diffs: number[][] = segments.map((s) => {
    const d: number[] = []
    for (let i = 1; i < s.length; i++) d.push(s[i] - s[i - 1])
    return d
  })
  const all = diffs.flat()
  if (all.length < 3) return null
  const mean = all.reduce((a, b) => a + b, 0) / all.length
  let num = 0
  let den = 0
  for (const d of diffs)
    for (let i = 0; i < d.length; i++) {
      den += (d[i] - mean) ** 2
      if (i > 0) num += (d[i] - mean) * (d[i - 1] - mean)
    }
  return den > 0 ? num / den : null
}

/**
 * The serial correlation ρ̂ of a series cut into segments (each ranked on its own), from the first
 * differences of the ranks; 0 when there are too few points.
 * Complexity: O(N log N).
 */
export function serialCorrelation(segments: ReadonlyArray<ArrayLike<number>>): number {
  const r = differenceLag1(segments.map((s) => averageRanks(s)))
  if (r === null) return 0
  return Math.min(MAX_RHO, Math.max(0, 1 + 2 * r))
}

/** The long-run variance factor (1 + ρ)/(1 − ρ) of an AR(1) process, ρ clamped to [0, MAX_RHO]. */
export function serialInflation(rho: number): number {
  const r = Math.min(MAX_RHO, Math.max(0, rho))
  return (1 + r) / (1 - r)
}

export interface ShiftTest {
  /** Mann-Whitney z (continuity not corrected), divided by √f: positive when `after` is higher. */
  z: number
  /** Two-sided p-value of z. */
  pValue: number
  /** median(after) − median(before). */
  shift: number
  /** Standard error of `shift`: √f · σ̂ · √(π/2 · (1/n + 1/m)), σ̂ the pooled MAD of the residuals. */
  se: number
  medianBefore: number
  medianAfter: number
}

/**
 * The rank test of a level shift between two adjacent segments.
 * @param before values before the split, after values from it (both non-empty, finite).
 * @param inflation f ≥ 1 (serialInflation).
 * Complexity: O((n + m) log(n + m)).
 */
export function rankShiftTest(
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  inflation: number
): ShiftTest {
  const n = before.length
  const m = after.length
  const pooled = new Float64Array(n + m)
  pooled.set(before as ArrayLike<number>, 0)
  pooled.set(after as ArrayLike<number>, n)
  const ranks = averageRanks(pooled)
  let w = 0
  for (let i = n; i < n + m; i++) w += ranks[i]
  const u = w - (m * (m + 1)) / 2
  const sd = Math.sqrt((inflation * n * m * (n + m + 1)) / 12)
  const z = sd > 0 ? (u - (n * m) / 2) / sd : 0
  const medianBefore = median(before)
  const medianAfter = median(after)
  const residuals: number[] = []
  for (let i = 0; i < n; i++) residuals.push(Math.abs(before[i] - medianBefore))
  for (let i = 0; i < m; i++) residuals.push(Math.abs(after[i] - medianAfter))
  const sigma = MAD_CONSTANT * median(residuals)
  return {
    z,
    pValue: Math.min(1, 2 * normalSf(Math.abs(z))),
    shift: medianAfter - medianBefore,
    se: Math.sqrt(inflation) * sigma * Math.sqrt((Math.PI / 2) * (1 / n + 1 / m)),
    medianBefore,
    medianAfter
  }
}

export interface Trend {
  /** Least-squares slope per unit of position. */
  slope: number
  /** Its standard error, inflated by √f. */
  se: number
  n: number
}

/**
 * The least-squares trend of `ys` on `xs` (≥ 3 points, not all at one position), its standard error
 * from the residuals (n − 2 degrees of freedom) times √inflation; null when it cannot be taken.
 * Complexity: O(n).
 */
export function trend(xs: ArrayLike<number>, ys: ArrayLike<number>, inflation: number): Trend | null {
  const n = xs.length
  if (n < 3 || ys.length !== n) return null
  let mx = 0
  let my = 0
  for (let i = 0; i < n; i++) {
    mx += xs[i] / n
    my += ys[i] / n
  }
  let sxx = 0
  let sxy = 0
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - mx) ** 2
    sxy += (xs[i] - mx) * (ys[i] - my)
  }
  if (!(sxx > 0)) return null
  const slope = sxy / sxx
  let rss = 0
  for (let i = 0; i < n; i++) rss += (ys[i] - my - slope * (xs[i] - mx)) ** 2
  return { slope, se: Math.sqrt((inflation * rss) / (n - 2) / sxx), n }
}
