/**
 * Power of the two-sample t test and the sample size / effect that reach a given power: R's
 * `power.t.test(type = "two.sample", alternative = "two.sided", strict = FALSE)` (R 4.2.2,
 * src/library/stats/R/power.R), solved with a port of R's `uniroot` (Brent's zeroin, R's
 * src/library/stats/src/zeroin.c, plus uniroot's `extendInt` search).
 *
 * The power is `P[T' > t_{1−α/2, ν}]` with `ν = 2(n − 1)`, `T' ~ t'(ν, ncp = √(n/2)·Δ/σ)` — the upper
 * rejection region only (`strict = FALSE`), as R. So the power at Δ = 0 is α/2, not α.
 *
 * Accuracy: by default roots are solved to full double precision (`tol = 0`: zeroin stops when the
 * bracket is within 4·ε·|root|), i.e. the true root of R's power function. R's own default
 * `tol = .Machine$double.eps^0.25 ≈ 1.2e−4` is absolute, so R's printed n can be off its own root by
 * up to 1.2e−4 (it is 5e−7 relative for `power.t.test(delta = 1, power = 0.8)`: R 16.7147681423, root
 * 16.7147598312) and R's delta can be off by far more when delta is small. Pass `tol: R_UNIROOT_TOL`
 * to reproduce R's default iterates.
 *
 * @module
 */
import { StatsInputError, assertProbability } from './errors.js'
import { pnt } from './noncentralT.js'
import { qt } from './tDistribution.js'

/** R's default `uniroot`/`power.t.test` tolerance, `.Machine$double.eps^0.25`. */
export const R_UNIROOT_TOL = Math.pow(Number.EPSILON, 0.25)
/** R's default `uniroot` iteration limit. */
export const UNIROOT_MAX_ITER = 1000
/** Search interval for n, as R: `c(2, 1e7)`, extended downwards/upwards (`extendInt = "upX"`). */
export const N_INTERVAL: readonly [number, number] = [2, 1e7]
/** Search interval for delta, in units of sd, as R: `sd * c(1e-7, 1e7)` (`extendInt = "upX"`). */
export const DELTA_INTERVAL: readonly [number, number] = [1e-7, 1e7]

/** Arguments of {@link powerTTest}: exactly one of `n`, `delta`, `power` must be omitted. */
export interface PowerTTestOptions {
  /** Observations per group (> 1; may be fractional). */
  n?: number
  /** True difference in means (finite; the sign is ignored, as R for a two-sided test). */
  delta?: number
  /** Standard deviation (> 0). Default 1. */
  sd?: number
  /** Significance level α in (0, 1). Default 0.05. */
  sigLevel?: number
  /** Power in (0, 1); when solving for n or delta it must exceed sigLevel. */
  power?: number
  /** Root tolerance passed to zeroin (≥ 0). Default 0: full double precision. */
  tol?: number
}

/** Result of {@link powerTTest}, as the fields of R's `power.htest` object. */
export interface PowerTTestResult {
  n: number
  delta: number
  sd: number
  sigLevel: number
  power: number
}

/**
 * The power function of R's `power.t.test` (two-sample, two-sided, strict = FALSE), including R's
 * `pmax(1e-7, n − 1)` guard that keeps ν positive while uniroot explores n < 1.
 *
 * @param n observations per group (> 0)
 * @param delta difference in means (≥ 0)
 * @param sd standard deviation (> 0)
 * @param sigLevel α in (0, 1)
 * @returns the power in [0, 1] (NaN where R's formula is NaN, e.g. n ≤ 0)
 *
 * Complexity: one t quantile and one noncentral t probability (O(ncp²) series terms, ≤ 1000).
 */
export function tTestPower(n: number, delta: number, sd: number, sigLevel: number): number {
  const nu = Math.max(1e-7, n - 1) * 2
  const qu = qt(sigLevel / 2, nu, false)
  return pnt(qu, nu, (Math.sqrt(n / 2) * delta) / sd, false)
}

