/**
 * One benchmark's Comparison from two sets of observations (docs/statistics.md §1–§7).
 *
 * Two steps, so a suite can choose each benchmark's level (§6) from all p-values first:
 * `prepareComparison` drops invalid runs, chooses the unit (one median per run, §3) and runs the test;
 * `finishComparison` computes the intervals at the level given, reads the verdict off the interval
 * (§7), and adds diagnostics, power and advice (§4, §5). `compare` does both for a family of one.
 */
import { StatsInputError } from '../stats/errors.js'
import { type HodgesLehmannResult } from '../stats/hodgesLehmann.js'
import { normalQuantile } from '../stats/normal.js'
import { median } from '../stats/summary.js'
import type { SampleIssue, Side } from '../samples/model.js'
import {
  chooseLevel,
  dropInvalidRuns,
  groupByRun,
  R_MIN,
  type LevelChoice,
  type RunGroup
} from './unitOfAnalysis.js'
import { adviceFor, powerFigures, withSuiteAdvice } from './power.js'
import { analyseSide, iccOf } from './sideDiagnostics.js'
import {
  DEFAULT_ANALYSIS_OPTIONS,
  runDesign,
  type AnalysisOptions,
  type Comparison,
  type Observation,
  type Warning
} from './types.js'
import { levelUnreachable, timingVerdict } from './verdict.js'
import { pairByRound, runTest, testIntervals, type TestInput, type TestOutcome } from './rankTests.js'

/** Below this many values per side no test is attempted (MW needs variation to say anything). */
export const MIN_VALUES_PER_SIDE = 2

/** Level of the CI that gives adaptive looks their standard error of ln(ratio) (see logRatioSe). */
export const PROJECTION_CONF = 0.95

export { AUTOCORRELATION_P } from './sideDiagnostics.js'

/** A benchmark after the test, before its intervals (their level depends on the whole suite, §6). */
export interface PreparedComparison {
  benchmark: string
  opts: AnalysisOptions
  /**
   * Every kept value per side in time order (not the Observation objects: a suite keeps every
   * benchmark's prepared comparison until the family's levels are known).
   */
  raw: Record<Side, number[]>
  runs: Record<Side, RunGroup[]>
  choice: LevelChoice
  /** What the test runs on: the chosen values, and their pairs under per-benchmark interleaving (§13). */
  input: TestInput
  test: TestOutcome
  /** Runs left out for invalid values (§7). */
  issues: SampleIssue[]
}

/**
 * Compares head against base for one benchmark, as a family of one (interval at 1 − α, or at
 * 1 − testAlpha at an adaptive look).
 *
 * The test is the one `benchgate run` uses by default (docs/statistics.md §13): with `interleave` left at
 * `auto`, observations that carry pairs (each side's runs in distinct rounds, and rounds both sides ran)
 * are analysed paired, by the signed-rank test of the rounds' log-ratios; anything else by Mann-Whitney.
 * `interleave: 'suite'` forces Mann-Whitney (whole-suite rounds are not paired), `'benchmark'` (and `'duet'`) the pairs.
 * @param base base observations in time order (ns per iteration); a run with a value ≤ 0 or non-finite is dropped
 * @param head head observations in time order
 * @param options thresholds; missing fields take DEFAULT_ANALYSIS_OPTIONS
 * @throws StatsInputError `too-small` for a side with < 2 values; `not-positive` when dropping invalid runs leaves < 2 runs
 * Complexity: O((m + n) log(m + n)).
 */
export function compare(
  benchmark: string,
  base: readonly Observation[],
  head: readonly Observation[],
  options: Partial<AnalysisOptions> = {}
): Comparison {
  const asked = { ...DEFAULT_ANALYSIS_OPTIONS, ...options }
  const interleave =
    asked.interleave === 'auto'
      ? carryPairs(base, head)
        ? 'benchmark'
        : 'suite'
      : runDesign(asked.interleave)
  const opts = { ...asked, interleave }
  const c = finishComparison(prepareComparison(benchmark, base, head, opts), opts.testAlpha ?? opts.alpha, 1)
  withSuiteAdvice([c], opts) // a suite of one: its own σ, a flat prior
  return c
}

/**
 * Whether the observations carry pairs as `benchgate run`'s rounds do: on each side every run has its
 * own round number (≥ 0), and the two sides share at least two rounds.
 */
export function carryPairs(base: readonly Observation[], head: readonly Observation[]): boolean {
  const rounds = (os: readonly Observation[]): Set<number> | null => {
    const runs = groupByRun(os)
    const set = new Set(runs.map((g) => g.round))
    return set.size === runs.length && runs.every((g) => g.round >= 0) ? set : null
  }
  const b = rounds(base)
  const h = rounds(head)
  if (!b || !h) return false
  return [...b].filter((r) => h.has(r)).length >= 2
}

