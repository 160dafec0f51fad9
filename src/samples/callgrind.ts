/**
 * Reads callgrind's dump files (count mode, docs/statistics.md §9): which trigger wrote a dump and its
 * total cost per event. Only the header and the `totals:`/`summary:` line are read here; the counts
 * need no per-function costs, because the dumps are cut at Google Benchmark's loop boundaries
 * (docs/count-mode.md). The loop dumps' functions, which say where a count changed, are read by
 * callgrindProfile.ts. The dumps:
 *
 * - `--dump-after=benchmark::State::StartKeepRunning*`: everything before a benchmark's timed loop
 *   (process start, setup), written when the loop starts: discarded;
 * - `--dump-before=benchmark::State::FinishKeepRunning*`: the timed loop itself (all its iterations);
 * - `--dump-before=benchmark::JSONReporter::ReportRuns*`: a report call, which separates benchmarks.
 */

import type { CallgrindProfile } from './callgrindProfile.js'

/** What wrote a dump, from its `desc: Trigger:` line. */
export type DumpTrigger = 'setup' | 'loop' | 'report' | 'other'

export interface CallgrindDump {
  /** The dump's number (the file name's suffix), for ordering and messages. */
  index: number
  trigger: DumpTrigger
  /** Total cost per event since the previous dump (Ir, Dr, Dw, I1mr, …, Bc, Bcm, …). */
  totals: Record<string, number>
  /** `desc:` lines describing the simulated caches (I1, D1, LL), when cache simulation was on. */
  caches: string[]
  /** The per-function costs (samples/callgrindProfile.ts), read for loop dumps only (docs/count-mode.md). */
  profile?: CallgrindProfile
}

/** The functions whose entry or exit cut the dumps; the patterns are callgrind's (`*` wildcard). */
export const LOOP_START_FUNCTION = 'benchmark::State::StartKeepRunning'
export const LOOP_END_FUNCTION = 'benchmark::State::FinishKeepRunning'
export const REPORT_FUNCTION = 'benchmark::JSONReporter::ReportRuns'

/** A dump file that cannot be read (the message names the file and what is wrong). */
export class CallgrindDumpError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CallgrindDumpError'
  }
}

/**
 * Parses one dump file.
 * @param text the file's content
 * @param index its dump number
 * @param source the path, for messages
 * @throws CallgrindDumpError when the file has no `events:` line or no totals (cut short, not a dump)
 */
export function parseCallgrindDump(text: string, index: number, source: string): CallgrindDump {
  let events: string[] | null = null
  let totals: number[] | null = null
  let trigger: DumpTrigger = 'other'
  const caches: string[] = []
  for (const line of text.split('\n')) {
    if (line.startsWith('events:')) events = line.slice(7).trim().split(/\s+/)
    else if (line.startsWith('totals:') || (totals === null && line.startsWith('summary:')))
      totals = line
        .slice(line.indexOf(':') + 1)
        .trim()
        .split(/\s+/)
        .map(Number)
    else if (line.startsWith('desc: Trigger:')) trigger = triggerOf(line)
    else if (/^desc: (I1|D1|LL) cache:/.test(line)) caches.push(line.slice(6).trim())
  }
  if (events === null || totals === null)
    throw new CallgrindDumpError(`${source}: not a complete callgrind dump (no events or totals line)`)
  if (totals.some((v) => !Number.isFinite(v) || v < 0))
    throw new CallgrindDumpError(`${source}: the totals line has a value that is not a count`)
  const byEvent: Record<string, number> = {}
  // callgrind omits trailing zero columns of the totals line
  events.forEach((e, i) => (byEvent[e] = totals![i] ?? 0))
  return { index, trigger, totals: byEvent, caches }
}

function triggerOf(line: string): DumpTrigger {
  if (line.includes(LOOP_END_FUNCTION)) return 'loop'
  if (line.includes(LOOP_START_FUNCTION)) return 'setup'
  if (line.includes(REPORT_FUNCTION)) return 'report'
  return 'other'
}

/**
 * The dump number of a callgrind output file `PREFIX.<pid>.<n>`, or null for the final dump
 * (`PREFIX.<pid>`, written at program exit) and unrelated files.
 */
export function dumpNumber(fileName: string, prefix: string): number | null {
  if (!fileName.startsWith(`${prefix}.`)) return null
  const m = /^\d+\.(\d+)$/.exec(fileName.slice(prefix.length + 1))
  return m ? Number(m[1]) : null
}

/**
 * Estimated cycles from callgrind's simulated events, as KCachegrind's derived event "Cycle
 * Estimation": `CEst = Ir + 10·Bm + 10·L1m + 100·LLm`, where `L1m = I1mr + D1mr + D1mw`,
 * `LLm = ILmr + DLmr + DLmw` and `Bm = Bim + Bcm` (docs/count-mode.md cites the source).
 * Null when the cache simulation's events are absent.
 */
export function estimatedCycles(t: Readonly<Record<string, number>>): number | null {
  const need = ['Ir', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw']
  if (!need.every((e) => e in t)) return null
  const l1m = t.I1mr + t.D1mr + t.D1mw
  const llm = t.ILmr + t.DLmr + t.DLmw
  const bm = (t.Bim ?? 0) + (t.Bcm ?? 0)
  return t.Ir + 10 * bm + 10 * l1m + 100 * llm
}
