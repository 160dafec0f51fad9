/**
 * The order-statistic interval for a median (stats/medianInterval.ts). Coverages checked against R:
 * 1 - 2 * pbinom(k - 1, n, 0.5), e.g. n = 20, k = 6: 0.9586105.
 */
import { describe, expect, it } from '@jest/globals'
import { medianInterval } from '../../src/stats/medianInterval.js'

describe('medianInterval', () => {
  it('takes the narrowest order statistics that cover the median with ≥ 95% (binomial), and says the coverage', () => {
    // n = 8: k = 1 covers 1 − 2/256 = 99.2%; k = 2 covers 1 − 2·9/256 = 93.0% < 95%: so min..max
    const eight = medianInterval([5, 1, 7, 3, 8, 2, 6, 4])
    expect(eight).toEqual({ median: 4.5, lo: 1, hi: 8, level: 1 - 2 / 256, k: 1 })
    // n = 20: k = 6 covers 1 − 2·P(B ≤ 5) = 95.9%, k = 7 93.6%
    const twenty = medianInterval(Array.from({ length: 20 }, (_, i) => i + 1))
    expect([twenty.lo, twenty.hi, twenty.k]).toEqual([6, 15, 6])
    expect(twenty.level).toBeCloseTo(0.958610535, 8)
    // n = 5 cannot reach 95%: min..max, at 93.75%
    expect(medianInterval([1, 2, 3, 4, 5])).toMatchObject({ lo: 1, hi: 5, level: 0.9375 })
    expect(() => medianInterval([])).toThrow('empty')
  })
})

describe('medianInterval coverage', () => {
  it('is never below the requested level once n ≥ 6, and is the narrowest such (k + 1 would fall below)', () => {
    const cover = (n: number, k: number) => {
      let tail = 0
      for (let j = 0; j < k; j++) tail += Math.exp(lchoose(n, j) - n * Math.LN2)
      return 1 - 2 * tail
    }
    for (let n = 6; n <= 200; n++) {
      const m = medianInterval(Array.from({ length: n }, (_, i) => i))
      expect(m.level).toBeCloseTo(cover(n, m.k), 12)
      expect(m.level).toBeGreaterThanOrEqual(0.95)
      if (m.k < Math.ceil(n / 2)) expect(cover(n, m.k + 1)).toBeLessThan(0.95)
    }
  })
})

function lchoose(n: number, k: number): number {
  let s = 0
  for (let i = 1; i <= k; i++) s += Math.log((n - k + i) / i)
  return s
}
