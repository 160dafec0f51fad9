/**
 * Change points in a benchmark's history (docs/statistics.md §11): E-divisive means with Hunter's
 * deterministic significance test, a faithful port of apache-otava's `compute_change_points`
 * (otava 0.8.0, `otava/analysis.py` and `otava/change_point_divisive/`).
 *
 * - **Candidate** (Matteson & James 2014, "A nonparametric approach for multiple change point analysis of
 *   multivariate data", JASA 109(505), 334–345): within an interval `[s, e)` the split `τ` (with an end
 *   `κ`, `s < τ < κ ≤ e`) that maximizes the divergence
 *   `q̂(X, Y) = 2/(n+m)·Σ|Xi − Yj| − 2m/((n+m)(n−1))·Σ_{i<k}|Xi − Xk| − 2n/((n+m)(m−1))·Σ_{j<k}|Yj − Yk|`,
 *   X = series[s, τ), Y = series[τ, κ), n = |X|, m = |Y| (distances to the power α = 1). Computed, as
 *   otava does, from cumulative sums of the pairwise-distance matrix (O(L²) per interval), in the same
 *   order of floating-point operations, so ties and near-ties resolve to the same τ.
 * - **Significance** (Fleming et al. 2023, "Hunter: Using Change Point Detection to Hunt for Performance
 *   Regressions", ICPE '23, doi:10.1145/3578244.3583719): instead of E-divisive's permutation test, a
 *   two-sided Student's t-test (pooled variance) between the two segments adjacent to the candidate.
 *   As in otava, the segments' standard deviations are numpy's `np.std` (divisor n, not n − 1) and are
 *   passed to scipy's `ttest_ind_from_stats` as if they were sample SDs; means and SDs use numpy's
 *   pairwise summation. Ported as is, so p-values equal otava's.
 * - **Split**: E-divisive runs in sliding windows of `windowLength` points (step ⌊windowLength/2⌋, or
 *   to the last change point found), with a relaxed threshold (10× maxPValue below 0.05, 2× below 0.5);
 *   the union of the windows' points are the *weak* change points, re-tested on the whole series.
 * - **Merge**: repeatedly drop the weak point with the largest p-value while it is ≥ maxPValue, then the
 *   one with the smallest relative magnitude while it is ≤ minMagnitude, re-testing the neighbours.
 *   otava re-tests the two points that follow the removed one (its former right neighbour and the next
 *   one), not the left neighbour, whose right segment also grew (a maintainer suspects it too:
 *   apache/otava pull request #96); by default this port keeps that behaviour so its output is otava's,
 *   and `retestLeftNeighbour: true` re-tests the left neighbour as well. It matters: on 200 series of
 *   400 points with 5σ steps at 100, 200, 300 (maxPValue 0.001) otava's rule reports 90 false points
 *   (and misses one step), the re-test 57; on 200 pure-noise series 103 against 84 (measured here).
 *   With apache-otava 0.8.0, the series of seed 97 in __tests__/stats/changePoints.test.ts gives
 *   [85, 100, 200] (a false point, the step at 300 lost); re-tested, [100, 200, 300].
 *
 * Deterministic: no permutations, no random numbers. Complexity: O(N·W²) time for N points and window
 * W per pass of the window's E-divisive loop (a few passes per window), O(W²) space.
 *
 * @module
 */
import { StatsInputError, assertFinite } from './errors.js'
import { MAD_CONSTANT, median } from './summary.js'
import { pt } from './tDistribution.js'

/** One side of a change point: the segment up to the previous (or from the next) change point. */
export interface SegmentStats {
  /** Mean of the segment. */
  mean: number
  /** Standard deviation with divisor n (numpy's `np.std`, as otava); 0 for a single point. */
  sd: number
  /** Number of points in the segment. */
  n: number
}

