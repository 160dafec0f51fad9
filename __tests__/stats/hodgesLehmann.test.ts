// Hodges-Lehmann shift and ratio (src/stats/hodgesLehmann.ts).
// Golden cases: computed by R 4.2.2 (scripts/r/golden-rank-tests.R; regenerate with
// `Rscript scripts/r/golden-rank-tests.R`), one `it` per JSON file in __tests__/golden/hodges-lehmann/.
// Tolerances (STATISTICS.md §8):
// - shift: estimate identical to median(outer(x, y, "-")); CI identical to R's exact CI, or to the
//   order statistics D_(k_lo), D_(k_hi) of §2 in the asymptotic case, which must also lie within R's
//   uniroot tolerance of R's interval (2·tol.root + 1e-12·|value|); R's asymptotic estimate (an
//   arbitrary point of the flat middle) must lie in [D_(⌊(mn+1)/2⌋), D_(⌈(mn+1)/2⌉)] within tol.root.
// - ratio: 1e-12 relative (R's log and Math.log may differ in the last bit).
// - achieved confidence level: 1e-12 relative.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { StatsInputError } from '../../src/stats/errors.js'
import {
  hodgesLehmann,
  hodgesLehmannRatio,
  hodgesLehmannRatioSorted,
  hodgesLehmannSorted,
  kthPairwiseDifference,
  medianPairwiseDifference
} from '../../src/stats/hodgesLehmann.js'
import { relDiff, seededRandom } from '../helpers/r.js'

const here = dirname(fileURLToPath(import.meta.url))
const goldenDir = join(here, '..', 'golden', 'hodges-lehmann')

interface HlCase {
  input: { x: number[]; y: number[]; exact?: boolean; correct?: boolean; confLevel: number; ratio: boolean }
  output: {
    estimate: number
    ci: [number, number]
    method: 'exact' | 'normal'
    confLevel: number
    r_ci: [number, number]
    r_estimate: number
    tol_root: number
  }
}

const files = readdirSync(goldenDir)
  .filter((f) => f.endsWith('.json'))
  .sort()

const sorted = (v: ArrayLike<number>): Float64Array => Float64Array.from(v).sort()

describe('golden cases from R wilcox.test(conf.int = TRUE)', () => {
  it('has golden files', () => expect(files.length).toBeGreaterThan(10))
  it.each(files)('%s', (file) => {
    const { input, output } = JSON.parse(readFileSync(join(goldenDir, file), 'utf8')) as HlCase
    const opts = { confLevel: input.confLevel, exact: input.exact, correct: input.correct }
    const r = input.ratio ? hodgesLehmannRatio(input.x, input.y, opts) : hodgesLehmann(input.x, input.y, opts)
    expect(r.method).toBe(output.method)
    expect(relDiff(r.confLevel, output.confLevel)).toBeLessThan(1e-12)
    if (input.ratio) {
      expect(relDiff(r.estimate, output.estimate)).toBeLessThan(1e-12)
      for (let i = 0; i < 2; i++) {
        expect(relDiff(r.ci[i], output.ci[i])).toBeLessThan(1e-12)
        const gap = Math.abs(Math.log(r.ci[i]) - Math.log(output.r_ci[i]))
        expect(gap).toBeLessThanOrEqual(2 * output.tol_root + 1e-12)
      }
      return
    }
    expect(r.estimate).toBe(output.estimate)
    expect(r.ci).toEqual(output.ci)
    for (let i = 0; i < 2; i++) {
      const gap = Math.abs(r.ci[i] - output.r_ci[i])
      expect(gap).toBeLessThanOrEqual(2 * output.tol_root + 1e-12 * Math.abs(r.ci[i]))
    }
    if (r.method === 'normal') {
      const xs = sorted(input.x)
      const ys = sorted(input.y)
      const mn = xs.length * ys.length
      const lo = kthPairwiseDifference(xs, ys, Math.floor((mn + 1) / 2))
      const hi = kthPairwiseDifference(xs, ys, Math.ceil((mn + 1) / 2))
      expect(output.r_estimate).toBeGreaterThanOrEqual(lo - output.tol_root)
      expect(output.r_estimate).toBeLessThanOrEqual(hi + output.tol_root)
    }
  })
})

