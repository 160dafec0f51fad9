/**
 * The PR comment / job summary (REPORT.md): headline in words, changed benchmarks first, the quiet
 * rest collapsed with the resolution they had, warnings collapsed, and a size cap that truncates the
 * collapsed parts first and says so.
 */
import type { Comparison, SuiteResult, Verdict, Warning } from '../analysis/types.js'
import { mdCode, mdText } from './escape.js'
import {
  formatChange,
  formatChangeCi,
  formatDuration,
  formatLevel,
  formatP,
  formatPercent,
  plural
} from './format.js'
import type { Report } from './model.js'

/** GitHub's limit on an issue comment body. */
export const COMMENT_MAX_CHARS = 65_536

/** The hidden marker that identifies benchgate's sticky comment for one key. */
export function commentMarker(key = 'default'): string {
  return `<!-- benchgate:report key=${key.replace(/[^A-Za-z0-9._-]/g, '_')} -->`
}

const ICON: Record<Verdict, string> = {
  regression: '❌',
  improvement: '✅',
  negligible: '➖',
  unchanged: '✔️',
  inconclusive: '❔',
  new: '🆕',
  removed: '🗑️',
  failed: '💥'
}

/** Verdicts shown in the main table, in this order. */
export const CHANGED: Verdict[] = ['regression', 'failed', 'improvement', 'new', 'removed']
/** Verdicts collapsed into one group: no significant change of at least δ. */
export const QUIET: Verdict[] = ['inconclusive', 'negligible', 'unchanged']

export interface MarkdownOptions {
  /** Cap on the output size; the collapsed parts are truncated first. Infinity for the job summary. */
  maxChars?: number
}

/** Renders the report as GitHub-flavoured Markdown (the PR comment and, uncapped, the job summary). */
export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const maxChars = options.maxChars ?? COMMENT_MAX_CHARS
  const quietCount = report.suite.comparisons.filter((c) => QUIET.includes(c.verdict)).length
  const warningCount = countWarnings(report.suite)
  // Truncate the collapsed lists first, then the main table, until the text fits.
  let limits = { quiet: quietCount, warnings: warningCount, chart: true, changed: Infinity }
  let text = render(report, limits)
  while (text.length > maxChars) {
    const over = text.length - maxChars
    if (limits.quiet > 0) limits = { ...limits, quiet: shrink(limits.quiet, over, 140) }
    else if (limits.warnings > 0) limits = { ...limits, warnings: shrink(limits.warnings, over, 160) }
    else if (limits.chart) limits = { ...limits, chart: false }
    else if (limits.changed > 0) {
      const changed = Math.min(limits.changed, report.suite.comparisons.length)
      limits = { ...limits, changed: shrink(changed, over, 200) }
    } else break
    text = render(report, limits)
  }
  return text
}

function shrink(current: number, overChars: number, approxRowChars: number): number {
  return Math.max(0, current - Math.max(1, Math.ceil(overChars / approxRowChars)))
}

interface Limits {
  quiet: number
  warnings: number
  /** Whether the change chart is shown (dropped before any changed row is). */
  chart: boolean
  changed: number
}

