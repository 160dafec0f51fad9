/**
 * Adaptive rounds (`--adaptive`, docs/adaptive.md): an initial block of ABBA rounds over every
 * benchmark, a look at the data, then top-up blocks of ABBA rounds restricted to the benchmarks still
 * unresolved (one `--benchmark_filter` regex of their exact names), a look after each block — until
 * none is unresolved, the maximum number of rounds is reached or the time budget runs out.
 *
 * The statistics of the looks (group-sequential levels, Holm over the whole suite, equivalence at the
 * look's level) live in analysis/adaptiveLooks.ts; this module only runs blocks and keeps time.
 */
import { SequentialAnalysis, type LookResult } from '../analysis/adaptiveLooks.js'
import { budgetStops } from '../analysis/budgetAllocation.js'
import type { SuiteInput } from '../analysis/suite.js'
import {
  DEFAULT_ANALYSIS_OPTIONS,
  type AnalysisOptions,
  type StopReason,
  type SuiteResult
} from '../analysis/types.js'
import type { RunResult } from './benchmark.js'
import { JobError } from '../errors.js'
import { exactNameFilter } from '../samples/nameFilter.js'
import type { Side } from '../samples/model.js'
import { formatEta, planRounds } from './plan.js'
import { runRounds, type RoundsOptions, type RoundsProgress, type RoundsResult } from './rounds.js'

/** With `--adaptive` and no `--max-rounds`: the cap is this many times the initial rounds. */
export const DEFAULT_MAX_ROUNDS_FACTOR = 3

/** The cap on rounds of an adaptive run: `maxRounds`, or {@link DEFAULT_MAX_ROUNDS_FACTOR} × initial. */
export function adaptiveMaxRounds(initialRounds: number, maxRounds: number | null | undefined): number {
  return Math.max(initialRounds, maxRounds ?? DEFAULT_MAX_ROUNDS_FACTOR * initialRounds)
}

/**
 * Rounds per top-up block: about a third of the rounds left after the initial block, rounded up to
 * an even number (so each block is ABBA-balanced), at least 2. Few looks keep the Bonferroni-over-
 * looks rule cheap: the last look still gets most of α (docs/adaptive.md has the table).
 */
export function defaultBlockRounds(initialRounds: number, maxRounds: number): number {
  const left = Math.max(0, maxRounds - initialRounds)
  const third = Math.ceil(left / 3)
  return Math.max(2, third + (third % 2))
}

export interface AdaptiveOptions extends Omit<RoundsOptions, 'plan' | 'minRounds' | 'onRunComplete'> {
  /** Rounds of the initial block over every benchmark (integer >= 1). */
  initialRounds: number
  /** Cap on rounds per benchmark (integer >= initialRounds); see adaptiveMaxRounds. */
  maxRounds: number
  /** Warm-up rounds before the initial block (top-up blocks have none). */
  warmup: number
  /** Rounds per top-up block; default defaultBlockRounds. */
  blockRounds?: number
  /** Thresholds; `alpha` is the overall level spent over the looks. */
  analysis: Partial<AnalysisOptions>
  /** Stop a benchmark for futility below this conditional power (default FUTILITY_POWER; 0: never). */
  futilityPower?: number
  /**
   * The budget design (docs/budget.md): only these benchmarks get timing rounds (the count pass
   * settled the rest; default every listed one), and at each look a benchmark the rest of the time
   * budget cannot decide stops.
   */
  budget?: { timed?: readonly string[] }
  /**
   * Every sample and issue measured so far. The caller parses each finished run in onRunComplete
   * (as for runRounds) and hands the running collection back here at each look.
   */
  snapshot: () => SuiteInput
  /** As runRounds' onRunComplete; progress counts runs and rounds over all blocks. */
  onRunComplete?: (result: RunResult, progress: RoundsProgress) => void | Promise<void>
}

