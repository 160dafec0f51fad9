// Standard normal functions (src/stats/normal.ts). Reference values from R 4.2.2 (`pnorm`, `qnorm`,
// printed with %.17g). Tolerances: Φ and 1 − Φ 1e-12 relative (stdlib's erfc loses up to ~2e-13 at
// |z| ≈ 37, see the module comment); Φ⁻¹ 1e-14 relative (a port of R's own algorithm).
// The live comparison over a grid is in __tests__/oracle/rankTests.oracle.test.ts.
import { describe, expect, it } from '@jest/globals'
import { StatsInputError } from '../../src/stats/errors.js'
import { normalCdf, normalQuantile, normalSf } from '../../src/stats/normal.js'
import { relDiff } from '../helpers/r.js'

describe('normalCdf / normalSf', () => {
  const cdf: Array<[number, number]> = [
    [-37, 5.7255712225245771e-300],
    [-30, 4.9067139271481872e-198],
    [-10, 7.6198530241605269e-24],
    [-1.96, 0.024997895148220428],
    [0, 0.5],
    [1.5, 0.93319279873114191],
    [8, 0.99999999999999933]
  ]
  it.each(cdf)('Φ(%p) as R pnorm', (z, r) => {
    expect(relDiff(normalCdf(z), r)).toBeLessThan(1e-12)
  })

  it.each([
    [37, 5.7255712225245771e-300],
    [30, 4.9067139271481872e-198],
    [10, 7.6198530241605269e-24]
  ])('1 − Φ(%p) keeps relative accuracy in the far tail', (z, r) => {
    expect(relDiff(normalSf(z), r)).toBeLessThan(1e-12)
  })

  it('is symmetric: Φ(−z) = 1 − Φ(z) exactly', () => {
    for (const z of [0.1, 0.7, 2, 5.5, 12, 36.9]) expect(normalCdf(-z)).toBe(normalSf(z))
  })

  it('handles infinities and NaN', () => {
    expect(normalCdf(-Infinity)).toBe(0)
    expect(normalCdf(Infinity)).toBe(1)
    expect(normalSf(Infinity)).toBe(0)
    expect(normalSf(-Infinity)).toBe(1)
    expect(normalCdf(NaN)).toBeNaN()
  })

  it('p-values at 1e-300 neither collapse to 0 nor to a table step', () => {
    const values = [36, 36.5, 37, 37.2].map((z) => 2 * normalSf(z))
    for (const p of values) expect(p).toBeGreaterThan(0)
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1])
  })
})

describe('normalQuantile', () => {
  it.each([
    [1e-300, -37.047096299361201],
    [1e-20, -9.2623400897984052],
    [1e-10, -6.3613409024040557],
    [0.001, -3.0902323061678132],
    [0.025, -1.9599639845400538],
    [0.3, -0.52440051270804067],
    [0.975, 1.9599639845400536],
    [0.999999, 4.7534243088170891]
  ])('Φ⁻¹(%p) as R qnorm', (p, r) => {
    expect(relDiff(normalQuantile(p), r)).toBeLessThan(1e-14)
  })

  it('gives 0 at ½ and ±Infinity at the ends', () => {
    expect(normalQuantile(0.5)).toBe(0)
    expect(normalQuantile(0)).toBe(-Infinity)
    expect(normalQuantile(1)).toBe(Infinity)
  })

  it('inverts Φ (where Φ(z) is not too close to 1 to hold z)', () => {
    for (const z of [-30, -8.5, -3, -0.2, 0.4, 2.5]) {
      expect(Math.abs(normalQuantile(normalCdf(z)) - z)).toBeLessThan(1e-9 * Math.max(1, Math.abs(z)))
    }
  })

  it.each([NaN, -0.1, 1.5])('rejects p = %p', (p) => {
    expect(() => normalQuantile(p)).toThrow(StatsInputError)
    expect(() => normalQuantile(p)).toThrow(expect.objectContaining({ id: 'domain', subject: 'p' }))
  })
})