function render(report: Report, limits: Limits): string {
  const { suite, run } = report
  const out: string[] = []
  out.push(`### benchgate: ${headline(suite)}`, '', subline(report), '')
  if (run.stoppedEarly) out.push(`> [!NOTE]`, `> Measuring stopped early: ${mdText(run.stoppedEarly)}.`, '')
  const chart = limits.chart ? changeChart(suite) : []

  const changed = sortChanged(suite.comparisons.filter((c) => CHANGED.includes(c.verdict)))
  if (changed.length > 0) {
    const level = ciLevel(suite.comparisons, suite.options.alpha)
    out.push(
      `| | Benchmark | Base (median) | Head (median) | Change [${level} CI] | p (adj.) | Verdict |`,
      '|---|---|---:|---:|---:|---:|---|'
    )
    const shown = changed.slice(0, limits.changed)
    for (const c of shown) {
      const change = c.ratio ? `**${formatChange(c.ratio.estimate)}** ${formatChangeCi(c.ratio.ci)}` : '–'
      out.push(
        `| ${ICON[c.verdict]} | ${mdCode(c.benchmark)} | ${formatDuration(c.baseMedian)} | ${formatDuration(c.headMedian)} | ${change} | ${formatP(c.pAdjusted)} | ${verdictText(c)} |`
      )
    }
    if (shown.length < changed.length) {
      out.push(
        '',
        `_${changed.length - shown.length} more changed benchmarks not shown here to stay under GitHub's size limit: see the job summary and the results artifact._`
      )
    }
    out.push('')
  }
  if (chart.length > 0) out.push(...chart, '')

  const quiet = sortQuiet(
    suite.comparisons.filter((c) => QUIET.includes(c.verdict)),
    suite.options.minEffect
  )
  if (quiet.length > 0) out.push(...quietGroup(quiet, suite, limits.quiet), '')

  const warnings = warningLines(suite)
  if (warnings.length > 0) {
    out.push(`<details><summary>⚠️ ${plural(warnings.length, 'warning')}</summary>`, '')
    for (const line of warnings.slice(0, limits.warnings)) out.push(`- ${line}`)
    if (limits.warnings < warnings.length) {
      out.push(`- _${warnings.length - limits.warnings} more not shown (size limit): see the job summary._`)
    }
    out.push('</details>', '')
  }

  if (run.reproduce) {
    out.push(
      '<details><summary>How to reproduce</summary>',
      '',
      '```',
      run.reproduce.replace(/```/g, '` ` `'),
      '```',
      '</details>',
      ''
    )
  }
  out.push(commentMarker(run.key))
  return out.join('\n') + '\n'
}

/** Rows of the change chart at most (the tables and the HTML report carry the rest). */
export const CHART_MAX_ROWS = 15
/** Width of the chart's axis in characters (odd, so 0 has a cell of its own). */
export const CHART_WIDTH = 41
const CHART_NAME_WIDTH = 34

/**
 * A compact picture of what changed, in Unicode that GitHub renders in any font: each benchmark's
 * change with its CI as a bar on one symmetric axis, 0 marked │ and ±δ marked ┆, so it shows at a
 * glance which changes clear the minimum effect and which CIs still admit one. Only drawn when it
 * adds information: some benchmark changed, or a no-change CI reaches ±δ. It is a `<pre>` block
 * (GitHub keeps its spacing and renders no Markdown in it) with names escaped as everywhere else
 * (mdText: entities for HTML and Markdown characters and `@`), padded by their visible length.
 */
export function changeChart(suite: SuiteResult): string[] {
  const delta = suite.options.minEffect
  const changed = sortChanged(suite.comparisons.filter((c) => CHANGED.includes(c.verdict) && c.ratio))
  const quiet = sortQuiet(
    suite.comparisons.filter(
      (c) =>
        QUIET.includes(c.verdict) &&
        c.ratio &&
        (c.ratio.ci[1] >= 1 + delta || c.ratio.ci[0] <= 1 / (1 + delta))
    ),
    delta
  )
  const all = [...changed, ...quiet]
  if (all.length === 0) return []
  const rows = all.slice(0, CHART_MAX_ROWS)
  // Symmetric axis in percent: the widest CI end shown, at least 2δ, rounded up to a "nice" number.
  const widest = Math.max(2 * delta, ...rows.flatMap((c) => c.ratio!.ci.map((r) => Math.abs(r - 1))))
  const scale = niceCeil(widest * 100)
  const half = (CHART_WIDTH - 1) / 2
  const cell = (pct: number) => Math.round(half + (pct / scale) * half)
  const bar = (c: Comparison): string => {
    const line = Array.from({ length: CHART_WIDTH }, () => ' ')
    for (const d of [-delta * 100, delta * 100]) line[cell(d)] = '┆'
    line[half] = '│'
    const [lo, hi] = c.ratio!.ci.map((r) => (r - 1) * 100)
    for (let i = Math.max(0, cell(lo)); i <= Math.min(CHART_WIDTH - 1, cell(hi)); i++) line[i] = '━'
    if (cell(lo) < 0) line[0] = '◂'
    if (cell(hi) > CHART_WIDTH - 1) line[CHART_WIDTH - 1] = '▸'
    const e = cell((c.ratio!.estimate - 1) * 100)
    if (e >= 0 && e < CHART_WIDTH) line[e] = '●'
    return line.join('')
  }
  const name = (s: string) => {
    // eslint-disable-next-line no-control-regex -- control characters would break the fixed-width chart
    const clean = s.replace(/[\u0000-\u001f\u007f]+/g, ' ')
    return mdText(
      clean.length > CHART_NAME_WIDTH
        ? clean.slice(0, CHART_NAME_WIDTH - 1) + '…'
        : clean.padEnd(CHART_NAME_WIDTH)
    )
  }
  const label = (pct: number) => `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct)}%`
  const axis = Array.from({ length: CHART_WIDTH }, () => ' ')
  const put = (at: number, text: string) => {
    const start = Math.max(0, Math.min(CHART_WIDTH - text.length, at - Math.floor(text.length / 2)))
    for (let i = 0; i < text.length; i++) axis[start + i] = text[i]
  }
  put(0, label(-scale))
  put(half, '0')
  put(CHART_WIDTH - 1, label(scale))
  const lines = [
    `${''.padEnd(CHART_NAME_WIDTH)} ${'change'.padStart(7)}  ${axis.join('')}`,
    ...rows.map((c) => `${name(c.benchmark)} ${formatChange(c.ratio!.estimate).padStart(7)}  ${bar(c)}`)
  ]
  if (all.length > rows.length) lines.push(`… ${all.length - rows.length} more in the tables`)
  const level = ciLevel(rows, suite.options.alpha)
  return [
    `<sub>Change with ${level} CI: ━ CI, ● estimate, │ no change, ┆ ±${formatPercent(delta).replace('.0%', '%')} (minimum effect)</sub>`,
    '',
    '<pre>' + lines.join('\n') + '</pre>'
  ]
}

function niceCeil(x: number): number {
  for (const step of [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100])
    if (x <= step) return step
  return Math.ceil(x / 100) * 100
}

/** The headline: counts by verdict in words; never contradicts the table. */
export function headline(suite: SuiteResult): string {
  const c = suite.counts
  const parts: string[] = []
  if (c.regression) parts.push(`❌ ${plural(c.regression, 'regression')}`)
  if (c.failed) parts.push(`💥 ${c.failed} failed`)
  if (c.improvement) parts.push(`✅ ${plural(c.improvement, 'improvement')}`)
  if (c.new) parts.push(`${c.new} new`)
  if (c.removed) parts.push(`${c.removed} removed`)
  if (c.negligible) parts.push(`${c.negligible} negligible`)
  if (c.unchanged) parts.push(`${c.unchanged} unchanged`)
  if (c.inconclusive) parts.push(`${c.inconclusive} inconclusive`)
  if (parts.length === 0) return 'no benchmarks were compared'
  if (!c.regression && !c.failed && !c.improvement) return `no significant change · ${parts.join(', ')}`
  return parts.join(', ')
}

/** The line under the headline: sides, rounds, machine, thresholds (HTML-safe Markdown). */
export function subline(report: Report): string {
  const { suite, run } = report
  const side = (s: { label: string; sha?: string }) =>
    `<code>${mdText(s.label)}${s.sha && !s.label.startsWith(s.sha.slice(0, 7)) ? '@' + s.sha.slice(0, 7) : ''}</code>`
  const parts = [`${side(run.base)}${run.mergeBase ? ' (merge-base)' : ''} → ${side(run.head)}`]
  if (run.rounds !== undefined) {
    const reps = run.repetitions ? ` × ${plural(run.repetitions, 'repetition')}` : ''
    if (run.adaptive) {
      const a = run.adaptive
      parts.push(
        `adaptive: ${run.rounds} of at most ${plural(a.maxRounds, 'round')} (ABBA)${reps}, ${plural(a.looks, 'look')}, ` +
          `${formatPercent(a.saved, 0)} of the benchmark time saved`
      )
    } else parts.push(`${plural(run.rounds, 'round')} (ABBA)${reps}`)
  }
  const p = suite.provenance.head
  const machine = [
    p.cpuModel && `${p.cpuModel}${p.numCpus ? ` (${p.numCpus} CPUs)` : ''}`,
    p.compiler,
    p.buildType,
    p.libraryVersion && `Google Benchmark ${p.libraryVersion}`
  ]
    .filter(Boolean)
    .map((s) => mdText(String(s)))
  if (machine.length) parts.push(machine.join(', '))
  const o = suite.options
  parts.push(
    `α = ${o.alpha}${o.correction === 'none' ? '' : ` (${o.correction === 'holm' ? 'Holm' : 'Bonferroni'})`}, min effect ${formatPercent(o.minEffect, 1).replace('.0%', '%')}`
  )
  return parts.join(' · ')
}

/** The verdict in words (escaped; valid in Markdown and in HTML). */
export function verdictText(c: Comparison): string {
  return verdictWords(c) + adaptiveNote(c)
}

/** Adaptive runs: how many rounds a benchmark got and why it stopped (docs/adaptive.md). */
export function adaptiveNote(c: Comparison): string {
  const a = c.adaptive
  if (!a || a.stopReason === 'not-compared') return ''
  const why: Record<string, string> = {
    resolved: 'resolved',
    'max-rounds': 'max rounds',
    'time-budget': 'time budget ran out',
    'no-samples': 'stopped: no new samples',
    futile: 'stopped: too noisy to decide within max rounds',
    interrupted: 'interrupted',
    failures: 'stopped: binary kept failing'
  }
  return ` · ${plural(a.rounds, 'round')}, ${why[a.stopReason] ?? a.stopReason}`
}

/** The CI level of a table: one level, or "≥ x%" when adaptive looks used several. */
export function ciLevel(cs: Comparison[], alpha: number): string {
  const levels = cs.filter((c) => c.ratio).map((c) => c.confLevel)
  if (levels.length === 0) return formatLevel(1 - alpha)
  const lo = Math.min(...levels)
  return levels.every((l) => l === lo) ? formatLevel(lo) : `≥ ${formatLevel(lo)}`
}

function verdictWords(c: Comparison): string {
  switch (c.verdict) {
    case 'inconclusive': {
      const p = c.power
      if (p?.requiredPerSide) {
        const more = p.moreRounds ? ` (≈ ${plural(p.moreRounds, 'more round')})` : ''
        return `inconclusive: need ≈ ${p.requiredPerSide} samples/side${more}`
      }
      return 'inconclusive'
    }
    case 'failed': {
      const why = c.warnings.find((w) => w.level === 'error') ?? c.warnings[0]
      return why ? `failed: ${mdText(truncate(why.message, 120))}` : 'failed'
    }
    case 'new':
      return 'new (head only)'
    case 'removed':
      return 'removed (base only)'
    default:
      return c.verdict
  }
}

function quietGroup(quiet: Comparison[], suite: SuiteResult, limit: number): string[] {
  const mdes = quiet
    .map((c) => c.power?.minDetectableEffect)
    .filter((x): x is number => typeof x === 'number' && Number.isFinite(x))
  const typical = mdes.length ? ` · median: could detect ≥ ${formatPercent(medianOf(mdes))}` : ''
  const delta = formatPercent(suite.options.minEffect).replace('.0%', '%')
  const counts = QUIET.filter((v) => suite.counts[v] > 0).map((v) =>
    v === 'unchanged' ? `${suite.counts[v]} unchanged (within ±${delta})` : `${suite.counts[v]} ${v}`
  )
  const level = ciLevel(quiet, suite.options.alpha)
  const out = [
    `<details><summary>${plural(quiet.length, 'benchmark')} without a significant change of ${delta} or more: ${counts.join(', ')}${typical}</summary>`,
    '',
    `| Benchmark | Base | Head | Change [${level} CI] | Could detect | Verdict |`,
    '|---|---:|---:|---:|---:|---|'
  ]
  for (const c of quiet.slice(0, limit)) {
    const change = c.ratio ? `${formatChange(c.ratio.estimate)} ${formatChangeCi(c.ratio.ci)}` : '–'
    const mde = c.power?.minDetectableEffect
    out.push(
      `| ${mdCode(c.benchmark)} | ${formatDuration(c.baseMedian)} | ${formatDuration(c.headMedian)} | ${change} | ${mde ? `≥ ${formatPercent(mde)}` : '–'} | ${verdictText(c)} |`
    )
  }
  if (limit < quiet.length) {
    out.push(
      '',
      `_${quiet.length - limit} more not shown here to stay under GitHub's size limit: see the job summary and the results artifact._`
    )
  }
  out.push('</details>')
  return out
}

/** Regressions worst first, then failures, improvements best first, new, removed. */
export function sortChanged(cs: Comparison[]): Comparison[] {
  const rank = (c: Comparison) => CHANGED.indexOf(c.verdict)
  const size = (c: Comparison) => Math.abs(Math.log(c.ratio?.estimate ?? 1))
  return [...cs].sort(
    (a, b) => rank(a) - rank(b) || size(b) - size(a) || a.benchmark.localeCompare(b.benchmark)
  )
}

/** Those whose CI still admits a regression ≥ δ first (largest upper bound first), then by name. */
export function sortQuiet(cs: Comparison[], minEffect: number): Comparison[] {
  const hi = (c: Comparison) => c.ratio?.ci[1] ?? 0
  const admits = (c: Comparison) => (hi(c) >= 1 + minEffect ? 1 : 0)
  return [...cs].sort(
    (a, b) =>
      admits(b) - admits(a) || (admits(a) ? hi(b) - hi(a) : 0) || a.benchmark.localeCompare(b.benchmark)
  )
}

/** Warning codes already shown in the tables. */
const SHOWN_IN_TABLE = new Set(['underpowered', 'test'])

/** Every warning not already shown in the tables, one escaped line each (valid Markdown and HTML). */
export function warningLines(suite: SuiteResult): string[] {
  const lines = suite.warnings.map((w) => mdText(w.message))
  for (const c of suite.comparisons) {
    for (const w of c.warnings) {
      if (SHOWN_IN_TABLE.has(w.code) || (c.verdict === 'failed' && w.level === 'error')) continue
      lines.push(`${mdCode(c.benchmark)}: ${mdText(w.message)}`)
    }
  }
  return lines
}

function countWarnings(suite: SuiteResult): number {
  return warningLines(suite).length
}

function medianOf(values: number[]): number {
  const v = [...values].sort((a, b) => a - b)
  const h = v.length >> 1
  return v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : s.slice(0, n - 1) + '…'
}

export type { Warning }
