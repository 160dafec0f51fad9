/**
 * The "where" note of a changed benchmark (docs/count-mode.md, docs/report.md): the functions its count or time
 * change comes from, by |Δ self|, with their share of the benchmark's change ("`crc_update` +7.9% of
 * +8.1% instructions, `memcpy` +0.2%"); for a time change the instructions do not explain, the
 * simulated misses and mispredictions of those functions; else "not explained by simulated events".
 * And the per-function table of `benchgate explain`. Words only: the numbers come from
 * analysis/attribution.ts. Names go through `code` (the renderer escapes).
 */
import { figureOf } from '../analysis/attribution.js'
import type { ChangeAttribution, Comparison, CostFigures, FunctionChange } from '../analysis/types.js'
import { formatCount, formatCountChange } from './countWording.js'
import { formatChange } from './format.js'
import { cleanText, displayName } from './names.js'

/** At most this many functions in a "where" note (the table has them all). */
const WHERE_FUNCTIONS = 3
/** A function whose share is below this fraction of the benchmark's |Δ| is left out of the note. */
const NEGLIGIBLE_SHARE = 0.01
const NAME_CHARS = 60

/** A C++ signature without its parameter list: `ns::crc_update(unsigned int, int) const` → `ns::crc_update`. */
export function shortFunctionName(name: string): string {
  const trimmed = name.replace(/\s+(const|volatile|&|&&|noexcept)\s*$/g, '')
  if (!trimmed.endsWith(')')) return name
  let depth = 0
  for (let i = trimmed.length - 1; i >= 0; i--) {
    const ch = trimmed[i]
    if (ch === ')') depth++
    else if (ch === '(' && --depth === 0) return i > 0 ? trimmed.slice(0, i) : name
  }
  return name
}

/** Δ of one figure, head − base, null when a side lacks it. */
function delta(
  f: { base: CostFigures | null; head: CostFigures | null },
  key: keyof CostFigures
): number | null {
  const b = f.base === null ? 0 : f.base[key]
  const h = f.head === null ? 0 : f.head[key]
  return b === null || h === null ? null : h - b
}

const METRIC_WORDS: Record<ChangeAttribution['metric'], string> = {
  instructions: 'instructions',
  cycles: 'estimated cycles'
}

/** "+1,024" / "−12.5": a signed per-iteration count change. */
function signedCount(x: number): string {
  const s = formatCount(Math.abs(x))
  return x > 0 ? `+${s}` : x < 0 ? `−${s}` : '0'
}

/** A share of the base total as a signed percentage with one decimal ("+7.9%"), finer when tiny. */
function sharePercent(x: number | null): string {
  if (x === null) return '–'
  const one = formatChange(1 + x, 1)
  return one === '0.0%' && x !== 0 ? formatCountChange(x) : one
}

/** The functions the note names: the largest |Δ self| with a share that is not negligible. */
function named(a: ChangeAttribution): FunctionChange[] {
  const total = figureOf(a.total.head, a.metric) - figureOf(a.total.base, a.metric)
  const base = figureOf(a.total.base, a.metric)
  const floor = base > 0 ? (Math.abs(total) / base) * NEGLIGIBLE_SHARE : 0
  return a.functions.filter((f) => f.share !== 0 && Math.abs(f.share) >= floor).slice(0, WHERE_FUNCTIONS)
}

/** The simulated events of a function's own code that changed, in the time change's direction first. */
function eventWords(f: FunctionChange): string {
  const parts: string[] = []
  const add = (key: keyof CostFigures, words: string) => {
    const d = delta(f.self, key)
    if (d !== null && Math.round(d) !== 0) parts.push(`${words} ${signedCount(d)}`)
  }
  add('d1misses', 'D1 misses')
  add('llmisses', 'LL misses')
  add('mispredicts', 'mispredicted branches')
  const ir = delta(f.self, 'instructions')
  if (ir !== null && Math.round(ir) !== 0) parts.push(`instructions ${signedCount(ir)}`)
  return parts.length ? ` (${parts.join(', ')} per iteration)` : ''
}

const statusWord = (f: FunctionChange) => (f.status === 'matched' ? '' : ` (${f.status})`)

/**
 * A table row's "where" footnote: whereNote, except for a timing-only row, whose own note already says
 * that neither instructions nor simulated events explain it.
 */
export function rowWhereNote(c: Comparison, code: (name: string) => string): string | null {
  return c.timingOnly ? null : whereNote(c, code)
}

/**
 * The note's text, or null without an attribution.
 * @param code how a function name is written (Markdown: escaped inline code)
 */
