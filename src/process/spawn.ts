/**
 * Spawning child processes for builds, probes and benchmark runs, the one way: argument arrays (no
 * shell unless the caller spawns `/bin/sh` on purpose), its own process group so a timeout or an
 * interrupt kills the whole tree, output to files or to small bounded buffers (never unbounded
 * memory), and a result object instead of exceptions for anything the child did.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process'
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { onTerminate } from './terminate.js'

/** Where one output stream of the child goes. */
export type OutputTarget =
  | 'ignore' // /dev/null
  | 'capture' // kept in memory, bounded: the first and the last {@link CAPTURE_BYTES} bytes
  | { path: string } // written straight to a file by the kernel (truncated first); no parent involvement

/** Bytes kept from the start and from the end of a captured stream. */
export const CAPTURE_BYTES = 64 * 1024

/** After SIGTERM, how long the group gets before SIGKILL (ms). */
export const DEFAULT_KILL_GRACE_MS = 2000

export interface RunProcessOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  stdout?: OutputTarget
  stderr?: OutputTarget
  /** Kill the process group after this many ms (SIGTERM, then SIGKILL after `killGraceMs`). */
  timeoutMs?: number
  killGraceMs?: number
  /** Aborting kills the process group like a timeout and sets `aborted`. */
  signal?: AbortSignal
}

export interface ProcessResult {
  /** Exit status, or null when killed by a signal or never started. */
  exitCode: number | null
  /** The signal that ended the process, if any. */
  signal: NodeJS.Signals | null
  timedOut: boolean
  aborted: boolean
  /** From spawn to exit, ms (monotonic clock). */
  durationMs: number
  /** Captured output ('' unless the target was 'capture'); may be elided in the middle. */
  stdout: string
  stderr: string
  /** Set when the process could not be started (ENOENT, EACCES, ...). */
  spawnError?: Error
}

/** Head + tail byte buffer: bounded memory whatever the child prints. */
class BoundedCapture {
  private head: Buffer[] = []
  private headLen = 0
  private tail: Buffer[] = []
  private tailLen = 0
  private dropped = 0

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (this.headLen < this.limit) {
      const take = Math.min(chunk.length, this.limit - this.headLen)
      this.head.push(chunk.subarray(0, take))
      this.headLen += take
      chunk = chunk.subarray(take)
      if (chunk.length === 0) return
    }
    this.tail.push(chunk)
    this.tailLen += chunk.length
    while (this.tailLen - this.tail[0].length >= this.limit) {
      this.dropped += this.tail[0].length
      this.tailLen -= this.tail[0].length
      this.tail.shift()
    }
  }

  text(): string {
    const head = Buffer.concat(this.head).toString('utf8')
    const tail = Buffer.concat(this.tail).toString('utf8')
    return this.dropped > 0 ? `${head}\n[... ${this.dropped} bytes elided ...]\n${tail}` : head + tail
  }
}

/** Sends `sig` to the process group led by `pid`; ignores "no such process". */
export function killGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig)
  } catch {
    try {
      process.kill(pid, sig)
    } catch {
      // already gone
    }
  }
}

/**
 * Runs `file` with `args` (never through a shell) in its own process group (`detached`), and
 * resolves when it has exited. Never rejects for anything the child does: exit codes, signals,
 * timeouts and spawn errors are fields of the result.
 *
 * If this process receives SIGINT/SIGTERM/SIGHUP or exits while the child runs, the child's group
 * is sent SIGKILL (see {@link onTerminate}), so no benchmark outlives benchgate.
 */
export function runProcess(
  file: string,
  args: readonly string[],
  options: RunProcessOptions
): Promise<ProcessResult> {
  const stdoutTarget = options.stdout ?? 'ignore'
  const stderrTarget = options.stderr ?? 'ignore'
  let outputs: { stdio: StdioOptions; opened: number[] }
  try {
    outputs = openOutputs(stdoutTarget, stderrTarget)
  } catch (e) {
    return Promise.resolve(failedToStart(e))
  }
  const start = performance.now()
  let child: ChildProcess
  try {
    child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: outputs.stdio, detached: true })
  } catch (e) {
    return Promise.resolve(failedToStart(e)) // e.g. a NUL byte in an argument
  } finally {
    for (const fd of outputs.opened) closeSync(fd)
  }
  return watchChild(child, options, start, {
    out: stdoutTarget === 'capture' ? new BoundedCapture(CAPTURE_BYTES) : undefined,
    err: stderrTarget === 'capture' ? new BoundedCapture(CAPTURE_BYTES) : undefined
  })
}

/**
 * The child's stdio: /dev/null, a pipe to capture, or a file opened (truncated) here; stdout and
 * stderr to the same path share one descriptor. The caller closes `opened` once the child has them.
 */
function openOutputs(
  stdoutTarget: OutputTarget,
  stderrTarget: OutputTarget
): { stdio: StdioOptions; opened: number[] } {
  const opened: number[] = []
  const fdFor = (
    t: OutputTarget,
    other: OutputTarget,
    otherFd: number | undefined
  ): 'ignore' | 'pipe' | number => {
    if (t === 'ignore') return 'ignore'
    if (t === 'capture') return 'pipe'
    if (typeof other === 'object' && other.path === t.path && otherFd !== undefined) return otherFd
    const fd = openSync(t.path, 'w')
    opened.push(fd)
    return fd
  }
  try {
    const out = fdFor(stdoutTarget, 'ignore', undefined)
    const err = fdFor(stderrTarget, stdoutTarget, typeof out === 'number' ? out : undefined)
    return { stdio: ['ignore', out, err], opened }
  } catch (e) {
    for (const fd of opened) closeSync(fd)
    throw e
  }
}

