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
import { assertEqualLength, sampleExtension, sampleFilePath } from './stage.js'
import { escapeFilterName } from '../samples/nameFilter.js'
import { duetCpu, type DuetCores } from './duet.js'

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
  /** This process was its round's last (a warm-up round's included): the round is done. */
  roundDone: boolean
  elapsedMs: number
  /** Estimated time to the end of the plan (or of the time budget, if sooner). */
  etaMs: number
}

export interface RoundsOptions extends BenchmarkSettings {
  plan: readonly PlannedRound[]
  sides: Record<Side, SideSetup>
  /** Directory for the sample files (`<side>-r003.json`, see sampleFilePath); created if missing. */
  samplesDir: string
  /**
   * Per-benchmark interleaving (docs/statistics.md §13): the benchmarks each side lists. Each round then runs,
   * for every benchmark in turn, its base and head processes (filtered to that one benchmark) back
   * to back in the round's ABBA order, so the pair is a fraction of a second apart. A benchmark one
   * side does not list runs on the other side only. Absent: each process runs the whole suite.
   */
  perBenchmark?: Record<Side, readonly string[]>
  /**
   * The duet schedule (docs/pairs.md "Duet"): each benchmark's base and head processes start at the same
   * time, pinned to these two CPUs, swapped every round (duetCpu); `cpu` is then not used. Absent: one
   * process at a time.
   */
  duet?: DuetCores
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
  /**
   * Called before every round (warm-ups too; round < 0 with its warm-up index), e.g. to relink both
   * binaries with the round's code layout (layout/roundLayouts.ts). What it returns is added to each
   * side's environment for that round's processes.
   */
  beforeRound?: (
    round: number,
    warmupIndex: number,
    signal?: AbortSignal
  ) => Promise<Partial<Record<Side, Record<string, string>>>>
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
export async function runRounds(options: RoundsOptions): Promise<RoundsResult> {
  checkRoundsOptions(options)
  const ext = sampleExtension(options.kind)
  const tally: RoundsTally = {
    wallStart: Date.now(),
    runs: [],
    measuredRoundMs: [],
    warmupRoundMs: [],
    failures: { base: 0, head: 0 },
    largestFile: 0,
    warmupIndex: 0,
    units: roundUnits(options)
  }
  const plannedRounds = options.plan.filter((p) => p.round >= 0).length
  let stop: { reason: NonNullable<RoundsResult['stoppedEarly']>; side?: Side } | null = null
  for (const entry of options.plan) {
    const warmup = entry.round < 0
    if (options.signal?.aborted) stop = { reason: 'interrupted' }
    else if (!warmup && budgetSpent(options, tally, plannedRounds)) stop = { reason: 'time-budget' }
    if (stop) break
    const roundStart = Date.now()
    stop = await runRound(options, entry, ext, tally)
    if (stop) break
    if (warmup) {
      tally.warmupRoundMs.push(Date.now() - roundStart)
      tally.warmupIndex++
    } else tally.measuredRoundMs.push(Date.now() - roundStart)
  }

  const out: RoundsResult = {
    runs: tally.runs,
    stoppedEarly: stop?.reason ?? null,
    completedRounds: tally.measuredRoundMs.length,
    plannedRounds,
    measuringMs: tally.runs.filter((r) => !r.warmup).reduce((a, r) => a + r.durationMs, 0),
    warmupMs: tally.runs.filter((r) => r.warmup).reduce((a, r) => a + r.durationMs, 0),
    wallMs: Date.now() - tally.wallStart
  }
  if (stop?.side) out.failingSide = stop.side
  return out
}

/** What runRounds has done so far. */
interface RoundsTally {
  wallStart: number
  runs: RunResult[]
  measuredRoundMs: number[]
  warmupRoundMs: number[]
  /** Consecutive failures per side. */
  failures: Record<Side, number>
  /** The largest sample file so far (bytes), for the free-space check. */
  largestFile: number
  warmupIndex: number
  /** What every round runs per side (roundUnits), listed once: read for every process. */
  units: RoundUnit[]
}

/**
 * Settings, limits, and the two sides' paths and argument vectors of equal length; fails before
 * anything runs when pinning needs a missing taskset.
 */
function checkRoundsOptions(options: RoundsOptions): void {
  validateSettings(options)
  const { sides } = options
  if (options.timeBudgetMs !== undefined && !(options.timeBudgetMs > 0)) {
    throw new JobError('invalid-option', `The time budget must be > 0 ms, got ${options.timeBudgetMs}.`, {
      subject: 'timeBudget'
    })
  }
  if (
    options.stopAfterConsecutiveFailures !== undefined &&
    !(Number.isInteger(options.stopAfterConsecutiveFailures) && options.stopAfterConsecutiveFailures >= 1)
  ) {
    throw new JobError(
      'invalid-option',
      `stopAfterConsecutiveFailures must be an integer >= 1, got ${options.stopAfterConsecutiveFailures}.`
    )
  }
  assertEqualLength(sides.base.binary, sides.head.binary, 'binary paths')
  assertEqualLength(sides.base.cwd, sides.head.cwd, 'working directories')
  const ext = sampleExtension(options.kind)
  const argvOf = (side: Side): string =>
    benchmarkArgs({
      ...options,
      side,
      round: 0,
      outFile: sampleFilePath(options.samplesDir, side, 0, ext)
    }).join('\0')
  assertEqualLength(argvOf('base'), argvOf('head'), 'argument vectors')
  benchmarkCommand({
    ...options,
    ...(options.duet && { cpu: options.duet[0] }),
    side: 'base',
    binary: sides.base.binary,
    cwd: sides.base.cwd,
    round: 0,
    run: 0,
    outFile: ''
  })
}

/** Whether the next measured round would likely end past the time budget (after the minimum rounds). */
function budgetSpent(options: RoundsOptions, tally: RoundsTally, plannedRounds: number): boolean {
  if (options.timeBudgetMs === undefined || tally.measuredRoundMs.length < (options.minRounds ?? 1))
    return false
  const estimate = tally.measuredRoundMs.length > 0 ? mean(tally.measuredRoundMs) : mean(tally.warmupRoundMs)
  const elapsed = Date.now() - tally.wallStart
  if (elapsed + estimate <= options.timeBudgetMs) return false
  options.log.info(
    `Time budget: stopping after ${tally.measuredRoundMs.length} of ${plannedRounds} rounds ` +
      `(${formatEta(elapsed)} used, next round ~${formatEta(estimate)}, budget ${formatEta(options.timeBudgetMs)}).`
  )
  return true
}

/**
 * One round: a process per side in the entry's order, each reported to `onRunComplete`; under the duet
 * schedule each benchmark's two processes start together and are reported when both are done, base
 * and head in the entry's order. Returns why the rounds must stop (an interrupt, or a side failing too
 * often in a row), else null.
 */
async function runRound(
  options: RoundsOptions,
  entry: PlannedRound,
  ext: string,
  tally: RoundsTally
): Promise<{ reason: 'interrupted' | 'failures'; side?: Side } | null> {
  const sideEnv = (await options.beforeRound?.(entry.round, tally.warmupIndex, options.signal)) ?? {}
  const perUnit = tally.units.map((unit, index) =>
    entry.order
      .filter((side) => !unit || unit.sides.has(side))
      .map((side) => ({ side, benchmark: unit ? { name: unit.name, index } : undefined }))
  )
  const batches = options.duet ? perUnit.filter((b) => b.length > 0) : perUnit.flat().map((step) => [step])
  for (const [i, batch] of batches.entries()) {
    const launched = batch.map(({ side, benchmark }) => {
      const env = sideEnv[side] ? { ...options.env, ...sideEnv[side] } : options.env
      return launch({ ...options, env }, entry, side, ext, tally, benchmark)
    })
    const results = await Promise.all(launched) // one at a time unless duet: then both at once
    for (const [j, run] of results.entries()) {
      const stop = await record(options, tally, run, i === batches.length - 1 && j === results.length - 1)
      if (stop) return stop
    }
  }
  return null
}

/** A finished process of a round, with what its log lines call it. */
interface Launched {
  result: RunResult
  side: Side
  label: string
}

/**
 * Starts one process of a round, the whole suite or one benchmark under per-benchmark interleaving,
 * pinned to its duet CPU under the duet schedule; resolves when it has exited.
 */
async function launch(
  options: RoundsOptions,
  entry: PlannedRound,
  side: Side,
  ext: string,
  tally: RoundsTally,
  benchmark?: { name: string; index: number }
): Promise<Launched> {
  const warmup = entry.round < 0
  const outFile = sampleFilePath(
    options.samplesDir,
    side,
    entry.round,
    ext,
    tally.warmupIndex,
    benchmark?.index
  )
  const cpu = options.duet
    ? duetCpu(options.duet, side, warmup ? tally.warmupIndex : entry.round)
    : options.cpu
  const result = await runBenchmarkProcess({
    ...options,
    ...(benchmark && { filter: `^${escapeFilterName(benchmark.name)}$` }),
    cpu,
    side,
    binary: options.sides[side].binary,
    cwd: options.sides[side].cwd,
    round: entry.round,
    run: warmup ? -1 : entry.round,
    outFile,
    timeoutMs: options.runTimeoutMs,
    stdoutFile: options.keepConsoleOutput ? `${outFile}.out` : undefined,
    signal: options.signal
  })
  const label = `${warmup ? `warm-up ${side}` : `round ${entry.round} ${side}`}${benchmark ? ` ${benchmark.name}` : ''}`
  return { result, side, label }
}

/** Records a finished process, logs it and reports it; returns why the rounds must stop, else null. */
async function record(
  options: RoundsOptions,
  tally: RoundsTally,
  { result, side, label }: Launched,
  lastOfRound: boolean
): Promise<{ reason: 'interrupted' | 'failures'; side?: Side } | null> {
  tally.runs.push(result)
  tally.largestFile = Math.max(tally.largestFile, fileSize(result.outFile))
  assertRoomForRound(options.samplesDir, tally.largestFile * tally.units.length, label)
  if (result.ok) {
    tally.failures[side] = 0
    options.log.debug(`${label}: ok in ${(result.durationMs / 1000).toFixed(2)} s`)
  } else if (!result.interrupted) {
    tally.failures[side]++
    options.log.warn(
      `${label}: ${result.outcome}${result.stderrTail ? `; stderr ends with:\n${lastLines(result.stderrTail, 5)}` : ''}`
    )
  }
  await options.onRunComplete?.(result, progressOf(options, tally, lastOfRound))
  if (result.interrupted || options.signal?.aborted) return { reason: 'interrupted' }
  if (
    options.stopAfterConsecutiveFailures !== undefined &&
    tally.failures[side] >= options.stopAfterConsecutiveFailures
  ) {
    options.log.warn(`Stopping: the ${side} binary failed ${tally.failures[side]} times in a row.`)
    return { reason: 'failures', side }
  }
  return null
}

/**
 * What one round runs per side: the whole suite (one unit, `null`), or each benchmark either side
 * lists, in the head's listing order then base-only ones, with the sides that list it.
 */
type RoundUnit = { name: string; sides: Set<Side> } | null

function roundUnits(options: RoundsOptions): RoundUnit[] {
  if (!options.perBenchmark) return [null]
  const units = new Map<string, Set<Side>>()
  for (const side of ['head', 'base'] as const)
    for (const name of options.perBenchmark[side]) {
      if (!units.has(name)) units.set(name, new Set())
      units.get(name)!.add(side)
    }
  return [...units].map(([name, sides]) => ({ name, sides }))
}

/** Runs done and planned, rounds done, elapsed time, and the time left (bounded by the budget). */
function progressOf(options: RoundsOptions, tally: RoundsTally, roundDone: boolean): RoundsProgress {
  const plannedRuns = options.plan.length * tally.units.reduce((n, u) => n + (u ? u.sides.size : 2), 0)
  const elapsedMs = Date.now() - tally.wallStart
  const perRun = mean(tally.runs.map((r) => r.durationMs))
  let etaMs = perRun * (plannedRuns - tally.runs.length)
  if (options.timeBudgetMs !== undefined)
    etaMs = Math.min(etaMs, Math.max(0, options.timeBudgetMs - elapsedMs))
  return {
    completedRuns: tally.runs.length,
    plannedRuns,
    completedRounds: tally.measuredRoundMs.length,
    roundDone,
    elapsedMs,
    etaMs
  }
}

function lastLines(text: string, n: number): string {
  return text.split('\n').slice(-n).join('\n')
}
