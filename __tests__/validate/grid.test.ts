// The suite-wide grid's pieces: the ≤ α check (binomial limit and band, against R), the noise model
// of a cell (its ICC recovered by the stats engine's estimator), cell aggregation, one real suite
// through analyzeSuite, and the rendered verdict of a cell above α.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { hasR, noRReason, runR } from '../helpers/r.js'
import { binomialCdf, binomialQuantile, checkAtMost } from '../../validation/src/model/binomial.js'
import {
  GRID_BENCHMARKS,
  gridNoiseModel,
  gridSeed,
  MIXED_CHANGES,
  runGrid,
  suiteChanges,
  tallySuites,
  verdictCount,
  type BenchmarkOutcome
} from '../../validation/src/studies/grid.js'
import { createSession } from '../../validation/src/model/noiseModel.js'
import { alphaVerdict, cellsAboveAlpha, gridSection, gridTotals } from '../../validation/src/render/grid.js'
import { intraclassCorrelation } from '../../src/stats/icc.js'
import { ALL_VERDICTS } from '../../src/analysis/verdict.js'

const itR = hasR ? it : it.skip
if (!hasR) console.warn(noRReason)

describe('binomial limit and the ≤ α check', () => {
  const cases: Array<[number, number, number]> = [
    [0, 10, 0.01],
    [3, 300, 0.01],
    [7, 300, 0.01],
    [8, 300, 0.01],
    [14, 300, 0.01],
    [1, 30, 0.01],
    [25, 1000, 0.02],
    [99, 100, 0.5]
  ]

  it('gives the edges', () => {
    expect(binomialCdf(-1, 10, 0.3)).toBe(0)
    expect(binomialCdf(10, 10, 0.3)).toBe(1)
    expect(binomialQuantile(0, 300, 0.01)).toBe(0)
    expect(binomialQuantile(1, 300, 0.01)).toBe(300)
    expect(() => checkAtMost(1, 10, 0)).toThrow(RangeError)
    // P(X ≤ 0) = (1 − p)^n in closed form
    expect(binomialCdf(0, 300, 0.01)).toBeCloseTo(0.99 ** 300, 14)
  })

  it('flags the leak the issue measured and passes a count at the limit', () => {
    // 14 of 300 suites (4.7%) at a nominal 1%: the band [2.6%, 7.7%] lies above α
    expect(checkAtMost(14, 300, 0.01).consistent).toBe(false)
    const limit = checkAtMost(0, 300, 0.01).limit
    expect(checkAtMost(limit, 300, 0.01).consistent).toBe(true)
    expect(checkAtMost(limit + 2, 300, 0.01).consistent).toBe(false)
  })

  itR('agrees with R pbinom, qbinom and binom.test', () => {
    const xs = cases.map((c) => c[0])
    const ns = cases.map((c) => c[1])
    const ps = cases.map((c) => c[2])
    const r = runR(
      'for (i in seq_along(xs)) { emit(paste0("cdf", i), pbinom(xs[i], ns[i], ps[i])); ' +
        'emit(paste0("q", i), qbinom(0.975, ns[i], ps[i])); emit(paste0("lo", i), binom.test(xs[i], ns[i])$conf.int[1]) }',
      { xs, ns, ps }
    )
    cases.forEach(([x, n, p], i) => {
      const k = i + 1
      expect(Math.abs(binomialCdf(x, n, p) - r[`cdf${k}`][0])).toBeLessThan(1e-12)
      const c = checkAtMost(x, n, p)
      expect(c.limit).toBe(r[`q${k}`][0])
      expect(Math.abs(c.lower - r[`lo${k}`][0])).toBeLessThan(1e-9)
      expect(c.consistent).toBe(r[`lo${k}`][0] <= p)
    })
  })
})

describe('gridNoiseModel', () => {
  it('splits the variance so that the ICC of repetitions within a process is the cell’s', () => {
    for (const icc of [0.05, 0.3, 0.6]) {
      const model = gridNoiseModel(icc, 0.05)
      expect(model.processSigma ** 2 + model.repetitionSigma ** 2).toBeCloseTo(0.05 ** 2, 12)
      const s = createSession(model, 11)
      const groups = Array.from({ length: 3000 }, () =>
        s.runProcess({ lambdaNs: 1000, ratio: 1, repetitions: 3, minTimeSeconds: 0.05 }).map(Math.log)
      )
      const est = intraclassCorrelation(groups).icc as number
      // standard error of the ANOVA ICC with 3000 groups of 3 is below 0.015 here
      expect(Math.abs(est - icc)).toBeLessThan(0.05)
    }
  })

  it('rejects an ICC outside [0, 1]', () => {
    expect(() => gridNoiseModel(1.2)).toThrow(RangeError)
    expect(() => gridNoiseModel(0.1, 0)).toThrow(RangeError)
  })
})

