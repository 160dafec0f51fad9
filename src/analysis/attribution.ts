/**
 * Where a count or time change comes from (docs/count-mode.md, docs/statistics.md §9–§10): the functions of a
 * benchmark's counted loop, base against head, by their change in self cost. Functions are matched
 * across the two builds by the demangled name callgrind writes (no addresses: they move with every
 * build), with the source file as a tiebreak when the binary has debug info; a function on one side
 * only is `added` or `removed`, so a renamed function shows as both.
 *
 * A timing change is explained by the instructions when they moved the same way, else by the
 * simulated events (D1/LL misses, mispredicted branches, through the estimated cycles) when those
 * did; else it is "not explained by simulated events": callgrind models no latency and no
 * instruction-level parallelism. Pure; time O(functions · log functions) per benchmark.
 */
import { estimatedCycles } from '../samples/callgrind.js'
import type { CountMeasurement, CountSample, FunctionCost } from '../samples/countModel.js'
import { countDirection, countSamplesByBenchmark } from './counts.js'
import { callTree } from './callTree.js'
import type { ChangeAttribution, Comparison, CostFigures, CountOptions, FunctionChange } from './types.js'

/** At most this many functions per benchmark in results.json (the largest |Δself| first). */
export const MAX_ATTRIBUTED_FUNCTIONS = 20

/** Per-iteration figures from callgrind's events. */
export function costFigures(e: Readonly<Record<string, number>>): CostFigures {
  const has = (...names: string[]) => names.every((n) => n in e)
  return {
    instructions: e.Ir ?? 0,
    cycles: estimatedCycles(e),
    d1misses: has('D1mr', 'D1mw') ? e.D1mr + e.D1mw : null,
    llmisses: has('ILmr', 'DLmr', 'DLmw') ? e.ILmr + e.DLmr + e.DLmw : null,
    mispredicts: has('Bcm') ? e.Bcm + (e.Bim ?? 0) : null
  }
}

/** The figure an attribution ranks by, 0 when absent. */
export function figureOf(f: CostFigures | null, metric: ChangeAttribution['metric']): number {
  if (f === null) return 0
  return metric === 'cycles' ? (f.cycles ?? 0) : f.instructions
}

const baseName = (file: string | null) => (file === null ? null : file.slice(file.lastIndexOf('/') + 1))

/**
 * Pairs base and head functions: by name when the name is one function on each side, else by file
 * (exact, then its last component: the worktrees differ); the rest is removed (base) or added (head).
 * Each side lists a name and file once (samples/countAttribution.ts merges a function's objects and dumps).
 */
export function matchFunctions(
  base: readonly FunctionCost[],
  head: readonly FunctionCost[]
): Array<{ base: FunctionCost | null; head: FunctionCost | null }> {
  const heads = new Map<string, FunctionCost[]>()
  for (const h of head) heads.set(h.name, [...(heads.get(h.name) ?? []), h])
  const pairs: Array<{ base: FunctionCost | null; head: FunctionCost | null }> = []

  const sameName = new Map<string, number>()
  for (const b of base) sameName.set(b.name, (sameName.get(b.name) ?? 0) + 1)
  for (const b of base) {
    const candidates = heads.get(b.name) ?? []
    const pick =
      candidates.length === 1 && sameName.get(b.name) === 1
        ? candidates[0]
        : (candidates.find((h) => h.file === b.file) ??
          candidates.find((h) => baseName(h.file) === baseName(b.file)))
    if (pick) candidates.splice(candidates.indexOf(pick), 1)
    pairs.push({ base: b, head: pick ?? null })
  }
  for (const rest of heads.values()) for (const h of rest) pairs.push({ base: null, head: h })
  return pairs
}

const changed = (a: CostFigures | null, b: CostFigures | null) => JSON.stringify(a) !== JSON.stringify(b)

/**
 * The attribution of one benchmark from its base (first pass) and head samples.
 * @param explains what the change to explain is (see ChangeAttribution.explains)
 */