/** A change point: the series changes between `index − 1` and `index`. */
export interface ChangePoint {
  /** First index of the new regime (0 < index < series.length). */
  index: number
  /** Two-sided p-value of the t-test between the adjacent segments (NaN when both are constant and equal). */
  pValue: number
  before: SegmentStats
  after: SegmentStats
  /** Relative change of the mean, after/before − 1 (0 when the mean before is 0). */
  forwardChange: number
  /** max(|after/before − 1|, |before/after − 1|), otava's `change_magnitude`. */
  magnitude: number
  /** The E-divisive divergence q̂ that selected the candidate (in its window). */
  qhat: number
}

export interface ChangePointOptions {
  /** Largest p-value of a reported change point, in (0, 1] (otava's max_pvalue; its default is 0.001). */
  maxPValue: number
  /** A change point whose magnitude is ≤ this is dropped even when significant (default 0). */
  minMagnitude?: number
  /** Points per E-divisive window, an integer ≥ 2 (default 50, as otava). */
  windowLength?: number
  /**
   * Also re-test the change point before a removed one in the merge step (default false: as otava 0.8.0,
   * which re-tests only the points after it, so the one before keeps the p-value and segment statistics
   * of a segment that no longer ends there). With true, every change point returned is tested on the
   * segments between its reported neighbours; indices may then differ from otava's.
   */
  retestLeftNeighbour?: boolean
}

export interface ChangePointDetail {
  /** The change points that survived the merge, by index. */
  changePoints: ChangePoint[]
  /** The weak change points of the split step, re-tested on the whole series, by index. */
  weakChangePoints: ChangePoint[]
}

/** A candidate split of an interval: `index` is τ, the first point of the right part. */
export interface CandidateSplit {
  index: number
  qhat: number
}

/** Default window of otava (`AnalysisOptions.window_len`). */
export const DEFAULT_CHANGE_POINT_WINDOW = 50

/** Half-open interval [start, stop) of the series. */
type Interval = readonly [number, number]

/**
 * numpy's `np.add.reduce` on contiguous float64 (pairwise summation, numpy/_core/src/umath/loops_utils.h):
 * blocks of < 8 summed in order, ≤ 128 with 8 accumulators, larger ones split at an 8-aligned middle.
 */
function npPairwiseSum(a: ArrayLike<number>, lo: number, n: number): number {
  if (n < 8) {
    let res = 0
    for (let i = 0; i < n; i++) res += a[lo + i]
    return res
  }
  if (n <= 128) {
    const r = [a[lo], a[lo + 1], a[lo + 2], a[lo + 3], a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]]
    let i = 8
    for (; i < n - (n % 8); i += 8) for (let j = 0; j < 8; j++) r[j] += a[lo + i + j]
    let res = r[0] + r[1] + (r[2] + r[3]) + (r[4] + r[5] + (r[6] + r[7]))
    for (; i < n; i++) res += a[lo + i]
    return res
  }
  let n2 = Math.floor(n / 2)
  n2 -= n2 % 8
  return npPairwiseSum(a, lo, n2) + npPairwiseSum(a, lo + n2, n - n2)
}

/** Mean and SD (divisor n) of a[lo, hi) exactly as numpy's `np.mean` and `np.std` compute them. */
function segmentStats(a: ArrayLike<number>, lo: number, hi: number): SegmentStats {
  const n = hi - lo
  const mean = npPairwiseSum(a, lo, n) / n
  if (n < 2) return { mean, sd: 0, n }
  const sq = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const d = a[lo + i] - mean
    sq[i] = d * d
  }
  return { mean, sd: Math.sqrt(npPairwiseSum(sq, 0, n) / n), n }
}

/**
 * Two-sided p-value of scipy's `ttest_ind_from_stats(m1, s1, n1, m2, s2, n2)` (equal variances), with
 * otava's rule p = 1 when the segments hold two points in all.
 */
function hunterPValue(l: SegmentStats, r: SegmentStats): number {
  if (l.n + r.n <= 2) return 1
  const v1 = l.n === 1 ? 0 : l.sd * l.sd
  const v2 = r.n === 1 ? 0 : r.sd * r.sd
  const df = l.n + r.n - 2
  const svar = ((l.n - 1) * v1 + (r.n - 1) * v2) / df
  const denom = Math.sqrt(svar * (1 / l.n + 1 / r.n))
  const t = (l.mean - r.mean) / denom
  return 2 * pt(Math.abs(t), df, false)
}

