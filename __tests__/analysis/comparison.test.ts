import { describe, expect, it } from '@jest/globals'
import { compare } from '../../src/analysis/comparison.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import type { Observation } from '../../src/analysis/types.js'
import type { Sample, Side } from '../../src/samples/model.js'
import { hodgesLehmannRatio } from '../../src/stats/hodgesLehmann.js'
import { median } from '../../src/stats/summary.js'
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

  it('finds a 10% regression at the run level, with a ratio CI that contains 1.10', () => {
    const base = measure(1, { median: 1000, ...iid })
    const head = measure(2, { median: 1100, ...iid })
    // Whole-suite rounds (Mann-Whitney): compare() would pair these rounds by default, as `run` does.
    const c = compare('BM_X', base, head, { interleave: 'suite' })
    expect(c.verdict).toBe('regression')
    expect(c.inconclusiveReason).toBeNull()
    expect(c.advice).toBeNull()
    expect(c.level).toBe('runs')
    expect(c.levelReason).toBe('runs')
    expect(c.ratio!.ci[0]).toBeLessThan(1.1)
    expect(c.ratio!.ci[1]).toBeGreaterThan(1.1)
    expect(c.confLevel).toBe(0.99)
    expect((c.pValue! * 137846528820) / 2).toBeCloseTo(1, 12) // 20 vs 20 run medians, separated: 2/C(40, 20)
    expect(c.headMedian! / c.baseMedian!).toBeCloseTo(1.1, 2)
  })

  it('reports the locations and the series the test used: one median per run, in time order', () => {
    const base = measure(1, { median: 1000, ...iid })
    const head = measure(2, { median: 1100, ...iid })
    const c = compare('BM_X', base, head)
    const runMedian = (obs: Observation[], run: number) =>
      median(obs.filter((o) => o.run === run).map((o) => o.value))
    expect(c.series!.base).toEqual(Array.from({ length: 20 }, (_, r) => runMedian(base, r)))
    expect(c.series!.head).toEqual(Array.from({ length: 20 }, (_, r) => runMedian(head, r)))
    expect(c.baseLocation).toBe(median(c.series!.base))
    expect(c.headLocation).toBe(median(c.series!.head))
  })

  it('calls identical distributions unchanged and says what it could have detected', () => {
    const c = compare('BM_X', measure(3, { median: 1000, ...iid }), measure(4, { median: 1000, ...iid }))
    expect(c.verdict).toBe('unchanged')
    expect(c.power!.minDetectableEffect!).toBeGreaterThan(0)
    expect(c.power!.minDetectableEffect!).toBeLessThan(0.02)
  })

  it('always uses one value per run with ≥ 5 runs, whatever the design effect (no pretest, STATISTICS §3)', () => {
    for (const runSigma of [0, 0.02]) {
      const design = { runs: 24, reps: 8, sigma: 0.002, runSigma }
      const c = compare(
        'BM_X',
        measure(5, { median: 1000, ...design }),
        measure(6, { median: 1000, ...design })
      )
      expect(c.level).toBe('runs')
      expect(c.base!.analysed).toBe(24)
      expect(c.power!.nEff).toBe(24)
      // A/A with strong process effects: the run-level test must not cry wolf.
      expect(['unchanged', 'inconclusive']).toContain(c.verdict)
    }
    // ICC and design effect stay as diagnostics
    const correlated = { runs: 24, reps: 8, sigma: 0.002, runSigma: 0.02 }
    const c = compare(
      'BM_X',
      measure(5, { median: 1000, ...correlated }),
      measure(6, { median: 1000, ...correlated })
    )
    expect(c.base!.designEffect).toBeGreaterThan(1.5)
    expect(c.base!.icc!).toBeGreaterThan(0.5)
  })

  it('holds one process per side (the compare.py case) at inconclusive, even for a 10% change', () => {
    const one = { runs: 1, reps: 30, sigma: 0.01, runSigma: 0 }
    const c = compare('BM_X', measure(7, { median: 1000, ...one }), measure(8, { median: 1100, ...one }))
    expect(c.level).toBe('repetitions')
    expect(c.levelReason).toBe('too-few-processes')
    // §3: the point change and a within-process interval, but no p, no power, no advice from repetitions
    expect(c.pValue).toBeNull()
    expect(c.pAdjusted).toBeNull()
    expect(c.power).toBeNull()
    expect(c.ratio!.ci[0]).toBeGreaterThan(1.05)
    expect(c.verdict).toBe('inconclusive')
    expect(c.inconclusiveReason).toBe('too-few-processes')
    expect(c.warnings.find((w) => w.code === 'too-few-processes')!.message).toMatch(/1 per side; need ≥ 5/)
    expect(c.advice).toBeNull()
  })

  it('--level repetitions pools repetitions on request and says the gate cannot trust it', () => {
    const one = { runs: 2, reps: 30, sigma: 0.01, runSigma: 0 }
    const c = compare('BM_X', measure(7, { median: 1000, ...one }), measure(8, { median: 1100, ...one }), {
      level: 'repetitions'
    })
    expect(c.level).toBe('repetitions')
    expect(c.levelReason).toBe('forced-repetitions')
    expect(c.verdict).toBe('regression')
    expect(c.warnings.map((w) => w.code)).toContain('forced-repetitions')
    const auto = compare('BM_X', measure(7, { median: 1000, ...iid }), measure(8, { median: 1000, ...iid }), {
      level: 'repetitions'
    })
    expect(auto.base!.analysed).toBe(100)
  })

  it('with ties, an interval clamped to [min, max] below the level decides nothing (issue 27: p 0.012 > α beside a "regression")', () => {
    // base {100,100,101,102,103}, head {110…114}: fully separated, but the tie makes the test normal
    // with p = 0.0119 > 0.01, and the 99% interval clamps to [min, max] of the ratios, excluding 1.
    const obs = (values: number[]) => values.map((value, run) => ({ value, round: run, run, repetition: 0 }))
    const c = compare('BM_X', obs([100, 100, 101, 102, 103]), obs([110, 111, 112, 113, 114]), {
      interleave: 'suite'
    })
    expect(c.pValue!).toBeGreaterThan(0.01)
    expect(c.ratio!.ci[0]).toBeGreaterThan(1)
    expect(c.verdict).toBe('inconclusive')
    expect(c.inconclusiveReason).toBe('level-unreachable')
    // Its true level is 1 − the smallest attainable p: the interval and the test agree.
    expect(c.rangeLevel!).toBeCloseTo(1 - c.pValue!, 3)
    expect(c.warnings.find((w) => w.code === 'level-unreachable')!.message).toMatch(
      /\[min, max\] of the ratios, at 98\.81% rather than 99%/
    )
    // At α = 0.05 the interval is a true 95% one and the verdict stands.
    const loose = compare('BM_X', obs([100, 100, 101, 102, 103]), obs([110, 111, 112, 113, 114]), {
      alpha: 0.05,
      interleave: 'suite'
    })
    expect(loose.verdict).toBe('regression')
    expect(loose.rangeLevel).toBeUndefined()
  })

  it('is inconclusive when the exact test cannot reach the level, and says so with the level used', () => {
    // 3 values per side: no two-sided p below 2/C(6, 3) = 0.1, so nothing is decided at 0.01, even
    // though the (necessarily wide) interval [min D, max D] may lie inside ±δ.
    const few = { runs: 3, reps: 1, sigma: 0.0001, runSigma: 0 }
    const c = compare('BM_X', measure(9, { median: 1000, ...few }), measure(10, { median: 1000, ...few }), {
      level: 'repetitions'
    })
    expect(c.ratio!.ci[0]).toBeGreaterThan(1 / 1.02)
    expect(c.ratio!.ci[1]).toBeLessThan(1.02)
    expect(c.verdict).toBe('inconclusive')
    expect(c.inconclusiveReason).toBe('level-unreachable')
    expect(c.warnings.find((w) => w.code === 'level-unreachable')!.message).toMatch(/below 0\.10.*\(0\.010\)/)
  })

  it('is inconclusive below 5 runs per side, with no power or advice computed from within processes (§3)', () => {
    const few = { runs: 3, reps: 1, sigma: 0.05, runSigma: 0 }
    const c = compare('BM_X', measure(9, { median: 1000, ...few }), measure(10, { median: 1010, ...few }))
    expect(c.verdict).toBe('inconclusive')
    expect(c.inconclusiveReason).toBe('too-few-processes')
    expect([c.pValue, c.power, c.advice]).toEqual([null, null, null])
  })

  it('drops a run with an invalid value (a sample issue) and keeps comparing the rest', () => {
    const base = measure(11, { median: 1000, ...iid })
    const head = measure(12, { median: 1100, ...iid })
    head[7] = { ...head[7], value: NaN } // run 1
    base[0] = { ...base[0], value: 0 } // run 0
    const c = compare('BM_X', base, head)
    expect(c.verdict).toBe('regression')
    expect(c.base!.runs).toBe(19)
    expect(c.head!.runs).toBe(19)
    expect(c.issues.map((i) => [i.side, i.run, i.kind])).toEqual([
      ['base', 0, 'invalid'],
      ['head', 1, 'invalid']
    ])
    expect(c.warnings.filter((w) => w.code === 'invalid-run')).toHaveLength(2)
  })

  it.each([
    [
      'a side with one sample',
      [{ value: 1, round: 0, run: 0, repetition: 0 }],
      'too-small',
      /needs at least 2/
    ],
    [
      'a side left with one run after dropping a NaN',
      [
        { value: NaN, round: 0, run: 0, repetition: 0 },
        { value: 1, round: 1, run: 1, repetition: 0 },
        { value: 1, round: 1, run: 1, repetition: 1 }
      ],
      'not-positive',
      /1 run\(s\) left after leaving out 1 with an invalid time/
    ],
    [
      'a side whose only run has a zero time',
      [
        { value: 0, round: 0, run: 0, repetition: 0 },
        { value: 1, round: 0, run: 0, repetition: 1 }
      ],
      'not-positive',
      /invalid time/
    ]
  ])('rejects %s with a typed error', (_what, bad, id, message) => {
    const good = measure(11, { median: 1000, ...iid })
    expect(() => compare('BM_X', good, bad)).toThrow(expect.objectContaining({ id }))
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

  it('Bonferroni by default: every interval at 1 − α/K, p shown as min(1, K·p) (STATISTICS §6)', () => {
    const suite = analyzeSuite({ samples })
    const tested = suite.comparisons.filter((c) => c.pValue !== null)
    expect(suite.familySize).toBe(2)
    for (const c of tested) {
      expect(c.confLevel).toBeCloseTo(1 - 0.01 / 2, 15)
      expect(c.pAdjusted).toBe(Math.min(1, 2 * c.pValue!))
      const direct = hodgesLehmannRatio(c.series!.head, c.series!.base, { confLevel: 1 - 0.01 / 2 })
      expect(c.ratio!.ci).toEqual(direct.ci)
    }
  })

  it('Holm on request: each interval at its step level α/(K − i + 1), later steps keep the level where Holm stopped', () => {
    const noisy = { runs: 12, reps: 3, sigma: 0.03, runSigma: 0 }
    const more: Sample[] = [
      ...samples,
      ...samplesOf('BM_Noisy', 'base', measure(41, { median: 500, ...noisy })),
      ...samplesOf('BM_Noisy', 'head', measure(42, { median: 505, ...noisy }))
    ]
    const holm = analyzeSuite({ samples: more }, { correction: 'holm' })
    const tested = holm.comparisons.filter((c) => c.pValue !== null).sort((a, b) => a.pValue! - b.pValue!)
    expect(tested.map((c) => c.benchmark)[0]).toBe('BM_Slow')
    expect(tested[0].confLevel).toBeCloseTo(1 - 0.01 / 3, 15) // rejected at step 1
    expect(tested[0].pValue!).toBeLessThan(0.01 / 3)
    expect(tested[1].pValue!).toBeGreaterThanOrEqual(0.01 / 2) // step 2 does not reject ...
    expect(tested[1].confLevel).toBeCloseTo(1 - 0.01 / 2, 15)
    expect(tested[2].confLevel).toBeCloseTo(1 - 0.01 / 2, 15) // ... so step 3 keeps its level
    for (const c of tested) expect(c.ratio!.ci[0] <= 1 && c.ratio!.ci[1] >= 1).toBe(c.pAdjusted! >= 0.01)
  })

  it('none on request: 1 − α intervals and raw p-values', () => {
    const none = analyzeSuite({ samples }, { correction: 'none' }).comparisons.filter(
      (c) => c.pValue !== null
    )
    for (const c of none) {
      expect(c.pAdjusted).toBe(c.pValue)
      expect(c.confLevel).toBe(0.99)
    }
  })

  it('metric auto: CPU time for single-threaded benchmarks, real time for /real_time, /manual_time and threads > 1', () => {
    const two = (name: string, threads: number): Sample[] =>
      (['base', 'head'] as const).flatMap((side) =>
        measure(side === 'base' ? 51 : 52, { median: 500, ...iid }).map((o) => ({
          ...samplesOf(name, side, [o])[0],
          cpuTimeNs: o.value,
          realTimeNs: 2 * o.value,
          threads
        }))
      )
    const suite = analyzeSuite({
      samples: [
        ...two('BM_A', 1),
        ...two('BM_B/real_time', 1),
        ...two('BM_C/manual_time', 1),
        ...two('BM_D/threads:4', 4)
      ]
    })
    const by = Object.fromEntries(suite.comparisons.map((c) => [c.benchmark, c]))
    expect(by.BM_A.metric).toBe('cpu_time')
    expect(by['BM_B/real_time'].metric).toBe('real_time')
    expect(by['BM_C/manual_time'].metric).toBe('real_time')
    expect(by['BM_D/threads:4'].metric).toBe('real_time')
    expect(by['BM_B/real_time'].baseLocation! / by.BM_A.baseLocation!).toBeCloseTo(2, 12)
    const forced = analyzeSuite({ samples: two('BM_A', 1) }, { metric: 'real_time' }).comparisons[0]
    expect(forced.metric).toBe('real_time')
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
