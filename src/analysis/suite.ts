/**
 * A whole suite: one Comparison per benchmark, the suite-wide multiple-comparison adjustment
 * (docs/statistics.md §6), verdict counts, and warnings about the measurement as a whole.
 */
import { suiteSummary } from './suiteSummary.js'
import { StatsInputError } from '../stats/errors.js'
import { medianOfSorted, sortedCopy } from '../stats/summary.js'
import { FILE_ISSUE } from '../samples/common.js'
import type { Provenance, SampleIssue, Side } from '../samples/model.js'
import { SampleStore, type BenchmarkSamples, type SampleList, type SampleSeries } from '../samples/store.js'
import { sidesCutShort } from '../samples/truncation.js'
import { finishComparison, prepareComparison, type PreparedComparison } from './comparison.js'
import { withSuiteAdvice } from './power.js'
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
import { tallyVerdicts } from './verdict.js'

export interface SuiteInput {
  /** Both sides' samples: an array, or a store (files read at scale, see SampleStore). */
  samples: SampleList
  issues?: readonly SampleIssue[]
  provenance?: { base?: Provenance; head?: Provenance }
  /** Benchmarks known to exist on head without samples (e.g. listed by a binary whose base failed to build). */
  headOnly?: readonly string[]
  /**
   * The benchmarks each side's binary listed (`--benchmark_list_tests`), when the run recorded
   * them. A side cut short then lost exactly the listed benchmarks it has no sample of (even those
   * missing on both sides); without a list, every benchmark missing on it may have been lost.
   */
  listed?: Partial<Record<Side, readonly string[]>>
}

/** The cut-short issue of `side` when `name` may have been lost there, else undefined. */
type LostOn = (name: string, side: Side) => SampleIssue | undefined

function lostOnSides(cutShort: Partial<Record<Side, SampleIssue>>, listed: SuiteInput['listed']): LostOn {
  const sets = {
    base: listed?.base && new Set(listed.base),
    head: listed?.head && new Set(listed.head)
  }
  return (name, side) => {
    const set = sets[side]
    return set === undefined || set.has(name) ? cutShort[side] : undefined
  }
}

/**
 * Analyses every benchmark that appears on either side.
 * Benchmarks on one side only are `new`/`removed`; a benchmark whose samples cannot be compared
 * (too few, errors only, invalid values) is `failed` with the reason as a warning — never dropped.
 */
export function analyzeSuite(input: SuiteInput, options: Partial<AnalysisOptions> = {}): SuiteResult {
  const opts = { ...DEFAULT_ANALYSIS_OPTIONS, ...options }
  const issues = input.issues ?? []
  const store = SampleStore.of(input.samples)
  const metrics = new Map<string, Metric>()
  for (const entry of store.entries())
    metrics.set(
      entry.benchmark,
      resolveMetric(opts.metric, entry.benchmark, entry.firstThreads, entry.wallClockOnly)
    )
  const names = new Set<string>([
    ...(input.headOnly ?? []),
    ...store.benchmarks(),
    ...issues.filter((i) => !isFileIssue(i)).map((i) => i.benchmark)
  ])
  const cutShort = sidesCutShort(store, issues)
  // What a cut-short side's binary listed is expected there, even when no side measured it.
  for (const side of ['base', 'head'] as const)
    if (cutShort[side]) for (const name of input.listed?.[side] ?? []) names.add(name)
  const lostOn = lostOnSides(cutShort, input.listed)
  const byBenchmark = issuesByBenchmark(issues)

  // First every test (p-values), then each interval at the level its place in the family gives (§6).
  // Two passes over the compact store, one benchmark at a time: the second repeats the test (it is
  // deterministic and cheap) rather than keep every benchmark's runs until the family is known.
  const sorted = [...names].sort()
  const prepare = (name: string) =>
    prepareOne(
      name,
      observationsOf(store.get(name), metrics.get(name)),
      byBenchmark.get(name) ?? [],
      opts,
      lostOn
    )
  const untested = new Map<string, Comparison>()
  const pValues: number[] = []
  for (const name of sorted) {
    const slot = prepare(name)
    if (isComparison(slot)) untested.set(name, slot)
    else pValues.push(slot.test.pValue)
  }
  const padding = Math.max(0, Math.floor(opts.familyPadding ?? 0))
  const family = familyLevels(pValues, padding, opts.testAlpha ?? opts.alpha, opts.correction)
  let tested = 0
  const comparisons = sorted.map((name) => {
    const done = untested.get(name)
    if (done) return { ...done, metric: metrics.get(name) ?? done.metric }
    const i = tested++
    const c = finishComparison(prepare(name) as PreparedComparison, family.alphas[i], family.size)
    if (c.pValue !== null) c.pAdjusted = family.pAdjusted[i] // none below R_MIN processes (§3)
    c.metric = metrics.get(name) ?? c.metric
    const own = byBenchmark.get(name) ?? []
    c.issues = [...c.issues, ...own]
    c.warnings.push(...own.map(issueWarning))
    return c
  })

  withSuiteAdvice(comparisons, opts)
  const counts = tallyVerdicts(comparisons.map((c) => c.verdict))

  const provenance = { base: input.provenance?.base ?? {}, head: input.provenance?.head ?? {} }
  const generalIssues = issues.filter(isFileIssue)
  const warnings = [
    ...provenanceWarnings(provenance),
    ...contentionWarnings(store, opts.metric),
    ...generalIssues.map(issueWarning)
  ]
  const summary = suiteSummary(comparisons, opts.alpha)
  return { options: opts, familySize: family.size, comparisons, counts, warnings, provenance, summary }
}

