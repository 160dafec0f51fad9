/**
 * One benchmark process: one side, one round. The argument vector is an array, identical for both
 * sides except the output file path (equal length by construction) and, for bench-runner, the
 * `side=` context value (`base`/`head`, equal length). No side-specific environment is added.
 */
import { accessSync, constants, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import type { Side } from '../samples/model.js'
import { JobError } from '../errors.js'
import { describeExit, readTail, runProcess } from '../process/spawn.js'
import { CATCH2_CONTROLLED_FLAGS, catch2Args, catch2ReportComplete } from '../harness/catch2.js'
import { selectedNames, type Catalog, type HarnessKind } from '../harness/types.js'

export type BinaryKind = HarnessKind

/** Lines of stderr kept in a run's result. */
export const STDERR_TAIL_LINES = 20

/** What is the same for every run of a job (both sides, every round). */
export interface BenchmarkSettings {
  kind: BinaryKind
  /** `--benchmark_repetitions` (integer >= 1). */
  repetitions: number
  /** `--benchmark_min_time` in seconds (> 0), passed as a bare number (accepted by 1.7 and 1.8+). */
  minTimeSeconds: number
  /** `--benchmark_filter` regex; omitted when undefined or empty. */
  filter?: string
  /** `--benchmark_enable_random_interleaving=true` (shuffles benchmarks and repetitions within the process). */
  randomInterleaving?: boolean
  /**
   * Pin the process to this CPU. bench-runner pins itself (`--benchgate_cpu=N`); a plain Google
   * Benchmark binary is started through `taskset -c N` (util-linux), which must then be on PATH.
   */
  cpu?: number
  /**
   * bench-runner only: `--benchgate_priority=high` (try SCHED_FIFO, then nice -5; never fails) or
   * `normal`. Setting it for a plain Google Benchmark binary is an error (it has no such flag).
   */
  priority?: 'high' | 'normal'
  /** Extra arguments for the binary, placed before benchgate's own; they must not set the flags benchgate controls. */
  extraArgs?: readonly string[]
  /** Catch2 and nanobench: the benchmarks both sides listed (harness/types.ts Catalog), to select by name. */
  catalog?: Catalog
}

export interface BenchmarkRunOptions extends BenchmarkSettings {
  side: Side
  /** Staged binary (see stageBinaries). */
  binary: string
  cwd: string
  /** Measured round index, or -1 for warm-up. */
  round: number
  /** Process index within this side (0-based; -1 for warm-up). */
  run: number
  /** Where the samples go (`--benchmark_out` / `--benchgate_samples`); see sampleFilePath. */
  outFile: string
  /** The environment, identical for both sides. */
  env: NodeJS.ProcessEnv
  /** Kill the process group after this many ms (SIGTERM, then SIGKILL); default: no limit. */
  timeoutMs?: number
  /** The console table; default: discarded (/dev/null). */
  stdoutFile?: string
  /** stderr; default `<outFile>.stderr`. */
  stderrFile?: string
  signal?: AbortSignal
}

export interface RunResult {
  side: Side
  round: number
  run: number
  warmup: boolean
  /** Exit code 0, not killed, not interrupted. */
  ok: boolean
  exitCode: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
  interrupted: boolean
  durationMs: number
  /** Epoch ms when the process was started. */
  startedAt: number
  /** The sample file; whatever the process wrote before a crash is kept there. */
  outFile: string
  stderrFile: string
  stderrTail: string
  /** "ok", "exit code 1", "killed by SIGSEGV", "timed out after 600 s", "interrupted", "could not start (...)". */
  outcome: string
  /**
   * Catch2 and nanobench: the benchmarks the process was run for, when it ran more (the rest of a
   * Catch2 test case, a whole nanobench suite); their values are dropped when read.
   */
  only?: readonly string[]
}

/** Flags benchgate sets itself; extraArgs may not set them. */
const CONTROLLED_FLAGS = [
  '--benchmark_out',
  '--benchmark_out_format',
  '--benchmark_format',
  '--benchmark_repetitions',
  '--benchmark_min_time',
  '--benchmark_filter',
  '--benchmark_list_tests',
  '--benchmark_enable_random_interleaving',
  '--benchgate_samples',
  '--benchgate_cpu',
  '--benchgate_context',
  '--benchgate_priority',
  '--benchgate_version'
]

/** `0.05` -> "0.05", `1` -> "1": a bare number of seconds, at most 6 decimals. */
export function formatMinTime(seconds: number): string {
  const s = seconds.toFixed(6).replace(/\.?0+$/, '')
  if (!(seconds > 0) || !Number.isFinite(seconds) || s === '0') {
    throw new JobError(
      'invalid-option',
      `min time must be a number of seconds >= 0.000001, got ${seconds}.`,
      {
        subject: 'minTimeSeconds'
      }
    )
  }
  return s
}

/** Validates the settings shared by every run; throws code-2 'invalid-option' errors. */
export function validateSettings(benchmarkSettings: BenchmarkSettings): void {
  if (!Number.isInteger(benchmarkSettings.repetitions) || benchmarkSettings.repetitions < 1) {
    throw new JobError(
      'invalid-option',
      `repetitions must be an integer >= 1, got ${benchmarkSettings.repetitions}.`,
      {
        subject: 'repetitions'
      }
    )
  }
  formatMinTime(benchmarkSettings.minTimeSeconds)
  if (
    benchmarkSettings.cpu !== undefined &&
    (!Number.isInteger(benchmarkSettings.cpu) || benchmarkSettings.cpu < 0)
  ) {
    throw new JobError('invalid-option', `cpu must be a CPU number >= 0, got ${benchmarkSettings.cpu}.`, {
      subject: 'cpu'
    })
  }
  if (benchmarkSettings.priority !== undefined && benchmarkSettings.kind !== 'bench-runner') {
    throw new JobError(
      'invalid-option',
      'Process priority needs a bench-runner binary; this is a plain Google Benchmark binary.',
      {
        subject: 'priority',
        hint: 'Link the benchmarks with benchgate::runner instead of benchmark_main, or leave the priority unset.'
      }
    )
  }
  if (
    benchmarkSettings.priority !== undefined &&
    benchmarkSettings.priority !== 'high' &&
    benchmarkSettings.priority !== 'normal'
  ) {
    throw new JobError(
      'invalid-option',
      `priority must be 'high' or 'normal', got ${JSON.stringify(benchmarkSettings.priority)}.`,
      {
        subject: 'priority'
      }
    )
  }
  const controlled = benchmarkSettings.kind === 'catch2' ? CATCH2_CONTROLLED_FLAGS : CONTROLLED_FLAGS
  for (const a of benchmarkSettings.extraArgs ?? []) {
    const flag = a.split('=')[0]
    if (controlled.includes(flag)) {
      throw new JobError(
        'invalid-option',
        `The extra argument ${JSON.stringify(a)} sets a flag benchgate controls.`,
        {
          subject: a,
          hint: 'Use the corresponding benchgate option (repetitions, min time, filter, ...) instead.'
        }
      )
    }
  }
}

/**
 * The binary's arguments for one run (argv[1...]); pure. For the two sides of a round the result
 * differs only in the output file path and the `side=` context, both of equal length.
 */
export function benchmarkArgs(
  run: BenchmarkSettings & { side: Side; round: number; outFile: string }
): string[] {
  if (run.kind === 'catch2') return catch2Args(run)
  if (run.kind === 'nanobench') return [...(run.extraArgs ?? [])] // its output is stdout (runBenchmarkProcess)
  const args = [...(run.extraArgs ?? [])]
  args.push(
    `--benchmark_repetitions=${run.repetitions}`,
    `--benchmark_min_time=${formatMinTime(run.minTimeSeconds)}`
  )
  if (run.filter !== undefined && run.filter !== '') args.push(`--benchmark_filter=${run.filter}`)
  if (run.randomInterleaving) args.push('--benchmark_enable_random_interleaving=true')
  args.push('--benchmark_format=console')
  if (run.kind === 'google-benchmark') {
    args.push(`--benchmark_out=${run.outFile}`, '--benchmark_out_format=json')
  } else {
    args.push(`--benchgate_samples=${run.outFile}`)
    if (run.cpu !== undefined) args.push(`--benchgate_cpu=${run.cpu}`)
    if (run.priority !== undefined) args.push(`--benchgate_priority=${run.priority}`)
    args.push(`--benchgate_context=side=${run.side}`, `--benchgate_context=round=${run.round}`)
  }
  return args
}

/** The absolute path of `name` on `PATH` (from `env`), or undefined. */
export function findExecutable(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue
    const p = join(dir, name)
    try {
      accessSync(p, constants.X_OK)
      return p
    } catch {
      // next
    }
  }
  return undefined
}

