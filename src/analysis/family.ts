/**
 * Each benchmark's share of the family-wise level (docs/statistics.md §6), so that its interval and its
 * verdict agree: Bonferroni gives every benchmark α/K; Holm gives the i-th smallest p the level of its
 * step, α/(K − i + 1), until the first step that does not reject, whose level every later benchmark
 * keeps (their p is no smaller, so their intervals contain 0 as Holm requires); `none` gives α.
 */
import { adjustPValues } from '../stats/multiplicity.js'
import type { Correction } from './types.js'

export interface FamilyLevels {
  /** K: the tested benchmarks plus the padding (adaptive: benchmarks resolved at earlier looks). */
  size: number
  /** Level of each benchmark's test and interval, in input order. */
  alphas: number[]
  /** The p-value shown: min(1, K·p), Holm-adjusted, or raw. */
  pAdjusted: number[]
}

/**
 * @param pValues raw p-values of the tested benchmarks
 * @param padding extra hypotheses with p = 1 (they only enlarge K)
 * @param alpha the family-wise level (α, or an adaptive look's level)
 */
export function familyLevels(
  pValues: readonly number[],
  padding: number,
  alpha: number,
  correction: Correction
): FamilyLevels {
  const size = pValues.length + padding
  const k = Math.max(1, size)
  if (correction === 'none') return { size, alphas: pValues.map(() => alpha), pAdjusted: [...pValues] }
  if (correction === 'bonferroni') {
    return { size, alphas: pValues.map(() => alpha / k), pAdjusted: pValues.map((p) => Math.min(1, k * p)) }
  }
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a] - pValues[b] || a - b)
  const alphas = new Array<number>(pValues.length)
  let stopped: number | null = null
  order.forEach((idx, step) => {
    const level = stopped ?? alpha / (k - step)
    alphas[idx] = level
    if (stopped === null && !(pValues[idx] < level)) stopped = level
  })
  const adjusted = adjustPValues([...pValues, ...new Array<number>(padding).fill(1)], 'holm')
  return { size, alphas, pAdjusted: adjusted.slice(0, pValues.length) }
}