function isComparison(x: Comparison | PreparedComparison): x is Comparison {
  return 'verdict' in x
}

/** A prepared comparison when both sides can be tested, else the finished new/removed/failed/too-small one. */
/** An issue about a whole file or process ('' from the runner, '*' from the sample parsers). */
const isFileIssue = (i: SampleIssue): boolean => i.benchmark === '' || i.benchmark === FILE_ISSUE

/** Issues by benchmark name (one pass: a suite of 10,000 benchmarks must not scan every issue per benchmark). */
function issuesByBenchmark(issues: readonly SampleIssue[]): Map<string, SampleIssue[]> {
  const out = new Map<string, SampleIssue[]>()
  for (const i of issues) {
    const list = out.get(i.benchmark)
    if (list) list.push(i)
    else out.set(i.benchmark, [i])
  }
  return out
}

/**
 * @param obs the benchmark's observations; null when it has no sample at all
 * @param own the issues of this benchmark
 */
function prepareOne(
  name: string,
  obs: Record<Side, Observation[]> | null,
  own: SampleIssue[],
  opts: AnalysisOptions,
  lostOn: LostOn
): Comparison | PreparedComparison {
  if (obs === null && own.length === 0) {
    // Listed but measured on neither side: lost where a side was cut short, else new (head-only list).
    const lost = (['base', 'head'] as const).flatMap((side) => {
      const cut = lostOn(name, side)
      return cut ? [lostWarning(side, cut)] : []
    })
    return emptyComparison(name, lost.length ? 'failed' : 'new', { base: [], head: [] }, [], opts, lost)
  }
  obs = withoutInvalidRuns(obs ?? { base: [], head: [] }, own)
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
  const skip = hasBase || hasHead ? null : skippedOnThisMachine(own)
  if (skip !== null)
    return emptyComparison(name, 'skipped', obs, own, opts, [
      { level: 'info', code: 'skipped', message: `skipped on this machine: ${skip}` }
    ])
  // A side that only produced errors failed; a side with nothing at all is new/removed, unless
  // that side's output was cut short: then the benchmark may have been lost, not added/removed.
  const issueSides = new Set(own.map((i) => i.side))
  const missing: Side = hasHead ? 'base' : 'head'
  const lost = lostOn(name, missing)
  const failed =
    (!hasBase && issueSides.has('base')) || (!hasHead && issueSides.has('head')) || lost !== undefined
  const verdict: Verdict = failed ? 'failed' : hasHead ? 'new' : 'removed'
  const warnings = own.map(issueWarning)
  if (lost) warnings.unshift(lostWarning(missing, lost))
  return emptyComparison(name, verdict, obs, own, opts, warnings)
}

/**
 * A run one of whose repetitions had an invalid time (zero, negative, not finite: the parser's
 * 'invalid' issue) is left out whole (docs/statistics.md §3, §7): its median would rest on the rest.
 */
function withoutInvalidRuns(
  obs: Record<Side, Observation[]>,
  own: readonly SampleIssue[]
): Record<Side, Observation[]> {
  const bad = own.filter((i) => i.kind === 'invalid' && i.run >= 0)
  if (bad.length === 0) return obs
  const out = (side: Side) => {
    const runs = new Set(bad.filter((i) => i.side === side).map((i) => i.run))
    return runs.size ? obs[side].filter((o) => !runs.has(o.run)) : obs[side]
  }
  return { base: out('base'), head: out('head') }
}

/**
 * The benchmark's own reason when it cannot run here (docs/statistics.md §10), else null: every issue is a
 * SkipWithMessage, or every issue is the same SkipWithError message, and both sides said so (e.g.
 * "CPU does not support avx512"). An error at head only, or differing messages, is a failure.
 */
