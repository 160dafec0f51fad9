/**
 * Main's drift for a pull request's report (docs/history.md; docs/report.md: "when the history on main is known, a
 * row whose baseline already drifted says so"): per benchmark, the creep over main's last W recorded
 * commits (history/changes.ts, docs/statistics.md §11), kept where it is reported (its interval excludes 0 and
 * |change| ≥ δ). Pure: records in, notes out (their types are the report's, report/model.ts).
 *
 * @module
 */
import { creepBySeries, DEFAULT_CHANGES_OPTIONS, type ChangesOptions } from './changes.js'
import type { DriftNote, MainDrift } from '../report/model.js'
import type { CommitRecord } from './record.js'

/**
 * The benchmarks whose creep over main's last `window` paired steps is reported.
 * @param options window (default 30), delta, creepLevel as in `analyseHistory`.
 * Complexity: O(records × benchmarks) to read the series, O(window) per benchmark.
 */
export function mainDrift(
  records: readonly CommitRecord[],
  options: Partial<Pick<ChangesOptions, 'window' | 'delta' | 'creepLevel'>> = {}
): MainDrift {
  const o = { ...DEFAULT_CHANGES_OPTIONS, ...options }
  const drifted: DriftNote[] = []
  for (const [name, c] of creepBySeries(records, o)) {
    if (!c?.reported) continue
    const { change, lo, hi, level, steps, gaps, since, until } = c
    drifted.push({ name, change, lo, hi, level, steps, gaps, since, until })
  }
  drifted.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return { window: o.window, records: records.length, drifted }
}
