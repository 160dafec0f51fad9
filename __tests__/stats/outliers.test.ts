import { describe, expect, it } from '@jest/globals'
import { tukeyOutliers } from '../../src/stats/outliers.js'
import { seededRandom } from '../helpers/r.js'

describe('tukeyOutliers', () => {
  it('classifies mild and severe outliers per side', () => {
    // 1..9 plus extremes: q1/q3 from type 7 on the 12 values
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, -9, 19, 40]
    const r = tukeyOutliers(x)
    // sorted: -9 1 2 3 4 5 6 7 8 9 19 40; q1 = 2.75, q3 = 8.25, IQR = 5.5
    expect(r.q1).toBeCloseTo(2.75, 14)
    expect(r.q3).toBeCloseTo(8.25, 14)
    expect(r.fences.mildLow).toBeCloseTo(-5.5, 14)
    expect(r.fences.severeHigh).toBeCloseTo(24.75, 14)
    expect(r.mild).toEqual({ low: 1, high: 1, count: 2, indices: [9, 10] })
    expect(r.severe).toEqual({ low: 0, high: 1, count: 1, indices: [11] })
  })
  it('uses strict inequalities: a value on a fence is not an outlier', () => {
    // 1..8 plus v: q1 = x_(3) = 3, q3 = x_(7) = 7, IQR 4 → upper mild fence 13
    expect(tukeyOutliers([1, 2, 3, 4, 5, 6, 7, 8, 13]).mild.count).toBe(0)
    expect(tukeyOutliers([1, 2, 3, 4, 5, 6, 7, 8, 13.000001]).mild.high).toBe(1)
  })
  it('never removes anything and does not modify the input', () => {
    const x = [5, 1, 100, 3]
    tukeyOutliers(x)
    expect(x).toEqual([5, 1, 100, 3])
  })
  it('mild and severe are disjoint; counts add up (property)', () => {
    const rnd = seededRandom(3)
    for (let t = 0; t < 30; t++) {
      const x = Array.from({ length: 5 + Math.floor(rnd() * 60) }, () => Math.exp(2 * rnd() * rnd() * 3))
      const r = tukeyOutliers(x)
      expect(r.mild.indices.filter((i) => r.severe.indices.includes(i))).toEqual([])
      expect(r.mild.count).toBe(r.mild.indices.length)
      expect(r.severe.count).toBe(r.severe.low + r.severe.high)
      // shift invariance
      const s = tukeyOutliers(x.map((v) => v + 1000))
      expect(s.mild.indices).toEqual(r.mild.indices)
      expect(s.severe.indices).toEqual(r.severe.indices)
    }
  })
  it('warns on tiny samples and on IQR = 0', () => {
    expect(tukeyOutliers([1, 2, 3]).warnings.join()).toMatch(/crude/)
    const r = tukeyOutliers([5, 5, 5, 5, 5, 5, 6])
    expect(r.iqr).toBe(0)
    expect(r.severe.indices).toEqual([6])
    expect(r.warnings.join()).toMatch(/IQR is 0/)
  })
  it('n = 1: defined, no outliers', () => {
    expect(tukeyOutliers([3])).toMatchObject({
      q1: 3,
      q3: 3,
      iqr: 0,
      mild: { count: 0 },
      severe: { count: 0 }
    })
  })
  it('rejects empty and non-finite input', () => {
    expect(() => tukeyOutliers([])).toThrow(expect.objectContaining({ id: 'empty', subject: 'values' }))
    expect(() => tukeyOutliers([1, -Infinity])).toThrow(expect.objectContaining({ id: 'not-finite' }))
  })
})