export function skippedOnThisMachine(own: readonly SampleIssue[]): string | null {
  if (own.length === 0 || !own.every((i) => i.kind === 'skipped' || i.kind === 'error')) return null
  if (!(['base', 'head'] as const).every((side) => own.some((i) => i.side === side))) return null
  if (own.every((i) => i.kind === 'skipped')) return own[0]!.detail ?? '(no message)'
  const words = new Set(own.map((i) => (i.kind === 'error' ? i.detail : undefined)))
  return words.size === 1 && !words.has(undefined) ? own[0]!.detail! : null
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
export function contentionWarnings(samples: SampleList, metric: AnalysisOptions['metric']): Warning[] {
  if (metric !== 'real_time') return []
  const store = SampleStore.of(samples)
  const warnings: Warning[] = []
  for (const side of ['base', 'head'] as const) {
    const ratios = realToCpuRatios(store, side)
    if (ratios.length === 0) continue
    const m = medianOfSorted(ratios)
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

/** real/cpu time of every single-threaded sample of one side with a positive CPU time, ascending. */
function realToCpuRatios(store: SampleStore, side: Side): Float64Array {
  let n = 0
  for (const entry of store.entries()) n += entry[side]?.length ?? 0
  const ratios = new Float64Array(n)
  let at = 0
  for (const entry of store.entries()) {
    const series = entry[side]
    if (!series) continue
    for (let k = 0; k < series.length; k++)
      if (series.threads(k) <= 1 && series.cpuTimeNs(k) > 0)
        ratios[at++] = series.realTimeNs(k) / series.cpuTimeNs(k)
  }
  return ratios.subarray(0, at).sort()
}

/** The fields of a comparison that ran no rank test (one side empty, too few samples, or counts only). */
export const NOT_TESTED = {
  series: null,
  base: null,
  head: null,
  pValue: null,
  pAdjusted: null,
  statistic: null,
  testMethod: null,
  shift: null,
  ratio: null,
  power: null
} as const satisfies Partial<Comparison>

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
    ...NOT_TESTED,
    confLevel: 1 - (opts.testAlpha ?? opts.alpha),
    warnings,
    issues
  }
}

function medianOf(obs: Observation[]): number | null {
  return obs.length === 0 ? null : medianOfSorted(sortedCopy(obs.map((o) => o.value)))
}

/**
 * The time analysed for one benchmark under `auto` (docs/statistics.md §7): real time when the benchmark
 * measures it on purpose (`/real_time`, `/manual_time`) or runs several threads (CPU time then sums
 * the threads' time), else CPU time, which waiting for a core does not inflate. A harness that measures
 * wall-clock time only (Catch2, nanobench: `wallClockOnly`) has no CPU time to analyse, whatever is asked
 * (`run` refuses `--metric cpu_time` for them, harness/types.ts).
 */
export function resolveMetric(
  choice: AnalysisOptions['metric'],
  benchmark: string,
  threads: number,
  wallClockOnly = false
): Metric {
  if (wallClockOnly) return 'real_time'
  if (choice !== 'auto') return choice
  return /\/(real|manual)_time$/.test(benchmark) || threads > 1 ? 'real_time' : 'cpu_time'
}

/**
 * One benchmark's observations per side in time order (round, run, repetition), valued by the
 * benchmark's metric; null for a benchmark without samples.
 */
function observationsOf(
  entry: BenchmarkSamples | undefined,
  metric: Metric | undefined
): Record<Side, Observation[]> | null {
  if (!entry) return null
  const side = (series: SampleSeries | null): Observation[] => {
    if (!series) return []
    const out: Observation[] = []
    for (const k of series.timeOrder()) {
      const value = metric === 'cpu_time' ? series.cpuTimeNs(k) : series.realTimeNs(k)
      out.push(new StoredObservation(value, series.round(k), series.run(k), series.repetition(k)))
    }
    return out
  }
  return { base: side(entry.base), head: side(entry.head) }
}

/**
 * An observation made by a constructor, not an object literal. V8 pretenures a literal's allocation
 * site when one young-generation collection happens to find most of its objects alive; every later
 * observation (1.2 million short-lived objects a pass at 10,000 benchmarks) then went straight to
 * the old generation, and the scale suite's peak was 45 MB higher in 5 of 8 runs (0 of 14 since).
 * A class instance has no allocation site.
 */
class StoredObservation implements Observation {
  constructor(
    public value: number,
    public round: number,
    public run: number,
    public repetition: number
  ) {}
}

function issueWarning(i: SampleIssue): Warning {
  const where = i.round >= 0 ? ` (round ${i.round + 1})` : ''
  const level = i.kind === 'error' || i.kind === 'crashed' ? 'error' : 'warning'
  return { level, code: i.kind, side: i.side, message: `${i.side}${where}: ${i.kind}: ${i.message}` }
}

/** Fields that must match for base and head to differ "in nothing but code" (docs/architecture.md). */
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

function provenanceWarnings(sides: { base: Provenance; head: Provenance }): Warning[] {
  const warnings: Warning[] = []
  for (const [key, label] of MUST_MATCH) {
    const a = sides.base[key]
    const b = sides.head[key]
    if (a !== undefined && b !== undefined && JSON.stringify(a) !== JSON.stringify(b)) {
      warnings.push({
        level: 'warning',
        code: 'provenance',
        message: `base and head differ in more than code: ${label} ${JSON.stringify(a)} vs ${JSON.stringify(b)}`
      })
    }
  }
  if (sides.base.cpuScalingEnabled || sides.head.cpuScalingEnabled) {
    warnings.push({
      level: 'info',
      code: 'cpu-scaling',
      message: "the runner's CPU frequency scaling is enabled: expect more noise (see docs/self-hosted.md)"
    })
  }
  if (sides.base.libraryBuildType === 'debug' || sides.head.libraryBuildType === 'debug') {
    warnings.push({
      level: 'warning',
      code: 'debug-library',
      message: 'Google Benchmark library was built in debug mode'
    })
  }
  return warnings
}
