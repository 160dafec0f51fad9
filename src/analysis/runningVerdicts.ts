/**
 * The verdicts so far, while rounds are still being measured: the samples and problems of the rounds
 * done, analysed under the design the run measures (auto is per-benchmark pairs, docs/statistics.md §13).
 * Unadjusted for later looks: a progress line, never a verdict the gate reads.
 */
import type { SampleIssue, Sample } from '../samples/model.js'
import { analyzeSuite } from './suite.js'
import { runDesign, type AnalysisOptions, type Verdict } from './types.js'

export function runningVerdictCounts(
  partial: { samples: readonly Sample[]; issues: readonly SampleIssue[] },
  options: AnalysisOptions
): Record<Verdict, number> {
  const analysis = { ...options, interleave: runDesign(options.interleave) }
  return analyzeSuite({ samples: partial.samples, issues: partial.issues }, analysis).counts
}