function gen(seed: number) {
  const rnd = seededRandom(seed)
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
  return { rnd, normal }
}

/** Sorted multiset of all differences, for brute-force checks. */
function allDifferences(x: ArrayLike<number>, y: ArrayLike<number>): Float64Array {
  const d: number[] = []
  for (let i = 0; i < x.length; i++) for (let j = 0; j < y.length; j++) d.push(x[i] - y[j])
  return Float64Array.from(d).sort()
}

describe('selection of D_(k) without building D', () => {
  it('equals sort(outer(x, y, "-"))[k] for every k (ties, negatives, mixed magnitudes)', () => {
    const { rnd, normal } = gen(11)
    const makers: Array<() => number> = [
      () => Math.floor(rnd() * 6),
      () => normal() * 1e-3,
      () => Math.exp(30 * normal()) * (rnd() < 0.5 ? -1 : 1),
      () => 0.1 * Math.floor(rnd() * 40),
      () => 1000 + Math.exp(5 + 0.2 * normal())
    ]
    for (let trial = 0; trial < 100; trial++) {
      const make = makers[trial % makers.length]
      const m = 1 + Math.floor(rnd() * 25)
      const n = 1 + Math.floor(rnd() * 25)
      const xs = sorted(Array.from({ length: m }, make))
      const ys = sorted(Array.from({ length: n }, make))
      const d = allDifferences(xs, ys)
      for (let k = 1; k <= m * n; k++) expect(kthPairwiseDifference(xs, ys, k)).toBe(d[k - 1])
      const mn = m * n
      const med = mn % 2 === 1 ? d[(mn - 1) / 2] : (d[mn / 2 - 1] + d[mn / 2]) / 2
      expect(medianPairwiseDifference(xs, ys)).toBe(med)
    }
  })

  it('rejects k outside [1, m·n]', () => {
    const xs = sorted([1, 2])
    const ys = sorted([0, 5, 7])
    for (const k of [0, 7, 2.5, NaN]) {
      expect(() => kthPairwiseDifference(xs, ys, k)).toThrow(
        expect.objectContaining({ id: 'domain', subject: 'k' })
      )
    }
  })
})

