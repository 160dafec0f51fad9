/**
 * Group-sequential significance levels for adaptive rounds (docs/adaptive.md): how much of the
 * error budget α each look at the data may spend, so that looking after every block of rounds does
 * not inflate false alarms.
 *
 * The rule, chosen because it is valid with no assumption about how the looks are correlated:
 * - α is spent over the planned information fraction `t = rounds so far / maximum rounds` with the
 *   Lan–DeMets O'Brien–Fleming-type spending function `α(t) = 2 − 2Φ(z_{1−α/2} / √t)`
 *   (α(0) = 0, α(1) = α; tiny early, most of α kept for the last look).
 * - Look k tests at the increment `α(t_k) − α(t_{k−1})`; the final look (maximum rounds reached or the
 *   time budget exhausted) at everything left, `α − α(t_{k−1})`.
 * - By Boole's inequality P(a false alarm at any look) ≤ Σ increments ≤ α whatever the correlation
 *   between looks (Bonferroni over looks). This is conservative compared with exact boundaries
 *   (Armitage, McPherson & Rowe recursive integration), which we do not use because they assume a
 *   normal statistic with independent increments — not a rank test on one median per process.
 *
 * References: K. K. G. Lan & D. L. DeMets (1983), "Discrete sequential boundaries for clinical
 * trials", Biometrika 70(3), 659–663; P. C. O'Brien & T. R. Fleming (1979), "A multiple testing
 * procedure for clinical trials", Biometrics 35(3), 549–556.
 *
 * Pure functions, no I/O.
 * @module
 */
import { StatsInputError } from './errors.js'
import { normalQuantile, normalSf } from './normal.js'

function checkAlpha(alpha: number): void {
  if (!(alpha > 0 && alpha < 1))
    throw new StatsInputError('domain', 'alpha', `alpha must be in (0, 1), got ${alpha}`)
}

function checkFraction(t: number, name = 't'): void {
  if (!(t >= 0 && t <= 1))
    throw new StatsInputError('domain', name, `${name} must be an information fraction in [0, 1], got ${t}`)
}

/**
 * The O'Brien–Fleming-type spending function of Lan & DeMets (1983):
 * `α(t) = 2 − 2Φ(z_{1−α/2}/√t)`, computed as `2·(1 − Φ(·))` without cancellation, so tiny early
 * values keep their relative accuracy. Same as R `2 - 2*pnorm(qnorm(1 - a/2)/sqrt(t))`.
 *
 * @param t information fraction in [0, 1] (rounds so far / maximum rounds); α(0) = 0
 * @param alpha overall two-sided level in (0, 1)
 * @returns the cumulative α spent by fraction t, in [0, alpha]; non-decreasing in t, α(1) = alpha
 * @throws StatsInputError 'domain' for t outside [0, 1] or alpha outside (0, 1)
 * Complexity O(1).
 */
export function obrienFlemingSpending(t: number, alpha: number): number {
  checkAlpha(alpha)
  checkFraction(t)
  if (t === 0) return 0
  if (t === 1) return alpha
  const z = normalQuantile(1 - alpha / 2)
  return Math.min(alpha, 2 * normalSf(z / Math.sqrt(t)))
}

/**
 * The level of one look: the α increment between the previous look's information fraction and
 * this one's, or everything not yet spent when this is the final look.
 *
 * @param look.alpha overall level in (0, 1)
 * @param look.fraction this look's information fraction in (0, 1]
 * @param look.previousFraction the previous look's fraction in [0, fraction) (0 for the first look)
 * @param look.final true when no further look will follow (max rounds reached, time budget out)
 * @returns a level in (0, alpha]; Σ over a run's looks ≤ alpha
 * @throws StatsInputError 'domain' for fractions outside their ranges or alpha outside (0, 1)
 */
export function lookAlpha(look: {
  alpha: number
  fraction: number
  previousFraction: number
  final: boolean
}): number {
  const { alpha, fraction, previousFraction } = look
  checkAlpha(alpha)
  checkFraction(fraction, 'fraction')
  checkFraction(previousFraction, 'previousFraction')
  if (!(fraction > previousFraction)) {
    throw new StatsInputError(
      'domain',
      'fraction',
      `a look's fraction (${fraction}) must exceed the previous look's (${previousFraction})`
    )
  }
  const spent = obrienFlemingSpending(previousFraction, alpha)
  const upTo = look.final ? alpha : obrienFlemingSpending(fraction, alpha)
  // Never exactly 0 (a test at level 0 is meaningless); the floor is far below any useful p-value.
  return Math.max(upTo - spent, Number.MIN_VALUE)
}

