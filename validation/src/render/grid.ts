/**
 * The grid section of docs/VALIDATION.md (grid.ts results, before and after a change of the
 * analysis): suite-wide A/A false alarms with their bands and the ≤ α check, detection of +5% and
 * +10%, +2.5% called negligible. Computes only counts, rates and binomial bands.
 */
import { checkAtMost, clopperPearson } from '../model/binomial.js'
import { verdictCount, type GridCellResult, type GridResults } from '../studies/grid.js'
import type { GridPair } from '../studies/results.js'

export type { GridPair }

function pct(v: number, digits = 1): string {
  return `${(v * 100).toFixed(digits)}%`
}

/** "4.7% (14/300) [2.6–7.7%]", or "–" without data. */
export function bandText(x: number, n: number): string {
  if (n === 0) return '–'
  const ci = clopperPearson(x, n)
  return `${pct(ci.rate)} (${x}/${n}) [${pct(ci.lower)}–${pct(ci.upper)}]`
}

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`)
  ].join('\n')
}

function cellKey(c: { icc: number; rounds: number; repetitions: number }): string {
  return `${c.icc}|${c.rounds}|${c.repetitions}`
}

/** The ≤ α verdict of one cell: "yes", or "**no**" with the limit it exceeded. */
export function alphaVerdict(cell: GridCellResult, alpha: number): string {
  const c = checkAtMost(cell.aa.anyFalseAlarm, cell.aa.suites, alpha)
  return c.consistent ? `yes (≤ ${c.limit})` : `**no** (${c.x} > ${c.limit})`
}

/** Cells whose A/A band lies above α (the data show a suite-wide rate above α). */
export function cellsAboveAlpha(g: GridResults): GridCellResult[] {
  return g.cells.filter((c) => !checkAtMost(c.aa.anyFalseAlarm, c.aa.suites, g.alpha).consistent)
}

/** Totals over the grid: +2.5% benchmarks called negligible, and suites with a false alarm. */
export function gridTotals(g: GridResults): {
  negligible25: { x: number; n: number }
  aa: { x: number; n: number }
} {
  let nx = 0
  let nn = 0
  let ax = 0
  let an = 0
  for (const c of g.cells) {
    const v = verdictCount(c.mixed, 0.025, 'negligible')
    nx += v.x
    nn += v.n
    ax += c.aa.anyFalseAlarm
    an += c.aa.suites
  }
  return { negligible25: { x: nx, n: nn }, aa: { x: ax, n: an } }
}

function runShare(cell: GridCellResult | undefined): string {
  if (!cell) return '–'
  const t = cell.aa.byChange.find((b) => b.trueChange === 0)
  return t && t.benchmarks > 0 ? pct(t.runLevel / t.benchmarks, 0) : '–'
}

function describe(g: GridResults): string {
  const opts = Object.entries(g.options)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ')
  return (
    `commit ${g.commit}, ${g.date.slice(0, 16).replace('T', ' ')} UTC, ${g.suitesPerCell.aa} A/A + ` +
    `${g.suitesPerCell.mixed} mixed suites per cell, ${Math.round(g.durationSeconds)} s; analysis options: ${opts}`
  )
}

type Lookup = (c: GridCellResult) => { b?: GridCellResult; a?: GridCellResult }

function aaTable(cells: readonly GridCellResult[], at: Lookup, alpha: number): string {
  return table(
    [
      'ICC',
      'rounds × reps',
      'before: suites with a false alarm',
      'before ≤ α',
      'run level (before)',
      'after: suites with a false alarm',
      'after ≤ α'
    ],
    cells.map((c) => {
      const { b, a } = at(c)
      return [
        String(c.icc),
        `${c.rounds} × ${c.repetitions}`,
        b ? bandText(b.aa.anyFalseAlarm, b.aa.suites) : '–',
        b ? alphaVerdict(b, alpha) : '–',
        runShare(b),
        a ? bandText(a.aa.anyFalseAlarm, a.aa.suites) : '–',
        a ? alphaVerdict(a, alpha) : '–'
      ]
    })
  )
}

function mixedTable(cells: readonly GridCellResult[], at: Lookup): string {
  const det = (c: GridCellResult | undefined, change: number, verdict: 'regression' | 'negligible') => {
    if (!c) return '–'
    const v = verdictCount(c.mixed, change, verdict)
    return verdict === 'negligible' ? `${v.x}/${v.n}` : bandText(v.x, v.n)
  }
  return table(
    [
      'ICC',
      'rounds × reps',
      '+5% detected: before',
      'after',
      '+10% detected: before',
      'after',
      '+2.5% negligible: before',
      'after'
    ],
    cells.map((c) => {
      const { b, a } = at(c)
      return [
        String(c.icc),
        `${c.rounds} × ${c.repetitions}`,
        det(b, 0.05, 'regression'),
        det(a, 0.05, 'regression'),
        det(b, 0.1, 'regression'),
        det(a, 0.1, 'regression'),
        det(b, 0.025, 'negligible'),
        det(a, 0.025, 'negligible')
      ]
    })
  )
}

function summaryLine(label: string, g: GridResults): string {
  const t = gridTotals(g)
  const above = cellsAboveAlpha(g)
  const list = above
    .map((c) => `ICC ${c.icc} ${c.rounds} × ${c.repetitions}: ${bandText(c.aa.anyFalseAlarm, c.aa.suites)}`)
    .join('; ')
  return (
    `- ${label}: ${g.cells.length - above.length} of ${g.cells.length} cells consistent with ≤ α` +
    (above.length ? ` (above: ${list})` : '') +
    `; all cells pooled ${bandText(t.aa.x, t.aa.n)}; +2.5% called negligible: ${t.negligible25.x} of ${t.negligible25.n}.`
  )
}

export function gridSection(pair: GridPair): string {
  const { before, after } = pair
  const main = after ?? before
  if (!main) return '_Not run yet (`npm run validate -- --grid --grid-label before|after`)._\n'
  const beforeBy = new Map((before?.cells ?? []).map((c) => [cellKey(c), c]))
  const afterBy = new Map((after?.cells ?? []).map((c) => [cellKey(c), c]))
  const at: Lookup = (c) => ({ b: beforeBy.get(cellKey(c)), a: afterBy.get(cellKey(c)) })
  const parts: string[] = [
    `${main.benchmarks} benchmarks per suite, α = ${main.alpha}, δ = 2%; noise: the study's noise model reduced to a process ` +
      `random effect and repetition noise (total sd of ln values ${pct(main.sdLog, 0)} per repetition, ICC = share of the process effect; ` +
      `no drift, contention or outliers), ABBA rounds, one process per side per round running all ${main.benchmarks} benchmarks, ` +
      'analysed by the shipped `analyzeSuite`. The same simulated suites (same seeds) are analysed before and after.\n'
  ]
  if (before) parts.push(`- **before**: ${describe(before)}`)
  if (after) parts.push(`- **after**: ${describe(after)}`)
  parts.push(
    '\n**A/A (nothing changed).** A suite counts as a false alarm when any of its benchmarks is called *regression* or ' +
      '*improvement*. "≤ α" is *yes* when the 95% Clopper-Pearson band reaches down to α = 1% (the data do not show a ' +
      'rate above α); the number in brackets is `qbinom(0.975, N, 0.01)`, the most suites a method whose true rate is exactly ' +
      'α would show in 97.5% of such studies. With 36 cells, a method exactly at α would fail about one cell by chance.\n'
  )
  parts.push(aaTable(main.cells, at, main.alpha))
  parts.push(
    '\n**Mixed suites** (per suite 20 unchanged, 10 at +2.5%, 10 at +5%, 10 at +10%). Detection = verdict *regression*; ' +
      '"+2.5% negligible" = a +2.5% change (larger than δ) reported as *negligible*, which passes the gate.\n'
  )
  parts.push(mixedTable(main.cells, at))
  parts.push('')
  if (before) parts.push(summaryLine('before', before))
  if (after) parts.push(summaryLine('after', after))
  return parts.join('\n') + '\n'
}

/** "Suite-wide false alarms": one grid pair per noise level, headed by its noise when there are several. */
export function gridsSection(pairs: readonly GridPair[]): string {
  const parts = ['## Suite-wide false alarms: ICC × rounds × repetitions\n']
  const grids = pairs.length ? pairs : [{}]
  for (const g of grids) {
    const sd = (g.after ?? g.before)?.sdLog
    if (grids.length > 1 && sd !== undefined)
      parts.push(`### Noise ${(sd * 100).toFixed(0)}% per repetition\n`)
    parts.push(gridSection(g))
  }
  return parts.join('\n')
}