describe('properties', () => {
  // dyadic values: every sum and difference below is exact, so equalities are exact
  const dyadic = (seed: number, n: number, offset: number) => {
    const { rnd } = gen(seed)
    return Array.from({ length: n }, () => offset + Math.floor(rnd() * 4096) / 64)
  }

  it.each([
    ['exact', 12, 15],
    ['normal', 80, 70]
  ])('shift equivariance: HL(x + c, y) = HL(x, y) + c (%s)', (_, m, n) => {
    const x = dyadic(21, m, 3)
    const y = dyadic(22, n, 0)
    const c = 5.25
    const a = hodgesLehmann(x, y)
    const b = hodgesLehmann(
      x.map((v) => v + c),
      y
    )
    expect(b.estimate).toBe(a.estimate + c)
    expect(b.ci).toEqual([a.ci[0] + c, a.ci[1] + c])
    const d = hodgesLehmann(
      x,
      y.map((v) => v + c)
    )
    expect(d.estimate).toBe(a.estimate - c)
  })

  it.each([
    ['exact', 20, 30],
    ['normal', 90, 120]
  ])('antisymmetry: HL(y, x) = −HL(x, y), CI mirrored (%s)', (_, m, n) => {
    const { normal } = gen(23)
    const x = Array.from({ length: m }, () => 10 + normal())
    const y = Array.from({ length: n }, () => 10.5 + normal())
    const a = hodgesLehmann(x, y)
    const b = hodgesLehmann(y, x)
    expect(b.estimate).toBe(-a.estimate)
    expect(b.ci).toEqual([-a.ci[1], -a.ci[0]])
    expect(b.method).toBe(a.method)
  })

  it('ratio: scale equivariance and reciprocity', () => {
    const { normal } = gen(24)
    const x = Array.from({ length: 60 }, () => 1000 * Math.exp(0.1 * normal()))
    const y = Array.from({ length: 55 }, () => 1030 * Math.exp(0.1 * normal()))
    const a = hodgesLehmannRatio(x, y)
    const b = hodgesLehmannRatio(
      x.map((v) => 2 * v),
      y
    )
    expect(relDiff(b.estimate, 2 * a.estimate)).toBeLessThan(1e-12)
    expect(relDiff(b.ci[0], 2 * a.ci[0])).toBeLessThan(1e-12)
    expect(relDiff(b.ci[1], 2 * a.ci[1])).toBeLessThan(1e-12)
    const c = hodgesLehmannRatio(y, x)
    expect(relDiff(c.estimate, 1 / a.estimate)).toBeLessThan(1e-12)
    expect(relDiff(c.ci[0], 1 / a.ci[1])).toBeLessThan(1e-12)
  })

  it('ratio is the exponentiated shift of the logs', () => {
    const { normal } = gen(25)
    const x = Array.from({ length: 40 }, () => Math.exp(3 + 0.2 * normal()))
    const y = Array.from({ length: 41 }, () => Math.exp(3.1 + 0.2 * normal()))
    const r = hodgesLehmannRatio(x, y)
    const s = hodgesLehmann(x.map(Math.log), y.map(Math.log))
    expect(r.estimate).toBe(Math.exp(s.estimate))
    expect(r.ci).toEqual([Math.exp(s.ci[0]), Math.exp(s.ci[1])])
  })

  it('the estimate is the brute-force median of all differences, and lies in the CI', () => {
    for (let seed = 30; seed < 40; seed++) {
      const { rnd, normal } = gen(seed)
      const m = 1 + Math.floor(rnd() * 150)
      const n = 1 + Math.floor(rnd() * 150)
      const x = Array.from({ length: m }, () => Math.round(100 * normal()) / 10)
      const y = Array.from({ length: n }, () => Math.round(100 * normal()) / 10)
      const d = allDifferences(x, y)
      const mn = m * n
      const med = mn % 2 === 1 ? d[(mn - 1) / 2] : (d[mn / 2 - 1] + d[mn / 2]) / 2
      const r = hodgesLehmann(x, y)
      expect(r.estimate).toBe(med)
      expect(r.ci[0]).toBeLessThanOrEqual(r.estimate)
      expect(r.ci[1]).toBeGreaterThanOrEqual(r.estimate)
    }
  })

  it('a higher confidence level gives a wider interval', () => {
    const { normal } = gen(41)
    const x = Array.from({ length: 30 }, normal)
    const y = Array.from({ length: 35 }, normal)
    const narrow = hodgesLehmann(x, y, { confLevel: 0.8 })
    const wide = hodgesLehmann(x, y, { confLevel: 0.99 })
    expect(wide.ci[0]).toBeLessThanOrEqual(narrow.ci[0])
    expect(wide.ci[1]).toBeGreaterThanOrEqual(narrow.ci[1])
  })

  it('sorted variants agree with the public functions and do not depend on input order', () => {
    const { normal } = gen(42)
    const x = Array.from({ length: 70 }, () => 50 + normal())
    const y = Array.from({ length: 65 }, () => 50.2 + normal())
    expect(hodgesLehmannSorted(sorted(x), sorted(y))).toEqual(hodgesLehmann(x, y))
    expect(hodgesLehmannRatioSorted(sorted(x), sorted(y))).toEqual(hodgesLehmannRatio(x, y))
    expect(hodgesLehmann([...x].reverse(), y)).toEqual(hodgesLehmann(x, y))
  })
})

