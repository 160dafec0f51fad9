/**
 * The self-contained HTML report: one file, no network access needed, readable on a laptop and a
 * phone. It opens on the same summary as the PR comment (headline, changed benchmarks, the quiet
 * rest, warnings, provenance) and has one collapsed section per benchmark with its numbers and, when
 * opened, its plots: densities + box plots, the time series by round, ECDFs, the pairwise-difference
 * distribution with the HL estimate and CI, and per-side correlograms (the JayBeams set).
 *
 * Why hand-written SVG and no charting library: every chart here is a few dozen rectangles, lines
 * and circles; a library inlined into each file (no CDN: the page must work offline) would cost
 * 100–900 KB per report and a dependency to keep updated, for axes we can draw in a few lines.
 *
 * Size: the numbers of each benchmark are rendered as HTML; its plot data (numbers rounded to 4–5
 * significant digits, long series thinned) follows its section as a `<script type="application/json"
 * id="d<i>">`, and the inline client script parses it and draws the SVG only when the section is
 * opened. The page-wide data (captions, overview chart) is one more such script, `#benchgate-data`.
 * 500 benchmarks × 60 samples per side come to about 2.8 MB (htmlRender.test.ts prints it).
 *
 * Escaping: benchmark names, refs, messages and provenance are untrusted. Text goes through
 * escapeHtml (or the Markdown helpers, whose output is entity-escaped HTML too); the JSON blob
 * escapes `<`, `>`, `&` and U+2028/9 as \uXXXX so no `</script>` can end it; the client inserts
 * text with textContent only.
 */
import type { CountFigure } from '../../analysis/counts.js'
import type { CallTree, Comparison, SideAnalysis, SuiteResult, Verdict } from '../../analysis/types.js'
import type { Provenance } from '../../samples/model.js'
import { SampleStore, type SampleList } from '../../samples/store.js'
import { VERSION } from '../../version.js'
import {
  chosenFigure,
  countCell,
  countMetricTitle,
  formatCount,
  formatCountChange,
  timingOnlyNote
} from '../countWording.js'
import { escapeHtml, jsonForScript, mdCode, mdProse } from '../escape.js'
import { formatChange, formatDuration, formatLevel, formatP, formatPercent, plural, sig } from '../format.js'
import { headline, subline, verdictFootnote, verdictText, warningLines, type Measure } from '../wording.js'
import type { Report } from '../model.js'
import { displayName } from '../names.js'
import { EXPLAIN_HEADER, explainRows, whereNote } from '../whereWording.js'
import { CHANGED, QUIET, sortChanged, sortQuiet } from '../order.js'
import { ciLabel, intervalText, quietSummary, suiteSummaryNote } from '../wording.js'
import { MAX_CALL_TREE_NODES } from '../../analysis/callTree.js'
import CLIENT_SCRIPT from './client.inline.js'
import {
  MAX_SERIES_POINTS,
  benchmarkPlotData,
  thin,
  type BenchmarkPlotData,
  type Densities,
  type SidePlot
} from './plotData.js'
import { STYLE } from './style.js'
import { VERDICTS, verdictWord } from '../verdicts.js'
import { benchmarkWarnings, isUndecided, pairedColumnsNote } from '../warnings.js'
import type { BenchWire, PageWire } from './wire.js'

/** Benchmarks shown at most in the overview chart (those whose change or CI matters most). */
export const FOREST_MAX_ROWS = 40

export interface HtmlOptions {
  /**
   * Why there are no plots when `samples` is empty (shown on the page), e.g. "no samples/ folder
   * next to results.json". Default: a generic note.
   */
  noSamplesReason?: string
  /** Timestamp shown in the footer (default: now). */
  now?: Date
}

/**
 * Renders the report as one self-contained HTML page.
 * @param report the finished analysis and run information
 * @param samples the raw samples of both sides (any order); empty: numbers only, and the page says so
 * @returns the HTML text (UTF-8)
 * Complexity: O(total samples · log) plus O(benchmarks · KDE_POINTS · samples) for the densities.
 */
export function renderHtml(report: Report, samples: SampleList, options: HtmlOptions = {}): string {
  return [...renderHtmlParts(report, samples, options)].join('')
}

/**
 * The HTML report as pieces to be written one after the other (their concatenation is
 * renderHtml's text): a suite of 10,000 benchmarks makes tens of megabytes of HTML, which need
 * not be one string. Made as they are asked for: each benchmark's plot data lives only while its
 * section and its data script are made.
 */
