/**
 * Ranks and ties, shared by the rank tests (Mann-Whitney U, Hodges-Lehmann CI).
 *
 * The rank-sum statistic and the tie corrections are computed from sorted samples by merging, in
 * O(m + n), without materialising ranks: the sum of average ranks of x minus m(m+1)/2 equals
 * #{(i, j): x_i > y_j} + ½·#{(i, j): x_i = y_j}, and both are exact (half-)integers in doubles.
 * `averageRanks` is provided for callers that need the ranks themselves.
 *
 * @module
 */

/**
 * Average ranks (1-based; tied values share the mean of their ranks), as R's `rank(values)` with
 * `ties.method = "average"`. −0 and +0 are tied.
 *
 * Complexity: O(N log N) time, O(N) space.
 *
 * @param values finite numbers (not checked: NaN would be ranked last); not modified.
 * @returns ranks in the input order.
 */
export function averageRanks(values: ArrayLike<number>): Float64Array {
  const n = values.length
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a] - values[b])
  const ranks = new Float64Array(n)
  let start = 0
  while (start < n) {
    let end = start + 1
    while (end < n && values[order[end]] === values[order[start]]) end++
    const rank = (start + 1 + end) / 2 // mean of ranks start+1 .. end
    for (let i = start; i < end; i++) ranks[order[i]] = rank
    start = end
  }
  return ranks
}

/**
 * Tie sum Σ(t³ − t) over the groups of equal values of one ascending array (the term of the
 * rank-test variance correction). 0 when all values are distinct.
 *
 * Complexity: O(N).
 *
 * @param sorted ascending finite numbers.
 */
export function tieSum(sorted: ArrayLike<number>): number {
  let sum = 0
  let start = 0
  const n = sorted.length
  while (start < n) {
    let end = start + 1
    while (end < n && sorted[end] === sorted[start]) end++
    const t = end - start
    if (t > 1) sum += t * t * t - t
    start = end
  }
  return sum
}

/** Tie information of two ascending samples, pooled and within each sample. */
export interface TieInfo {
  /** Σ(t³ − t) over tie groups of the pooled sample. */
  readonly pooled: number
  /** Σ(t³ − t) over tie groups within x. */
  readonly withinX: number
  /** Σ(t³ − t) over tie groups within y. */
  readonly withinY: number
}

/**
 * Tie sums of two ascending samples, pooled and within each sample, by one merge.
 *
 * Complexity: O(m + n).
 *
 * @param xs ascending finite numbers.
 * @param ys ascending finite numbers.
 */
export function tieInfo(xs: ArrayLike<number>, ys: ArrayLike<number>): TieInfo {
  return { pooled: pooledTieSum(xs, ys), withinX: tieSum(xs), withinY: tieSum(ys) }
}

function pooledTieSum(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const m = xs.length
  const n = ys.length
  let i = 0
  let j = 0
  let sum = 0
  while (i < m || j < n) {
    const v = j >= n || (i < m && xs[i] <= ys[j]) ? xs[i] : ys[j]
    let t = 0
    while (i < m && xs[i] === v) {
      i++
      t++
    }
    while (j < n && ys[j] === v) {
      j++
      t++
    }
    if (t > 1) sum += t * t * t - t
  }
  return sum
}

/**
 * The Wilcoxon rank-sum statistic of x, R's `W` = (sum of the average ranks of x in the pooled
 * sample) − m(m+1)/2 = #{(i, j): x_i > y_j} + ½·#{(i, j): x_i = y_j}, by merging two ascending arrays.
 * Exact (a half-integer) for m·n < 2^52.
 *
 * Complexity: O(m + n).
 *
 * @param xs ascending finite numbers.
 * @param ys ascending finite numbers.
 */
export function rankSumW(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const n = ys.length
  let below = 0 // #{y < x_i}
  let atOrBelow = 0 // #{y ≤ x_i}
  let twice = 0 // Σ_i (#{y < x_i} + #{y ≤ x_i})
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]
    while (below < n && ys[below] < x) below++
    if (atOrBelow < below) atOrBelow = below
    while (atOrBelow < n && ys[atOrBelow] <= x) atOrBelow++
    twice += below + atOrBelow
  }
  return twice / 2
}