describe('edge cases and bad input', () => {
  it('rejects empty samples', () => {
    expect(() => hodgesLehmann([], [1])).toThrow(expect.objectContaining({ id: 'empty', subject: 'x' }))
    expect(() => hodgesLehmannRatio([1], [])).toThrow(expect.objectContaining({ id: 'empty', subject: 'y' }))
  })

  it.each([NaN, Infinity, -Infinity])('rejects %p', (bad) => {
    expect(() => hodgesLehmann([1, bad], [1, 2])).toThrow(
      expect.objectContaining({ id: 'not-finite', subject: 'x' })
    )
    expect(() => hodgesLehmannRatio([1, 2], [bad])).toThrow(expect.objectContaining({ id: 'not-finite' }))
  })

  it.each([0, -1, -0])('ratio rejects %p (not positive)', (bad) => {
    expect(() => hodgesLehmannRatio([1, 2, bad], [1, 2])).toThrow(
      expect.objectContaining({ id: 'not-positive', subject: 'x' })
    )
    expect(() => hodgesLehmannRatio([1, 2], [bad])).toThrow(
      expect.objectContaining({ id: 'not-positive', subject: 'y' })
    )
    // the shift takes any finite values
    expect(hodgesLehmann([1, 2, bad], [1, 2]).estimate).toBeGreaterThanOrEqual(-1.5)
  })

  it.each([0, 1, -0.5, 1.5, NaN])('rejects confLevel %p', (confLevel) => {
    expect(() => hodgesLehmann([1, 2], [3, 4], { confLevel })).toThrow(StatsInputError)
    expect(() => hodgesLehmannRatio([1, 2], [3, 4], { confLevel })).toThrow(
      expect.objectContaining({ id: 'domain', subject: 'confLevel' })
    )
  })

  it('one sample each: the difference, with the achieved level 0 (as R)', () => {
    const r = hodgesLehmann([3.5], [1.25])
    expect(r).toMatchObject({ estimate: 2.25, ci: [2.25, 2.25], method: 'exact', confLevel: 0 })
    expect(r.warnings.join(' ')).toMatch(/not achievable/)
    expect(hodgesLehmannRatio([3], [2]).estimate).toBeCloseTo(1.5, 14)
  })

  it('all samples equal: zero shift, degenerate CI, a warning (R cannot compute this CI)', () => {
    const r = hodgesLehmann([7, 7, 7, 7], [7, 7, 7])
    expect(r.estimate).toBe(0)
    expect(r.ci).toEqual([0, 0])
    expect(r.warnings).toContain('all samples are equal')
    const q = hodgesLehmannRatio([7, 7, 7, 7], [7, 7, 7])
    expect(q.estimate).toBe(1)
    expect(q.ci).toEqual([1, 1])
  })

  it('each side constant: the one difference', () => {
    const r = hodgesLehmann(Array(60).fill(10), Array(60).fill(4))
    expect(r.estimate).toBe(6)
    expect(r.ci).toEqual([6, 6])
    expect(r.method).toBe('normal')
  })

  it('handles 10^6 samples per side', () => {
    const { normal } = gen(50)
    const x = Float64Array.from({ length: 1_000_000 }, () => 1000 * Math.exp(0.05 * normal()))
    const y = Float64Array.from({ length: 1_000_000 }, () => 990 * Math.exp(0.05 * normal()))
    const r = hodgesLehmannRatio(x, y)
    expect(r.method).toBe('normal')
    expect(r.estimate).toBeGreaterThan(1.005)
    expect(r.estimate).toBeLessThan(1.015)
    expect(r.ci[0]).toBeLessThan(r.estimate)
    expect(r.ci[1]).toBeGreaterThan(r.estimate)
  })
})