export function* renderHtmlParts(
  report: Report,
  samples: SampleList,
  options: HtmlOptions = {}
): Generator<string, void, undefined> {
  const { suite } = report
  const ordered = orderComparisons(suite)
  const store = SampleStore.of(samples)
  const suiteNote = suiteSummaryNote(suite)
  const title = `benchgate: ${headline(suite, () => '')}`
  const noPlots = samples.length === 0
  const top = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="benchgate ${escapeHtml(VERSION)}">`,
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body>',
    '<header>',
    `<h1>benchgate: ${headline(suite, mark, escapeHtml)}</h1>`,
    `<p class="sub">${subline(report)}</p>`,
    ...(suiteNote ? [`<p class="sub">${mdProse(suiteNote)}</p>`] : []),
    '</header><main>'
  ]
  for (const text of top) yield line(text)
  yield* summarySection(report, ordered)
  const noSamples = noPlots ? (options.noSamplesReason ?? 'no raw samples were given') : null
  for (const text of benchmarksHeader(ordered, noSamples)) yield line(text)
  for (const [i, c] of ordered.entries()) {
    const own = store.get(c.benchmark)
    const p = own ? benchmarkPlotData(c, own, c.metric ?? suite.options.metric) : null
    yield `${benchmarkSection(c, i, p, suite.options.minEffect, suite.countMode?.measure ?? 'time')}\n`
    // Its plot data right after it: written as made, so nothing of it is kept until the page's end.
    yield `<script type="application/json" id="d${i}">${jsonForScript(embed(c, p))}</script>\n`
  }
  const bottom = [
    '</section>',
    provenanceSection(report),
    '</main>',
    `<footer>Generated by benchgate ${escapeHtml(VERSION)} on ${escapeHtml((options.now ?? new Date()).toISOString())}. ` +
      'Plots are drawn when a benchmark is opened; all data is in this file.</footer>',
    '<pre id="selftest" hidden></pre>'
  ]
  for (const text of bottom) yield line(text)
  const data: PageWire = {
    captions: { ...Object.fromEntries(PLOTS), icicle: ICICLE_CAPTION },
    minEffect: suite.options.minEffect,
    confLevel: ordered.find((c) => c.ratio)?.confLevel ?? 1 - suite.options.alpha,
    forest: forestRows(ordered, suite.options.minEffect)
  }
  yield `<script type="application/json" id="benchgate-data">${jsonForScript(data)}</script>\n`
  yield `<script>${CLIENT_SCRIPT}</script>\n</body></html>\n`
}

/** Changed benchmarks first (as the PR comment), then the quiet ones, then anything else. */
function orderComparisons(suite: SuiteResult): Comparison[] {
  const changed = sortChanged(suite.comparisons.filter((c) => CHANGED.includes(c.verdict)))
  const quiet = sortQuiet(
    suite.comparisons.filter((c) => QUIET.includes(c.verdict)),
    suite.options.minEffect
  )
  const rest = suite.comparisons.filter((c) => !CHANGED.includes(c.verdict) && !QUIET.includes(c.verdict))
  return [...changed, ...quiet, ...rest]
}

/** The overview chart's rows: changes, and no-change results whose CI still admits ≥ δ. */
function forestRows(ordered: Comparison[], minEffect: number): Array<[number, number, number, number]> {
  const rows: Array<[number, number, number, number]> = []
  ordered.forEach((c, i) => {
    if (!c.ratio) return
    const [lo, hi] = c.ratio.ci
    const matters =
      c.verdict === 'regression' ||
      c.verdict === 'improvement' ||
      hi >= 1 + minEffect ||
      lo <= 1 / (1 + minEffect)
    if (matters && rows.length < FOREST_MAX_ROWS)
      rows.push([i, sig(c.ratio.estimate, 5), sig(lo, 5), sig(hi, 5)])
  })
  return rows
}

const sigs = (xs: readonly number[], digits = 4) => xs.map((x) => sig(x, digits))

/** The compact per-benchmark JSON the client draws from (keys documented in client.ts). */
function embed(comparison: Comparison, plotData: BenchmarkPlotData | null): BenchWire {
  // Every value embedded (not thinned): the client derives the ECDF from `v`, and the time
  // positions from the rounds (`r`, run lengths) or the index, the way plotData.ts does.
  const full = (s: SidePlot) => s.values.length === s.total
  const side = (s: SidePlot | null) =>
    s && {
      v: sigs(s.values, 5),
      x: full(s) ? null : s.x.map((x) => Math.round(x * 100) / 100),
      r: full(s) && s.axis === 'rounds' ? runLengths(s.rounds) : null,
      N: s.total,
      ax: s.axis === 'rounds' ? ('r' as const) : ('i' as const),
      b: sigs(
        [s.box.min, s.box.q1, s.box.median, s.box.q3, s.box.max, s.box.whiskerLow, s.box.whiskerHigh],
        5
      ),
      o: sigs(s.box.outliers, 5),
      e: full(s) ? null : ecdfKeep(s).map((i) => sig(s.ecdf.x[i], 5)),
      // Cumulative counts only when there are ties or thinned steps (else count[i] = i + 1).
      c:
        full(s) || (s.ecdf.count.length <= MAX_SERIES_POINTS && s.ecdf.count.every((c, i) => c === i + 1))
          ? null
          : ecdfKeep(s).map((i) => s.ecdf.count[i]),
      a: s.acf && { r: sigs(s.acf.r, 3), band: sig(s.acf.band, 3), n: s.acf.n }
    }
  return {
    n: displayName(comparison.benchmark),
    v: comparison.verdict,
    lv: comparison.level,
    s: plotData ? [side(plotData.base), side(plotData.head)] : null,
    ...(comparison.attribution?.tree && {
      t: treeWire(comparison.attribution.metric, comparison.attribution.tree)
    }),
    h: plotData?.histogram && {
      lo: sig(plotData.histogram.lo, 6),
      w: sig(plotData.histogram.width, 6),
      c: plotData.histogram.counts as [number[], number[]]
    },
    k: plotData?.densities && densityJson(plotData.densities),
    d: plotData?.differences && {
      lo: sig(plotData.differences.histogram.lo, 5),
      w: sig(plotData.differences.histogram.width, 5),
      c: plotData.differences.histogram.counts[0],
      u: plotData.differences.used,
      t: plotData.differences.total,
      e: plotData.differences.estimate === null ? null : sig(plotData.differences.estimate, 5),
      ci: plotData.differences.ci && (sigs(plotData.differences.ci, 5) as [number, number])
    }
  }
}

/** The icicle's rows (wire.ts), figures to 5 significant digits. */
function treeWire(metric: string, t: CallTree): NonNullable<BenchWire['t']> {
  return {
    r: t.nodes.map((n) => [displayName(n.name, 300), n.parent ?? -1, sig(n.base, 5), sig(n.head, 5)]),
    m: metric,
    d: t.dropped,
    s: t.minShare
  }
}

/** [round, how many values in a row, round, how many, ...] of rounds in time order. */
function runLengths(rounds: readonly number[]): number[] {
  const out: number[] = []
  for (const r of rounds) {
    if (out.length > 0 && out[out.length - 2] === r) out[out.length - 1]++
    else out.push(r, 1)
  }
  return out
}

/** The ECDF steps embedded: all of them, or MAX_SERIES_POINTS evenly spread (first and last kept). */
function ecdfKeep(s: SidePlot): number[] {
  return thin(s.ecdf.x.length, MAX_SERIES_POINTS)
}

/** Density curves as integers 0..1000 of their common maximum `m` (3 digits are plenty for a curve). */
function densityJson(d: Densities): NonNullable<BenchWire['k']> {
  const m = Math.max(...d.y.flat(), Number.MIN_VALUE)
  return {
    x0: sig(d.x0, 6),
    dx: sig(d.dx, 6),
    m: sig(m, 4),
    y: d.y.map((y) => y.map((v) => Math.round((v / m) * 1000))) as [number[], number[]]
  }
}

// ---------------------------------------------------------------------------------------------
// Summary (the PR comment's content, as HTML)

/** A line of the page: its text and a line end. */
const line = (text: string): string => `${text}\n`

/**
 * The summary: every benchmark's row, made as it is written (the scale suite's 10,000 rows, held
 * as one string, raised the HTML step's peak by 26-33 MB; 3-5 MB since).
 */
function* summarySection(report: Report, ordered: Comparison[]): Generator<string, void, undefined> {
  const { suite, run } = report
  yield line('<section id="summary">')
  if (run.stoppedEarly)
    yield line(`<p class="note">Measuring stopped early: ${escapeHtml(run.stoppedEarly)}.</p>`)
  const columns = pairedColumnsNote(suite)
  if (columns) yield line(`<p class="note">${escapeHtml(columns)}</p>`)
  const level = ciLabel(ordered, suite)
  const changed = ordered.filter((c) => CHANGED.includes(c.verdict))
  const quiet = ordered.filter((c) => QUIET.includes(c.verdict))
  const index = new Map(ordered.map((c, i) => [c, i]))

  yield line(
    '<figure id="forest" class="chart wide" hidden><figcaption>Change of head against base with its ' +
      `${level}; dashed lines at ±${escapeHtml(formatPercent(suite.options.minEffect))} (the minimum effect)</figcaption></figure>`
  )
  const minEffect = suite.options.minEffect
  const measure = suite.countMode?.measure ?? 'time'
  const metric = countMetricTitle(suite.countMode?.options.metric ?? 'instructions')
  const countTh = measure === 'both' ? `<th class="num">${metric}</th>` : ''
  const countTd = (c: Comparison) =>
    measure === 'both' ? `<td class="num">${escapeHtml(countCell(c))}</td>` : ''
  if (changed.length > 0) {
    yield line(
      '<div class="scroll"><table class="summary"><thead><tr><th></th><th>Benchmark</th>' +
        (measure === 'counts'
          ? `<th class="num">Base (${metric.toLowerCase()})</th><th class="num">Head</th><th class="num">Change (exact)</th><th class="num">p</th>`
          : `<th class="num">Base (median)</th><th class="num">Head (median)</th><th class="num">Change [${level}]</th><th class="num">p (adj.)</th>`) +
        `${countTh}<th>Verdict</th></tr></thead><tbody>`
    )
    for (const c of changed) {
      const [base, head, change] = summaryCells(c, measure, true)
      yield line(
        `<tr class="v-${c.verdict}" data-verdict="${c.verdict}"><td>${mark(c.verdict)}</td><td class="name">${benchLink(c, index.get(c) as number)}</td>` +
          `<td class="num">${base}</td><td class="num">${head}</td>` +
          `<td class="num">${change}</td><td class="num">${formatP(c.pAdjusted)}</td>${countTd(c)}<td>${verdictHtml(c, minEffect, measure)}</td></tr>`
      )
    }
    yield line('</tbody></table></div>')
  }
  if (quiet.length > 0) {
    yield line(
      `<details class="group"><summary>${escapeHtml(quietSummary(quiet, suite))}</summary>\n` +
        '<div class="scroll"><table class="summary"><thead><tr><th>Benchmark</th><th class="num">Base</th><th class="num">Head</th>' +
        `<th class="num">Change${measure === 'counts' ? ' (exact)' : ` [${level}]`}</th><th class="num">Could detect</th>${countTh}<th>Verdict</th></tr></thead><tbody>`
    )
    for (const c of quiet) {
      const [base, head, change] = summaryCells(c, measure, false)
      const mde = isUndecided(c) ? c.power?.minDetectableEffect : undefined
      yield line(
        `<tr class="v-${c.verdict}" data-verdict="${c.verdict}"><td class="name">${benchLink(c, index.get(c) as number)}</td><td class="num">${base}</td>` +
          `<td class="num">${head}</td><td class="num">${change}</td>` +
          `<td class="num">${mde ? `≥ ${formatPercent(mde)}` : '–'}</td>${countTd(c)}<td>${verdictHtml(c, minEffect, measure)}</td></tr>`
      )
    }
    yield line('</tbody></table></div></details>')
  }
  const warnings = warningLines(suite)
  if (warnings.length > 0) {
    yield line(`<details class="group"><summary>⚠️ ${plural(warnings.length, 'warning')}</summary><ul>`)
    for (const w of warnings) yield line(`<li>${w}</li>`)
    yield line('</ul></details>')
  }
  if (run.reproduce) {
    yield line(
      `<details class="group"><summary>How to reproduce</summary><pre>${escapeHtml(run.reproduce)}</pre></details>`
    )
  }
  yield line('</section>')
}

/**
 * A verdict's mark: the verdict table's glyph, found in every font (the PR comment's emoji need an
 * emoji font, which many machines, and headless browsers, lack). The verdict itself is in
 * `data-verdict` and the class, for the page's script and style (docs/html-report.md, "Design").
 */
function mark(v: Verdict): string {
  const { word, mark } = VERDICTS[v]
  return `<span class="mark m-${v}" data-verdict="${v}" title="${escapeHtml(word)}">${escapeHtml(mark)}</span>`
}

/** The verdict in words, with what the PR comment puts in a footnote on a line of its own. */
function verdictHtml(c: Comparison, minEffect: number, measure: Measure): string {
  const more = verdictFootnote(c, minEffect, measure)
  const timingOnly = timingOnlyNote(c)
  return (
    verdictText(c) +
    (more ? `<br><small>${more}</small>` : '') +
    (timingOnly ? `<br><small>${escapeHtml(timingOnly)}</small>` : '')
  )
}

/** Base, Head and Change cells of a summary row: timing locations and ratio, or exact counts (count mode). */
function summaryCells(
  comparison: Comparison,
  measure: 'time' | 'counts' | 'both',
  bold: boolean
): [string, string, string] {
  if (measure === 'counts') {
    const f = comparison.counts ? chosenFigure(comparison.counts) : null
    const change = escapeHtml(formatCountChange(f?.change ?? null))
    return [
      formatCount(f?.base ?? null),
      formatCount(f?.head ?? null),
      bold ? `<strong>${change}</strong>` : change
    ]
  }
  const change = comparison.ratio
    ? `${bold ? `<strong>${formatChange(comparison.ratio.estimate)}</strong>` : formatChange(comparison.ratio.estimate)} ${intervalText(comparison)}`
    : '–'
  return [
    formatDuration(comparison.baseLocation ?? comparison.baseMedian),
    formatDuration(comparison.headLocation ?? comparison.headMedian),
    change
  ]
}

/** Count mode: both metrics per iteration on both sides, their exact change and the base's noise floor. */
function countsTable(c: Comparison): string {
  const k = c.counts
  if (!k) return ''
  const row = (name: string, f: CountFigure) =>
    `<tr><th>${escapeHtml(name)}</th><td class="num">${formatCount(f.base)}</td><td class="num">${formatCount(f.head)}</td>` +
    `<td class="num">${escapeHtml(formatCountChange(f.change))}</td><td class="num">${escapeHtml(formatCountChange(f.noise))}</td></tr>`
  return (
    '<table class="sides"><caption>Counts per iteration (callgrind)</caption><thead><tr><th></th><th class="num">Base</th>' +
    '<th class="num">Head</th><th class="num">Change</th><th class="num">Base noise</th></tr></thead><tbody>' +
    row('Instructions', k.instructions) +
    row('Cycles (est.)', k.cycles) +
    `<tr><th>Verdict (${escapeHtml(k.metric)})</th><td colspan="4">${escapeHtml(verdictWord(k.verdict))}${k.message ? `: ${escapeHtml(k.message)}` : ''}</td></tr>` +
    '</tbody></table>'
  )
}

/**
 * Count mode's attribution (docs/count-mode.md): the loop's functions that changed, base → head, self and
 * inclusive, with the change of the simulated events; the "where" line above it. Empty without one.
 */
function whereTable(comparison: Comparison): string {
  const a = comparison.attribution
  if (!a) return ''
  const where = whereNote(comparison, (name) => `<code>${escapeHtml(name)}</code>`)
  const head = EXPLAIN_HEADER.map((h, i) => `<th${i ? ' class="num"' : ''}>${escapeHtml(h)}</th>`).join('')
  const rows = explainRows(a).map(
    (r) =>
      `<tr><td><code>${escapeHtml(displayName(r[0], 120))}</code></td>${r
        .slice(1)
        .map((x) => `<td class="num">${escapeHtml(x)}</td>`)
        .join('')}</tr>`
  )
  const more = a.omitted.functions
    ? `<p class="note">${a.omitted.functions} more changed function(s) not listed.</p>`
    : ''
  const t = a.tree
  // drawn by the page's script when the section opens (client.ts plotIcicle), caption with it
  const icicle = t
    ? `<figure class="chart wide" data-plot="icicle"></figure>` +
      (t.dropped
        ? `<p class="note">${plural(t.dropped, 'call')} under ${formatPercent(t.minShare, 1)} of the loop ` +
          `(or beyond ${MAX_CALL_TREE_NODES} bars) not drawn.</p>`
        : '')
    : ''
  return (
    `<h4>Where the change comes from</h4>${where ? `<p>${where}</p>` : ''}` +
    // in a scroller: ten columns of figures do not fit a phone (nor a long C++ name a laptop)
    `<div class="scroll"><table class="where"><caption>Per iteration of the counted loop (callgrind), ${escapeHtml(a.metric)}; matched by demangled name</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>${more}${icicle}`
  )
}

function benchLink(c: Comparison, i: number): string {
  return `<a href="#b${i}">${mdCode(displayName(c.benchmark))}</a>`
}

// ---------------------------------------------------------------------------------------------
// One section per benchmark

/** The plots of one benchmark, in page order: figure id suffix and caption. */
export const PLOTS: ReadonlyArray<[string, string]> = [
  ['dist', 'Densities (lines) and histograms of base and head, with box plots on the same axis'],
  ['time', 'Samples in time order: each round’s two halves are its two processes (ABBA order)'],
  ['ecdf', 'Empirical CDFs'],
  [
    'diff',
    'Differences head − base (every pair of values; each round’s pair under --interleave benchmark), with the Hodges-Lehmann shift and its CI'
  ],
  ['acf0', 'Correlogram of base, with the ±1.96/√n band'],
  ['acf1', 'Correlogram of head, with the ±1.96/√n band']
]

/** The icicle's caption (count mode's attribution). */
const ICICLE_CAPTION =
  'Where the loop’s cost goes: each bar is a call, under its caller, as wide as its inclusive cost ' +
  '(the larger of base and head), coloured by its change. From callgrind’s call edges: below the first ' +
  'level a callee is split among its callers in proportion to their calls’ cost. Hover for the numbers.'

/** The benchmarks section's opening lines (each benchmark's section and the closing tag follow). */
function benchmarksHeader(ordered: Comparison[], noSamples: string | null): string[] {
  const out = ['<section id="benchmarks">', `<h2>${plural(ordered.length, 'benchmark')}</h2>`]
  if (noSamples) {
    out.push(
      `<p class="note">No plots: ${escapeHtml(noSamples)}. The numbers below are complete; ` +
        'the plots need the raw samples (run <code>benchgate report</code> on a results.json with its <code>samples/</code> folder next to it).</p>'
    )
  }
  out.push(
    '<p class="tools"><input id="filter" type="search" placeholder="Filter benchmarks by name" aria-label="Filter benchmarks by name">' +
      ' <button id="open-all" type="button">Open all</button> <button id="close-all" type="button">Close all</button></p>'
  )
  return out
}

function benchmarkSection(
  comparison: Comparison,
  index: number,
  plotData: BenchmarkPlotData | null,
  minEffect: number,
  measure: Measure
): string {
  const change = comparison.ratio
    ? `${formatChange(comparison.ratio.estimate)} ${intervalText(comparison)}`
    : ''
  const out = [
    `<details class="bench v-${comparison.verdict}" id="b${index}" data-i="${index}" data-verdict="${comparison.verdict}">`,
    `<summary>${mark(comparison.verdict)} <span class="name">${escapeHtml(displayName(comparison.benchmark))}</span>` +
      ` <span class="change">${change}</span> <span class="verdict">${escapeHtml(verdictWord(comparison.verdict))}</span></summary>`,
    '<div class="body">'
  ]
  if (plotData) {
    out.push('<div class="plots">')
    for (const [id] of PLOTS) {
      const side = id === 'acf0' ? plotData.base : id === 'acf1' ? plotData.head : null
      if (id.startsWith('acf') && !side?.acf) continue
      if (id === 'diff' && !plotData.differences) continue
      // The caption is added by the script with the plot (it is the same for every benchmark).
      out.push(`<figure class="chart" data-plot="${id}"></figure>`)
    }
    out.push('</div>')
    if (comparison.pairs)
      out.push(
        `<p class="note">Analysed as pairs (per-benchmark interleaving): the differences are each round’s head − base, ${comparison.pairs.used} pairs; the signed-rank test and the shift use those.</p>`
      )
    else if (plotData.level === 'runs') {
      out.push(
        '<p class="note">Analysed one value (the median) per process run: the pairwise differences and correlograms use those; the other plots show every repetition.</p>'
      )
    }
  } else {
    out.push('<p class="note">No raw samples for this benchmark: numbers only.</p>')
  }
  out.push(
    '<div class="numbers">',
    comparison.ratio || !comparison.counts ? testTable(comparison, minEffect, measure) : '',
    sideTable(comparison),
    countsTable(comparison),
    '</div>',
    ...(comparison.attribution ? [whereTable(comparison)] : [])
  )
  const warnings = benchmarkWarnings(comparison).map(
    (w) => `<li class="w-${w.level}">${escapeHtml(w.message)}</li>`
  )
  if (warnings.length) out.push(`<h4>Warnings</h4><ul>${warnings.join('')}</ul>`)
  const issues = comparison.issues.map(
    (s) =>
      `<li>${escapeHtml(`${s.side}${s.round >= 0 ? ` round ${s.round + 1}` : ''}: ${s.kind}: ${s.message}`)}</li>`
  )
  if (issues.length) out.push(`<h4>Sample problems</h4><ul>${issues.join('')}</ul>`)
  out.push('</div></details>')
  return out.join('\n')
}

function testTable(comparison: Comparison, minEffect: number, measure: Measure): string {
  const level = formatLevel(comparison.confLevel)
  const shift = comparison.shift
    ? `${formatSigned(comparison.shift.estimate)} [${formatSigned(comparison.shift.ci[0])}, ${formatSigned(comparison.shift.ci[1])}]`
    : '–'
  const ratio = comparison.ratio
    ? `${fixed(comparison.ratio.estimate, 4)} [${fixed(comparison.ratio.ci[0], 4)}, ${fixed(comparison.ratio.ci[1], 4)}]`
    : '–'
  const p = comparison.power
  const rows: Array<[string, string]> = [
    ['Verdict', `${mark(comparison.verdict)} ${verdictHtml(comparison, minEffect, measure)}`],
    [
      'Change',
      comparison.ratio ? `${formatChange(comparison.ratio.estimate, 2)} ${intervalText(comparison, 2)}` : '–'
    ],
    [`Ratio head/base [${level} CI]`, ratio],
    [`Shift head − base [${level} CI]`, shift],
    [
      comparison.test === 'signed-rank' ? 'Signed-rank p (paired)' : 'Mann-Whitney p',
      `${formatP(comparison.pValue)}${comparison.testMethod ? ` (${comparison.testMethod})` : ''}`
    ],
    ['p adjusted', formatP(comparison.pAdjusted)],
    [
      comparison.test === 'signed-rank' ? 'V (positive log-ratios)' : 'U (head)',
      comparison.statistic === null ? '–' : String(comparison.statistic)
    ],
    [
      'Analysed',
      comparison.pairs
        ? `ln(head/base) of each round's pair: ${comparison.pairs.used} pairs` +
          (comparison.pairs.incomplete
            ? `, ${comparison.pairs.incomplete} round(s) with one side only left out`
            : '')
        : comparison.level === 'runs'
          ? 'one value per run (median)'
          : 'every repetition'
    ],
    ['sd of ln(time) (conservative)', p ? fixed(p.sdLog, 4) : '–'],
    ['Effective n per side', p ? fixed(p.nEff, 1) : '–'],
    [
      'Could detect',
      p?.minDetectableEffect && isUndecided(comparison) ? `≥ ${formatPercent(p.minDetectableEffect)}` : '–'
    ],
    ['Samples/side for the minimum effect', p?.requiredPerSide ? String(p.requiredPerSide) : '–'],
    ['More rounds needed', p?.moreRounds === null || p?.moreRounds === undefined ? '–' : String(p.moreRounds)]
  ]
  return (
    '<table class="kv"><caption>Test and effect size</caption><tbody>' +
    rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join('') +
    '</tbody></table>'
  )
}

