/**
 * Count mode's words and numbers (docs/statistics.md §9), shared by the Markdown, terminal and HTML reports:
 * counts are exact, so a change is shown with three decimals and no interval; a timing change whose
 * counts did not move is "timing only".
 * Plain text; renderers escape.
 */
import type { CountComparison, CountFigure } from '../analysis/counts.js'
import type { Comparison, SuiteResult } from '../analysis/types.js'
import { formatChange, formatPercent } from './format.js'
import { cleanText } from './names.js'

// in a module of its own, with no imports, so the report page's script can use it too
import { formatCount } from './countText.js'
export { formatCount }

/** An exact count change: "0.000%" when equal, "+3.012%", and "+<0.001%" for a change too small to print. */
export function formatCountChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '–'
  if (change === 0) return '0.000%'
  const shown = formatChange(1 + change, 3)
  if (shown !== '0.000%') return shown
  return change > 0 ? '+<0.001%' : '−<0.001%'
}

/** The figure of the metric the verdict reads. */
export function chosenFigure(c: CountComparison): CountFigure {
  return c.metric === 'cycles' ? c.cycles : c.instructions
}

/** The metric's column title: "Instructions" or "Cycles (est.)". */
export function countMetricTitle(metric: CountComparison['metric']): string {
  return metric === 'cycles' ? 'Cycles (est.)' : 'Instructions'
}

/** Why a benchmark has no count verdict, in two or three words. */
const REASON_WORDS: Record<NonNullable<CountComparison['reason']>, string> = {
  'not-deterministic': 'not deterministic',
  unchecked: 'not checked',
  'multi-threaded': 'multi-threaded',
  'not-countable': 'not countable',
  failed: 'failed'
}

/** The count cell beside a timing verdict (`--measure both`): the change, or why there is none. */
export function countCell(c: Comparison): string {
  const k = c.counts
  if (!k) return '–'
  // A benchmark skipped by the timing run was skipped by callgrind too: no count failure to report.
  if (k.reason && c.verdict === 'skipped') return '–'
  if (k.reason) return REASON_WORDS[k.reason]
  return formatCountChange(chosenFigure(k).change)
}

/**
 * The note of a timing change whose counts did not move by δ_count (§10): callgrind simulates
 * caches and branches, not latency, so neither instructions nor simulated events explain it.
 */
export function timingOnlyNote(c: Comparison): string | null {
  if (!c.timingOnly || !c.counts) return null
  const figure = (f: CountFigure) => (f.change === 0 ? 'unchanged' : formatCountChange(f.change))
  const layout = layoutNote(c.counts)
  return (
    `timing only: code layout, memory or environment? (instructions ${figure(c.counts.instructions)}, ` +
    `estimated cycles ${figure(c.counts.cycles)}: ` +
    (layout ?? 'not explained by instructions or simulated cache and branch events') +
    ')'
  )
}

/**
 * The layout's fingerprint (docs/count-mode.md, "Moved"): "instruction-cache/branch events moved:
 * layout? (Bim +400, I1mr +1 per iteration)", or null when the counts carry none.
 */
export function layoutNote(k: CountComparison): string | null {
  if (!k.layout?.length) return null
  const delta = (e: string) => (k.events?.head?.[e] ?? 0) - (k.events?.base?.[e] ?? 0)
  const each = k.layout.map((e) => {
    const d = delta(e)
    return `${e} ${d < 0 ? '−' : '+'}${formatCount(Math.abs(d))}`
  })
  return `instruction-cache/branch events moved: layout? (${each.join(', ')} per iteration)`
}

/**
 * What a count verdict needs said under the table: not deterministic, multi-threaded, …; time and
 * instructions pointing different ways (both figures); a verdict the counts decided (§10). Or null.
 */
export function countFootnote(c: Comparison): string | null {
  if (c.counts?.message) return c.counts.message
  const k = c.counts
  if (!k) return null
  const time = c.ratio ? formatChange(c.ratio.estimate) : '–'
  const instructions = formatCountChange(k.instructions.change)
  const cycles = formatCountChange(k.cycles.change)
  if (c.notExplainedByCounts)
    return (
      `not explained by instructions: the change survived randomised code layouts with instructions ${instructions}, ` +
      `estimated cycles ${cycles} (memory, latency or ordering, not where the code sits)`
    )
  if (c.countsDisagree)
    return `time and instructions disagree: time ${time}, instructions ${instructions}, estimated cycles ${cycles}`
  if (c.timingVerdict && c.verdict !== 'timing-only')
    return `decided by counts (instructions ${instructions}, estimated cycles ${cycles}); timing alone: ${c.timingVerdict}`
  return null
}

/** Appended to an undecided timing verdict whose counts did not move (§10): " (code path unchanged: …)". */
export function codePathNote(c: Comparison): string {
  const k = c.counts
  if (!k || k.reason !== null) return ''
  const layout = layoutNote(k)
  return ` (code path unchanged: instructions ${formatCountChange(k.instructions.change)}, estimated cycles ${formatCountChange(k.cycles.change)}${layout ? `; ${layout}` : ''})`
}

/** The subline's count part: "counts: valgrind-3.19.0 callgrind, instructions, δ_count 1%". */
export function countModeLine(suite: SuiteResult): string | null {
  const m = suite.countMode
  if (!m) return null
  const noise = noiseFloor(suite)
  return (
    `counts: ${cleanText(m.method.valgrindVersion, 64)} callgrind, ${m.options.metric}, δ_count ${formatPercent(m.options.threshold).replace('.0%', '%')}` +
    (noise === null ? '' : `, noise floor ${formatCountChange(noise).replace('+', '')}`)
  )
}

/** The largest difference between the base side's two passes among the deterministic benchmarks. */
export function noiseFloor(suite: SuiteResult): number | null {
  const noises = suite.comparisons
    .map((c) => (c.counts && c.counts.reason === null ? chosenFigure(c.counts).noise : null))
    .filter((n): n is number => n !== null)
  return noises.length ? Math.max(...noises) : null
}
