/**
 * The trusted half believes no artifact (issue 28, ARCHITECTURE "The trusted half believes no
 * artifact"): comment mode re-judges a hand-over's report from the per-run values it carries
 * (`series`, the values the test used), with the judgement options of the trusted job. Every
 * verdict, the counts, K and so the gate and the headline are recomputed; what the artifact
 * claimed is only compared (same benchgate version) and a mismatch is a visible warning.
 * Count mode's verdicts are recomputed from the per-iteration counts with the job's δ_count and metric.
 */
import { levelUnreachable } from '../analysis/comparison.js'
import { judgedTogether } from '../analysis/countSuite.js'
import { suiteSummary } from '../analysis/suiteSummary.js'
import { countVerdict, type CountOptions } from '../analysis/counts.js'
import { decideVerdict, tallyVerdicts } from '../analysis/verdict.js'
import { familyLevels } from '../analysis/family.js'
import {
  runDesign,
  type AnalysisOptions,
  type Comparison,
  type SuiteResult,
  type Verdict,
  type Warning
} from '../analysis/types.js'
import { countOptionsOf, reproduceArgs, type Config } from '../config/index.js'
import { ConfigError } from '../errors.js'
import { shellQuote } from '../report/shellQuote.js'
import { runTest, testIntervals, type TestInput, type TestOutcome } from '../analysis/rankTests.js'
import { VERSION } from '../version.js'

/** The options that decide a verdict: the trusted job's, never the artifact's. */
export type JudgementOptions = Pick<
  AnalysisOptions,
  'alpha' | 'minEffect' | 'correction' | 'metric' | 'interleave'
> & {
  /** Count mode's metric and δ_count (absent: the artifact's count verdicts are recomputed with its own). */
  count?: CountOptions
}

/** Verdicts that only a test on per-run values can give. */
const TESTED: readonly Verdict[] = [
  'regression',
  'improvement',
  'negligible',
  'unchanged',
  'inconclusive',
  'timing-only'
]

/**
 * Re-judges `suite` in place from its per-run values with `judge`.
 * @param measuredWith the benchgate version that wrote the artifact (its claims are compared only when it is ours)
 * @throws ConfigError when a benchmark claims a tested verdict without values to test
 */
export function rejudgeSuite(suite: SuiteResult, judge: JudgementOptions, measuredWith: string): void {
  const claimed = {
    counts: { ...suite.counts },
    verdicts: suite.comparisons.map((c) => c.verdict),
    options: optionsNotOurs(suite.options, judge)
  }
  const countsOnly = suite.countMode?.measure === 'counts'
  const tested = countsOnly ? [] : suite.comparisons.filter(testable)
  for (const c of suite.comparisons)
    if (!countsOnly && !testable(c) && TESTED.includes(c.verdict))
      throw new ConfigError(
        `results.json: benchmark ${JSON.stringify(c.benchmark.slice(0, 200))} claims verdict '${c.verdict}' without the per-run values (series) it would be judged from`
      )
  const inputs = tested.map((c) => testInput(c, judge))
  const tests = inputs.map(runTest)
  const family = familyLevels(
    tests.map((t) => t.pValue),
    0,
    judge.alpha,
    judge.correction
  )
  tested.forEach((c, i) =>
    judgeOne(c, inputs[i], tests[i], levelOf(c, family.alphas[i]), family.pAdjusted[i], judge)
  )
  suite.options = { ...suite.options, ...pick(judge) }
  suite.familySize = countsOnly ? suite.familySize : family.size
  if (suite.countMode) rejudgeCounts(suite, judge.count ?? suite.countMode.options)
  suite.counts = tallyVerdicts(suite.comparisons.map((c) => c.verdict))
  // The suite summary again from the per-run values, at the job's α (seeded from the data: the same interval).
  suite.summary = countsOnly ? null : suiteSummary(suite.comparisons, judge.alpha)
  suite.warnings.push(...comparedWithClaims(suite, claimed, measuredWith))
}

