/**
 * docs/VALIDATION.md, "Suite summary" (issue 26): coverage and width of the suite's geometric-mean
 * interval (studies/suiteSummary.ts).
 */
import type { SummaryCell, SummaryResults } from '../studies/suiteSummary.js'

/** The study's meta line, a blank line and one row per cell (also what `npm run validate -- suite-summary` prints). */
export function renderSummaryStudy(cells: readonly SummaryCell[], meta: string): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`
  return [
    meta,
    '',
    '| true change | shared process shock (sd) | suites summarised | coverage of the 99% interval | median width |',
    '|---|---|---|---|---|',
    ...cells.map(
      (c) =>
        `| ${c.truth === 1 ? 'A/A' : `+${((c.truth - 1) * 100).toFixed(0)}%`} | ${c.processShock ? pct(c.processShock) : 'none'} | ` +
        `${c.summarised}/${c.suites} | ${pct(c.coverage.rate)} (${c.coverage.x}/${c.coverage.n}) [${pct(c.coverage.lower)}, ${pct(c.coverage.upper)}] | ` +
        `${c.medianWidthPercent.toFixed(2)} points |`
    )
  ].join('\n')
}

/** "Suite summary" (issue 26): coverage and width of the suite's geometric-mean interval (studies/suiteSummary.ts). */
export function suiteSummarySection(r: SummaryResults | undefined): string {
  if (!r)
    return '\n## Suite summary\n\n_Not run yet (`npm run validate -- suite-summary --out …/suite-summary.json`)._\n'
  return `
## Suite summary

Every report's headline carries the suite's geometric-mean change with its 99% interval (STATISTICS §10;
src/analysis/suiteSummary.ts): per round, the mean over the benchmarks measured in every round of
ln(head/base); the estimate is the exponential of its mean over rounds, the interval a studentized bootstrap
over whole rounds, seeded from the data. Whole rounds are resampled because a slow phase, a noisy neighbour or
a frequency change hits every benchmark of a process at once; a shared shock per process (sd 3%) is added in
the last two rows on top of the noise model's own time-dependent episodes.

${renderSummaryStudy(r.cells, r.meta)}

Coverage is at the nominal 99% in every cell (the 95% band of each rate contains 99%). Width is the interval's
length in percentage points of the ratio: about ±0.3% when processes share no shock, about ±3% with a shared
3% shock per process — the suite cannot be known better than its rounds' common noise allows, which is why the
interval is over rounds, not over benchmarks.
`
}
