import { describe, expect, it } from '@jest/globals'
import { StatsInputError } from '../../src/stats/errors.js'
import { MAD_CONSTANT, mean, median, quantileType7, summarize } from '../../src/stats/summary.js'
import { seededRandom } from '../helpers/r.js'

describe('quantileType7', () => {
  it('matches R type 7 on small cases', () => {
    // R: quantile(1:4, c(0, .25, .5, .75, 1)) = 1 1.75 2.5 3.25 4
    expect([0, 0.25, 0.5, 0.75, 1].map((p) => quantileType7([1, 2, 3, 4], p))).toEqual([
      1, 1.75, 2.5, 3.25, 4
    ])
    // R: quantile(c(1, 2, 3, 4, 5, 6, 7), 0.3) = 2.8
    expect(quantileType7([1, 2, 3, 4, 5, 6, 7], 0.3)).toBeCloseTo(2.8, 14)
    expect(quantileType7([5], 0.7)).toBe(5)
  })
  it('does not interpolate between equal values', () => {
    expect(quantileType7([2, 2, 2, 9], 0.5)).toBe(2)
  })
  it('rejects empty input and p outside [0, 1]', () => {
    expect(() => quantileType7([], 0.5)).toThrow(StatsInputError)
    expect(() => quantileType7([1], 1.5)).toThrow(expect.objectContaining({ id: 'domain', subject: 'p' }))
    expect(() => quantileType7([1], NaN)).toThrow(expect.objectContaining({ id: 'domain' }))
  })
  it('is monotone in p', () => {
    const rnd = seededRandom(7)
    const xs = Float64Array.from({ length: 37 }, () => rnd() * 100).sort()
    let prev = -Infinity
    for (let p = 0; p <= 1.0000001; p += 0.01) {
      const q = quantileType7(xs, Math.min(1, p))
      expect(q).toBeGreaterThanOrEqual(prev)
      prev = q
    }
  })
})

describe('median / mean', () => {
  it('median of odd and even samples', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
  it('mean is refined (two-pass)', () => {
    expect(mean([1e16, 1, -1e16, 1])).toBeCloseTo(0.5, 0)
    expect(mean([0.1, 0.2, 0.3])).toBeCloseTo(0.2, 15)
  })
  it('reject empty and non-finite input', () => {
    expect(() => median([])).toThrow(expect.objectContaining({ id: 'empty' }))
    expect(() => mean([1, NaN])).toThrow(expect.objectContaining({ id: 'not-finite' }))
  })
})

describe('summarize', () => {
  it('computes every field like R', () => {
    // R: x <- c(3,1,4,1,5,9,2,6); quantile(x); mean; sd; mad
    const s = summarize([3, 1, 4, 1, 5, 9, 2, 6])
    expect(s).toMatchObject({ n: 8, min: 1, q1: 1.75, median: 3.5, mean: 3.875, q3: 5.25, max: 9 })
    expect(s.sd).toBeCloseTo(2.748376, 6)
    expect(s.cv).toBeCloseTo(2.748376 / 3.875, 6)
    expect(s.mad).toBeCloseTo(2.9652, 10) // 1.4826 * median(|x - 3.5|) = 1.4826 * 2
    expect(s.warnings).toEqual([])
  })
  it('n = 1: sd and cv are null with a warning, MAD 0', () => {
    const s = summarize([42])
    expect(s).toMatchObject({
      n: 1,
      min: 42,
      q1: 42,
      median: 42,
      mean: 42,
      q3: 42,
      max: 42,
      sd: null,
      cv: null,
      mad: 0
    })
    expect(s.warnings.join()).toMatch(/n = 1/)
  })
  it('zero mean: cv null with a warning', () => {
    const s = summarize([-1, 1])
    expect(s.cv).toBeNull()
    expect(s.sd).toBeCloseTo(Math.SQRT2, 15)
    expect(s.warnings.join()).toMatch(/mean is 0/)
  })
  it('constant sample: sd 0, cv 0, mad 0', () => {
    expect(summarize([5, 5, 5])).toMatchObject({ sd: 0, cv: 0, mad: 0 })
  })
  it('does not modify the input', () => {
    const x = [3, 1, 2]
    summarize(x)
    expect(x).toEqual([3, 1, 2])
  })
  it('is location/scale equivariant (property)', () => {
    const rnd = seededRandom(11)
    for (let t = 0; t < 20; t++) {
      const x = Array.from({ length: 3 + Math.floor(rnd() * 40) }, () => rnd() * 10)
      const a = 2 + rnd() * 5
      const b = rnd() * 100
      const s = summarize(x)
      const u = summarize(x.map((v) => a * v + b))
      for (const k of ['min', 'q1', 'median', 'mean', 'q3', 'max'] as const)
        expect(u[k]).toBeCloseTo(a * s[k] + b, 8)
      expect(u.sd as number).toBeCloseTo(a * (s.sd as number), 8)
      expect(u.mad).toBeCloseTo(a * s.mad, 8)
      expect(s.min <= s.q1 && s.q1 <= s.median && s.median <= s.q3 && s.q3 <= s.max).toBe(true)
    }
  })
  it('uses the R mad constant', () => {
    expect(MAD_CONSTANT).toBe(1.4826)
  })
  it('rejects empty and non-finite input with StatsInputError', () => {
    expect(() => summarize([])).toThrow(expect.objectContaining({ id: 'empty', subject: 'values' }))
    expect(() => summarize([1, Infinity])).toThrow(expect.objectContaining({ id: 'not-finite' }))
    expect(() => summarize([NaN])).toThrow(StatsInputError)
  })
})
