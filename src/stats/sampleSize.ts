/**
 * Sample size, minimum detectable effect and power warnings on the log scale (docs/statistics.md §4),
 * following the procedure of Carlos O'Ryan's "On Benchmarking" posts (JayBeams project blog, 2017,
 * https://coryan.github.io/jaybeams/): estimate a conservative σ of the log samples (the upper bound of
 * a bootstrap CI, see bootstrap.ts), size the experiment with `power.t.test` for the minimum effect of
 * interest, and treat "not enough power even for 10·δ" as an error.
 *
 * The t-test sample size is inflated by {@link NONPARAMETRIC_OVERHEAD} because benchgate tests with
 * Mann-Whitney, and is floored at the smallest n for which the exact rank test can reach p < α at all
 * ({@link minRankTestSamples}; with no ties the smallest two-sided p for m = n is 2/C(2n, n)).
 *
 * Statistical shortfalls are reported in `warnings`, never thrown; only invalid input throws.
 *
 * @module
 */
import { StatsInputError, assertProbability } from './errors.js'
import { powerTTest } from './power.js'

/**
 * Samples per side needed by Mann-Whitney relative to the t test. The Pitman asymptotic relative
 * efficiency of the Wilcoxon rank-sum test to the t test is ≥ 108/125 = 0.864 for every continuous
 * distribution (Hodges & Lehmann 1956, Ann. Math. Statist. 27, 324–335), and 1/0.864 = 1.157 ≈ 1.15.
 */
export const NONPARAMETRIC_OVERHEAD = 1.15

/** JayBeams' stronger rule: an experiment without enough power for this multiple of δ is an error. */
export const SEVERE_EFFECT_MULTIPLIER = 10

/** Inputs of {@link requiredSamplesPerSide}. */
export interface RequiredSamplesOptions {
  /** Minimum relative effect δ of interest (> 0, e.g. 0.02 for 2%). */
  minEffect: number
  /** Standard deviation of the ln samples (≥ 0; use the conservative bootstrap upper bound). */
  sdLog: number
  /** Significance level α in (0, 1). */
  alpha: number
  /** Required power in (alpha, 1). */
  power: number
}

/** Result of {@link requiredSamplesPerSide}. */
export interface RequiredSamplesResult {
  /** `power.t.test` n per side for `delta = ln(1 + δ)`, `sd = sdLog` (unrounded; 0 when sdLog = 0). */
  nT: number
  /** Samples per side to ask for: `max(ceil(1.15·nT), minRankTestSamples(alpha))`. */
  nRequired: number
  /** The floor applied to nRequired: the smallest m = n for which Mann-Whitney can reach p < alpha. */
  rankTestMinimum: number
  warnings: string[]
}

/**
 * Smallest n (= m) per side for which the exact two-sided Mann-Whitney test without ties can give
 * p < alpha: the smallest n with `2 / C(2n, n) < alpha` (e.g. 4 for α = 0.05, 5 for α = 0.01).
 *
 * @param alpha significance level in (0, 1)
 * @returns an integer ≥ 2
 * @throws StatsInputError `domain` if alpha is not in (0, 1)
 *
 * Complexity O(log(1/alpha)) (C(2n, n) grows like 4ⁿ).
 */
export function minRankTestSamples(alpha: number): number {
  assertProbability(alpha, 'alpha')
  let n = 1
  let c = 2 // C(2n, n) for n = 1
  while (!(2 / c < alpha)) {
    c = (c * (2 * n + 1) * (2 * n + 2)) / ((n + 1) * (n + 1))
    n++
  }
  return Math.max(n, 2)
}

function validate(o: { sdLog: number; alpha: number; power: number }): void {
  if (!Number.isFinite(o.sdLog) || o.sdLog < 0) {
    throw new StatsInputError('domain', 'sdLog', `sdLog must be a finite number >= 0, got ${o.sdLog}`)
  }
  assertProbability(o.alpha, 'alpha')
  assertProbability(o.power, 'power')
  if (!(o.power > o.alpha)) {
    throw new StatsInputError(
      'no-solution',
      'power',
      `power ${o.power} is unreachable: it must exceed alpha ${o.alpha}`
    )
  }
}

/**
 * Samples per side needed to detect a relative change δ with Mann-Whitney: `n_t` from
 * `power.t.test(delta = ln(1 + δ), sd = sdLog, sig.level = alpha, power = power)` (two-sample,
 * two-sided, strict = FALSE) and `nRequired = ceil(1.15 · n_t)`, floored at {@link minRankTestSamples}.
 *
 * @param options.minEffect δ, finite and > 0
 * @param options.sdLog σ of the ln samples, finite and ≥ 0 (0: no spread; then nT = 0 and only the
 *   rank-test floor applies, with a warning)
 * @param options.alpha α in (0, 1)
 * @param options.power in (0, 1) and > alpha
 * @returns `{ nT, nRequired, rankTestMinimum, warnings }`
 * @throws StatsInputError `domain` / `not-finite` for values outside those domains, `no-solution` for
 *   power ≤ alpha
 *
 * Complexity: one `power.t.test` solve (~0.5 ms).
 * Reference: R `power.t.test`; O'Ryan, "On Benchmarking" (JayBeams, 2017); docs/statistics.md §4.
 */
