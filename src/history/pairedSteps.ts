/**
 * What the paired steps say (docs/statistics.md §11): each step's standard error, the chain of steps
 * over a range of commits, and whether a move of the locations is the code's. Pure.
 */
import { normalQuantile } from '../stats/normal.js'
import type { ShiftTest } from '../stats/serialShift.js'
import type { ChangePointFinding, PairedTotal } from './changeTypes.js'
import type { CommitRecord, StepRecord } from './record.js'
import type { Point } from './series.js'

/** The level at which a location's move and the paired steps' total are said to disagree. */
export const CAUSE_LEVEL = 0.99

/** A step a chain can use: a positive ratio inside its positive interval. */
export const usableStep = (s: StepRecord | null): s is StepRecord =>
  s !== null && s.ci[0] > 0 && s.ci[0] <= s.ratio && s.ratio <= s.ci[1]

/**
 * The standard error of ln(step): from the step's per-run values (`se_log`, version 3), else — a record
 * written before it — read back from its interval at its own level (too wide: that interval is
 * simultaneous over the suite).
 */
export function stepSe(s: StepRecord): number {
  if (s.se_log !== undefined) return s.se_log
  return Math.log(s.ci[1] / s.ci[0]) / (2 * normalQuantile((1 + s.conf_level) / 2))
}

/**
 * The paired steps' total from the point at `from` (excluded) to the point at `to` (included) of one
 * series, or null when the chain does not cover it (a step missing, or a parent that is not the
 * previous point: an unrecorded commit in between).
 */
export function pairedTotal(
  points: readonly Point[],
  from: number,
  to: number,
  parentOf: (r: CommitRecord) => string
): { total: number; se: number } | null {
  let total = 0
  let variance = 0
  for (let i = from + 1; i <= to; i++) {
    const s = points[i].step
    if (!usableStep(s) || parentOf(points[i].record) !== points[i - 1].record.commit) return null
    total += Math.log(s.ratio)
    variance += stepSe(s) ** 2
  }
  return { total, se: Math.sqrt(variance) }
}

/**
 * Code or environment: the locations moved by `test.shift`; the paired steps over the same commits
 * (`range`) moved by their total. When the two differ beyond their noise (99%), the code does not
 * explain the move: an environment change, whatever the fingerprint says. A slow creep moves the
 * segments' medians by more than its one step at the point, so the steps from the middle of the
 * segment before to the middle of the one after (`span`) must not explain it either.
 */
export function causeOf(
  test: ShiftTest,
  range: { total: number; se: number } | null,
  span: { total: number; se: number } | null
): Pick<ChangePointFinding, 'cause' | 'paired'> {
  if (range === null) return { cause: 'unknown', paired: null }
  const z = normalQuantile((1 + CAUSE_LEVEL) / 2)
  const total: PairedTotal = {
    change: Math.expm1(range.total),
    lo: Math.expm1(range.total - z * range.se),
    hi: Math.expm1(range.total + z * range.se)
  }
  const apart = (p: { total: number; se: number }) =>
    Math.abs(test.shift - p.total) / Math.hypot(test.se, p.se) > z
  return { cause: apart(range) && (span === null || apart(span)) ? 'environment' : 'code', paired: total }
}
