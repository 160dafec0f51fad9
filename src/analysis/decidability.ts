/**
 * Decidability before measuring (docs/statistics.md §10): with K benchmarks at level α under the correction,
 * the exact Mann-Whitney test on n runs per side can reach p ≤ α/K only when 2/C(2n, n) ≤ α/K (the
 * signed-rank test of n pairs, under per-benchmark interleaving: 2/2ⁿ ≤ α/K, §13). Below
 * that n no benchmark can be decided whatever the data, so the plan is raised before the base is built.
 */
import { lookAlpha } from '../stats/groupSequential.js'
import { minTestRuns } from './rankTests.js'
import type { AnalysisOptions } from './types.js'
import { R_MIN } from './unitOfAnalysis.js'

/** The level, its correction and the design (per-benchmark pairs use the signed-rank test's n_min, §13). */
export type DecidabilityOptions = Pick<AnalysisOptions, 'alpha' | 'correction'> &
  Partial<Pick<AnalysisOptions, 'interleave'>>

export interface Decidability {
  /** The level one benchmark's test must reach: α/K (Bonferroni, Holm's first step), α without a correction. */
  testLevel: number
  /** Fewest runs per side at which a benchmark can be decided at all (never below R_MIN). */
  minRuns: number
}

/**
 * @param k benchmarks in the family (K ≥ 1)
 * @param adaptive the adaptive design, whose first look tests at a smaller level (§6)
 */
export function decidability(
  k: number,
  options: DecidabilityOptions,
  adaptive?: { rounds: number; maxRounds: number }
): Decidability {
  // As the adaptive looks do (adaptiveLooks.ts): α spent at the first look, then divided over K.
  const first =
    adaptive && adaptive.maxRounds > adaptive.rounds
      ? lookAlpha({
          alpha: options.alpha,
          fraction: adaptive.rounds / adaptive.maxRounds,
          previousFraction: 0,
          final: false
        })
      : options.alpha
  const testLevel = options.correction === 'none' ? first : first / Math.max(1, k)
  return { testLevel, minRuns: Math.max(R_MIN, minTestRuns(testLevel, options.interleave ?? 'auto')) }
}

/**
 * The rounds to plan so that a benchmark can be decided at all: `rounds` when enough, else the
 * fewest that are (an adaptive design's first look moves with its initial block, so it is searched
 * up to `maxRounds`). Returns the decidability at the rounds returned.
 */
export function decidableRounds(
  k: number,
  options: DecidabilityOptions,
  rounds: number,
  maxRounds?: number
): { rounds: number; decidability: Decidability } {
  if (maxRounds === undefined) {
    const d = decidability(k, options)
    return { rounds: Math.max(rounds, d.minRuns), decidability: d }
  }
  for (let r = rounds; ; r++) {
    const d = decidability(k, options, { rounds: r, maxRounds: Math.max(r, maxRounds) })
    if (d.minRuns <= r || r >= maxRounds)
      return { rounds: Math.max(r, Math.min(d.minRuns, maxRounds)), decidability: d }
  }
}
