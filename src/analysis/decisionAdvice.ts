/**
 * Advice that delivers (docs/statistics.md §4): the rounds at which a §7 verdict — any decided
 * verdict — becomes likely, not the sample size to reject "no change".
 *
 * The fitted run-level model: ln run values ~ Normal(μ_side, σ²) per side, σ the value the
 * benchmark's own interval implies (sdFromInterval), never below the suite's (suiteSdFloor), uncertain
 * on 2·n0 − 2 degrees of freedom (n0 − 1 for pairs: the signed-rank interval of n0 log-ratios). After n0 runs per side the estimate is e0 (ln of the Hodges-Lehmann
 * ratio). The true shift θ is searched over its 95% range: around e0 with e0's standard error alone
 * (a flat prior), or, in a suite, around its prediction from the suite's random-effects model
 * (benchmarks of one change move together: DerSimonian-Laird and BLUP, stats/randomEffects.ts). With
 * n runs per side (n0 kept, n − n0 appended) the final estimate is
 * Normal((n0·e0 + (n − n0)·θ)/n, 2·c·σ²·(n − n0)/n²).
 * Its interval at the verdict's level is ±h(n), h(n) = t_{1−α/2, 2n−2}·σ·sqrt(2c/n); under pairs σ and
 * the interval's arms [ê − l(n), ê + u(n)] are read off the pairs' own Walsh averages instead
 * (pairedReading: the slow phases and bursts make the interval at α/K of few pairs far wider than at
 * the cap). c = 1.15 is §4's overhead of the rank procedures over the t procedures. A §7 verdict is then
 * reached when the final estimate ê lands in
 *   regression  ê > max(l, t) · improvement  ê < −max(u, t) · negligible/unchanged l − t < ê < t − u,
 * t = ln(1 + δ); the probability of that union is computed in closed form. Near ±t the probability
 * stays near ½ at any n ("too close to the minimum effect to decide by timing"), which is why the
 * earlier advice (the n that rejects "no change") failed there. docs/VALIDATION.md ("Advice") measures
 * what this advice delivers by appending the advised rounds to simulated runs.
 */
import { normalCdf, normalQuantile } from '../stats/normal.js'
import { sdPosteriorPoints } from '../stats/sdBound.js'
import { MAX_EXACT_PAIRS, medianR, qsignrank, walshAverages } from '../stats/signedRank.js'
import { median } from '../stats/summary.js'
import { qt } from '../stats/tDistribution.js'
import { MAX_RESAMPLED_PAIRS, resampledReaches, type ResampleInput } from './resampledRounds.js'

/** What the advice promises: a verdict at least this often after the advised rounds (§4). */
export const DECISION_PROMISE = 0.8
/**
 * The model probability advice requires: above the promise, because a normal run-level model cannot
 * foresee a contention burst in the appended rounds (4 of 13 failures at +1% high ICC). In exploratory
 * runs (not committed) 0.8 delivered 72–80% in some cells and 0.95 advised almost nothing at +1%; 0.9 is
 * what docs/VALIDATION.md ("Advice that delivers") measures.
 */
export const DECISION_TARGET = 0.9
/** §4's nonparametric overhead: rank procedures need ~1.15× the runs of the t procedures. */
const RANK_OVERHEAD = 1.15

export interface DecisionModel {
  /** ln of the current ratio estimate. */
  estimate: number
  /** σ of the ln run values (per side), as implied by the current interval (degreesOfFreedom(n0)). */
  sd: number
  /** Runs per side so far. */
  n0: number
  /** The level the verdict uses (α/K, a Holm step's, or α). */
  alpha: number
  /** δ (0.02 = 2%). */
  minEffect: number
  /**
   * Where the true shift (ln) is believed to be: by default the estimate and its standard error (a flat
   * prior); in a suite, its prediction from the suite's random-effects model (withSuiteAdvice, power.ts).
   */
  truth?: { centre: number; se: number }
  /**
   * Per-benchmark pairs (the signed-rank interval of n log-ratios): n − 1 degrees of freedom, not
   * 2n − 2. The variance is the same (Var of a mean log-ratio σ_d²/n = 2σ²/n with σ = σ_d/√2), but at
   * α/K the t quantile on 19 degrees of freedom is ~10% above the one on 38: read with 2n − 2, a paired
   * interval's σ came out too large and its cap's interval too wide, and the study found "too noisy" told
   * to benchmarks the capped rounds decided.
   */
  paired?: boolean
  /**
   * Per-benchmark pairs with their log-ratios at hand (pairedReading): the interval's arms below and
   * above the estimate at n pairs, per unit of `sd`, predicted from the pairs' own Walsh averages. Without
   * it both arms are halfWidth's t analogue.
   */
  arms?: (n: number) => Arms
  /**
   * Per-benchmark pairs: the log-ratios seen and the suite's residuals, to check the rounds named within
   * the cap by resampling the appended pairs (resampledRounds.ts).
   */
  resample?: ResampleInput
}

