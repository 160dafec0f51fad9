/**
 * What a run under randomised layouts (--randomize-layout, docs/layout.md) says: how many layouts,
 * which changes survived them, and which benchmarks move with layout but did not change.
 */
import type { Comparison, SuiteResult } from '../analysis/types.js'
import { formatPercent } from './format.js'
import { cleanText } from './names.js'
import type { RunInfo } from './model.js'

/** "a fresh code layout every round: 21 layouts (independent draws, seed 5f3a…), relinking 4.4 s", or null. */
export function layoutRunText(run: RunInfo): string | null {
  const l = run.layout
  if (!l) return null
  return (
    `a fresh code layout every round: ${l.layouts} layouts (${l.draws} draws, seed ${l.seed.slice(0, 16)}), ` +
    `relinking ${(l.relinkMs / 1000).toFixed(1)} s`
  )
}

/** The per-process spread of a benchmark (each process with its own layout), or null. */
function spread(c: Comparison): number | null {
  return c.power?.sdLogEstimate ?? null
}

const CHANGED = new Set<Comparison['verdict']>(['regression', 'improvement'])
const QUIET = new Set<Comparison['verdict']>(['unchanged', 'negligible', 'inconclusive'])

/**
 * The calm lines of a randomised run: the changes that survived layout (not explained by where the
 * code sits), and the layout-sensitive benchmarks whose timing change, if any, did not survive.
 */
export function layoutNotes(suite: SuiteResult, run: RunInfo): string[] {
  if (!run.layout) return []
  const delta = suite.options.minEffect
  const named = (c: Comparison) => {
    const s = spread(c)
    return `\`${cleanText(c.benchmark, 100).replace(/`/g, "'")}\`${s === null ? '' : ` (σ ≈ ${formatPercent(s)} per process)`}`
  }
  const survived = suite.comparisons.filter((c) => CHANGED.has(c.verdict))
  const sensitive = suite.comparisons.filter((c) => QUIET.has(c.verdict) && (spread(c) ?? 0) >= delta)
  const out: string[] = []
  if (survived.length)
    out.push(
      `Randomised layouts: ${survived.length} change(s) survived ${run.layout.layouts} layouts, so where the code sits does not explain them: ${survived.map(named).join(', ')}.`
    )
  if (sensitive.length)
    out.push(
      `Layout-sensitive, no change that survives layout: ${sensitive.map(named).join(', ')}; their time moves with where the code sits by more than the minimum effect.`
    )
  return out
}
