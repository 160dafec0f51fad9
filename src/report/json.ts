/**
 * The versioned results file (docs/results-format.md): the stable machine interface of
 * `benchgate run|compare --format json`, and the input of `benchgate report` and the Action's
 * comment mode (where it is untrusted: see validateResults).
 */
import type {
  Advice,
  ChangeAttribution,
  AnalysisOptions,
  Comparison,
  InconclusiveReason,
  LevelReason,
  Metric,
  SideAnalysis,
  StopReason,
  SuiteResult,
  SuiteSummary,
  Verdict,
  Warning
} from '../analysis/types.js'
import type { CountComparison } from '../analysis/counts.js'
import type { CountMethod } from '../samples/countModel.js'
import type { Provenance, SampleIssue } from '../samples/model.js'
import type { Report, RunInfo } from './model.js'

export const RESULTS_FORMAT = 'benchgate-results'
/**
 * 2 added the verdicts `skipped` and `timing-only` (and their counts), and `timing_verdict` /
 * `counts_disagree` per benchmark; nothing was renamed or removed. 3 renamed each benchmark's `u` to
 * `statistic` (it holds V under the signed-rank test, not a U; `test` names which) and added `ties`.
 */
export const RESULTS_VERSION = 3
/**
 * The versions this benchgate reads: a version 1 file is a version 2 file without `skipped`; a
 * version 1 or 2 file has `u` where version 3 has `statistic`.
 */
export const READABLE_RESULTS_VERSIONS: readonly number[] = [1, 2, 3]
/** The versions whose benchmarks carry the test's statistic as `u`. */
export const U_RESULTS_VERSIONS: readonly number[] = [1, 2]

export interface BenchmarkResultJson {
  name: string
  verdict: Verdict
  /** Why an inconclusive verdict is inconclusive (absent in files before docs/results-format.md). */
  inconclusive_reason?: InconclusiveReason | null
  advice?: Advice
  metric?: Metric | null
  level: 'repetitions' | 'runs'
  level_reason?: LevelReason
  /** Medians of the values the test used (run medians at the run level). */
  location?: { base: number | null; head: number | null }
  /** The values the test used, in time order. */
  series?: { base: number[]; head: number[] } | null
  samples: { base: number; head: number }
  runs: { base: number; head: number }
  median: { base: number | null; head: number | null }
  p_value: number | null
  p_adjusted: number | null
  /** The test's statistic (version 3): W under rank-sum (`test` absent or "rank-sum"), V under signed-rank. */
  statistic?: number | null
  /** Versions 1 and 2: the same statistic under its old name (read, never written). */
  u?: number | null
  /** What the test ranked had ties (version 3, optional). */
  ties?: boolean
  test_method: 'exact' | 'normal' | null
  /** The test in force (docs/statistics.md §13): rank-sum (whole-suite rounds) or signed-rank (pairs); version 2, optional. */
  test?: 'rank-sum' | 'signed-rank'
  /** Signed-rank only: rounds paired, and rounds with a run on one side only (dropped). */
  pairs?: { used: number; incomplete: number }
  conf_level: number
  /** The interval's true level when conf_level was beyond reach and it fell back to [min, max] (version 2). */
  range_level?: number
  shift: { estimate: number; ci: [number, number] } | null
  ratio: { estimate: number; ci: [number, number] } | null
  power: {
    sd_log: number
    alpha?: number
    n_eff: number
    required_per_side: number | null
    min_detectable_effect: number | null
    more_rounds: number | null
  } | null
  sides: { base: SideAnalysis | null; head: SideAnalysis | null }
  warnings: Warning[]
  issues: SampleIssue[]
  /** Adaptive runs only (optional, version 1 compatible): rounds received, why it stopped. */
  adaptive?: { rounds: number; look: number; test_alpha: number; stop_reason: StopReason }
  /** Count mode only: per-iteration instructions and estimated cycles, base/head/change/noise, verdict (§9). */
  counts?: CountComparison
  /** `--measure both`: a timing change whose counts did not change by δ_count. */
  timing_only?: boolean
  /** Count mode: the functions a count or time change comes from (docs/count-mode.md; optional within version 2). */
  attribution?: ChangeAttribution
  /** `--measure both`, when the counts changed the verdict (docs/statistics.md §10): timing's own verdict. */
  timing_verdict?: Verdict
  /** `--measure both`: time and instructions point different ways. */
  counts_disagree?: boolean
  not_explained_by_counts?: boolean
}

/** How the counts were taken and their verdicts (count mode only). */
export interface CountModeJson {
  measure: 'counts' | 'both'
  metric: CountComparison['metric']
  threshold: number
  method: {
    tool: 'callgrind'
    valgrind_version: string
    iteration_flags: string[]
    repetitions: number
    caches: string[]
    cycles_formula: string
    wall_seconds: number
  }
  counts: Record<Verdict, number>
}

