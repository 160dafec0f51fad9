/**
 * Issue 30's attribution on hand-made per-function costs: matching by name (file as tiebreak),
 * added/removed for a rename, shares of the benchmark's Δ, and which change it explains (§10).
 */
import { describe, expect, it } from '@jest/globals'
import { attribute, attributionsFor, matchFunctions, toExplain } from '../../src/analysis/attribution.js'
import type { Comparison, CountComparison } from '../../src/analysis/types.js'
import type { CountSample, FunctionCost } from '../../src/samples/countModel.js'
import { callgrindEvents } from '../helpers/callgrindEvents.js'

const ev = (Ir: number, D1mr = 0, Bcm = 0) => callgrindEvents({ Ir, D1mr, Bc: 1, Bcm })
const fn = (
  name: string,
  self: number,
  inclusive = self,
  file: string | null = null,
  D1mr = 0
): FunctionCost => ({
  name,
  file,
  self: ev(self, D1mr),
  inclusive: ev(inclusive, D1mr)
})
const sample = (side: 'base' | 'head', functions: FunctionCost[]): CountSample => {
  const total = functions.reduce((s, f) => s + f.self.Ir, 0)
  const d1 = functions.reduce((s, f) => s + f.self.D1mr, 0)
  return {
    benchmark: 'BM_X',
    side,
    pass: 0,
    iterations: 1,
    instructions: total,
    cycles: null,
    events: ev(total, d1),
    functions
  }
}

describe('matchFunctions', () => {
  it('matches by name; one-sided functions are added or removed', () => {
    const pairs = matchFunctions([fn('a', 1), fn('old_name', 2)], [fn('a', 1), fn('new_name', 2)])
    expect(pairs.map((p) => [p.base?.name ?? null, p.head?.name ?? null])).toEqual([
      ['a', 'a'],
      ['old_name', null],
      [null, 'new_name']
    ])
  })
  it('uses the file (its last component: the worktrees differ) between functions of one name', () => {
    const pairs = matchFunctions(
      [fn('init', 1, 1, '/w/base/src/a.cc'), fn('init', 2, 2, '/w/base/src/b.cc')],
      [fn('init', 5, 5, '/w/head/src/b.cc'), fn('init', 1, 1, '/w/head/src/a.cc')]
    )
    expect(pairs.map((p) => [p.base?.self.Ir, p.head?.self.Ir])).toEqual([
      [1, 1],
      [2, 5]
    ])
  })
})

describe('attribute', () => {
  it('ranks by |Δself| and gives each function its share of the base total', () => {
    const base = sample('base', [fn('BM_X', 10, 1000), fn('crc_update', 900), fn('memcpy', 90)])
    const head = sample('head', [fn('BM_X', 10, 1080), fn('crc_update', 978), fn('memcpy', 92)])
    const a = attribute(base, head, 'counts', 'instructions')!
    // BM_X's inclusive cost is the whole loop on both sides: a caller of everything, left out
    expect(a.functions.map((f) => [f.name, f.share])).toEqual([
      ['crc_update', 0.078],
      ['memcpy', 0.002]
    ])
    expect(a.total.head.instructions - a.total.base.instructions).toBe(80)
  })
  it('moved work: both functions, opposite signs; a rename: removed and added', () => {
    const a = attribute(
      sample('base', [fn('parse', 600), fn('scan', 400), fn('old_name', 100)]),
      sample('head', [fn('parse', 400), fn('scan', 600), fn('new_name', 100)]),
      'counts',
      'instructions'
    )!
    const by = Object.fromEntries(a.functions.map((f) => [f.name, f]))
    expect(by.parse.share).toBeCloseTo(-200 / 1100)
    expect(by.scan.share).toBeCloseTo(200 / 1100)
    expect([by.old_name.status, by.new_name.status]).toEqual(['removed', 'added'])
  })
  it('caps the list and sums what it leaves out', () => {
    const many = (k: number) => Array.from({ length: 30 }, (_, i) => fn(`f${i}`, 100 + k * (i + 1)))
    const a = attribute(sample('base', many(0)), sample('head', many(1)), 'counts', 'instructions', 20)!
    expect(a.functions).toHaveLength(20)
    expect(a.omitted).toEqual({ functions: 10, self: 55 })
  })
  it('is null when a side has no functions', () => {
    const { functions: _, ...bare } = sample('base', [fn('a', 1)])
    expect(attribute(bare, sample('head', [fn('a', 2)]), 'counts', 'instructions')).toBeNull()
  })
})

const figure = (change: number) => ({ base: 100, head: 100 * (1 + change), change, noise: 0 })
const counts = (instructions: number, cycles: number): CountComparison => ({
  metric: 'instructions',
  verdict: 'unchanged',
  reason: null,
  message: null,
  instructions: figure(instructions),
  cycles: figure(cycles),
  iterations: 1
})
const timed = (verdict: Comparison['verdict'], ratio: number | null, k: CountComparison) =>
  ({
    verdict,
    ratio: ratio === null ? null : { estimate: ratio, ci: [ratio, ratio] },
    pValue: ratio === null ? null : 0.001,
    counts: k
  }) as unknown as Comparison

describe('toExplain (STATISTICS §10)', () => {
  it('counts alone: due when they moved by δ_count', () => {
    expect(toExplain(timed('regression', null, counts(0.08, 0.08)), 0.01)).toEqual({
      explains: 'counts',
      metric: 'instructions'
    })
    expect(toExplain(timed('negligible', null, counts(0.005, 0.005)), 0.01)).toBeNull()
  })
  it('time up with the instructions: instructions; time up, instructions down, cycles up: simulated events', () => {
    expect(toExplain(timed('regression', 1.08, counts(0.08, 0.07)), 0.01)?.explains).toBe('instructions')
    expect(toExplain(timed('regression', 1.127, counts(-0.2, 0.3)), 0.01)).toEqual({
      explains: 'simulated-events',
      metric: 'cycles'
    })
  })
  it('a timing-only change: not explained by simulated events', () => {
    expect(toExplain(timed('timing-only', 1.1, counts(0, 0.0001)), 0.01)?.explains).toBe('none')
  })
})

describe('attributionsFor', () => {
  it('attributes at most `limit` benchmarks, the largest count change first', () => {
    const samples = [0.02, 0.08, 0.05].flatMap((d, i) => {
      const b = sample('base', [fn('f', 1000)])
      const h = sample('head', [fn('f', 1000 * (1 + d))])
      return [
        { ...b, benchmark: `BM_${i}` },
        { ...h, benchmark: `BM_${i}` }
      ]
    })
    const comparisons = [0.02, 0.08, 0.05].map((d, i) => ({
      ...timed('regression', null, counts(d, d)),
      benchmark: `BM_${i}`
    }))
    const out = attributionsFor(comparisons, { samples }, { metric: 'instructions', threshold: 0.01 }, 2)
    expect(out.map((c) => c.attribution !== undefined)).toEqual([false, true, true])
  })
})
