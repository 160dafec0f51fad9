/**
 * The analysis result types: what `compare()` says about one benchmark and `analyzeSuite()` about a
 * whole suite. Plain data, ready for any report; every figure is defined in docs/statistics.md.
 */
import type { CountMethod, CountMetric } from '../samples/countModel.js'
import type { Provenance, SampleIssue, Side } from '../samples/model.js'
import type { Summary } from '../stats/summary.js'

export type Verdict =
  | 'regression'
  | 'improvement'
  | 'negligible'
  | 'unchanged'
  | 'inconclusive'
  | 'new'
  | 'removed'
  | 'failed'
  /** The same error on both sides in every run, or SkipWithMessage: cannot run here (docs/statistics.md §10). */
  | 'skipped'
  /** `--measure both`: timing changed, the address-independent counts did not (layout? §10; countMovement.ts). */
  | 'timing-only'

/** Whether the test used every repetition or one value (the median) per process run (docs/statistics.md §3). */
export type AnalysisLevel = 'repetitions' | 'runs'

/** The level the user asked for: `auto` = one value per run (the gate's only trusted level). */
export type LevelChoice = 'auto' | 'repetitions'

/**
 * Why a comparison was analysed at its level (docs/statistics.md §3):
 * - 'runs': each side has ≥ R_min runs, one median per run (the default, trusted by the gate);
 * - 'too-few-processes': fewer runs on a side, repetitions of one process shown, verdict at most inconclusive;
 * - 'forced-repetitions': `level: repetitions` asked for the pooled analysis; exploratory, not trusted by the gate.
 */
export type LevelReason = 'runs' | 'too-few-processes' | 'forced-repetitions'

/** Suite-wide error control of the verdicts (docs/statistics.md §6). */
export type Correction = 'bonferroni' | 'holm' | 'none'

/** Which Google Benchmark time is analysed; `auto` chooses per benchmark (docs/statistics.md §7). */
export type MetricChoice = 'auto' | 'real_time' | 'cpu_time'
export type Metric = 'real_time' | 'cpu_time'

/**
 * Why a tested comparison is `inconclusive` (a code; the report words it):
 * - 'too-few-processes': fewer than R_min runs on a side (§3);
 * - 'level-unreachable': too few values for the exact test to reach the level used (§7);
 * - 'interval-reaches-delta': the interval still reaches ±δ (§7);
 * - 'too-few-samples': fewer than two values on a side, nothing tested.
 */
export type InconclusiveReason =
  'too-few-processes' | 'level-unreachable' | 'interval-reaches-delta' | 'too-few-samples'

/**
 * What would decide an inconclusive benchmark (docs/statistics.md §4), structured so the report words it:
 * more rounds when that is at most twice the rounds already run (and fits the time budget), else the
 * benchmark is too noisy to decide ±δ by timing here (`sdPercent` = σ̂ of ln run values × 100).
 */
/** `too-noisy`: σ per process in percent, the estimate, and (since 0.1) its 97.5% upper bound the power uses. */
export type Advice =
  | { kind: 'more-rounds'; rounds: number }
  | { kind: 'too-noisy'; sdPercent: number; sdUpperPercent?: number }
  /**
   * The cap is the limit (§4): a verdict is likely at `rounds` runs per side in all, more than this run may
   * reach (`cap`: twice the rounds run appended, or the time budget's rounds).
   */
  | { kind: 'beyond-cap'; rounds: number; cap: number }
  /**
   * The estimate sits so near ±δ that no affordable number of rounds makes a verdict likely (§4); `cap`: the
   * rounds per side this run may reach, which may still decide it (absent in results written before).
   */
  | { kind: 'too-close'; cap?: number }
  /** Ties or zero differences, not the rounds, keep a verdict out of reach: timings too coarse to rank (§4). */
  | { kind: 'too-coarse' }
  | null

/** Thresholds in one object, so new ones never change signatures (STYLE, habit 6). */
/** What is measured: timing rounds, instruction counts under valgrind (docs/statistics.md §9), or both. */
export type MeasureMode = 'time' | 'counts' | 'both'

/** Per-benchmark or whole-suite processes in each round (docs/statistics.md §13). */
export type Interleave = 'suite' | 'benchmark'
/**
 * The option: a design, or `auto` — what `run` and the Action measure by default (`benchmark`, the
 * design docs/VALIDATION.md "Pairs" chose) and, for `compare`, the design benchgate's sample file
 * names record. The analysis itself takes `auto` as samples without a design: unpaired. `duet` is
 * per-benchmark pairs whose base and head run at the same time, one per CPU (docs/pairs.md "Duet"):
 * only the schedule differs, the samples are pairs like `benchmark`'s.
 */