/** What the report says about an adaptive run as a whole. */
export interface AdaptiveSummary {
  looks: number
  initialRounds: number
  maxRounds: number
  blockRounds: number
  /** Seconds inside benchmark processes (warm-up excluded), over every block. */
  benchmarkSecondsUsed: number
  /** Estimate for giving every benchmark maxRounds: the initial block's seconds per round × maxRounds. */
  benchmarkSecondsIfFixed: number
  /** 1 − used / ifFixed, in [0, 1]. */
  saved: number
  /** Benchmarks per stop reason. */
  stopped: Partial<Record<StopReason, number>>
}

export interface AdaptiveResult {
  /** The blocks' runs merged: rounds are the most any benchmark got; planned = maxRounds. */
  rounds: RoundsResult
  /** The suite with each benchmark's verdict at the look that stopped it; null without any sample. */
  suite: SuiteResult | null
  summary: AdaptiveSummary
  looks: LookResult[]
}

/**
 * Runs the initial block and the top-up blocks, looking after each.
 * @throws JobError code 2 'invalid-option' for invalid round counts (and whatever runRounds throws)
 */
export async function runAdaptive(options: AdaptiveOptions): Promise<AdaptiveResult> {
  const { maxRounds, log } = options
  const blockRounds = checkRoundCounts(options)
  const blocks = new Blocks(options)
  const seq = new SequentialAnalysis(options.analysis, maxRounds, { futilityPower: options.futilityPower })
  const looks: LookResult[] = []
  const timed = options.budget?.timed
  let block = await blocks.run(
    options.initialRounds,
    options.warmup,
    timed ? selection(options, timed) : options.filter,
    timed
  )
  let blockSize = timed?.length ?? null
  let finalReason: StopReason | null = null
  for (;;) {
    const { reason, remainingMs } = stopReasonAfter(block, options, blocks)
    const input = options.snapshot()
    if (input.samples.length === 0 || block.completedRounds === 0) {
      // nothing new to look at (interrupted before a round finished, or nothing measured at all)
      seq.finish(reason ?? 'no-samples')
      finalReason = reason
      break
    }
    // An interruption may depend on what the user saw: it ends the run without spending the rest of α.
    const final = reason !== null && reason !== 'interrupted'
    const look = seq.look(input, {
      rounds: blocks.done,
      final,
      finalReason: final ? (reason as 'max-rounds' | 'time-budget' | 'failures') : undefined
    })
    looks.push(look)
    log.info(
      `Look ${look.look} after ${blocks.done} rounds (level ${look.testAlpha.toPrecision(2)}): ` +
        `${look.stopped.length} resolved or stopped, ${look.active.length} still unresolved.`
    )
    if (reason === 'interrupted') seq.finish('interrupted')
    if (reason === null && options.budget)
      look.active = stopUndecidable(options, seq, block, blockSize, remainingMs, blocks.done)
    if (reason !== null || look.active.length === 0) {
      finalReason = reason
      break
    }
    blockSize = look.active.length
    block = await topUp(
      options,
      blocks,
      look.active,
      Math.min(blockRounds, maxRounds - blocks.done),
      remainingMs
    )
  }
  return adaptiveResult(options, blockRounds, blocks, seq, looks, finalReason)
}

/**
 * The budget design's stop at a look: the active benchmarks the rest of the budget cannot decide
 * (analysis/budgetAllocation.ts) stop without a verdict. A round's cost per benchmark is the last
 * block's measuring time over its rounds and benchmarks (null size: the whole listed suite).
 * Returns the benchmarks still active.
 */
