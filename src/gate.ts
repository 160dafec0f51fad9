/** The gate: from verdict counts and --fail-on to pass/fail, with a one-line reason. */
import type { SuiteResult } from './analysis/types.js'
import type { FailOn } from './config/index.js'
import { plural } from './report/format.js'

export interface GateResult {
  pass: boolean
  /** One line, printed last by the CLI and given to setFailed by the Action. */
  reason: string
}

/**
 * `regression` (default) fails on any regression or failed benchmark; `inconclusive` also fails when
 * any benchmark could not be resolved; `never` always passes (report only).
 */
export function gate(suite: SuiteResult, failOn: FailOn): GateResult {
  const c = suite.counts
  const problems: string[] = []
  if (c.regression) problems.push(plural(c.regression, 'regression'))
  // --measure both: a count regression fails the gate too (it is deterministic, STATISTICS §9)
  const countRegressions = suite.countMode?.measure === 'both' ? suite.countMode.counts.regression : 0
  const what =
    suite.countMode?.options.metric === 'cycles' ? 'cycle-count regression' : 'instruction-count regression'
  if (countRegressions) problems.push(plural(countRegressions, what))
  if (c.failed) problems.push(`${plural(c.failed, 'benchmark')} failed`)
  if (failOn === 'inconclusive' && c.inconclusive) problems.push(`${c.inconclusive} inconclusive`)
  const total = suite.comparisons.length
  if (problems.length === 0) {
    return { pass: true, reason: `benchgate: pass: no regression among ${plural(total, 'benchmark')}` }
  }
  if (failOn === 'never') {
    return { pass: true, reason: `benchgate: pass (fail-on: never) despite ${problems.join(', ')}` }
  }
  return { pass: false, reason: `benchgate: fail: ${problems.join(', ')} (of ${plural(total, 'benchmark')})` }
}
