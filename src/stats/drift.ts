/**
 * Drift of a side over the measurement (STATISTICS.md §5): a robust line through the run medians
 * against round number. A slow trend (thermal soak, a background job ramping up) inflates the spread
 * and, if the sides are not interleaved evenly, biases the shift.
 */
import { assertFinite, assertSize, StatsInputError } from './errors.js'
import { medianOfSorted } from './summary.js'

/** Default relative-drift threshold δ (STATISTICS.md §7 default minimum effect, 2%). */
export const DEFAULT_DRIFT_DELTA = 0.02
/** Below this number of rounds the drift estimate is too fragile to rely on: warn. */
export const MIN_DRIFT_ROUNDS = 5

export interface TheilSenLine {
  /** Median of the pairwise slopes (y_j − y_i)/(x_j − x_i) over pairs with x_i ≠ x_j. */
  slope: number
  /** median(y − slope·x). */
  intercept: number
  /** Number of pairwise slopes used. */
  pairs: number
}

export interface DriftOptions {
  /** Relative drift over the whole measurement that raises a warning, > 0. Default {@link DEFAULT_DRIFT_DELTA}. */
  delta?: number
}

export interface DriftResult {
  /** Theil-Sen slope of the run medians per round (same unit as the medians). */
  slopePerRound: number
  intercept: number
  /**
   * slope·(rounds − 1)/median(run medians): the drift from the first to the last round relative to
   * the level. `null` if the median is 0.
   */
  relativeTotal: number | null
  rounds: number
  /** |relativeTotal| > delta. */
  exceeds: boolean
  warnings: string[]
}

/**
 * Theil-Sen robust line (Theil 1950, "A rank-invariant method of linear and polynomial regression
 * analysis", Proc. Koninklijke Nederlandse Akademie van Wetenschappen 53, 386–392, 521–525, 1397–1412;
 * Sen 1968, "Estimates of the regression coefficient based on Kendall's tau", JASA 63(324), 1379–1389):
 * slope = median of (y_j − y_i)/(x_j − x_i) over all pairs i < j with x_i ≠ x_j (pairs with tied x are
 * skipped, as Sen), intercept = median(y − slope·x). Breakdown point ≈ 29%.
 * Equals R's `median(s[upper.tri(s)])` with `s <- outer(y, y, "-") / outer(x, x, "-")` for distinct x.
 *
 * @param xs Finite abscissae; at least two distinct values.
 * @param ys Finite ordinates, same length as xs.
 * @throws StatsInputError `arguments` (lengths differ), `empty`, `not-finite`, `too-small` (fewer than
 *   two distinct x).
 * Complexity: O(n² log n) time and O(n²) space (all pairwise slopes are materialised and sorted):
 * fine for the few hundred run medians benchgate fits (500 runs → 124,750 slopes, ~1 MB, a few ms).
 */
export function theilSen(xs: ArrayLike<number>, ys: ArrayLike<number>): TheilSenLine {
  if (xs.length !== ys.length) {
    throw new StatsInputError(
      'arguments',
      'ys',
      `xs and ys must have the same length (${xs.length} ≠ ${ys.length})`
    )
  }
  assertSize(xs, 2, 'xs', 'a Theil-Sen line')
  assertFinite(xs, 'xs')
  assertFinite(ys, 'ys')
  const n = xs.length
  const slopes = new Float64Array((n * (n - 1)) / 2)
  let k = 0
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = xs[j] - xs[i]
      if (dx !== 0) slopes[k++] = (ys[j] - ys[i]) / dx
    }
  }
  if (k === 0)
    throw new StatsInputError('too-small', 'xs', 'a Theil-Sen line needs at least two distinct x values')
  const used = slopes.subarray(0, k).sort()
  const slope = medianOfSorted(used)
  const resid = new Float64Array(n)
  for (let i = 0; i < n; i++) resid[i] = ys[i] - slope * xs[i]
  resid.sort()
  return { slope, intercept: medianOfSorted(resid), pairs: k }
}

/**
 * Drift of run medians over the measurement: the Theil-Sen slope of `runMedians[r]` against round
 * r = 0, 1, …, and the total drift relative to the level, `slope·(rounds − 1)/median(runMedians)`.
 * Warns when |relativeTotal| exceeds δ ("drift over the whole measurement exceeds δ").
 *
 * Shortfalls are warnings: one round gives slope 0 and relativeTotal 0 ("not estimable"); fewer than
 * {@link MIN_DRIFT_ROUNDS} rounds are flagged as fragile; a zero median gives relativeTotal `null`.
 *
 * @param runMedians Finite run medians in round order, at least one.
 * @param options `delta` > 0 (default 0.02).
 * @throws StatsInputError `empty`, `not-finite`, or `domain` (bad delta).
 * Complexity: as {@link theilSen}, O(n² log n) time and O(n²) space in the number of rounds.
 */
export function drift(runMedians: ArrayLike<number>, options: DriftOptions = {}): DriftResult {
  assertSize(runMedians, 1, 'runMedians', 'a drift estimate')
  assertFinite(runMedians, 'runMedians')
  const delta = options.delta ?? DEFAULT_DRIFT_DELTA
  if (!(delta > 0 && Number.isFinite(delta))) {
    throw new StatsInputError('domain', 'delta', `delta must be a positive number, got ${delta}`)
  }
  const rounds = runMedians.length
  const warnings: string[] = []
  const level = medianOfSorted(Float64Array.from(runMedians).sort())
  if (rounds < 2) {
    warnings.push('one round: drift cannot be estimated')
    return { slopePerRound: 0, intercept: level, relativeTotal: 0, rounds, exceeds: false, warnings }
  }
  if (rounds < MIN_DRIFT_ROUNDS)
    warnings.push(`only ${rounds} rounds: the drift estimate is fragile (want ≥ ${MIN_DRIFT_ROUNDS})`)
  const xs = Array.from({ length: rounds }, (_, i) => i)
  const line = theilSen(xs, runMedians)
  let relativeTotal: number | null = null
  if (level !== 0) relativeTotal = (line.slope * (rounds - 1)) / level
  else warnings.push('the median of the run medians is 0: relative drift is undefined')
  const exceeds = relativeTotal !== null && Math.abs(relativeTotal) > delta
  if (exceeds) {
    warnings.push(
      `drift over the whole measurement is ${((relativeTotal as number) * 100).toFixed(2)}%, more than δ = ${(delta * 100).toFixed(2)}%`
    )
  }
  return { slopePerRound: line.slope, intercept: line.intercept, relativeTotal, rounds, exceeds, warnings }
}
