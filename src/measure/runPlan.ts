/**
 * What the rounds can decide, said before the base is built (docs/statistics.md §10 "Decidability before
 * measuring", §13 n_min): the rounds raised to n_min for the test in force, the run line (K, the test,
 * n_min, the rounds planned), and, when head's timing shows the time budget cannot reach n_min, a design
 * that can decide (whole-suite rounds, whose rank-sum test needs fewer rounds) instead of rounds that
 * cannot. Pure: the caller times head (headTiming.ts) and says the words.
 */
import { decidability, decidableRounds, type Decidability } from '../analysis/decidability.js'
import type { Comparison, Interleave, InterleaveChoice, SuiteResult, Warning } from '../analysis/types.js'
import type { Config } from '../config/index.js'
import { BUDGET_UNDECIDABLE } from '../report/wording.js'
import { adaptiveMaxRounds } from './adaptive.js'
import { formatEta } from './plan.js'

/** What head's timing gave: one process of every benchmark, and one process's start (the list probe). */
export interface HeadTiming {
  /** Seconds one head process of the run's benchmarks took, at the run's repetitions and min time. */
  suiteSeconds: number
  /** Seconds one process takes to start, list its benchmarks and exit. */
  startSeconds: number
}

export interface RunPlan {
  /** The config to measure with: rounds raised to n_min, and the design, if the budget made it change. */
  plan: Config
  /** The run line: K, the test in force, n_min and the rounds planned (with the budget's rounds when timed). */
  line: string | null
  /** Rounds raised to n_min, said (null when not raised). */
  raised: string | null
  /** The budget cannot reach n_min: what the run does about it (null when it can or was not timed). */
  budget: string | null
}

const TEST_OF: Record<Interleave, string> = {
  benchmark: 'per-benchmark pairs, signed-rank test',
  suite: 'whole-suite rounds, rank-sum test'
}

/** "14 pairs" under pairs, "9 runs per side" under whole-suite rounds. */
function runsWord(n: number, design: Interleave): string {
  return design === 'benchmark' ? `${n} pairs` : `${n} runs per side`
}

/** Seconds of one round: both sides' processes (one per benchmark under pairs, one per side otherwise). */
export function roundSeconds(design: Interleave, k: number, t: HeadTiming): number {
  const perSide = design === 'benchmark' ? t.suiteSeconds + (k - 1) * t.startSeconds : t.suiteSeconds
  return 2 * perSide
}

/** Measured rounds the budget allows after the warm-up rounds (the rounds stop at the budget, §4). */
export function roundsWithin(budgetSeconds: number, round: number, warmupRounds: number): number {
  return Math.max(0, Math.floor(budgetSeconds / round) - warmupRounds)
}

/** The fewest rounds that can decide anything under `design`, and the rounds to plan for it. */
function decidableUnder(config: Config, k: number, design: Interleave) {
  const maxRounds = config.adaptive ? adaptiveMaxRounds(config.rounds, config.maxRounds) : undefined
  const analysis = { ...config.analysis, interleave: design }
  return { ...decidableRounds(k, analysis, config.rounds, maxRounds), maxRounds }
}

/**
 * The plan for K benchmarks before the base is built.
 * @param config the run's config, its design resolved (`benchmark` or `suite`)
 * @param asked the design the user asked for: only `auto` lets the budget change it
 * @param benchmarkCount benchmarks head lists under the run's filter (≥ 0)
 * @param timing head's timing, or null when not timed (no budget, counts only, a shard)
 */
export function planRun(
  config: Config,
  asked: InterleaveChoice,
  benchmarkCount: number,
  timing: HeadTiming | null
): RunPlan {
  if (benchmarkCount === 0 || config.measure === 'counts')
    return { plan: config, line: null, raised: null, budget: null }
  const design = config.analysis.interleave === 'suite' ? 'suite' : 'benchmark'
  let plan = raisedTo(config, benchmarkCount, design)
  let budget: string | null = null
  const budgetSeconds = config.timeBudgetSeconds
  if (timing && budgetSeconds !== null) {
    const allowed = roundsWithin(
      budgetSeconds,
      roundSeconds(design, benchmarkCount, timing),
      config.warmupRounds
    )
    const need = decidability(benchmarkCount, { ...config.analysis, interleave: design }).minRuns
    if (allowed < need) {
      const other = otherDesign(config, benchmarkCount, timing, budgetSeconds)
      const switched = asked === 'auto' && design === 'benchmark' && other.allowed >= other.need
      budget = budgetText(
        {
          k: benchmarkCount,
          design,
          allowed,
          need,
          budgetSeconds,
          round: roundSeconds(design, benchmarkCount, timing)
        },
        switched ? other : null,
        asked
      )
      if (switched)
        plan = raisedTo(
          { ...config, analysis: { ...config.analysis, interleave: 'suite' } },
          benchmarkCount,
          'suite'
        )
    }
  }
  const inForce = plan.analysis.interleave === 'suite' ? 'suite' : 'benchmark'
  return {
    plan: plan,
    line: runLine(plan, benchmarkCount, inForce, timing),
    raised: plan.rounds > config.rounds ? raisedText(config, plan, benchmarkCount, inForce) : null,
    budget
  }
}

/** Whole-suite rounds under the same budget: the rounds they allow and the rounds they need. */
function otherDesign(config: Config, k: number, timing: HeadTiming, budgetSeconds: number) {
  const round = roundSeconds('suite', k, timing)
  return {
    allowed: roundsWithin(budgetSeconds, round, config.warmupRounds),
    need: decidability(k, { ...config.analysis, interleave: 'suite' }).minRuns,
    round
  }
}

