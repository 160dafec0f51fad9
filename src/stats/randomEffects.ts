/**
 * Random-effects pooling of K estimates with known variances (DerSimonian & Laird 1986), as R's
 * `metafor::rma.uni(yi, vi, method = "DL")`, and each estimate's best linear unbiased prediction, as
 * `metafor::blup()`. Written here because no npm package does the pair; checked against metafor
 * (__tests__/oracle/randomEffects.oracle.test.ts).
 */

export interface RandomEffects {
  /** The pooled mean, weights 1/(v_i + τ²). */
  mu: number
  /** The between-estimate variance, method of moments, truncated at 0. */
  tau2: number
  /** The variance of `mu`: 1 / Σ 1/(v_i + τ²). */
  muVariance: number
}

/** DerSimonian-Laird; null for fewer than two estimates (no spread between them to estimate). */
export function dersimonianLaird(y: readonly number[], v: readonly number[]): RandomEffects | null {
  const k = y.length
  if (k < 2 || v.length !== k) return null
  const w = v.map((vi) => 1 / vi)
  const sw = sum(w)
  const fixed = sum(y.map((yi, i) => w[i] * yi)) / sw
  const q = sum(y.map((yi, i) => w[i] * (yi - fixed) ** 2))
  const tau2 = Math.max(0, (q - (k - 1)) / (sw - sum(w.map((wi) => wi * wi)) / sw))
  const ws = v.map((vi) => 1 / (vi + tau2))
  const sws = sum(ws)
  return { mu: sum(y.map((yi, i) => ws[i] * yi)) / sws, tau2, muVariance: 1 / sws }
}

/**
 * The best linear unbiased prediction of estimate i's true value: shrunk towards the pooled mean by
 * v/(v + τ²), with a variance that includes the pooled mean's own uncertainty.
 */
export function blup(y: number, v: number, re: RandomEffects): { pred: number; se: number } {
  const keep = re.tau2 / (re.tau2 + v)
  return {
    pred: keep * y + (1 - keep) * re.mu,
    se: Math.sqrt(keep * v + (1 - keep) ** 2 * re.muVariance)
  }
}

function sum(xs: readonly number[]): number {
  let s = 0
  for (const x of xs) s += x
  return s
}