/** What is known about a running child: whether it exited, and why it was stopped. */
interface Watch {
  exited: boolean
  timedOut: boolean
  aborted: boolean
  timers: NodeJS.Timeout[]
}

/** Resolves with the child's result once it has exited and its captured output is read. */
function watchChild(
  child: ChildProcess,
  options: RunProcessOptions,
  start: number,
  capture: { out?: BoundedCapture; err?: BoundedCapture }
): Promise<ProcessResult> {
  return new Promise<ProcessResult>((resolve) => {
    const watch: Watch = { exited: false, timedOut: false, aborted: false, timers: [] }
    let settled = false
    let durationMs = 0
    let exitCode: number | null = null
    let exitSignal: NodeJS.Signals | null = null
    child.stdout?.on('data', (c: Buffer) => capture.out?.push(c))
    child.stderr?.on('data', (c: Buffer) => capture.err?.push(c))
    const disarm = armStops(child, options, watch)

    const finish = (spawnError?: Error): void => {
      if (settled) return
      settled = true
      for (const t of watch.timers) clearTimeout(t)
      disarm()
      const { timedOut, aborted } = watch
      const result: ProcessResult = {
        exitCode,
        signal: exitSignal,
        timedOut,
        aborted,
        durationMs,
        stdout: capture.out?.text() ?? '',
        stderr: capture.err?.text() ?? ''
      }
      if (spawnError) result.spawnError = spawnError
      resolve(result)
    }
    child.once('error', (e) => {
      // spawn failure (ENOENT, EACCES): no 'exit' follows
      if (!watch.exited) {
        watch.exited = true
        durationMs = performance.now() - start
        finish(e)
      }
    })
    child.once('exit', (code, sig) => {
      watch.exited = true
      durationMs = performance.now() - start
      exitCode = code
      exitSignal = sig
      // Pipes close when every holder exits; a daemonised grandchild may hold them forever.
      if (!capture.out && !capture.err) finish()
      else {
        const t = setTimeout(() => {
          child.stdout?.destroy()
          child.stderr?.destroy()
          finish()
        }, 500)
        t.unref()
        watch.timers.push(t)
      }
    })
    child.once('close', () => {
      if (watch.exited) finish()
    })
  })
}

/**
 * Stops the child's group on a timeout or an abort (SIGTERM, then SIGKILL after the grace) and
 * kills it if benchgate itself is terminated. Returns the function that removes the listeners.
 */
function armStops(child: ChildProcess, options: RunProcessOptions, watch: Watch): () => void {
  const unregisterTerminate = onTerminate(() => {
    if (child.pid !== undefined && !watch.exited) killGroup(child.pid, 'SIGKILL')
  })
  const stop = (): void => {
    if (child.pid === undefined || watch.exited) return
    killGroup(child.pid, 'SIGTERM')
    const t = setTimeout(() => {
      if (child.pid !== undefined && !watch.exited) killGroup(child.pid, 'SIGKILL')
    }, options.killGraceMs ?? DEFAULT_KILL_GRACE_MS)
    t.unref()
    watch.timers.push(t)
  }
  const onAbort = (): void => {
    watch.aborted = true
    stop()
  }
  if (options.signal) {
    if (options.signal.aborted) queueMicrotask(onAbort)
    else options.signal.addEventListener('abort', onAbort, { once: true })
  }
  if (options.timeoutMs !== undefined && Number.isFinite(options.timeoutMs)) {
    watch.timers.push(
      setTimeout(() => {
        watch.timedOut = true
        stop()
      }, options.timeoutMs)
    )
  }
  return () => {
    options.signal?.removeEventListener('abort', onAbort)
    unregisterTerminate()
  }
}

function failedToStart(e: unknown): ProcessResult {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    aborted: false,
    durationMs: 0,
    stdout: '',
    stderr: '',
    spawnError: e instanceof Error ? e : new Error(String(e))
  }
}

/**
 * The last `maxLines` lines of a text file, reading at most `maxBytes` from its end (so a multi-GB
 * build log costs nothing). Returns '' when the file does not exist.
 */
export function readTail(path: string, maxLines = 50, maxBytes = 64 * 1024): string {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return ''
  }
  try {
    const size = fstatSync(fd).size
    const len = Math.min(size, maxBytes)
    const buf = Buffer.alloc(len)
    readSync(fd, buf, 0, len, size - len)
    let lines = buf.toString('utf8').split('\n')
    if (len < size) lines = lines.slice(1) // first line is partial
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
    return lines.slice(-maxLines).join('\n')
  } finally {
    closeSync(fd)
  }
}

/** The first `maxLines` lines of `text`, noting how many were left out. */
export function headLines(text: string, maxLines = 10): string {
  const lines = text.replace(/\n+$/, '').split('\n')
  if (lines.length <= maxLines) return lines.join('\n')
  return [...lines.slice(0, maxLines), `[... ${lines.length - maxLines} more lines]`].join('\n')
}

/** A one-line description of how a process ended ("exit code 2", "killed by SIGSEGV", "timed out after 5 s"). */
export function describeExit(r: ProcessResult, timeoutMs?: number): string {
  if (r.spawnError) return `could not start (${r.spawnError.message})`
  if (r.timedOut) return timeoutMs !== undefined ? `timed out after ${formatSeconds(timeoutMs)}` : 'timed out'
  if (r.aborted) return 'interrupted'
  if (r.signal) return `killed by ${r.signal}`
  return `exit code ${r.exitCode}`
}

function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`
}
