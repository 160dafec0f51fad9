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

/**
 * P(X ≤ k) for X ~ Binomial(n, p), as R's `pbinom(k, n, p)`, through the identity
 * P(X ≤ k) = I_{1−p}(n − k, k + 1) (regularized incomplete beta).
 */
export function binomialCdf(k: number, n: number, p: number): number {
  if (!Number.isInteger(n) || n < 0 || !(p >= 0 && p <= 1) || Number.isNaN(k))
    throw new RangeError(`binomialCdf(${k}, ${n}, ${p}): bad argument`)
  if (k < 0) return 0
  if (k >= n) return 1
  const kk = Math.floor(k)
  if (p === 0) return 1
  if (p === 1) return 0
  return betainc(1 - p, n - kk, kk + 1)
}

/** Smallest k with P(X ≤ k) ≥ q for X ~ Binomial(n, p), as R's `qbinom(q, n, p)`. */
export function binomialQuantile(q: number, n: number, p: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`binomialQuantile: q in [0, 1], got ${q}`)
  if (q === 1) return n // R's boundary: the support's upper end, whatever the rounding of the cdf
  // Relative slack as R's qbinom uses (1 − 64·DBL_EPSILON), so a cdf that equals q up to rounding counts.
  const target = q * (1 - 64 * Number.EPSILON)
  for (let k = 0; k < n; k++) if (binomialCdf(k, n, p) >= target) return k
  return n
}

/** What a simulated error count says about a claim "the rate is at most `alpha`". */
export interface RateCheck extends BinomialInterval {
  alpha: number
  /**
   * The most events a method whose true rate is exactly alpha shows in 97.5% of studies of this size:
   * `qbinom(0.975, n, alpha)`. A count above it is evidence (one-sided, 2.5%) of a rate above alpha.
   */
  limit: number
  /** The Clopper-Pearson band reaches down to alpha or below: the data do not show a rate above alpha. */
  consistent: boolean
}

/**
 * Checks `x` events in `n` trials against "rate ≤ alpha": the 95% Clopper-Pearson band and the
 * binomial limit. `consistent` ⇔ the band's lower bound ≤ alpha ⇔ (up to the discreteness of the
 * binomial) x ≤ limit.
 */
export function checkAtMost(x: number, n: number, alpha: number, confLevel = 0.95): RateCheck {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`checkAtMost: alpha in (0, 1), got ${alpha}`)
  const band = clopperPearson(x, n, confLevel)
  const limit = binomialQuantile(1 - (1 - confLevel) / 2, n, alpha)
  return { ...band, alpha, limit, consistent: band.lower <= alpha }
}
