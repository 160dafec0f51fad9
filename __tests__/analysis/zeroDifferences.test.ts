/**
 * Zero differences in the paired analysis (docs/pairs.md "Zero differences"): pairs whose two runs
 * timed the same are kept in the estimate and the interval (Pratt's treatment), and an interval of
 * exact 1s is a verdict at the level it attains. The R agreement is __tests__/oracle/prattSignedRank.
 */
import { describe, expect, it } from '@jest/globals'
import { compare } from '../../src/analysis/comparison.js'
import type { Observation } from '../../src/analysis/types.js'

/** One run per round and side, the i-th value in round i. */
const runs = (values: number[]): Observation[] =>
  values.map((value, i) => ({ value, round: i, run: i, repetition: 0 }))

/** Median of all Walsh averages (d_i + d_j)/2, i ≤ j, zeros kept: the estimate the pairs give. */
function allWalshMedian(d: number[]): number {
  const w: number[] = []
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) w.push((d[i] + d[j]) / 2)
  w.sort((a, b) => a - b)
  const h = w.length >> 1
  return w.length % 2 ? w[h] : (w[h - 1] + w[h]) / 2
}

describe('zero differences are kept in the estimate and interval', () => {
  it('10 equal pairs and 10 pairs 12–21% slower: about +7.9%, not a +16.5% regression', () => {
    const base = Array.from({ length: 20 }, (_, i) => 1000 + 10 * i)
    const head = base.map((b, i) => (i < 10 ? b : b * (1.12 + 0.01 * (i - 10))))
    const c = compare('BM_Z', runs(base), runs(head), { interleave: 'benchmark' })
    const honest = Math.exp(allWalshMedian(head.map((h, i) => Math.log(h / base[i]))))
    expect(honest).toBeCloseTo(1.079, 3)
    expect(c.ratio!.estimate).toBeCloseTo(honest, 12)
    expect(c.ratio!.ci[0]).toBeLessThanOrEqual(honest)
    expect(c.ratio!.ci[1]).toBeGreaterThanOrEqual(honest)
    expect(c.verdict).not.toBe('regression')
    expect(c.ratio!.ci[0]).toBe(1) // the interval ends at the equal pairs' 0
  })

  it('11 rounds of 7 ns with one 8 ns head run: no "+14.3% [+14.3%, +14.3%]"', () => {
    const c = compare('BM_7', runs(Array(11).fill(7)), runs([...Array(10).fill(7), 8]), {
      interleave: 'benchmark'
    })
    expect(c.ratio!.estimate).toBe(1)
    expect(c.ratio!.ci[0]).toBe(1)
    expect(c.ratio!.ci[1]).toBeLessThan(8 / 7)
    expect(c.pValue).toBe(1)
  })

  it('an A/A benchmark whose ratios are all exactly 1 is unchanged, at the level it attains', () => {
    const values = Array.from({ length: 20 }, (_, i) => 100 + i)
    const c = compare('BM_AA', runs(values), runs(values), { interleave: 'benchmark' })
    expect(c.verdict).toBe('unchanged')
    expect(c.ratio).toEqual({ estimate: 1, ci: [1, 1] })
    // Every ratio but 1 is rejected at p = 2^(1−20): the level stated, not the nominal 99%.
    expect(c.rangeLevel).toBeCloseTo(1 - 2 ** -19, 15)
    expect(c.warnings.map((w) => w.message).join('\n')).toMatch(/every difference is zero.*level 0\.999998/)
  })

  it('below the fewest pairs that can decide, all-equal pairs stay inconclusive (more rounds)', () => {
    const values = [5, 6, 7, 8, 9, 10]
    const c = compare('BM_AA6', runs(values), runs(values), { interleave: 'benchmark' })
    expect(c.verdict).toBe('inconclusive')
    expect(c.inconclusiveReason).toBe('level-unreachable')
    expect(c.advice?.kind).toBe('more-rounds')
  })
})

describe('timings too coarse to rank', () => {
  /** Integer-ns runs of an identical benchmark: 7 ns, 8 ns in some rounds on either side. */
  const coarse = (n: number) => ({
    base: runs(Array.from({ length: n }, (_, i) => (i % 5 === 1 ? 8 : 7))),
    head: runs(Array.from({ length: n }, (_, i) => (i % 5 === 3 ? 8 : 7)))
  })

  it.each([12, 20, 30])(
    'an identical integer-ns benchmark at %i rounds: "too coarse", never more rounds',
    (n) => {
      const { base, head } = coarse(n)
      const c = compare('BM_Int', base, head, { interleave: 'benchmark' })
      expect(c.verdict).toBe('inconclusive')
      expect(c.advice).toEqual({ kind: 'too-coarse' })
    }
  )

  it('a benchmark the timer resolves finely is not "too coarse"', () => {
    const base = Array.from({ length: 20 }, (_, i) => 1000 + ((i * 7) % 13))
    const head = Array.from({ length: 20 }, (_, i) => 1000 + ((i * 5) % 11))
    const c = compare('BM_Fine', runs(base), runs(head), { interleave: 'benchmark' })
    expect(c.advice?.kind).not.toBe('too-coarse')
  })
})

describe('Base/Head medians and the paired Change', () => {
  it('says why when the medians and the pairs disagree in sign', () => {
    // 7 rounds at 100 ns, head +3%; 5 rounds at 200 ns, head −5%: medians +3%, pairs about −1.1%.
    const base = [...Array(7).fill(100), ...Array(5).fill(200)]
    const head = base.map((b) => (b === 100 ? 103 : 190))
    const c = compare('BM_Mix', runs(base), runs(head), { interleave: 'benchmark' })
    expect(c.headLocation! / c.baseLocation!).toBeCloseTo(1.03, 12)
    expect(c.ratio!.estimate).toBeLessThan(1)
    const w = c.warnings.find((x) => x.code === 'medians-vs-pairs')
    expect(w?.message).toMatch(/each side's median \(\+3\.0% apart\); Change is the paired estimate \(-1\.1%/)
  })

  it('is silent when they agree', () => {
    const base = Array.from({ length: 12 }, (_, i) => 100 + i)
    const c = compare('BM_Same', runs(base), runs(base.map((b) => b * 1.03)), { interleave: 'benchmark' })
    expect(c.warnings.some((x) => x.code === 'medians-vs-pairs')).toBe(false)
  })
})
