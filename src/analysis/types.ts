/**
 * The analysis result types: what `compare()` says about one benchmark and `analyzeSuite()` about a
 * whole suite. Plain data, ready for any report; every figure is defined in shared/STATISTICS.md.
 */
import type { Provenance, SampleIssue, Side } from '../samples/model.js'
import type { Summary } from '../stats/summary.js'

export type Verdict =
  'regression' | 'improvement' | 'negligible' | 'unchanged' | 'inconclusive' | 'new' | 'removed' | 'failed'

/** Whether the test used every repetition or one value (the median) per process run (STATISTICS §3). */
export type AnalysisLevel = 'repetitions' | 'runs'

export type Correction = 'holm' | 'bh' | 'none'

/** Thresholds in one object, so new ones never change signatures (STYLE, habit 6). */
export interface AnalysisOptions {
  /** Significance level α of the gate, in (0, 1). */
  alpha: number
  /** Minimum relative effect δ that matters (0.02 = 2%), > 0. */
  minEffect: number
  /** Power β the sample-size figures aim at, in (0, 1). */
  power: number
  /** Design effect above which one value per run is analysed (STATISTICS §3). */
  deffCutoff: number
  /** Multiple-comparison adjustment over the suite (STATISTICS §6). */
  correction: Correction
  /** Bootstrap resamples for the conservative sd (STATISTICS §4). */
  bootstrapResamples: number
  /** Seed of the bootstrap, so results are reproducible. */
  seed: number
  /** Which time Google Benchmark measured to analyse. */
  metric: 'real_time' | 'cpu_time'
  /**
   * Adaptive rounds only (docs/adaptive.md): the level of the test and of the CIs at this look,
   * in (0, alpha]; default alpha. Power figures keep using alpha.
   */
  testAlpha?: number
  /**
   * Adaptive rounds only: this many more hypotheses, with p = 1, join the multiple-comparison
   * family (the benchmarks resolved at earlier looks); default 0.
   */
  familyPadding?: number
}

/**
 * Defaults; α, δ and β as STATISTICS §7 (to be confirmed by the validation study).
 * The CI level is 1 − α, so a "regression" and its CI never disagree.
 */
export const DEFAULT_ANALYSIS_OPTIONS: AnalysisOptions = Object.freeze({
  alpha: 0.01,
  minEffect: 0.02,
  power: 0.95,
  deffCutoff: 1.5,
  correction: 'holm',
  bootstrapResamples: 1000,
  seed: 1,
  metric: 'real_time'
})

/** One measured value with where it came from; a side's observations are in time order. */
export interface Observation {
  value: number
  round: number
  run: number
  repetition: number
}

export interface Interval {
  estimate: number
  ci: [number, number]
}

export interface Warning {
  level: 'info' | 'warning' | 'error'
  /** Stable machine-readable code, e.g. 'underpowered', 'autocorrelated'. */
  code: string
  side?: Side
  message: string
}

/** Per-side description and noise diagnostics (STATISTICS §3, §5). */
export interface SideAnalysis {
  /** Raw samples (repetitions) measured. */
  samples: number
  /** Process runs the samples came from. */
  runs: number
  /** Values the test used (= samples, or runs at the run level). */
  analysed: number
  /** n, min, q1, median, mean, q3, max, sd, cv, mad of the raw samples (sd, cv null for n = 1). */
  summary: Omit<Summary, 'warnings'>
  /** Intraclass correlation of repetitions within a run, null when it cannot be estimated. */
  icc: number | null
  designEffect: number
  /** Effective number of independent values (n / design effect, or runs at the run level). */
  nEff: number
  ljungBox: { q: number; lags: number; pValue: number } | null
  durbinWatson: number | null
  outliers: { mild: number; severe: number }
  /** Theil-Sen drift of run medians over the whole measurement, relative to the median. */
  drift: number | null
}

export interface PowerFigures {
  /** Conservative sd of ln(samples) (upper bootstrap bound, pooled over sides). */
  sdLog: number
  /** Effective samples per side (the smaller side). */
  nEff: number
  /** Samples per side needed to detect the minimum effect with the configured power. */
  requiredPerSide: number | null
  /** Smallest relative change this measurement could detect with the configured power. */
  minDetectableEffect: number | null
  /** Estimated further rounds to reach requiredPerSide (0 when enough). */
  moreRounds: number | null
}

/** Why a benchmark got no more rounds in an adaptive run (docs/adaptive.md). */
export type StopReason =
  | 'resolved' // its verdict was decided at a look (regression, improvement, negligible, unchanged)
  | 'max-rounds' // still inconclusive at the maximum number of rounds
  | 'time-budget' // still inconclusive when the time budget ran out
  | 'no-samples' // it produced no new samples in a top-up block (crashed, disappeared)
  | 'futile' // too noisy to be decided even at the maximum rounds (non-binding futility)
  | 'not-compared' // new, removed or failed: more rounds cannot help
  | 'interrupted' // measuring was interrupted
  | 'failures' // a binary kept failing

/** One benchmark's share of an adaptive run. */
export interface AdaptiveInfo {
  /** Measured rounds that included this benchmark. */
  rounds: number
  /** 1-based look at which its verdict was taken. */
  look: number
  /** The level of the test and CI at that look. */
  testAlpha: number
  stopReason: StopReason
}

export interface Comparison {
  benchmark: string
  verdict: Verdict
  level: AnalysisLevel
  /** Base and head medians of the raw samples, ns. */
  baseMedian: number | null
  headMedian: number | null
  base: SideAnalysis | null
  head: SideAnalysis | null
  /** Two-sided Mann-Whitney p-value, before and after the suite-wide adjustment. */
  pValue: number | null
  pAdjusted: number | null
  /** R's W statistic for head. */
  u: number | null
  testMethod: 'exact' | 'normal' | null
  /** Confidence level of the intervals (1 − α). */
  confLevel: number
  /** Hodges-Lehmann shift head − base, ns. */
  shift: Interval | null
  /** Ratio of locations head / base (1.05 = 5% slower). */
  ratio: Interval | null
  /** Adaptive looks only: standard error of ln(ratio), from the 95% ratio CI (for futility). */
  logRatioSe?: number
  power: PowerFigures | null
  warnings: Warning[]
  /** Problems with this benchmark's samples (errors, skips, crashes), kept and reported. */
  issues: SampleIssue[]
  /** Adaptive runs only: rounds received and why it stopped. */
  adaptive?: AdaptiveInfo
}

export interface SuiteResult {
  options: AnalysisOptions
  comparisons: Comparison[]
  counts: Record<Verdict, number>
  /** Warnings about the whole measurement (provenance mismatch, frequency scaling, ...). */
  warnings: Warning[]
  provenance: { base: Provenance; head: Provenance }
}
