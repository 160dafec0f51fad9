/**
 * Estimates the noise model's parameters from A/A processes measured on this machine (one list of
 * repetition values per process, in time order). Variance components on the log scale:
 *
 * - firstRepetitionShift: median over processes of ln v₀ − mean(ln v₁…).
 * - repetitionSigma: pooled within-process sd of ln v over repetitions 1… (first excluded).
 * - processSigma: from differences between *consecutive* processes (≈ 1 s apart, so the slow
 *   drift cancels): Var(m_i − m_{i−1}) = 2·(σ_p² + σ_r²/k) + (fast drift part), where m is a process's
 *   mean ln over repetitions 1…; we attribute it all to σ_p (conservative for the test).
 * - drift: Var(m) over the whole session minus what the process effect explains; its timescale is
 *   not identifiable from a short session and is taken from long runs (docs/VALIDATION.md).
 * - outliers: share of repetitions beyond Tukey's severe fence (3·IQR) of the within-process residuals.
 */
import { median, quantileType7 } from '../../../src/stats/summary.js'

export interface ProcessValues {
  /** Start time of the process, s (any origin). */
  t: number
  values: number[]
}

export interface NoiseEstimate {
  processes: number
  repetitions: number
  firstRepetitionShift: number
  repetitionSigma: number
  processSigma: number
  /** Stationary sd of ln process means beyond the process effect (drift over the session). */
  driftSigma: number
  outlierShare: number
  /** Robust (MAD-based) versions of the two sigmas: the quiet machine without contention episodes. */
  robustRepetitionSigma: number
  robustProcessSigma: number
  /** Share of processes whose mean is > 3% above the session median (contention episodes), and their median excess. */
  contendedShare: number
  contendedMedianExcess: number
  /** One-way ANOVA ICC of repetitions 0… over processes (STATISTICS §3), for comparison with real reports. */
  icc: number
  designEffect: number
}

function variance(xs: number[]): number {
  if (xs.length < 2) return 0
  const m = xs.reduce((a, b) => a + b, 0) / xs.length
  return xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1)
}

export function estimateNoise(processes: readonly ProcessValues[]): NoiseEstimate {
  const ps = [...processes].filter((p) => p.values.length >= 2).sort((a, b) => a.t - b.t)
  if (ps.length < 4) throw new Error('estimateNoise needs at least 4 processes with >= 2 repetitions')
  const k = Math.min(...ps.map((p) => p.values.length))
  const logs = ps.map((p) => p.values.slice(0, k).map(Math.log))
  const shifts = logs.map((l) => l[0] - l.slice(1).reduce((a, b) => a + b, 0) / (k - 1))
  const firstRepetitionShift = median(shifts)
  // within-process (repetitions 1…)
  let ss = 0
  let df = 0
  const residuals: number[] = []
  for (const l of logs) {
    const rest = l.slice(1)
    if (rest.length < 2) continue
    const m = rest.reduce((a, b) => a + b, 0) / rest.length
    for (const v of rest) {
      ss += (v - m) ** 2
      residuals.push(v - m)
    }
    df += rest.length - 1
  }
  const within = df > 0 ? ss / df : 0
  const kk = k - 1
  const means = logs.map((l) => l.slice(1).reduce((a, b) => a + b, 0) / kk)
  const diffs = means.slice(1).map((m, i) => m - means[i])
  const procVar = Math.max(0, variance(diffs) / 2 - within / kk)
  const driftVar = Math.max(0, variance(means) - procVar - within / kk)
  const sorted = Float64Array.from(residuals).sort()
  const q1 = quantileType7(sorted, 0.25)
  const q3 = quantileType7(sorted, 0.75)
  const iqr = q3 - q1
  const outliers = residuals.filter((r) => r > q3 + 3 * iqr || r < q1 - 3 * iqr).length
  // ICC over all repetitions (as the analysis computes it)
  const all = logs
  const grand = all.flat().reduce((a, b) => a + b, 0) / (all.length * k)
  const msb =
    (k * all.reduce((a, l) => a + (l.reduce((x, y) => x + y, 0) / k - grand) ** 2, 0)) / (all.length - 1)
  const msw =
    all.reduce((a, l) => {
      const m = l.reduce((x, y) => x + y, 0) / k
      return a + l.reduce((x, y) => x + (y - m) ** 2, 0)
    }, 0) /
    (all.length * (k - 1))
  const icc = Math.max(0, (msb - msw) / (msb + (k - 1) * msw))
  const mad = (xs: number[]) => 1.4826 * median(xs.map(Math.abs))
  const pairDiffs = logs.map((l) => (l[1] - l[2]) / Math.SQRT2)
  const robustWithin = k >= 3 ? mad(pairDiffs) : Math.sqrt(within)
  const robustProc = Math.sqrt(Math.max(0, mad(diffs) ** 2 / 2 - robustWithin ** 2 / kk))
  const center = median(means)
  const excess = means.map((m) => Math.exp(m - center) - 1).filter((e) => e > 0.03)
  return {
    processes: ps.length,
    robustRepetitionSigma: robustWithin,
    robustProcessSigma: robustProc,
    contendedShare: excess.length / means.length,
    contendedMedianExcess: excess.length ? median(excess) : 0,
    repetitions: k,
    firstRepetitionShift,
    repetitionSigma: Math.sqrt(within),
    processSigma: Math.sqrt(procVar),
    driftSigma: Math.sqrt(driftVar),
    outlierShare: residuals.length ? outliers / residuals.length : 0,
    icc,
    designEffect: 1 + (k - 1) * icc
  }
}