/** How far an interval reaches below and above its estimate (ln). */
export interface Arms {
  lower: number
  upper: number
}

/** Degrees of freedom of the interval at n runs per side (n pairs). */
export function degreesOfFreedom(n: number, paired = false): number {
  return Math.max(1, paired ? n - 1 : 2 * n - 2)
}

/**
 * σ implied by the benchmark's own ln-ratio interval at n0 runs per side (inverting halfWidth): the
 * rank interval is robust to the outliers and bursts that inflate a standard deviation, and it is
 * the width the verdict is read from. A rank interval is not symmetric when bursts hit one side, so σ
 * is read from the bound a verdict has to move: beyond ±δ the one towards 0 (in the study +5.2%
 * [−0.6%, +7.0%], read as ±3.8%, was told "≈ 1 more round" and stayed undecided); within ±δ both
 * must move, so the farther one (the half-width understated it: +0.55% [−0.14%, +2.00%] was told
 * "≈ 1 more round" and ended [−0.08%, +2.06%]). Without an estimate: the half-width.
 */
export function sdFromInterval(
  ci: readonly [number, number],
  n0: number,
  alpha: number,
  estimate?: number,
  minEffect?: number,
  paired = false
): number {
  const [lo, hi] = [Math.log(ci[0]), Math.log(ci[1])]
  const t = minEffect === undefined ? Infinity : Math.log1p(minEffect)
  let half = (hi - lo) / 2
  if (estimate !== undefined) {
    const e = Math.log(estimate)
    half = e > t ? e - lo : e < -t ? hi - e : Math.max(e - lo, hi - e)
  }
  return half / (qt(1 - alpha / 2, degreesOfFreedom(n0, paired)) * Math.sqrt((2 * RANK_OVERHEAD) / n0))
}

/**
 * Under pairs: σ and the interval's arms read off the n0 log-ratios' own Walsh averages, not off their
 * interval at α/K. The signed-rank interval at n pairs is [W_(k), W_(M − k + 1)] of the M = n(n+1)/2
 * Walsh averages, k the test's critical count, so at n pairs it reaches the fraction (k − 1)/(M − 1)
 * into either tail of their distribution. At α/K that fraction is small at n0 and grows with n (20
 * pairs at α/6 = 0.00167: 9% of the Walsh averages per side; 60 pairs: 27%), so where a few pairs
 * straddle a slow phase or a burst the interval at n0 reaches into them and the one at the cap does
 * not: scaled by √(n0/n), the α/K interval of 20 pairs predicted the cap's interval 1.9 times too wide
 * under the slow phases (median over the undecided benchmarks of the study; these arms: 1.0).
 *
 * The Walsh averages at n are predicted as the n0 pairs kept and n − n0 new ones drawn from the pairs
 * seen, the later half of them counted twice: the rounds appended follow the last ones, and a burst in
 * progress there goes on (contention lasts tens of seconds, several rounds; without this weight the
 * advice at A/A without phases delivered 65%). Their distribution is the mixture, by share of the
 * n(n+1)/2 averages, of old with old (the n0 pairs' own, so at n = n0 the arms are the interval's), old
 * with new and new with new. σ is read at the centre (±1 standard error of the estimate: the k of
 * z = 1), where the phases do not reach. Null when the centre has no width (ties, zeros): the
 * interval's reading applies. `recentToo` false: every pair weighs the same (the R oracle's case).
 */
export function pairedReading(
  logRatios: readonly number[],
  alpha: number,
  recentToo = true
): { sd: number; arms: (n: number) => Arms } | null {
  const n0 = logRatios.length
  if (n0 < 2 || !logRatios.every(Number.isFinite)) return null
  const walsh = walshAverages([...logRatios])
  const estimate = medianR(walsh)
  const centre = walshTail(n0, 1)
  const se = (walshQuantile(walsh, 1 - centre) - walshQuantile(walsh, centre)) / 2
  if (!(se > 0)) return null
  const sd = se / standardError(1, n0)
  // Built on first use: a suite reads every benchmark, the advice needs only the undecided ones' arms.
  let predicted: ((n: number) => (p: number) => number) | null = null
  const arms = (n: number): Arms => {
    const tail = walshTail(n, normalQuantile(1 - alpha / 2), alpha)
    predicted ??= predictedWalsh(logRatios, recentToo ? Math.floor(n0 / 2) : n0)
    const quantile = n === n0 ? (p: number) => walshQuantile(walsh, p) : predicted(n)
    return { lower: (estimate - quantile(tail)) / sd, upper: (quantile(1 - tail) - estimate) / sd }
  }
  return { sd, arms }
}

