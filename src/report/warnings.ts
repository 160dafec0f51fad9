/**
 * The warnings every report shows, grouped: a sentence that applies to many benchmarks is one line
 * with their names (docs/report.md §3: on a 6-benchmark suite, 6 of 7 lines were one sentence), and what is
 * a note rather than an alarm (a distro build of Google Benchmark reporting "debug") is one note.
 * Plain text with `code` in backticks; each renderer escapes it (mdProse, or nothing in a terminal).
 */
import { layoutNotes } from './layoutWording.js'
import type { RunInfo } from './model.js'
import type { Comparison, SuiteResult, Warning } from '../analysis/types.js'
import { cleanMessage, displayName } from './names.js'

/** Longest warning message shown (a message can quote untrusted text of any length). */
export const MESSAGE_MAX_CHARS = 500

/** Warning codes the tables already show (power figures; test details such as the p-value floor). */
const SHOWN_IN_TABLE = new Set(['underpowered', 'test', 'skipped'])
/** Power warnings (docs/statistics.md §4): they say what an undecided benchmark lacks, so a decided one omits them. */
const POWER = new Set(['underpowered', 'severely-underpowered'])
/** Warning codes shown as a note instead (see notes()). */
const AS_NOTE = new Set(['debug-library'])

/** One line of the warnings list: a message and the benchmarks it applies to (none: the whole suite). */
export interface WarningGroup {
  level: Warning['level']
  message: string
  /** Display names (displayName), in suite order. */
  names: string[]
}

const NUMBER = /[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi

/**
 * Every warning not already shown in the tables or as a note, grouped by sentence: messages that
 * differ only in their numbers ("head samples autocorrelated (Ljung-Box p = 0.003)") are one line
 * whose numbers show their range ("p = 0.001–0.003"). Suite-wide warnings first, then the rest in
 * order of first appearance. Failed benchmarks' errors are in their table row, not here.
 * Complexity: linear in the total length of the messages.
 */
export function warningGroups(suite: SuiteResult): WarningGroup[] {
  const groups = new Map<string, { level: Warning['level']; messages: string[]; names: string[] }>()
  const add = (w: Warning, name: string | null) => {
    if (SHOWN_IN_TABLE.has(w.code) || AS_NOTE.has(w.code)) return
    const message = cleanMessage(w.message, MESSAGE_MAX_CHARS)
    const key = `${name === null ? 'suite' : 'bench'}\u0000${w.level}\u0000${w.code}\u0000${message.replace(NUMBER, '#')}`
    let g = groups.get(key)
    if (!g) groups.set(key, (g = { level: w.level, messages: [], names: [] }))
    g.messages.push(message)
    // A benchmark is named once per line even when both sides raised the same sentence.
    if (name !== null && g.names[g.names.length - 1] !== name) g.names.push(name)
  }
  for (const w of suite.warnings) add(w, null)
  for (const c of suite.comparisons) {
    const name = displayName(c.benchmark)
    for (const w of benchmarkWarnings(c)) if (!(c.verdict === 'failed' && w.level === 'error')) add(w, name)
  }
  return [...groups.values()].map((g) => ({
    level: g.level,
    message: mergeNumbers(g.messages),
    names: g.names
  }))
}

/** Whether `c` is still undecided, the only verdict a power figure ("could detect ≥ x") speaks to (§4). */
export function isUndecided(c: Comparison): boolean {
  return c.verdict === 'inconclusive'
}

/** A benchmark's warnings as reports show them: no power warning beside a decided verdict. */
export function benchmarkWarnings(c: Comparison): Warning[] {
  return isUndecided(c) ? c.warnings : c.warnings.filter((w) => !POWER.has(w.code))
}

/**
 * One message standing for several that differ only in their numbers: each number that differs is
 * shown as "min–max" (as written in the messages with the smallest and largest value).
 */
export function mergeNumbers(messages: string[]): string {
  const first = messages[0]
  if (messages.every((m) => m === first)) return first
  const numbers = messages.map((m) => m.match(NUMBER) ?? [])
  let k = 0
  return first.replace(NUMBER, (token) => {
    const i = k++
    let lo = token
    let hi = token
    for (const ns of numbers) {
      if (Number(ns[i]) < Number(lo)) lo = ns[i]
      if (Number(ns[i]) > Number(hi)) hi = ns[i]
    }
    return lo === hi ? token : `${lo}–${hi}`
  })
}

/**
 * Under pairs, what the Base and Head columns are and why Head/Base can differ from Change (docs/pairs.md,
 * docs/report.md): the columns are each side's median, Change the paired estimate. Null without pairs.
 */
export function pairedColumnsNote(suite: SuiteResult): string | null {
  if (!suite.comparisons.some((c) => c.test === 'signed-rank' && c.ratio)) return null
  return (
    "Base and Head are each side's median over the rounds; Change is the paired estimate (the median of the " +
    "rounds' head/base ratios, Walsh-averaged), the figure the test and the verdict use. When the rounds differ " +
    'in speed more than base and head do, Head/Base can differ from Change.'
  )
}

/** Notes: facts worth one calm line each, not warnings. */
export function notes(suite: SuiteResult, run: RunInfo): string[] {
  const out: string[] = layoutNotes(suite, run)
  const columns = pairedColumnsNote(suite)
  if (columns) out.push(columns)
  if (suite.warnings.some((w) => w.code === 'debug-library')) {
    out.push(
      "Google Benchmark reports `library_build_type: debug`, as distribution packages do: this affects only the harness' own overhead, not the measured code."
    )
  }
  return out
}
