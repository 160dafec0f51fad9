/**
 * The PR comment / job summary (docs/report.md): headline in words, changed benchmarks first with long
 * advice as footnotes under the table, the quiet rest in one collapsed group with the resolution
 * they had, warnings collapsed, and a size cap that leaves out the collapsed parts first and says so.
 */
import type { Comparison, SuiteResult } from '../analysis/types.js'
import { changeChart } from './chart.js'
import {
  chosenFigure,
  countCell,
  countMetricTitle,
  formatCount,
  formatCountChange,
  layoutNote,
  timingOnlyNote
} from './countWording.js'
import { mdCode, mdProse, mdText } from './escape.js'
import { mergedLine } from './shard.js'
import { fit, fixedPart, listPart, type LeftOut, type Part } from './fit.js'
import { formatChange, formatDuration, formatP, formatPercent, plural } from './format.js'
import { capText, displayName } from './names.js'
import { split } from './order.js'
import { rowWhereNote } from './whereWording.js'
import type { DriftNote, Report } from './model.js'
import { VERDICT_ORDER, VERDICTS, verdictCount, verdictWord } from './verdicts.js'
import { isUndecided, notes, warningGroups, type WarningGroup } from './warnings.js'
import {
  adaptiveNote,
  ciLabel,
  directionNote,
  driftNote,
  headline,
  intervalText,
  quietSummary,
  subline,
  suiteSummaryNote,
  sharedNote,
  superscript,
  verdictFootnote,
  type Measure,
  verdictWords,
  warningLine
} from './wording.js'

export { CHANGED, QUIET, sortChanged, sortQuiet } from './order.js'
export { changeChart, CHART_MAX_ROWS, CHART_WIDTH } from './chart.js'
export { ciLevel } from './wording.js'

/** GitHub's limit on an issue comment body. */
export const COMMENT_MAX_CHARS = 65_536
/** Longest reproduce command shown in the comment (the job summary and results.json have it whole). */
export const REPRODUCE_MAX_CHARS = 4_000
/** Room kept for the notice that says what the size cap left out. */
const NOTICE_RESERVE = 600

/** The hidden marker that identifies benchgate's sticky comment for one key: the report's first line. */
export function commentMarker(key = 'default'): string {
  return `<!-- benchgate:report key=${key.replace(/[^A-Za-z0-9._-]/g, '_')} -->`
}

export interface MarkdownOptions {
  /** Cap on the output size; the collapsed parts are cut first. Infinity for the job summary. */
  maxChars?: number
}

/**
 * Renders the report as GitHub-flavoured Markdown (the PR comment and, uncapped, the job summary).
 * Complexity: linear in the size of the report (every part is rendered once; see fit.ts).
 */
export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  return [...markdownParts(report, options)].join('')
}

/**
 * The Markdown report as lines to be written one after the other (their concatenation is
 * renderMarkdown's text): the uncapped job summary of a large suite need not be one string.
 */
export function* markdownParts(
  report: Report,
  options: MarkdownOptions = {}
): Generator<string, void, undefined> {
  const maxChars = options.maxChars ?? COMMENT_MAX_CHARS
  const { suite, run } = report
  const split_ = split(suite.comparisons, suite.options.minEffect)
  // Timing-only changes (same instructions, docs/statistics.md §10) are their own collapsed group (docs/report.md).
  const changed = split_.changed.filter((c) => c.verdict !== 'timing-only')
  const timingOnly = split_.changed.filter((c) => c.verdict === 'timing-only')
  const quiet = split_.quiet
  const drift = new Map((report.history?.drifted ?? []).map((d) => [d.name, d]))
  const top = fixedPart([
    commentMarker(run.key),
    `### benchgate: ${headline(suite)}`,
    '',
    subline(report),
    '',
    ...topNotes(report)
  ])
  const parts: Part[] = [
    top,
    changedPart(changed, suite, drift),
    timingOnlyPart(timingOnly, suite),
    chartPart(suite),
    quietPart(quiet, suite, drift),
    fixedPart(notes(suite, run).flatMap((n) => [`ℹ️ ${mdProse(n)}`, ''])),
    warningsPart(warningGroups(suite)),
    reproducePart(run.reproduce)
  ]
  // Left out first: the collapsed group, warnings, how to reproduce, the chart; changed rows last,
  // from the end of their order (regressions come first, so they are the last to go).
  const { keep, leftOut } = fit(parts, [4, 6, 7, 3, 2, 1], maxChars, NOTICE_RESERVE)
  for (const [i, part] of parts.entries()) {
    for (const line of part.render(keep[i])) yield `${line}\n`
    if (part === top && leftOut.length > 0) for (const line of notice(leftOut, maxChars)) yield `${line}\n`
  }
}

