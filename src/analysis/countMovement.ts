/**
 * Whether a benchmark's counts "moved" (docs/statistics.md §10, docs/count-mode.md "Moved: events that do not
 * depend on where code sits"), and the layout's fingerprint. Only events that do not depend on code
 * addresses can move a benchmark: the instructions and their data reads, writes and conditional
 * branches, and the data-side misses. callgrind's instruction cache and branch predictor are indexed
 * by address, so their misses move when a change only moves code: they are the fingerprint of layout.
 */
import type { CountComparison } from './types.js'

/** Executed operations, each weighed against the base's instructions (one instruction does each). */
const EXECUTED = ['Ir', 'Dr', 'Dw', 'Bc']
/** Data-side misses, weighed by what the cycle estimate charges for them (docs/count-mode.md). */
const DATA_MISSES: Readonly<Record<string, number>> = { D1mr: 10, D1mw: 10, DLmr: 100, DLmw: 100 }
/** Instruction-cache misses and mispredictions: indexed by address, so layout moves them. */
export const LAYOUT_EVENTS: Readonly<Record<string, number>> = { I1mr: 10, ILmr: 100, Bcm: 10, Bim: 10 }

export type CountDirection = 'up' | 'down' | 'flat'

export interface CountMovement {
  /** Which way the address-independent events moved by δ_count; null when the figures say nothing. */
  direction: CountDirection | null
  /** With a flat direction: the address-dependent events that moved the estimated cycles by δ_count. */
  layout: string[]
}

type Counted = Pick<CountComparison, 'metric' | 'instructions' | 'cycles' | 'events'>
type Events = Readonly<Record<string, number>>

/**
 * How the counts moved. An event moved when its change is at least δ_count of the benchmark: the
 * executed operations against the base's instructions, a miss by the estimated cycles it adds or
 * removes against the base's estimated cycles (a rare miss going from 3 to 4 is +33% of itself and
 * nothing of the benchmark). An event whose base passes differ by more than δ_count/4 on that scale
 * is noise (§9) and moves nothing. Without per-event figures (an older results file) only the
 * instructions are read. Pure.
 */
export function countMovement(counted: Counted, threshold: number): CountMovement {
  const none: CountMovement = { direction: null, layout: [] }
  const instructions = counted.instructions.base
  const base = counted.events?.base ?? (instructions === null ? null : { Ir: instructions })
  const head =
    counted.events?.head ?? (counted.instructions.head === null ? null : { Ir: counted.instructions.head })
  if (base === null || head === null || !instructions) return none
  const cycles = counted.cycles.base !== null && counted.cycles.base > 0 ? counted.cycles.base : null
  const share = (e: string, from: Events, to: Events): number => {
    const d = (to[e] ?? 0) - (from[e] ?? 0)
    if (EXECUTED.includes(e)) return d / instructions
    return cycles === null ? 0 : (d * (DATA_MISSES[e] ?? LAYOUT_EVENTS[e])) / cycles
  }
  const base2 = counted.events?.base2 ?? null
  const moved = [...EXECUTED, ...Object.keys(DATA_MISSES)]
    .filter((e) => base2 === null || Math.abs(share(e, base, base2)) <= threshold / 4)
    .map((e) => share(e, base, head))
    .filter((s) => Math.abs(s) >= threshold)
  if (moved.length > 0) return { direction: directionOf(moved, counted, base, head), layout: [] }
  const layoutShare = Object.keys(LAYOUT_EVENTS).reduce((sum, e) => sum + share(e, base, head), 0)
  const layout =
    Math.abs(layoutShare) >= threshold
      ? Object.keys(LAYOUT_EVENTS).filter((e) => (head[e] ?? 0) !== (base[e] ?? 0))
      : []
  return { direction: 'flat', layout }
}

/**
 * The moved events' direction. When they point different ways the metric the verdict reads decides:
 * the instructions, or the estimated cycles without the address-dependent events.
 */
function directionOf(moved: number[], k: Counted, base: Events, head: Events): 'up' | 'down' {
  if (moved.every((s) => s > 0)) return 'up'
  if (moved.every((s) => s < 0)) return 'down'
  const d = (e: string) => (head[e] ?? 0) - (base[e] ?? 0)
  const own =
    k.metric === 'instructions' && d('Ir') !== 0
      ? d('Ir')
      : d('Ir') + Object.entries(DATA_MISSES).reduce((sum, [e, w]) => sum + w * d(e), 0)
  return own < 0 ? 'down' : 'up'
}
