/**
 * The budget design's allocation (docs/budget.md): which benchmarks the count pass settles (no timing
 * rounds), and which undecided benchmarks stop because the time budget left cannot decide them, judged
 * at the α a later look can still spend.
 */
import { describe, expect, it } from '@jest/globals'
import {
  budgetStops,
  splitByCounts,
  timingSplitOf,
  type BudgetAtLook
} from '../../src/analysis/budgetAllocation.js'
import type { Comparison } from '../../src/analysis/types.js'
import type { CountMeasurement } from '../../src/samples/countModel.js'
import { counted, countedEvents } from '../helpers/samples.js'

const options = { metric: 'instructions' as const, threshold: 0.01 }
const measurement = (samples: CountMeasurement['samples']): Pick<CountMeasurement, 'samples' | 'issues'> => ({
  samples,
  issues: []
})

describe('splitByCounts: the count pass settles the flat benchmarks', () => {
  const m = measurement([
    ...counted('BM_Same', 1000, 1000),
    ...counted('BM_Tiny', 100_000, 100_300),
    ...counted('BM_Up', 1000, 1080),
    ...counted('BM_Down', 1000, 800),
    ...counted('BM_Flaky', 1000, 1000, 1003),
    // the same instructions, but data-cache misses that add 5% of the estimated cycles: the path moved
    ...countedEvents('BM_Misses', { D1mr: 100 + 0.05 * 150_000 })
  ])

  it('times the moved and the not-deterministic benchmarks, not the flat unchanged or negligible ones', () => {
    expect(splitByCounts(m, options, false)).toEqual({
      timed: ['BM_Down', 'BM_Flaky', 'BM_Misses', 'BM_Up'],
      settled: ['BM_Same', 'BM_Tiny']
    })
  })

  it('times every benchmark when timing-only changes fail the run (fail-on timing-only)', () => {
    expect(splitByCounts(m, options, true).settled).toEqual([])
    const config = { countMetric: 'instructions' as const, countThreshold: 0.01 }
    expect(timingSplitOf(m, { ...config, failOn: ['regression', 'timing-only'] }).timed).toHaveLength(6)
    expect(timingSplitOf(m, { ...config, failOn: ['regression', 'failed'] }).timed).toHaveLength(4)
  })
})

/** An inconclusive benchmark: estimate e (ratio) and the standard error of ln(ratio) compare() gives. */
function undecided(benchmark: string, estimate: number, logRatioSe: number): Comparison {
  const half = 2.6 * logRatioSe
  return {
    benchmark,
    verdict: 'inconclusive',
    ratio: { estimate, ci: [estimate * Math.exp(-half), estimate * Math.exp(half)] },
    logRatioSe
  } as unknown as Comparison
}

const look = (over: Partial<BudgetAtLook> = {}): BudgetAtLook => ({
  rounds: 10,
  remainingMs: 1e9,
  msPerBenchmarkRound: 1000,
  maxRounds: 60,
  alpha: 0.01,
  spentFraction: 1 / 6,
  familySize: 3,
  correction: 'bonferroni',
  minEffect: 0.02,
  ...over
})

describe('budgetStops: what the budget left cannot decide stops', () => {
  const quiet = undecided('BM_Quiet', 1.0, 0.005)

  it('keeps an undecided benchmark the budget can decide, stops it when the budget is gone', () => {
    expect(budgetStops([quiet], look())).toEqual([])
    const none = budgetStops([quiet], look({ remainingMs: 500 }))
    expect(none).toMatchObject([{ benchmark: 'BM_Quiet', affordable: 0 }])
    expect(none[0].message).toMatch(/cannot be decided within the time budget: .* 0 more round\(s\)/)
    // one more round cannot narrow ±1.3% (at 0.01/3) inside ±2% with the truth uncertain by ±1%
    expect(budgetStops([quiet], look({ remainingMs: 1000 }))).toMatchObject([{ affordable: 1 }])
  })

  it('never stops a decided benchmark (its rounds end at the look that decided it)', () => {
    for (const verdict of ['regression', 'improvement', 'unchanged', 'negligible'] as const)
      expect(budgetStops([{ ...quiet, verdict }], look({ remainingMs: 0 }))).toEqual([])
  })

  it('stops a benchmark far too noisy for the cap, whatever the budget', () => {
    const stops = budgetStops([undecided('BM_Noisy', 1.0, 0.3)], look())
    expect(stops).toMatchObject([{ benchmark: 'BM_Noisy', why: 'too-noisy' }])
  })

  it('a stopped benchmark frees its share of the budget for the rest', () => {
    // 30 rounds' worth of budget: shared by two, 15 each (too few for BM_Quiet); alone, 30.
    const budget = look({ remainingMs: 30 * 1000 })
    const alone = budgetStops([quiet], look({ remainingMs: 15 * 1000 }))
    expect(alone.map((s) => s.benchmark)).toEqual(['BM_Quiet'])
    const stops = budgetStops([quiet, undecided('BM_Noisy', 1.0, 0.3)], budget)
    expect(stops.map((s) => s.benchmark)).toEqual(['BM_Noisy'])
  })

  it('judges at the α a later look can spend: less left or a larger family stops more', () => {
    // A benchmark whose decision is within reach at a generous level but not at a strict one.
    const edge = undecided('BM_Edge', 1.0, 0.004)
    const budget = { remainingMs: 20 * 1000 }
    expect(budgetStops([edge], look({ ...budget, familySize: 1 }))).toEqual([])
    expect(budgetStops([edge], look({ ...budget, familySize: 1e6 }))).toHaveLength(1)
    expect(budgetStops([edge], look({ ...budget, familySize: 1, spentFraction: 0.999999 }))).toHaveLength(1)
    // everything spent: nothing can be decided any more
    expect(budgetStops([quiet], look({ spentFraction: 1 }))).toMatchObject([{ affordable: 0 }])
    // no correction: the level is α left, not divided over the family
    expect(budgetStops([edge], look({ ...budget, familySize: 1e6, correction: 'none' }))).toEqual([])
  })
})