/** What the size cap left out, said at the top. */
function notice(leftOut: LeftOut[], maxChars: number): string[] {
  const what = leftOut.map((l) =>
    l.count === l.of && l.of === 1 ? l.what : `${l.count} of ${l.of} ${l.what}`
  )
  return [
    '> [!NOTE]',
    `> Shortened to fit GitHub's limit of ${maxChars.toLocaleString('en-US')} characters: left out ${what.join('; ')}. ` +
      'The job summary and the results artifact have everything.',
    ''
  ]
}

function topNotes(report: Report): string[] {
  const out: string[] = []
  const summary = suiteSummaryNote(report.suite)
  if (summary) out.push(mdProse(summary), '')
  if (report.run.merged) out.push(mergedLine(report.run.merged), '')
  const stopped = report.run.stoppedEarly
  if (stopped) out.push('> [!NOTE]', `> Measuring stopped early: ${mdProse(capText(stopped, 300))}.`, '')
  return out
}

/** The main table: changed benchmarks, with long advice under it as numbered footnotes. */
function changedPart(changed: Comparison[], suite: SuiteResult, drift: ReadonlyMap<string, DriftNote>): Part {
  if (changed.length === 0) return fixedPart([])
  const level = ciLabel(changed, suite)
  const notes = new Footnotes()
  const needed = [0]
  const counts = suite.countMode?.measure
  const items = changed.map((comparison) => {
    const change = comparison.ratio
      ? `**${formatChange(comparison.ratio.estimate)}** ${intervalText(comparison)}`
      : '–'
    const name = mdCode(displayName(comparison.benchmark))
    notes.row(name)
    const row = tableRow(
      counts === 'counts'
        ? [
            VERDICTS[comparison.verdict].emoji,
            name,
            countColumns(comparison, true),
            verdictCell(comparison, notes, suite.options.minEffect, counts) +
              whereMark(comparison, notes) +
              driftMark(comparison, notes, drift)
          ]
        : [
            VERDICTS[comparison.verdict].emoji,
            name,
            formatDuration(comparison.baseLocation ?? comparison.baseMedian),
            formatDuration(comparison.headLocation ?? comparison.headMedian),
            change,
            formatP(comparison.pAdjusted),
            ...(counts ? [countCell(comparison)] : []),
            verdictCell(comparison, notes, suite.options.minEffect, counts) +
              whereMark(comparison, notes) +
              driftMark(comparison, notes, drift)
          ]
    )
    needed.push(notes.count)
    return row
  })
  const metric = countMetricTitle(suite.countMode?.options.metric ?? 'instructions')
  return listPart({
    what: 'changed benchmarks',
    open:
      counts === 'counts'
        ? [
            `| | Benchmark | Base | Head | Change | ${COUNT_OTHER[metric]} | Verdict |`,
            '|---|---|---:|---:|---:|---:|---|'
          ]
        : [
            `| | Benchmark | Base | Head | Change [${level}] | p (adj.) | ${counts ? `${metric} | ` : ''}Verdict |`,
            `|---|---|---:|---:|---:|---:|${counts ? '---:|' : ''}---|`
          ],
    items,
    notes: notes.lines,
    notesNeeded: needed,
    close: [''],
    more: (n) => [
      '',
      `_${plural(n, 'more changed benchmark')} not shown here to stay under GitHub's size limit: see the job summary and the results artifact._`
    ]
  })
}

/**
 * A table row from its cells, joined into one string: a row made by one template literal is a tree
 * of its pieces, about three times the size (measured), and 10,000 rows are kept until the cap is known.
 */
function tableRow(cells: string[]): string {
  return `| ${cells.join(' | ')} |`
}

function chartPart(suite: SuiteResult): Part {
  const chart = changeChart(suite)
  if (chart.length === 0) return fixedPart([])
  return listPart({ what: 'the chart', open: [], items: [chart.join('\n')], close: [''], more: () => [] })
}

/** The collapsed group: benchmarks without a significant change of δ or more. */
/**
 * Timing changed, the address-independent counts did not (docs/statistics.md §10, docs/count-mode.md "Moved"): one collapsed group
 * with both count figures, not failing unless `fail-on` has `timing-only`.
 */