export function requiredSamplesPerSide(options: RequiredSamplesOptions): RequiredSamplesResult {
  const { minEffect, sdLog, alpha, power } = options
  if (!Number.isFinite(minEffect) || !(minEffect > 0)) {
    throw new StatsInputError(
      'domain',
      'minEffect',
      `minEffect must be a finite number > 0, got ${minEffect}`
    )
  }
  validate(options)
  const rankTestMinimum = minRankTestSamples(alpha)
  const warnings: string[] = []
  if (sdLog === 0) {
    warnings.push('the samples have no spread on the log scale: the sample size is the rank test minimum')
    return { nT: 0, nRequired: rankTestMinimum, rankTestMinimum, warnings }
  }
  const nT = powerTTest({ delta: Math.log1p(minEffect), sd: sdLog, sigLevel: alpha, power }).n
  const nRequired = Math.max(Math.ceil(NONPARAMETRIC_OVERHEAD * nT), rankTestMinimum)
  return { nT, nRequired, rankTestMinimum, warnings }
}

/** Inputs of {@link minimumDetectableEffect}. */
export interface DetectableEffectOptions {
  /** Effective samples per side (n_eff of §3; with unequal sides use the smaller). Finite, ≥ 0. */
  nEff: number
  /** Standard deviation of the ln samples (≥ 0). */
  sdLog: number
  /** Significance level α in (0, 1). */
  alpha: number
  /** Power in (alpha, 1). */
  power: number
}

/** Result of {@link minimumDetectableEffect}. */
export interface DetectableEffectResult {
  /** Smallest relative change detectable with the given power, `exp(Δ) − 1`; null when none is. */
  effect: number | null
  /** The t-test n used: nEff / 1.15. */
  nT: number
  warnings: string[]
}

/**
 * The relative change this experiment could detect: `exp(Δ) − 1` where Δ solves
 * `power.t.test(n = nEff / 1.15, sd = sdLog, sig.level = alpha, power = power)`.
 *
 * Returns `effect: null` with a warning when nEff is below the rank test's minimum
 * ({@link minRankTestSamples}: no p-value below alpha is possible) or nEff / 1.15 < 2 (power.t.test's
 * lower limit); `effect: 0` when sdLog = 0.
 *
 * @param options.nEff effective samples per side, finite and ≥ 0
 * @param options.sdLog σ of the ln samples, finite and ≥ 0
 * @param options.alpha α in (0, 1)
 * @param options.power in (0, 1) and > alpha
 * @returns `{ effect, nT, warnings }`
 * @throws StatsInputError for inputs outside those domains
 *
 * Complexity: one `power.t.test` solve for delta (~0.5 ms).
 * Reference: R `power.t.test`; O'Ryan, "On Benchmarking" (JayBeams, 2017); docs/statistics.md §4.
 */
export function minimumDetectableEffect(options: DetectableEffectOptions): DetectableEffectResult {
  const { nEff, sdLog, alpha, power } = options
  if (!Number.isFinite(nEff) || nEff < 0) {
    throw new StatsInputError('domain', 'nEff', `nEff must be a finite number >= 0, got ${nEff}`)
  }
  validate(options)
  const nT = nEff / NONPARAMETRIC_OVERHEAD
  const rankMin = minRankTestSamples(alpha)
  if (nEff < rankMin) {
    return {
      effect: null,
      nT,
      warnings: [
        `no effect is detectable: with ${fmt(nEff)} effective samples per side the rank test cannot reach p < ${alpha} (it needs at least ${rankMin})`
      ]
    }
  }
  if (nT < 2) {
    return {
      effect: null,
      nT,
      warnings: [
        `no effect is detectable: ${fmt(nEff)} effective samples per side is too few (power.t.test needs n >= 2 after the 1.15 nonparametric overhead, i.e. >= 2.3 samples)`
      ]
    }
  }
  if (sdLog === 0) return { effect: 0, nT, warnings: ['the samples have no spread on the log scale'] }
  const delta = powerTTest({ n: nT, sd: sdLog, sigLevel: alpha, power }).delta
  return { effect: Math.expm1(delta), nT, warnings: [] }
}

