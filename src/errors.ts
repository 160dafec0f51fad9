/**
 * benchgate's errors, their ids and exit codes, in one place (the layer just above stats/, so every
 * folder may throw them). Exit codes: 0 pass, 1 regression found (gate failed), 2 usage/config problem
 * (the user can fix the inputs), 3 the job could not run (git failure, build failed, binary crashed,
 * no samples). `id` is machine-checkable; `message` says what was wrong and where; `hint` says what
 * to do about it. StatsInputError stays in stats/errors.ts (stats/ imports nothing from the rest);
 * SampleFileError stays with the parsers in samples/common.ts.
 */
import { StatsInputError } from './stats/errors.js'

/** The CLI's exit codes (README, "Exit codes"). */
export const EXIT = { pass: 0, gateFailed: 1, usage: 2, jobFailed: 3 } as const

/**
 * The exit code of a run stopped by a signal after it reported what it measured: 128 + the signal's
 * number, as a shell says it (130 for Ctrl-C, 143 for SIGTERM), so a script or CI never reads an
 * interrupted run as a pass.
 */
export const INTERRUPTED_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 }

/** A usage or configuration error: the CLI exits 2, the Action fails with the message. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

/** Each error id with its exit code: 2 usage/config (the user can fix the inputs), 3 the job could not run. */
const JOB_ERROR_CODES = {
  // configuration / usage (code 2)
  'invalid-option': 2, // an option outside its domain (rounds < 1, timeout <= 0, ...)
  'bad-ref': 2, // a ref that can never be valid (starts with '-', empty, control characters)
  'not-a-repo': 2, // repoDir is not inside a git work tree
  'unknown-ref': 2, // a ref that does not resolve to a commit (not fetched?)
  shallow: 2, // a shallow clone lacks the history needed for the merge-base
  'no-merge-base': 2, // base and head share no history
  'work-dir': 2, // the work directory cannot be used (occupied, not writable)
  'binary-path': 2, // the binary path is absolute, escapes the worktree, or is not a file
  'not-executable': 2, // the binary exists but cannot be executed
  'filter-matches-nothing': 2, // --filter selects none of head's benchmarks (found after the head build)
  // the job could not run (code 3)
  'git-failed': 3, // a git command failed unexpectedly (or git is missing)
  'build-failed': 3, // the build command failed (head, or base with failOnBaseBuildFailure)
  'binary-not-found': 3, // the build finished but the binary is not where it was said to be
  'not-a-benchmark': 3, // the binary does not behave like Google Benchmark / bench-runner
  'no-benchmarks': 3, // the binary registers no benchmarks
  'probe-failed': 3, // the binary could not be probed (timeout, crash, spawn error)
  'lock-timeout': 3, // the host lock was not acquired in time
  'unequal-paths': 3, // an internal invariant (equal path lengths) does not hold
  interrupted: 3, // stopped by a signal / abort
  'missing-tool': 3, // a tool the chosen mode needs is not installed (valgrind for count mode)
  'count-failed': 3, // a count-mode valgrind pass could not run or gave nothing usable
  'no-samples': 3 // the sample files given to `compare` hold no usable sample on either side
} as const satisfies Record<string, 2 | 3>

export type JobErrorId = keyof typeof JOB_ERROR_CODES

/** Typed errors of the job machinery (git, build, rounds); `code` is the exit code. */
export class JobError extends Error {
  /** Exit code for the CLI: 2 = usage/config, 3 = the job could not run. */
  readonly code: 2 | 3
  readonly id: JobErrorId
  /** What to do about it, one sentence (shown under the message). */
  readonly hint?: string
  /** The thing that was wrong: a ref, a path, an option name. */
  readonly subject?: string

  /** The exit code follows from the id (JOB_ERROR_CODES). */
  constructor(
    id: JobErrorId,
    message: string,
    details: { hint?: string; subject?: string; cause?: unknown } = {}
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'JobError'
    this.code = JOB_ERROR_CODES[id]
    this.id = id
    if (details.hint !== undefined) this.hint = details.hint
    if (details.subject !== undefined) this.subject = details.subject
  }
}

/** Exit code and one-line message for any error thrown by a command (CLI and Action). */
export function describeError(e: unknown): { code: number; message: string } {
  if (e instanceof ConfigError) return { code: EXIT.usage, message: `benchgate: ${e.message}` }
  const err = e as { code?: unknown; message?: string; hint?: string; name?: string }
  // Typed job errors carry their own exit code (2 or 3) and an optional hint.
  if (typeof err?.code === 'number' && (err.code === 2 || err.code === 3)) {
    return { code: err.code, message: `benchgate: ${err.message}${err.hint ? `\n  ${err.hint}` : ''}` }
  }
  if (e instanceof StatsInputError) return { code: EXIT.jobFailed, message: `benchgate: ${e.message}` }
  if (err?.name === 'SampleFileError') return { code: EXIT.jobFailed, message: `benchgate: ${err.message}` }
  const message = e instanceof Error ? e.message : String(e)
  // The machine, not benchgate: a full disk (faults.test.ts fills a small tmpfs under --out).
  if (err?.code === 'ENOSPC' || err?.code === 'EDQUOT') {
    const hint = 'free space where --out points (or give another --out) and re-run'
    return { code: EXIT.jobFailed, message: `benchgate: the disk is full (${message}); ${hint}` }
  }
  return { code: EXIT.jobFailed, message: `benchgate: internal error: ${message}` }
}
