/**
 * A whole suite: one Comparison per benchmark, the suite-wide multiple-comparison adjustment
 * (STATISTICS §6), verdict counts, and warnings about the measurement as a whole.
 */
import { StatsInputError } from '../stats/errors.js'
import { FILE_ISSUE } from '../samples/common.js'
import type { Provenance, Sample, SampleIssue, Side } from '../samples/model.js'
import { sidesCutShort } from '../samples/truncation.js'
import { finishComparison, prepareComparison, type PreparedComparison } from './comparison.js'
import { familyLevels } from './family.js'
import {
  DEFAULT_ANALYSIS_OPTIONS,
  type AnalysisOptions,
  type Comparison,
  type Metric,
  type Observation,
  type SuiteResult,
  type Verdict,
  type Warning
} from './types.js'
import { ALL_VERDICTS } from './verdict.js'

export interface SuiteInput {
  samples: readonly Sample[]
  issues?: readonly SampleIssue[]
  provenance?: { base?: Provenance; head?: Provenance }
  /** Benchmarks known to exist on head without samples (e.g. listed by a binary whose base failed to build). */
  headOnly?: readonly string[]
}

/**
 * Analyses every benchmark that appears on either side.
 * Benchmarks on one side only are `new`/`removed`; a benchmark whose samples cannot be compared
 * (too few, errors only, invalid values) is `failed` with the reason as a warning — never dropped.
 */
