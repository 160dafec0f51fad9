// A suite through results.json and back, judged again as comment mode judges a file it did not compute.
import { judgeSuite } from '../../src/analysis/judge.js'
import type { CountOptions, SuiteResult } from '../../src/analysis/types.js'
import { fromResultsJson, toResultsJson } from '../../src/report/json.js'
import { VERSION } from '../../src/version.js'

/** callgrind's method as the count tests record it. */
export const COUNT_METHOD = {
  tool: 'callgrind' as const,
  valgrindVersion: 'valgrind-3.19.0',
  iterationFlags: ['--benchmark_min_time=1x'],
  repetitions: 2,
  caches: [],
  cyclesFormula: 'CEst',
  wallSeconds: 1
}

/**
 * `suite` written as results.json, changed by `forge` (a hostile file), read back and judged with
 * α 1%, δ 2%, Bonferroni and `count` (absent: the file's own count options).
 */
export function rejudged(
  suite: SuiteResult,
  count?: CountOptions,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a forger edits the raw JSON
  forge: (json: any) => void = () => {}
): SuiteResult {
  const json = JSON.parse(
    JSON.stringify(toResultsJson({ suite, run: { base: { label: 'a' }, head: { label: 'b' } } }, VERSION))
  )
  forge(json)
  const report = fromResultsJson(json)
  judgeSuite(
    report.suite,
    {
      alpha: 0.01,
      minEffect: 0.02,
      correction: 'bonferroni',
      metric: 'auto',
      interleave: 'suite',
      ...(count && { count })
    },
    { measuredWith: VERSION }
  )
  return report.suite
}