/**
 * Drops invalid runs, chooses the level (§3) and runs the test in force on the values it uses: the
 * signed-rank test of the rounds' pairs under per-benchmark interleaving, else Mann-Whitney (§13).
 */
export function prepareComparison(
  benchmark: string,
  base: readonly Observation[],
  head: readonly Observation[],
  opts: AnalysisOptions
): PreparedComparison {
  const cleaned = {
    base: dropInvalidRuns(benchmark, 'base', base),
    head: dropInvalidRuns(benchmark, 'head', head)
  }
  const observations = { base: cleaned.base.kept, head: cleaned.head.kept }
  const issues = [...cleaned.base.issues, ...cleaned.head.issues]
  const runs = { base: groupByRun(observations.base), head: groupByRun(observations.head) }
  for (const side of ['base', 'head'] as const) {
    const n = observations[side].length
    if (cleaned[side].issues.length > 0 && (runs[side].length < 2 || n < MIN_VALUES_PER_SIDE)) {
      throw new StatsInputError(
        'not-positive',
        side,
        `${benchmark}: ${side} has ${runs[side].length} run(s) left after leaving out ${cleaned[side].issues.length} with an invalid time (zero, negative or not finite); a comparison needs at least two`
      )
    }
    if (n < MIN_VALUES_PER_SIDE) {
      throw new StatsInputError(
        'too-small',
        side,
        `${benchmark}: ${side} has ${n} sample(s); a comparison needs at least ${MIN_VALUES_PER_SIDE} per side`
      )
    }
  }
  const pairs = opts.interleave === 'benchmark' ? pairByRound(runs) : null
  // Pairs are rounds both sides completed: fewer than R_MIN of them are too few processes (§3).
  const choice = chooseLevel(
    pairs
      ? { base: runs.base.slice(0, pairs.base.length), head: runs.head.slice(0, pairs.head.length) }
      : runs,
    observations,
    opts
  )
  if (choice.level === 'runs' && pairs) choice.values = { base: pairs.base, head: pairs.head }
  const input: TestInput = { values: choice.values, pairs: choice.level === 'runs' ? pairs : null }
  const raw = { base: observations.base.map((o) => o.value), head: observations.head.map((o) => o.value) }
  return { benchmark, opts, raw, runs, choice, input, test: runTest(input), issues }
}

/**
 * Intervals at level 1 − `alpha`, the verdict read off them, diagnostics, power and advice.
 * @param alpha this benchmark's share of the family-wise level (α/K, a Holm step's level, or α)
 * @param family K, for the Bonferroni-adjusted p shown (min(1, K·p)); Holm's is set by the suite
 */
export function finishComparison(prepared: PreparedComparison, alpha: number, family: number): Comparison {
  const { opts, choice, test } = prepared
  const values = choice.values
  const confLevel = 1 - alpha
  const warnings: Warning[] = levelWarnings(prepared)
  const { shift, ratio } = testIntervals(prepared.input, confLevel)
  for (const message of new Set([...test.warnings, ...ratio.warnings]))
    warnings.push({ level: 'info', code: 'test', message })

  const iccs = { base: iccOf(prepared.runs.base), head: iccOf(prepared.runs.head) }
  const sides = {
    base: analyseSide(
      'base',
      prepared.raw.base,
      prepared.runs.base,
      values.base,
      iccs.base,
      choice.level,
      opts,
      warnings
    ),
    head: analyseSide(
      'head',
      prepared.raw.head,
      prepared.runs.head,
      values.head,
      iccs.head,
      choice.level,
      opts,
      warnings
    )
  }
  // Below R_MIN processes per side (§3): no p, no power, no "could detect", no advice but the runs needed.
  const fewProcesses = choice.reason === 'too-few-processes'
  const power = fewProcesses
    ? null
    : powerFigures(values, sides, choice.level === 'runs', alpha, opts, warnings, prepared.input.pairs)

  const { verdict, reason: inconclusiveReason } = timingVerdict({
    levelReason: choice.reason,
    minP: test.minP,
    alpha,
    ratio,
    minEffect: opts.minEffect
  })
  if (levelUnreachable(test.minP, alpha, ratio)) warnings.push(unreachableWarning(test, values, alpha, ratio))
  const contradiction = prepared.input.pairs
    ? mediansVsPairs(median(values.base), median(values.head), ratio)
    : null
  if (contradiction) warnings.push(contradiction)
  const runsPerSide =
    prepared.input.pairs?.base.length ?? Math.min(prepared.runs.base.length, prepared.runs.head.length)
  const pAdjusted = opts.correction === 'bonferroni' ? Math.min(1, family * test.pValue) : test.pValue

  return {
    benchmark: prepared.benchmark,
    verdict,
    inconclusiveReason,
    // Run-level advice reads the whole suite: set by withSuiteAdvice once every interval is known.
    advice:
      fewProcesses || choice.reason === 'runs'
        ? null
        : adviceFor(inconclusiveReason, choice.reason, runsPerSide, power, opts, ratio),
    metric: opts.metric === 'auto' ? null : opts.metric,
    level: choice.level,
    levelReason: choice.reason,
    baseMedian: sides.base.summary.median,
    headMedian: sides.head.summary.median,
    baseLocation: median(values.base),
    headLocation: median(values.head),
    series: { base: values.base, head: values.head },
    base: sides.base,
    head: sides.head,
    pValue: fewProcesses ? null : test.pValue,
    pAdjusted: fewProcesses ? null : pAdjusted,
    statistic: test.statistic,
    testMethod: test.method,
    test: test.test,
    ...(test.pairs && { pairs: test.pairs }),
    ties: test.ties,
    confLevel,
    ...(ratio.fallbackLevel !== undefined && { rangeLevel: ratio.fallbackLevel }),
    shift: { estimate: shift.estimate, ci: shift.ci },
    ratio: { estimate: ratio.estimate, ci: ratio.ci },
    ...(opts.testAlpha !== undefined && { logRatioSe: projectionSe(prepared.input) }),
    power,
    warnings,
    issues: prepared.issues
  }
}