/**
 * Count mode (STATISTICS §9): each count verdict again from the per-iteration counts (the change is
 * recomputed, not read), the verdicts of `--measure counts`, and `--measure both`'s timing-only marks.
 * Reasons that are facts of the measurement (multi-threaded, not countable, failed) are kept.
 */
function rejudgeCounts(suite: SuiteResult, o: CountOptions): void {
  const mode = suite.countMode!
  for (const c of suite.comparisons) {
    const k = c.counts
    if (!k || (k.reason !== null && k.reason !== 'not-deterministic' && k.reason !== 'unchecked')) continue
    const chosen = o.metric === 'cycles' ? k.cycles : k.instructions
    const change = chosen.base && chosen.head !== null ? chosen.head / chosen.base - 1 : null
    const noisy = chosen.noise !== null && chosen.noise > o.threshold / 4
    // No second base count: determinism unchecked, so no verdict (as analysis/counts.ts).
    const unchecked = change !== null && chosen.noise === null
    const reason = noisy ? 'not-deterministic' : change === null ? 'failed' : unchecked ? 'unchecked' : null
    const verdict: Verdict =
      noisy || unchecked ? 'inconclusive' : change === null ? 'failed' : countVerdict(change, o.threshold)
    c.counts = { ...k, metric: o.metric, verdict, reason }
    if (mode.measure === 'counts' && TESTED.includes(c.verdict)) c.verdict = verdict
  }
  // --measure both: timing (just re-judged) and counts together, STATISTICS §10's table.
  if (mode.measure === 'both')
    suite.comparisons.forEach((c, i) => {
      if (!c.counts) return
      // c.verdict is timing's own, just recomputed from the series; the artifact's marks are dropped.
      const timing = { ...c }
      delete timing.timingVerdict
      delete timing.timingOnly
      delete timing.countsDisagree
      delete timing.notExplainedByCounts
      suite.comparisons[i] = judgedTogether(timing, c.counts, o)
    })
  mode.options = { ...o }
  mode.counts = tallyVerdicts(suite.comparisons.flatMap((c) => (c.counts ? [c.counts.verdict] : [])))
}

/**
 * An adaptive run decides each benchmark at the level of the look that stopped it (docs/adaptive.md),
 * below α/K: the artifact's level is kept only when it is the stricter one, so a forged level cannot
 * loosen the gate (a stricter one can only leave a benchmark undecided, which fail-on: inconclusive catches).
 */
function levelOf(c: Comparison, familyAlpha: number): number {
  const claimed = 1 - c.confLevel
  return c.adaptive && claimed >= 1e-12 ? Math.min(familyAlpha, claimed) : familyAlpha
}

function testable(c: Comparison): boolean {
  return !!c.series && c.series.base.length >= 2 && c.series.head.length >= 2
}

/**
 * The test this job's design puts in force (§13), never the artifact's: per-benchmark interleaving
 * pairs the series (run values in round order, equal lengths at the run level); else rank-sum.
 */
function testInput(c: Comparison, judge: JudgementOptions): TestInput {
  const { base, head } = c.series!
  const paired = judge.interleave === 'benchmark' && c.level === 'runs' && base.length === head.length
  const pairs = paired
    ? { base, head, rounds: base.map((_, i) => i), incomplete: c.pairs?.incomplete ?? 0 }
    : null
  return { values: { base, head }, pairs }
}

/** The judgement options the timing analysis takes (AnalysisOptions' fields only). */
export function pick(
  j: JudgementOptions
): Pick<AnalysisOptions, 'alpha' | 'minEffect' | 'correction' | 'metric' | 'interleave'> {
  return {
    alpha: j.alpha,
    minEffect: j.minEffect,
    correction: j.correction,
    metric: j.metric,
    interleave: j.interleave
  }
}