/** otava's TTestSignificanceTester.compare on a[lo, mid) and a[mid, hi), as a change point at `mid`. */
function testSplit(a: ArrayLike<number>, lo: number, mid: number, hi: number, qhat: number): ChangePoint {
  const before = segmentStats(a, lo, mid)
  const after = segmentStats(a, mid, hi)
  const forwardChange = before.mean === 0 ? 0 : after.mean / before.mean - 1
  const backwardChange = after.mean === 0 ? 0 : before.mean / after.mean - 1
  return {
    index: mid,
    pValue: hunterPValue(before, after),
    before,
    after,
    forwardChange,
    magnitude: Math.max(Math.abs(forwardChange), Math.abs(backwardChange)),
    qhat
  }
}

/** The non-empty intervals between sorted change points (otava's `get_intervals`). */
function intervalsBetween(points: readonly { index: number }[], length: number): Interval[] {
  const out: Interval[] = []
  for (let i = 0; i <= points.length; i++) {
    const start = i === 0 ? 0 : points[i - 1].index
    const stop = i === points.length ? length : points[i].index
    if (start !== stop) out.push([start, stop])
  }
  return out
}

/**
 * otava's `TTestSignificanceTester.change_point`: a point at an interval's end is tested on that interval
 * and the next (merge step); a point inside an interval splits it (split step).
 */
function testAt(
  a: ArrayLike<number>,
  index: number,
  qhat: number,
  intervals: readonly Interval[]
): ChangePoint {
  for (let i = 0; i < intervals.length; i++) {
    const [start, stop] = intervals[i]
    if (stop === index) return testSplit(a, start, index, intervals[i + 1][1], qhat)
    if (start < index && index < stop) return testSplit(a, start, index, stop, qhat)
  }
  throw new StatsInputError('domain', 'index', `change point ${index} lies in no interval`)
}

/**
 * Pairwise distances of one window and otava's precomputed sums (`PairDistanceCalculator`):
 * `v[k] = Σ_{r≤k} D(r, k+1)` and `h[r][k] = Σ_{r<c≤k+1} D(r, c)`, both summed in numpy's order.
 */
class PairDistances {
  readonly n: number
  private readonly d: Float64Array
  private readonly v: Float64Array
  private readonly h: Float64Array

  constructor(x: ArrayLike<number>) {
    const n = x.length
    this.n = n
    this.d = new Float64Array(n * n)
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) this.d[i * n + j] = Math.abs(x[i] - x[j])
    const m = Math.max(n - 1, 0)
    this.v = new Float64Array(m)
    this.h = new Float64Array(m * m)
    for (let k = 0; k < m; k++) {
      let s = 0
      for (let r = 0; r <= k; r++) s += this.d[r * n + k + 1]
      this.v[k] = s
    }
    for (let r = 0; r < m; r++) {
      let s = 0
      for (let k = r; k < m; k++) {
        s += this.d[r * n + k + 1]
        this.h[r * m + k] = s
      }
    }
  }

  dist(i: number, j: number): number {
    return this.d[i * this.n + j]
  }

  /** H(start + a, start + b) of otava's matrix H, 0 below the diagonal. */
  hAt(row: number, col: number): number {
    return col < row ? 0 : this.h[row * (this.n - 1) + col]
  }

  /** Cumulative sums of otava's V restricted to [start, end): cV[a] = Σ_{a'≤a} V(start, start+a'+1). */
  cumulativeV(start: number, end: number): Float64Array {
    const m = end - 1 - start
    const out = new Float64Array(m)
    let acc = 0
    for (let a = 0; a < m; a++) {
      let sub = 0
      for (let r = 0; r < start; r++) sub += this.dist(r, start + 1 + a)
      acc += this.v[start + a] - sub
      out[a] = acc
    }
    return out
  }
}