export function analyzeSuite(input: SuiteInput, options: Partial<AnalysisOptions> = {}): SuiteResult {
  const opts = { ...DEFAULT_ANALYSIS_OPTIONS, ...options }
  const issues = input.issues ?? []
  const { observations, metrics } = groupObservations(input.samples, opts.metric)
  const names = new Set<string>([
    ...(input.headOnly ?? []),
    ...observations.keys(),
    ...issues.filter((i) => !isFileIssue(i)).map((i) => i.benchmark)
  ])
  const cutShort = sidesCutShort(input.samples, issues)

  // First every test (p-values), then each interval at the level its place in the family gives (§6).
  const slots = [...names].sort().map((name) => prepareOne(name, observations, issues, opts, cutShort))
  const prepared = slots.filter((s): s is PreparedComparison => !isComparison(s))
  const padding = Math.max(0, Math.floor(opts.familyPadding ?? 0))
  const family = familyLevels(
    prepared.map((p) => p.mw.pValue),
    padding,
    opts.testAlpha ?? opts.alpha,
    opts.correction
  )
  const index = new Map(prepared.map((p, i) => [p, i]))
  const comparisons = slots.map((s) => {
    if (isComparison(s)) return { ...s, metric: metrics.get(s.benchmark) ?? s.metric }
    const i = index.get(s) as number
    const c = finishComparison(s, family.alphas[i], family.size)
    c.pAdjusted = family.pAdjusted[i]
    c.metric = metrics.get(s.benchmark) ?? c.metric
    c.issues = [...c.issues, ...issues.filter((x) => x.benchmark === s.benchmark)]
    c.warnings.push(...issues.filter((x) => x.benchmark === s.benchmark).map(issueWarning))
    return c
  })

  const counts = Object.fromEntries(ALL_VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>
  for (const c of comparisons) counts[c.verdict]++

  const provenance = { base: input.provenance?.base ?? {}, head: input.provenance?.head ?? {} }
  const generalIssues = issues.filter(isFileIssue)
  const warnings = [
    ...provenanceWarnings(provenance),
    ...contentionWarnings(input.samples, opts.metric),
    ...generalIssues.map(issueWarning)
  ]
  return { options: opts, familySize: family.size, comparisons, counts, warnings, provenance }
}

function isComparison(x: Comparison | PreparedComparison): x is Comparison {
  return 'verdict' in x
}

/** A prepared comparison when both sides can be tested, else the finished new/removed/failed/too-small one. */
/** An issue about a whole file or process ('' from the runner, '*' from the sample parsers). */
const isFileIssue = (i: SampleIssue): boolean => i.benchmark === '' || i.benchmark === FILE_ISSUE

function prepareOne(
  name: string,
  observations: Map<string, Record<Side, Observation[]>>,
  issues: readonly SampleIssue[],
  opts: AnalysisOptions,
  cutShort: Partial<Record<Side, SampleIssue>> = {}
): Comparison | PreparedComparison {
  const obs = observations.get(name) ?? { base: [], head: [] }
  const own = issues.filter((i) => i.benchmark === name)
  if (!observations.has(name) && own.length === 0) return emptyComparison(name, 'new', obs, [], opts, [])
  const hasBase = obs.base.length > 0
  const hasHead = obs.head.length > 0
  if (hasBase && hasHead) {
    try {
      return prepareComparison(name, obs.base, obs.head, opts)
    } catch (e) {
      if (!(e instanceof StatsInputError)) throw e
      // Too few samples is a shortfall (measure more), not a failure; bad values are failures.
      const verdict: Verdict = e.id === 'too-small' ? 'inconclusive' : 'failed'
      const level = verdict === 'failed' ? 'error' : 'warning'
      return emptyComparison(name, verdict, obs, own, opts, [
        { level, code: e.id, message: e.message },
        ...own.map(issueWarning)
      ])
    }
  }
  // A side that only produced errors failed; a side with nothing at all is new/removed, unless
  // that side's output was cut short: then the benchmark may have been lost, not added/removed.
  const issueSides = new Set(own.map((i) => i.side))
  const missing: Side = hasHead ? 'base' : 'head'
  const lost = cutShort[missing]
  const failed =
    (!hasBase && issueSides.has('base')) || (!hasHead && issueSides.has('head')) || lost !== undefined
  const verdict: Verdict = failed ? 'failed' : hasHead ? 'new' : 'removed'
  const warnings = own.map(issueWarning)
  if (lost) warnings.unshift(lostWarning(missing, lost))
  return emptyComparison(name, verdict, obs, own, opts, warnings)
}

function lostWarning(side: Side, cut: SampleIssue): Warning {
  return {
    level: 'error',
    code: 'missing-output-truncated',
    side,
    message:
      `missing on ${side} (output truncated): every ${side} run ended early (${cut.kind}${cut.source ? ` in ${cut.source}` : ''}), ` +
      `so this benchmark may have been lost, not ${side === 'base' ? 'added' : 'removed'}. Fix the crash or timeout and re-run`
  }
}

/** Real time above CPU time by more than this (single-threaded) means the process waited for a CPU. */
export const CONTENTION_RATIO = 1.05

/**
 * A single-threaded benchmark's real time exceeds its CPU time only when the process waits (for a
 * core, or I/O). The validation study (docs/VALIDATION.md) found real time 1.3–3× CPU time on a
 * loaded 2-core VM, with confidence intervals of ±4–24% where CPU time gave ±1%.
 */
export function contentionWarnings(samples: readonly Sample[], metric: AnalysisOptions['metric']): Warning[] {
  if (metric !== 'real_time') return []
  const warnings: Warning[] = []
  for (const side of ['base', 'head'] as const) {
    const ratios = samples
      .filter((s) => s.side === side && s.threads <= 1 && s.cpuTimeNs > 0)
      .map((s) => s.realTimeNs / s.cpuTimeNs)
      .sort((a, b) => a - b)
    if (ratios.length === 0) continue
    const mid = ratios.length >> 1
    const m = ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2
    if (m > CONTENTION_RATIO) {
      warnings.push({
        level: 'warning',
        code: 'cpu-contention',
        side,
        message:
          `${side}: real time is ${((m - 1) * 100).toFixed(0)}% above CPU time (median over single-threaded samples): ` +
          'the benchmark processes waited for a CPU, which adds noise to real time. Measure on a quieter machine, ' +
          'pin with --cpu, or use --metric auto or cpu_time for single-threaded CPU-bound benchmarks (docs/self-hosted.md)'
      })
    }
  }
  return warnings
}

function emptyComparison(
  name: string,
  verdict: Verdict,
  obs: Record<Side, Observation[]>,
  issues: SampleIssue[],
  opts: AnalysisOptions,
  warnings: Warning[]
): Comparison {
  return {
    benchmark: name,
    verdict,
    inconclusiveReason: verdict === 'inconclusive' ? 'too-few-samples' : null,
    advice: null,
    metric: opts.metric === 'auto' ? null : opts.metric,
    level: 'repetitions',
    levelReason: opts.level === 'repetitions' ? 'forced-repetitions' : 'too-few-processes',
    baseMedian: medianOf(obs.base),
    headMedian: medianOf(obs.head),
    baseLocation: medianOf(obs.base),
    headLocation: medianOf(obs.head),
    series: null,
    base: null,
    head: null,
    pValue: null,
    pAdjusted: null,
    u: null,
    testMethod: null,
    confLevel: 1 - (opts.testAlpha ?? opts.alpha),
    shift: null,
    ratio: null,
    power: null,
    warnings,
    issues
  }
}

function medianOf(obs: Observation[]): number | null {
  if (obs.length === 0) return null
  const v = obs.map((o) => o.value).sort((a, b) => a - b)
  const h = v.length >> 1
  return v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2
}

/**
 * The time analysed for one benchmark under `auto` (STATISTICS §7): real time when the benchmark
 * measures it on purpose (`/real_time`, `/manual_time`) or runs several threads (CPU time then sums
 * the threads' time), else CPU time, which waiting for a core does not inflate.
 */
export function resolveMetric(choice: AnalysisOptions['metric'], benchmark: string, threads: number): Metric {
  if (choice !== 'auto') return choice
  return /\/(real|manual)_time$/.test(benchmark) || threads > 1 ? 'real_time' : 'cpu_time'
}

/**
 * Groups samples by benchmark and side, each side sorted in time order (round, run, repetition),
 * with the metric each benchmark uses (decided once per benchmark from its first sample's name and threads).
 */
export function groupObservations(
  samples: readonly Sample[],
  metric: AnalysisOptions['metric']
): { observations: Map<string, Record<Side, Observation[]>>; metrics: Map<string, Metric> } {
  const out = new Map<string, Record<Side, Observation[]>>()
  const metrics = new Map<string, Metric>()
  for (const s of samples) {
    let entry = out.get(s.benchmark)
    if (!entry) out.set(s.benchmark, (entry = { base: [], head: [] }))
    let m = metrics.get(s.benchmark)
    if (!m) metrics.set(s.benchmark, (m = resolveMetric(metric, s.benchmark, s.threads)))
    entry[s.side].push({
      value: m === 'cpu_time' ? s.cpuTimeNs : s.realTimeNs,
      round: s.round,
      run: s.run,
      repetition: s.repetition
    })
  }
  const order = (a: Observation, b: Observation) =>
    a.round - b.round || a.run - b.run || a.repetition - b.repetition
  for (const entry of out.values()) {
    entry.base.sort(order)
    entry.head.sort(order)
  }
  return { observations: out, metrics }
}

function issueWarning(i: SampleIssue): Warning {
  const where = i.round >= 0 ? ` (round ${i.round + 1})` : ''
  const level = i.kind === 'error' || i.kind === 'crashed' ? 'error' : 'warning'
  return { level, code: i.kind, side: i.side, message: `${i.side}${where}: ${i.kind}: ${i.message}` }
}

/** Fields that must match for base and head to differ "in nothing but code" (ARCHITECTURE.md). */
const MUST_MATCH: Array<[keyof Provenance, string]> = [
  ['compiler', 'compiler'],
  ['buildType', 'build type'],
  ['buildFlags', 'build flags'],
  ['libraryVersion', 'Google Benchmark version'],
  ['libraryBuildType', 'Google Benchmark build type'],
  ['cpuModel', 'CPU model'],
  ['numCpus', 'CPU count'],
  ['host', 'host']
]

function provenanceWarnings(p: { base: Provenance; head: Provenance }): Warning[] {
  const warnings: Warning[] = []
  for (const [key, label] of MUST_MATCH) {
    const a = p.base[key]
    const b = p.head[key]
    if (a !== undefined && b !== undefined && JSON.stringify(a) !== JSON.stringify(b)) {
      warnings.push({
        level: 'warning',
        code: 'provenance',
        message: `base and head differ in more than code: ${label} ${JSON.stringify(a)} vs ${JSON.stringify(b)}`
      })
    }
  }
  if (p.base.cpuScalingEnabled || p.head.cpuScalingEnabled) {
    warnings.push({
      level: 'info',
      code: 'cpu-scaling',
      message: "the runner's CPU frequency scaling is enabled: expect more noise (see docs/self-hosted.md)"
    })
  }
  if (p.base.libraryBuildType === 'debug' || p.head.libraryBuildType === 'debug') {
    warnings.push({
      level: 'warning',
      code: 'debug-library',
      message: 'Google Benchmark library was built in debug mode'
    })
  }
  return warnings
}
