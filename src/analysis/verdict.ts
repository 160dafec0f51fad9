/**
 * The verdict rules of STATISTICS §7, on the log scale: e = ln ρ, t = ln(1 + δ), p* adjusted.
 * A change must be both significant and at least the minimum effect to count.
 */
import type { Verdict } from './types.js'

export interface VerdictInput {
  /** Suite-adjusted p-value p*. */
  pAdjusted: number
  /** Hodges-Lehmann ratio of locations head/base, and its CI. */
  ratio: number
  ratioCi: [number, number]
  alpha: number
  /** Minimum relative effect δ (0.02 = 2%). */
  minEffect: number
}

/**
 * Classifies one comparison. `regression`/`improvement` need p* < α and |ln ρ| ≥ ln(1+δ);
 * `negligible` is significant but smaller; without significance the CI decides between
 * `unchanged` (equivalence: CI inside (−t, t)) and `inconclusive` (CI reaches ±t).
 */
export function decideVerdict(input: VerdictInput): Verdict {
  const e = Math.log(input.ratio)
  const t = Math.log(1 + input.minEffect)
  if (input.pAdjusted < input.alpha) {
    if (e >= t) return 'regression'
    if (e <= -t) return 'improvement'
    return 'negligible'
  }
  const lo = Math.log(input.ratioCi[0])
  const hi = Math.log(input.ratioCi[1])
  return lo > -t && hi < t ? 'unchanged' : 'inconclusive'
}

/** Verdicts that mean "no significant change"; REPORT.md collapses these into one group. */
export const QUIET_VERDICTS: readonly Verdict[] = ['unchanged', 'inconclusive', 'negligible']

export const ALL_VERDICTS: readonly Verdict[] = [
  'regression',
  'improvement',
  'negligible',
  'unchanged',
  'inconclusive',
  'new',
  'removed',
  'failed'
]
