/**
 * The differential call tree (issue 30's icicle) on hand-made call graphs whose tree follows by hand:
 * the frames holding the whole loop skipped, callees split among call paths in proportion, renamed
 * functions as two nodes, recursion cut, small calls and the node cap counted as dropped.
 */
import { describe, expect, it } from '@jest/globals'
import { callTree, LOOP_ROOT } from '../../src/analysis/callTree.js'
import type { FunctionCost } from '../../src/samples/countModel.js'

/** A function with Ir only: inclusive cost and its calls (callee → inclusive Ir). */
const fn = (name: string, inclusive: number, calls: Record<string, number> = {}): FunctionCost => ({
  name,
  file: null,
  self: { Ir: inclusive - Object.values(calls).reduce((s, v) => s + v, 0) },
  inclusive: { Ir: inclusive },
  calls: Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, { Ir: v }]))
})

// base: main → BM (self 10) → f 60, g 30 (self 10) → f 20; f (80 in all) → h 40
const BASE = [
  fn('main', 100, { BM: 100 }),
  fn('BM', 100, { f: 60, g: 30 }),
  fn('g', 30, { f: 20 }),
  fn('f', 80, { h: 40 }),
  fn('h', 40)
]
// head: f costs more on both paths (72 and 28 of its 100), h the same share of it
const HEAD = [
  fn('main', 120, { BM: 120 }),
  fn('BM', 120, { f: 72, g: 38 }),
  fn('g', 38, { f: 28 }),
  fn('f', 100, { h: 50 }),
  fn('h', 50)
]
const rows = (t: ReturnType<typeof callTree>) => t!.nodes.map((n) => [n.name, n.parent, n.base, n.head])

describe('callTree', () => {
  it('starts at the deepest frame holding the whole loop and splits callees by path, breadth first', () => {
    const t = callTree(BASE, HEAD, 'instructions', { base: 100, head: 120 })
    expect(rows(t)).toEqual([
      ['BM', null, 100, 120],
      ['f', 0, 60, 72],
      ['g', 0, 30, 38],
      // f's call to h (40 of its 80, 50 of its 100) split by what each path spent in f
      ['h', 1, (60 * 40) / 80, (72 * 50) / 100],
      ['f', 2, 20, 28],
      ['h', 4, (20 * 40) / 80, (28 * 50) / 100]
    ])
    expect(t!.dropped).toBe(0)
  })

  it('finds the benchmark frame below main when names merged across objects double the frames above it', () => {
    // `(below main)` is two functions of one name (200 in all); __libc_start_main holds the whole loop too
    const side = [
      fn('0x1', 200, { '(below main)': 200 }),
      fn('(below main)', 200, { __libc_start_main: 100, main: 100 }),
      fn('__libc_start_main', 100, { '(below main)': 100 }),
      fn('main', 100, { BM: 100 }),
      fn('BM', 100, { f: 60 }),
      fn('f', 60)
    ]
    expect(rows(callTree(side, side, 'instructions', { base: 100, head: 100 }))).toEqual([
      ['BM', null, 100, 100],
      ['f', 0, 60, 60]
    ])
  })

  it('shows a renamed function as one node on each side', () => {
    const t = callTree(
      [fn('BM', 10, { old_name: 8 }), fn('old_name', 8)],
      [fn('BM', 10, { new_name: 8 }), fn('new_name', 8)],
      'instructions',
      { base: 10, head: 10 }
    )
    expect(rows(t)).toEqual([
      ['BM', null, 10, 10],
      ['new_name', 0, 0, 8],
      ['old_name', 0, 8, 0]
    ])
  })

  it('cuts indirect recursion (a call back into a function on the path)', () => {
    const side = [fn('BM', 100, { a: 90 }), fn('a', 90, { b: 80 }), fn('b', 80, { a: 60 })]
    const t = callTree(side, side, 'instructions', { base: 100, head: 100 })
    expect(rows(t)).toEqual([
      ['BM', null, 100, 100],
      ['a', 0, 90, 90],
      ['b', 1, 80, 80]
    ])
  })

  it('puts several top functions under a virtual root holding the whole loop', () => {
    const t = callTree([fn('a', 30), fn('c', 70)], [fn('a', 30), fn('c', 50)], 'instructions', {
      base: 100,
      head: 80
    })
    expect(rows(t)).toEqual([
      [LOOP_ROOT, null, 100, 80],
      ['c', 0, 70, 50],
      ['a', 0, 30, 30]
    ])
  })

  it('counts calls under the minimum share and beyond the node cap as dropped', () => {
    const base = [
      fn('BM', 1000, { big: 600, small: 4, mid: 300 }),
      fn('big', 600),
      fn('small', 4),
      fn('mid', 300)
    ]
    const t = callTree(base, base, 'instructions', { base: 1000, head: 1000 })
    expect(t!.nodes.map((n) => n.name)).toEqual(['BM', 'big', 'mid']) // 4 < 0.5% of 1000
    expect(t!.dropped).toBe(1)
    const capped = callTree(base, base, 'instructions', { base: 1000, head: 1000 }, 2)
    expect(capped!.nodes.map((n) => n.name)).toEqual(['BM', 'big'])
    expect(capped!.dropped).toBe(2)
  })

  it('is null when the samples carry no call edges', () => {
    const bare: FunctionCost = { name: 'BM', file: null, self: { Ir: 1 }, inclusive: { Ir: 1 } }
    expect(callTree([bare], [bare], 'instructions', { base: 1, head: 1 })).toBeNull()
  })
})
