import { describe, expect, it } from '@jest/globals'
import { acf, chiSquareUpperTail, defaultLags, ljungBox } from '../../src/stats/acf.js'
import { StatsInputError } from '../../src/stats/errors.js'
import { relDiff, seededRandom } from '../helpers/r.js'

function ar1(n: number, phi: number, seed: number): number[] {
  const rnd = seededRandom(seed)
  const out: number[] = []
  let prev = 0
  for (let i = 0; i < n; i++) {
    const e = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
    prev = phi * prev + e
    out.push(prev)
  }
  return out
}

describe('acf', () => {
  it('matches a hand computation', () => {
    // x = 1..4, mean 2.5, d = -1.5 -.5 .5 1.5, Σd² = 5; r1 = (.75 - .25 + .75)/5 = .25; r2 = (-.75 - .75)/5 = -.3
    const a = acf([1, 2, 3, 4], 2)
    expect(a.r[0]).toBeCloseTo(0.25, 15)
    expect(a.r[1]).toBeCloseTo(-0.3, 15)
    expect(a.maxLag).toBe(2)
    expect(a.band).toBeCloseTo(0.98, 15)
    expect(a.warnings).toEqual([])
  })
  it('clips lags beyond n - 1 with a warning (as R)', () => {
    const a = acf([1, 3, 2], 5)
    expect(a.maxLag).toBe(2)
    expect(a.r).toHaveLength(2)
    expect(a.warnings.join()).toMatch(/clipped/)
  })
  it('constant series: r = 0 with a warning, no NaN', () => {
    const a = acf([7, 7, 7, 7, 7], 3)
    expect(a.r).toEqual([0, 0, 0])
    expect(a.warnings.join()).toMatch(/constant/)
  })
  it('|r_k| ≤ 1 and is invariant under affine maps (property)', () => {
    const x = ar1(80, 0.5, 3)
    const a = acf(x, 10)
    const b = acf(
      x.map((v) => 3 * v - 1e3),
      10
    )
    a.r.forEach((r, i) => {
      expect(Math.abs(r)).toBeLessThanOrEqual(1)
      expect(b.r[i]).toBeCloseTo(r, 10)
    })
  })
  it('rejects bad input', () => {
    expect(() => acf([], 1)).toThrow(expect.objectContaining({ id: 'empty' }))
    expect(() => acf([1, NaN], 1)).toThrow(expect.objectContaining({ id: 'not-finite' }))
    expect(() => acf([1, 2], -1)).toThrow(expect.objectContaining({ id: 'domain', subject: 'maxLag' }))
    expect(() => acf([1, 2], 1.5)).toThrow(StatsInputError)
  })
})

describe('ljungBox', () => {
  it('uses h = min(10, floor(n/5)) by default', () => {
    expect(defaultLags(4)).toBe(0)
    expect(defaultLags(7)).toBe(1)
    expect(defaultLags(49)).toBe(9)
    expect(defaultLags(1000)).toBe(10)
    expect(ljungBox(ar1(30, 0, 1)).lags).toBe(6)
  })
  it('Q follows the definition', () => {
    const x = ar1(40, 0.2, 5)
    const lb = ljungBox(x, { lags: 4 })
    const n = x.length
    const r = acf(x, 4).r
    const q = n * (n + 2) * r.reduce((s, rk, i) => s + (rk * rk) / (n - i - 1), 0)
    expect(relDiff(lb.q, q)).toBeLessThan(1e-14)
    expect(lb.df).toBe(4)
    expect(lb.acf).toEqual(r)
  })
  it('flags strong AR(1) with a tiny, non-zero p-value and a warning', () => {
    const lb = ljungBox(ar1(400, 0.8, 9))
    expect(lb.pValue).toBeGreaterThan(0)
    expect(lb.pValue).toBeLessThan(1e-50)
    expect(lb.autocorrelated).toBe(true)
    expect(lb.outsideBand).toContain(1)
    expect(lb.warnings.join()).toMatch(/autocorrelated: time-dependent noise/)
  })
  it('white noise is usually not flagged', () => {
    let flagged = 0
    for (let s = 0; s < 50; s++) if (ljungBox(ar1(100, 0, 100 + s)).autocorrelated) flagged++
    expect(flagged).toBeLessThanOrEqual(4) // α = 0.01 → expect ~0.5 of 50
  })
  it('too few points: defined result (q 0, p 1) with a warning, not a throw', () => {
    for (const x of [[1], [1, 2], [3, 1, 2, 5]]) {
      const lb = ljungBox(x)
      expect(lb).toMatchObject({ q: 0, df: 0, pValue: 1, lags: 0, acf: [], autocorrelated: false })
      expect(lb.warnings.join()).toMatch(/too few samples/)
    }
  })
  it('explicit lags beyond n - 1 are clipped with a warning', () => {
    const lb = ljungBox([1, 4, 2, 8, 5], { lags: 10 })
    expect(lb.lags).toBe(4)
    expect(lb.warnings.join()).toMatch(/clipped/)
  })
  it('constant series: q 0, p 1, warning, no NaN', () => {
    const lb = ljungBox(new Array(30).fill(3))
    expect(lb).toMatchObject({ q: 0, pValue: 1, autocorrelated: false })
    expect(lb.acf.every((r) => r === 0)).toBe(true)
    expect(lb.warnings.join()).toMatch(/constant/)
  })
  it('rejects bad input and options', () => {
    expect(() => ljungBox([])).toThrow(expect.objectContaining({ id: 'empty' }))
    expect(() => ljungBox([1, Infinity, 2])).toThrow(expect.objectContaining({ id: 'not-finite' }))
    expect(() => ljungBox([1, 2, 3], { lags: 0 })).toThrow(
      expect.objectContaining({ id: 'domain', subject: 'lags' })
    )
    expect(() => ljungBox([1, 2, 3], { alpha: 1 })).toThrow(
      expect.objectContaining({ id: 'domain', subject: 'alpha' })
    )
  })
})

describe('chiSquareUpperTail', () => {
  // Reference values: R pchisq(x, df, lower.tail = FALSE), printed with %.17g.
  const cases: Array<[number, number, number]> = [
    [1, 1, 0.31731050786291415],
    [5, 3, 0.17179714429673321],
    [30, 10, 0.00085664121077530053],
    [100, 7, 1.0787979671702883e-18],
    [400, 10, 9.4132919911834778e-80],
    [1000, 1, 1.7958327848007259e-219],
    [1300, 2, 5.111951948651156e-283],
    [1380, 9, 1.6193487293749052e-291],
    [0.003, 4, 0.99999887612436733],
    [50, 1, 1.5374597944280343e-12]
  ]
  it.each(cases)('P(χ² ≥ %p; df = %p) matches R to 1e-9 relative', (x, df, p) => {
    expect(relDiff(chiSquareUpperTail(x, df), p)).toBeLessThan(1e-9)
  })
  it('handles the boundaries', () => {
    expect(chiSquareUpperTail(0, 3)).toBe(1)
    expect(chiSquareUpperTail(Infinity, 3)).toBe(0)
    expect(() => chiSquareUpperTail(1, 0)).toThrow(StatsInputError)
  })
})