/**
 * The Walsh averages (d_i + d_j)/2, i ≤ j, of the pairs seen, and for n pairs in all a quantile function
 * of the predicted mixture: each average weighted by its share among old-with-old (uniform), old-with-new
 * and new-with-new (new pairs drawn with weight 1 before `recentFrom`, 2 from it on).
 */
function predictedWalsh(
  logRatios: readonly number[],
  recentFrom: number
): (n: number) => (p: number) => number {
  const n0 = logRatios.length
  const f = logRatios.map((_, i) => (i < recentFrom ? 1 : 2))
  const total = f.reduce((a, b) => a + b, 0)
  const entries: { value: number; old: number; cross: number; fresh: number }[] = []
  for (let i = 0; i < n0; i++)
    for (let j = i; j < n0; j++) {
      const [fi, fj] = [f[i] / total, f[j] / total]
      entries.push({
        value: (logRatios[i] + logRatios[j]) / 2,
        old: 1 / ((n0 * (n0 + 1)) / 2),
        cross: i === j ? fi / n0 : (fi + fj) / n0,
        fresh: i === j ? fi * fi : 2 * fi * fj
      })
    }
  entries.sort((a, b) => a.value - b.value)
  return (n) => {
    const m = n - n0
    const all = (n * (n + 1)) / 2
    const [wOld, wCross, wFresh] = [(n0 * (n0 + 1)) / 2 / all, (n0 * m) / all, (m * (m + 1)) / 2 / all]
    const cumulative: number[] = []
    let sum = 0
    for (const e of entries) cumulative.push((sum += wOld * e.old + wCross * e.cross + wFresh * e.fresh))
    // The p-quantile: the first average whose cumulative weight reaches p (of the total, ~1).
    return (p) => {
      const target = p * sum
      let lo = 0
      let hi = entries.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (cumulative[mid] >= target) hi = mid
        else lo = mid + 1
      }
      return entries[lo].value
    }
  }
}

/**
 * The fraction (k − 1)/(M − 1) of the Walsh averages below the interval's lower bound at n pairs: k the
 * exact critical count below MAX_EXACT_PAIRS (R's qsignrank(α/2, n), 1 if 0), else its normal
 * approximation n(n+1)/4 − z·sqrt(n(n+1)(2n+1)/24) at z (the central reading passes z = 1 alone).
 */
function walshTail(n: number, z: number, alpha?: number): number {
  const m = (n * (n + 1)) / 2
  if (m <= 1) return 0
  const k =
    alpha !== undefined && n < MAX_EXACT_PAIRS
      ? Math.max(1, qsignrank(alpha / 2, n))
      : Math.max(1, (n * (n + 1)) / 4 - z * Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24))
  return Math.min(0.5, (k - 1) / (m - 1))
}

/** The p-quantile of sorted values, interpolated linearly between order statistics. */
function walshQuantile(sorted: Float64Array, p: number): number {
  const at = p * (sorted.length - 1)
  const i = Math.floor(at)
  return i + 1 < sorted.length ? sorted[i] + (at - i) * (sorted[i + 1] - sorted[i]) : sorted[i]
}

/**
 * The suite's noise floor for the advice: the median over its benchmarks of the σ their intervals
 * imply (half-widths). Advice selects the benchmarks whose own interval came out narrow by chance, and
 * those are the ones whose later intervals come out wider than predicted; benchmarks measured in the
 * same processes share the machine's noise, so no benchmark's σ is taken below the suite's typical one
 * (a benchmark quieter than the rest is then advised conservatively, never too few rounds). In
 * exploratory runs (not committed) this floor removed the advice that failed at +2% (= δ).
 */
export function suiteSdFloor(
  intervals: readonly { ci: readonly [number, number]; n0: number; alpha: number; paired?: boolean }[]
): number {
  return sdFloorOf(intervals.map((i) => sdFromInterval(i.ci, i.n0, i.alpha, undefined, undefined, i.paired)))
}

/** The floor from the σ each benchmark's advice reads (under pairs, pairedReading's): their median. */
export function sdFloorOf(sds: readonly number[]): number {
  // One benchmark is no suite: no floor, as no prior (its own reading would override itself).
  const finite = sds.filter(Number.isFinite)
  return finite.length > 1 ? median(finite) : 0
}