function sideTable(comparison: Comparison): string {
  const sides: Array<SideAnalysis | null> = [comparison.base, comparison.head]
  if (!sides[0] && !sides[1]) return ''
  const row = (label: string, f: (s: SideAnalysis) => string) =>
    `<tr><th>${escapeHtml(label)}</th>${sides.map((s) => `<td>${s ? f(s) : '–'}</td>`).join('')}</tr>`
  const d = formatDuration
  return (
    '<table class="sides"><caption>Per side</caption><thead><tr><th></th><th class="num">Base</th><th class="num">Head</th></tr></thead><tbody>' +
    [
      row('Samples', (s) => String(s.samples)),
      row('Runs (processes)', (s) => String(s.runs)),
      row('Values analysed', (s) => String(s.analysed)),
      row('Min', (s) => d(s.summary.min)),
      row('Q1', (s) => d(s.summary.q1)),
      row('Median', (s) => d(s.summary.median)),
      row('Mean', (s) => d(s.summary.mean)),
      row('Q3', (s) => d(s.summary.q3)),
      row('Max', (s) => d(s.summary.max)),
      row('sd', (s) => d(s.summary.sd)),
      row('CV', (s) => formatPercent(s.summary.cv, 2)),
      row('MAD', (s) => d(s.summary.mad)),
      row('ICC (repetitions in a run)', (s) => (s.icc === null ? '–' : fixed(s.icc, 3))),
      row('Design effect', (s) => fixed(s.designEffect, 2)),
      row('Effective n', (s) => fixed(s.nEff, 1)),
      row('Ljung-Box p (lags)', (s) =>
        s.ljungBox ? `${formatP(s.ljungBox.pValue)} (${s.ljungBox.lags})` : '–'
      ),
      row('Durbin-Watson', (s) => (s.durbinWatson === null ? '–' : fixed(s.durbinWatson, 2))),
      row('Outliers mild / severe', (s) => `${s.outliers.mild} / ${s.outliers.severe}`),
      row('Drift over the run', (s) => (s.drift === null ? '–' : formatChange(1 + s.drift, 2)))
    ].join('') +
    '</tbody></table>'
  )
}

