/**
 * Change points of one environment segment of one series (docs/statistics.md §11, docs/history.md).
 * Pure.
 *
 * E-divisive means (stats/changePoints.ts, the port of apache-otava) proposes the places; Hunter's
 * t-test, which it uses to keep or merge them, is not trusted for the decision: on heavy tails, outlier
 * runs and serially correlated noise it finds steps in pure noise (docs/history.md, "Calibration").
 * Points are placed on the values with short outlier runs replaced and by the AR(1) likelihood
 * (stats/changePoints.ts despike, refineChangePoints), and placed again after merging, between the
 * neighbours that remain. Each proposed point is tested with the rank test of stats/serialShift.ts
 * between its neighbours, widened by the series' serial correlation, and kept only while its p ≤ q and its size
 * |after/before − 1| ≥ δ: the weakest point is dropped and its two neighbours re-tested, until every
 * point passes. What passes then enters Benjamini-Hochberg over every position of every series
 * (history/changes.ts).
 */
import {
  despike,
  detectChangePoints,
  refineChangePoints,
  testChangePoints,
  type ChangePoint
} from '../stats/changePoints.js'
import { rankShiftTest, type ShiftTest } from '../stats/serialShift.js'

/**
 * A change point needs this many points on each side: fewer cannot reach significance at the family's
 * threshold with a rank test, and otava's SD (divisor n) is far too small with 2–4 points (p = 2e-8 on
 * pure noise at 2 points against 18). So a change is reported once 5 commits after it are recorded.
 */
export const MIN_SIDE_POINTS = 5

/** At most this many rounds of merging and placing again (docs/history.md, "Calibration"). */
const MAX_PLACING_ROUNDS = 10

/** Fewer points than this in a segment: no change-point test there. */
export const MIN_SEGMENT_POINTS = 2 * MIN_SIDE_POINTS

export interface SegmentChangePoint {
  /** First index of the new level in the segment. */
  index: number
  test: ShiftTest
}

/**
 * Drops the change point with the shortest side while one has fewer than MIN_SIDE_POINTS on a side
 * (the larger p-value first on ties), re-testing the rest on the segments that remain each time: a
 * false point 3 commits after a real step must not take the step's segment down with it.
 */
function withLongSides(logs: readonly number[], found: readonly ChangePoint[]): ChangePoint[] {
  let points = found.slice()
  for (;;) {
    const side = (c: ChangePoint) => Math.min(c.before.n, c.after.n)
    const short = points.filter((c) => side(c) < MIN_SIDE_POINTS)
    if (short.length === 0) return points
    const drop = short.reduce((a, b) =>
      side(b) < side(a) || (side(b) === side(a) && b.pValue > a.pValue) ? b : a
    )
    points = testChangePoints(
      logs,
      points.filter((c) => c !== drop)
    )
  }
}

/** The places E-divisive proposes, each with ≥ MIN_SIDE_POINTS a side, moved to the least-squares place of its step. */
function proposals(logs: readonly number[], placing: Placing, q: number): number[] {
  // The left neighbour of a dropped weak point is re-tested too (otava re-tests only to the right):
  // otherwise a real step next to short spurious segments is dropped with them.
  const kept = withLongSides(logs, detectChangePoints(logs, { maxPValue: q, retestLeftNeighbour: true }))
  // One noisy point next to a step can pull E-divisive's τ 2 commits off; the least-squares place fixes it.
  return placed(placing, kept)
}

/** What places a step: the despiked values and the serial correlation ρ of their noise. */
interface Placing {
  values: number[]
  rho: number
}

/** Each point at the (AR(1)-generalised) least-squares place of its step between its neighbours. */
const placed = (placing: Placing, at: readonly { index: number }[]) =>
  refineChangePoints(placing.values, at, MIN_SIDE_POINTS, placing.rho).map((c) => c.index)

/** Drops the weakest failing point (the largest p-value above q, else the smallest size below δ) and re-tests its neighbours, until none fails. */
function mergeWeakest(
  at: number[],
  tests: ShiftTest[],
  test: (k: number) => ShiftTest,
  fdrLevel: number,
  delta: number
): void {
  for (;;) {
    let worst = -1
    for (let k = 0; k < at.length; k++) {
      if (!fails(tests[k], fdrLevel, delta)) continue
      const w = tests[worst]
      if (
        worst < 0 ||
        tests[k].pValue > w.pValue ||
        (tests[k].pValue === w.pValue && Math.abs(tests[k].shift) < Math.abs(w.shift))
      )
        worst = k
    }
    if (worst < 0) return
    at.splice(worst, 1)
    tests.splice(worst, 1)
    if (worst > 0) tests[worst - 1] = test(worst - 1)
    if (worst < at.length) tests[worst] = test(worst)
  }
}

/** Is a tested point below the bar: p > q, or a size below δ? */
const fails = (t: ShiftTest, q: number, delta: number) =>
  t.pValue > q || Math.abs(Math.expm1(t.shift)) < delta

/**
 * The change points of one segment that pass the rank test at q with a size ≥ δ.
 * @param logs natural logs of the locations, in order (≥ MIN_SEGMENT_POINTS, else none).
 * @param inflation the series' long-run variance factor (stats/serialShift.ts serialInflation).
 * @param fdrLevel q, the level each point's test must pass (docs/statistics.md §11).
 * Complexity: E-divisive's O(N·W²), then O(k·N log N) for k proposals.
 */
export function segmentChangePoints(
  logs: readonly number[],
  inflation: number,
  fdrLevel: number,
  delta: number
): SegmentChangePoint[] {
  if (logs.length < MIN_SEGMENT_POINTS) return []
  // Places are chosen on the values with their short outlier runs replaced (stats/changePoints.ts
  // despike); the tests see the values as recorded.
  // ρ back from f = (1 + ρ)/(1 − ρ).
  const placing = { values: despike(logs), rho: (inflation - 1) / (inflation + 1) }
  let at = proposals(logs, placing, fdrLevel)
  const test = (k: number) =>
    rankShiftTest(
      logs.slice(k > 0 ? at[k - 1] : 0, at[k]),
      logs.slice(at[k], k + 1 < at.length ? at[k + 1] : logs.length),
      inflation
    )
  let tests = at.map((_, k) => test(k))
  // Merged, the survivors stand between farther neighbours than when they were placed: among the
  // dozens of places serially correlated noise proposes around a step, the one that survives the merge
  // need not be the step's. So they are placed again between their new neighbours and re-tested,
  // until no point moves; a merge can undo a move, so the rounds are capped.
  for (let round = 0; round < MAX_PLACING_ROUNDS; round++) {
    mergeWeakest(at, tests, test, fdrLevel, delta)
    const moved = placed(
      placing,
      at.map((index) => ({ index }))
    )
    if (moved.every((index, k) => index === at[k])) break
    at = moved
    tests = at.map((_, k) => test(k))
  }
  mergeWeakest(at, tests, test, fdrLevel, delta)
  return at.map((index, k) => ({ index, test: tests[k] }))
}