/** Inputs of {@link powerWarnings}. */
export interface PowerWarningsOptions {
  /** Effective samples per side now (finite, ≥ 0). */
  nEff: number
  /** Minimum relative effect δ (> 0). */
  minEffect: number
  /** Standard deviation of the ln samples (≥ 0; the conservative bootstrap upper bound). */
  sdLog: number
  /** Significance level α in (0, 1). */
  alpha: number
  /** Required power in (alpha, 1). */
  power: number
  /**
   * Effective samples per side that one more round adds (repetitions / design effect, or 1 when one
   * median per run is analysed). When given, the warnings say how many more rounds are needed.
   */
  effectivePerRound?: number
}

/** One power finding. `error` is JayBeams' stronger rule (not enough power even for 10·δ). */
export interface PowerWarning {
  id: 'underpowered' | 'severely-underpowered'
  level: 'warning' | 'error'
  /** The effect the finding is about (δ, or 10·δ). */
  effect: number
  /** Samples per side needed for that effect. */
  samplesPerSide: number
  /** More rounds needed, when `effectivePerRound` was given. */
  moreRounds: number | null
  message: string
}

/** Result of {@link powerWarnings}. */
export interface PowerWarningsResult {
  /** Requirement for δ. */
  required: RequiredSamplesResult
  /** Requirement for 10·δ. */
  requiredSevere: RequiredSamplesResult
  /** Findings, most severe first; empty when the experiment is powered for δ. */
  findings: PowerWarning[]
  /** The findings' messages plus any from the requirements (STYLE §2 warnings contract). */
  warnings: string[]
}

/**
 * The §4 power warnings as data: "underpowered for δ: need ≈ N samples per side (≈ R more rounds)"
 * when `nEff < nRequired(δ)`, and the error-level JayBeams rule when even `10·δ` is out of reach
 * (`nEff < nRequired(10·δ)`).
 *
 * @param options.nEff effective samples per side, finite and ≥ 0
 * @param options.minEffect δ, finite and > 0
 * @param options.sdLog σ of the ln samples, finite and ≥ 0
 * @param options.alpha α in (0, 1)
 * @param options.power in (alpha, 1)
 * @param options.effectivePerRound optional, finite and > 0
 * @returns `{ required, requiredSevere, findings, warnings }`
 * @throws StatsInputError for inputs outside those domains (never for low power)
 *
 * Complexity: two `power.t.test` solves (~1 ms).
 * Reference: O'Ryan, "On Benchmarking" (JayBeams project blog, 2017); docs/statistics.md §4.
 */
export function powerWarnings(options: PowerWarningsOptions): PowerWarningsResult {
  const { nEff, minEffect, sdLog, alpha, power, effectivePerRound } = options
  if (!Number.isFinite(nEff) || nEff < 0) {
    throw new StatsInputError('domain', 'nEff', `nEff must be a finite number >= 0, got ${nEff}`)
  }
  if (effectivePerRound !== undefined && !(Number.isFinite(effectivePerRound) && effectivePerRound > 0)) {
    throw new StatsInputError(
      'domain',
      'effectivePerRound',
      `effectivePerRound must be a finite number > 0, got ${effectivePerRound}`
    )
  }
  const required = requiredSamplesPerSide({ minEffect, sdLog, alpha, power })
  const severeEffect = SEVERE_EFFECT_MULTIPLIER * minEffect
  const requiredSevere = requiredSamplesPerSide({ minEffect: severeEffect, sdLog, alpha, power })
  const rounds = (need: number): number | null =>
    effectivePerRound === undefined ? null : Math.ceil((need - nEff) / effectivePerRound)
  const describe = (need: number): string => {
    const r = rounds(need)
    return `need ≈ ${need} samples per side${r === null ? '' : ` (≈ ${r} more round${r === 1 ? '' : 's'})`}`
  }
  const findings: PowerWarning[] = []
  if (nEff < requiredSevere.nRequired) {
    findings.push({
      id: 'severely-underpowered',
      level: 'error',
      effect: severeEffect,
      samplesPerSide: requiredSevere.nRequired,
      moreRounds: rounds(requiredSevere.nRequired),
      message: `underpowered even for ${pct(severeEffect)} (${SEVERE_EFFECT_MULTIPLIER}·δ): ${describe(requiredSevere.nRequired)}`
    })
  }
  if (nEff < required.nRequired) {
    findings.push({
      id: 'underpowered',
      level: 'warning',
      effect: minEffect,
      samplesPerSide: required.nRequired,
      moreRounds: rounds(required.nRequired),
      message: `underpowered for ${pct(minEffect)}: ${describe(required.nRequired)}`
    })
  }
  const warnings = [...findings.map((f) => f.message), ...required.warnings]
  return { required, requiredSevere, findings, warnings }
}

function pct(x: number): string {
  return `${Number((x * 100).toPrecision(3))}%`
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(1)
}