export function whereNote(comparison: Comparison, code: (name: string) => string): string | null {
  const a = comparison.attribution
  if (!a) return null
  const base = figureOf(a.total.base, a.metric)
  const head = figureOf(a.total.head, a.metric)
  const change = base > 0 ? head / base - 1 : null
  const words = METRIC_WORDS[a.metric]
  if (a.explains === 'none')
    return (
      `where: not explained by simulated events (instructions ${formatCountChange(comparison.counts?.instructions.change ?? null)}, ` +
      `estimated cycles ${formatCountChange(comparison.counts?.cycles.change ?? null)}; callgrind does not model latency or instruction-level parallelism)`
    )
  const list = named(a)
  if (list.length === 0) return null
  const name = (f: FunctionChange) => code(displayName(shortFunctionName(f.name), NAME_CHARS)) + statusWord(f)
  const events = a.explains === 'simulated-events'
  const items = list.map(
    (f, i) =>
      `${name(f)} ${sharePercent(f.share)}${i === 0 ? ` of ${sharePercent(change)} ${words}` : ''}` +
      (events ? eventWords(f) : '')
  )
  const renamed =
    list.some((f) => f.status === 'added') && list.some((f) => f.status === 'removed')
      ? ' (a renamed function shows as removed + added)'
      : ''
  const why = events ? `; time follows the simulated misses and mispredictions, not the instructions` : ''
  return `where: ${items.join(', ')}${renamed}${why}`
}

/** The rows of `benchgate explain`: one per function, self and inclusive base → head and Δ. */
export function explainRows(attribution: ChangeAttribution): string[][] {
  const m = attribution.metric
  const fig = (x: CostFigures | null) => (x === null ? '–' : formatCount(figureOf(x, m)))
  const d = (f: { base: CostFigures | null; head: CostFigures | null }) =>
    signedCount(figureOf(f.head, m) - figureOf(f.base, m))
  const ev = (f: FunctionChange, k: keyof CostFigures) => {
    const x = delta(f.self, k)
    return x === null ? '–' : signedCount(x)
  }
  return attribution.functions.map((f) => [
    shortFunctionName(f.name) + statusWord(f),
    fig(f.self.base),
    fig(f.self.head),
    d(f.self),
    sharePercent(f.share),
    fig(f.inclusive.base),
    fig(f.inclusive.head),
    d(f.inclusive),
    ev(f, 'd1misses'),
    ev(f, 'llmisses'),
    ev(f, 'mispredicts')
  ])
}

export const EXPLAIN_HEADER = [
  'function',
  'self base',
  'self head',
  'Δ self',
  'share',
  'incl. base',
  'incl. head',
  'Δ incl.',
  'Δ D1 miss',
  'Δ LL miss',
  'Δ mispred.'
]

/**
 * The text `benchgate explain` prints for one benchmark: its change, the per-function table (self
 * and inclusive, base → head, Δ, share, Δ of the simulated events) and the "where" note; or why there
 * is nothing to show. Plain text (the names cleaned of control characters).
 */
export function explainText(comparison: Comparison): string {
  const name = cleanText(comparison.benchmark, 200)
  const a = comparison.attribution
  if (!a) {
    const why = !comparison.counts
      ? 'it was not counted (run with --measure counts or both)'
      : comparison.counts.reason !== null
        ? `its counts decide nothing (${comparison.counts.reason})`
        : 'neither its counts moved by δ_count nor its time changed, or the run kept no per-function costs'
    return `${name}: no attribution: ${why}.\n`
  }
  const base = figureOf(a.total.base, a.metric)
  const head = figureOf(a.total.head, a.metric)
  const lines = [
    `${name}: ${METRIC_WORDS[a.metric]} ${formatCount(base)} → ${formatCount(head)} per iteration ` +
      `(${sharePercent(base > 0 ? head / base - 1 : null)}), ${EXPLAINS_WORDS[a.explains]}`,
    ''
  ]
  const rows = [EXPLAIN_HEADER, ...explainRows(a).map((r) => [cleanText(r[0], 100), ...r.slice(1)])]
  const widths = EXPLAIN_HEADER.map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)))
  for (const r of rows)
    lines.push(
      r
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  ')
        .trimEnd()
    )
  if (a.omitted.functions > 0)
    lines.push(
      `… ${a.omitted.functions} more changed function(s), Δ self ${signedCount(a.omitted.self)} together`
    )
  const where = whereNote(comparison, (n) => cleanText(n, 100))
  if (where) lines.push('', where)
  lines.push(
    '',
    `Per iteration of the counted loop; ${METRIC_WORDS[a.metric]} rank the functions. Matched by demangled name; ` +
      'added/removed = on one side only (a rename is both). Callgrind simulates caches and branches, not latency or instruction-level parallelism.'
  )
  return lines.join('\n') + '\n'
}

const EXPLAINS_WORDS: Record<ChangeAttribution['explains'], string> = {
  counts: 'a count change',
  instructions: 'a time change the instructions follow',
  'simulated-events': 'a time change the simulated misses and mispredictions follow, not the instructions',
  none: 'a time change neither instructions nor simulated events explain'
}