function stopUndecidable(
  options: AdaptiveOptions,
  seq: SequentialAnalysis,
  block: RoundsResult,
  blockSize: number | null,
  remainingMs: number,
  rounds: number
): string[] {
  const size = blockSize ?? Math.max(1, seq.analysedCount())
  const opts = { ...DEFAULT_ANALYSIS_OPTIONS, ...options.analysis }
  const stops = budgetStops(seq.activeComparisons(), {
    rounds,
    remainingMs,
    msPerBenchmarkRound: block.measuringMs / Math.max(1, block.completedRounds * size),
    maxRounds: options.maxRounds,
    alpha: opts.alpha,
    spentFraction: seq.spentFraction(),
    familySize: seq.analysedCount(),
    correction: opts.correction,
    minEffect: opts.minEffect
  })
  for (const s of stops) seq.stopUndecidable(s.benchmark, s.message)
  if (stops.length > 0)
    options.log.info(
      `Budget: ${stops.length} benchmark(s) cannot be decided within the time budget left; stopped.`
    )
  return seq.activeBenchmarks() ?? []
}

/** The filter that selects `names` (per-benchmark interleaving selects by its own list: none needed). */
function selection(o: AdaptiveOptions, names: readonly string[]): string | undefined {
  return o.perBenchmark ? o.filter : (exactNameFilter([...names]) ?? o.filter)
}

/** Checks --max-rounds against --rounds and the block size; returns the block size. */
function checkRoundCounts(o: AdaptiveOptions): number {
  const { initialRounds, maxRounds } = o
  if (!Number.isInteger(maxRounds) || maxRounds < initialRounds) {
    throw new JobError(
      'invalid-option',
      `--max-rounds (${maxRounds}) must be a whole number >= --rounds (${initialRounds}).`,
      { subject: 'maxRounds' }
    )
  }
  const blockRounds = o.blockRounds ?? defaultBlockRounds(initialRounds, maxRounds)
  if (!Number.isInteger(blockRounds) || blockRounds < 1) {
    throw new JobError('invalid-option', `block rounds must be an integer >= 1, got ${blockRounds}.`)
  }
  return blockRounds
}

/** The blocks run so far; each new block continues the round numbers, the progress and the time budget. */
class Blocks {
  readonly start = Date.now()
  readonly list: RoundsResult[] = []
  /** Measured rounds over all blocks. */
  done = 0
  private runsBefore = 0

  constructor(private readonly o: AdaptiveOptions) {}

  /** @param only per-benchmark interleaving: the benchmarks this block runs (default: every listed one) */
  async run(
    rounds: number,
    warmup: number,
    filter: string | undefined,
    only?: readonly string[]
  ): Promise<RoundsResult> {
    const { o, start } = this
    const elapsed = Date.now() - start
    const offsetRuns = this.runsBefore
    const offsetRounds = this.done
    const { blockRounds: _b, analysis: _a, snapshot: _s, initialRounds: _i, maxRounds: _m, ...rest } = o
    const r = await runRounds({
      ...rest,
      plan: planRounds({ rounds, warmup, firstRound: this.done }),
      filter,
      perBenchmark: o.perBenchmark && only ? restrictTo(o.perBenchmark, only) : o.perBenchmark,
      minRounds: 1,
      timeBudgetMs: o.timeBudgetMs === undefined ? undefined : Math.max(1, o.timeBudgetMs - elapsed),
      onRunComplete: (result, p) =>
        o.onRunComplete?.(result, {
          ...p,
          completedRuns: offsetRuns + p.completedRuns,
          plannedRuns: offsetRuns + p.plannedRuns,
          completedRounds: offsetRounds + p.completedRounds,
          elapsedMs: Date.now() - start
        })
    })
    this.runsBefore += r.runs.length
    this.done += r.completedRounds
    this.list.push(r)
    return r
  }
}

