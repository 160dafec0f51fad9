/** The terminal report: one aligned table, changed benchmarks first, colour only when asked (a TTY). */
import { layoutRunText } from './layoutWording.js'
import { mergedLine } from './shard.js'
import type { Comparison } from '../analysis/types.js'
import { ANSI_TONE, VERDICTS, verdictCellWord, verdictRank } from './verdicts.js'
import { formatChange, formatDuration, formatP, formatPercent, plural } from './format.js'
import {
  chosenFigure,
  countCell,
  countFootnote,
  countMetricTitle,
  countModeLine,
  formatCount,
  formatCountChange,
  timingOnlyNote
} from './countWording.js'
import {
  adaptiveNote,
  FIELD_MAX_CHARS,
  headline,
  NAMES_PER_WARNING,
  sharedNote,
  superscript
} from './wording.js'
import type { Report } from './model.js'
import { rowWhereNote } from './whereWording.js'
import { noRunnerCommands } from './escape.js'
import { cleanMessage, cleanText, displayName } from './names.js'
import { isUndecided, notes as suiteNotes, warningGroups, type WarningGroup } from './warnings.js'
import {
  ciLabel,
  inconclusiveText,
  intervalText,
  pairsText,
  suiteSummaryNote,
  type Measure
} from './wording.js'

const RESET = '\x1b[0m'

export interface TerminalOptions {
  colour?: boolean
}

/** Renders the whole report as plain text (every benchmark, no truncation). */
export function renderTerminal(report: Report, options: TerminalOptions = {}): string {
  return [...terminalParts(report, options)].join('')
}

/**
 * The terminal report as lines to be written one after the other (their concatenation is
 * renderTerminal's text). The table is made in two passes, the column widths first, then each row
 * as it is written (the scale suite's 10,000 rows, held until the end, raised the peak by 19 MB).
 */
export function* terminalParts(
  report: Report,
  options: TerminalOptions = {}
): Generator<string, void, undefined> {
  // Printed by a workflow step, a line starting with `::` would be a runner command (docs/security.md).
  for (const part of tableParts(report, options)) yield noRunnerCommands(part)
}

function* tableParts(report: Report, options: TerminalOptions): Generator<string, void, undefined> {
  const { suite } = report
  const measure = suite.countMode?.measure ?? 'time'
  const header = tableHeader(report)
  const ordered = [...suite.comparisons].sort(
    (a, b) => verdictRank(a.verdict) - verdictRank(b.verdict) || a.benchmark.localeCompare(b.benchmark)
  )
  // Reasons and advice go to numbered footnotes under the table, so rows fit 120 columns (docs/report.md §3).
  // A note several rows share is one footnote naming them (docs/report.md §3).
  const notes = new Map<string, { n: number; names: Set<string> }>()
  const markFor =
    (c: Comparison): Mark =>
    (text) => {
      if (!text) return ''
      let note = notes.get(text)
      if (!note) notes.set(text, (note = { n: notes.size + 1, names: new Set() }))
      note.names.add(displayName(c.benchmark))
      return ` ${superscript(note.n)}`
    }
  const cellsOf = (c: Comparison): string[] =>
    measure === 'counts' ? countRow(c, markFor(c)) : row(c, measure, suite.options.minEffect, markFor(c))
  const widths = header.map((h) => h.length)
  for (const c of ordered)
    cellsOf(c).forEach((cell, i) => (widths[i] = Math.max(widths[i], codePoints(cell))))
  const last = header.length - 1
  const line = (cells: string[]) =>
    cells
      .map((s, i) => {
        const pad = Math.max(0, widths[i] - codePoints(s))
        return i > 0 && i < last ? ' '.repeat(pad) + s : s + ' '.repeat(pad)
      })
      .join('  ')
      .trimEnd()

  for (const text of introLines(report)) yield `${wrap(text, '  ')}\n`
  yield `\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`
  for (const c of ordered) {
    const text = line(cellsOf(c))
    const colour = options.colour ? ANSI_TONE[VERDICTS[c.verdict].tone] : null
    yield colour ? `${colour}${text}${RESET}\n` : `${text}\n`
  }
  if (notes.size) yield '\n'
  for (const [text, { n, names }] of notes)
    yield `${wrap(`${superscript(n)} ${sharedNote([...names], text)}`, '  ')}\n`
  for (const note of suiteNotes(suite, report.run)) yield `\n${wrap(`Note: ${note}`, '  ')}\n`
  const warnings = warningGroups(suite).filter((g) => g.level !== 'info' || g.names.length === 0)
  if (warnings.length) {
    yield '\nWarnings:\n'
    for (const g of warnings) yield `${wrap(warningText(g), '    ')}\n`
  }
}

