import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { secondsPerBenchmark, splitBenchmarks, weightsOf } from '../../src/shard/assign.js'

const namesArb = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 0, maxLength: 200 })

describe('splitBenchmarks by hash', () => {
  it('covers every name exactly once, sizes differ by at most one, whatever the input order', () => {
    fc.assert(
      fc.property(namesArb, fc.integer({ min: 1, max: 12 }), (names, count) => {
        const { rule, shards } = splitBenchmarks(names, count)
        expect(rule).toBe('hash')
        expect(shards).toHaveLength(count)
        expect(shards.flat().sort()).toEqual([...names].sort())
        const sizes = shards.map((s) => s.length)
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
        expect(splitBenchmarks([...names].reverse(), count).shards).toEqual(shards)
      })
    )
  })

  it('does not follow registration order (a family registered together is spread over the shards)', () => {
    const names = Array.from({ length: 30 }, (_, i) => `BM_Family/${i}`)
    const { shards } = splitBenchmarks(names, 3)
    // Dealing in name order would give shard 1 BM_Family/0, /1, /10, ...; the hash order does not.
    const byName = [...names].sort().filter((_, i) => i % 3 === 0)
    expect(shards[0]).not.toEqual(byName.sort())
    expect(shards.map((s) => s.length)).toEqual([10, 10, 10])
  })
})

describe('splitBenchmarks by weights', () => {
  it('covers every name once and keeps the longest shard within the LPT bound (mean load + largest job)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 80 }),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 80, maxLength: 80 }),
        fc.integer({ min: 1, max: 8 }),
        (names, ws, count) => {
          const weights = new Map(names.map((n, i) => [n, ws[i]]))
          const { rule, shards } = splitBenchmarks(names, count, weights)
          expect(rule).toBe('weights')
          expect(shards.flat().sort()).toEqual([...names].sort())
          const load = shards.map((s) => s.reduce((a, n) => a + weights.get(n)!, 0))
          const total = ws.slice(0, names.length).reduce((a, b) => a + b, 0)
          expect(Math.max(...load)).toBeLessThanOrEqual(total / count + Math.max(...weights.values()) + 1e-9)
        }
      )
    )
  })

  it('balances time better than the hash split on a skewed suite', () => {
    const names = Array.from({ length: 60 }, (_, i) => `BM_${i}`)
    const weights = new Map(names.map((n, i) => [n, i < 6 ? 20 : 1]))
    const time = (shards: string[][]) =>
      Math.max(...shards.map((s) => s.reduce((a, n) => a + weights.get(n)!, 0)))
    const byWeights = time(splitBenchmarks(names, 3, weights).shards)
    expect(byWeights).toBe((6 * 20 + 54) / 3) // 58: a perfect split exists and LPT finds it
    expect(time(splitBenchmarks(names, 3).shards)).toBeGreaterThan(byWeights)
  })

  it('gives unknown benchmarks the median known time, and the same weights the same digest', () => {
    const weights = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 30]
    ])
    const one = splitBenchmarks(['a', 'b', 'c', 'new'], 2, weights)
    // new counts as 2: c alone on one shard, a + b + new (5) on the other.
    expect(one.shards).toEqual([['c'], ['a', 'b', 'new']])
    expect(splitBenchmarks(['new', 'c', 'b', 'a'], 2, new Map(weights)).weightsDigest).toBe(one.weightsDigest)
    expect(
      splitBenchmarks(['a', 'b', 'c', 'new'], 2, new Map([...weights, ['a', 2]])).weightsDigest
    ).not.toBe(one.weightsDigest)
  })
})

describe('seconds per benchmark', () => {
  it('sums iterations × real time, and a results file gives them back as weights', () => {
    const s = (benchmark: string, iterations: number, realTimeNs: number) => ({
      benchmark,
      iterations,
      realTimeNs
    })
    const seconds = secondsPerBenchmark([s('b', 1000, 2e6), s('a', 10, 5e5), s('b', 1000, 1e6)])
    expect(seconds).toEqual({ a: 0.005, b: 3 })
    expect(Object.keys(seconds)).toEqual(['a', 'b'])
    expect(weightsOf({ merged: { seconds } })).toEqual(
      new Map([
        ['a', 0.005],
        ['b', 3]
      ])
    )
    expect(weightsOf({})).toBeNull()
  })
})