function fixed(x: number | null, digits: number): string {
  return x === null || !Number.isFinite(x) ? '–' : x.toFixed(digits)
}

function formatSigned(ns: number): string {
  const s = formatDuration(Math.abs(ns))
  return ns > 0 ? `+${s}` : ns < 0 ? `−${s}` : s
}

// ---------------------------------------------------------------------------------------------
// Provenance

const PROVENANCE_FIELDS: Array<[keyof Provenance, string]> = [
  ['compiler', 'Compiler'],
  ['buildType', 'Build type'],
  ['buildFlags', 'Build flags'],
  ['harness', 'Benchmark library'],
  ['libraryVersion', 'Google Benchmark version'],
  ['libraryBuildType', 'Google Benchmark build type'],
  ['cpuModel', 'CPU'],
  ['numCpus', 'CPUs'],
  ['mhzPerCpu', 'MHz per CPU'],
  ['cpuScalingEnabled', 'CPU frequency scaling'],
  ['governor', 'Governor'],
  ['governors', 'Governors'],
  ['turbo', 'Turbo'],
  ['aslr', 'ASLR'],
  ['pinnedCpu', 'Pinned CPU'],
  ['priority', 'Priority'],
  ['loadAvg', 'Load average'],
  ['kernel', 'Kernel'],
  ['host', 'Host'],
  ['date', 'Date'],
  ['executable', 'Executable'],
  ['context', 'Context']
]