/**
 * The E-divisive candidate of `[start, end)` (otava's `PairDistanceCalculator.get_candidate_change_point`):
 * the τ of the largest q̂(τ, κ), first in (τ, κ) order on ties, as numpy's argmax over otava's Q = A − B − C.
 */
function bestSplit(p: PairDistances, start: number, end: number): CandidateSplit {
  const m = end - 1 - start
  const cV = p.cumulativeV(start, end)
  const cH = new Float64Array(m)
  const rC = new Float64Array(m)
  let bestA = 0
  let bestB = 0
  let best = -Infinity
  for (let b = 0; b < m; b++) {
    // Column b (κ = start + b + 2): cH[a] = Σ_{a'≤a} H(a', b); rC[a] = Σ_{r=b..a+1} H(r, b), bottom up.
    let acc = 0
    for (let a = 0; a <= b; a++) {
      acc = a === 0 ? p.hAt(start, start + b) : acc + p.hAt(start + a, start + b)
      cH[a] = acc
    }
    acc = 0
    for (let a = b - 1; a >= 0; a--) {
      acc += p.hAt(start + a + 1, start + b)
      rC[a] = acc
    }
    for (let a = 0; a <= b; a++) {
      const aTerm = (2 / (b + 2)) * (a === 0 ? cH[a] : cH[a] - cV[a - 1])
      const bTerm = a === 0 ? 0 : ((2 * (b - a + 1)) / ((b + 2) * a)) * cV[a - 1]
      const cTerm = b > a && a < m - 1 ? ((2 * (a + 1)) / ((b + 2) * (b - a))) * rC[a] : 0
      const q = aTerm - bTerm - cTerm
      if (q > best || (q === best && (a < bestA || (a === bestA && b < bestB)))) {
        best = q
        bestA = a
        bestB = b
      }
    }
  }
  return { index: start + bestA + 1, qhat: best }
}

/**
 * The E-divisive candidate split of `series[start, end)` (absolute index), q̂ maximized over τ and κ.
 * Exposed for tests and for comparison with other E-divisive implementations.
 */
export function eDivisiveCandidate(
  series: readonly number[],
  start = 0,
  end = series.length
): CandidateSplit {
  assertFinite(series, 'series')
  if (!(
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 0 &&
    end <= series.length &&
    end - start >= 2
  ))
    throw new StatsInputError(
      'domain',
      'end',
      `[${start}, ${end}) must be an interval of ≥ 2 points of the series`
    )
  const c = bestSplit(new PairDistances(series.slice(start, end)), 0, end - start)
  return { index: c.index + start, qhat: c.qhat }
}

/** First item whose key is strictly larger (or smaller) than all before it: Python's max()/min() with key. */
function pyExtreme<T>(items: readonly T[], key: (t: T) => number, larger: boolean): T {
  let best = items[0]
  for (const it of items.slice(1)) if (larger ? key(it) > key(best) : key(it) < key(best)) best = it
  return best
}

/** otava's `ChangePointDetector.get_change_points` on one window with the t-test at `maxPValue`. */
function windowChangePoints(window: readonly number[], maxPValue: number): ChangePoint[] {
  const p = new PairDistances(window)
  const found: ChangePoint[] = []
  for (;;) {
    const intervals = intervalsBetween(found, window.length)
    const candidates = intervals.filter(([s, e]) => e - s > 1).map(([s, e]) => bestSplit(p, s, e))
    if (candidates.length === 0) break
    const c = pyExtreme(candidates, (x) => x.qhat, true)
    const cp = testAt(window, c.index, c.qhat, intervals)
    if (!(cp.pValue <= maxPValue)) break
    found.push(cp)
    found.sort((x, y) => x.index - y.index)
  }
  return found
}

