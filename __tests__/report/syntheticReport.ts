/**
 * Synthetic, already-analysed comparisons and their report, for tests about presentation only: any
 * verdict with a plausible interval, p-value, power and one shared warning.
 */
import {
  DEFAULT_ANALYSIS_OPTIONS,
  type Comparison,
  type SuiteResult,
  type Verdict
} from '../../src/analysis/types.js'
import { ALL_VERDICTS } from '../../src/analysis/verdict.js'
import type { Report } from '../../src/report/model.js'

export function comparison(
  name: string,
  verdict: Verdict,
  ratio: number,
  ci: [number, number],
  p: number
): Comparison {
  return {
    benchmark: name,
    verdict,
    inconclusiveReason: verdict === 'inconclusive' ? 'interval-reaches-delta' : null,
    advice: verdict === 'inconclusive' ? { kind: 'more-rounds', rounds: 12 } : null,
    metric: 'cpu_time',
    level: 'runs',
    levelReason: 'runs',
    baseMedian: 1_190_000,
    headMedian: 1_190_000 * ratio,
    baseLocation: 1_190_000,
    headLocation: 1_190_000 * ratio,
    series: null,
    base: null,
    head: null,
    pValue: p,
    pAdjusted: p,
    statistic: 10,
    testMethod: 'exact',
    confLevel: 0.99,
    shift: { estimate: 1_190_000 * (ratio - 1), ci: [0, 0] },
    ratio: { estimate: ratio, ci },
    power: {
      sdLog: 0.01,
      alpha: 0.01,
      nEff: 12,
      requiredPerSide: 60,
      minDetectableEffect: 0.024,
      moreRounds: 48
    },
    warnings: [
      {
        level: 'warning',
        code: 'autocorrelated',
        side: 'head',
        message: 'head samples autocorrelated (Ljung-Box p = 0.003)'
      }
    ],
    issues: []
  }
}

export function report(comparisons: Comparison[]): Report {
  const counts = Object.fromEntries(ALL_VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>
  for (const c of comparisons) counts[c.verdict]++
  const suite: SuiteResult = {
    options: { ...DEFAULT_ANALYSIS_OPTIONS },
    familySize: comparisons.length,
    comparisons,
    counts,
    warnings: [],
    provenance: { base: {}, head: {} }
  }
  return reportOf(suite)
}

/** A suite's report, run from `main` to `feature/x` in 12 rounds × 5 repetitions unless `run` says otherwise. */
export function reportOf(suite: SuiteResult, run: Partial<Report['run']> = {}): Report {
  return {
    suite,
    run: {
      base: { label: 'main', sha: '1a2b3c4d5e' },
      head: { label: 'feature/x', sha: '9f8e7d6c5b' },
      rounds: 12,
      repetitions: 5,
      key: 'default',
      ...run
    }
  }
}