function provenanceSection(report: Report): string {
  const { run, suite } = report
  const sides = [run.base, run.head]
  const p = [suite.provenance.base, suite.provenance.head]
  const show = (v: unknown) =>
    v === undefined
      ? '–'
      : escapeHtml(
          Array.isArray(v)
            ? v.join(', ')
            : typeof v === 'object' && v !== null
              ? Object.entries(v as Record<string, string>)
                  .map(([k, x]) => `${k}=${x}`)
                  .join(', ')
              : String(v)
        )
  const rows = [
    `<tr><th>Ref</th><td>${escapeHtml(sides[0].label)}</td><td>${escapeHtml(sides[1].label)}</td></tr>`,
    `<tr><th>Commit</th><td>${show(sides[0].sha)}</td><td>${show(sides[1].sha)}</td></tr>`
  ]
  for (const [key, label] of PROVENANCE_FIELDS) {
    if (p[0][key] === undefined && p[1][key] === undefined) continue
    const differs = JSON.stringify(p[0][key]) !== JSON.stringify(p[1][key])
    rows.push(
      `<tr${differs ? ' class="differs"' : ''}><th>${escapeHtml(label)}</th><td>${show(p[0][key])}</td><td>${show(p[1][key])}</td></tr>`
    )
  }
  const o = suite.options
  const settings = [
    `α = ${o.alpha} (${o.correction})`,
    `minimum effect ${formatPercent(o.minEffect)}`,
    `power ${o.power}`,
    `metric ${o.metric}`,
    `level ${o.level}`,
    run.rounds !== undefined
      ? `${plural(run.rounds, 'round')}${run.plannedRounds ? ` of ${run.plannedRounds} planned` : ''}`
      : '',
    run.repetitions ? plural(run.repetitions, 'repetition') : '',
    run.measuringSeconds !== undefined ? `${Math.round(run.measuringSeconds)} s measuring` : '',
    run.wallSeconds !== undefined ? `${Math.round(run.wallSeconds)} s in all` : ''
  ].filter(Boolean)
  return [
    '<section id="provenance"><h2>Provenance</h2>',
    '<div class="scroll"><table class="prov"><thead><tr><th></th><th>Base</th><th>Head</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table></div>',
    `<p class="settings">${escapeHtml(settings.join(' · '))}</p>`,
    '</section>'
  ].join('\n')
}
