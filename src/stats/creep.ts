/**
 * Slow creep over a benchmark's history (docs/statistics.md §11): the chain of paired steps on main.
 *
 * Each recorded commit carries the paired ratio head/parent with its interval (§2, Hodges-Lehmann on
 * the log scale). Over a window of consecutive steps the log-ratios add up: `total = Σ ln rᵢ` is the
 * log of the ratio between the window's last commit and the parent of its first. Each step's standard
 * error comes from its own interval by the normal approximation on the log scale,
 * `seᵢ = (ln hiᵢ − ln loᵢ)/(2·z_{(1+conf)/2})`; the steps are independent measurements (each a separate
 * ABBA run), so `se = √Σ seᵢ²` and the interval is `total ± z_{(1+confLevel)/2}·se`.
 * A creep is reported when that interval excludes 0 and `|total| ≥ ln(1 + δ)`.
 *
 * The normal approximation is exact for a t or z interval symmetric on the log scale and close for a
 * Hodges-Lehmann interval (nearly symmetric); summing many steps makes the total close to normal
 * whatever each step's shape (central limit theorem). The SE from an interval on the log scale is the
 * usual one, e.g. Altman & Bland (2011), "How to obtain the P value from a confidence interval", BMJ
 * 343:d2304 (SE = (ln u − ln l)/(2·1.96) for a 95% interval of a ratio).
 *
 * @module
 */
import { StatsInputError } from './errors.js'
import { normalQuantile } from './normal.js'

/** One paired step: the ratio head/parent and its interval at the steps' confidence level. */
export interface CreepStep {
  ratio: number
  lo: number
  hi: number
}

export interface CreepOptions {
  /** Smallest total change worth reporting, as a fraction (0.02 = 2%): reported when |total| ≥ ln(1+δ). */
  delta: number
  /** Confidence level of each step's interval (default 0.95). */
  stepConfLevel?: number
  /** Confidence level of the total's interval (default: stepConfLevel). */
  confLevel?: number
  /** Use only the last `window` steps (default: all). */
  window?: number
}

export interface CreepResult {
  /** Σ ln rᵢ over the window: the log of the cumulative ratio. */
  total: number
  /** Lower bound of the total's interval (log scale). */
  lo: number
  /** Upper bound of the total's interval (log scale). */
  hi: number
  /** Standard error of the total, √Σ seᵢ². */
  se: number
  /** Number of steps summed. */
  steps: number
  /** Cumulative relative change exp(total) − 1, and its interval on the same scale. */
  change: number
  changeLo: number
  changeHi: number
  /** The interval excludes 0 and |total| ≥ ln(1 + δ). */
  report: boolean
}

function checkStep(s: CreepStep, i: number): void {
  for (const [k, v] of [
    ['ratio', s.ratio],
    ['lo', s.lo],
    ['hi', s.hi]
  ] as const) {
    if (!(v > 0 && Number.isFinite(v))) {
      throw new StatsInputError(
        'not-positive',
        `steps[${i}].${k}`,
        `steps[${i}].${k} is ${v}: ratios must be finite and > 0`
      )
    }
  }
  if (!(s.lo <= s.ratio && s.ratio <= s.hi))
    throw new StatsInputError(
      'domain',
      `steps[${i}]`,
      `steps[${i}]: need lo ≤ ratio ≤ hi, got [${s.lo}, ${s.ratio}, ${s.hi}]`
    )
}

function checkLevel(level: number, subject: string): void {
  if (!(level > 0 && level < 1))
    throw new StatsInputError('domain', subject, `${subject} must be in (0, 1), got ${level}`)
}

/**
 * The cumulative change over a window of paired steps, with its interval and the creep flag.
 *
 * @param steps paired steps in commit order (ratio head/parent, interval at `stepConfLevel`).
 * @param opts delta (required), stepConfLevel (0.95), confLevel (= stepConfLevel), window (all).
 * @returns total, interval and standard error on the log scale, the same as relative changes, the flag.
 * @throws StatsInputError `empty` for no steps; `not-positive` for a ratio or bound ≤ 0 or not finite;
 * `domain` for lo > ratio, ratio > hi, a level outside (0, 1), δ < 0 or a window that is not a
 * positive integer.
 * Complexity: O(window).
 */
export function creep(steps: readonly CreepStep[], opts: CreepOptions): CreepResult {
  const { delta, stepConfLevel = 0.95, window = steps.length } = opts
  const confLevel = opts.confLevel ?? stepConfLevel
  checkLevel(stepConfLevel, 'stepConfLevel')
  checkLevel(confLevel, 'confLevel')
  if (!(delta >= 0 && Number.isFinite(delta)))
    throw new StatsInputError('domain', 'delta', `delta must be finite and ≥ 0, got ${delta}`)
  if (steps.length === 0)
    throw new StatsInputError('empty', 'steps', 'steps is empty: a creep total needs at least 1 step')
  if (!(Number.isInteger(window) && window >= 1))
    throw new StatsInputError('domain', 'window', `window must be a positive integer, got ${window}`)
  const used = steps.slice(Math.max(0, steps.length - window))
  used.forEach((s, i) => checkStep(s, steps.length - used.length + i))
  const zStep = normalQuantile((1 + stepConfLevel) / 2)
  let total = 0
  let variance = 0
  for (const s of used) {
    total += Math.log(s.ratio)
    const se = (Math.log(s.hi) - Math.log(s.lo)) / (2 * zStep)
    variance += se * se
  }
  const se = Math.sqrt(variance)
  const half = normalQuantile((1 + confLevel) / 2) * se
  const lo = total - half
  const hi = total + half
  return {
    total,
    lo,
    hi,
    se,
    steps: used.length,
    change: Math.expm1(total),
    changeLo: Math.expm1(lo),
    changeHi: Math.expm1(hi),
    report: (lo > 0 || hi < 0) && Math.abs(total) >= Math.log1p(delta)
  }
}
