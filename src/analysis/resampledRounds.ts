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

/** Draws per true shift: 5 shifts × 64 at most for each n a search tries. */
export const RESAMPLED_DRAWS = 64
/**
 * The most pairs resampled. The check is for few pairs seen (20 estimate the share of straddling pairs
 * poorly); past this no rounds are named by it.
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
  const counted = countDecided(input, truth, pairs, alpha, minEffect, draws, () => false)
  return counted === null ? Number.NaN : counted.decided / draws
}

/**
 * Whether resampledDecision would reach `target`, from the same draws, stopping as soon as the answer is
 * known: the advice only compares the share with its target, and the full count at every true shift and
 * every n a search tries cost 86 s for a suite of 1,000 benchmarks with 452 undecided (0.5 s before the
 * check); most searches are answered within a few draws of the first shift.
 */
export function resampledReaches(
  input: ResampleInput,
  truth: number,
  pairs: number,
  alpha: number,
  minEffect: number,
  target: number,
  draws = RESAMPLED_DRAWS
): boolean {
  // The fewest decided draws whose share reaches the target, compared as resampledDecision's share is.
  let need = 0
  while (need <= draws && need / draws < target) need++ // draws + 1: out of reach
  const counted = countDecided(
    input,
    truth,
    pairs,
    alpha,
    minEffect,
    draws,
    (decided, done) => decided >= need || done - decided > draws - need
  )
  return counted !== null && counted.decided >= need
}

/** The draws of resampledDecision, counted until `stop(decided, done)` or all are done; null when none can be drawn. */
function countDecided(
  input: ResampleInput,
  truth: number,
  pairs: number,
  alpha: number,
  minEffect: number,
  draws: number,
  stop: (decided: number, done: number) => boolean
): { decided: number; done: number } | null {
  const { own, pool } = input
  const m = pairs - own.length
  if (m <= 0 || pool.length === 0) return null
  const random = seededUniform(seedOf(own, truth, pairs))
  const t = Math.log1p(minEffect)
  const k = criticalCount(pairs, alpha)
  const d = new Float64Array(pairs)
  d.set(own)
  let decided = 0
  let done = 0
  while (done < draws && !stop(decided, done)) {
    for (let i = own.length; i < pairs; i++) d[i] = truth + pool[Math.floor(random() * pool.length)]
    if (decidedAt(d.slice().sort(), k, t)) decided++
    done++
  }
  return { decided, done }
}

/**
 * Whether n pairs decide (§7) with the interval at the k-th smallest and largest Walsh average and the
 * estimate at their median: regression/improvement (the interval excludes 0 and the estimate is beyond ±t) or
 * within ±t (the interval inside ±t). Each order statistic is only compared with 0 or ±t, so it is answered by
 * counting the Walsh averages below a value (linear in n on sorted pairs) instead of sorting all n(n+1)/2 of
 * them, which made the check cost seconds per benchmark; an even count's median is computed when t falls
 * between its two middle values. Decides exactly as decidedBySort (tested).
 */
export function decidedAt(sorted: Float64Array, k: number, t: number): boolean {
  const n = sorted.length
  const total = (n * (n + 1)) / 2
  const loAbove = (c: number) => walshCount(sorted, c, 'at most') < k
  const hiBelow = (c: number) => walshCount(sorted, c, 'below') >= total - k + 1
  const changed =
    (loAbove(0) && medianAbove(sorted, t, total)) || (hiBelow(0) && medianBelow(sorted, -t, total))
  return changed || (loAbove(-t) && hiBelow(t))
}

/** The median Walsh average > c (medianR of the sorted averages, as the analysis takes it). */
function medianAbove(sorted: Float64Array, c: number, total: number): boolean {
  const atMost = walshCount(sorted, c, 'at most')
  if (total % 2 === 1) return atMost < (total + 1) / 2
  if (atMost < total / 2) return true // both middle values > c
  if (atMost >= total / 2 + 1) return false // both ≤ c
  return medianR(walshAverages(Array.from(sorted))) > c // t between the two middle values: compute them
}

/** The median Walsh average < c. */
function medianBelow(sorted: Float64Array, c: number, total: number): boolean {
  const below = walshCount(sorted, c, 'below')
  if (total % 2 === 1) return below >= (total + 1) / 2
  if (below >= total / 2 + 1) return true // both middle values < c
  if (below < total / 2) return false // both ≥ c
  return medianR(walshAverages(Array.from(sorted))) < c
}

/**
 * How many Walsh averages (x_i + x_j)/2, i ≤ j, are at most (or below) c: their sums against 2c (halving is
 * exact), two pointers over the sorted pairs.
 */
function walshCount(sorted: Float64Array, c: number, which: 'at most' | 'below'): number {
  const s = 2 * c
  const beyond = which === 'at most' ? (sum: number) => sum > s : (sum: number) => sum >= s
  let count = 0
  let j = sorted.length - 1
  for (let i = 0; i < sorted.length; i++) {
    while (j >= i && beyond(sorted[i] + sorted[j])) j--
    if (j < i) break
    count += j - i + 1
  }
  return count
}

/** decidedAt by sorting every Walsh average, as the analysis computes the interval: the reference it is tested against. */
export function decidedBySort(pairs: readonly number[], k: number, t: number): boolean {
  const walsh = walshAverages(pairs)
  const [lo, hi] = [walsh[k - 1], walsh[walsh.length - k]]
  const estimate = medianR(walsh)
  const changed = (lo > 0 && estimate > t) || (hi < 0 && estimate < -t)
  return changed || (lo > -t && hi < t)
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