export type InterleaveChoice = Interleave | 'auto' | 'duet'

/**
 * The design `run` measures with, as the analysis sees it: `auto` is per-benchmark interleaving
 * (docs/VALIDATION.md "Pairs"), and so is `duet` (its pairs are analysed as pairs).
 */
export function runDesign(choice: InterleaveChoice): Interleave {
  return choice === 'auto' || choice === 'duet' ? 'benchmark' : choice
}

export interface AnalysisOptions {
  /** Significance level α of the gate (family-wise over the suite), in (0, 1). */
  alpha: number
  /** Minimum relative effect δ that matters (0.02 = 2%), > 0. */
  minEffect: number
  /** Power β the sample-size figures aim at, in (0, 1). */
  power: number
  /** Suite-wide error control (docs/statistics.md §6); every interval is computed at the level it implies. */
  correction: Correction
  /** `auto`: one value per run (§3); `repetitions`: pooled, exploratory, not trusted by the gate. */
  level: LevelChoice
  /** Which time Google Benchmark measured to analyse. */
  metric: MetricChoice
  /**
   * The design that made the samples (docs/statistics.md §13): `suite` runs the whole suite per process, and
   * is analysed unpaired (rank-sum); `benchmark` runs each benchmark's base and head back to back as
   * their own processes, so each round's pair is adjacent in time by construction and is analysed
   * paired (signed-rank on the per-round log-ratios). The design decides, never the data.
   */
  interleave: InterleaveChoice
  /** Rounds the time budget allows in total, when known: advice never asks for more (§4). */
  maxRounds?: number
  /**
   * Adaptive rounds only (docs/adaptive.md): the family-wise level of this look, in (0, alpha];
   * default alpha. It is divided over the suite by the correction like alpha.
   */
  testAlpha?: number
  /**
   * Adaptive rounds only: this many more hypotheses, with p = 1, join the multiple-comparison
   * family (the benchmarks resolved at earlier looks); default 0.
   */
  familyPadding?: number
}

