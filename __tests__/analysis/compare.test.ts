import { describe, expect, it } from '@jest/globals'
import { compare } from '../../src/analysis/compare.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import type { Observation } from '../../src/analysis/types.js'
import type { Sample, Side } from '../../src/samples/model.js'
import { StatsInputError } from '../../src/stats/errors.js'
import { seededRandom } from '../helpers/r.js'

/** Lognormal samples from `runs` processes × `reps` repetitions, with a per-process random effect. */
function measure(
  seed: number,
  opts: { median: number; runs: number; reps: number; sigma: number; runSigma: number }
): Observation[] {
  const u = seededRandom(seed)
  const normal = () => Math.sqrt(-2 * Math.log(u() + 1e-12)) * Math.cos(2 * Math.PI * u())
  const out: Observation[] = []
  for (let run = 0; run < opts.runs; run++) {
    const processEffect = opts.runSigma * normal()
    for (let repetition = 0; repetition < opts.reps; repetition++) {
      out.push({
        value: opts.median * Math.exp(processEffect + opts.sigma * normal()),
        round: run,
        run,
        repetition
      })
    }
  }
  return out
}

function samplesOf(name: string, side: Side, obs: Observation[]): Sample[] {
  return obs.map((o) => ({
    benchmark: name,
    side,
    round: o.round,
    run: o.run,
    repetition: o.repetition,
    iterations: 1,
    realTimeNs: o.value,
    cpuTimeNs: o.value,
    threads: 1
  }))
}

describe('compare', () => {
  const iid = { runs: 20, reps: 5, sigma: 0.01, runSigma: 0 }

  it('finds a 10% regression, with a ratio CI that contains 1.10', () => {
    const c = compare('BM_X', measure(1, { median: 1000, ...iid }), measure(2, { median: 1100, ...iid }))
    expect(c.verdict).toBe('regression')
    expect(c.level).toBe('repetitions')
    expect(c.ratio!.ci[0]).toBeLessThan(1.1)
    expect(c.ratio!.ci[1]).toBeGreaterThan(1.1)
    expect(c.confLevel).toBe(0.99)
    expect(c.pValue!).toBeLessThan(1e-20)
    expect(c.headMedian! / c.baseMedian!).toBeCloseTo(1.1, 2)
  })

  it('calls identical distributions unchanged and says what it could have detected', () => {
    const c = compare('BM_X', measure(3, { median: 1000, ...iid }), measure(4, { median: 1000, ...iid }))
    expect(c.verdict).toBe('unchanged')
    expect(c.power!.minDetectableEffect!).toBeGreaterThan(0)
    expect(c.power!.minDetectableEffect!).toBeLessThan(0.02)
  })

  it('switches to one value per run when repetitions are correlated (STATISTICS §3)', () => {
    const correlated = { runs: 24, reps: 8, sigma: 0.002, runSigma: 0.02 }
    const c = compare(
      'BM_X',
      measure(5, { median: 1000, ...correlated }),
      measure(6, { median: 1000, ...correlated })
    )
    expect(c.level).toBe('runs')
    expect(c.base!.designEffect).toBeGreaterThan(1.5)
    expect(c.base!.analysed).toBe(24)
    expect(c.power!.nEff).toBe(24)
    expect(c.warnings.map((w) => w.code)).toContain('run-level')
    // A/A with strong process effects: the run-level test must not cry wolf.
    expect(['unchanged', 'inconclusive']).toContain(c.verdict)
  })

  it('warns that one process per side cannot show correlation (the compare.py case)', () => {
    const one = { runs: 1, reps: 30, sigma: 0.01, runSigma: 0 }
    const c = compare('BM_X', measure(7, { median: 1000, ...one }), measure(8, { median: 1000, ...one }))
    expect(c.warnings.map((w) => w.code)).toContain('single-process')
  })

  it('is inconclusive with too few samples, and says how many are needed', () => {
    const few = { runs: 3, reps: 1, sigma: 0.05, runSigma: 0 }
    const c = compare('BM_X', measure(9, { median: 1000, ...few }), measure(10, { median: 1010, ...few }))
    expect(c.verdict).toBe('inconclusive')
    expect(c.power!.requiredPerSide!).toBeGreaterThan(3)
    expect(c.power!.moreRounds!).toBeGreaterThan(0)
  })

  it.each([
    ['a side with one sample', [{ value: 1, round: 0, run: 0, repetition: 0 }], /needs at least 2/],
    [
      'NaN',
      [
        { value: NaN, round: 0, run: 0, repetition: 0 },
        { value: 1, round: 0, run: 0, repetition: 1 }
      ],
      /NaN/
    ],
    [
      'zero time',
      [
        { value: 0, round: 0, run: 0, repetition: 0 },
        { value: 1, round: 0, run: 0, repetition: 1 }
      ],
      /positive/
    ]
  ])('rejects %s with a typed error', (_what, bad, message) => {
    const good = measure(11, { median: 1000, ...iid })
    expect(() => compare('BM_X', good, bad)).toThrow(StatsInputError)
    expect(() => compare('BM_X', good, bad)).toThrow(message)
  })
})

