/**
 * The paired analysis (STATISTICS §13), src/stats/signedRank.ts and signedRankDistribution.ts.
 *
 * Golden cases: computed by R 4.2.2 (scripts/r/golden-signed-rank.R; regenerate with
 * `Rscript scripts/r/golden-signed-rank.R`), one `it` per JSON file in __tests__/golden/signed-rank/,
 * so the analysis is checked without R too; the live comparison is __tests__/oracle/signedRank.oracle.test.ts.
 * Tolerances (STATISTICS §8):
 * - V and the exact/normal choice identical; p-value 1e-9 relative (1e-300 absolute); level 1e-12 relative.
 * - exact branch: CI and estimate identical to R's (order statistics and median of the Walsh averages).
 * - normal branch: CI within R's uniroot tolerance, |ours − R| ≤ 2·tol.root + 1e-12·|value|; estimate:
 *   W(d) = 0 may hold on a whole stretch between two Walsh averages and R's uniroot stops anywhere in it,
 *   so no Walsh average may lie strictly between ours and R's (beyond tol.root).
 * - where R answers NaN (null in the JSON) benchgate's documented finite answer is checked instead.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { StatsInputError } from '../../src/stats/errors.js'
import * as stats from '../../src/stats/index.js'
import { wilcoxonSignedRank } from '../../src/stats/signedRank.js'
import {
  psignrank,
  qsignrank,
  signedRankMinP,
  signedRankMinPairs
} from '../../src/stats/signedRankDistribution.js'
import { relDiff } from '../helpers/r.js'
import { walshBetween } from '../helpers/walsh.js'

const here = dirname(fileURLToPath(import.meta.url))
const goldenDir = join(here, '..', 'golden', 'signed-rank')

interface SrCase {
  input: { d: number[]; exact?: boolean; correct?: boolean; confLevel?: number }
  output: {
    v: number
    pValue: number | null
    method: 'exact' | 'normal'
    estimate: number | null
    ci: [number | null, number | null]
    confLevel: number
    tol_root: number
  }
}

const files = readdirSync(goldenDir)
  .filter((f) => f.endsWith('.json'))
  .sort()

describe('golden cases from R wilcox.test(d, conf.int = TRUE)', () => {
  it('has golden files', () => expect(files.length).toBeGreaterThan(90))
  it.each(files)('%s', (file) => {
    const { input, output } = JSON.parse(readFileSync(join(goldenDir, file), 'utf8')) as SrCase
    const r = wilcoxonSignedRank(input.d, {
      exact: input.exact,
      correct: input.correct,
      confLevel: input.confLevel
    })
    expect(r.v).toBe(output.v)
    expect(r.method).toBe(output.method)
    expect(r.n + r.zeros).toBe(input.d.length)
    expect(r.zeros).toBe(input.d.filter((v) => v === 0).length)
    expect(relDiff(r.confLevel, output.confLevel)).toBeLessThanOrEqual(1e-12)
    if (r.confLevel < (input.confLevel ?? 0.95)) expect(r.achievedConfLevel).toBe(r.confLevel)
    else expect(r.achievedConfLevel).toBeUndefined()
    if (output.pValue === null) {
      // R: 0/0 when every difference is zero. benchgate: p = 1, estimate 0, [0, 0] at level 0.
      expect([r.n, r.pValue, r.estimate, r.ci]).toEqual([0, 1, 0, [0, 0]])
      return
    }
    expect(relDiff(r.pValue, output.pValue)).toBeLessThanOrEqual(1e-9)
    const [lo, hi] = output.ci
    if (lo === null || hi === null) {
      // R: [NaN, NaN] at level 0 when every non-zero difference is the same x; benchgate: [x, x].
      expect(r.estimate).toBe(output.estimate)
      expect(r.ci).toEqual([r.estimate, r.estimate])
      expect(r.warnings.join(' ')).toMatch(/tied/)
      return
    }
    if (r.method === 'exact') {
      expect(r.ci).toEqual([lo, hi])
      expect(r.estimate).toBe(output.estimate)
      return
    }
    const tol = output.tol_root
    expect(Math.abs(r.ci[0] - lo)).toBeLessThanOrEqual(2 * tol + 1e-12 * Math.abs(lo))
    expect(Math.abs(r.ci[1] - hi)).toBeLessThanOrEqual(2 * tol + 1e-12 * Math.abs(hi))
    expect(walshBetween(input.d, r.estimate, output.estimate ?? NaN, 2 * tol)).toBe(0)
  })
})

describe('wilcoxonSignedRank, documented cases', () => {
  it("R's depression example (?wilcox.test): exact", () => {
    // x <- c(1.83,0.50,1.62,2.48,1.68,1.88,1.55,3.06,1.30); y <- c(0.878,0.647,0.598,2.05,1.06,1.29,1.06,3.14,1.29)
    // wilcox.test(x, y, paired = TRUE, conf.int = TRUE): V = 40, p = 0.0390625, (pseudo)median 0.46, CI [0.01, 0.786]
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3]
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
    const r = wilcoxonSignedRank(x.map((v, i) => v - y[i]))
    expect(r.method).toBe('exact')
    expect(r.v).toBe(40)
    expect(r.pValue).toBeCloseTo(0.0390625, 12)
    expect(r.estimate).toBeCloseTo(0.46, 12)
    expect(r.ci[0]).toBeCloseTo(0.01, 12)
    expect(r.ci[1]).toBeCloseTo(0.786, 12)
    expect(r.warnings).toEqual([])
  })

  it('ties and a zero: normal approximation, the level R reports when 99% is beyond reach', () => {
    // wilcox.test(c(1,2,2,3,-1,4,5,0,6), conf.int = TRUE, conf.level = 0.99, tol.root = 1e-12):
    // V = 34.5, p = 0.02470659, CI [0.5, 5] at conf.level 0.96
    const r = wilcoxonSignedRank([1, 2, 2, 3, -1, 4, 5, 0, 6], { confLevel: 0.99 })
    expect(r.method).toBe('normal')
    expect(r.zeros).toBe(1)
    expect(r.ties).toBe(true)
    expect(r.v).toBe(34.5)
    expect(r.pValue).toBeCloseTo(0.02470659, 8)
    expect(r.ci[0]).toBeCloseTo(0.5, 9)
    expect(r.ci[1]).toBeCloseTo(5, 9)
    expect(r.confLevel).toBe(0.96)
    expect(r.achievedConfLevel).toBe(0.96)
    expect(r.warnings.join(' ')).toMatch(/ties/)
  })

  it('does not depend on the order of the differences', () => {
    const d = [0.03, -0.01, 0.02, 0.05, -0.004, 0.011, 0.027, 0.008]
    const a = wilcoxonSignedRank(d)
    const b = wilcoxonSignedRank([...d].reverse())
    expect(b).toEqual(a)
  })

  it('rejects empty, non-finite and out-of-range input', () => {
    expect(() => wilcoxonSignedRank([])).toThrow(StatsInputError)
    expect(() => wilcoxonSignedRank([1, NaN])).toThrow(StatsInputError)
    expect(() => wilcoxonSignedRank([1, Infinity])).toThrow(StatsInputError)
    expect(() => wilcoxonSignedRank([1, 2], { confLevel: 1 })).toThrow(StatsInputError)
    expect(() => wilcoxonSignedRank([1, 2], { confLevel: 0 })).toThrow(StatsInputError)
  })

  it('is exported from the stats entry point', () => {
    expect(stats.wilcoxonSignedRank).toBe(wilcoxonSignedRank)
    expect(stats.psignrank).toBe(psignrank)
    expect(stats.qsignrank).toBe(qsignrank)
    expect(stats.signedRankMinP).toBe(signedRankMinP)
    expect(stats.signedRankMinPairs).toBe(signedRankMinPairs)
  })
})

describe('signed-rank null distribution', () => {
  it('sums to 1, is symmetric, and matches the brute-force enumeration of sign patterns for n ≤ 12', () => {
    for (let n = 1; n <= 12; n++) {
      const top = (n * (n + 1)) / 2
      const count = new Array<number>(top + 1).fill(0)
      for (let mask = 0; mask < 1 << n; mask++) {
        let v = 0
        for (let i = 0; i < n; i++) if (mask & (1 << i)) v += i + 1
        count[v]++
      }
      let cum = 0
      for (let q = 0; q <= top; q++) {
        cum += count[q] / 2 ** n
        expect(relDiff(psignrank(q, n), cum)).toBeLessThanOrEqual(1e-13)
        expect(relDiff(psignrank(q, n, false), 1 - cum)).toBeLessThanOrEqual(1e-12)
        expect(relDiff(psignrank(q, n), psignrank(top - q - 1, n, false))).toBeLessThanOrEqual(1e-13)
      }
      expect(psignrank(-1, n)).toBe(0)
      expect(psignrank(top, n)).toBe(1)
      expect(psignrank(top, n, false)).toBe(0)
    }
  })

  it('qsignrank inverts psignrank (smallest q with P(V ≤ q) ≥ p)', () => {
    for (const n of [1, 2, 5, 9, 20, 49]) {
      for (const p of [0.001, 0.025, 0.05, 0.3, 0.5, 0.7, 0.975]) {
        const q = qsignrank(p, n)
        expect(psignrank(q, n)).toBeGreaterThanOrEqual(p - 1e-12)
        if (q > 0) expect(psignrank(q - 1, n)).toBeLessThan(p)
      }
    }
  })
})

describe('n_min of the signed-rank test (STATISTICS §13)', () => {
  it('smallest attainable two-sided p is 2/2ⁿ, to the bit as the exact test computes it', () => {
    expect(signedRankMinP(1)).toBe(1)
    for (let n = 1; n <= 60; n++)
      expect(relDiff(signedRankMinP(n), Math.min(1, 2 / 2 ** n))).toBeLessThan(1e-14)
    for (let n = 1; n <= 30; n++) expect(signedRankMinP(n)).toBe(Math.min(1, 2 * psignrank(0, n)))
  })

  it('is 8 pairs at K = 1 and 14 at K = 69, α = 0.01; 6 at α = 0.05', () => {
    expect(signedRankMinPairs(0.01, 1)).toBe(8)
    expect(signedRankMinPairs(0.01)).toBe(8)
    expect(signedRankMinPairs(0.01, 69)).toBe(14)
    expect(signedRankMinPairs(0.05)).toBe(6)
  })

  it('is the smallest n at which the exact test of n all-positive pairs reaches α/K', () => {
    for (const [alpha, k] of [
      [0.01, 1],
      [0.05, 10],
      [0.001, 3]
    ]) {
      const n = signedRankMinPairs(alpha, k)
      const all = (m: number) => wilcoxonSignedRank(Array.from({ length: m }, (_, i) => i + 1)).pValue
      expect(all(n)).toBeLessThanOrEqual(alpha / k)
      expect(all(n - 1)).toBeGreaterThan(alpha / k)
    }
  })

  it('rejects α outside (0, 1) and K that is not a positive integer', () => {
    expect(() => signedRankMinPairs(0)).toThrow(StatsInputError)
    expect(() => signedRankMinPairs(1)).toThrow(StatsInputError)
    expect(() => signedRankMinPairs(0.05, 0)).toThrow(StatsInputError)
    expect(() => signedRankMinPairs(0.05, 1.5)).toThrow(StatsInputError)
  })
})