/** The σ the advice models a benchmark with: its interval's (sdFromInterval), not below the suite's floor. */
export function adviceSd(
  ratio: { estimate: number; ci: readonly [number, number] },
  n0: number,
  alpha: number,
  minEffect: number,
  floor: number,
  paired = false
): number {
  return Math.max(floor, sdFromInterval(ratio.ci, n0, alpha, ratio.estimate, minEffect, paired))
}

/** Standard error of the ln-ratio estimate at n runs per side for run-level σ `sd` (§4's rank overhead included). */
export function standardError(sd: number, n: number): number {
  return sd * Math.sqrt((2 * RANK_OVERHEAD) / n)
}

/** Half-width of the ln-ratio interval at n runs per side (the t analogue of the rank interval). */
export function halfWidth(m: DecisionModel, n: number): number {
  if (m.arms) {
    const a = m.arms(n)
    return Math.max(a.lower, a.upper) * m.sd
  }
  return qt(1 - m.alpha / 2, degreesOfFreedom(n, m.paired)) * standardError(m.sd, n)
}

/** The arms at n per unit σ: the model's own (pairs), else halfWidth's on both sides. */
function armsPerSd(m: DecisionModel, n: number): Arms {
  if (m.arms) return m.arms(n)
  const h = halfWidth({ ...m, sd: 1 }, n)
  return { lower: h, upper: h }
}

/**
 * How far around its centre the true shift is searched for the worst case, in standard errors: the
 * 95% range. With the 80% range (1.28) and a flat prior a benchmark at +1% whose estimate came out near
 * 0.3% was told "≈ 15 more rounds" for a negligible verdict its true interval could not reach. With a
 * flat prior this range leaves no room for advice on a symmetric interval under the 2× cap (3.99
 * standard errors needed, 3.69 available at 10 runs, α/K = 0.01/6); the suite's prediction of the
 * truth is narrower than that, which is where the advice comes from (docs/VALIDATION.md "Advice").
 */
const PLAUSIBLE_Z = 1.96

/**
 * Probability that n ≥ n0 runs per side end in a decided §7 verdict, predicted from the first n0:
 * the smallest over true shifts within ±PLAUSIBLE_Z standard errors of where the truth is believed to
 * be (m.truth, else the estimate), so a cell of true changes cannot do worse than promised by drawing
 * its estimates from the lucky side; each averaged over the uncertainty of σ.
 */
export function decisionProbability(m: DecisionModel, n: number): number {
  const points = m.n0 > 1 ? sdPosteriorPoints(m.sd, degreesOfFreedom(m.n0, m.paired), 8) : [m.sd]
  const { centre, se } = m.truth ?? { centre: m.estimate, se: standardError(m.sd, m.n0) }
  // The arms are proportional to σ: read once per n, not once per σ point.
  const perSd = armsPerSd(m, n)
  let worst = 1
  for (let g = -2; g <= 2; g++) {
    const truth = centre + (g / 2) * PLAUSIBLE_Z * se
    let sum = 0
    for (const sd of points)
      sum += probabilityAt({ ...m, sd }, { lower: perSd.lower * sd, upper: perSd.upper * sd }, truth, n)
    worst = Math.min(worst, sum / points.length)
  }
  return worst
}

/**
 * For a known σ and true shift: the final estimate is the mean of the n0 runs seen (estimate) and
 * n − n0 new ones centred on the truth, so ê_n ~ Normal((n0·e0 + (n − n0)·truth)/n, 2cσ²(n − n0)/n²).
 */
function probabilityAt(m: DecisionModel, arms: Arms, truth: number, n: number): number {
  const t = Math.log1p(m.minEffect)
  const mean = (m.n0 * m.estimate + (n - m.n0) * truth) / n
  const sd = Math.sqrt((2 * RANK_OVERHEAD * m.sd * m.sd * (n - m.n0)) / (n * n))
  const below = (x: number) => (sd > 0 ? normalCdf((x - mean) / sd) : mean < x ? 1 : 0)
  // §7 read off [ê − lower, ê + upper]: regression ê > max(lower, t), improvement ê < −max(upper, t),
  // within ±δ lower − t < ê < t − upper.
  const changed = 1 - below(Math.max(arms.lower, t)) + below(-Math.max(arms.upper, t))
  const within = Math.max(0, below(t - arms.upper) - below(arms.lower - t))
  return Math.min(1, changed + within)
}

export type DecisionAdvice =
  | { kind: 'more-rounds'; rounds: number }
  | { kind: 'beyond-cap'; rounds: number }
  | { kind: 'too-close' }
  | { kind: 'too-noisy' }