/** otava's `split`: E-divisive over sliding windows, the union re-tested on the whole series. */
function splitStep(series: readonly number[], windowLength: number, maxPValue: number): ChangePoint[] {
  const step = Math.floor(windowLength / 2)
  const points: ChangePoint[] = []
  let start = 0
  while (start < series.length) {
    const end = Math.min(start + windowLength, series.length)
    const found = windowChangePoints(series.slice(start, end), maxPValue).map((cp) => ({
      ...cp,
      index: cp.index + start
    }))
    const last = found.length > 0 ? found[found.length - 1].index : 0
    start = Math.max(last, start + step)
    for (const cp of found) if (!points.some((q) => q.index === cp.index)) points.push(cp)
  }
  points.sort((x, y) => x.index - y.index)
  const intervals = intervalsBetween(points, series.length)
  return points.map((cp) => testAt(series, cp.index, cp.qhat, intervals))
}

/**
 * otava's `merge`: drop the weakest point and re-test the two that follow it (and, with
 * `retestLeftNeighbour`, the one before it), until all pass.
 */
function mergeStep(
  weak: readonly ChangePoint[],
  series: readonly number[],
  opts: Required<ChangePointOptions>
): ChangePoint[] {
  const { maxPValue, minMagnitude } = opts
  const points = weak.slice()
  while (points.length > 0) {
    let weakest = pyExtreme(points, (c) => c.pValue, true)
    if (weakest.pValue < maxPValue) {
      weakest = pyExtreme(points, (c) => c.magnitude, false)
      if (weakest.magnitude > minMagnitude) return points
    }
    const k = points.indexOf(weakest)
    points.splice(k, 1)
    const intervals = intervalsBetween(points, series.length)
    for (const i of opts.retestLeftNeighbour ? [k - 1, k, k + 1] : [k, k + 1]) {
      if (i >= 0 && i < points.length) points[i] = testAt(series, points[i].index, points[i].qhat, intervals)
    }
  }
  return points
}

function checkOptions(series: readonly number[], opts: ChangePointOptions): Required<ChangePointOptions> {
  assertFinite(series, 'series')
  const {
    maxPValue,
    minMagnitude = 0,
    windowLength = DEFAULT_CHANGE_POINT_WINDOW,
    retestLeftNeighbour = false
  } = opts
  if (!(maxPValue > 0 && maxPValue <= 1))
    throw new StatsInputError('domain', 'maxPValue', `maxPValue must be in (0, 1], got ${maxPValue}`)
  if (!(minMagnitude >= 0 && Number.isFinite(minMagnitude)))
    throw new StatsInputError(
      'domain',
      'minMagnitude',
      `minMagnitude must be finite and ≥ 0, got ${minMagnitude}`
    )
  if (!(Number.isInteger(windowLength) && windowLength >= 2))
    throw new StatsInputError(
      'domain',
      'windowLength',
      `windowLength must be an integer ≥ 2, got ${windowLength}`
    )
  return { maxPValue, minMagnitude, windowLength, retestLeftNeighbour }
}

/**
 * Change points of a series with their weak change points (see the module comment): otava's
 * `compute_change_points(series, window_len, max_pvalue, min_magnitude)`.
 *
 * @throws StatsInputError `not-finite` for a non-finite value; `domain` for an option out of range.
 */
export function detectChangePointsDetailed(
  series: readonly number[],
  opts: ChangePointOptions
): ChangePointDetail {
  const checked = checkOptions(series, opts)
  const { maxPValue, windowLength } = checked
  const firstPass = maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue
  const weakChangePoints = splitStep(series, windowLength, firstPass)
  return { changePoints: mergeStep(weakChangePoints, series, checked), weakChangePoints }
}

/**
 * Change points of a series in time order (E-divisive means with Hunter's t-test, as apache-otava).
 * A series shorter than 2 points (or constant) has none.
 *
 * @param series the values in time order (e.g. one benchmark's location per commit, one environment).
 * @param opts maxPValue (otava default 0.001), minMagnitude (default 0), windowLength (default 50).
 * @returns the change points by increasing index.
 * @throws StatsInputError `not-finite` for a non-finite value; `domain` for an option out of range.
 */
export function detectChangePoints(series: readonly number[], opts: ChangePointOptions): ChangePoint[] {
  return detectChangePointsDetailed(series, opts).changePoints
}