/**
 * The program and its arguments for one run: the binary itself, or `taskset -c N <binary> ...`
 * when a plain Google Benchmark binary is pinned.
 * @throws JobError code 2 'invalid-option' when pinning is asked for and taskset is not on PATH
 */
export function benchmarkCommand(o: BenchmarkRunOptions): { file: string; args: string[] } {
  const args = benchmarkArgs(o)
  if (o.kind !== 'bench-runner' && o.cpu !== undefined) {
    const taskset = findExecutable('taskset', o.env)
    if (!taskset) {
      throw new JobError(
        'invalid-option',
        'CPU pinning of a Google Benchmark binary needs `taskset`, which is not on PATH.',
        {
          subject: 'cpu',
          hint: 'Install util-linux (apt-get install util-linux), link bench-runner (it pins itself), or turn pinning off.'
        }
      )
    }
    return { file: taskset, args: ['-c', String(o.cpu), o.binary, ...args] }
  }
  return { file: o.binary, args }
}

/**
 * Runs one benchmark process and waits for it. A crash, a non-zero exit or a timeout is a result
 * (`ok: false`), never an exception; whatever the process wrote to `outFile` is kept for the parser.
 * A stale `outFile` from an earlier attempt is deleted first.
 *
 * @throws JobError code 2 'invalid-option' for invalid settings (see validateSettings) or missing taskset
 */