/**
 * Power of the two-sample two-sided t test, or the n or delta that gives a required power: R's
 * `power.t.test(n, delta, sd, sig.level, power)` with `type = "two.sample"`,
 * `alternative = "two.sided"`, `strict = FALSE`.
 *
 * @param options.n observations per group, finite and > 1 (omit to solve for it; R's search starts on
 *   [2, 1e7] and extends below 2 when even n = 2 has more than the requested power, so a solved n may
 *   be in (1, 2))
 * @param options.delta difference in means, finite (omit to solve for it; searched on sd·[1e−7, 1e7],
 *   extended upwards as R)
 * @param options.sd standard deviation, finite and > 0 (default 1)
 * @param options.sigLevel α in (0, 1) (default 0.05)
 * @param options.power in (0, 1) (omit to compute it); when solving it must be > sigLevel
 * @param options.tol zeroin tolerance ≥ 0 (default 0 = full precision; R's default is {@link R_UNIROOT_TOL})
 * @returns `{ n, delta, sd, sigLevel, power }`: the given values and the solved one
 * @throws StatsInputError `arguments` unless exactly one of n, delta, power is omitted;
 *   `not-finite` for NaN/±Infinity; `domain` for sd ≤ 0, n ≤ 1, tol < 0, sigLevel or power outside
 *   (0, 1); `no-solution` when power ≤ sigLevel is requested (R would return a meaningless root of its
 *   one-tailed formula between α/2 and α) or when the root cannot be bracketed
 *
 * Complexity: computing the power is one {@link tTestPower}; solving takes ~10–60 evaluations
 * (Brent's method), each O(ncp²) series terms.
 * Reference: R Core Team, `power.t.test` (stats, R 4.2.2); Brent, R. P. (1973), Algorithms for
 * Minimization without Derivatives, ch. 4, as R's zeroin.c (Forsythe, Malcolm & Moler 1977).
 */
export function powerTTest(options: PowerTTestOptions): PowerTTestResult {
  const { n, delta, power } = options
  const sd = options.sd ?? 1
  const sigLevel = options.sigLevel ?? 0.05
  const tol = options.tol ?? 0
  const missing = [n, delta, power].filter((v) => v === undefined).length
  if (missing !== 1) {
    throw new StatsInputError(
      'arguments',
      'powerTTest',
      `exactly one of n, delta and power must be omitted (it is solved for); ${missing} were omitted`
    )
  }
  for (const [name, v] of [
    ['n', n],
    ['delta', delta],
    ['sd', sd],
    ['sigLevel', sigLevel],
    ['power', power],
    ['tol', tol]
  ] as const) {
    if (v !== undefined && !Number.isFinite(v)) {
      throw new StatsInputError('not-finite', name, `${name} is ${v}: it must be a finite number`)
    }
  }
  if (!(sd > 0)) throw new StatsInputError('domain', 'sd', `sd must be > 0, got ${sd}`)
  assertProbability(sigLevel, 'sigLevel')
  if (power !== undefined) assertProbability(power, 'power')
  if (n !== undefined && !(n > 1)) {
    throw new StatsInputError(
      'domain',
      'n',
      `n must be > 1 (the t test has 2(n − 1) degrees of freedom), got ${n}`
    )
  }
  if (!(tol >= 0)) throw new StatsInputError('domain', 'tol', `tol must be >= 0, got ${tol}`)

  if (power === undefined) {
    const d = Math.abs(delta as number)
    return { n: n as number, delta: d, sd, sigLevel, power: tTestPower(n as number, d, sd, sigLevel) }
  }
  if (!(power > sigLevel)) {
    throw new StatsInputError(
      'no-solution',
      'power',
      `power ${power} is unreachable: it must exceed sigLevel ${sigLevel} (the power of a test when there is no effect)`
    )
  }
  if (n === undefined) {
    const d = Math.abs(delta as number)
    const root = uniroot(
      (x) => tTestPower(x, d, sd, sigLevel) - power,
      N_INTERVAL[0],
      N_INTERVAL[1],
      tol,
      'n'
    )
    return { n: root, delta: d, sd, sigLevel, power }
  }
  const root = uniroot(
    (x) => tTestPower(n, x, sd, sigLevel) - power,
    sd * DELTA_INTERVAL[0],
    sd * DELTA_INTERVAL[1],
    tol,
    'delta'
  )
  return { n, delta: root, sd, sigLevel, power }
}

/**
 * R's `uniroot(f, c(lower, upper), tol = tol, extendInt = "upX")$root` (f increasing): extends the
 * interval as R does (steps of 1% of |endpoint| doubling each time, at most {@link UNIROOT_MAX_ITER}),
 * then runs {@link zeroin}.
 *
 * @throws StatsInputError `no-solution` when no sign change is found (R: "did not succeed extending
 *   the interval endpoints" / "no sign change found")
 * @internal
 */