describe('tallySuites', () => {
  const o = (trueChange: number, verdict: BenchmarkOutcome['verdict'], level = 'runs'): BenchmarkOutcome => ({
    trueChange,
    verdict,
    level
  })

  it('counts a suite once, and only alarms on unchanged benchmarks as false alarms', () => {
    const suites = [
      [o(0, 'regression'), o(0, 'improvement'), o(0.05, 'regression')], // false alarm (two, counted once)
      [o(0, 'unchanged'), o(0.05, 'regression'), o(0.1, 'improvement')], // alarms only on changed ones
      [o(0, 'negligible', 'repetitions'), o(0.05, 'inconclusive')], // significant, not an alarm
      [o(0, 'inconclusive'), o(0.025, 'negligible')]
    ]
    const t = tallySuites(suites)
    expect(t.suites).toBe(4)
    expect(t.anyFalseAlarm).toBe(1)
    expect(t.anySignificant).toBe(2)
    expect(t.byChange.map((b) => b.trueChange)).toEqual([0, 0.025, 0.05, 0.1])
    expect(verdictCount(t, 0, 'regression')).toEqual({ x: 1, n: 5 })
    expect(verdictCount(t, 0.05, 'regression')).toEqual({ x: 2, n: 3 })
    expect(verdictCount(t, 0.025, 'negligible')).toEqual({ x: 1, n: 1 })
    expect(verdictCount(t, 0.2, 'regression')).toEqual({ x: 0, n: 0 })
    expect(t.byChange[0].runLevel).toBe(4)
  })

  it('has mixed suites of the documented make-up', () => {
    expect(suiteChanges('aa')).toEqual(new Array(GRID_BENCHMARKS).fill(0))
    const mixed = suiteChanges('mixed')
    expect(mixed).toHaveLength(GRID_BENCHMARKS)
    for (const m of MIXED_CHANGES) expect(mixed.filter((c) => c === m.change)).toHaveLength(m.count)
  })

  it('gives every suite of every cell its own seed, the same for any analysis', () => {
    const cell = { icc: 0.15, rounds: 10, repetitions: 3 }
    const seeds = new Set(
      [0, 1, 2].flatMap((r) => [gridSeed(1, cell, 'aa', r), gridSeed(1, cell, 'mixed', r)])
    )
    seeds.add(gridSeed(1, { ...cell, repetitions: 8 }, 'aa', 0))
    expect(seeds.size).toBe(7)
    expect(gridSeed(1, cell, 'aa', 2)).toBe(gridSeed(1, { ...cell }, 'aa', 2))
  })
})

describe('runGrid (quick: one cell, real analyzeSuite)', () => {
  const cell = { icc: 0.3, rounds: 6, repetitions: 3 }
  let g: ReturnType<typeof runGrid>
  beforeAll(() => {
    g = runGrid({ label: 'test', seed: 5, aaSuites: 2, mixedSuites: 1, cells: [cell] })
  })

  it('analyses every benchmark of every suite', () => {
    expect(g.cells).toHaveLength(1)
    const c = g.cells[0]
    expect(c.aa.suites).toBe(2)
    expect(c.aa.byChange).toHaveLength(1)
    expect(c.aa.byChange[0].benchmarks).toBe(2 * GRID_BENCHMARKS)
    expect(c.mixed.byChange.map((b) => b.benchmarks)).toEqual(MIXED_CHANGES.map((m) => m.count))
    for (const t of [...c.aa.byChange, ...c.mixed.byChange])
      for (const v of Object.keys(t.verdicts)) expect(ALL_VERDICTS).toContain(v)
    expect(g.options.alpha).toBe(0.01)
  })

  it('is deterministic for a seed', () => {
    const again = runGrid({ label: 'test', seed: 5, aaSuites: 2, mixedSuites: 1, cells: [cell] })
    expect(again.cells[0].aa).toEqual(g.cells[0].aa)
    expect(again.cells[0].mixed).toEqual(g.cells[0].mixed)
  })
})

describe('gridSection', () => {
  const cell = (icc: number, x: number, n: number, negligible25: number) => ({
    icc,
    rounds: 20,
    repetitions: 3,
    seconds: 1,
    aa: {
      suites: n,
      anyFalseAlarm: x,
      anySignificant: x,
      byChange: [{ trueChange: 0, benchmarks: 50 * n, verdicts: {}, runLevel: 0 }]
    },
    mixed: {
      suites: 10,
      anyFalseAlarm: 0,
      anySignificant: 0,
      byChange: [
        { trueChange: 0.025, benchmarks: 100, verdicts: { negligible: negligible25 }, runLevel: 100 }
      ]
    }
  })
  const results = (label: string, cells: ReturnType<typeof cell>[]) => ({
    label,
    commit: 'abc',
    date: '2026-11-23T23:00:00Z',
    seed: 1,
    sdLog: 0.05,
    benchmarks: 50,
    alpha: 0.01,
    suitesPerCell: { aa: 300, mixed: 10 },
    options: { alpha: 0.01, correction: 'holm' },
    cells,
    durationSeconds: 10
  })

  it('reports a cell above α, with its numbers, instead of hiding it', () => {
    const before = results('before', [cell(0.05, 14, 300, 9), cell(0.15, 2, 300, 3)])
    const after = results('after', [cell(0.05, 1, 300, 0), cell(0.15, 9, 300, 0)])
    expect(cellsAboveAlpha(after).map((c) => c.icc)).toEqual([0.15])
    expect(alphaVerdict(after.cells[1], 0.01)).toBe('**no** (9 > 7)')
    expect(alphaVerdict(after.cells[0], 0.01)).toBe('yes (≤ 7)')
    expect(gridTotals(before).negligible25).toEqual({ x: 12, n: 200 })
    const md = gridSection({ before, after })
    expect(md).toContain('4.7% (14/300) [2.6%–7.7%]')
    expect(md).toContain('after: 1 of 2 cells consistent with ≤ α (above: ICC 0.15 20 × 3: 3.0% (9/300)')
    expect(md).toContain('before: 1 of 2 cells consistent with ≤ α')
  })

  it('says when nothing was run', () => {
    expect(gridSection({})).toContain('Not run yet')
  })
})
