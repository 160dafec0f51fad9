/** The gate: from verdict counts and --fail-on to pass/fail, with a one-line reason. */
import type { SuiteResult } from './analysis/types.js'
import type { FailOn } from './config/index.js'
import { formatChange, formatChangeCi, plural } from './report/format.js'
import { NO_BASELINE } from './report/wording.js'
import { verdictCount, verdictWord } from './report/verdicts.js'

export interface GateResult {
  pass: boolean
  /** One line, printed last by the CLI and given to setFailed by the Action. */
  reason: string
  /**
   * The check run's conclusion: `neutral` when nothing fails but benchmarks were left undecided
   * (README: "undecided" is said out loud, never a silent pass).
   */
  conclusion: 'success' | 'failure' | 'neutral'
}

/**
 * Any regression or failed benchmark fails; with `timing-only` in the set also a slower timing-only
 * change, with `inconclusive` also any benchmark left undecided; `never` always passes (report only).
 */
export function gate(suite: SuiteResult, failOn: FailOn, failOnSuite: number | null = null): GateResult {
  const c = suite.counts
  const problems: string[] = []
  // --measure both: a regression by counts alone is a regression too (deterministic, docs/statistics.md §10)
  if (c.regression) problems.push(verdictCount('regression', c.regression))
  if (c.failed) problems.push(`${plural(c.failed, 'benchmark')} ${verdictWord('failed')}`)
  const slowerTimingOnly = suite.comparisons.filter(
    (x) => x.verdict === 'timing-only' && x.timingVerdict === 'regression'
  ).length
  if (failOn.includes('timing-only') && slowerTimingOnly)
    problems.push(`${slowerTimingOnly} ${verdictWord('timing-only')} slower`)
  if (failOn.includes('inconclusive') && c.inconclusive)
    problems.push(verdictCount('inconclusive', c.inconclusive))
  const s = suite.summary
  if (failOnSuite !== null && s && s.ci[0] > 1 + failOnSuite)
    problems.push(
      `the suite ${formatChange(s.estimate)} ${formatChangeCi(s.ci)} slower than the ${formatChange(1 + failOnSuite)} --fail-on-suite allows`
    )
  const total = suite.comparisons.length
  if (problems.length === 0) {
    if (suite.warnings.some((w) => w.code === NO_BASELINE))
      return {
        pass: true,
        conclusion: 'neutral',
        reason: `benchgate: ${verdictWord('inconclusive')}: the base build failed, so nothing was compared (${plural(total, 'benchmark')} at head); --fail-on-base-build-failure fails the run instead`
      }
    const undecided = undecidedText(suite)
    if (undecided)
      return {
        pass: true,
        conclusion: 'neutral',
        reason: `benchgate: ${verdictWord('inconclusive')}: ${undecided}`
      }
    if (slowerTimingOnly)
      return {
        pass: true,
        conclusion: 'neutral',
        reason: `benchgate: pass: ${slowerTimingOnly} slower in time only, with the same instructions (code layout, memory or environment?); not failing unless --fail-on timing-only`
      }
    return {
      pass: true,
      conclusion: 'success',
      reason: `benchgate: pass: no regression among ${plural(total, 'benchmark')}`
    }
  }
  if (failOn.includes('never')) {
    return {
      pass: true,
      conclusion: 'neutral',
      reason: `benchgate: pass (fail-on: never) despite ${problems.join(', ')}`
    }
  }
  return {
    pass: false,
    conclusion: 'failure',
    reason: `benchgate: fail: ${problems.join(', ')} (of ${plural(total, 'benchmark')})`
  }
}

/**
 * Null when every benchmark was decided; else what was left open, "nothing could be decided" first
 * when no benchmark measured on both sides got a decided verdict.
 */
export function undecidedText(suite: SuiteResult): string | null {
  const open = suite.counts.inconclusive
  if (!open) return null
  const c = suite.counts
  const decided = c.regression + c.improvement + c.negligible + c.unchanged
  const what = `${open} of ${plural(open + decided, 'benchmark')} could not be decided; no regression found`
  return decided === 0 ? `nothing could be decided (${what})` : what
}
