/**
 * Creep over a series' last W paired steps (docs/statistics.md §11), with two witnesses. Pure.
 *
 * - **The paired steps**: Σ ln rᵢ over the window (stats/creep.ts), each step's standard error from its
 *   per-run values (pairedSteps.ts stepSe).
 * - **The trend** of the locations over the same commits within the window's last environment segment
 *   (≥ 10 points): least squares, widened by the series' serial correlation (stats/serialShift.ts).
 *   Each location is its own measurement, so the trend sees a slow creep the chain of 30 noisy
 *   differences cannot (+0.4% a commit over 30 commits at 8 runs a side and 1.5% noise: the chain alone
 *   finds it about half the time).
 *
 * Reported when a witness's interval excludes 0 and its total is ≥ δ, each witness at level
 * 1 − (1 − creepLevel)/2 so the two together keep the false rate ≤ 1 − creepLevel. The trend counts
 * only when the paired steps' interval holds its total: a trend the code does not show is not creep
 * but the environment (`unexplained`).
 */
import { creep } from '../stats/creep.js'
import { normalQuantile } from '../stats/normal.js'
import { trend } from '../stats/serialShift.js'
import type { ChangesOptions, CreepFinding } from './changeTypes.js'
import { stepSe, usableStep } from './pairedSteps.js'
import type { CommitRecord } from './record.js'
import type { Point } from './series.js'

/** Fewer locations than this in the window's last segment: no trend witness. */
export const MIN_TREND_POINTS = 10

const Z95 = normalQuantile(0.975)

/** The trend witness over the window: its total from the chain's first parent to its last commit, or null. */
function trendWitness(
  points: readonly Point[],
  firstPos: number,
  lastPos: number,
  inflation: number,
  zQuantile: number
): CreepFinding['trend'] {
  const last = points[points.length - 1]
  const inWindow = points.filter((p) => p.pos >= firstPos && p.pos <= lastPos && p.segment === last.segment)
  if (inWindow.length < MIN_TREND_POINTS) return null
  const t = trend(
    inWindow.map((p) => p.pos),
    inWindow.map((p) => p.log),
    inflation
  )
  if (t === null) return null
  const span = lastPos - firstPos
  const total = t.slope * span
  const half = zQuantile * t.se * span
  return {
    change: Math.expm1(total),
    lo: Math.expm1(total - half),
    hi: Math.expm1(total + half),
    points: inWindow.length
  }
}

/**
 * The creep over the series' last `window` paired steps, or null without a usable step.
 * @param points the series' points (series.ts), in order.
 * @param inflation the series' long-run variance factor.
 * @param parentOf a record's parent, read through records that measured nothing.
 */
export function creepOf(
  points: readonly Point[],
  options: ChangesOptions,
  inflation: number,
  parentOf: (r: CommitRecord) => string
): CreepFinding | null {
  const withSteps = points.filter((p) => usableStep(p.step)).slice(-options.window)
  if (withSteps.length === 0) return null
  const level = 1 - (1 - options.creepLevel) / 2
  const z = normalQuantile((1 + level) / 2)
  const c = creep(
    withSteps.map((p) => {
      const se = stepSe(p.step!)
      return {
        ratio: p.step!.ratio,
        lo: p.step!.ratio * Math.exp(-Z95 * se),
        hi: p.step!.ratio * Math.exp(Z95 * se)
      }
    }),
    { delta: options.delta, stepConfLevel: 0.95, confLevel: level }
  )
  let gaps = 0
  withSteps.forEach((p, i) => {
    if (i > 0 && parentOf(p.record) !== withSteps[i - 1].record.commit) gaps++
  })
  // The chain starts at the first step's parent: its point, when recorded, is the trend's first.
  const first = withSteps[0]
  const parent = points.find((p) => p.record.commit === parentOf(first.record))
  const tw = trendWitness(points, parent?.pos ?? first.pos, withSteps[withSteps.length - 1].pos, inflation, z)
  const trendTotal = tw === null ? 0 : Math.log1p(tw.change)
  const trendShows =
    tw !== null && (tw.lo > 0 || tw.hi < 0) && Math.abs(trendTotal) >= Math.log1p(options.delta)
  const explained = trendShows && c.lo <= trendTotal && trendTotal <= c.hi
  const witness = c.report ? 'paired steps' : explained ? 'trend' : null
  return {
    change: c.change,
    lo: c.changeLo,
    hi: c.changeHi,
    level,
    steps: c.steps,
    since: parentOf(first.record),
    until: withSteps[withSteps.length - 1].record.commit,
    gaps,
    trend: tw,
    witness,
    unexplained: trendShows && !explained && !c.report,
    reported: witness !== null
  }
}
