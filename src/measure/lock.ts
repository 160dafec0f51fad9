/**
 * A host-wide exclusive lock, so that two jobs on one self-hosted machine never measure at the same
 * time (they would slow each other down and both results would be wrong).
 *
 * Design: a lock FILE created atomically with `open(path, 'wx')` (O_CREAT|O_EXCL), holding JSON
 * `{ pid, hostname, startedAt, procStart, token }`. Chosen over spawning util-linux `flock`
 * because it works on every POSIX runner (macOS has no `flock(1)`), needs no helper process that
 * could itself be orphaned, and the holder is visible to a person (`cat` the file). Its weakness —
 * a holder that dies without releasing — is handled by stale-lock detection:
 *  - same host: the holder is dead when `kill(pid, 0)` says ESRCH, or when, on Linux, the process
 *    now using that pid started at a different time than the holder did (`/proc/<pid>/stat` field
 *    22: pid reuse);
 *  - another host name (lock on a shared volume, containers with their own hostnames): liveness
 *    cannot be checked; the lock counts as stale once older than `staleAfterMs`.
 * A stale lock is taken over (with a warning) under a short-lived secondary lock `<path>.takeover`
 * so two waiters cannot both delete the file and each think they own the lock.
 * The lock is released by the returned function, and on SIGINT/SIGTERM/SIGHUP or process exit.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import type { Log } from '../log.js'
import { JobError } from '../errors.js'
import { formatEta } from './plan.js'
import { onTerminate } from '../process/terminate.js'

export interface HostLockOptions {
  log: Log
  /** Give up after waiting this long (ms); default {@link DEFAULT_LOCK_TIMEOUT_MS}. */
  timeoutMs?: number
  /** How often to retry (ms); default 1000. */
  pollMs?: number
  /** A lock written by another host counts as stale after this age (ms); default 12 h. */
  staleAfterMs?: number
  /** Aborting stops waiting (throws a code-3 'interrupted' error). */
  signal?: AbortSignal
  /** Written into the lock file for people reading it (e.g. "benchgate run owner/repo#12"). */
  purpose?: string
}

/** Default wait for the host lock: 1 h (another job's full run). */
export const DEFAULT_LOCK_TIMEOUT_MS = 60 * 60 * 1000
/** Interval between "still waiting" log lines (ms). */
export const LOCK_LOG_INTERVAL_MS = 30_000
/** A lock file without parseable content is being written; older than this it is garbage (ms). */
const UNREADABLE_GRACE_MS = 10_000
/** A takeover lock older than this was left by a crashed waiter (ms). */
const TAKEOVER_STALE_MS = 30_000

interface LockInfo {
  pid: number
  hostname: string
  startedAt: string
  procStart: string | null
  token: string
  purpose?: string
}

/** Linux: the start time (clock ticks since boot) of `pid`, from /proc/<pid>/stat; else null. */
function procStartTime(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name (field 2) is in parentheses and may contain spaces: split after the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null // field 22 overall
  } catch {
    return null
  }
}

function parseLock(text: string): LockInfo | null {
  try {
    const v = JSON.parse(text) as Partial<LockInfo>
    if (typeof v.pid === 'number' && typeof v.hostname === 'string' && typeof v.token === 'string')
      return v as LockInfo
  } catch {
    // fall through
  }
  return null
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs
  } catch {
    return 0
  }
}

/** Why the lock described by `text` is stale, or null when its holder may be alive. */
function staleReason(text: string, path: string, staleAfterMs: number): string | null {
  const info = parseLock(text)
  if (!info) return ageMs(path) > UNREADABLE_GRACE_MS ? 'its content is unreadable' : null
  if (info.hostname !== hostname()) {
    const age = Date.now() - Date.parse(info.startedAt)
    return age > staleAfterMs ? `it was taken on host ${info.hostname} ${formatEta(age)} ago` : null
  }
  try {
    process.kill(info.pid, 0)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH')
      return `its holder (pid ${info.pid}) is no longer running`
  }
  if (info.procStart !== null) {
    const now = procStartTime(info.pid)
    if (now !== null && now !== info.procStart) return `pid ${info.pid} now belongs to another process`
  }
  return null
}