/**
 * Tests each of `points` (sorted, distinct, 0 < index < series.length) on the segments between its
 * neighbours in `points`, as the merge step does: for a caller that drops points by its own rule (e.g.
 * too few points on a side) and needs the survivors' p-values and segment statistics on the segments
 * that remain. `qhat` is carried through.
 *
 * @throws StatsInputError `not-finite` for a non-finite value; `domain` for unsorted or out-of-range indices.
 * Complexity: O(N) for N points in the series (each segment summed twice).
 */
export function testChangePoints(
  series: readonly number[],
  points: readonly { index: number; qhat: number }[]
): ChangePoint[] {
  checkPoints(series, points)
  return points.map((p, i) =>
    testSplit(
      series,
      i === 0 ? 0 : points[i - 1].index,
      p.index,
      i === points.length - 1 ? series.length : points[i + 1].index,
      p.qhat
    )
  )
}

/** Finite values, and points at sorted distinct indices inside the series. */
function checkPoints(series: readonly number[], points: readonly { index: number }[]): void {
  assertFinite(series, 'series')
  points.forEach((p, i) => {
    const prev = i === 0 ? 0 : points[i - 1].index
    if (!(Number.isInteger(p.index) && p.index > prev && p.index < series.length))
      throw new StatsInputError(
        'domain',
        'points',
        `points[${i}].index = ${p.index}: need sorted distinct indices in (0, ${series.length})`
      )
  })
}

/**
 * Moves each of `points` (sorted, distinct) to the least-squares location of one mean shift in the
 * segment between its neighbours: the split that minimises the residual sum of squares of the two
 * segments' means (for normal noise of one variance, the maximum-likelihood location of the change, and
 * the split of largest pooled-variance |t|), with at least `minSide` points on each side; points are
 * moved one after another until none moves (each move lowers the total residual sum of squares, so this
 * ends). E-divisive's q̂ compares distributions, not means, and next to a step one noisy point can pull
 * its τ a commit or two away from where the means change (docs/history.md). The caller re-tests the
 * result (`testChangePoints`). A point whose segment leaves no room keeps its place; a tie with its
 * place keeps it, other ties the earliest split. `qhat` is carried through.
 *
 * With `rho` > 0 the noise is taken as AR(1) with that coefficient and the sum of squares is the
 * generalised one (`splitCost`): the maximum-likelihood place under that noise, given each segment's
 * first value. Ordinary least squares reads a correlated stretch next to a step as part of it and, at
 * ρ = 0.6, put +2% steps 10–30 commits off (docs/history.md, "Calibration"); rho = 0 is ordinary least
 * squares.
 *
 * @throws StatsInputError `not-finite` for a non-finite value; `domain` for unsorted or out-of-range
 *   indices or rho outside [0, 1).
 * Complexity: O(N) per pass with prefix sums; a few passes.
 */
export function refineChangePoints<P extends { index: number }>(
  series: readonly number[],
  points: readonly P[],
  minSide: number,
  rho = 0
): P[] {
  checkPoints(series, points)
  if (!(rho >= 0 && rho < 1)) throw new StatsInputError('domain', 'rho', `rho must be in [0, 1), got ${rho}`)
  const cost = splitCost(series, rho)
  const n = series.length
  const out = points.slice()
  for (let pass = 0; pass < 100; pass++) {
    let moved = false
    out.forEach((p, i) => {
      const lo = i === 0 ? 0 : out[i - 1].index
      const hi = i === out.length - 1 ? n : out[i + 1].index
      let best = p.index
      let bestCost = cost(lo, p.index, hi)
      for (let at = lo + minSide; at <= hi - minSide; at++) {
        const v = cost(lo, at, hi)
        if (v < bestCost - 1e-12 * Math.abs(bestCost)) {
          best = at
          bestCost = v
        }
      }
      if (best !== p.index) {
        out[i] = { ...p, index: best }
        moved = true
      }
    })
    if (!moved) break
  }
  return out
}

