import { describe, expect, it } from '@jest/globals'
import { DEFAULT_DRIFT_DELTA, drift, theilSen } from '../../src/stats/drift.js'
import { seededRandom } from '../helpers/r.js'

describe('theilSen', () => {
  it('recovers an exact line', () => {
    const r = theilSen([0, 1, 2, 3, 4], [1, 3, 5, 7, 9])
    expect(r).toEqual({ slope: 2, intercept: 1, pairs: 10 })
  })
  it('ignores a minority of gross outliers', () => {
    const xs = Array.from({ length: 20 }, (_, i) => i)
    const ys = xs.map((x) => 10 + 0.5 * x)
    ys[3] = 1000
    ys[15] = -500
    const r = theilSen(xs, ys)
    expect(r.slope).toBeCloseTo(0.5, 12)
    expect(r.intercept).toBeCloseTo(10, 12)
  })
  it('skips pairs with tied x', () => {
    const r = theilSen([0, 0, 1, 1], [0, 10, 1, 11])
    // pairs with distinct x: (0,1):1 (0,11):11 (10,1):-9 (10,11):1 → median of -9 1 1 11 = 1
    expect(r.slope).toBe(1)
    expect(r.pairs).toBe(4)
  })
  it('is equivariant: slope(a·y + b·x) = a·slope + b (property)', () => {
    const rnd = seededRandom(8)
    for (let t = 0; t < 20; t++) {
      const n = 3 + Math.floor(rnd() * 30)
      const xs = Array.from({ length: n }, (_, i) => i)
      const ys = xs.map(() => rnd())
      const a = 1 + rnd() * 3
      const b = rnd() - 0.5
      const s = theilSen(xs, ys).slope
      expect(
        theilSen(
          xs,
          ys.map((y, i) => a * y + b * xs[i])
        ).slope
      ).toBeCloseTo(a * s + b, 10)
    }
  })
  it('rejects bad input', () => {
    expect(() => theilSen([1, 2], [1])).toThrow(expect.objectContaining({ id: 'arguments' }))
    expect(() => theilSen([1], [1])).toThrow(expect.objectContaining({ id: 'too-small' }))
    expect(() => theilSen([], [])).toThrow(expect.objectContaining({ id: 'empty' }))
    expect(() => theilSen([2, 2, 2], [1, 2, 3])).toThrow(
      expect.objectContaining({ id: 'too-small', subject: 'xs' })
    )
    expect(() => theilSen([1, 2], [1, NaN])).toThrow(
      expect.objectContaining({ id: 'not-finite', subject: 'ys' })
    )
  })
})

describe('drift', () => {
  it('relative total = slope·(rounds − 1)/median', () => {
    const m = Array.from({ length: 11 }, (_, i) => 100 + 0.5 * i) // 5% over 10 rounds, median 102.5
    const r = drift(m)
    expect(r.slopePerRound).toBeCloseTo(0.5, 12)
    expect(r.relativeTotal as number).toBeCloseTo(5 / 102.5, 12)
    expect(r.exceeds).toBe(true)
    expect(r.warnings.join()).toMatch(/drift over the whole measurement is 4\.88%, more than δ = 2\.00%/)
  })
  it('flat series does not exceed δ', () => {
    const rnd = seededRandom(1)
    const r = drift(Array.from({ length: 24 }, () => 1000 * (1 + 0.002 * (rnd() - 0.5))))
    expect(Math.abs(r.relativeTotal as number)).toBeLessThan(DEFAULT_DRIFT_DELTA)
    expect(r.exceeds).toBe(false)
    expect(r.warnings).toEqual([])
  })
  it('honours a custom δ', () => {
    const m = [100, 100.5, 101, 101.5, 102]
    expect(drift(m, { delta: 0.05 }).exceeds).toBe(false)
    expect(drift(m, { delta: 0.01 }).exceeds).toBe(true)
  })
  it('one round: slope 0 with a warning; few rounds: fragile warning', () => {
    expect(drift([5])).toMatchObject({ slopePerRound: 0, relativeTotal: 0, rounds: 1, exceeds: false })
    expect(drift([5]).warnings.join()).toMatch(/one round/)
    expect(drift([5, 6, 7]).warnings.join()).toMatch(/fragile/)
  })
  it('zero median: relativeTotal null with a warning', () => {
    const r = drift([-1, 0, 1])
    expect(r.relativeTotal).toBeNull()
    expect(r.exceeds).toBe(false)
    expect(r.warnings.join()).toMatch(/relative drift is undefined/)
  })
  it('rejects bad input', () => {
    expect(() => drift([])).toThrow(expect.objectContaining({ id: 'empty' }))
    expect(() => drift([1, NaN])).toThrow(expect.objectContaining({ id: 'not-finite' }))
    expect(() => drift([1, 2], { delta: 0 })).toThrow(
      expect.objectContaining({ id: 'domain', subject: 'delta' })
    )
  })
})

describe("drift warning rule (STATISTICS §5: > δ and Sen's 99% interval excludes 0)", () => {
  // 20 rounds of run medians with 2% lognormal noise: the size rule alone flagged ~19% of these.
  const simulate = (trendOverRun: number, sd: number, reps: number, seed: number) => {
    const rnd = seededRandom(seed)
    const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
    let sizeOnly = 0
    let warned = 0
    for (let r = 0; r < reps; r++) {
      const ys = Array.from(
        { length: 20 },
        (_, i) => 1000 * (1 + (trendOverRun * i) / 19) * Math.exp(sd * normal())
      )
      const d = drift(ys, { delta: DEFAULT_DRIFT_DELTA })
      if (d.exceeds) sizeOnly++
      if (d.significant) warned++
    }
    return { sizeOnly: sizeOnly / reps, warned: warned / reps }
  }

  it('rarely warns on pure noise (at most the 1% level plus a binomial margin), unlike the size rule', () => {
    const { sizeOnly, warned } = simulate(0, 0.02, 4000, 2024)
    expect(sizeOnly).toBeGreaterThan(0.1) // the old rule's false alarms, reproduced
    // 1% nominal; 3 binomial SEs at n = 4000 is 0.47%.
    expect(warned).toBeLessThanOrEqual(0.01 + 3 * Math.sqrt((0.01 * 0.99) / 4000))
  })

  it('warns on a real 6% drift over the measurement with 1% noise', () => {
    expect(simulate(0.06, 0.01, 500, 7).warned).toBeGreaterThan(0.95)
  })
})
