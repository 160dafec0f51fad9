/** Maps any error to the CLI's exit codes: 2 usage/config, 3 the job could not run. */
import { ConfigError } from '../config.js'
import { StatsInputError } from '../stats/errors.js'

export const EXIT = { pass: 0, gateFailed: 1, usage: 2, jobFailed: 3 } as const

/** Exit code and one-line message for an error thrown by a command. */
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