function timingOnlyPart(rows: Comparison[], suite: SuiteResult): Part {
  if (rows.length === 0) return fixedPart([])
  const level = ciLabel(rows, suite, true)
  const items = rows.map((c) =>
    tableRow([
      mdCode(displayName(c.benchmark)),
      c.ratio ? `${formatChange(c.ratio.estimate)} ${intervalText(c)}` : '–',
      c.counts ? formatCountChange(c.counts.instructions.change) : '–',
      c.counts ? formatCountChange(c.counts.cycles.change) : '–',
      (c.timingVerdict === 'improvement' ? 'faster' : 'slower') + layoutCell(c)
    ])
  )
  return listPart({
    what: 'timing-only changes',
    open: [
      `<details><summary>${VERDICTS['timing-only'].emoji} ${plural(rows.length, `${verdictWord('timing-only')} change`)}: same instructions, different time ` +
        `(code layout, memory or environment) — not failing unless fail-on has timing-only</summary>`,
      '',
      `| Benchmark | Change [${level}] | Instructions | Est. cycles | Time |`,
      '|---|---:|---:|---:|---|'
    ],
    items,
    close: [
      '',
      'Not explained by instructions or by the simulated cache and branch events; callgrind does not see latency or instruction-level parallelism.' +
        (rows.some((c) => c.counts?.layout) ? LAYOUT_CLOSE : ''),
      '</details>',
      ''
    ],
    more: (n) => ['', `_${n} more not shown here to stay under GitHub's size limit: see the job summary._`]
  })
}

/** A timing-only row's layout fingerprint (docs/count-mode.md, "Moved"), or nothing. */
function layoutCell(c: Comparison): string {
  const note = c.counts ? layoutNote(c.counts) : null
  return note ? ` · ${mdProse(note)}` : ''
}
const LAYOUT_CLOSE =
  ' Except "layout?" rows: there only the simulated instruction cache and branch predictor moved, which are indexed by code address.'

function quietPart(quiet: Comparison[], suite: SuiteResult, drift: ReadonlyMap<string, DriftNote>): Part {
  if (quiet.length === 0) return fixedPart([])
  const level = ciLabel(quiet, suite)
  const notes = new Footnotes()
  const needed = [0]
  const counts = suite.countMode?.measure
  const items = quiet.map((comparison) => {
    const change = comparison.ratio
      ? `${formatChange(comparison.ratio.estimate)} ${intervalText(comparison)}`
      : '–'
    const mde = isUndecided(comparison) ? comparison.power?.minDetectableEffect : undefined
    const name = mdCode(displayName(comparison.benchmark))
    notes.row(name)
    const row = tableRow(
      counts === 'counts'
        ? [
            name,
            countColumns(comparison, false),
            verdictCell(comparison, notes, suite.options.minEffect, counts) +
              driftMark(comparison, notes, drift)
          ]
        : [
            name,
            formatDuration(comparison.baseLocation ?? comparison.baseMedian),
            formatDuration(comparison.headLocation ?? comparison.headMedian),
            change,
            mde ? `≥ ${formatPercent(mde)}` : '–',
            ...(counts ? [countCell(comparison)] : []),
            verdictCell(comparison, notes, suite.options.minEffect, counts) +
              whereMark(comparison, notes) +
              driftMark(comparison, notes, drift)
          ]
    )
    needed.push(notes.count)
    return row
  })
  const metric = countMetricTitle(suite.countMode?.options.metric ?? 'instructions')
  return listPart({
    what: 'benchmarks without a significant change',
    open: [
      `<details><summary>${mdText(counts === 'counts' ? quietCountSummary(quiet) : quietSummary(quiet, suite))}</summary>`,
      '',
      ...(counts === 'counts'
        ? [
            `| Benchmark | Base | Head | Change | ${COUNT_OTHER[metric]} | Verdict |`,
            '|---|---:|---:|---:|---:|---|'
          ]
        : [
            `| Benchmark | Base | Head | Change [${level}] | Could detect | ${counts ? `${metric} | ` : ''}Verdict |`,
            `|---|---:|---:|---:|---:|${counts ? '---:|' : ''}---|`
          ])
    ],
    items,
    notes: notes.lines,
    notesNeeded: needed,
    close: ['</details>', ''],
    more: (n) => [
      '',
      `_${n} more not shown here to stay under GitHub's size limit: see the job summary and the results artifact._`
    ]
  })
}

function warningsPart(groups: WarningGroup[]): Part {
  if (groups.length === 0) return fixedPart([])
  const items = groups.map((g) => `- ${warningLine(g)}`)
  return listPart({
    what: 'warnings',
    open: [`<details><summary>⚠️ ${plural(groups.length, 'warning')}</summary>`, ''],
    items,
    close: ['</details>', ''],
    more: (n) => [`- _${n} more not shown (size limit): see the job summary._`]
  })
}