/**
 * The residual sum of squares of one mean before `at` and one from it, over [lo, hi): ordinary at
 * ρ = 0; otherwise of the AR(1)-whitened values `y*_t = y_t − ρ·y_{t−1}` (t in (lo, hi)), whose
 * regressors are 1 − ρ for the side a value and its predecessor share and (−ρ, 1) at `at` itself, the
 * two means solved from their 2 × 2 normal equations. O(1) per call after O(N) prefix sums.
 */
function splitCost(series: readonly number[], rho: number): (lo: number, at: number, hi: number) => number {
  // Prefix sums around the series mean (centred: no cancellation at large levels).
  const n = series.length
  const centre = n ? series.reduce((a, b) => a + b, 0) / n : 0
  const y = (t: number) => series[t] - centre
  const w = (t: number) => y(t) - rho * y(t - 1)
  const s1 = new Float64Array(n + 1)
  const s2 = new Float64Array(n + 1)
  for (let t = 0; t < n; t++) {
    const v = rho === 0 ? y(t) : t === 0 ? 0 : w(t)
    s1[t + 1] = s1[t] + v
    s2[t + 1] = s2[t] + v * v
  }
  const sum = (lo: number, hi: number) => s1[hi] - s1[lo]
  if (rho === 0) {
    const sse = (lo: number, hi: number) => s2[hi] - s2[lo] - sum(lo, hi) ** 2 / (hi - lo)
    return (lo, at, hi) => sse(lo, at) + sse(at, hi)
  }
  const c = 1 - rho
  return (lo, at, hi) => {
    // Whitened values: A = (lo, at), the value at `at`, B = (at, hi).
    const nA = at - 1 - lo
    const nB = hi - 1 - at
    const wAt = w(at)
    const ra = c * sum(lo + 1, at) - rho * wAt
    const rb = wAt + c * sum(at + 1, hi)
    const aa = c * c * nA + rho * rho
    const bb = 1 + c * c * nB
    const det = aa * bb - rho * rho
    const a = (ra * bb + rho * rb) / det
    const b = (aa * rb + rho * ra) / det
    return s2[hi] - s2[lo + 1] - (a * ra + b * rb)
  }
}

/**
 * The series with its short outlier runs replaced (a Hampel filter: Hampel 1974, JASA 69, 383–393;
 * Pearson et al. 2016, "Generalized Hampel filters", EURASIP J. Adv. Signal Process. 2016:87): each
 * value farther than `cutoff` scales from the median of the `2·halfWidth + 1` values around it (fewer
 * at the ends) is replaced by that median. A run of at most `halfWidth` odd values is a minority of
 * every window it is in, so it is removed; a step is not, since a window's median stays on the side
 * holding most of the window. The scale is the scaled MAD of every value's distance from its running
 * median; a value is in its own window, so that understates σ, and the default cutoff 5 replaces about
 * 1 Gaussian value in 8,000 (3 replaced 1 in 60, and moved steps a commit: docs/history.md,
 * "Calibration"). For placing change points only (`refineChangePoints`): least squares let one +8%
 * run of records pull a step's place 10–20 commits towards it.
 *
 * @throws StatsInputError `not-finite` for a non-finite value; `domain` for a bad halfWidth or cutoff.
 * Complexity: O(N·w log w) for w = 2·halfWidth + 1.
 */
export function despike(series: readonly number[], halfWidth = 3, cutoff = 5): number[] {
  assertFinite(series, 'series')
  if (!(Number.isInteger(halfWidth) && halfWidth >= 1))
    throw new StatsInputError('domain', 'halfWidth', `halfWidth must be an integer ≥ 1, got ${halfWidth}`)
  if (!(cutoff > 0 && Number.isFinite(cutoff)))
    throw new StatsInputError('domain', 'cutoff', `cutoff must be finite and > 0, got ${cutoff}`)
  const n = series.length
  const centre = series.map((_, i) =>
    median(series.slice(Math.max(0, i - halfWidth), Math.min(n, i + halfWidth + 1)))
  )
  const distance = series.map((x, i) => Math.abs(x - centre[i]))
  const scale = n ? MAD_CONSTANT * median(distance) : 0
  return series.map((x, i) => (distance[i] > cutoff * scale ? centre[i] : x))
}
