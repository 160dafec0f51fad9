/**
 * Executing the round plan: one fresh process per side per round (the process is the unit of
 * replication), in the plan's ABBA order, under a time budget, reporting each finished process to
 * a callback so the caller can parse samples and show progress as they arrive.
 */
import type { Side } from '../samples/model.js'
import type { Log } from '../log.js'
import {
  benchmarkArgs,
  benchmarkCommand,
  runBenchmarkProcess,
  validateSettings,
  type BenchmarkSettings,
  type RunResult
} from './benchmark.js'
import { JobError } from '../errors.js'
import { formatEta, type PlannedRound } from './plan.js'
import { assertRoomForRound, fileSize } from './diskSpace.js'
import { assertEqualLength, sampleFilePath } from './stage.js'

export interface SideSetup {
  /** The staged binary (see stageBinaries). */
  binary: string
  /** Working directory: the side's worktree or the configured subdirectory of it. */
  cwd: string
}

export interface RoundsProgress {
  /** Processes finished so far (warm-up included) and planned in total. */
  completedRuns: number
  plannedRuns: number
  /** Measured rounds completed (both sides done). */
  completedRounds: number
  elapsedMs: number
  /** Estimated time to the end of the plan (or of the time budget, if sooner). */
  etaMs: number
}

export interface RoundsOptions extends BenchmarkSettings {
  plan: readonly PlannedRound[]
  sides: Record<Side, SideSetup>
  /** Directory for the sample files (`<side>-r003.json`, see sampleFilePath); created if missing. */
  samplesDir: string
  /** The environment of every run, identical for both sides. */
  env: NodeJS.ProcessEnv
  /** Per-process time limit (ms); default: none. */
  runTimeoutMs?: number
  /**
   * Stop starting new measured rounds once the next one would likely end past this many ms after
   * the start (estimate: mean duration of the rounds so far). Honoured to within one round.
   */
  timeBudgetMs?: number
  /** Measured rounds always run, whatever the budget says (default 1). */
  minRounds?: number
  /** Stop when one side has failed this many times in a row (default: never stop for failures). */
  stopAfterConsecutiveFailures?: number
  /** Keep each run's console output next to its sample file (`<samples>.out`); default false. */
  keepConsoleOutput?: boolean
  /** Called after every process, in order; awaited before the next one starts. */
  onRunComplete?: (result: RunResult, progress: RoundsProgress) => void | Promise<void>
  log: Log
  /** Aborting kills the running process and stops (stoppedEarly: 'interrupted'). */
  signal?: AbortSignal
}

export interface RoundsResult {
  /** Every process in execution order, warm-up included (`warmup: true`; not to be analysed). */
  runs: RunResult[]
  stoppedEarly: 'time-budget' | 'interrupted' | 'failures' | null
  /** With 'failures': the side that kept failing. */
  failingSide?: Side
  /** Measured rounds with both sides run. */
  completedRounds: number
  plannedRounds: number
  /** Sum of the measured (non-warm-up) processes' durations (ms). */
  measuringMs: number
  /** Sum of the warm-up processes' durations (ms). */
  warmupMs: number
  /** From start to end, including warm-up and callbacks (ms). */
  wallMs: number
}

function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length
}

/**
 * Runs the plan in order. A failing run (crash, non-zero exit, timeout) is recorded and the rounds
 * go on, unless `stopAfterConsecutiveFailures` is reached for one side. Time-budget stops happen
 * only between rounds, so every measured round that was started has both sides.
 *
 * @throws JobError code 2 'invalid-option' for invalid settings; code 3 'unequal-paths' when the
 *   two sides' binaries, working directories or arguments differ in length
 */
