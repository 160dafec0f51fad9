/**
 * Where the time budget goes (docs/budget.md): which benchmarks get timing rounds after the count pass,
 * and which stop because the rounds the remaining budget can still buy cannot decide them. Pure: no
 * I/O, no clock (the caller measures the time left and the cost of a benchmark's round).
 *
 * - The count pass settles a benchmark whose code path did not move (docs/statistics.md §10: "flat",
 *   counts `unchanged` or `negligible`): timing could only add a `timing-only` verdict, which fails
 *   nothing unless `timing-only` is in fail-on. Such a benchmark gets no timing rounds; the rounds go to
 *   the benchmarks whose code path moved (timing can still overrule their counts: "time and
 *   instructions disagree") and to those the counts could not judge. The split is fixed from the counts
 *   alone, before any timing is seen, so the timing family is known in advance (α below).
 * - At a look, an undecided benchmark whose decision needs more rounds than the budget can still give
 *   (the advice of docs/statistics.md §4, at the most α a later look can spend) stops. Stopping without
 *   a verdict is non-binding, as futility is (docs/adaptive.md): α is untouched.
 */
import { obrienFlemingSpending } from '../stats/groupSequential.js'
import { compareCounts, countDirection } from './counts.js'
import { roundsToDecide, standardError, type DecisionModel } from './decisionAdvice.js'
import type { CountMeasurement } from '../samples/countModel.js'
import type { Comparison, CountOptions } from './types.js'

/** The timing rounds' split of the suite after the count pass. */
export interface TimingSplit {
  /** Benchmarks that get timing rounds: code path moved, or counts could not judge them (sorted). */
  timed: string[]
  /** Benchmarks the count pass settled (code path flat, counts unchanged or negligible): no timing (sorted). */
  settled: string[]
}

/**
 * Splits the counted benchmarks. `timeSettled` (fail-on includes `timing-only`: the user wants layout
 * changes to fail) times every benchmark.
 */
export function splitByCounts(
  measurement: Pick<CountMeasurement, 'samples' | 'issues'>,
  options: CountOptions,
  timeSettled: boolean
): TimingSplit {
  const timed: string[] = []
  const settled: string[] = []
  for (const [name, c] of compareCounts(measurement, options)) {
    const flat = countDirection(c, options.threshold) === 'flat'
    const quiet = c.verdict === 'unchanged' || c.verdict === 'negligible'
    ;(flat && quiet && !timeSettled ? settled : timed).push(name)
  }
  return { timed: timed.sort(), settled: settled.sort() }
}

/** The split for a run's options: its count options, and `timing-only` in fail-on times the settled too. */
export function timingSplitOf(
  measurement: Pick<CountMeasurement, 'samples' | 'issues'>,
  config: { countMetric: CountOptions['metric']; countThreshold: number; failOn: readonly string[] }
): TimingSplit {
  const options = { metric: config.countMetric, threshold: config.countThreshold }
  return splitByCounts(measurement, options, config.failOn.includes('timing-only'))
}

/** What a look knows about the budget left. */
export interface BudgetAtLook {
  /** Rounds each active benchmark has so far. */
  rounds: number
  /** Milliseconds of the time budget left (Infinity: no budget). */
  remainingMs: number
  /** Milliseconds one round of one benchmark costs (base and head), measured in the last block. */
  msPerBenchmarkRound: number
  /** The run's cap on rounds per benchmark (--max-rounds). */
  maxRounds: number
  /** The overall α and the information fraction spent by the looks so far (O'Brien–Fleming). */
  alpha: number
  spentFraction: number
  /** Benchmarks in the timing family (the correction divides over them). */
  familySize: number
  /** The correction in force: 'none' tests each at α. */
  correction: 'bonferroni' | 'holm' | 'none'
  /** δ (0.02 = 2%). */
  minEffect: number
}

/** Why a benchmark stops: the advice's reason, at the rounds the budget can still give. */
export interface BudgetStop {
  benchmark: string
  /** Rounds the budget could still give it (per benchmark). */
  affordable: number
  why: 'too-noisy' | 'too-close'
  message: string
}

/**
 * The undecided benchmarks that the rest of the budget cannot decide. The budget is shared: with A
 * benchmarks still active, each can get about remainingMs / (A × msPerBenchmarkRound) more rounds;
 * when some cannot be decided with that, those the whole budget could not decide stop, else the
 * noisiest one does, which frees its share for the rest; repeated until the rest can be decided. A
 * benchmark's chance is judged at the most α any later look can use (everything not yet spent,
 * divided over the family), so stopping is conservative: it never stops a benchmark the real last
 * look could more easily decide.
 */