/**
 * How far past the cap the advice looks for the rounds that would decide (× the rounds run, and never
 * more than MAX_ROUNDS_NAMED): beyond that no number of rounds is named (§4: never thousands of rounds).
 */
export const BEYOND_CAP_FACTOR = 10
export const MAX_ROUNDS_NAMED = 999

/**
 * The fewest rounds to add (n from `fewest` to `cap` runs per side) after which a verdict has
 * probability ≥ DECISION_TARGET; else why not. `beyond-cap` (rounds: n in all): the cap is the limit —
 * a verdict is likely at n runs per side, more than the cap allows (the study found "too close … a coin
 * flip" told to true +1% changes that the capped rounds decided). Otherwise no affordable n decides it:
 * the cap's interval would be narrower than δ but the truth is believed to lie within it of ±δ ("too
 * close to the minimum effect"), or the noise is too large ("too noisy").
 */
export function roundsToDecide(model: DecisionModel, fewest: number, cap: number): DecisionAdvice {
  const first = Math.max(fewest, model.n0 + 1)
  const far = Math.min(BEYOND_CAP_FACTOR * Math.max(1, model.n0), MAX_ROUNDS_NAMED)
  const modelled = fewestDeciding(model, first, cap)
  if (modelled !== null && !model.resample) return { kind: 'more-rounds', rounds: modelled - model.n0 }
  if (modelled !== null) {
    // Under pairs the rounds the model names are checked by resampling the appended pairs: within the
    // cap, else beyond it, else no number (resampledRounds.ts).
    const within = fewestResampled(model, modelled, cap)
    if (within !== null) return { kind: 'more-rounds', rounds: within - model.n0 }
    const beyond = fewestResampled(model, cap + 1, Math.min(far, MAX_RESAMPLED_PAIRS))
    return beyond !== null ? { kind: 'beyond-cap', rounds: beyond } : { kind: 'too-noisy' }
  }
  const beyond = fewestDeciding(model, Math.max(first, cap + 1), far)
  if (beyond !== null) return { kind: 'beyond-cap', rounds: beyond }
  // Too close: the cap's interval would be narrow enough to decide a change clear of ±δ, but the truth
  // is believed to lie within it of ±δ (the suite's prediction when there is one); else too noisy.
  // Naming rounds where only the believed truth reaches 0.9 delivered 64% under the slow phases at +3%,
  // and under pairs 4 of 11 and 5 of 14 true +2% changes (docs/VALIDATION.md "Advice that delivers").
  const t = Math.log1p(model.minEffect)
  const h = halfWidth(model, Math.max(cap, model.n0 + 1))
  const centre = model.truth?.centre ?? model.estimate
  return h < t && h > Math.abs(Math.abs(centre) - t) ? { kind: 'too-close' } : { kind: 'too-noisy' }
}

/**
 * Whether the resampled decision rate reaches DECISION_TARGET at n at every true shift decisionProbability
 * searches (the smallest of them does), each answered as soon as its draws settle it (resampledReaches).
 */
function resampledReachesAll(m: DecisionModel, n: number): boolean {
  const { centre, se } = m.truth ?? { centre: m.estimate, se: standardError(m.sd, m.n0) }
  for (let g = -2; g <= 2; g++) {
    const truth = centre + (g / 2) * PLAUSIBLE_Z * se
    if (!resampledReaches(m.resample!, truth, n, m.alpha, m.minEffect, DECISION_TARGET)) return false
  }
  return true
}

/** The fewest n in [lo, hi] whose resampled decision rate reaches DECISION_TARGET, or null. */
function fewestResampled(m: DecisionModel, lo: number, hi: number): number | null {
  return fewestPassing((n) => resampledReachesAll(m, n), lo, hi)
}

/** The fewest n in [lo, hi] with decisionProbability ≥ DECISION_TARGET, or null (it grows with n: bisection). */
function fewestDeciding(m: DecisionModel, lo: number, hi: number): number | null {
  return fewestReaching((n) => decisionProbability(m, n), lo, hi)
}

/** The fewest n in [lo, hi] with probability(n) ≥ DECISION_TARGET, or null: bisection (it grows with n). */
function fewestReaching(probability: (n: number) => number, lo: number, hi: number): number | null {
  return fewestPassing((n) => probability(n) >= DECISION_TARGET, lo, hi)
}

/** The fewest n in [lo, hi] that passes, or null: bisection (passing is taken to persist as n grows). */
function fewestPassing(passes: (n: number) => boolean, lo: number, hi: number): number | null {
  if (lo > hi || !passes(hi)) return null
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (passes(mid)) hi = mid
    else lo = mid + 1
  }
  return hi
}
