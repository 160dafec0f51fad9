/**
 * The suite summary (docs/statistics.md §10): one number for "did the suite as a whole get slower?" — the
 * geometric mean over benchmarks of head/base, with a 1 − α interval (one quantity: no division by K).
 *
 * Taken over the benchmarks measured at the run level in every round (their per-run series all have
 * the suite's full length, so the i-th value of every series is round i): per round r, d_r is the mean
 * over those benchmarks of ln(head_br / base_br); the estimate is exp(mean_r d_r) — the geometric mean
 * over benchmarks of each one's ratio of geometric means. One value per round keeps benchmarks that
 * shared a process or a slow phase together (a per-benchmark interval would treat them as independent).
 * The interval is Student's t over the rounds, widened for positive lag-1 autocorrelation
 * (stats/serialMean.ts): alternating ABBA orders turn a slow phase's switches into neighbouring rounds
 * that move together, and the studentized bootstrap used before covered 94–98% for a nominal 99% under
 * the slow phases. Deterministic, so the trusted half of the fork-safe pair and the merge of shards
 * recompute the same interval from the same series. Coverage and width: docs/VALIDATION.md ("Suite summary").
 */
import { normalQuantile } from '../stats/normal.js'
import { serialMeanInterval } from '../stats/serialMean.js'
import { R_MIN } from './unitOfAnalysis.js'
import type { Comparison, SuiteSummary } from './types.js'

/**
 * The per-round mean over benchmarks of ln(head/base) (d_r above) and how many benchmarks it is over,
 * or null when fewer than two benchmarks or R_MIN rounds qualify.
 */
export function perRoundLogRatios(
  comparisons: readonly Comparison[]
): { perRound: Float64Array; benchmarks: number } | null {
  const runLevel = comparisons.filter(
    (c) => c.level === 'runs' && c.series !== null && c.series.base.length > 0 && c.verdict !== 'failed'
  )
  const rounds = Math.max(0, ...runLevel.map((c) => Math.min(c.series!.base.length, c.series!.head.length)))
  const included = runLevel.filter(
    (c) => c.series!.base.length === rounds && c.series!.head.length === rounds
  )
  if (included.length < 2 || rounds < R_MIN) return null
  const perRound = new Float64Array(rounds)
  for (const c of included) {
    const { base, head } = c.series!
    for (let r = 0; r < rounds; r++) perRound[r] += Math.log(head[r] / base[r]) / included.length
  }
  return { perRound, benchmarks: included.length }
}

/**
 * The summary of `comparisons` at level 1 − `alpha`, or null when fewer than two benchmarks or R_MIN
 * rounds qualify.
 */
export function suiteSummary(comparisons: readonly Comparison[], alpha: number): SuiteSummary | null {
  const d = perRoundLogRatios(comparisons)
  if (!d) return null
  const confLevel = 1 - alpha
  const m = serialMeanInterval(d.perRound, confLevel)
  return {
    estimate: Math.exp(m.mean),
    ci: [Math.exp(m.ci[0]), Math.exp(m.ci[1])],
    confLevel,
    benchmarks: d.benchmarks,
    rounds: d.perRound.length
  }
}

/**
 * Shards measured their benchmarks in separate jobs, so their rounds share nothing: each shard's
 * summary is taken alone and combined on the log scale, weighted by benchmarks (the geometric mean
 * over all of them), with standard errors from each interval (normal approximation, independent shards).
 */
export function combineSummaries(parts: readonly SuiteSummary[], alpha: number): SuiteSummary | null {
  if (parts.length === 0) return null
  if (parts.length === 1) return parts[0]
  const total = parts.reduce((a, p) => a + p.benchmarks, 0)
  let mean = 0
  let variance = 0
  for (const p of parts) {
    const w = p.benchmarks / total
    const z = normalQuantile(1 - (1 - p.confLevel) / 2)
    const se = (Math.log(p.ci[1]) - Math.log(p.ci[0])) / (2 * z)
    mean += w * Math.log(p.estimate)
    variance += w * w * se * se
  }
  const half = normalQuantile(1 - alpha / 2) * Math.sqrt(variance)
  return {
    estimate: Math.exp(mean),
    ci: [Math.exp(mean - half), Math.exp(mean + half)],
    confLevel: 1 - alpha,
    benchmarks: total,
    rounds: Math.min(...parts.map((p) => p.rounds))
  }
}
