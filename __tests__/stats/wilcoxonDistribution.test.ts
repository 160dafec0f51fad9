// The Wilcoxon rank-sum distribution (src/stats/wilcoxonDistribution.ts). Reference values from
// R 4.2.2 (`pwilcox`, `dwilcox`, `qwilcox`, printed with %.17g); probabilities to 1e-13 relative
// (R counts in doubles and divides by choose(), we build probabilities: both round differently),
// quantiles identical. A randomized grid against R is in __tests__/oracle/rankTests.oracle.test.ts.
import { describe, expect, it } from '@jest/globals'
import { StatsInputError } from '../../src/stats/errors.js'
import {
  dwilcox,
  MAX_EXACT_PRODUCT,
  minExactPValue,
  pwilcox,
  qwilcox
} from '../../src/stats/wilcoxonDistribution.js'
import { relDiff } from '../helpers/r.js'

const REL = 1e-13

describe('dwilcox / pwilcox / qwilcox against R', () => {
  it('pwilcox(q, 4, 6) both tails', () => {
    const lower = [0.033333333333333333, 0.54285714285714282, 0.96666666666666667]
    const upper = [0.96666666666666667, 0.45714285714285718, 0.033333333333333333]
    ;[3, 12, 20].forEach((q, i) => {
      expect(relDiff(pwilcox(q, 4, 6), lower[i])).toBeLessThan(REL)
      expect(relDiff(pwilcox(q, 4, 6, false), upper[i])).toBeLessThan(REL)
    })
  })

  it('dwilcox(x, 4, 6)', () => {
    const r = [0.0047619047619047623, 0.028571428571428571, 0.085714285714285715, 0.0047619047619047623]
    ;[0, 5, 12, 24].forEach((x, i) => expect(relDiff(dwilcox(x, 4, 6), r[i])).toBeLessThan(REL))
  })

  it('far tails at 49 × 49 and 40 × 45', () => {
    // R's choose(98, 49) goes through lgamma; its tail is itself ~5e-15 off
    expect(relDiff(pwilcox(0, 49, 49), 3.9250145964816453e-29)).toBeLessThan(1e-13)
    expect(relDiff(pwilcox(300, 40, 45), 1.268981817636411e-8)).toBeLessThan(1e-13)
  })

  it('qwilcox is identical to R', () => {
    expect([0.025, 0.05, 0.5, 0.975].map((p) => qwilcox(p, 10, 12))).toEqual([30, 35, 60, 90])
    expect(qwilcox(0.005, 49, 49)).toBe(840)
    expect(qwilcox(0.025, 49, 49)).toBe(925)
  })
})

describe('properties', () => {
  it('the mass sums to 1 and is symmetric about mn/2', () => {
    for (const [m, n] of [
      [1, 1],
      [3, 7],
      [12, 12],
      [20, 35]
    ]) {
      let s = 0
      for (let k = 0; k <= m * n; k++) {
        s += dwilcox(k, m, n)
        expect(relDiff(dwilcox(k, m, n), dwilcox(m * n - k, m, n))).toBeLessThan(1e-13)
      }
      expect(Math.abs(s - 1)).toBeLessThan(1e-13)
    }
  })

  it('is the same for (m, n) and (n, m)', () => {
    for (let q = 0; q <= 60; q += 7) expect(pwilcox(q, 5, 12)).toBe(pwilcox(q, 12, 5))
  })

  it('lower and upper tails add to 1', () => {
    for (let q = -1; q <= 31; q++) {
      expect(Math.abs(pwilcox(q, 5, 6) + pwilcox(q, 5, 6, false) - 1)).toBeLessThan(1e-15)
    }
  })

  it('matches brute-force enumeration for small sizes', () => {
    // all C(7, 3) placements of 3 x's among 7 ranks
    const counts = new Array(13).fill(0)
    for (let mask = 0; mask < 1 << 7; mask++) {
      let bits = 0
      let w = 0
      let ysBelow = 0
      for (let r = 0; r < 7; r++) {
        if (mask & (1 << r)) {
          bits++
          w += ysBelow
        } else ysBelow++
      }
      if (bits === 3) counts[w]++
    }
    counts.forEach((c, k) => expect(relDiff(dwilcox(k, 3, 4), c / 35)).toBeLessThan(1e-15))
  })

  it('qwilcox is the smallest q with P(W ≤ q) ≥ p', () => {
    for (const p of [0.001, 0.01, 0.025, 0.1, 0.33, 0.6, 0.9, 0.975, 0.999]) {
      const q = qwilcox(p, 8, 11)
      expect(pwilcox(q, 8, 11)).toBeGreaterThanOrEqual(p - 1e-12)
      if (q > 0) expect(pwilcox(q - 1, 8, 11)).toBeLessThan(p)
    }
    expect(qwilcox(0, 8, 11)).toBe(0)
    expect(qwilcox(1, 8, 11)).toBe(88)
  })

  it('pwilcox floors q (after adding 1e-7) and handles the ends', () => {
    expect(pwilcox(3.5, 4, 6)).toBe(pwilcox(3, 4, 6))
    expect(pwilcox(3.9999999999, 4, 6)).toBe(pwilcox(4, 4, 6))
    expect(pwilcox(-1, 4, 6)).toBe(0)
    expect(pwilcox(24, 4, 6)).toBe(1)
    expect(pwilcox(Infinity, 4, 6, false)).toBe(0)
    expect(dwilcox(2.5, 4, 6)).toBe(0)
    expect(dwilcox(-1, 4, 6)).toBe(0)
  })

  it('minExactPValue is 2 / C(m + n, m)', () => {
    expect(minExactPValue(1, 1)).toBe(1)
    expect(relDiff(minExactPValue(4, 6), 2 / 210)).toBeLessThan(1e-15)
    expect(relDiff(minExactPValue(49, 49), 2 * 3.9250145964816453e-29)).toBeLessThan(1e-13)
  })

  it('builds 49 × 49 and 100 × 100 tables', () => {
    expect(qwilcox(0.5, 49, 48)).toBeGreaterThan(0)
    expect(relDiff(pwilcox(5000, 100, 100), 0.5 + dwilcox(5000, 100, 100) / 2)).toBeLessThan(1e-12)
  })
})

describe('bad input', () => {
  it.each([
    [0, 5, 'm'],
    [5, 0, 'n'],
    [2.5, 5, 'm'],
    [NaN, 5, 'm'],
    [5, -1, 'n']
  ])('rejects m = %p, n = %p', (m, n, subject) => {
    expect(() => pwilcox(1, m, n)).toThrow(expect.objectContaining({ id: 'domain', subject }))
  })

  it('rejects sizes beyond MAX_EXACT_PRODUCT', () => {
    expect(() => pwilcox(1, 101, 100)).toThrow(StatsInputError)
    expect(() => qwilcox(0.5, MAX_EXACT_PRODUCT + 1, 1)).toThrow(expect.objectContaining({ id: 'domain' }))
  })

  it('rejects NaN q and p outside [0, 1]', () => {
    expect(() => pwilcox(NaN, 3, 3)).toThrow(expect.objectContaining({ id: 'domain', subject: 'q' }))
    expect(() => dwilcox(NaN, 3, 3)).toThrow(expect.objectContaining({ id: 'domain', subject: 'x' }))
    expect(() => qwilcox(1.2, 3, 3)).toThrow(expect.objectContaining({ id: 'domain', subject: 'p' }))
    expect(() => qwilcox(NaN, 3, 3)).toThrow(StatsInputError)
    expect(() => minExactPValue(0, 3)).toThrow(expect.objectContaining({ id: 'domain', subject: 'm' }))
  })
})
