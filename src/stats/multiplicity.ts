/**
 * Multiple-comparison adjustment of the suite's p-values (docs/statistics.md §6): with 50 benchmarks at
 * α = 0.05, about 2.5 "change" by chance. Holm (family-wise error rate) gates by default; BH
 * (false discovery rate) q-values are reported too.
 *
 * Written here rather than taken from `@stdlib/stats-padjust`: stdlib's Holm and BH arithmetic matches
 * R's, but it rejects NaN (it requires a probability array), while R's `p.adjust` keeps NA in place and
 * adjusts over the non-missing values only (n = number of non-NA p-values). A benchmark that failed on
 * one side has no p-value and must not count in the family. The kernels are a few lines each.
 */
import { StatsInputError } from './errors.js'

export type Correction = 'holm' | 'bh' | 'none'

/**
 * Adjusted p-values, exactly as R's `p.adjust(p, method)` with `method = "holm"` (Holm 1979, "A simple
 * sequentially rejective multiple test procedure", Scandinavian Journal of Statistics 6(2), 65–70) or
 * `"BH"` (Benjamini & Hochberg 1995, "Controlling the false discovery rate: a practical and powerful
 * approach to multiple testing", JRSS B 57(1), 289–300), or unchanged (`"none"`):
 * - Holm: sort ascending, `p̃_(i) = min(1, max_{j≤i} (n − j + 1)·p_(j))`.
 * - BH: sort descending (i = n..1), `q_(i) = min(1, min_{j≥i} (n/j)·p_(j))`.
 * NaN entries (R's NA) stay NaN in place and are excluded from the family: n counts the non-NaN values.
 * The arithmetic follows R's order of operations (`(n/i)*p` for BH), so results agree bit for bit in
 * practice. Ties get equal adjusted values whatever their order.
 *
 * @param p p-values in [0, 1], or NaN for "no p-value".
 * @param method 'holm' | 'bh' | 'none'.
 * @returns A new array of the same length and order.
 * @throws StatsInputError `domain` for a value outside [0, 1] (±Infinity included) or an unknown method.
 * Complexity: O(n log n) time, O(n) space.
 */
export function adjustPValues(p: ArrayLike<number>, method: Correction): number[] {
  if (method !== 'holm' && method !== 'bh' && method !== 'none') {
    throw new StatsInputError(
      'domain',
      'method',
      `method must be 'holm', 'bh' or 'none', got ${String(method)}`
    )
  }
  const idx: number[] = []
  for (let i = 0; i < p.length; i++) {
    const v = p[i]
    if (Number.isNaN(v)) continue
    if (!(v >= 0 && v <= 1))
      throw new StatsInputError('domain', `p[${i}]`, `p[${i}] is ${v}: p-values must be in [0, 1] (or NaN)`)
    idx.push(i)
  }
  const out = Array.from(p)
  const n = idx.length
  if (method === 'none' || n <= 1) return out
  if (method === 'holm') {
    idx.sort((a, b) => p[a] - p[b] || a - b) // stable, as R's order()
    let run = -Infinity
    for (let i = 0; i < n; i++) {
      run = Math.max(run, (n - i) * p[idx[i]]) // (n + 1 − i) with 1-based i
      out[idx[i]] = Math.min(1, run)
    }
  } else {
    idx.sort((a, b) => p[b] - p[a] || a - b) // order(p, decreasing = TRUE)
    let run = Infinity
    for (let r = 0; r < n; r++) {
      const i = n - r // R's i <- lp:1
      run = Math.min(run, (n / i) * p[idx[r]])
      out[idx[r]] = Math.min(1, run)
    }
  }
  return out
}

/** Result of {@link benjaminiHochberg}: BH q-values and the discoveries at level q. */
export interface BenjaminiHochbergResult {
  /** BH-adjusted p-values (R's `p.adjust(p, "BH")`), NaN where p is NaN. */
  qValues: number[]
  /** `qValues[i] ≤ q`: the hypotheses rejected with the false discovery rate controlled at q. */
  rejected: boolean[]
}

/**
 * The Benjamini-Hochberg step-up procedure at false discovery rate `q` (Benjamini & Hochberg 1995; see
 * {@link adjustPValues}): rejects every hypothesis with `p_(i) ≤ i·q/n` for the largest such i, which is
 * exactly `q-value ≤ q`. Used over all change points of all series of a history (docs/statistics.md §11,
 * default q = 0.01). NaN p-values are not in the family and are never rejected.
 *
 * @param pValues p-values in [0, 1] or NaN.
 * @param q the false discovery rate, in (0, 1).
 * @throws StatsInputError `domain` for q outside (0, 1) or a p-value outside [0, 1].
 * Complexity: O(n log n).
 */
export function benjaminiHochberg(pValues: ArrayLike<number>, q: number): BenjaminiHochbergResult {
  if (!(q > 0 && q < 1)) throw new StatsInputError('domain', 'q', `q must be in (0, 1), got ${q}`)
  const qValues = adjustPValues(pValues, 'bh')
  return { qValues, rejected: qValues.map((v) => v <= q) }
}
