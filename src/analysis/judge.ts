/**
 * The one judge of a finished measurement (docs/security.md, "The trusted half believes no
 * artifact"): every verdict, the verdict counts, K, the suite summary and so the gate, derived again
 * from the values a results file carries (per-run timing values, per-iteration counts), with the
 * judging side's options. Comment and merge modes and `benchgate report`/`explain` call it on a
 * results file they did not compute; what the file claimed (a mode, a level, a verdict, a count) is
 * at most compared with what is derived, and a mismatch is a visible warning.
 *
 * It judges with the same rules the measuring analysis uses (timingVerdict, judgeCountFigures,
 * judgedTogether: docs/statistics.md §7, §9, §10); only the values come from the file.
 */
import { ConfigError } from '../errors.js'
import { judgedTogether } from './countSuite.js'
import {
  figure,
  judgeCountFigures,
  withLayout,
  type CountComparison,
  type CountFigure,
  type CountOptions
} from './counts.js'
import { familyLevels } from './family.js'
import { runTest, testIntervals, type TestInput, type TestOutcome } from './rankTests.js'
import { skippedOnThisMachine } from './suite.js'
import { suiteSummary } from './suiteSummary.js'
import {
  type AnalysisOptions,
  type Comparison,
  type Interleave,
  type LevelReason,
  type MeasureMode,
  type SuiteResult,
  type Verdict,
  type Warning
} from './types.js'
import { R_MIN } from './unitOfAnalysis.js'
import { estimatedCycles } from '../samples/callgrind.js'
import { VERSION } from '../version.js'
import { tallyVerdicts, timingVerdict } from './verdict.js'

/** The options that decide a verdict: the judging side's own, never the file's. */
export interface Judgement {
  alpha: number
  minEffect: number
  correction: AnalysisOptions['correction']
  metric: AnalysisOptions['metric']
  /** The design the measuring job ran (`run`'s `auto` is per-benchmark interleaving). */
  interleave: Interleave
  /** δ_count and the count metric (absent: the file's own, which can only judge counts the file holds). */
  count?: CountOptions
  /** What the judging side expects to have been measured; compared with what the values hold. */
  measure?: MeasureMode
}

/** What the file says about how it was measured that the values cannot show (its own `run` facts). */
export interface MeasurementFacts {
  /** The benchgate version that wrote the file: its claims are compared only when it is this one. */
  measuredWith: string
  /** Repetitions per process (`run.repetitions`), when the file records it. */
  repetitions?: number
}

/** Verdicts that only a test of values (timing series or counts) can give. */
const TESTED: readonly Verdict[] = [
  'regression',
  'improvement',
  'negligible',
  'unchanged',
  'inconclusive',
  'timing-only'
]

/**
 * Judges `suite` again, in place, from its values with `judgement`.
 * @throws ConfigError when a benchmark claims a tested verdict without the values it would be judged from
 */
export function judgeSuite(suite: SuiteResult, judgement: Judgement, facts: MeasurementFacts): void {
  const claimed = {
    counts: { ...suite.counts },
    verdicts: suite.comparisons.map((c) => c.verdict),
    options: optionsNotOurs(suite.options, judgement),
    measure: suite.countMode?.measure ?? 'time'
  }
  const warnings: Warning[] = []
  if (!suite.countMode && suite.comparisons.some((c) => c.counts)) {
    // Counts without the count pass's method and options cannot be read: they are not judged.
    for (const c of suite.comparisons) delete c.counts
    warnings.push(claimWarning('counts without count_mode: the counts were not judged'))
  }
  // The measuring analysis leaves out every run with a zero, negative or non-finite time (§7); a
  // time outside [1e-12, 1e18] ns is none a benchmark gives, and its ratios would overflow.
  for (const c of suite.comparisons)
    if (c.series && ![...c.series.base, ...c.series.head].every(measurableTime)) {
      c.series = null
      contradicted(
        c,
        'its per-run values hold a time no measurement gives (zero, negative, not finite, or outside 1e-12 to 1e18 ns)',
        facts,
        warnings
      )
    }
  const timed = suite.comparisons.filter(hasSeries)
  const counted = suite.countMode ? suite.comparisons.filter((c) => c.counts) : []
  if (counted.length === 0) delete suite.countMode // a mode claimed without its counts judges nothing
  // The values decide what can be judged: timing series, counts, or both (never the file's word).
  const measured: MeasureMode = counted.length ? (timed.length ? 'both' : 'counts') : 'time'

  for (const c of suite.comparisons) if (!hasSeries(c)) checkUntested(c, facts, warnings)
  judgeTiming(suite, timed, judgement, facts)
  if (suite.countMode) judgeCounts(suite, judgement.count ?? suite.countMode.options, measured)

  suite.options = { ...suite.options, ...judgedOptions(judgement) }
  suite.counts = tallyVerdicts(suite.comparisons.map((c) => c.verdict))
  // The suite summary again from the per-run values, at this α (seeded from the data: the same interval).
  suite.summary = timed.length ? suiteSummary(suite.comparisons, judgement.alpha) : null
  if (measured !== claimed.measure && !(measured === 'time' && timed.length === 0))
    warnings.push(
      claimWarning(
        `the file says it measured '${claimed.measure}', its values hold ${measuredWords(measured)}: judged from the values`
      )
    )
  const expected = judgement.measure
  if (expected && expected !== 'time' && measured === 'time')
    warnings.push({
      level: 'warning',
      code: 'no-counts',
      message: `this job judges with counts (measure: ${expected}), but the results hold none: judged by timing alone`
    })
  suite.warnings.push(...warnings, ...comparedWithClaims(suite, claimed, facts.measuredWith))
}