/** Deletes the lock file if it still has the content `observed`, under `<path>.takeover`. */
function takeOver(path: string, observed: string): void {
  const tk = `${path}.takeover`
  let fd: number
  try {
    fd = openSync(tk, 'wx')
  } catch {
    if (ageMs(tk) > TAKEOVER_STALE_MS) {
      try {
        unlinkSync(tk)
      } catch {
        // someone else removed it
      }
    }
    return
  }
  try {
    closeSync(fd)
    if (readText(path) === observed) unlinkSync(path)
  } finally {
    try {
      unlinkSync(tk)
    } catch {
      // already gone
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms)
    function done(): void {
      clearTimeout(t)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

function describeHolder(text: string): string {
  const info = parseLock(text)
  if (!info) return 'another process'
  return `pid ${info.pid} on ${info.hostname} since ${info.startedAt}${info.purpose ? ` (${info.purpose})` : ''}`
}

/**
 * Waits until this process holds the host lock at `path`, polling every `pollMs`, logging who
 * holds it every {@link LOCK_LOG_INTERVAL_MS}.
 *
 * @param path lock file, e.g. `/tmp/benchgate.lock` or a path on a volume all runners share
 * @returns release(): deletes the lock file if it is still ours; idempotent; synchronous
 * @throws JobError code 3 'lock-timeout' after `timeoutMs`; code 3 'interrupted' when `signal` aborts;
 *   code 2 'work-dir' when the lock's directory cannot be created or written
 */
export async function acquireHostLock(path: string, options: HostLockOptions): Promise<() => void> {
  const { log } = options
  const timeoutMs = options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS
  const pollMs = options.pollMs ?? 1000
  const staleAfterMs = options.staleAfterMs ?? 12 * 60 * 60 * 1000
  const info: LockInfo = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    procStart: procStartTime('self'),
    token: randomBytes(12).toString('hex'),
    ...(options.purpose !== undefined ? { purpose: options.purpose } : {})
  }
  const content = JSON.stringify(info) + '\n'
  try {
    mkdirSync(dirname(path), { recursive: true })
  } catch (e) {
    throw new JobError(
      'work-dir',
      `Cannot create the directory of the lock file ${path}: ${(e as Error).message}`,
      { cause: e }
    )
  }

  const start = Date.now()
  let lastLog = -Infinity
  for (;;) {
    let fd: number | undefined
    try {
      fd = openSync(path, 'wx', 0o644)
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code !== 'EEXIST') {
        throw new JobError('work-dir', `Cannot create the lock file ${path}: ${(e as Error).message}`, {
          subject: path,
          cause: e
        })
      }
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, content)
      } finally {
        closeSync(fd)
      }
      break
    }
    const held = readText(path)
    if (held === null) continue // released between our open and read: retry at once
    const stale = staleReason(held, path, staleAfterMs)
    if (stale !== null) {
      log.warn(`Taking over the stale host lock ${path}: ${stale}.`)
      takeOver(path, held)
      continue
    }
    const waited = Date.now() - start
    if (options.signal?.aborted) {
      throw new JobError('interrupted', `Interrupted while waiting for the host lock ${path}.`)
    }
    if (waited >= timeoutMs) {
      throw new JobError(
        'lock-timeout',
        `Timed out after ${formatEta(waited)} waiting for the host lock ${path}, held by ${describeHolder(held)}.`,
        {
          subject: path,
          hint: 'Another benchmark job is using this machine; retry later or raise the lock timeout. Delete the file only if that job is gone.'
        }
      )
    }
    if (Date.now() - lastLog >= LOCK_LOG_INTERVAL_MS) {
      lastLog = Date.now()
      log.info(
        `Waiting for the host lock ${path}, held by ${describeHolder(held)} (waited ${formatEta(waited)}).`
      )
    }
    await sleep(Math.min(pollMs, Math.max(1, timeoutMs - waited)), options.signal)
  }

  let released = false
  const release = (): void => {
    if (released) return
    released = true
    unregister()
    if (readText(path) === content) {
      try {
        unlinkSync(path)
      } catch {
        // already gone
      }
    }
  }
  const unregister = onTerminate(release)
  log.debug(`Acquired the host lock ${path}.`)
  return release
}
