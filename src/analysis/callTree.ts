/**
 * The differential call tree of a benchmark's counted loop (docs/count-mode.md), for the report's icicle: one
 * node per call path, with its inclusive cost on each side, from callgrind's call edges.
 *
 * Approximations, said in docs/count-mode.md: callgrind records how much each caller's calls to a
 * callee cost in total, not whole stacks, so below the first level a function's callees are split
 * among its call paths in proportion to what each path spent in it (gprof's assumption; exact for a
 * function with one caller). Functions are merged by name (static functions of one name in several
 * files become one node). A call back into a function already on the path (indirect recursion) is
 * left out. The frames that hold the whole loop (main, the harness) are skipped: the tree starts at
 * the deepest of them, normally the benchmark's function (else at a virtual root over the functions
 * nobody calls).
 *
 * Kept small: calls below CALL_TREE_MIN_SHARE of the loop and any beyond MAX_CALL_TREE_NODES (taken
 * breadth first, largest first) are left out and counted. Pure.
 */
import { estimatedCycles } from '../samples/callgrind.js'
import type { FunctionCost } from '../samples/countModel.js'
import type { CallTree, CallTreeNode, ChangeAttribution } from './types.js'

/** At most this many nodes per tree (about 100 bytes each in results.json). */
export const MAX_CALL_TREE_NODES = 100
/** Calls smaller than this share of the loop (the larger side's) are left out. */
const CALL_TREE_MIN_SHARE = 0.005
/** The tree's root when no single function holds the whole loop. */
export const LOOP_ROOT = '(counted loop)'

interface Graph {
  inclusive: Map<string, number>
  calls: Map<string, Map<string, number>>
}

const metricOf = (e: Readonly<Record<string, number>>, metric: ChangeAttribution['metric']) =>
  metric === 'cycles' ? (estimatedCycles(e) ?? 0) : (e.Ir ?? 0)

function graphOf(functions: readonly FunctionCost[], metric: ChangeAttribution['metric']): Graph {
  const g: Graph = { inclusive: new Map(), calls: new Map() }
  for (const f of functions) {
    g.inclusive.set(f.name, (g.inclusive.get(f.name) ?? 0) + metricOf(f.inclusive, metric))
    const out = g.calls.get(f.name) ?? new Map<string, number>()
    g.calls.set(f.name, out)
    for (const [callee, e] of Object.entries(f.calls ?? {}))
      out.set(callee, (out.get(callee) ?? 0) + metricOf(e, metric))
  }
  return g
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1)

/**
 * The call tree of one benchmark's loop, base against head, or null when the samples carry no call
 * edges. Nodes are in breadth-first order, each after its parent (`parent` is an index into `nodes`).
 * @param total the loop's whole cost per iteration in `metric`, each side
 */
export function callTree(
  base: readonly FunctionCost[],
  head: readonly FunctionCost[],
  metric: ChangeAttribution['metric'],
  total: { base: number; head: number },
  maxNodes = MAX_CALL_TREE_NODES,
  minShare = CALL_TREE_MIN_SHARE
): CallTree | null {
  if (![...base, ...head].some((f) => f.calls !== undefined)) return null
  const sides = [graphOf(base, metric), graphOf(head, metric)] as const
  const totals = [total.base, total.head] as const
  // The functions nobody calls in the loop, on either side, under one virtual root.
  const called = new Set(sides.flatMap((g) => [...g.calls.values()].flatMap((m) => [...m.keys()])))
  sides.forEach((g, s) => {
    const roots = new Map([...g.inclusive].filter(([name]) => !called.has(name)))
    g.inclusive.set(LOOP_ROOT, totals[s])
    g.calls.set(LOOP_ROOT, roots)
  })
  const value = (s: 0 | 1, name: string) => sides[s].inclusive.get(name) ?? 0
  const callees = (name: string) =>
    new Set([...(sides[0].calls.get(name)?.keys() ?? []), ...(sides[1].calls.get(name)?.keys() ?? [])])
  // The frames that hold the whole loop on both sides (main, the harness, the benchmark's function):
  // the tree starts at the deepest, the one below the most others. Found by value, not by walking
  // down from the top: names merged across objects (`(below main)`, `0x…` without symbols) can
  // double a frame above main and leave a whole-loop frame (`__libc_start_main`) apparently on top.
  const whole = [...sides[0].inclusive.keys()].filter(
    (n) => n !== LOOP_ROOT && value(0, n) > 0 && near(value(0, n), totals[0]) && near(value(1, n), totals[1])
  )
  const above = (n: string) => whole.filter((w) => w !== n && reaches(w, n, whole, callees)).length
  const ranked = whole.map((n) => ({ n, depth: above(n) })).sort((a, b) => b.depth - a.depth)
  const root =
    ranked.length > 0 && (ranked.length === 1 || ranked[0].depth > ranked[1].depth) ? ranked[0].n : LOOP_ROOT
  const nodes: CallTreeNode[] = [{ name: root, parent: null, base: value(0, root), head: value(1, root) }]
  const floor = minShare * Math.max(nodes[0].base, nodes[0].head)
  let dropped = 0
  const queue: Array<{ index: number; path: Set<string> }> = [{ index: 0, path: new Set([root]) }]
  for (let q = 0; q < queue.length; q++) {
    const { index, path } = queue[q]
    const parent = nodes[index]
    // This path's share of the parent's calls: its value over the parent's whole inclusive cost.
    const part = (s: 0 | 1, callee: string) => {
      const all = value(s, parent.name)
      const v = s === 0 ? parent.base : parent.head
      return all > 0 ? (v * (sides[s].calls.get(parent.name)?.get(callee) ?? 0)) / all : 0
    }
    const children = [...callees(parent.name)]
      .filter((c) => !path.has(c))
      .map((name) => ({ name, parent: index, base: part(0, name), head: part(1, name) }))
      .sort((a, b) => Math.max(b.base, b.head) - Math.max(a.base, a.head) || a.name.localeCompare(b.name))
    for (const c of children) {
      if (Math.max(c.base, c.head) < floor || Math.max(c.base, c.head) <= 0 || nodes.length >= maxNodes) {
        dropped++
        continue
      }
      queue.push({ index: nodes.length, path: new Set([...path, c.name]) })
      nodes.push(c)
    }
  }
  return { nodes, dropped, minShare }
}

/** Whether `from` reaches `to` through calls among `within`. */
function reaches(
  from: string,
  to: string,
  within: readonly string[],
  callees: (n: string) => Set<string>
): boolean {
  const allowed = new Set(within)
  const seen = new Set([from])
  for (const stack = [from]; stack.length > 0;) {
    for (const c of callees(stack.pop()!)) {
      if (c === to) return true
      if (allowed.has(c) && !seen.has(c)) {
        seen.add(c)
        stack.push(c)
      }
    }
  }
  return false
}
