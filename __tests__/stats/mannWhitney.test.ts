// Mann-Whitney U test (src/stats/mannWhitney.ts).
// Golden cases: computed by R 4.2.2 `wilcox.test(x, y, exact, correct)` (scripts/r/golden-rank-tests.R;
// regenerate with `Rscript scripts/r/golden-rank-tests.R`), one `it` per JSON file in
// __tests__/golden/mann-whitney/. Tolerance: W and the method identical; p-value 1e-9 relative
// (1e-300 absolute), STATISTICS.md §8. Cases R cannot answer (all values tied: R gives NaN) are
// defined by benchgate and tested below.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { StatsInputError } from '../../src/stats/errors.js'
import { mannWhitneySorted, mannWhitneyU } from '../../src/stats/mannWhitney.js'
import { relDiff, seededRandom } from '../helpers/r.js'

const here = dirname(fileURLToPath(import.meta.url))
const goldenDir = join(here, '..', 'golden', 'mann-whitney')

interface MwCase {
  input: { x: number[]; y: number[]; exact?: boolean; correct?: boolean }
  output: { u: number; pValue: number; method: 'exact' | 'normal' }
}

const files = readdirSync(goldenDir)
  .filter((f) => f.endsWith('.json'))
  .sort()

describe('golden cases from R wilcox.test', () => {
  it('has golden files', () => expect(files.length).toBeGreaterThan(10))
  it.each(files)('%s', (file) => {
    const { input, output } = JSON.parse(readFileSync(join(goldenDir, file), 'utf8')) as MwCase
    const r = mannWhitneyU(input.x, input.y, { exact: input.exact, correct: input.correct })
    expect(r.u).toBe(output.u)
    expect(r.method).toBe(output.method)
    expect(relDiff(r.pValue, output.pValue)).toBeLessThanOrEqual(1e-9)
  })
})

function sample(seed: number, n: number, f: (u: () => number) => number): number[] {
  const rnd = seededRandom(seed)
  return Array.from({ length: n }, () => f(rnd))
}

describe('properties', () => {
  it('swapping x and y mirrors W and keeps p', () => {
    for (const [seed, m, n] of [
      [1, 8, 11],
      [2, 60, 45],
      [3, 5, 300]
    ]) {
      const x = sample(seed, m, (u) => u() * 10)
      const y = sample(seed + 100, n, (u) => u() * 10 + 1)
      const a = mannWhitneyU(x, y)
      const b = mannWhitneyU(y, x)
      expect(a.u + b.u).toBe(m * n)
      expect(relDiff(a.pValue, b.pValue)).toBeLessThan(1e-15)
    }
  })

  it('is invariant under a monotone transformation (ranks only)', () => {
    const x = sample(4, 70, (u) => 1000 * Math.exp(0.2 * u()))
    const y = sample(5, 80, (u) => 1010 * Math.exp(0.2 * u()))
    const a = mannWhitneyU(x, y)
    const b = mannWhitneyU(x.map(Math.log), y.map(Math.log))
    expect(b.u).toBe(a.u)
    expect(b.pValue).toBe(a.pValue)
  })

  it('does not depend on input order, and the sorted variant agrees', () => {
    const x = sample(6, 30, (u) => Math.floor(u() * 9))
    const y = sample(7, 25, (u) => Math.floor(u() * 9))
    const a = mannWhitneyU(x, y)
    const b = mannWhitneyU([...x].reverse(), [...y].reverse())
    const c = mannWhitneySorted(Float64Array.from(x).sort(), Float64Array.from(y).sort())
    expect(b).toEqual(a)
    expect(c).toEqual(a)
  })

  it('keeps tiny p-values in the far tail (no collapse to 0)', () => {
    const x = Array.from({ length: 700 }, (_, i) => 1e4 + i)
    const y = Array.from({ length: 700 }, (_, i) => i)
    const r = mannWhitneyU(x, y)
    expect(r.method).toBe('normal')
    expect(r.pValue).toBeGreaterThan(0)
    expect(r.pValue).toBeLessThan(1e-220)
    expect(r.z).toBeGreaterThan(30)
  })

  it('reports the exact/normal choice as R does', () => {
    const x = [1.1, 2.3, 3.2, 4.8, 5.1]
    const y = [0.2, 0.9, 1.7, 2.2]
    expect(mannWhitneyU(x, y).method).toBe('exact')
    expect(mannWhitneyU(x, y).z).toBeUndefined()
    expect(mannWhitneyU(x, y, { exact: false }).method).toBe('normal')
    const tied = mannWhitneyU([1, 2, 2, 3], [2, 3, 4])
    expect(tied.method).toBe('normal')
    expect(tied.warnings.join(' ')).toMatch(/ties present/)
  })
})

describe('edge cases and bad input', () => {
  it('rejects empty samples', () => {
    expect(() => mannWhitneyU([], [1, 2])).toThrow(expect.objectContaining({ id: 'empty', subject: 'x' }))
    expect(() => mannWhitneyU([1, 2], [])).toThrow(expect.objectContaining({ id: 'empty', subject: 'y' }))
  })

  it.each([NaN, Infinity, -Infinity])('rejects %p', (bad) => {
    expect(() => mannWhitneyU([1, bad, 3], [1, 2])).toThrow(StatsInputError)
    expect(() => mannWhitneyU([1, 2], [bad])).toThrow(
      expect.objectContaining({ id: 'not-finite', subject: 'y' })
    )
  })

  it('one sample each: p = 1 (as R), with a too-few-samples warning', () => {
    const r = mannWhitneyU([2], [1])
    expect(r).toMatchObject({ u: 1, pValue: 1, method: 'exact', allTied: false })
    expect(r.warnings.join(' ')).toMatch(/too few samples/)
  })

  it('no warning once the extreme ordering can reach p < 0.01', () => {
    const r = mannWhitneyU([10, 11, 12, 13, 14], [1, 2, 3, 4, 5])
    expect(r.pValue).toBeLessThan(0.01)
    expect(r.warnings).toEqual([])
  })

  it('all samples equal: p = 1 and allTied (R returns NaN)', () => {
    const r = mannWhitneyU([5, 5, 5], [5, 5, 5, 5])
    expect(r.pValue).toBe(1)
    expect(r.allTied).toBe(true)
    expect(r.u).toBe(6)
    expect(r.warnings).toContain('all samples are equal')
  })

  it('each side constant but different is not all tied', () => {
    const r = mannWhitneyU(Array(30).fill(2), Array(30).fill(1))
    expect(r.allTied).toBe(false)
    expect(r.u).toBe(900)
    expect(r.pValue).toBeLessThan(1e-10)
  })

  it('handles 10^6 samples per side', () => {
    const x = new Float64Array(1_000_000)
    const y = new Float64Array(1_000_000)
    const rnd = seededRandom(9)
    for (let i = 0; i < x.length; i++) {
      x[i] = Math.floor(rnd() * 1000)
      y[i] = Math.floor(rnd() * 1000) + 10
    }
    const r = mannWhitneyU(x, y)
    expect(r.method).toBe('normal')
    expect(r.pValue).toBeGreaterThanOrEqual(0)
    expect(r.pValue).toBeLessThan(1e-10)
    expect(Number.isFinite(r.z)).toBe(true)
  })
})