export async function runRounds(o: RoundsOptions): Promise<RoundsResult> {
  validateSettings(o)
  const { plan, sides, log } = o
  if (o.timeBudgetMs !== undefined && !(o.timeBudgetMs > 0)) {
    throw new JobError(2, 'invalid-option', `The time budget must be > 0 ms, got ${o.timeBudgetMs}.`, {
      subject: 'timeBudget'
    })
  }
  if (
    o.stopAfterConsecutiveFailures !== undefined &&
    !(Number.isInteger(o.stopAfterConsecutiveFailures) && o.stopAfterConsecutiveFailures >= 1)
  ) {
    throw new JobError(
      2,
      'invalid-option',
      `stopAfterConsecutiveFailures must be an integer >= 1, got ${o.stopAfterConsecutiveFailures}.`
    )
  }
  assertEqualLength(sides.base.binary, sides.head.binary, 'binary paths')
  assertEqualLength(sides.base.cwd, sides.head.cwd, 'working directories')
  const ext = o.kind === 'google-benchmark' ? 'json' : 'jsonl'
  const argvOf = (side: Side): string =>
    benchmarkArgs({ ...o, side, round: 0, outFile: sampleFilePath(o.samplesDir, side, 0, ext) }).join('\0')
  assertEqualLength(argvOf('base'), argvOf('head'), 'argument vectors')
  // fail before anything runs when pinning needs a missing taskset
  benchmarkCommand({
    ...o,
    side: 'base',
    binary: sides.base.binary,
    cwd: sides.base.cwd,
    round: 0,
    run: 0,
    outFile: ''
  })

  const minRounds = o.minRounds ?? 1
  const plannedRuns = plan.length * 2
  const plannedRounds = plan.filter((p) => p.round >= 0).length
  const wallStart = Date.now()
  const runs: RunResult[] = []
  const measuredRoundMs: number[] = []
  const warmupRoundMs: number[] = []
  const failures: Record<Side, number> = { base: 0, head: 0 }
  let stoppedEarly: RoundsResult['stoppedEarly'] = null
  let failingSide: Side | undefined
  let warmupIndex = 0

  const progress = (): RoundsProgress => {
    const elapsedMs = Date.now() - wallStart
    const perRun = mean(runs.map((r) => r.durationMs))
    let etaMs = perRun * (plannedRuns - runs.length)
    if (o.timeBudgetMs !== undefined) etaMs = Math.min(etaMs, Math.max(0, o.timeBudgetMs - elapsedMs))
    return {
      completedRuns: runs.length,
      plannedRuns,
      completedRounds: measuredRoundMs.length,
      elapsedMs,
      etaMs
    }
  }

  let largestFile = 0
  outer: for (const entry of plan) {
    const warmup = entry.round < 0
    if (o.signal?.aborted) {
      stoppedEarly = 'interrupted'
      break
    }
    if (!warmup && o.timeBudgetMs !== undefined && measuredRoundMs.length >= minRounds) {
      const estimate = measuredRoundMs.length > 0 ? mean(measuredRoundMs) : mean(warmupRoundMs)
      const elapsed = Date.now() - wallStart
      if (elapsed + estimate > o.timeBudgetMs) {
        stoppedEarly = 'time-budget'
        log.info(
          `Time budget: stopping after ${measuredRoundMs.length} of ${plannedRounds} rounds ` +
            `(${formatEta(elapsed)} used, next round ~${formatEta(estimate)}, budget ${formatEta(o.timeBudgetMs)}).`
        )
        break
      }
    }
    const roundStart = Date.now()
    for (const side of entry.order) {
      const outFile = sampleFilePath(o.samplesDir, side, entry.round, ext, warmupIndex)
      const result = await runBenchmarkProcess({
        ...o,
        side,
        binary: sides[side].binary,
        cwd: sides[side].cwd,
        round: entry.round,
        run: warmup ? -1 : entry.round,
        outFile,
        timeoutMs: o.runTimeoutMs,
        stdoutFile: o.keepConsoleOutput ? `${outFile}.out` : undefined,
        signal: o.signal
      })
      runs.push(result)
      const label = warmup ? `warm-up ${side}` : `round ${entry.round} ${side}`
      largestFile = Math.max(largestFile, fileSize(outFile))
      assertRoomForRound(o.samplesDir, largestFile, label)
      if (result.ok) {
        failures[side] = 0
        log.debug(`${label}: ok in ${(result.durationMs / 1000).toFixed(2)} s`)
      } else if (!result.interrupted) {
        failures[side]++
        log.warn(
          `${label}: ${result.outcome}${result.stderrTail ? `; stderr ends with:\n${lastLines(result.stderrTail, 5)}` : ''}`
        )
      }
      await o.onRunComplete?.(result, progress())
      if (result.interrupted || o.signal?.aborted) {
        stoppedEarly = 'interrupted'
        break outer
      }
      if (o.stopAfterConsecutiveFailures !== undefined && failures[side] >= o.stopAfterConsecutiveFailures) {
        stoppedEarly = 'failures'
        failingSide = side
        log.warn(`Stopping: the ${side} binary failed ${failures[side]} times in a row.`)
        break outer
      }
    }
    if (warmup) {
      warmupRoundMs.push(Date.now() - roundStart)
      warmupIndex++
    } else measuredRoundMs.push(Date.now() - roundStart)
  }

  const out: RoundsResult = {
    runs,
    stoppedEarly,
    completedRounds: measuredRoundMs.length,
    plannedRounds,
    measuringMs: runs.filter((r) => !r.warmup).reduce((a, r) => a + r.durationMs, 0),
    warmupMs: runs.filter((r) => r.warmup).reduce((a, r) => a + r.durationMs, 0),
    wallMs: Date.now() - wallStart
  }
  if (failingSide) out.failingSide = failingSide
  return out
}

function lastLines(text: string, n: number): string {
  return text.split('\n').slice(-n).join('\n')
}
