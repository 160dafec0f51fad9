/**
 * Which sides' output may be missing benchmarks because it was cut short. Google Benchmark and
 * bench-runner write benchmarks in order, so a process that crashed, was killed or wrote a file
 * cut short loses every benchmark after the cut: such a benchmark is absent from that side not
 * because the code lost it but because the measurement did. The analysis calls it `failed`
 * ("missing on base (output truncated)"), never `new` or `removed`.
 */
import { FILE_ISSUE } from './common.js'
import type { SampleIssue, Side } from './model.js'
import { SampleStore, type SampleList } from './store.js'

/** Issue kinds that mean a run's output stopped early. */
export const CUT_SHORT_KINDS: ReadonlySet<SampleIssue['kind']> = new Set(['truncated', 'crashed'])

/**
 * For each side whose every run (process execution) ended cut short, the first such issue: a
 * benchmark missing from that side may have been lost. A side with at least one complete run is
 * not listed (a benchmark absent from a complete run is really absent). O(samples + issues).
 */
export function sidesCutShort(
  samples: SampleList,
  issues: readonly SampleIssue[]
): Partial<Record<Side, SampleIssue>> {
  const runs: Record<Side, Set<string>> = { base: new Set(), head: new Set() }
  const cut: Record<Side, Map<string, SampleIssue>> = { base: new Map(), head: new Map() }
  const key = (round: number, run: number): string => `${round}:${run}`
  for (const entry of SampleStore.of(samples).entries()) {
    for (const series of [entry.base, entry.head]) {
      if (!series) continue
      for (let k = 0; k < series.length; k++) {
        // Rows of one run are adjacent: one key per run, not per sample.
        if (k > 0 && series.round(k) === series.round(k - 1) && series.run(k) === series.run(k - 1)) continue
        runs[series.side].add(key(series.round(k), series.run(k)))
      }
    }
  }
  for (const i of issues) {
    const run = key(i.round, i.run)
    runs[i.side].add(run)
    const general = i.benchmark === '' || i.benchmark === FILE_ISSUE
    // A truncated Google Benchmark file names the entry it was cut in; that is a cut run too.
    if (CUT_SHORT_KINDS.has(i.kind) && (general || i.kind === 'truncated') && !cut[i.side].has(run))
      cut[i.side].set(run, i)
  }
  const out: Partial<Record<Side, SampleIssue>> = {}
  for (const side of ['base', 'head'] as const) {
    if (runs[side].size > 0 && cut[side].size === runs[side].size) out[side] = cut[side].values().next().value
  }
  return out
}
