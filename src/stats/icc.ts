/**
 * Intraclass correlation over runs (docs/statistics.md §3): how much of the spread of one side's samples
 * is between process executions (runs) rather than between repetitions inside a run. Repetitions of
 * one run share a process (its address-space layout, frequency state, cache placement), so they are
 * not independent replicates; the design effect says how many independent samples they are worth.
 */
import { assertFinite, StatsInputError } from './errors.js'
import { mean } from './summary.js'

export interface IccResult {
  /** One-way ANOVA ICC(1) clipped at 0, in [0, 1]; `null` when not estimable (see warnings). */
  icc: number | null
  /** The unclipped estimate (may be negative, down to −1/(k0−1)); `null` when not estimable. */
  iccRaw: number | null
  /** Kish design effect of the pooled mean, 1 + (kDesign − 1)·ICC; 1 when ICC is not estimable. */
  designEffect: number
  /** Effective number of independent samples, n / designEffect. */
  nEff: number
  /** Between-run mean square SSB/(g − 1); `null` when g = 1. */
  msb: number | null
  /** Within-run mean square SSW/(n − g); `null` when every run has one sample. */
  msw: number | null
  /** ANOVA "average" group size k0 = (n − Σk_i²/n)/(g − 1) (= k for equal sizes); `null` when g = 1. */
  k0: number | null
  /** Size-weighted mean group size Σk_i²/n used in the design effect (= k for equal sizes). */
  kDesign: number
  /** Number of non-empty groups (runs), g. */
  groups: number
  /** Total number of samples, n = Σk_i. */
  n: number
  warnings: string[]
}

/**
 * One-way random-effects ANOVA intraclass correlation over runs, ICC(1) (Shrout & Fleiss 1979,
 * "Intraclass correlations: uses in assessing rater reliability", Psychological Bulletin 86(2),
 * 420–428), with the design effect of Kish (1965, "Survey Sampling", Wiley; for unequal clusters
 * Kish 1987, "Statistical Design for Research", Wiley):
 *
 * - `MSB = Σ k_i (ȳ_i − ȳ)² / (g − 1)`, `MSW = Σ Σ (y_ij − ȳ_i)² / (n − g)` — identical to the rows of
 *   R's `anova(lm(y ~ factor(run)))`.
 * - `ICC = (MSB − MSW) / (MSB + (k0 − 1)·MSW)`, clipped at 0, where for unequal group sizes the spec's
 *   k̄ is the ANOVA coefficient `k0 = (n − Σk_i²/n)/(g − 1)` (Snedecor & Cochran 1989, "Statistical
 *   Methods", 8th ed., Iowa State University Press; Donner 1986, "A review
 *   of inference procedures for the intraclass correlation coefficient in the one-way random effects
 *   model", International Statistical Review 54(1), 67–82). k0 is the k with E[MSB] = σ²_w + k0·σ²_b
 *   (E[MSW] = σ²_w), so the ICC is the ratio of moment estimators σ̂²_b/(σ̂²_b + σ̂²_w) with
 *   σ̂²_b = (MSB − MSW)/k0. k0 ≤ n/g, with equality iff all sizes are equal.
 * - `deff = 1 + (kDesign − 1)·ICC` with `kDesign = Σk_i²/n`: under the one-way model the pooled mean of
 *   unequal runs has exactly Var = σ²/n · (1 + (Σk_i²/n − 1)ρ). kDesign ≥ n/g ≥ k0, so this is the
 *   conservative choice; all three coincide for equal run sizes (the usual case).
 * - `nEff = n / deff`.
 *
 * Shortfalls are warnings, and the result is always defined (no NaN):
 * - one run (g = 1): between-run variance is not estimable → icc null, deff 1 (repetitions treated as
 *   independent — optimistic; say so).
 * - every run has one sample (n = g): no within-run variance → icc null, deff = 1 exactly (each run
 *   is its own unit, nothing to pool).
 * - all values equal (MSB = MSW = 0): icc 0, deff 1.
 * - empty groups (runs without samples) are ignored with a warning.
 *
 * @param groups One array of finite samples per run; at least one non-empty run.
 * @throws StatsInputError `empty` if there is no sample at all, `not-finite` for NaN/±Infinity.
 * Complexity: O(n) time, O(g) space.
 */
export function intraclassCorrelation(groups: ReadonlyArray<ArrayLike<number>>): IccResult {
  const warnings: string[] = []
  groups.forEach((grp, i) => assertFinite(grp, `groups[${i}]`))
  const used = groups.filter((grp) => grp.length > 0)
  if (used.length === 0)
    throw new StatsInputError('empty', 'groups', 'groups has no samples: the ICC needs at least one')
  if (used.length < groups.length) {
    warnings.push(`${groups.length - used.length} empty run(s) ignored`)
  }
  const g = used.length
  let n = 0
  let sumK2 = 0
  for (const grp of used) {
    n += grp.length
    sumK2 += grp.length * grp.length
  }
  const kDesign = sumK2 / n
  const all = new Float64Array(n)
  let o = 0
  for (const grp of used) for (let j = 0; j < grp.length; j++) all[o++] = grp[j]
  const grand = mean(all)
  let ssb = 0
  let ssw = 0
  for (const grp of used) {
    const mi = mean(grp)
    ssb += grp.length * (mi - grand) * (mi - grand)
    for (let j = 0; j < grp.length; j++) ssw += (grp[j] - mi) * (grp[j] - mi)
  }
  const msb = g > 1 ? ssb / (g - 1) : null
  const msw = n > g ? ssw / (n - g) : null
  const k0 = g > 1 ? (n - sumK2 / n) / (g - 1) : null

  const undefinedResult = (reason: string): IccResult => {
    warnings.push(reason)
    return {
      icc: null,
      iccRaw: null,
      designEffect: 1,
      nEff: n,
      msb,
      msw,
      k0,
      kDesign,
      groups: g,
      n,
      warnings
    }
  }
  if (msb === null || k0 === null) {
    return undefinedResult(
      'only one run: between-run variance cannot be estimated; repetitions are treated as independent (optimistic)'
    )
  }
  if (msw === null) {
    return undefinedResult(
      'every run has one sample: no within-run variance; each run is its own unit (design effect 1)'
    )
  }
  const denom = msb + (k0 - 1) * msw
  let iccRaw: number
  if (denom === 0) {
    warnings.push('all values are equal: ICC reported as 0')
    iccRaw = 0
  } else {
    iccRaw = (msb - msw) / denom
  }
  const icc = Math.min(1, Math.max(0, iccRaw))
  const designEffect = 1 + (kDesign - 1) * icc
  return { icc, iccRaw, designEffect, nEff: n / designEffect, msb, msw, k0, kDesign, groups: g, n, warnings }
}
