/**
 * Drift of a side over the measurement (docs/statistics.md §5): a robust line through the run medians
 * against round number. A slow trend (thermal soak, a background job ramping up) inflates the spread
 * and, if the sides are not interleaved evenly, biases the shift.
 */
import { assertFinite, assertSize, StatsInputError } from './errors.js'
import { normalQuantile } from './normal.js'
import { medianOfSorted } from './summary.js'

/** Default relative-drift threshold δ (docs/statistics.md §7 default minimum effect, 2%). */
export const DEFAULT_DRIFT_DELTA = 0.02
/** Level of Sen's interval for the drift slope (docs/statistics.md §5: 99%). */
export const DRIFT_CI_LEVEL = 0.99
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

export interface SenInterval {
  /** Sen's confidence interval of the slope (±Infinity where too few slopes bound it). */
  lower: number
  upper: number
  level: number
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
  /** Sen's interval of the slope per round at {@link DRIFT_CI_LEVEL}; null with fewer than 3 rounds. */
  slopeCI: SenInterval | null
  /** |relativeTotal| > delta. */
  exceeds: boolean
  /** exceeds, and Sen's interval excludes 0: a drift the data support (the warning's rule, §5). */
  significant: boolean
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
 * Sen's confidence interval for the Theil-Sen slope of `ys` against 0, 1, …, n − 1, by inverting
 * Kendall's test (Sen 1968, §3; Gilbert 1987, "Statistical Methods for Environmental Pollution
 * Monitoring", §16.5; as R's trend::sens.slope): with the N pairwise slopes sorted and
 * C = z_{1−α/2}·sqrt(Var S), Var S = [n(n−1)(2n+5) − Σ t(t−1)(2t+5)]/18 over groups of tied y,
 * the interval is [d_(round((N−C)/2)), d_(round((N+C)/2) + 1)] (1-based; ±Infinity beyond the ends).
 * @param ys Finite values in time order, at least 2.
 * @param level Confidence level in (0, 1).
 * Complexity: O(n² log n).
 */
export function senInterval(ys: ArrayLike<number>, level = DRIFT_CI_LEVEL): SenInterval {
  assertSize(ys, 2, 'ys', "Sen's interval")
  assertFinite(ys, 'ys')
  if (!(level > 0 && level < 1))
    throw new StatsInputError('domain', 'level', `level must be in (0, 1), got ${level}`)
  const n = ys.length
  const slopes = new Float64Array((n * (n - 1)) / 2)
  let k = 0
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) slopes[k++] = (ys[j] - ys[i]) / (j - i)
  slopes.sort()
  const ties = new Map<number, number>()
  for (let i = 0; i < n; i++) ties.set(ys[i], (ties.get(ys[i]) ?? 0) + 1)
  let tieTerm = 0
  for (const t of ties.values()) tieTerm += t * (t - 1) * (2 * t + 5)
  const varS = (n * (n - 1) * (2 * n + 5) - tieTerm) / 18
  const c = normalQuantile(1 - (1 - level) / 2) * Math.sqrt(varS)
  const lo = roundHalfEven((k - c) / 2)
  const hi = roundHalfEven((k + c) / 2 + 1)
  return {
    lower: lo >= 1 && lo <= k ? slopes[lo - 1] : -Infinity,
    upper: hi >= 1 && hi <= k ? slopes[hi - 1] : Infinity,
    level
  }
}

/** R's round(): halves go to the even neighbour (IEC 60559). */
function roundHalfEven(x: number): number {
  const r = Math.round(x)
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r
}

/**
 * Drift of run medians over the measurement: the Theil-Sen slope of `runMedians[r]` against round
 * r = 0, 1, …, and the total drift relative to the level, `slope·(rounds − 1)/median(runMedians)`.
 * `exceeds` when |relativeTotal| > δ; `significant` when, besides, Sen's 99% interval of the slope
 * excludes 0 (docs/statistics.md §5: the size rule alone fired on 19% of pure-noise benchmarks).
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
    return {
      slopePerRound: 0,
      intercept: level,
      relativeTotal: 0,
      rounds,
      slopeCI: null,
      exceeds: false,
      significant: false,
      warnings
    }
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
  const slopeCI = rounds >= 3 ? senInterval(runMedians) : null
  const significant = exceeds && slopeCI !== null && (slopeCI.lower > 0 || slopeCI.upper < 0)
  return {
    slopePerRound: line.slope,
    intercept: line.intercept,
    relativeTotal,
    rounds,
    slopeCI,
    exceeds,
    significant,
    warnings
  }
}