export async function runBenchmarkProcess(options: BenchmarkRunOptions): Promise<RunResult> {
  validateSettings(options)
  const { file, args } = benchmarkCommand(options)
  const stderrFile = options.stderrFile ?? `${options.outFile}.stderr`
  mkdirSync(dirname(options.outFile), { recursive: true })
  rmSync(options.outFile, { force: true })
  const startedAt = Date.now()
  const r = await runProcess(file, args, {
    cwd: options.cwd,
    env: options.env,
    // nanobench's table is its stdout: that is the sample file
    stdout:
      options.kind === 'nanobench'
        ? { path: options.outFile }
        : options.stdoutFile !== undefined
          ? { path: options.stdoutFile }
          : 'ignore',
    stderr: { path: stderrFile },
    timeoutMs: options.timeoutMs,
    signal: options.signal
  })
  const ok = (r.exitCode === 0 || catch2Finished(options, r.exitCode)) && !r.timedOut && !r.aborted
  let stderrTail = readTail(stderrFile, STDERR_TAIL_LINES)
  if (r.spawnError) stderrTail = `${stderrTail}\n${r.spawnError.message}`.trim()
  return {
    side: options.side,
    round: options.round,
    run: options.run,
    warmup: options.round < 0,
    ok,
    exitCode: r.exitCode,
    signal: r.signal,
    timedOut: r.timedOut,
    interrupted: r.aborted,
    durationMs: r.durationMs,
    startedAt,
    outFile: options.outFile,
    stderrFile,
    stderrTail,
    outcome: ok ? 'ok' : describeExit(r, options.timeoutMs),
    ...(options.catalog && { only: selectedNames(options.filter, options.catalog.keys()) })
  }
}

/** Catch2 exits with its count of failed assertions: a report that ended normally is a finished run. */
function catch2Finished(o: BenchmarkRunOptions, exitCode: number | null): boolean {
  if (o.kind !== 'catch2' || exitCode === null || exitCode <= 0) return false
  try {
    return catch2ReportComplete(readFileSync(o.outFile, 'utf8').slice(-200))
  } catch {
    return false
  }
}
