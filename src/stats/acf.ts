/**
 * Sample autocorrelation and the Ljung-Box portmanteau test (docs/statistics.md §5): are one side's
 * samples, in time order, independent? Time-dependent noise (thermal throttling, a neighbour's job)
 * makes consecutive samples alike, and the rank tests' p-values then overstate the evidence.
 */
import erfc from '@stdlib/math-base-special-erfc'
import { assertFinite, assertSize, StatsInputError } from './errors.js'
import { mean } from './summary.js'

/** Default maximum lag: h = min(MAX_DEFAULT_LAGS, floor(n / LAG_DIVISOR)) (docs/statistics.md §5). */
export const MAX_DEFAULT_LAGS = 10
export const LAG_DIVISOR = 5
/** Ljung-Box p below this raises the "autocorrelated" warning (docs/statistics.md §5). */
export const LJUNG_BOX_ALPHA = 0.01
/** z for the ±z/√n white-noise band (spec: 1.96; R's plot uses qnorm(0.975) = 1.959964). */
export const WHITE_NOISE_Z = 1.96

/** Sample autocorrelations r_1..r_h. */
export interface AcfResult {
  /** `r[k − 1]` is r_k, k = 1..maxLag (lag 0, always 1, is omitted). */
  r: number[]
  /** Lags actually computed (the request clipped to n − 1, as R's `acf` does). */
  maxLag: number
  n: number
  /** Approximate 95% white-noise band half-width, 1.96/√n. */
  band: number
  warnings: string[]
}

/** Options for {@link ljungBox}; every field has an exported default. */
export interface LjungBoxOptions {
  /** Number of lags h (integer ≥ 1). Default min(10, floor(n/5)). */
  lags?: number
  /** Significance level for the autocorrelation warning, in (0, 1). Default {@link LJUNG_BOX_ALPHA}. */
  alpha?: number
}

export interface LjungBoxResult {
  /** Q = n(n+2) Σ_{k=1..h} r_k² / (n − k). */
  q: number
  /** Degrees of freedom of the χ² reference (= lags; no ARMA parameters are fitted). */
  df: number
  /** Upper tail P(χ²_df ≥ Q), accurate for tiny p (R's Box.test uses 1 − pchisq, which floors at ~1e-16). */
  pValue: number
  /** h, the number of lags used (0 when the series is too short: then q = 0, p = 1, and a warning). */
  lags: number
  /** r_1..r_h. */
  acf: number[]
  /** 1.96/√n. */
  band: number
  /** Lags k (1-based) with |r_k| > band. */
  outsideBand: number[]
  /** pValue < alpha. */
  autocorrelated: boolean
  warnings: string[]
}

/** Default number of lags, min(10, floor(n/5)). */
export function defaultLags(n: number): number {
  return Math.min(MAX_DEFAULT_LAGS, Math.floor(n / LAG_DIVISOR))
}

/**
 * Sample autocorrelation function, as R's `acf(x, lag.max = maxLag, plot = FALSE)$acf[-1]`:
 * `r_k = Σ_{t=1..n−k} (x_t − x̄)(x_{t+k} − x̄) / Σ_{t=1..n} (x_t − x̄)²` with the full-series mean and
 * the full-series denominator (the biased, positive-definite estimator; Box, Jenkins & Reinsel,
 * "Time Series Analysis: Forecasting and Control", 4th ed., Wiley 2008, §2.1.5).
 *
 * A constant series has no variation to correlate: r_k is reported as 0 (not NaN) with a warning.
 * A request beyond n − 1 lags is clipped to n − 1 (as R) with a warning.
 *
 * @param x Finite samples in time order, n ≥ 1.
 * @param maxLag Integer ≥ 0.
 * @throws StatsInputError `empty`, `not-finite`, or `domain` (maxLag not a non-negative integer).
 * Complexity: O(n · maxLag) time, O(n) space.
 */
export function acf(x: ArrayLike<number>, maxLag: number): AcfResult {
  assertSize(x, 1, 'x', 'an autocorrelation')
  assertFinite(x, 'x')
  if (!(Number.isInteger(maxLag) && maxLag >= 0)) {
    throw new StatsInputError('domain', 'maxLag', `maxLag must be a non-negative integer, got ${maxLag}`)
  }
  const n = x.length
  const warnings: string[] = []
  let h = maxLag
  if (h > n - 1) {
    warnings.push(`requested ${maxLag} lags but n = ${n}: clipped to ${n - 1} lags`)
    h = n - 1
  }
  const m = mean(x)
  const d = new Float64Array(n)
  let denom = 0
  for (let t = 0; t < n; t++) {
    d[t] = x[t] - m
    denom += d[t] * d[t]
  }
  const r: number[] = []
  if (denom === 0) {
    warnings.push('the series is constant: autocorrelation is undefined and reported as 0')
    for (let k = 1; k <= h; k++) r.push(0)
  } else {
    for (let k = 1; k <= h; k++) {
      let s = 0
      for (let t = 0; t + k < n; t++) s += d[t] * d[t + k]
      r.push(s / denom)
    }
  }
  return { r, maxLag: h, n, band: WHITE_NOISE_Z / Math.sqrt(n), warnings }
}

