/**
 * What one comparison concluded (an outcome) and how outcomes add up to the four rates of the study:
 * false alarms (Type I error), detections (power), reversals and anomalies. Shared by the simulation
 * and the real study so that both are counted the same way.
 */
import type { Comparison } from '../../../src/analysis/types.js'
import { mannWhitneyU } from '../../../src/stats/index.js'
import { median } from '../../../src/stats/summary.js'

/** One comparison's conclusion, kept small so thousands fit in the results JSON. */
export interface Outcome {
  /** A reported change: 'up' (head slower: regression), 'down' (improvement), or null. */
  alarm: 'up' | 'down' | null
  /** The test rejected at the method's α (benchgate: adjusted p < α, whatever the effect size). */
  significant: boolean
  /** Estimated head/base ratio (benchgate: Hodges-Lehmann ratio; traditional: ratio of medians). */
  estimate: number
  /** benchgate only: the verdict, the analysis level and the CI of the ratio. */
  verdict?: string
  level?: string
  ci?: [number, number]
  /** benchgate only: minimum detectable effect at this sample (power figures). */
  mde?: number | null
  /** benchgate only: the larger design effect of the two sides. */
  deff?: number
}

/** benchgate's outcome: an alarm is a regression/improvement verdict (what fails or flags the gate). */
export function benchgateOutcome(c: Comparison, alpha: number): Outcome {
  const estimate = c.ratio?.estimate ?? NaN
  return {
    alarm: c.verdict === 'regression' ? 'up' : c.verdict === 'improvement' ? 'down' : null,
    significant: c.pAdjusted !== null && c.pAdjusted < alpha,
    estimate,
    verdict: c.verdict,
    level: c.level,
    ci: c.ratio ? [c.ratio.ci[0], c.ratio.ci[1]] : undefined,
    mde: c.power?.minDetectableEffect ?? null,
    deff: Math.max(c.base?.designEffect ?? 1, c.head?.designEffect ?? 1)
  }
}

/** compare.py's α (Google Benchmark tools/gbench: `--alpha`, default 0.05). */
export const TRADITIONAL_ALPHA = 0.05

/**
 * The traditional method, as `compare.py` users do it: Mann-Whitney U on the pooled repetitions of
 * one base process and one head process at α = 0.05; direction and size from the ratio of medians.
 */
export function traditionalOutcome(
  base: readonly number[],
  head: readonly number[],
  alpha = TRADITIONAL_ALPHA
): Outcome {
  const mw = mannWhitneyU(head, base)
  const estimate = median(head) / median(base)
  const significant = mw.pValue < alpha
  return {
    alarm: significant ? (estimate > 1 ? 'up' : estimate < 1 ? 'down' : null) : null,
    significant,
    estimate
  }
}

export interface Rates {
  n: number
  /** Outcomes with any alarm (at 0%: false alarms). */
  alarms: number
  /** Alarms in the true direction (at d ≠ 0: detections). */
  detections: number
  /** Alarms in the wrong direction. */
  wrongDirection: number
  /** Point estimate on the wrong side of 1 (d ≠ 0 only). */
  reversals: number
  /** |estimated change − d| > 0.4·|d| (d ≠ 0 only). */
  anomalies: number
  /** Verdicts of the outcomes whose estimate was reversed (benchgate: were they flagged, or inconclusive?). */
  reversalVerdicts: Record<string, number>
  /** Test significant at the method's α, any effect size. */
  significant: number
  verdicts: Record<string, number>
  /** Analyses done at the run level (benchgate). */
  runLevel: number
  /** Median of the estimated relative change and of the CI half-width (benchgate; log scale, as %). */
  medianEstimate: number | null
  medianCiHalfWidth: number | null
  medianMde: number | null
}

/** Anomaly threshold: an estimate off by more than this share of the true difference (bench_diff's 40%). */
export const ANOMALY_SHARE = 0.4

/**
 * Adds up outcomes of comparisons whose true head/base change is `trueChange` (0.02 = head 2% slower).
 */
export function tally(outcomes: readonly Outcome[], trueChange: number): Rates {
  const dir = trueChange > 0 ? 'up' : trueChange < 0 ? 'down' : null
  const r: Rates = {
    n: outcomes.length,
    alarms: 0,
    detections: 0,
    wrongDirection: 0,
    reversals: 0,
    reversalVerdicts: {},
    anomalies: 0,
    significant: 0,
    verdicts: {},
    runLevel: 0,
    medianEstimate: null,
    medianCiHalfWidth: null,
    medianMde: null
  }
  const est: number[] = []
  const half: number[] = []
  const mde: number[] = []
  for (const o of outcomes) {
    if (o.alarm) r.alarms++
    if (dir && o.alarm === dir) r.detections++
    if (dir && o.alarm && o.alarm !== dir) r.wrongDirection++
    if (o.significant) r.significant++
    if (o.verdict) r.verdicts[o.verdict] = (r.verdicts[o.verdict] ?? 0) + 1
    if (o.level === 'runs') r.runLevel++
    if (Number.isFinite(o.estimate)) {
      est.push(o.estimate - 1)
      if (dir) {
        if ((dir === 'up' && o.estimate < 1) || (dir === 'down' && o.estimate > 1)) {
          r.reversals++
          const v = o.verdict ?? (o.alarm ? 'alarm' : 'no alarm')
          r.reversalVerdicts[v] = (r.reversalVerdicts[v] ?? 0) + 1
        }
        if (Math.abs(o.estimate - 1 - trueChange) > ANOMALY_SHARE * Math.abs(trueChange)) r.anomalies++
      }
    }
    if (o.ci) half.push((Math.log(o.ci[1]) - Math.log(o.ci[0])) / 2)
    if (o.mde !== undefined && o.mde !== null && Number.isFinite(o.mde)) mde.push(o.mde)
  }
  if (est.length) r.medianEstimate = median(est)
  if (half.length) r.medianCiHalfWidth = median(half)
  if (mde.length) r.medianMde = median(mde)
  return r
}