/**
 * The rounds at which the looks are planned: the initial block, then blocks of `block` rounds
 * until `maxRounds` (the last block may be shorter).
 *
 * @param initial rounds of the first block (integer ≥ 1)
 * @param maxRounds the cap (integer ≥ initial)
 * @param block rounds per top-up block (integer ≥ 1)
 * @returns cumulative rounds at each look, strictly increasing, ending at maxRounds
 * @throws StatsInputError 'domain' for invalid integers
 */
export function plannedLooks(initial: number, maxRounds: number, block: number): number[] {
  for (const [name, v, min] of [
    ['initial', initial, 1],
    ['maxRounds', maxRounds, initial],
    ['block', block, 1]
  ] as const) {
    if (!Number.isInteger(v) || v < min)
      throw new StatsInputError('domain', name, `${name} must be an integer >= ${min}, got ${v}`)
  }
  const looks = [initial]
  while (looks[looks.length - 1] < maxRounds) looks.push(Math.min(maxRounds, looks[looks.length - 1] + block))
  return looks
}

/**
 * Cumulative α spent at each planned look (`α(t_k)`, t_k = looks[k] / maxRounds) and each look's
 * level (the increments). For documentation and tests; the loop uses {@link lookAlpha}.
 */
export function spendingTable(
  looks: readonly number[],
  maxRounds: number,
  alpha: number
): Array<{ rounds: number; fraction: number; cumulative: number; level: number }> {
  let previous = 0
  return looks.map((rounds, k) => {
    const fraction = rounds / maxRounds
    const final = k === looks.length - 1
    const level = lookAlpha({ alpha, fraction, previousFraction: previous, final })
    previous = fraction
    return { rounds, fraction, cumulative: final ? alpha : obrienFlemingSpending(fraction, alpha), level }
  })
}

/**
 * Conditional power of a two-sided test at the end of a sequential measurement, given the data so
 * far (stochastic curtailment: K. K. G. Lan, R. Simon & M. Halperin (1982), "Stochastically curtailed
 * tests in long-term clinical trials", Communications in Statistics C 1(3), 207–219; J. M. Lachin
 * (2005), "A review of methods for futility stopping based on conditional power", Statistics in
 * Medicine 24, 2747–2764).
 *
 * With an estimate `estimate` of standard error `se` after information fraction `f`, and the true
 * effect `effect` for the information still to come, the final estimate is normal with mean
 * `f·estimate + (1 − f)·effect` and sd `se·√(f(1 − f))`; its own standard error is `se·√f`, so
 * the test at the end rejects when `|final| > z_{1−α/2}·se·√f`.
 *
 * @param o.estimate current estimate (any finite number, e.g. a log ratio)
 * @param o.se its standard error (> 0; 0 or non-finite gives 1: nothing can be concluded from it)
 * @param o.fraction information so far / information at the end, in (0, 1]
 * @param o.alpha two-sided level of the final test, in (0, 1)
 * @param o.effect the true effect assumed for the rest of the measurement
 * @returns P(the final test rejects), in [0, 1]; at fraction 1 it is 0 or 1
 * @throws StatsInputError 'domain' for alpha or fraction out of range
 * Complexity O(1).
 */
export function conditionalPower(o: {
  estimate: number
  se: number
  fraction: number
  alpha: number
  effect: number
}): number {
  checkAlpha(o.alpha)
  if (!(o.fraction > 0 && o.fraction <= 1))
    throw new StatsInputError('domain', 'fraction', `fraction must be in (0, 1], got ${o.fraction}`)
  if (!(o.se > 0 && Number.isFinite(o.se))) return 1
  const f = o.fraction
  const bound = normalQuantile(1 - o.alpha / 2) * o.se * Math.sqrt(f)
  const mean = f * o.estimate + (1 - f) * o.effect
  const sd = o.se * Math.sqrt(f * (1 - f))
  if (sd === 0) return Math.abs(mean) > bound ? 1 : 0
  return normalSf((bound - mean) / sd) + normalSf((bound + mean) / sd)
}
