/**
 * The verdict rules of docs/statistics.md §7, read off the interval so they cannot contradict it:
 * with e = ln ρ, t = ln(1 + δ) and [lo, hi] the §6 interval of ln ρ (at the level actually used).
 */
import type { HodgesLehmannResult } from '../stats/hodgesLehmann.js'
import type { InconclusiveReason, LevelReason, Verdict } from './types.js'

export interface VerdictInput {
  /** Hodges-Lehmann ratio of locations head/base, and its CI at the level of §6. */
  ratio: number
  ratioCi: readonly [number, number]
  /** Minimum relative effect δ (0.02 = 2%). */
  minEffect: number
}

export interface VerdictDecision {
  verdict: Verdict
  /** Set exactly when the verdict is `inconclusive`. */
  reason: InconclusiveReason | null
}

/**
 * Classifies one comparison from its interval:
 * regression `lo > 0 ∧ e ≥ t`; improvement `hi < 0 ∧ e ≤ −t`; negligible `0 ∉ [lo, hi] ⊂ (−t, t)`;
 * unchanged `0 ∈ [lo, hi] ⊂ (−t, t)`; otherwise inconclusive (the interval still reaches ±t).
 */
export function decideVerdict(input: VerdictInput): VerdictDecision {
  const e = Math.log(input.ratio)
  const t = Math.log(1 + input.minEffect)
  const lo = Math.log(input.ratioCi[0])
  const hi = Math.log(input.ratioCi[1])
  if (lo > 0 && e >= t) return { verdict: 'regression', reason: null }
  if (hi < 0 && e <= -t) return { verdict: 'improvement', reason: null }
  if (lo > -t && hi < t) return { verdict: lo > 0 || hi < 0 ? 'negligible' : 'unchanged', reason: null }
  return { verdict: 'inconclusive', reason: 'interval-reaches-delta' }
}

/**
 * No verdict can be read off the interval at level 1 − α (§6–7): the exact test's smallest p
 * (`minP`) is not below α, or (with ties) the interval fell back to [min, max] at a lower true
 * level, where it can exclude 1 although p ≥ α.
 */
export function levelUnreachable(
  minP: number,
  alpha: number,
  ratio: Pick<HodgesLehmannResult, 'fallbackLevel'>
): boolean {
  return minP >= alpha || (ratio.fallbackLevel !== undefined && ratio.fallbackLevel < 1 - alpha)
}

export interface TimingVerdictInput {
  /** Why the values are at their level (§3): below R_min processes the verdict is held at inconclusive. */
  levelReason: LevelReason
  /** The smallest two-sided p the exact test could give with these values (ties included). */
  minP: number
  /** This benchmark's level in the family (α/K, a Holm step's, an adaptive look's). */
  alpha: number
  ratio: Pick<HodgesLehmannResult, 'estimate' | 'ci' | 'fallbackLevel'>
  minEffect: number
}

/**
 * One benchmark's timing verdict from its test and interval: the one rule the measuring analysis
 * and the re-judging of a results file (analysis/judge.ts) both use, so they cannot drift apart.
 */
export function timingVerdict(input: TimingVerdictInput): VerdictDecision {
  const decision = decideVerdict({
    ratio: input.ratio.estimate,
    ratioCi: input.ratio.ci,
    minEffect: input.minEffect
  })
  const reason: InconclusiveReason | null =
    input.levelReason === 'too-few-processes'
      ? 'too-few-processes'
      : levelUnreachable(input.minP, input.alpha, input.ratio)
        ? 'level-unreachable'
        : decision.reason
  return { verdict: reason === null ? decision.verdict : 'inconclusive', reason }
}

/** Verdicts that mean "no significant change"; docs/report.md collapses these into one group. */
export const QUIET_VERDICTS: readonly Verdict[] = ['unchanged', 'inconclusive', 'negligible', 'skipped']

export const ALL_VERDICTS: readonly Verdict[] = [
  'regression',
  'improvement',
  'negligible',
  'unchanged',
  'inconclusive',
  'new',
  'removed',
  'failed',
  'skipped',
  'timing-only'
]

/** How many of `verdicts` are each verdict (every verdict present, 0 when none). */
export function tallyVerdicts(verdicts: Iterable<Verdict>): Record<Verdict, number> {
  const t = Object.fromEntries(ALL_VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>
  for (const v of verdicts) t[v]++
  return t
}