export function uniroot(
  f: (x: number) => number,
  lower: number,
  upper: number,
  tol: number,
  subject: string
): number {
  const fail = (why: string): never => {
    throw new StatsInputError('no-solution', subject, `cannot solve for ${subject}: ${why}`)
  }
  let fLower = f(lower)
  let fUpper = f(upper)
  if (Number.isNaN(fLower) || Number.isNaN(fUpper))
    fail('the power is undefined at the ends of the search interval')
  const step = (u: number): number => 0.01 * Math.max(1e-4, Math.abs(u))
  let it = 0
  let d = step(lower)
  while (fLower > 0) {
    if (++it > UNIROOT_MAX_ITER) fail(`no sign change found in ${UNIROOT_MAX_ITER} iterations`)
    lower -= d
    fLower = f(lower)
    d *= 2
  }
  d = step(upper)
  while (fUpper < 0) {
    if (++it > UNIROOT_MAX_ITER) fail(`no sign change found in ${UNIROOT_MAX_ITER} iterations`)
    upper += d
    fUpper = f(upper)
    d *= 2
  }
  if (!(Math.sign(fLower) * Math.sign(fUpper) <= 0))
    fail('the requested power is not reached in the search interval')
  return zeroin(f, lower, upper, fLower, fUpper, tol, UNIROOT_MAX_ITER).root
}

/**
 * Brent's root finder, a line-by-line port of R's `R_zeroin2` (src/library/stats/src/zeroin.c, from
 * NETLIB c/brent.shar): bisection combined with linear or inverse quadratic interpolation. Non-finite
 * f values are replaced by ±DBL_MAX as R's `uniroot` does.
 *
 * @param f the function; `f(ax)` = fa and `f(bx)` = fb must have opposite signs (or be 0)
 * @param tol absolute tolerance ≥ 0; the result is within `4·ε·|root| + tol` of a sign change
 * @param maxit iteration limit
 * @returns `{ root, iterations, estimPrec }` (`iterations` = −1 when maxit was hit, as R)
 *
 * Complexity: at most maxit evaluations of f; superlinear convergence for smooth f.
 * @internal
 */
export function zeroin(
  f: (x: number) => number,
  ax: number,
  bx: number,
  fa: number,
  fb: number,
  tol: number,
  maxit: number
): { root: number; iterations: number; estimPrec: number } {
  const EPS = Number.EPSILON
  const fs = (x: number): number => {
    const v = f(x)
    if (Number.isFinite(v)) return v
    return v === -Infinity ? -Number.MAX_VALUE : Number.MAX_VALUE
  }
  let a = ax
  let b = bx
  let c = a
  let fc = fa
  if (fa === 0) return { root: a, iterations: 0, estimPrec: 0 }
  if (fb === 0) return { root: b, iterations: 0, estimPrec: 0 }
  let left = maxit + 1
  while (left-- > 0) {
    const prevStep = b - a
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b
      b = c
      c = a
      fa = fb
      fb = fc
      fc = fa
    }
    const tolAct = 2 * EPS * Math.abs(b) + tol / 2
    let newStep = (c - b) / 2
    if (Math.abs(newStep) <= tolAct || fb === 0) {
      return { root: b, iterations: maxit + 1 - left - 1, estimPrec: Math.abs(c - b) }
    }
    if (Math.abs(prevStep) >= tolAct && Math.abs(fa) > Math.abs(fb)) {
      let p: number
      let q: number
      const cb = c - b
      if (a === c) {
        const t1 = fb / fa
        p = cb * t1
        q = 1 - t1
      } else {
        q = fa / fc
        const t1 = fb / fc
        const t2 = fb / fa
        p = t2 * (cb * q * (q - t1) - (b - a) * (t1 - 1))
        q = (q - 1) * (t1 - 1) * (t2 - 1)
      }
      if (p > 0) q = -q
      else p = -p
      if (p < 0.75 * cb * q - Math.abs(tolAct * q) / 2 && p < Math.abs((prevStep * q) / 2)) newStep = p / q
    }
    if (Math.abs(newStep) < tolAct) newStep = newStep > 0 ? tolAct : -tolAct
    a = b
    fa = fb
    b += newStep
    fb = fs(b)
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a
      fc = fa
    }
  }
  return { root: b, iterations: -1, estimPrec: Math.abs(c - b) }
}