/** One benchmark's interval at its level in the family, and the verdict read off it (STATISTICS §6–7). */
function judgeOne(
  c: Comparison,
  input: TestInput,
  test: TestOutcome,
  alpha: number,
  pAdjusted: number,
  judge: JudgementOptions
): void {
  const confLevel = 1 - alpha
  const { ratio, shift } = testIntervals(input, confLevel)
  const decision = decideVerdict({ ratio: ratio.estimate, ratioCi: ratio.ci, minEffect: judge.minEffect })
  // A verdict from repetitions of too few processes is held at inconclusive (§3), as analysis does.
  const reason =
    c.level !== 'runs'
      ? c.levelReason === 'forced-repetitions'
        ? decision.reason
        : 'too-few-processes'
      : levelUnreachable(test.minP, alpha, ratio)
        ? 'level-unreachable'
        : decision.reason
  c.verdict = reason === null ? decision.verdict : 'inconclusive'
  c.inconclusiveReason = reason
  // Below R_MIN processes per side there is no p from repetitions (§3), as analysis says.
  const fewProcesses = reason === 'too-few-processes'
  c.pValue = fewProcesses ? null : test.pValue
  c.pAdjusted = fewProcesses ? null : pAdjusted
  c.u = test.statistic
  c.testMethod = test.method
  c.test = test.test
  if (test.pairs) c.pairs = test.pairs
  else delete c.pairs
  c.confLevel = confLevel
  if (ratio.fallbackLevel !== undefined) c.rangeLevel = ratio.fallbackLevel
  else delete c.rangeLevel
  c.ratio = { estimate: ratio.estimate, ci: ratio.ci }
  c.shift = { estimate: shift.estimate, ci: shift.ci }
}

/** A visible warning when the artifact's own verdicts or counts differ from the recomputed ones. */
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
    {
      level: 'warning',
      code: 'rejudged',
      message:
        "the measuring job's own verdicts or counts differ from those recomputed here from its per-run values with this job's options; the report shows the recomputed ones"
    }
  ]
}

/** The judgement options whose value in `claimed` (an artifact's) is not the trusted job's. */
export function optionsNotOurs(claimed: Partial<AnalysisOptions>, judge: JudgementOptions): string[] {
  const names: Array<[keyof ReturnType<typeof pick>, string]> = [
    ['alpha', 'alpha'],
    ['minEffect', 'min-effect'],
    ['correction', 'correction'],
    ['metric', 'metric'],
    ['interleave', 'interleave']
  ]
  const ours = pick(judge)
  return names.filter(([k]) => claimed[k] !== ours[k]).map(([, name]) => name)
}

/**
 * The "How to reproduce" line, rebuilt by the trusted job from its own options and the commits
 * (a shell command the artifact wrote is never shown by the bot). A SHA that is not plain hex is left out.
 */
export function trustedReproduce(config: Config, baseSha: string | undefined, headSha: string): string {
  const sha = (s: string | undefined) =>
    s && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(s) ? s.slice(0, 12) : null
  const base = sha(baseSha)
  const head = sha(headSha)
  const args = [
    'npx',
    'benchgate',
    'run',
    ...(base ? ['--base', base] : []),
    ...(head ? ['--head', head, '--no-merge-base'] : []),
    ...(config.build ? ['--build', config.build] : []),
    ...(config.binary ? ['--binary', config.binary] : []),
    ...reproduceArgs(config)
  ]
  return args.map(shellQuote).join(' ')
}

/** The judgement options of the trusted job (its inputs and the config file it read). */
export function judgementOf(config: Config): JudgementOptions {
  const a = config.analysis
  return {
    alpha: a.alpha,
    minEffect: a.minEffect,
    correction: a.correction,
    metric: a.metric,
    // The measuring job ran `run`, whose `auto` is per-benchmark interleaving.
    interleave: runDesign(a.interleave),
    count: countOptionsOf(config)
  }
}
