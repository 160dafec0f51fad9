import { describe, expect, it } from '@jest/globals'
import { intraclassCorrelation } from '../../src/stats/icc.js'
import { seededRandom } from '../helpers/r.js'

describe('intraclassCorrelation', () => {
  it('balanced hand example', () => {
    // groups {1,2,3} {4,5,6}: grand 3.5; SSB = 3·(2−3.5)² + 3·(5−3.5)² = 13.5 (MSB 13.5); SSW = 4 (MSW 1)
    const r = intraclassCorrelation([
      [1, 2, 3],
      [4, 5, 6]
    ])
    expect(r.msb).toBeCloseTo(13.5, 14)
    expect(r.msw).toBeCloseTo(1, 14)
    expect(r.k0).toBe(3)
    expect(r.kDesign).toBe(3)
    expect(r.icc).toBeCloseTo(12.5 / 15.5, 14)
    expect(r.designEffect).toBeCloseTo(1 + 2 * (12.5 / 15.5), 14)
    expect(r.nEff).toBeCloseTo(6 / r.designEffect, 14)
    expect(r).toMatchObject({ groups: 2, n: 6, warnings: [] })
  })
  it('unequal sizes: k0 = (N − Σk²/N)/(g − 1) in the ICC, Σk²/N in the design effect', () => {
    const r = intraclassCorrelation([[1, 2], [3, 4, 5, 6], [7]])
    // N = 7, Σk² = 21: k0 = (7 − 3)/2 = 2, kDesign = 3
    expect(r.k0).toBeCloseTo(2, 15)
    expect(r.kDesign).toBeCloseTo(3, 15)
    expect(r.designEffect).toBeCloseTo(1 + 2 * (r.icc as number), 14)
  })
  it('k0 ≤ N/g ≤ kDesign, ICC in [0, 1], 1 ≤ deff ≤ kDesign (property)', () => {
    const rnd = seededRandom(21)
    for (let t = 0; t < 50; t++) {
      const g = 2 + Math.floor(rnd() * 8)
      const groups = Array.from({ length: g }, () => {
        const shift = rnd() * 3
        return Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => shift + rnd())
      })
      if (groups.every((grp) => grp.length === 1)) continue
      const r = intraclassCorrelation(groups)
      expect(r.k0 as number).toBeLessThanOrEqual(r.n / r.groups + 1e-12)
      expect(r.n / r.groups).toBeLessThanOrEqual(r.kDesign + 1e-12)
      expect(r.k0 as number).toBeGreaterThanOrEqual(1 - 1e-12)
      expect(r.icc as number).toBeGreaterThanOrEqual(0)
      expect(r.icc as number).toBeLessThanOrEqual(1)
      expect(r.designEffect).toBeGreaterThanOrEqual(1)
      expect(r.designEffect).toBeLessThanOrEqual(r.kDesign + 1e-12)
    }
  })
  it('clips a negative estimate at 0 and keeps the raw value', () => {
    const r = intraclassCorrelation([
      [1, 10],
      [1.1, 10.1],
      [0.9, 9.9]
    ])
    expect(r.iccRaw as number).toBeLessThan(0)
    expect(r.icc).toBe(0)
    expect(r.designEffect).toBe(1)
    expect(r.nEff).toBe(6)
  })
  it('one run: ICC null, deff 1, with a reason', () => {
    const r = intraclassCorrelation([[1, 2, 3, 4]])
    expect(r).toMatchObject({
      icc: null,
      iccRaw: null,
      designEffect: 1,
      nEff: 4,
      msb: null,
      k0: null,
      groups: 1
    })
    expect(r.msw).toBeCloseTo(5 / 3, 14)
    expect(r.warnings.join()).toMatch(/only one run/)
  })
  it('every run of size 1: ICC null, deff 1, with a reason', () => {
    const r = intraclassCorrelation([[1], [2], [4]])
    expect(r).toMatchObject({ icc: null, designEffect: 1, nEff: 3, msw: null, k0: 1, kDesign: 1 })
    expect(r.warnings.join()).toMatch(/one sample/)
  })
  it('zero variance: ICC 0, deff 1, warning, no NaN', () => {
    const r = intraclassCorrelation([
      [5, 5],
      [5, 5, 5]
    ])
    expect(r).toMatchObject({ icc: 0, iccRaw: 0, designEffect: 1, nEff: 5, msb: 0, msw: 0 })
    expect(r.warnings.join()).toMatch(/all values are equal/)
  })
  it('constant within runs, different between: ICC 1, deff = kDesign', () => {
    const r = intraclassCorrelation([
      [1, 1, 1],
      [2, 2, 2]
    ])
    expect(r.icc).toBe(1)
    expect(r.designEffect).toBe(3)
    expect(r.nEff).toBe(2)
  })
  it('ignores empty runs with a warning', () => {
    const r = intraclassCorrelation([[1, 2], [], [3, 5]])
    expect(r.groups).toBe(2)
    expect(r.warnings.join()).toMatch(/1 empty run/)
  })
  it('rejects no samples and non-finite values', () => {
    expect(() => intraclassCorrelation([])).toThrow(
      expect.objectContaining({ id: 'empty', subject: 'groups' })
    )
    expect(() => intraclassCorrelation([[], []])).toThrow(expect.objectContaining({ id: 'empty' }))
    expect(() =>
      intraclassCorrelation([
        [1, 2],
        [3, NaN]
      ])
    ).toThrow(expect.objectContaining({ id: 'not-finite', subject: 'groups[1]' }))
  })
})