/** A per-run time (ns) a measurement can give, whose ratios to any other such time stay finite. */
const measurableTime = (x: number): boolean => Number.isFinite(x) && x >= 1e-12 && x <= 1e18

/** A benchmark with per-run values on both sides to test. */
function hasSeries(c: Comparison): boolean {
  return !!c.series && c.series.base.length >= 2 && c.series.head.length >= 2
}

/**
 * A benchmark without values to test keeps its verdict only where its values say so (§10): `new`
 * with nothing measured at base, `removed` with nothing at head, `skipped` with the same skip on both
 * sides, `inconclusive` with too few samples; `failed` fails the gate, so it needs no proof. A claim
 * the values contradict is a failure the report names; a tested verdict without values is refused,
 * unless counts (judged next) decide it.
 */
function checkUntested(comparison: Comparison, facts: MeasurementFacts, warnings: Warning[]): void {
  const noValuesAt = (side: 'base' | 'head') =>
    (side === 'base' ? comparison.baseMedian : comparison.headMedian) === null &&
    (comparison[side]?.runs ?? 0) === 0
  const nothingAt = (side: 'base' | 'head') =>
    noValuesAt(side) && !comparison.issues.some((i) => i.side === side && i.kind !== 'truncated')
  const holds: Partial<Record<Verdict, boolean>> = {
    new: nothingAt('base'),
    removed: nothingAt('head'),
    skipped: noValuesAt('base') && noValuesAt('head') && skippedOnThisMachine(comparison.issues) !== null,
    inconclusive: comparison.inconclusiveReason === 'too-few-samples',
    failed: true
  }
  if (holds[comparison.verdict]) return
  if (TESTED.includes(comparison.verdict)) {
    if (!comparison.counts)
      throw new ConfigError(
        `results.json: benchmark ${JSON.stringify(comparison.benchmark.slice(0, 200))} claims verdict '${comparison.verdict}' without the per-run values (series) it would be judged from`
      )
    // Without values timing decides nothing; the counts (judgeCounts) may.
    comparison.verdict = 'inconclusive'
    comparison.inconclusiveReason = 'too-few-samples'
    return
  }
  contradicted(
    comparison,
    `the results claim '${comparison.verdict}', which its values contradict`,
    facts,
    warnings
  )
}

/** A benchmark whose values contradict the file (or cannot be measured values): failed, and said. */
function contradicted(c: Comparison, why: string, facts: MeasurementFacts, warnings: Warning[]): void {
  c.verdict = 'failed'
  c.inconclusiveReason = null
  const message = `${why}: reported as failed (measured with benchgate ${facts.measuredWith.slice(0, 40)})`
  c.warnings = [...c.warnings, { level: 'error', code: 'claim-contradicted', message }]
  warnings.push(claimWarning(`${JSON.stringify(c.benchmark.slice(0, 200))}: ${message}`))
}

/** Every benchmark with series: its test, its level in the family, its interval and verdict. */
function judgeTiming(
  suite: SuiteResult,
  timed: Comparison[],
  judgement: Judgement,
  facts: MeasurementFacts
): void {
  const inputs = timed.map((c) => testInput(c, judgement, facts))
  const tests = inputs.map((i) => runTest(i.input))
  const family = familyLevels(
    tests.map((t) => t.pValue),
    0,
    judgement.alpha,
    judgement.correction
  )
  timed.forEach((c, i) =>
    judgeOne(c, inputs[i], tests[i], levelOf(c, family.alphas[i]), family.pAdjusted[i], judgement)
  )
  suite.familySize = family.size
}

