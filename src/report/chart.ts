/**
 * The PR comment's change chart: each benchmark's change with its CI as a bar on one symmetric axis,
 * 0 marked │ and ±δ marked ┆, so it shows at a glance which changes clear the minimum effect and
 * which CIs still admit one. In Unicode that GitHub renders in any font, in a `<pre>` block (GitHub
 * keeps its spacing and renders no Markdown in it) with names escaped as everywhere else (mdText:
 * entities for HTML and Markdown characters and `@`), padded by their visible length.
 */
import type { Comparison, SuiteResult } from '../analysis/types.js'
import { mdText } from './escape.js'
import { formatChange, plural } from './format.js'
import { displayName } from './names.js'
import { CHANGED, QUIET, sortChanged, sortQuiet } from './order.js'
import { ciLabel, deltaText } from './wording.js'

/** Rows of the change chart at most (the tables and the HTML report carry the rest). */
export const CHART_MAX_ROWS = 15
/** Width of the chart's axis in characters (odd, so 0 has a cell of its own). */
export const CHART_WIDTH = 41
const CHART_NAME_WIDTH = 34

/**
 * The chart's Markdown lines; none when it adds nothing (no change, and every CI within ±δ).
 * When nothing changed it is collapsed (a `<details>` block): then it only shows CIs that still
 * reach ±δ, which is no alarm.
 */
export function changeChart(suite: SuiteResult): string[] {
  const delta = suite.options.minEffect
  const changed = sortChanged(suite.comparisons.filter((c) => CHANGED.includes(c.verdict) && c.ratio))
  const quiet = sortQuiet(
    suite.comparisons.filter(
      (c) =>
        QUIET.includes(c.verdict) &&
        c.ratio &&
        c.levelReason !== 'too-few-processes' && // no interval worth drawing (§3): the tables say "not testable"
        (c.ratio.ci[1] >= 1 + delta || c.ratio.ci[0] <= 1 / (1 + delta))
    ),
    delta
  )
  const all = [...changed, ...quiet]
  if (all.length === 0) return []
  const rows = all.slice(0, CHART_MAX_ROWS)
  const lines = [axisLine(rows, delta), ...rows.map((c) => rowLine(c, rows, delta))]
  if (all.length > rows.length) lines.push(`… ${all.length - rows.length} more in the tables`)
  const legend = `<sub>Change with ${ciLabel(rows, suite)}: ━ CI, ● estimate, │ no change, ┆ ±${deltaText(delta)} (minimum effect)</sub>`
  const pre = '<pre>' + lines.join('\n') + '</pre>'
  if (changed.length > 0) return [legend, '', pre]
  return [
    `<details><summary>Chart: ${plural(quiet.length, 'interval')} still reaching ±${deltaText(delta)} (nothing changed significantly)</summary>`,
    '',
    legend,
    '',
    pre,
    '</details>'
  ]
}

/** The axis scale in percent: the widest CI end shown, at least 2δ, rounded up to a "nice" number. */
function scaleOf(rows: Comparison[], delta: number): number {
  let widest = 2 * delta
  for (const c of rows) for (const r of c.ratio!.ci) widest = Math.max(widest, Math.abs(r - 1))
  return niceCeil(widest * 100)
}

const HALF = (CHART_WIDTH - 1) / 2

function cellOf(pct: number, scale: number): number {
  return Math.round(HALF + (pct / scale) * HALF)
}

function axisLine(rows: Comparison[], delta: number): string {
  const scale = scaleOf(rows, delta)
  const label = (pct: number) => `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct)}%`
  const axis = Array.from({ length: CHART_WIDTH }, () => ' ')
  const put = (at: number, text: string) => {
    const start = Math.max(0, Math.min(CHART_WIDTH - text.length, at - Math.floor(text.length / 2)))
    for (let i = 0; i < text.length; i++) axis[start + i] = text[i]
  }
  put(0, label(-scale))
  put(HALF, '0')
  put(CHART_WIDTH - 1, label(scale))
  return `${''.padEnd(CHART_NAME_WIDTH)} ${'change'.padStart(7)}  ${axis.join('')}`
}

function rowLine(c: Comparison, rows: Comparison[], delta: number): string {
  const scale = scaleOf(rows, delta)
  const cell = (pct: number) => cellOf(pct, scale)
  const line = Array.from({ length: CHART_WIDTH }, () => ' ')
  for (const d of [-delta * 100, delta * 100]) line[cell(d)] = '┆'
  line[HALF] = '│'
  const [lo, hi] = c.ratio!.ci.map((r) => (r - 1) * 100)
  for (let i = Math.max(0, cell(lo)); i <= Math.min(CHART_WIDTH - 1, cell(hi)); i++) line[i] = '━'
  if (cell(lo) < 0) line[0] = '◂'
  if (cell(hi) > CHART_WIDTH - 1) line[CHART_WIDTH - 1] = '▸'
  const e = cell((c.ratio!.estimate - 1) * 100)
  if (e >= 0 && e < CHART_WIDTH) line[e] = '●'
  return `${chartName(c.benchmark)} ${formatChange(c.ratio!.estimate).padStart(7)}  ${line.join('')}`
}

/** A name padded or cut to the name column (by code points: the column must line up). */
function chartName(name: string): string {
  const chars = [...displayName(name)]
  const fitted =
    chars.length > CHART_NAME_WIDTH
      ? chars.slice(0, CHART_NAME_WIDTH - 1).join('') + '…'
      : chars.join('') + ' '.repeat(CHART_NAME_WIDTH - chars.length)
  return mdText(fitted)
}

function niceCeil(x: number): number {
  for (const step of [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100])
    if (x <= step) return step
  return Math.ceil(x / 100) * 100
}
