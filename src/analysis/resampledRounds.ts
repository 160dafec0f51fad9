/**
 * A second opinion on "≈ r more rounds" under pairs (docs/statistics.md §4): the appended rounds
 * resampled, not modelled. The decision model (decisionAdvice.ts) predicts the interval at n pairs from
 * the mixture the n0 pairs seen would give; under slow phases what decides is how many of the appended
 * pairs straddle a phase switch (a log-ratio of ±60%), and the pairs seen estimate that share poorly: a
 * benchmark whose 20 pairs came out calm is exactly the one advised few rounds, and the rounds appended
 * then hold the usual share or more. So the rounds the model names within the cap are checked by drawing
 * the appended pairs: each a true shift plus a residual drawn from the whole suite's pairs (the machine's
 * phases hit every benchmark measured on it), the interval computed at n pairs as the analysis computes it
 * (the Walsh averages' order statistics at the signed-rank critical count), and the §7 verdict read off.
 */
import { normalQuantile } from '../stats/normal.js'
import { MAX_EXACT_PAIRS, medianR, qsignrank, walshAverages } from '../stats/signedRank.js'

/** Draws per true shift: 5 shifts × 64 draws keep the check under a tenth of a second at 60 pairs. */
export const RESAMPLED_DRAWS = 64
/**
 * The most pairs resampled: each draw sorts n(n+1)/2 Walsh averages (7,260 at 120 pairs). The check is for
 * few pairs seen (20 estimate the share of straddling pairs poorly); past this no rounds are named by it.
 */
export const MAX_RESAMPLED_PAIRS = 120

/** What the resampling needs: the benchmark's own log-ratios and the suite's residuals. */
export interface ResampleInput {
  /** The benchmark's n0 log-ratios, in round order (kept as they are). */
  own: readonly number[]
  /** Residuals (log-ratio minus its benchmark's estimate) of every paired benchmark of the suite. */
  pool: readonly number[]
}

/**
 * The share of draws in which n pairs (the n0 seen and n − n0 drawn around `truth`) end in a decided §7
 * verdict at level `alpha` (`pairs`: n in all): regression/improvement (the interval excludes 0 and the estimate is beyond
 * ±δ) or within ±δ (the interval inside ±δ). Deterministic: the draws are seeded from the data.
 */
export function resampledDecision(
  input: ResampleInput,
  truth: number,
  pairs: number,
  alpha: number,
  minEffect: number,
  draws = RESAMPLED_DRAWS
): number {
  const { own, pool } = input
  const m = pairs - own.length
  if (m <= 0 || pool.length === 0) return Number.NaN
  const random = seededUniform(seedOf(own, truth, pairs))
  const t = Math.log1p(minEffect)
  const k = criticalCount(pairs, alpha)
  const d = own.slice()
  let decided = 0
  for (let b = 0; b < draws; b++) {
    d.length = own.length
    for (let i = 0; i < m; i++) d.push(truth + pool[Math.floor(random() * pool.length)])
    const walsh = walshAverages(d)
    const [lo, hi] = [walsh[k - 1], walsh[walsh.length - k]]
    const estimate = medianR(walsh)
    const changed = (lo > 0 && estimate > t) || (hi < 0 && estimate < -t)
    if (changed || (lo > -t && hi < t)) decided++
  }
  return decided / draws
}

/** The signed-rank interval's order statistic at n pairs: R's qsignrank(α/2, n) (1 if 0), else its normal approximation. */
function criticalCount(n: number, alpha: number): number {
  if (n < MAX_EXACT_PAIRS) return Math.max(1, qsignrank(alpha / 2, n))
  const z = normalQuantile(1 - alpha / 2)
  return Math.max(1, Math.floor((n * (n + 1)) / 4 - z * Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24)))
}

/** A seed from the data, so the same benchmark gets the same advice on every analysis. */
function seedOf(values: readonly number[], truth: number, n: number): number {
  let h = 0x811c9dc5 ^ n
  for (const x of [...values, truth]) {
    h = Math.imul(h ^ Math.floor((x * 1e9) % 0x7fffffff), 0x01000193) >>> 0
  }
  return h
}

/** mulberry32: a small, fast 32-bit generator; uniform in [0, 1). */
function seededUniform(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let x = Math.imul(s ^ (s >>> 15), 1 | s)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 0x100000000
  }
}
