import { describe, expect, it } from '@jest/globals'
import { adjustPValues, type Correction } from '../../src/stats/multiplicity.js'
import { seededRandom } from '../helpers/r.js'

describe('adjustPValues', () => {
  it('Holm and BH on a small example (R p.adjust)', () => {
    const p = [0.01, 0.04, 0.03, 0.005]
    // R: p.adjust(p, "holm") = 0.03 0.06 0.06 0.02 ; p.adjust(p, "BH") = 0.02 0.04 0.04 0.02
    expect(adjustPValues(p, 'holm')).toEqual([0.03, 0.06, 0.06, 0.02])
    expect(adjustPValues(p, 'bh').map((v) => +v.toFixed(12))).toEqual([0.02, 0.04, 0.04, 0.02])
    expect(adjustPValues(p, 'none')).toEqual(p)
  })
  it('keeps NaN in place and counts only the non-NaN values (as R NA)', () => {
    // R: p.adjust(c(0.01, NA, 0.02), "holm") = 0.02 NA 0.02
    const r = adjustPValues([0.01, NaN, 0.02], 'holm')
    expect(r[0]).toBeCloseTo(0.02, 15)
    expect(r[1]).toBeNaN()
    expect(r[2]).toBeCloseTo(0.02, 15)
    expect(adjustPValues([NaN, NaN], 'bh').every(Number.isNaN)).toBe(true)
    expect(adjustPValues([NaN, 0.03], 'holm')[1]).toBe(0.03)
  })
  it('ties get equal adjusted values', () => {
    for (const m of ['holm', 'bh'] as Correction[]) {
      const r = adjustPValues([0.02, 0.01, 0.02, 0.02], m)
      expect(r[0]).toBe(r[2])
      expect(r[2]).toBe(r[3])
    }
  })
  it('adjusted ≥ raw, ≤ 1, Holm ≥ BH, order preserved (property)', () => {
    const rnd = seededRandom(4)
    for (let t = 0; t < 30; t++) {
      const p = Array.from({ length: 1 + Math.floor(rnd() * 60) }, () => rnd() ** 3)
      const h = adjustPValues(p, 'holm')
      const b = adjustPValues(p, 'bh')
      p.forEach((v, i) => {
        expect(h[i]).toBeGreaterThanOrEqual(v)
        expect(b[i]).toBeGreaterThanOrEqual(v)
        expect(h[i]).toBeLessThanOrEqual(1)
        expect(h[i]).toBeGreaterThanOrEqual(b[i])
        p.forEach((w, j) => {
          if (v < w) {
            expect(h[i]).toBeLessThanOrEqual(h[j])
            expect(b[i]).toBeLessThanOrEqual(b[j])
          }
        })
      })
    }
  })
  it('does not modify the input and returns a new array', () => {
    const p = [0.5, 0.1]
    const r = adjustPValues(p, 'none')
    expect(r).not.toBe(p)
    adjustPValues(p, 'holm')
    expect(p).toEqual([0.5, 0.1])
  })
  it('empty input gives an empty result', () => {
    expect(adjustPValues([], 'holm')).toEqual([])
  })
  it('rejects p outside [0, 1] and unknown methods', () => {
    expect(() => adjustPValues([0.1, 1.5], 'holm')).toThrow(
      expect.objectContaining({ id: 'domain', subject: 'p[1]' })
    )
    expect(() => adjustPValues([-0.1], 'bh')).toThrow(expect.objectContaining({ id: 'domain' }))
    expect(() => adjustPValues([Infinity], 'none')).toThrow(expect.objectContaining({ id: 'domain' }))
    expect(() => adjustPValues([0.1], 'bonferroni' as Correction)).toThrow(
      expect.objectContaining({ subject: 'method' })
    )
  })
})