function reproducePart(reproduce: string | undefined): Part {
  if (!reproduce) return fixedPart([])
  // No fence end, and no HTML comment a marker could hide in (docs/security.md).
  const command = capText(reproduce, REPRODUCE_MAX_CHARS)
    .replace(/```/g, '` ` `')
    .replace(/<!--/g, '<!- -')
    .replace(/-->/g, '- ->')
  return listPart({
    what: 'how to reproduce',
    open: [],
    items: [
      ['<details><summary>How to reproduce</summary>', '', '```', command, '```', '</details>'].join('\n')
    ],
    close: [''],
    more: () => []
  })
}

/**
 * Footnotes numbered by first use, each text once: a note several rows share names them (docs/report.md §3).
 */
class Footnotes {
  private readonly notes = new Map<string, { n: number; names: string[]; seen: Set<string> }>()
  private name = ''
  readonly lines: string[] = []
  get count(): number {
    return this.lines.length
  }
  /** The row whose markers follow: its benchmark (escaped) is named by a footnote it shares. */
  row(name: string): void {
    this.name = name
  }
  /** The marker for `text` (Markdown already escaped), adding it as the next footnote if new. */
  mark(text: string): string {
    let note = this.notes.get(text)
    if (note === undefined) {
      note = { n: this.lines.length + 1, names: [], seen: new Set() }
      this.notes.set(text, note)
      this.lines.push('')
    }
    if (!note.seen.has(this.name)) {
      note.seen.add(this.name)
      note.names.push(this.name)
      this.lines[note.n - 1] = `${superscript(note.n)} ${sharedNote(note.names, text)}`
    }
    return superscript(note.n)
  }
}

/** The verdict cell: short words, and a footnote marker when there is more to say. */
function verdictCell(c: Comparison, notes: Footnotes, minEffect: number, measure: Measure = 'time'): string {
  const more = verdictFootnote(c, minEffect, measure)
  const timingOnly = timingOnlyNote(c)
  const directions = directionNote(c)
  return (
    verdictWords(c) +
    adaptiveNote(c) +
    (timingOnly ? ' · timing only' : '') +
    (more ? ` ${notes.mark(more)}` : '') +
    (timingOnly ? ` ${notes.mark(mdProse(timingOnly))}` : '') +
    (directions ? ` ${notes.mark(mdProse(directions))}` : '')
  )
}

/** The marker of a changed row's "where" footnote (docs/count-mode.md), or nothing without an attribution. */
function whereMark(c: Comparison, notes: Footnotes): string {
  // the words and numbers are ours; the function names, from the binary, are escaped as code
  const where = rowWhereNote(c, (name) => mdCode(name))
  return where ? ` ${notes.mark(where)}` : ''
}

/** The marker of a row's "main drifted" footnote (docs/history.md), or nothing when main did not move. */
function driftMark(c: Comparison, notes: Footnotes, drift: ReadonlyMap<string, DriftNote>): string {
  const d = drift.get(c.benchmark)
  return d ? ` ${notes.mark(driftNote(d))}` : ''
}

/** The other count column of a counts-only table: the one the verdict does not read. */
const COUNT_OTHER: Record<string, string> = { Instructions: 'Cycles (est.)', 'Cycles (est.)': 'Instructions' }

/** Base | Head | Change | other metric's change, of a counts-only row (exact counts per iteration, no interval). */
function countColumns(c: Comparison, bold: boolean): string {
  const k = c.counts
  if (!k) return '– | – | – | –'
  const f = chosenFigure(k)
  const other = k.metric === 'cycles' ? k.instructions : k.cycles
  const change = formatCountChange(f.change)
  return `${formatCount(f.base)} | ${formatCount(f.head)} | ${bold && f.change !== null ? `**${change}**` : change} | ${formatCountChange(other.change)}`
}

/** The counts-only quiet group's header. */
function quietCountSummary(quiet: Comparison[]): string {
  const by = (v: Comparison['verdict']) => quiet.filter((c) => c.verdict === v).length
  const parts = VERDICT_ORDER.filter((v) => by(v) > 0 && v !== 'skipped').map((v) =>
    v === 'unchanged' ? `${verdictCount(v, by(v))} (identical counts)` : verdictCount(v, by(v))
  )
  return `${plural(quiet.length, 'benchmark')} without a count change of δ_count or more: ${parts.join(', ')}`
}