/** Why to stop after `block` (null: look and go on), and the time budget left. */
function stopReasonAfter(
  block: RoundsResult,
  o: AdaptiveOptions,
  blocks: Blocks
): { reason: StopReason | null; remainingMs: number } {
  const roundMs = (block.wallMs - block.warmupMs) / Math.max(1, block.completedRounds)
  const remainingMs = o.timeBudgetMs === undefined ? Infinity : o.timeBudgetMs - (Date.now() - blocks.start)
  const reason: StopReason | null =
    block.stoppedEarly === 'interrupted'
      ? 'interrupted'
      : block.stoppedEarly === 'failures'
        ? 'failures'
        : block.stoppedEarly === 'time-budget' || remainingMs < roundMs
          ? 'time-budget'
          : blocks.done >= o.maxRounds
            ? 'max-rounds'
            : null
  return { reason, remainingMs }
}

function restrictTo(
  listed: Record<Side, readonly string[]>,
  only: readonly string[]
): Record<Side, string[]> {
  const keep = new Set(only)
  return { base: listed.base.filter((n) => keep.has(n)), head: listed.head.filter((n) => keep.has(n)) }
}

/**
 * A top-up block of `rounds` rounds for the `active` benchmarks: their own processes under
 * per-benchmark interleaving, else one exact-name filter when it fits.
 */
function topUp(
  o: AdaptiveOptions,
  blocks: Blocks,
  active: string[],
  rounds: number,
  remainingMs: number
): Promise<RoundsResult> {
  const filter = o.perBenchmark ? undefined : exactNameFilter(active)
  if (filter === undefined && !o.perBenchmark)
    o.log.warn(
      `cannot select the ${active.length} unresolved benchmarks with one filter; top-up rounds run the whole suite`
    )
  o.log.info(
    `Top-up: rounds ${blocks.done + 1}–${blocks.done + rounds} for ${active.length} unresolved benchmark(s)` +
      (o.timeBudgetMs === undefined ? '' : `, ${formatEta(remainingMs)} of the time budget left`)
  )
  return blocks.run(rounds, 0, filter ?? o.filter, active)
}

/** The blocks merged into one RoundsResult, the suite at its looks, and what adapting saved. */
function adaptiveResult(
  options: AdaptiveOptions,
  blockRounds: number,
  blocks: Blocks,
  seq: SequentialAnalysis,
  looks: LookResult[],
  finalReason: StopReason | null
): AdaptiveResult {
  const { initialRounds, maxRounds } = options
  const list = blocks.list
  const initial = list[0]
  const used = list.reduce((a, b) => a + b.measuringMs, 0) / 1000
  const ifFixed =
    initial.completedRounds > 0 ? (initial.measuringMs / 1000 / initial.completedRounds) * maxRounds : used
  const suite = options.snapshot().samples.length > 0 ? seq.result() : null
  const stopped: Partial<Record<StopReason, number>> = {}
  for (const c of suite?.comparisons ?? []) {
    const why = c.adaptive?.stopReason
    if (why) stopped[why] = (stopped[why] ?? 0) + 1
  }
  const last = list[list.length - 1]
  const rounds: RoundsResult = {
    runs: list.flatMap((b) => b.runs),
    // Early only if it left benchmarks unresolved (or was interrupted / kept failing).
    stoppedEarly:
      finalReason === 'interrupted' || finalReason === 'failures'
        ? finalReason
        : finalReason === 'time-budget' && (stopped['time-budget'] ?? 0) > 0
          ? 'time-budget'
          : null,
    completedRounds: blocks.done,
    plannedRounds: maxRounds,
    measuringMs: list.reduce((a, b) => a + b.measuringMs, 0),
    warmupMs: list.reduce((a, b) => a + b.warmupMs, 0),
    wallMs: Date.now() - blocks.start
  }
  if (last.failingSide) rounds.failingSide = last.failingSide
  return {
    rounds,
    suite,
    looks,
    summary: {
      looks: looks.length,
      initialRounds,
      maxRounds,
      blockRounds,
      benchmarkSecondsUsed: used,
      benchmarkSecondsIfFixed: ifFixed,
      saved: ifFixed > 0 ? Math.min(1, Math.max(0, 1 - used / ifFixed)) : 0,
      stopped
    }
  }
}
