// The change-point port (src/stats/changePoints.ts) against its two Python references on committed
// random series: __tests__/golden/change-points/seed-<S>.json, written by
// scripts/python/golden-change-points.py (regenerate there; apache-otava 0.8.0 and
// signal-processing-algorithms 2.1.6). Six seeds × 12 series of 20–300 points, a third pure noise, the
// others with 1–3 planted steps of 2–10 noise SDs anywhere (edges included), some on a grid (ties).
// The live, randomized version of the same comparisons is __tests__/oracle/changePoints.oracle.test.ts.
//
// The two references do not define the same test, so they are compared differently:
// - apache-otava (E-divisive means + Hunter's t-test; the port is a translation): the change points
//   kept at each case's max p-value and window, and the weak ones of the split step, must be the same
//   indices in the same order; p-values within 1e-9 relative (R's pt against scipy's t.sf), q̂,
//   segment means and SDs, changes within 1e-12 relative; the first E-divisive candidate on the whole
//   series the same τ and q̂.
// - signal-processing-algorithms (E-divisive with a permutation test, 199 permutations at p 0.05, whole
//   series, no windows; its statistic fixes κ at the interval's end and uses V-statistics within the
//   sides): its first candidate's statistic must be the documented formula at its τ (1e-9 relative);
//   on series with one planted step its τ and ours within ±1; and every clear planted step (≥ 4 SDs,
//   ≥ 5 points from an end or another step) that its e_divisive finds within ±1 must be found within ±1
//   by ours (Hunter's t-test at p 0.001, otava's default window of 50 points).
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  detectChangePoints,
  detectChangePointsDetailed,
  eDivisiveCandidate
} from '../../src/stats/changePoints.js'
import {
  comparePoints,
  expectRel,
  spaStatistic,
  STAT_TOL,
  type OtavaResult
} from '../helpers/changePointOracle.js'
import { relDiff } from '../helpers/r.js'

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden', 'change-points')

interface GoldenCase {
  series: number[]
  planted: { at: number; sigmas: number }[]
  windowLength: number
  maxPValue: number
  minMagnitude: number
  otava: OtavaResult
  spa: { index: number; t: number; changePoints: number[] }
}

const files = readdirSync(dir)
  .filter((f) => /^seed-\d+\.json$/.test(f))
  .sort()

/** Within ±1 commit of `at`. */
const near = (indices: readonly number[], at: number) => indices.some((i) => Math.abs(i - at) <= 1)

describe('change points vs the committed apache-otava and signal-processing-algorithms outputs', () => {
  it('has the fixture', () => {
    expect(files.length).toBeGreaterThanOrEqual(6)
  })

  for (const file of files) {
    const { cases } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { cases: GoldenCase[] }

    it(`${file}: apache-otava's output; signal-processing-algorithms' candidate and clear steps`, () => {
      let found = 0
      cases.forEach((c, i) => {
        const what = `${file} case ${i} (n ${c.series.length}, window ${c.windowLength}, p ${c.maxPValue})`
        const mine = detectChangePointsDetailed(c.series, c)
        comparePoints(mine.changePoints, c.otava.changePoints, what)
        comparePoints(mine.weakChangePoints, c.otava.weakChangePoints, `${what} weak`)
        const first = eDivisiveCandidate(c.series)
        expect({ what, first: first.index }).toEqual({ what, first: c.otava.firstCandidate?.index })
        expectRel(first.qhat, c.otava.firstCandidate?.qhat ?? null, `${what} first candidate q̂`, STAT_TOL)
        found += mine.changePoints.length

        expect(relDiff(spaStatistic(c.series, c.spa.index), c.spa.t)).toBeLessThan(1e-9)
        if (c.planted.length === 1)
          expect({ what, within1: Math.abs(first.index - c.spa.index) <= 1 }).toEqual({ what, within1: true })
        // ours as benchgate history runs it (p 0.001 here, window 50)
        const ours = detectChangePoints(c.series, { maxPValue: 0.001 }).map((p) => p.index)
        for (const p of c.planted) {
          const clear =
            Math.abs(p.sigmas) >= 4 &&
            p.at >= 5 &&
            c.series.length - p.at >= 5 &&
            c.planted.every((q) => q === p || Math.abs(q.at - p.at) >= 5)
          if (clear && near(c.spa.changePoints, p.at))
            expect({ what, step: p.at, ours: near(ours, p.at) }).toEqual({ what, step: p.at, ours: true })
        }
      })
      expect(found).toBeGreaterThan(10) // the merge step is exercised, not only empty results
    })
  }
})
