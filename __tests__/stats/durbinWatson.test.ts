import { describe, expect, it } from '@jest/globals'
import { durbinWatson } from '../../src/stats/durbinWatson.js'
import { seededRandom } from '../helpers/r.js'

describe('durbinWatson', () => {
  it('matches a hand computation', () => {
    // x = 1 5 2, mean 8/3: e = -5/3 7/3 -2/3; Σ diff² = 16 + 9 = 25; Σ e² = (25 + 49 + 4)/9 = 78/9
    const r = durbinWatson([1, 5, 2])
    expect(r.dw).toBeCloseTo(25 / (78 / 9), 14)
    expect(r.expected).toBe(2)
    expect(r.variance).toBeCloseTo(4 / 8, 15)
    expect(r.z).toBeCloseTo((r.dw - 2) / Math.sqrt(0.5), 14)
    expect(r.warnings).toEqual([])
  })
  it('lies in [0, 4]: low for a trend, high for alternation (property)', () => {
    expect(durbinWatson([1, 2, 3, 4, 5, 6, 7, 8]).dw).toBeLessThan(0.5)
    expect(durbinWatson([1, -1, 1, -1, 1, -1, 1, -1]).dw).toBeGreaterThan(3.4)
    const rnd = seededRandom(5)
    for (let t = 0; t < 20; t++) {
      const x = Array.from({ length: 3 + Math.floor(rnd() * 50) }, () => rnd())
      const d = durbinWatson(x).dw
      expect(d).toBeGreaterThanOrEqual(0)
      expect(d).toBeLessThanOrEqual(4)
      expect(durbinWatson(x.map((v) => 10 * v + 3)).dw).toBeCloseTo(d, 10)
    }
  })
  it('n = 2 is degenerate (DW = 2, Var = 0): z 0 with a warning', () => {
    const r = durbinWatson([3, 8])
    expect(r.dw).toBeCloseTo(2, 15)
    expect(r).toMatchObject({ variance: 0, z: 0 })
    expect(r.warnings.join()).toMatch(/at least 3/)
  })
  it('n = 1 and constant series: dw 2, z 0, warnings, no NaN', () => {
    const one = durbinWatson([4])
    expect(one).toMatchObject({ dw: 2, z: 0, variance: 0 })
    expect(one.warnings.length).toBeGreaterThan(0)
    const c = durbinWatson([4, 4, 4, 4])
    expect(c).toMatchObject({ dw: 2, z: 0 })
    expect(c.warnings.join()).toMatch(/constant/)
  })
  it('rejects empty and non-finite input', () => {
    expect(() => durbinWatson([])).toThrow(expect.objectContaining({ id: 'empty', subject: 'x' }))
    expect(() => durbinWatson([1, NaN, 2])).toThrow(expect.objectContaining({ id: 'not-finite' }))
  })
})