/**
 * An adaptive run decides each benchmark at the level of the look that stopped it (docs/adaptive.md),
 * below α/K: the file's level is kept only when it is the stricter one, so a forged level cannot
 * loosen the gate (a stricter one can only leave a benchmark undecided, which fail-on: inconclusive catches).
 */
function levelOf(c: Comparison, familyAlpha: number): number {
  const claimed = 1 - c.confLevel
  return c.adaptive && claimed >= 1e-12 ? Math.min(familyAlpha, claimed) : familyAlpha
}

interface JudgedInput {
  input: TestInput
  /** The level the values are at (§3), derived from them, not from the file's claim. */
  levelReason: LevelReason
}

/**
 * The values' level (§3) and the test the judging side's design puts in force (§13). A file may show
 * pooled repetitions (fewer than R_min processes, or `level: repetitions`) only where its values are
 * consistent with that: as many values as samples, more samples than processes, no more samples than
 * processes × repetitions. Otherwise the series are one value per run, whatever the file says.
 */
function testInput(comparison: Comparison, judgement: Judgement, facts: MeasurementFacts): JudgedInput {
  const { base, head } = comparison.series!
  const pooled =
    comparison.level === 'repetitions' &&
    (['base', 'head'] as const).every((side) => {
      const s = comparison[side]
      const n = comparison.series![side].length
      const fits = facts.repetitions === undefined || n <= s!.runs * facts.repetitions
      return s !== null && s.samples === n && s.runs < n && fits
    })
  const fewRuns = pooled && Math.min(comparison.base!.runs, comparison.head!.runs) < R_MIN
  const levelReason: LevelReason = pooled
    ? fewRuns
      ? 'too-few-processes'
      : comparison.levelReason === 'forced-repetitions'
        ? 'forced-repetitions'
        : 'too-few-processes'
    : Math.min(base.length, head.length) < R_MIN
      ? 'too-few-processes'
      : 'runs'
  const atRuns = levelReason === 'runs'
  const paired = judgement.interleave === 'benchmark' && atRuns && base.length === head.length
  const pairs = paired
    ? { base, head, rounds: base.map((_, i) => i), incomplete: comparison.pairs?.incomplete ?? 0 }
    : null
  return { input: { values: { base, head }, pairs }, levelReason }
}

/** The judgement options the timing analysis takes (AnalysisOptions' fields only). */
export function judgedOptions(
  j: Judgement
): Pick<AnalysisOptions, 'alpha' | 'minEffect' | 'correction' | 'metric' | 'interleave'> {
  return {
    alpha: j.alpha,
    minEffect: j.minEffect,
    correction: j.correction,
    metric: j.metric,
    interleave: j.interleave
  }
}

/** One benchmark's interval at its level in the family, and the verdict read off it (§6–7). */
function judgeOne(
  comparison: Comparison,
  judged: JudgedInput,
  test: TestOutcome,
  alpha: number,
  pAdjusted: number,
  judgement: Judgement
): void {
  const confLevel = 1 - alpha
  const { ratio, shift } = testIntervals(judged.input, confLevel)
  const { verdict, reason } = timingVerdict({
    levelReason: judged.levelReason,
    minP: test.minP,
    alpha,
    ratio,
    minEffect: judgement.minEffect
  })
  comparison.verdict = verdict
  comparison.inconclusiveReason = reason
  comparison.level = judged.levelReason === 'runs' ? 'runs' : 'repetitions'
  comparison.levelReason = judged.levelReason
  // Below R_MIN processes per side there is no p from repetitions (§3), as the analysis says.
  const fewProcesses = judged.levelReason === 'too-few-processes'
  comparison.pValue = fewProcesses ? null : test.pValue
  comparison.pAdjusted = fewProcesses ? null : pAdjusted
  comparison.statistic = test.statistic
  comparison.testMethod = test.method
  comparison.test = test.test
  comparison.ties = test.ties
  if (test.pairs) comparison.pairs = test.pairs
  else delete comparison.pairs
  comparison.confLevel = confLevel
  if (ratio.fallbackLevel !== undefined) comparison.rangeLevel = ratio.fallbackLevel
  else delete comparison.rangeLevel
  comparison.ratio = { estimate: ratio.estimate, ci: ratio.ci }
  comparison.shift = { estimate: shift.estimate, ci: shift.ci }
  // The §10 marks belong to the file's verdicts: judgeCounts derives them again.
  delete comparison.timingVerdict
  delete comparison.timingOnly
  delete comparison.countsDisagree
  delete comparison.notExplainedByCounts
}

/** Reasons that are facts of the count pass, not readings of the figures (kept as measured). */
const COUNT_FACTS = new Set(['multi-threaded', 'not-countable'])