export function budgetStops(active: readonly Comparison[], budgetAtLook: BudgetAtLook): BudgetStop[] {
  const left = Math.max(
    0,
    budgetAtLook.alpha - obrienFlemingSpending(Math.min(1, budgetAtLook.spentFraction), budgetAtLook.alpha)
  )
  const level = budgetAtLook.correction === 'none' ? left : left / Math.max(1, budgetAtLook.familySize)
  const models = new Map(
    active.flatMap((c) => {
      const m =
        c.verdict === 'inconclusive' ? modelOf(c, budgetAtLook, Math.max(level, Number.MIN_VALUE)) : null
      return m ? [[c.benchmark, m] as const] : []
    })
  )
  // No α left to spend (the last look was taken): nothing more can be decided.
  const affordable = (sharing: number) =>
    level > 0
      ? Math.max(
          0,
          Math.min(
            budgetAtLook.maxRounds - budgetAtLook.rounds,
            Math.floor(
              budgetAtLook.remainingMs / (sharing * Math.max(1e-9, budgetAtLook.msPerBenchmarkRound))
            )
          )
        )
      : 0
  const fails = (name: string, rounds: number) =>
    rounds <= 0 ? 'too-noisy' : adviceAt(models.get(name)!, budgetAtLook.rounds, rounds)
  const stops = new Map<string, BudgetStop>()
  const stop = (name: string, rounds: number, why: BudgetStop['why']) =>
    stops.set(name, {
      benchmark: name,
      affordable: rounds,
      why,
      message: stopMessage(why, rounds, budgetAtLook)
    })
  for (;;) {
    const still = [...models.keys()].filter((n) => !stops.has(n))
    const shared = affordable(still.length)
    const failing = still.filter((n) => fails(n, shared) !== null)
    if (failing.length === 0) break
    // Those the whole budget could not decide stop first; else the noisiest one, freeing its share.
    const alone = affordable(1)
    const hopeless = failing.filter((n) => fails(n, alone) !== null)
    if (hopeless.length > 0) for (const n of hopeless) stop(n, alone, fails(n, alone)!)
    else {
      const noisiest = failing.reduce((x, y) => (models.get(y)!.sd > models.get(x)!.sd ? y : x))
      stop(noisiest, shared, fails(noisiest, shared)!)
    }
  }
  return [...stops.values()].sort((x, y) => (x.benchmark < y.benchmark ? -1 : 1))
}

/** Null when `more` rounds make a verdict likely (the advice, decisionAdvice.ts), else why not. */
function adviceAt(model: DecisionModel, rounds: number, more: number): BudgetStop['why'] | null {
  const advice = roundsToDecide(model, rounds + 1, rounds + more)
  return advice.kind === 'more-rounds' ? null : advice.kind === 'too-close' ? 'too-close' : 'too-noisy'
}

/**
 * The advice's model of one benchmark (decisionAdvice.ts): its ln estimate, and the run-level σ its
 * standard error implies (compare()'s logRatioSe, from a 95% interval: the look's own interval at a
 * tiny level reaches into the outliers, as docs/adaptive.md found for futility). Null without one.
 */
function modelOf(c: Comparison, b: BudgetAtLook, level: number): DecisionModel | null {
  const se = c.logRatioSe
  if (!c.ratio || !(c.ratio.estimate > 0) || se === undefined || !(se > 0 && Number.isFinite(se))) return null
  const n0 = Math.max(2, b.rounds)
  return {
    estimate: Math.log(c.ratio.estimate),
    sd: se / standardError(1, n0),
    n0,
    alpha: level,
    minEffect: b.minEffect
  }
}

function stopMessage(why: BudgetStop['why'], affordable: number, b: BudgetAtLook): string {
  const what =
    why === 'too-close'
      ? `its change is too close to the minimum effect (${(100 * b.minEffect).toFixed(1)}%) to be decided`
      : 'it is too noisy to be decided'
  const seconds = Number.isFinite(b.remainingMs) ? `${Math.round(b.remainingMs / 1000)} s` : 'no limit'
  return (
    `cannot be decided within the time budget: ${what} with the ${Math.max(0, affordable)} more round(s) ` +
    `the budget left (${seconds}) can give it; stopped after ${b.rounds} rounds so the rest go to benchmarks that can be decided`
  )
}