export interface ResultsJson {
  format: typeof RESULTS_FORMAT
  version: number
  generated_at: string
  tool: { name: 'benchgate'; version: string }
  run: RunInfo
  options: AnalysisOptions
  /** K, the benchmarks in the multiple-comparison family (absent in files before docs/results-format.md). */
  family_size?: number
  /** The suite's geometric-mean change (docs/statistics.md §10); absent or null when none could be taken. */
  suite_summary?: SuiteSummary | null
  counts: Record<Verdict, number>
  warnings: Warning[]
  provenance: { base: Provenance; head: Provenance }
  benchmarks: BenchmarkResultJson[]
  /** Count mode only (`--measure counts|both`). */
  count_mode?: CountModeJson
}

/** Converts a report to the results file's JSON shape (snake_case, versioned). */
export function toResultsJson(report: Report, toolVersion: string, now = new Date()): ResultsJson {
  const { suite, run } = report
  return {
    format: RESULTS_FORMAT,
    version: RESULTS_VERSION,
    generated_at: now.toISOString(),
    tool: { name: 'benchgate', version: toolVersion },
    run,
    options: suite.options,
    family_size: suite.familySize,
    suite_summary: suite.summary ?? null,
    counts: suite.counts,
    warnings: suite.warnings,
    provenance: suite.provenance,
    ...(suite.countMode && { count_mode: countModeJson(suite.countMode) }),
    // Last, so that resultsJsonParts can write the benchmarks one at a time after the rest.
    benchmarks: suite.comparisons.map(benchmarkJson)
  }
}

function countModeJson(m: NonNullable<SuiteResult['countMode']>): CountModeJson {
  const x = m.method
  return {
    measure: m.measure,
    metric: m.options.metric,
    threshold: m.options.threshold,
    method: {
      tool: x.tool,
      valgrind_version: x.valgrindVersion,
      iteration_flags: x.iterationFlags,
      repetitions: x.repetitions,
      caches: x.caches,
      cycles_formula: x.cyclesFormula,
      wall_seconds: x.wallSeconds
    },
    counts: m.counts
  }
}

function countModeFromJson(j: CountModeJson): NonNullable<SuiteResult['countMode']> {
  const x = j.method
  const method: CountMethod = {
    tool: x.tool,
    valgrindVersion: x.valgrind_version,
    iterationFlags: x.iteration_flags,
    repetitions: x.repetitions,
    caches: x.caches,
    cyclesFormula: x.cycles_formula,
    wallSeconds: x.wall_seconds
  }
  return {
    measure: j.measure,
    options: { metric: j.metric, threshold: j.threshold },
    method,
    counts: j.counts
  }
}

/**
 * `JSON.stringify(toResultsJson(report, toolVersion, now), null, 2)` as pieces, one per benchmark,
 * made as they are written: the results of 10,000 benchmarks are about 46 MB of JSON, which need
 * not be one string.
 */
export function* resultsJsonParts(
  report: Report,
  toolVersion: string,
  now = new Date()
): Generator<string, void, undefined> {
  const comparisons = report.suite.comparisons
  const empty = { ...report, suite: { ...report.suite, comparisons: [] } }
  const top = JSON.stringify(toResultsJson(empty, toolVersion, now), null, 2)
  if (comparisons.length === 0) return yield top
  const end = '[]\n}'
  if (!top.endsWith(end)) throw new Error('resultsJsonParts: "benchmarks" is not the last field')
  yield `${top.slice(0, -end.length)}[\n`
  // Each benchmark indented two levels deeper (a JSON string holds no raw line end to be hurt).
  for (const [i, c] of comparisons.entries())
    yield `${i === 0 ? '' : ',\n'}    ${JSON.stringify(benchmarkJson(c), null, 2).replace(/\n/g, '\n    ')}`
  yield '\n  ]\n}'
}

function benchmarkJson(comparison: Comparison): BenchmarkResultJson {
  return {
    name: comparison.benchmark,
    verdict: comparison.verdict,
    inconclusive_reason: comparison.inconclusiveReason,
    advice: comparison.advice,
    metric: comparison.metric,
    level: comparison.level,
    level_reason: comparison.levelReason,
    location: { base: comparison.baseLocation, head: comparison.headLocation },
    series: comparison.series,
    samples: { base: comparison.base?.samples ?? 0, head: comparison.head?.samples ?? 0 },
    runs: { base: comparison.base?.runs ?? 0, head: comparison.head?.runs ?? 0 },
    median: { base: comparison.baseMedian, head: comparison.headMedian },
    p_value: comparison.pValue,
    p_adjusted: comparison.pAdjusted,
    statistic: comparison.statistic,
    test_method: comparison.testMethod,
    ...(comparison.test !== undefined && { test: comparison.test }),
    ...(comparison.ties !== undefined && { ties: comparison.ties }),
    ...(comparison.pairs !== undefined && { pairs: comparison.pairs }),
    conf_level: comparison.confLevel,
    ...(comparison.rangeLevel !== undefined && { range_level: comparison.rangeLevel }),
    shift: comparison.shift,
    ratio: comparison.ratio,
    power: comparison.power && {
      sd_log: comparison.power.sdLog,
      alpha: comparison.power.alpha,
      n_eff: comparison.power.nEff,
      required_per_side: comparison.power.requiredPerSide,
      min_detectable_effect: comparison.power.minDetectableEffect,
      more_rounds: comparison.power.moreRounds
    },
    sides: { base: comparison.base, head: comparison.head },
    warnings: comparison.warnings,
    issues: comparison.issues,
    ...(comparison.adaptive && {
      adaptive: {
        rounds: comparison.adaptive.rounds,
        look: comparison.adaptive.look,
        test_alpha: comparison.adaptive.testAlpha,
        stop_reason: comparison.adaptive.stopReason
      }
    }),
    ...(comparison.counts && { counts: comparison.counts }),
    ...(comparison.timingOnly !== undefined && { timing_only: comparison.timingOnly }),
    ...(comparison.notExplainedByCounts !== undefined && {
      not_explained_by_counts: comparison.notExplainedByCounts
    }),
    ...(comparison.timingVerdict !== undefined && { timing_verdict: comparison.timingVerdict }),
    ...(comparison.countsDisagree !== undefined && { counts_disagree: comparison.countsDisagree }),
    ...(comparison.attribution && { attribution: comparison.attribution })
  }
}