/**
 * Count mode (§9, §10): each count verdict again from the counts (both figures' changes recomputed
 * from base and head, or from the per-event figures when the file keeps them), then the verdicts the
 * values allow: counts alone, or timing × counts. "Moved" and the layout fingerprint are derived from
 * the events (countMovement.ts), never read from the file.
 */
function judgeCounts(suite: SuiteResult, countOptions: CountOptions, measured: MeasureMode): void {
  const mode = suite.countMode!
  suite.comparisons.forEach((c, i) => {
    const k = c.counts
    if (!k) return
    const { instructions, cycles } = countFiguresOf(k)
    const facts = k.reason !== null && COUNT_FACTS.has(k.reason)
    const judged = facts
      ? { verdict: 'inconclusive' as const, reason: k.reason, message: k.message }
      : judgeCountFigures(
          { instructions, cycles, events: k.events },
          countOptions,
          k.reason === 'failed' ? k.message : null
        )
    c.counts = withLayout(
      { ...k, metric: countOptions.metric, instructions, cycles, ...judged },
      countOptions.threshold
    )
    if (measured === 'counts') c.verdict = c.counts.verdict
    else suite.comparisons[i] = judgedTogether(c, c.counts, countOptions)
  })
  mode.measure = measured === 'counts' ? 'counts' : 'both'
  mode.options = { ...countOptions }
  mode.counts = tallyVerdicts(suite.comparisons.flatMap((c) => (c.counts ? [c.counts.verdict] : [])))
}

/**
 * Both figures again from the values: from the events when both sides keep them (the instructions are
 * Ir, the estimated cycles docs/count-mode.md's formula, the noise from the base's second pass when
 * kept), else from the figures' base and head with the file's noise.
 */
function countFiguresOf(k: CountComparison): Pick<CountComparison, 'instructions' | 'cycles'> {
  const e = k.events
  if (e?.base && e.head) {
    const ir = (x: Record<string, number> | null) => (x ? (x.Ir ?? null) : null)
    const noise = (f: CountFigure, kept: CountFigure) => (e.base2 ? f : { ...f, noise: kept.noise })
    return {
      instructions: noise(figure(ir(e.base), ir(e.head), ir(e.base2)), k.instructions),
      cycles: noise(
        figure(estimatedCycles(e.base), estimatedCycles(e.head), e.base2 && estimatedCycles(e.base2)),
        k.cycles
      )
    }
  }
  const instructions = figure(k.instructions.base, k.instructions.head, null)
  const cycles = figure(k.cycles.base, k.cycles.head, null)
  instructions.noise = k.instructions.noise
  cycles.noise = k.cycles.noise
  return { instructions, cycles }
}

function measuredWords(m: MeasureMode): string {
  return m === 'both' ? 'timing and counts' : m === 'counts' ? 'counts only' : 'timing only'
}

function claimWarning(message: string): Warning {
  return { level: 'warning', code: 'rejudged', message }
}

/** A visible warning when the file's own verdicts or counts differ from those derived here. */
function comparedWithClaims(
  suite: SuiteResult,
  claimed: { counts: Record<Verdict, number>; verdicts: Verdict[]; options: string[] },
  measuredWith: string
): Warning[] {
  const options: Warning[] = claimed.options.length
    ? [
        {
          level: 'info',
          code: 'judged-here',
          message: `judged with this job's ${claimed.options.join(', ')}, not the measuring job's`
        }
      ]
    : []
  if (measuredWith !== VERSION)
    return [
      ...options,
      {
        level: 'info',
        code: 'rejudged',
        message: `measured with benchgate ${measuredWith.slice(0, 40)}, judged with ${VERSION}: verdicts recomputed from the per-run values`
      }
    ]
  const differ =
    suite.comparisons.filter((c, i) => c.verdict !== claimed.verdicts[i]).length +
    (Object.keys(suite.counts) as Verdict[]).filter((v) => suite.counts[v] !== claimed.counts[v]).length
  if (differ === 0) return options
  return [
    ...options,
    claimWarning(
      "the measuring job's own verdicts or counts differ from those recomputed here from its per-run values with this job's options; the report shows the recomputed ones"
    )
  ]
}

/** The judgement options whose value in `claimed` (a file's) is not the judging side's. */
export function optionsNotOurs(claimed: Partial<AnalysisOptions>, judgement: Judgement): string[] {
  const names: Array<[keyof ReturnType<typeof judgedOptions>, string]> = [
    ['alpha', 'alpha'],
    ['minEffect', 'min-effect'],
    ['correction', 'correction'],
    ['metric', 'metric'],
    ['interleave', 'interleave']
  ]
  const ours = judgedOptions(judgement)
  return names.filter(([k]) => claimed[k] !== ours[k]).map(([, name]) => name)
}