/** The config with its rounds raised to what can decide anything under `design` (§10). */
function raisedTo(config: Config, k: number, design: Interleave): Config {
  const { rounds, maxRounds } = decidableUnder(config, k, design)
  if (rounds <= config.rounds) return config
  return {
    ...config,
    rounds,
    ...(maxRounds !== undefined && { maxRounds: Math.max(maxRounds, rounds) })
  }
}

function levelText(config: Config, d: Decidability): string {
  const { alpha, correction } = config.analysis
  return `α = ${alpha}${correction === 'none' ? '' : ` (${correction}: each test at ${d.testLevel.toPrecision(2)})`}`
}

/** "K = 72 benchmarks at α = 0.01 (bonferroni: each test at 0.00014): per-benchmark pairs, signed-rank test; n_min = 14 pairs; 20 rounds planned". */
function runLine(plan: Config, k: number, design: Interleave, timing: HeadTiming | null): string {
  const { decidability: d } = decidableUnder(plan, k, design)
  const rounds = plan.adaptive
    ? `${plan.rounds} rounds, then up to ${adaptiveMaxRounds(plan.rounds, plan.maxRounds)}`
    : `${plan.rounds} rounds planned`
  const round = timing ? roundSeconds(design, k, timing) : null
  const budget =
    round !== null && plan.timeBudgetSeconds !== null
      ? ` (≈ ${formatEta(round * 1000)} a round by head's timing: the ${plan.timeBudgetSeconds} s budget allows ≈ ${roundsWithin(plan.timeBudgetSeconds, round, plan.warmupRounds)})`
      : ''
  return (
    `K = ${k} benchmark${k === 1 ? '' : 's'} at ${levelText(plan, d)}: ${TEST_OF[design]}; ` +
    `n_min = ${runsWord(d.minRuns, design)} (no benchmark can be decided with fewer); ${rounds}${budget}`
  )
}

/** Why the rounds were raised before measuring. */
function raisedText(config: Config, plan: Config, k: number, design: Interleave): string {
  const { decidability: d } = decidableUnder(plan, k, design)
  return (
    `${k} benchmark(s) at ${levelText(config, d)}: ` +
    `no benchmark can be decided with fewer than ${runsWord(d.minRuns, design)} (the exact test's ` +
    `smallest p must reach ${d.testLevel.toPrecision(2)}); raising --rounds from ${config.rounds} to ${plan.rounds}` +
    (plan.rounds < d.minRuns
      ? `; that is --max-rounds, and still too few: raise --max-rounds to at least ${d.minRuns} to decide anything`
      : '')
  )
}

interface Shortfall {
  k: number
  design: Interleave
  allowed: number
  need: number
  budgetSeconds: number
  round: number
}

/** The budget falls short of n_min: what this means and what the run does (a design that can decide, or what would). */
function budgetText(
  s: Shortfall,
  switched: { allowed: number; need: number } | null,
  asked: InterleaveChoice
): string {
  const short =
    `the ${s.budgetSeconds} s time budget allows ≈ ${s.allowed} rounds of ≈ ${formatEta(s.round * 1000)} (head's timing), ` +
    `but ${TEST_OF[s.design]} needs ${runsWord(s.need, s.design)} to decide anything at K = ${s.k}`
  if (switched)
    return (
      `${short}: measuring whole-suite rounds instead (rank-sum test: ${switched.need} runs per side decide, ` +
      `≈ ${switched.allowed} fit the budget). --interleave benchmark keeps the pairs; a larger --time-budget or ` +
      'fewer benchmarks per job (--filter, --shard) lets them decide'
    )
  const suite = s.design === 'benchmark' && asked !== 'auto' ? ', --interleave suite' : ''
  return (
    `${short}: as planned, no benchmark can be decided by timing. Raise --time-budget to at least ` +
    `${Math.ceil(s.round * (s.need + 1))} s, or measure fewer benchmarks per job (--filter, --shard${suite})`
  )
}

/**
 * After measuring: the budget ended the rounds before n_min for the test in force, so no benchmark could
 * be decided by timing. Said once, first (the headline reads the warning), instead of per benchmark advice
 * that blames the noise: the advice of the benchmarks the level kept out of reach is cleared. Null when
 * the rounds reached n_min or stopped for another reason.
 */
export function budgetEndedUndecided(
  suite: SuiteResult,
  rounds: { stoppedEarly: string | null; completedRounds: number },
  budgetSeconds: number | null
): Warning | null {
  if (rounds.stoppedEarly !== 'time-budget') return null
  const k = suite.familySize
  const design = suite.options.interleave === 'suite' ? 'suite' : 'benchmark'
  if (k === 0) return null
  const need = decidability(k, { ...suite.options, interleave: design }).minRuns
  if (rounds.completedRounds >= need) return null
  const unreachable = (c: Comparison) => c.inconclusiveReason === 'level-unreachable'
  for (const c of suite.comparisons) if (unreachable(c)) c.advice = null
  return {
    level: 'warning',
    code: BUDGET_UNDECIDABLE,
    message:
      `the time budget (${budgetSeconds} s) ended after ${rounds.completedRounds} rounds, before the ` +
      `${runsWord(need, design)} ${TEST_OF[design].replace(/^.*, /, 'the ')} needs to decide anything at K = ${k}: ` +
      'no benchmark could be decided by timing, whatever its noise. A larger --time-budget, fewer benchmarks per job ' +
      `(--filter, --shard)${design === 'benchmark' ? ' or whole-suite rounds (--interleave suite)' : ''} would decide`
  }
}

/**
 * Whether head is timed before the base build: only when a time budget could stop the rounds short of
 * n_min. Not for counts alone (no rounds) or a shard (its share is planned after the base build).
 */
export function timesHead(config: Config, k: number): boolean {
  return k > 0 && config.timeBudgetSeconds !== null && config.measure !== 'counts' && config.shard === null
}
