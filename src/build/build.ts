/**
 * Running the user's build command in one side's worktree. The command is a shell string exactly
 * as the user wrote it (`cmake -B build && cmake --build build -j`), so it runs with `/bin/sh -c`:
 * this is the one intended use of a shell in benchgate, and nothing is ever interpolated into it.
 * The side is passed as the environment variable BENCHGATE_SIDE instead.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Side } from '../samples/model.js'
import type { Log } from '../log.js'
import { JobError } from '../errors.js'
import { childEnvironment } from '../process/childEnv.js'
import { describeExit, readTail, runProcess } from '../process/spawn.js'

/** Lines of build output kept in the result for the error report. */
export const BUILD_LOG_TAIL_LINES = 50

export interface BuildOptions {
  side: Side
  /** The side's worktree (or the configured subdirectory of it). */
  cwd: string
  /** The build command, verbatim. */
  command: string
  /** The environment (BENCHGATE_SIDE is added); default: this process's, without credentials (childEnvironment). */
  env?: NodeJS.ProcessEnv
  log: Log
  /** Where stdout and stderr go (created/truncated), e.g. `<workDir>/logs/build-base.log`. */
  logPath: string
  /** Kill the build (its whole process group) after this many ms; default: no limit. */
  timeoutMs?: number
  signal?: AbortSignal
}

export interface BuildResult {
  side: Side
  /** Exit code 0 and not killed. */
  ok: boolean
  exitCode: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
  durationMs: number
  /** The last {@link BUILD_LOG_TAIL_LINES} lines of output (stdout and stderr interleaved). */
  logTail: string
  logPath: string
  /** How it ended, in words: "exit code 2", "timed out after 600 s", "killed by SIGKILL". */
  outcome: string
}

/**
 * Runs the build command with `/bin/sh -c` in `cwd`, output streamed to `logPath`.
 * A failing build is a result (`ok: false`), not an exception: the caller decides (it usually
 * throws a code-3 error quoting `logTail`).
 * @throws JobError code 2 'invalid-option' when the command is empty or timeoutMs is not > 0
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const { side, cwd, command, logPath, log } = options
  if (command.trim() === '') {
    throw new JobError('invalid-option', 'The build command is empty.', {
      subject: 'build',
      hint: "Give the command that builds the benchmarks, e.g. 'cmake -B build && cmake --build build'."
    })
  }
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) {
    throw new JobError('invalid-option', `The build timeout must be > 0 ms, got ${options.timeoutMs}.`)
  }
  mkdirSync(dirname(logPath), { recursive: true })
  log.info(`Building ${side} in ${cwd}: ${command}`)
  const env = { ...(options.env ?? childEnvironment()), BENCHGATE_SIDE: side }
  const r = await runProcess('/bin/sh', ['-c', command], {
    cwd,
    env,
    stdout: { path: logPath },
    stderr: { path: logPath },
    timeoutMs: options.timeoutMs,
    signal: options.signal
  })
  const ok = r.exitCode === 0 && !r.timedOut && !r.aborted
  const outcome = ok ? 'ok' : describeExit(r, options.timeoutMs)
  let logTail = readTail(logPath, BUILD_LOG_TAIL_LINES)
  if (r.spawnError) logTail = `${logTail}\n${r.spawnError.message}`.trim()
  log.info(
    `Build of ${side} ${ok ? 'finished' : 'FAILED'} in ${(r.durationMs / 1000).toFixed(1)} s (${outcome}); log: ${logPath}`
  )
  return {
    side,
    ok,
    exitCode: r.exitCode,
    signal: r.signal,
    timedOut: r.timedOut,
    durationMs: r.durationMs,
    logTail,
    logPath,
    outcome
  }
}
