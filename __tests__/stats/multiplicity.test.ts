import { describe, expect, it } from '@jest/globals'
import { adjustPValues, benjaminiHochberg, type Correction } from '../../src/stats/multiplicity.js'
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

describe('benjaminiHochberg', () => {
  it('rejects p_(i) ≤ i·q/n up to the largest such i (step-up), as q-value ≤ q', () => {
    // n = 5, q = 0.05: thresholds 0.01, 0.02, 0.03, 0.04, 0.05. p_(3) = 0.025 ≤ 0.03 rejects the three
    // smallest even though p_(2) = 0.021 > 0.02 (step-up, not step-down).
    const p = [0.025, 0.005, 0.9, 0.021, 0.045]
    const r = benjaminiHochberg(p, 0.05)
    expect(r.rejected).toEqual([true, true, false, true, false])
    expect(r.qValues).toEqual(adjustPValues(p, 'bh'))
  })

  it('agrees with the explicit step-up rule on random p-values (property)', () => {
    let s = 7
    const rnd = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646
    for (let t = 0; t < 200; t++) {
      const n = 1 + Math.floor(rnd() * 40)
      const p = Array.from({ length: n }, () => (rnd() < 0.3 ? rnd() * 0.01 : rnd()))
      const q = 0.01 + rnd() * 0.2
      const sorted = p.slice().sort((a, b) => a - b)
      let k = 0
      sorted.forEach((v, i) => {
        if (v <= ((i + 1) * q) / n) k = i + 1
      })
      const cut = k === 0 ? -1 : sorted[k - 1]
      const expected = p.map((v) => v <= cut)
      const got = benjaminiHochberg(p, q).rejected
      // Floating-point: (n/i)·p vs i·q/n can differ in the last bit exactly at a threshold.
      got.forEach((g, i) => {
        if (g !== expected[i]) expect(Math.abs(p[i] - cut) / cut).toBeLessThan(1e-12)
      })
    }
  })

  it('never rejects NaN and keeps it out of the family; rejects q outside (0, 1)', () => {
    const r = benjaminiHochberg([NaN, 0.001, 0.5], 0.01)
    expect(r.rejected).toEqual([false, true, false])
    expect(r.qValues[1]).toBeCloseTo(0.002, 15)
    for (const q of [0, 1, NaN, -0.1])
      expect(() => benjaminiHochberg([0.1], q)).toThrow(
        expect.objectContaining({ id: 'domain', subject: 'q' })
      )
  })
})