/** Rebuilds a Report from a results file (for `benchgate report` and the Action's comment mode). */
export function fromResultsJson(json: ResultsJson): Report {
  const comparisons: Comparison[] = json.benchmarks.map((benchmarkResultJson) => ({
    benchmark: benchmarkResultJson.name,
    verdict: benchmarkResultJson.verdict,
    inconclusiveReason: benchmarkResultJson.inconclusive_reason ?? null,
    advice: benchmarkResultJson.advice ?? null,
    metric: benchmarkResultJson.metric ?? null,
    level: benchmarkResultJson.level,
    levelReason:
      benchmarkResultJson.level_reason ??
      (benchmarkResultJson.level === 'runs' ? 'runs' : 'too-few-processes'),
    baseMedian: benchmarkResultJson.median.base,
    headMedian: benchmarkResultJson.median.head,
    baseLocation: benchmarkResultJson.location?.base ?? benchmarkResultJson.median.base,
    headLocation: benchmarkResultJson.location?.head ?? benchmarkResultJson.median.head,
    series: benchmarkResultJson.series ?? null,
    base: benchmarkResultJson.sides.base,
    head: benchmarkResultJson.sides.head,
    pValue: benchmarkResultJson.p_value,
    pAdjusted: benchmarkResultJson.p_adjusted,
    statistic: benchmarkResultJson.statistic ?? benchmarkResultJson.u ?? null,
    testMethod: benchmarkResultJson.test_method,
    ...(benchmarkResultJson.test !== undefined && { test: benchmarkResultJson.test }),
    ...(benchmarkResultJson.ties !== undefined && { ties: benchmarkResultJson.ties }),
    ...(benchmarkResultJson.pairs !== undefined && { pairs: benchmarkResultJson.pairs }),
    confLevel: benchmarkResultJson.conf_level,
    ...(benchmarkResultJson.range_level !== undefined && { rangeLevel: benchmarkResultJson.range_level }),
    shift: benchmarkResultJson.shift,
    ratio: benchmarkResultJson.ratio,
    power: benchmarkResultJson.power && {
      sdLog: benchmarkResultJson.power.sd_log,
      alpha: benchmarkResultJson.power.alpha ?? 1 - benchmarkResultJson.conf_level,
      nEff: benchmarkResultJson.power.n_eff,
      requiredPerSide: benchmarkResultJson.power.required_per_side,
      minDetectableEffect: benchmarkResultJson.power.min_detectable_effect,
      moreRounds: benchmarkResultJson.power.more_rounds
    },
    warnings: benchmarkResultJson.warnings,
    issues: benchmarkResultJson.issues,
    ...(benchmarkResultJson.adaptive && {
      adaptive: {
        rounds: benchmarkResultJson.adaptive.rounds,
        look: benchmarkResultJson.adaptive.look,
        testAlpha: benchmarkResultJson.adaptive.test_alpha,
        stopReason: benchmarkResultJson.adaptive.stop_reason
      }
    }),
    ...(benchmarkResultJson.counts && { counts: benchmarkResultJson.counts }),
    ...(benchmarkResultJson.timing_only !== undefined && { timingOnly: benchmarkResultJson.timing_only }),
    ...(benchmarkResultJson.not_explained_by_counts !== undefined && {
      notExplainedByCounts: benchmarkResultJson.not_explained_by_counts
    }),
    ...(benchmarkResultJson.timing_verdict !== undefined && {
      timingVerdict: benchmarkResultJson.timing_verdict
    }),
    ...(benchmarkResultJson.counts_disagree !== undefined && {
      countsDisagree: benchmarkResultJson.counts_disagree
    }),
    ...(benchmarkResultJson.attribution && { attribution: benchmarkResultJson.attribution })
  }))
  const suite: SuiteResult = {
    options: json.options,
    familySize: json.family_size ?? comparisons.filter((c) => c.pValue !== null).length,
    comparisons,
    summary: json.suite_summary ?? null,
    counts: json.counts,
    warnings: json.warnings,
    provenance: json.provenance,
    ...(json.count_mode && { countMode: countModeFromJson(json.count_mode) })
  }
  return { suite, run: json.run }
}
