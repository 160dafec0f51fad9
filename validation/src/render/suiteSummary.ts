/**
 * docs/VALIDATION.md, "Suite summary" (issue 26): coverage and width of the suite's geometric-mean
 * interval (studies/suiteSummary.ts).
 */
import type { SummaryCell } from '../studies/suiteSummary.js'

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
