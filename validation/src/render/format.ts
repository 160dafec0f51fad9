/** Formatting shared by the sections of docs/VALIDATION.md: rates with their bands, percentages, tables. */
import { DEFAULT_ANALYSIS_OPTIONS } from '../../../src/analysis/types.js'
import { clopperPearson } from '../model/binomial.js'
import type { Rates } from '../model/outcome.js'

/** The gate's α of this release (the page's targets and its Method quote it). */
export const ALPHA = DEFAULT_ANALYSIS_OPTIONS.alpha

/** "1.2% (5/400) [0.4–2.9]" */
export function rate(x: number, n: number): string {
  if (n === 0) return '–'
  const ci = clopperPearson(x, n)
  return `${pct(ci.rate)} (${x}/${n}) [${pct(ci.lower, 1)}–${pct(ci.upper, 1)}]`
}

export function pct(v: number, digits = 1): string {
  return `${(v * 100).toFixed(digits)}%`
}

export function signedPct(v: number | null, digits = 2): string {
  if (v === null || !Number.isFinite(v)) return '–'
  return `${v >= 0 ? '+' : ''}${(v * 100).toFixed(digits)}%`
}

export function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`)
  ].join('\n')
}

export function changeLabel(c: number): string {
  return c === 0 ? '0% (A/A)' : `+${(c * 100).toFixed(0)}%`
}

/** The four rates of one cell: false alarms at 0%, detections/reversals/anomalies otherwise. */
export function rateCells(r: Rates, change: number): string[] {
  if (change === 0) return [rate(r.alarms, r.n), '–', '–', '–']
  return [
    rate(r.detections, r.n),
    `${r.wrongDirection}/${r.n}`,
    `${r.reversals}/${r.n}${reversalNote(r)}`,
    rate(r.anomalies, r.n)
  ]
}

export function reversalNote(r: Rates): string {
  if (r.reversals === 0 || !r.reversalVerdicts) return ''
  const parts = Object.entries(r.reversalVerdicts).map(([v, n]) => `${n} ${v}`)
  return parts.length ? ` (${parts.join(', ')})` : ''
}

export const RATE_HEADER = [
  'true change',
  'method',
  'false alarms (0%) / detections',
  'reported in wrong direction',
  'estimate on wrong side of 1',
  'anomalies (|error| > 40% of change)'
]