/** The table's column titles. */
function tableHeader(report: Report): string[] {
  const { suite } = report
  const level = ciLabel(suite.comparisons, suite, true)
  const measure = suite.countMode?.measure ?? 'time'
  const metric = countMetricTitle(suite.countMode?.options.metric ?? 'instructions')
  const other = metric === 'Instructions' ? 'Cycles (est.)' : 'Instructions'
  return measure === 'counts'
    ? [
        'Benchmark',
        `Base ${metric.toLowerCase()}`,
        `Head ${metric.toLowerCase()}`,
        'Change',
        other,
        'Verdict'
      ]
    : ['Benchmark', 'Base', 'Head', 'Change', level, 'p adj.', 'Detects']
        .concat(measure === 'both' ? [metric] : [])
        .concat(['Verdict'])
}

/** The headline and what was measured, above the table. */
function introLines(report: Report): string[] {
  const { suite, run } = report
  const out: string[] = []
  out.push(`benchgate: ${headline(suite, () => '')}`)
  const bits = [`${label(run.base)} → ${label(run.head)}`]
  if (run.rounds !== undefined && run.adaptive)
    bits.push(
      `adaptive: ${run.rounds} of at most ${run.adaptive.maxRounds} rounds${run.repetitions ? ` × ${run.repetitions} repetitions` : ''}, ${plural(run.adaptive.looks, 'look')}`
    )
  else if (run.rounds !== undefined)
    bits.push(`${run.rounds} rounds${run.repetitions ? ` × ${run.repetitions} repetitions` : ''}`)
  const pairs = pairsText(suite)
  if (pairs) bits.push(pairs)
  const layout = layoutRunText(run)
  if (layout) bits.push(layout)
  if ((suite.countMode?.measure ?? 'time') !== 'counts')
    bits.push(
      `α = ${suite.options.alpha} (${suite.options.correction}), min effect ${formatPercent(suite.options.minEffect)}`,
      `intervals: ${ciLabel(suite.comparisons, suite)}`
    )
  const counts = countModeLine(suite)
  if (counts) bits.push(counts)
  out.push(bits.join(' · '))
  if (run.adaptive) {
    const a = run.adaptive
    out.push(
      `benchmark time ${a.benchmarkSecondsUsed.toFixed(0)} s, ≈ ${a.benchmarkSecondsIfFixed.toFixed(0)} s if every benchmark got ${a.maxRounds} rounds: ${formatPercent(a.saved, 0)} saved`
    )
  }
  const summary = suiteSummaryNote(suite)
  if (summary) out.push(summary.replace(/`/g, ''))
  if (run.merged) out.push(mergedLine(run.merged, false))
  if (run.stoppedEarly) out.push(`measuring stopped early: ${cleanMessage(run.stoppedEarly, 300)}`)
  return out
}

/** One warning group as a line of the list. */
function warningText(g: WarningGroup): string {
  const names = g.names.slice(0, NAMES_PER_WARNING).join(', ')
  const more = g.names.length > NAMES_PER_WARNING ? ` and ${g.names.length - NAMES_PER_WARNING} more` : ''
  if (g.names.length === 0) return `  - ${g.message}`
  if (g.names.length === 1) return `  - ${g.names[0]}: ${g.message}`
  return `  - ${g.message} (${g.names.length} benchmarks: ${names}${more})`
}

/** Characters as a terminal counts them (code points: an astral character is one, not two). */
function codePoints(s: string): number {
  let n = s.length
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--
        i++
      }
    }
  }
  return n
}

type Mark = (text: string | null) => string

/** The terminal's width a line is wrapped to (docs/report.md §3: rows fit 120 columns for names ≤ 40). */
export const TERMINAL_COLUMNS = 120

/** Wraps `text` at spaces to TERMINAL_COLUMNS, continuation lines indented by `indent`. */
function wrap(text: string, indent: string): string {
  const out: string[] = []
  const lead = /^ */.exec(text)![0]
  let line = lead
  for (const word of text.slice(lead.length).split(' ')) {
    if (line && codePoints(line) + 1 + codePoints(word) > TERMINAL_COLUMNS) {
      out.push(line)
      line = indent + word
    } else line = line.trim() ? `${line} ${word}` : line + word
  }
  out.push(line)
  return out.join('\n')
}

function row(comparison: Comparison, measure: Measure, minEffect: number, mark: Mark): string[] {
  const mde = isUndecided(comparison) ? comparison.power?.minDetectableEffect : undefined
  const cells = [
    displayName(comparison.benchmark),
    formatDuration(comparison.baseLocation ?? comparison.baseMedian),
    formatDuration(comparison.headLocation ?? comparison.headMedian),
    comparison.ratio ? formatChange(comparison.ratio.estimate) : '–',
    comparison.ratio ? intervalText(comparison, 1, true) : '',
    formatP(comparison.pAdjusted),
    mde ? `≥ ${formatPercent(mde)}` : '–'
  ]
  const timingOnly = timingOnlyNote(comparison)
  return [
    ...cells,
    ...(measure === 'both' ? [countCell(comparison)] : []),
    verdictCellWord(comparison.verdict) +
      adaptiveNote(comparison) +
      mark(verdictReason(comparison, minEffect, measure)) +
      mark(timingOnly) +
      mark(rowWhereNote(comparison, plainName))
  ]
}

/** A counts-only row: exact counts per iteration and their change, no interval (docs/statistics.md §9). */
function countRow(c: Comparison, mark: Mark): string[] {
  const k = c.counts
  const f = k ? chosenFigure(k) : null
  const other = k ? (k.metric === 'cycles' ? k.instructions : k.cycles) : null
  const why = k?.message ? mark(cleanMessage(k.message, 300)) : ''
  return [
    displayName(c.benchmark),
    formatCount(f?.base ?? null),
    formatCount(f?.head ?? null),
    formatCountChange(f?.change ?? null),
    formatCountChange(other?.change ?? null),
    verdictCellWord(c.verdict) + why + mark(rowWhereNote(c, plainName))
  ]
}

/** A function name in a terminal "where" note: as callgrind wrote it, cleaned of control characters. */
const plainName = (name: string) => cleanText(name, 80)

/** What would decide an inconclusive verdict, why one failed or was skipped; the footnote of its row. */
function verdictReason(c: Comparison, minEffect: number, measure: Measure): string | null {
  const inconclusive = inconclusiveText(c, minEffect, measure)
  if (inconclusive) return inconclusive
  if (c.verdict === 'failed' || c.verdict === 'skipped') {
    const why = c.warnings.find((w) => (c.verdict === 'failed' ? w.level === 'error' : w.code === 'skipped'))
    if (why) return cleanMessage(why.message, 300)
  }
  return countFootnote(c)
}

/** A side as the user named it (untrusted: cut, control characters removed), with its short SHA. */
function label(s: { label: string; sha?: string }): string {
  return `${cleanText(s.label, FIELD_MAX_CHARS)}${s.sha ? ` (${cleanText(s.sha.slice(0, 7), 7)})` : ''}`
}