export function attribute(
  base: CountSample,
  head: CountSample,
  explains: ChangeAttribution['explains'],
  metric: ChangeAttribution['metric'],
  limit = MAX_ATTRIBUTED_FUNCTIONS
): ChangeAttribution | null {
  if (!base.functions || !head.functions) return null
  const total = { base: costFigures(base.events), head: costFigures(head.events) }
  const baseTotal = figureOf(total.base, metric)
  const all: FunctionChange[] = matchFunctions(base.functions, head.functions).flatMap(
    ({ base: b, head: h }) => {
      const self = { base: b && costFigures(b.self), head: h && costFigures(h.self) }
      const inclusive = { base: b && costFigures(b.inclusive), head: h && costFigures(h.inclusive) }
      if (!changed(self.base, self.head) && !changed(inclusive.base, inclusive.head)) return []
      // a caller of the whole loop (main, the harness, the benchmark function itself) says nothing
      const wholeLoop = !changed(inclusive.base, total.base) && !changed(inclusive.head, total.head)
      if (!changed(self.base, self.head) && wholeLoop) return []
      const delta = figureOf(self.head, metric) - figureOf(self.base, metric)
      const status = b === null ? 'added' : h === null ? 'removed' : 'matched'
      return [
        {
          name: (b ?? h)!.name,
          file: (b ?? h)!.file,
          status,
          self,
          inclusive,
          share: baseTotal > 0 ? delta / baseTotal : 0
        }
      ]
    }
  )
  const inclusiveDelta = (f: FunctionChange) =>
    Math.abs(figureOf(f.inclusive.head, metric) - figureOf(f.inclusive.base, metric))
  all.sort(
    (a, b) =>
      Math.abs(b.share) - Math.abs(a.share) ||
      inclusiveDelta(b) - inclusiveDelta(a) ||
      a.name.localeCompare(b.name)
  )
  const rest = all.slice(limit)
  const tree = callTree(base.functions, head.functions, metric, {
    base: baseTotal,
    head: figureOf(total.head, metric)
  })
  return {
    metric,
    explains,
    total,
    functions: all.slice(0, limit),
    omitted: {
      functions: rest.length,
      self: rest.reduce((s, f) => s + figureOf(f.self.head, metric) - figureOf(f.self.base, metric), 0)
    },
    ...(tree && { tree })
  }
}

/** Which way the timing verdict moved (regression up, improvement down), or null without one. */
function timeDirection(c: Comparison): 'up' | 'down' | null {
  const t = c.timingVerdict ?? c.verdict
  if (!c.ratio || c.pValue === null) return null
  if (t === 'regression' || t === 'timing-only' || t === 'improvement')
    return c.ratio.estimate > 1 ? 'up' : c.ratio.estimate < 1 ? 'down' : null
  return null
}

/**
 * What an attribution must explain for this benchmark, or null when it needs none: the counts moved
 * by δ_count, or the timing verdict changed while the counts were measured (docs/statistics.md §10).
 */
export function toExplain(
  c: Comparison,
  threshold: number
): { explains: ChangeAttribution['explains']; metric: ChangeAttribution['metric'] } | null {
  const k = c.counts
  if (!k || k.reason !== null) return null
  const time = timeDirection(c)
  const moved = countDirection(k, threshold)
  if (time === null)
    return moved === 'up' || moved === 'down' ? { explains: 'counts', metric: k.metric } : null
  const sign = time === 'up' ? 1 : -1
  const along = (x: number | null) => x !== null && sign * x >= threshold
  if (along(k.instructions.change)) return { explains: 'instructions', metric: 'instructions' }
  if (along(k.cycles.change)) return { explains: 'simulated-events', metric: 'cycles' }
  return { explains: 'none', metric: 'cycles' }
}

/**
 * At most this many benchmarks get an attribution, those whose counts changed most first: about
 * 9 KB of results.json each with its call tree (measured, docs/count-mode.md; ~35 KB with a full
 * 100-node tree), so a 10,000-benchmark suite that changed everywhere stays inside results.json's
 * 64 MiB limit.
 */
const MAX_ATTRIBUTED_BENCHMARKS = 1000

/**
 * The suite's comparisons, each with its attribution where one is due and both sides' functions
 * were read (at most `limit` of them, the largest |Δ| of the count metric first). Pure.
 */
export function attributionsFor(
  comparisons: readonly Comparison[],
  measurement: Pick<CountMeasurement, 'samples'>,
  options: CountOptions,
  limit = MAX_ATTRIBUTED_BENCHMARKS
): Comparison[] {
  const first = countSamplesByBenchmark(measurement.samples)
  const size = (c: Comparison) =>
    Math.max(Math.abs(c.counts?.instructions.change ?? 0), Math.abs(c.counts?.cycles.change ?? 0))
  const due = comparisons
    .map((c) => ({ c, due: toExplain(c, options.threshold) }))
    .filter((x) => x.due !== null)
    .sort((a, b) => size(b.c) - size(a.c))
    .slice(0, limit)
  const chosen = new Map(due.map((x) => [x.c.benchmark, x.due!]))
  return comparisons.map((c) => {
    const d = chosen.get(c.benchmark)
    const s = first.get(c.benchmark)
    if (!d || !s?.base || !s.head) return c
    const attribution = attribute(s.base, s.head, d.explains, d.metric)
    return attribution ? { ...c, attribution } : c
  })
}
