// Noncentral t CDF (port of R's pnt.c, Lenth 1989 AS 243), central t and normal CDFs.
// Golden cases: __tests__/golden/noncentral-t/*.json, made by scripts/r/golden-power.R (R 4.2.2).
// Tolerance: 1e-12 relative, or 1e-15 absolute (R's series runs in long double; tails computed as
// 1 - P carry R's and our ~1e-16 absolute rounding).
import { describe, expect, it } from '@jest/globals'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { relDiff } from '../helpers/r.js'
import { pnt } from '../../src/stats/noncentralT.js'
import { pnorm, pt, qt } from '../../src/stats/tDistribution.js'

interface PntCase {
  input: { t: number; df: number; ncp: number }
  output: { lower: number; upper: number }
}

const close = (a: number, b: number): boolean => relDiff(a, b) < 1e-12 || Math.abs(a - b) < 1e-15

const goldenDir = join(process.cwd(), '__tests__/golden/noncentral-t')
const files = readdirSync(goldenDir)
  .filter((f) => f.endsWith('.json'))
  .sort()

describe('pnt golden cases (R pt with ncp)', () => {
  it('has golden cases', () => expect(files.length).toBeGreaterThan(10))
  for (const file of files) {
    it(`matches R: ${file}`, () => {
      const { input, output } = JSON.parse(readFileSync(join(goldenDir, file), 'utf8')) as PntCase
      expect(close(pnt(input.t, input.df, input.ncp, true), output.lower)).toBe(true)
      expect(close(pnt(input.t, input.df, input.ncp, false), output.upper)).toBe(true)
    })
  }
})

describe('pnt', () => {
  it('reduces to the central t at ncp = 0', () => {
    expect(pnt(1.3, 7, 0)).toBe(pt(1.3, 7))
  })
  it('is monotone in t and decreasing in ncp', () => {
    expect(pnt(1, 10, 2)).toBeLessThan(pnt(2, 10, 2))
    expect(pnt(1, 10, 3)).toBeLessThan(pnt(1, 10, 2))
  })
  it('lower + upper = 1', () => {
    for (const [t, df, ncp] of [
      [2, 30, 2.5],
      [-1, 4, 0.5],
      [5, 1e6, 3]
    ]) {
      expect(Math.abs(pnt(t, df, ncp) + pnt(t, df, ncp, false) - 1)).toBeLessThan(1e-15)
    }
  })
  it('returns NaN for NaN or df <= 0, as R', () => {
    expect(pnt(NaN, 3, 1)).toBeNaN()
    expect(pnt(1, 0, 1)).toBeNaN()
    expect(pnt(1, -2, 1)).toBeNaN()
  })
  it('handles infinite t', () => {
    expect(pnt(-Infinity, 3, 1)).toBe(0)
    expect(pnt(Infinity, 3, 1, false)).toBe(0)
  })
})

describe('central t and normal', () => {
  it('pnorm is accurate in the far tails (R: pnorm(-37) = 5.7255712225246e-300)', () => {
    expect(relDiff(pnorm(-37), 5.7255712225246e-300)).toBeLessThan(1e-12)
    expect(relDiff(pnorm(10, 0, 1, false), 7.6198530241605e-24)).toBeLessThan(1e-12)
    expect(pnorm(0)).toBe(0.5)
  })
  it('qt inverts pt, including huge df', () => {
    for (const df of [2, 31.4, 1e5, 1e18]) {
      const q = qt(0.005, df, false)
      expect(relDiff(pt(q, df, false), 0.005)).toBeLessThan(1e-12)
    }
    expect(relDiff(qt(0.025, 1e18, false), 1.959963984540054)).toBeLessThan(1e-15)
  })
})
