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
export function validateSettings(s: BenchmarkSettings): void {
  if (!Number.isInteger(s.repetitions) || s.repetitions < 1) {
    throw new JobError('invalid-option', `repetitions must be an integer >= 1, got ${s.repetitions}.`, {
      subject: 'repetitions'
    })
  }
  formatMinTime(s.minTimeSeconds)
  if (s.cpu !== undefined && (!Number.isInteger(s.cpu) || s.cpu < 0)) {
    throw new JobError('invalid-option', `cpu must be a CPU number >= 0, got ${s.cpu}.`, {
      subject: 'cpu'
    })
  }
  if (s.priority !== undefined && s.kind !== 'bench-runner') {
    throw new JobError(
      'invalid-option',
      'Process priority needs a bench-runner binary; this is a plain Google Benchmark binary.',
      {
        subject: 'priority',
        hint: 'Link the benchmarks with benchgate::runner instead of benchmark_main, or leave the priority unset.'
      }
    )
  }
  if (s.priority !== undefined && s.priority !== 'high' && s.priority !== 'normal') {
    throw new JobError(
      'invalid-option',
      `priority must be 'high' or 'normal', got ${JSON.stringify(s.priority)}.`,
      {
        subject: 'priority'
      }
    )
  }
  const controlled = s.kind === 'catch2' ? CATCH2_CONTROLLED_FLAGS : CONTROLLED_FLAGS
  for (const a of s.extraArgs ?? []) {
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
  o: BenchmarkSettings & { side: Side; round: number; outFile: string }
): string[] {
  if (o.kind === 'catch2') return catch2Args(o)
  if (o.kind === 'nanobench') return [...(o.extraArgs ?? [])] // its output is stdout (runBenchmarkProcess)
  const args = [...(o.extraArgs ?? [])]
  args.push(
    `--benchmark_repetitions=${o.repetitions}`,
    `--benchmark_min_time=${formatMinTime(o.minTimeSeconds)}`
  )
  if (o.filter !== undefined && o.filter !== '') args.push(`--benchmark_filter=${o.filter}`)
  if (o.randomInterleaving) args.push('--benchmark_enable_random_interleaving=true')
  args.push('--benchmark_format=console')
  if (o.kind === 'google-benchmark') {
    args.push(`--benchmark_out=${o.outFile}`, '--benchmark_out_format=json')
  } else {
    args.push(`--benchgate_samples=${o.outFile}`)
    if (o.cpu !== undefined) args.push(`--benchgate_cpu=${o.cpu}`)
    if (o.priority !== undefined) args.push(`--benchgate_priority=${o.priority}`)
    args.push(`--benchgate_context=side=${o.side}`, `--benchgate_context=round=${o.round}`)
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
export async function runBenchmarkProcess(o: BenchmarkRunOptions): Promise<RunResult> {
  validateSettings(o)
  const { file, args } = benchmarkCommand(o)
  const stderrFile = o.stderrFile ?? `${o.outFile}.stderr`
  mkdirSync(dirname(o.outFile), { recursive: true })
  rmSync(o.outFile, { force: true })
  const startedAt = Date.now()
  const r = await runProcess(file, args, {
    cwd: o.cwd,
    env: o.env,
    // nanobench's table is its stdout: that is the sample file
    stdout:
      o.kind === 'nanobench'
        ? { path: o.outFile }
        : o.stdoutFile !== undefined
          ? { path: o.stdoutFile }
          : 'ignore',
    stderr: { path: stderrFile },
    timeoutMs: o.timeoutMs,
    signal: o.signal
  })
  const ok = (r.exitCode === 0 || catch2Finished(o, r.exitCode)) && !r.timedOut && !r.aborted
  let stderrTail = readTail(stderrFile, STDERR_TAIL_LINES)
  if (r.spawnError) stderrTail = `${stderrTail}\n${r.spawnError.message}`.trim()
  return {
    side: o.side,
    round: o.round,
    run: o.run,
    warmup: o.round < 0,
    ok,
    exitCode: r.exitCode,
    signal: r.signal,
    timedOut: r.timedOut,
    interrupted: r.aborted,
    durationMs: r.durationMs,
    startedAt,
    outFile: o.outFile,
    stderrFile,
    stderrTail,
    outcome: ok ? 'ok' : describeExit(r, o.timeoutMs),
    ...(o.catalog && { only: selectedNames(o.filter, o.catalog.keys()) })
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