/**
 * Ljung-Box portmanteau test of independence, as R's `Box.test(x, lag = h, type = "Ljung-Box")`:
 * `Q = n(n+2) Σ_{k=1..h} r_k²/(n−k)`, referred to χ²(h) (Ljung & Box 1978, "On a measure of lack of
 * fit in time series models", Biometrika 65(2), 297–303). h defaults to min(10, floor(n/5)).
 *
 * The p-value is the χ² upper tail computed directly (closed form for integer df), so it stays
 * accurate down to ~1e-300; R's `Box.test` computes `1 − pchisq(Q, h)` and returns 0 below ~1e-16
 * (compare with `pchisq(Q, h, lower.tail = FALSE)`).
 *
 * Statistical shortfalls are warnings, not errors: with n < 5 (default h = 0) or n = 1 the result is
 * q = 0, p = 1, lags = 0 with a warning; a constant series gives r = 0, q = 0, p = 1 with a warning.
 *
 * @param x Finite samples in time order, n ≥ 1.
 * @param options `lags` integer ≥ 1 (clipped to n − 1 with a warning), `alpha` in (0, 1).
 * @throws StatsInputError `empty`, `not-finite`, or `domain` for bad options.
 * Complexity: O(n · h + h) time, O(n) space.
 */
export function ljungBox(x: ArrayLike<number>, options: LjungBoxOptions = {}): LjungBoxResult {
  assertSize(x, 1, 'x', 'the Ljung-Box test')
  assertFinite(x, 'x')
  const n = x.length
  const alpha = options.alpha ?? LJUNG_BOX_ALPHA
  if (!(alpha > 0 && alpha < 1))
    throw new StatsInputError('domain', 'alpha', `alpha must be in (0, 1), got ${alpha}`)
  let requested: number
  if (options.lags === undefined) {
    requested = defaultLags(n)
  } else {
    if (!(Number.isInteger(options.lags) && options.lags >= 1)) {
      throw new StatsInputError('domain', 'lags', `lags must be an integer ≥ 1, got ${options.lags}`)
    }
    requested = options.lags
  }
  const a = acf(x, requested)
  const warnings = [...a.warnings]
  const h = a.maxLag
  if (h === 0) {
    warnings.push(
      `too few samples for the Ljung-Box test (n = ${n}; need at least ${options.lags === undefined ? LAG_DIVISOR : 2}): independence not checked`
    )
  }
  let sum = 0
  for (let k = 1; k <= h; k++) sum += (a.r[k - 1] * a.r[k - 1]) / (n - k)
  const q = n * (n + 2) * sum
  const pValue = h === 0 ? 1 : chiSquareUpperTail(q, h)
  const outsideBand: number[] = []
  for (let k = 1; k <= h; k++) if (Math.abs(a.r[k - 1]) > a.band) outsideBand.push(k)
  const autocorrelated = pValue < alpha
  if (autocorrelated) {
    warnings.push(
      `samples are autocorrelated: time-dependent noise (Ljung-Box Q = ${q.toPrecision(4)}, df = ${h}, p = ${pValue.toPrecision(2)})`
    )
  }
  return { q, df: h, pValue, lags: h, acf: a.r, band: a.band, outsideBand, autocorrelated, warnings }
}

const LN_SQRT_PI = 0.5 * Math.log(Math.PI)

/**
 * @internal P(χ²_df ≥ x) for integer df ≥ 1, by the closed forms of the regularised upper incomplete
 * gamma function at integer and half-integer shape (Abramowitz & Stegun 1964, 26.4.4–26.4.5):
 * even df = 2m: `e^{−x/2} Σ_{i<m} (x/2)^i / i!`;
 * odd df = 2m+1: `erfc(√(x/2)) + e^{−x/2} Σ_{i=1..m} (x/2)^{i−½}/Γ(i+½)`.
 * All terms are positive (no cancellation) and summed in log space, so the tail keeps its relative
 * accuracy (≈ 1e-13) down to the underflow limit. Complexity O(df).
 */
export function chiSquareUpperTail(x: number, df: number): number {
  if (!(Number.isInteger(df) && df >= 1))
    throw new StatsInputError('domain', 'df', `df must be an integer ≥ 1, got ${df}`)
  if (Number.isNaN(x)) return NaN
  if (x <= 0) return 1
  if (x === Infinity) return 0
  const y = x / 2
  const lny = Math.log(y)
  const logTerms: number[] = []
  let base = 0
  if (df % 2 === 0) {
    let lfact = 0 // ln i!
    for (let i = 0; i < df / 2; i++) {
      if (i > 0) lfact += Math.log(i)
      logTerms.push(-y + i * lny - lfact)
    }
  } else {
    base = erfc(Math.sqrt(y))
    let lgam = LN_SQRT_PI // ln Γ(½)
    for (let i = 1; i <= (df - 1) / 2; i++) {
      lgam += Math.log(i - 0.5) // ln Γ(i + ½)
      logTerms.push(-y + (i - 0.5) * lny - lgam)
    }
  }
  if (logTerms.length === 0) return base
  let mx = -Infinity
  for (const t of logTerms) if (t > mx) mx = t
  let s = 0
  for (const t of logTerms) s += Math.exp(t - mx)
  const tail = Math.exp(mx + Math.log(s))
  return Math.min(1, base + tail)
}
