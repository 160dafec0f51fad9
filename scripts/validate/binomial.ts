/**
 * Exact (Clopper-Pearson) binomial confidence interval, as R's `binom.test(x, n)$conf.int`.
 *
 * Why Clopper-Pearson and not Wilson: a sceptical reader checks "Type I error ≤ α" against the band,
 * and Clopper-Pearson is the interval that never undercovers (coverage ≥ the nominal level for every
 * p), which is what a claim of the form "the false-alarm rate is at most …" needs; it is also what R
 * prints, so every band in docs/VALIDATION.md can be checked with one R call.
 *
 * The bounds are beta quantiles, lower = qbeta(a/2, x, n−x+1), upper = qbeta(1−a/2, x+1, n−x).
 * The project depends on @stdlib/math-base-special-betainc (the regularized incomplete beta) but not
 * on an inverse, so the quantile is found by bisection on betainc (monotone in its first argument),
 * to 1e-13 absolute — far below anything a table shows.
 */
import betainc from '@stdlib/math-base-special-betainc'

/** Quantile of Beta(a, b) at probability p, by bisection on the regularized incomplete beta. */
export function betaQuantile(p: number, a: number, b: number): number {
  if (!(p >= 0 && p <= 1) || !(a > 0) || !(b > 0))
    throw new RangeError(`betaQuantile(${p}, ${a}, ${b}): bad argument`)
  if (p === 0) return 0
  if (p === 1) return 1
  let lo = 0
  let hi = 1
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2
    if (betainc(mid, a, b) < p) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

export interface BinomialInterval {
  x: number
  n: number
  /** x / n (NaN for n = 0). */
  rate: number
  lower: number
  upper: number
  confLevel: number
}

/**
 * Clopper-Pearson interval for x successes in n trials.
 * @param x integer in [0, n]
 * @param n integer >= 0 (n = 0 gives [0, 1])
 * @param confLevel in (0, 1), default 0.95
 * @throws RangeError outside those domains
 */
export function clopperPearson(x: number, n: number, confLevel = 0.95): BinomialInterval {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(x) || x < 0 || x > n)
    throw new RangeError(`clopperPearson: need integers 0 <= x <= n, got x=${x}, n=${n}`)
  if (!(confLevel > 0 && confLevel < 1))
    throw new RangeError(`clopperPearson: confLevel in (0,1), got ${confLevel}`)
  if (n === 0) return { x, n, rate: NaN, lower: 0, upper: 1, confLevel }
  const a = 1 - confLevel
  const lower = x === 0 ? 0 : betaQuantile(a / 2, x, n - x + 1)
  const upper = x === n ? 1 : betaQuantile(1 - a / 2, x + 1, n - x)
  return { x, n, rate: x / n, lower, upper, confLevel }
}