/** Defaults of docs/statistics.md §7: α = 0.01, δ = 2%, β = 0.95, Bonferroni, one value per run, metric auto. */
export const DEFAULT_ANALYSIS_OPTIONS: AnalysisOptions = Object.freeze({
  alpha: 0.01,
  minEffect: 0.02,
  power: 0.95,
  correction: 'bonferroni',
  level: 'auto',
  metric: 'auto',
  interleave: 'auto'
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

/** Per-side description and noise diagnostics (docs/statistics.md §3, §5). */
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
  /** Conservative sd σ̂ of the ln values the test used: χ² upper bound, pooled over sides (§4). */
  sdLog: number
  /** The pooled sd itself (the estimate σ̂ bounds): what "σ ≈" says (§4). */
  sdLogEstimate?: number
  /** The level the power figures use: the level of this benchmark's interval (α/K by default). */
  alpha: number
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
  /** The code of why an `inconclusive` verdict is inconclusive; null for every other verdict. */
  inconclusiveReason: InconclusiveReason | null
  /** What would decide an inconclusive benchmark; null otherwise. */
  advice: Advice
  /** The time analysed for this benchmark (`auto` resolved per benchmark); null when the caller gave bare values. */
  metric: Metric | null
  level: AnalysisLevel
  levelReason: LevelReason
  /** Base and head medians of the raw samples (repetitions), ns. */
  baseMedian: number | null
  headMedian: number | null
  /** Medians of the values the test used (run medians at the run level), ns: Base → Head agrees with the ratio. */
  baseLocation: number | null
  headLocation: number | null
  /** The values the test used, per side in time order (run medians at the run level), ns; for plots. */
  series: { base: number[]; head: number[] } | null
  base: SideAnalysis | null
  head: SideAnalysis | null
  /**
   * Two-sided Mann-Whitney p-value, and after the suite-wide correction (Bonferroni min(1, K·p),
   * Holm-adjusted, or raw for `none`).
   */
  pValue: number | null
  pAdjusted: number | null
  /**
   * The test's statistic, named by `test`: R's W for head under rank-sum (Mann-Whitney U), R's V under
   * signed-rank (the sum of the ranks of the positive log-ratios, zeros ranked and left out: Pratt).
   */
  statistic: number | null
  testMethod: 'exact' | 'normal' | null
  /**
   * The test in force (§13): rank-sum for whole-suite rounds, signed-rank for the pairs of
   * per-benchmark interleaving; absent when no test ran.
   */
  test?: 'rank-sum' | 'signed-rank'
  /** Signed-rank only: rounds paired, and rounds with a run on one side only (dropped). */
  pairs?: { used: number; incomplete: number }
  /** What the test ranked had ties (equal values, or zero or equal log-ratios of pairs); absent when no test ran. */
  ties?: boolean
  /** Confidence level of the intervals actually used (1 − α/K for Bonferroni, the Holm step's level, or 1 − α). */
  confLevel: number
  /** Set when confLevel was beyond reach and the interval fell back to [min, max]: its true level. */
  rangeLevel?: number
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
  /** Count mode (`--measure counts|both`): the instruction and cycle counts and their verdict (§9). */
  counts?: CountComparison
  /**
   * `--measure both`: the timing verdict is a regression or improvement while the counts did not
   * change by δ_count: "timing only: code layout, memory or environment?" (§9).
   */
  timingOnly?: boolean
  /**
   * `--measure both` under randomised layouts: the timing change survived layout with flat counts,
   * so it stands and fails as such: "not explained by instructions" (§10, §12).
   */
  notExplainedByCounts?: boolean
  /** `--measure both`, when the counts changed the verdict (§10): what timing alone said. */
  timingVerdict?: Verdict
  /** `--measure both`: time and instructions point different ways (the report shows both figures). */
  countsDisagree?: boolean
  /** Count mode: which functions the change comes from (docs/count-mode.md), for a benchmark whose counts or time changed. */
  attribution?: ChangeAttribution
}

/** Per-iteration figures of a function or a whole benchmark's loop, from callgrind's events. */
export interface CostFigures {
  /** Instructions executed (Ir). */
  instructions: number
  /** Estimated cycles (docs/count-mode.md); null without cache simulation. */
  cycles: number | null
  /** L1 data cache misses, reads and writes (D1mr + D1mw); null without cache simulation. */
  d1misses: number | null
  /** Last-level misses, instruction and data (ILmr + DLmr + DLmw); null without cache simulation. */
  llmisses: number | null
  /** Mispredicted conditional and indirect branches (Bcm + Bim); null without branch simulation. */
  mispredicts: number | null
}

/** One function's costs on both sides of a benchmark's counted loop. */
export interface FunctionChange {
  /** Demangled name as callgrind wrote it. */
  name: string
  /** Source file when the binary has debug info (a tiebreak between functions of one name), else null. */
  file: string | null
  /** `added`: only at head; `removed`: only at base (a renamed function is both). */
  status: 'matched' | 'added' | 'removed'
  self: { base: CostFigures | null; head: CostFigures | null }
  inclusive: { base: CostFigures | null; head: CostFigures | null }
  /** Δself of the attribution's metric as a share of the benchmark's base total (0.079 = +7.9 points of the change). */
  share: number
}

/**
 * Where a benchmark's change comes from (docs/count-mode.md): the functions of its counted loop by |Δself|,
 * base against head, matched by demangled name (file as tiebreak).
 */
export interface ChangeAttribution {
  /** The figure the functions are ranked and shared by. */
  metric: 'instructions' | 'cycles'
  /**
   * `counts`: the counts moved (no timing change to explain); `instructions`: time moved with the
   * instructions; `simulated-events`: time moved, the instructions did not (or the other way), the
   * estimated cycles (cache misses, mispredictions) did; `none`: neither explains the time change.
   */
  explains: 'counts' | 'instructions' | 'simulated-events' | 'none'
  /** The whole counted loop per iteration (the sum of every function's self cost). */
  total: { base: CostFigures; head: CostFigures }
  /** The functions whose figures changed, largest |Δself| of `metric` first, at most MAX_ATTRIBUTED_FUNCTIONS. */
  functions: FunctionChange[]
  /** Changed functions left out of `functions`, and their summed Δself of `metric`. */
  omitted: { functions: number; self: number }
  /** The loop's call tree, both sides (callTree.ts), for the report's icicle; absent without call edges. */
  tree?: CallTree
}

/** One call path of a benchmark's loop: its inclusive cost of `metric` per iteration on each side. */
export interface CallTreeNode {
  /** The function's demangled name. */
  name: string
  /** Its parent's index in `CallTree.nodes` (always a smaller one); null for the root. */
  parent: number | null
  base: number
  head: number
}

/** A differential call tree, breadth first (analysis/callTree.ts states its approximations). */
export interface CallTree {
  nodes: CallTreeNode[]
  /** Calls left out: under `minShare` of the loop, or beyond the node cap. */
  dropped: number
  /** The smallest share of the loop a node has (0.005 = 0.5%). */
  minShare: number
}

/** What count mode adds to a suite: how the counts were taken and their verdicts (§9). */
export interface CountMode {
  /** `counts`: the verdicts are the counts'; `both`: timing verdicts, counts beside them. */
  measure: 'counts' | 'both'
  options: CountOptions
  method: CountMethod
  /** Benchmarks by count verdict. */
  counts: Record<Verdict, number>
}

/** The geometric mean of head/base over the benchmarks measured in every round (docs/statistics.md §10). */
export interface SuiteSummary {
  /** Geometric-mean ratio head/base (1.01 = the suite 1% slower). */
  estimate: number
  /** Its 1 − α interval (studentized round-level bootstrap). */
  ci: [number, number]
  confLevel: number
  /** Benchmarks and rounds it is taken over. */
  benchmarks: number
  rounds: number
}

export interface SuiteResult {
  options: AnalysisOptions
  /** K: benchmarks in the multiple-comparison family (tested on both sides, plus adaptive padding). */
  familySize: number
  comparisons: Comparison[]
  counts: Record<Verdict, number>
  /** Warnings about the whole measurement (provenance mismatch, frequency scaling, ...). */
  warnings: Warning[]
  provenance: { base: Provenance; head: Provenance }
  /** Present when counts were measured (`--measure counts|both`). */
  countMode?: CountMode
  /** The suite's geometric-mean change; null when fewer than 2 benchmarks or 5 rounds qualify. */
  summary?: SuiteSummary | null
}

export interface CountOptions {
  /** The count the verdict is read from. */
  metric: CountMetric
  /** δ_count: the smallest relative count change that is a regression or improvement (0.01 = 1%). */
  threshold: number
  /**
   * The timing rounds ran under randomised layouts (--randomize-layout, docs/statistics.md §12): with
   * independent draws a timing change with flat counts survived layout and is a plain
   * regression/improvement (§10).
   */
  layoutRandomized?: boolean
  /**
   * --layout-draws: only `independent` draws make base and head exchangeable under a pure layout
   * change (docs/layout.md), so only they upgrade a timing-only change; absent: not known independent.
   */
  layoutDraws?: 'shared' | 'independent'
}

/** Why a count comparison is inconclusive or failed (the report words it). */
export type CountReason =
  | 'not-deterministic' // the base side's two passes disagree by more than δ_count/4
  | 'unchecked' // the base side's second pass gave no count: determinism could not be checked
  | 'multi-threaded' // threads > 1: valgrind serialises threads
  | 'not-countable' // the iteration count was not fixed, or the binary's reporter is not Google Benchmark's
  | 'failed' // crashed or errored in a pass

/** One count metric on both sides. */
export interface CountFigure {
  /** Per iteration, base (first pass) and head. */
  base: number | null
  head: number | null
  /** head/base − 1; null when a side is missing or the base is 0. */
  change: number | null
  /** |base pass 2 / base pass 1 − 1|: the noise floor; null without a second base pass. */
  noise: number | null
}

/**
 * Every callgrind event per iteration (Ir, Dr, Dw, I1mr, …, Bc, Bcm, Bi, Bim) of each pass: the
 * values "moved" and the layout's fingerprint are derived from (docs/count-mode.md).
 */
export interface CountEvents {
  base: Record<string, number> | null
  head: Record<string, number> | null
  /** The base's second pass (the noise floor); null without it. */
  base2: Record<string, number> | null
}

/** What count mode says about one benchmark. */
export interface CountComparison {
  metric: CountMetric
  verdict: Verdict
  reason: CountReason | null
  /** The first problem's message when a side gave no count (or the determinism check failed). */
  message: string | null
  instructions: CountFigure
  cycles: CountFigure
  /** Iterations counted per pass (head's). */
  iterations: number | null
  /** Every event per iteration, each pass; absent in files written before they were kept. */
  events?: CountEvents
  /**
   * The layout's fingerprint (docs/count-mode.md, "Moved"): the instruction-cache and
   * branch-prediction events that moved the estimated cycles by δ_count while no event independent
   * of addresses moved. Absent when none did.
   */
  layout?: string[]
}