describe('analyzeSuite', () => {
  const iid = { runs: 12, reps: 3, sigma: 0.01, runSigma: 0 }
  const samples: Sample[] = [
    ...samplesOf('BM_Slow', 'base', measure(21, { median: 500, ...iid })),
    ...samplesOf('BM_Slow', 'head', measure(22, { median: 550, ...iid })),
    ...samplesOf('BM_Same', 'base', measure(23, { median: 500, ...iid })),
    ...samplesOf('BM_Same', 'head', measure(24, { median: 500, ...iid })),
    ...samplesOf('BM_Removed', 'base', measure(25, { median: 500, ...iid })),
    ...samplesOf('BM_New', 'head', measure(26, { median: 500, ...iid }))
  ]
  const issues = [
    {
      benchmark: 'BM_Crash',
      side: 'head' as const,
      round: 2,
      run: 2,
      kind: 'crashed' as const,
      message: 'killed by SIGSEGV'
    }
  ]

  it('judges every benchmark on either side, never dropping one', () => {
    const suite = analyzeSuite({ samples, issues })
    const verdicts = Object.fromEntries(suite.comparisons.map((c) => [c.benchmark, c.verdict]))
    expect(verdicts).toEqual({
      BM_Crash: 'failed',
      BM_New: 'new',
      BM_Removed: 'removed',
      BM_Same: 'unchanged',
      BM_Slow: 'regression'
    })
    expect(suite.counts.regression).toBe(1)
    expect(suite.counts.failed).toBe(1)
  })

  it('adjusts p-values over the suite (Holm by default, BH and none on request)', () => {
    const holm = analyzeSuite({ samples }).comparisons.filter((c) => c.pValue !== null)
    const ps = holm.map((c) => c.pValue!)
    const sorted = [...ps].sort((a, b) => a - b)
    const smallest = holm.find((c) => c.pValue === sorted[0])!
    expect(smallest.pAdjusted).toBeCloseTo(Math.min(1, sorted[0] * ps.length), 12)
    const none = analyzeSuite({ samples }, { correction: 'none' }).comparisons.filter(
      (c) => c.pValue !== null
    )
    for (const c of none) expect(c.pAdjusted).toBe(c.pValue)
  })

  it('calls a benchmark with one sample on a side inconclusive (measure more), not failed', () => {
    const one = [
      ...samplesOf(
        'BM_One',
        'base',
        measure(31, { median: 500, runs: 1, reps: 1, sigma: 0.01, runSigma: 0 })
      ),
      ...samplesOf('BM_One', 'head', measure(32, { median: 500, ...iid }))
    ]
    const c = analyzeSuite({ samples: one }).comparisons[0]
    expect(c.verdict).toBe('inconclusive')
    expect(c.warnings[0].message).toMatch(/base has 1 sample\(s\)/)
  })

  it('warns when base and head differ in more than code', () => {
    const suite = analyzeSuite({
      samples,
      provenance: { base: { compiler: 'GCC 12.2.0' }, head: { compiler: 'GCC 13.1.0' } }
    })
    expect(suite.warnings.map((w) => w.message).join('\n')).toMatch(/compiler "GCC 12.2.0" vs "GCC 13.1.0"/)
  })
})