/**
 * Adaptive looks only: a standard error of ln(ratio) for projecting to more rounds (futility), from
 * the 95% CI. A look's own far-tail CI reaches into the outliers of the differences and overstates it.
 */
function projectionSe(input: TestInput): number {
  const ci = testIntervals(input, PROJECTION_CONF).ratio.ci
  return (Math.log(ci[1]) - Math.log(ci[0])) / (2 * normalQuantile((1 + PROJECTION_CONF) / 2))
}

function levelWarnings(p: PreparedComparison): Warning[] {
  const dropped: Warning[] = p.issues.map((i) => ({
    level: 'warning',
    code: 'invalid-run',
    side: i.side,
    message: `${i.side}: ${i.message}`
  }))
  const level = levelWarning(p)
  return level ? [...dropped, level] : dropped
}

/** Why the level chosen holds the verdict back (§3), if it does. */
function levelWarning(prepared: PreparedComparison): Warning | null {
  switch (prepared.choice.reason) {
    case 'too-few-processes':
      return {
        level: 'warning',
        code: 'too-few-processes',
        message:
          `too few processes (${Math.min(prepared.runs.base.length, prepared.runs.head.length)} per side; need ≥ ${R_MIN}): ` +
          'the interval is within one process and ignores process-to-process noise, so the verdict is at ' +
          'most inconclusive; run more rounds (e.g. `benchgate run`)'
      }
    case 'forced-repetitions':
      return {
        level: 'warning',
        code: 'forced-repetitions',
        message:
          'level: repetitions pools the repetitions of each process as if independent: exploratory only, the gate cannot trust this verdict'
      }
    default:
      return null
  }
}

function unreachableWarning(
  test: TestOutcome,
  values: Record<Side, number[]>,
  alpha: number,
  ratio: HodgesLehmannResult
): Warning {
  const range = ratio.fallbackLevel !== undefined && test.minP < alpha
  const sizes = test.pairs
    ? `${test.pairs.used} pairs`
    : `${values.head.length} and ${values.base.length} values`
  return {
    level: 'warning',
    code: 'level-unreachable',
    message: range
      ? `too few ${test.ties ? 'distinct ' : ''}values for the level: with ${sizes}${test.ties ? ' and these ties' : ''} the interval is the ` +
        `[min, max] of the ratios, at ${formatLevelPlain(ratio.fallbackLevel!)} rather than ${formatLevelPlain(1 - alpha)}, so nothing can be decided at the level used`
      : `too few values for the level: with ${sizes} no two-sided p-value can be below ` +
        `${test.minP.toPrecision(2)}, so nothing can be decided at the level used (${alpha.toPrecision(2)})`
  }
}

/**
 * Base and Head (each side's median) against the paired Change (docs/pairs.md "Zero differences"): said
 * when their ratio and the estimate differ in sign or by more than the interval's width, since the
 * table would otherwise print a change its own columns contradict.
 */
function mediansVsPairs(base: number, head: number, ratio: HodgesLehmannResult): Warning | null {
  const m = Math.log(head / base)
  const e = Math.log(ratio.estimate)
  const width = Math.log(ratio.ci[1]) - Math.log(ratio.ci[0])
  if (!(m * e < 0 || Math.abs(m - e) > width)) return null
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * Math.expm1(x)).toFixed(1)}%`
  return {
    level: 'warning',
    code: 'medians-vs-pairs',
    message:
      `Base and Head are each side's median (${pct(m)} apart); Change is the paired estimate (${pct(e)}, ` +
      'the median of the rounds’ head/base ratios, Walsh-averaged): the rounds differ in speed more than the sides do'
  }
}

/** 0.98807 -> "98.81%" (analysis words its own warnings; report/ formats the tables). */
function formatLevelPlain(level: number): string {
  return `${(100 * level).toFixed(2).replace(/\.?0+$/, '')}%`
}
