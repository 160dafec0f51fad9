/**
 * docs/VALIDATION.md, "Suite summary": coverage and width of the suite's geometric-mean interval under the
 * slow phases and the paired default, the shipped method against the bootstrap it replaced (studies/suiteSummary.ts).
 */
import type { BinomialInterval } from '../model/binomial.js'
import { SUMMARY_METHODS, type SummaryResults, type SummaryRow } from '../studies/suiteSummary.js'

const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const cover = (b: BinomialInterval) => `${pct(b.rate)} [${pct(b.lower)}, ${pct(b.upper)}]`

/** The study's meta line, a blank line and one row per cell × rounds (also what `npm run validate -- suite-summary` prints). */
export function renderSummaryStudy(rows: readonly SummaryRow[], meta: string): string {
  const head = SUMMARY_METHODS.map((m) => `coverage: ${m}`).join(' | ')
  const widths = SUMMARY_METHODS.map((m) => `width: ${m}`).join(' | ')
  return [
    meta,
    '',
    `| design | noise | K | rounds | suites | ${head} | ${widths} |`,
    `|---|---|---|---|---|${SUMMARY_METHODS.map(() => '---|').join('')}${SUMMARY_METHODS.map(() => '---|').join('')}`,
    ...rows.map(
      (r) =>
        `| ${r.design} | ${r.noise} | ${r.benchmarks} | ${r.rounds} | ${r.summarised}/${r.suites} | ` +
        `${SUMMARY_METHODS.map((m) => cover(r.coverage[m])).join(' | ')} | ` +
        `${SUMMARY_METHODS.map((m) => `${r.medianWidthPercent[m].toFixed(2)}`).join(' | ')} |`
    )
  ].join('\n')
}

/** "98.6–99.4%": the range of one method's coverage over some rows. */
function coverageRange(rows: readonly SummaryRow[], method: (typeof SUMMARY_METHODS)[number]): string {
  const xs = rows.map((r) => 100 * r.coverage[method].rate)
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)].map((x) => x.toFixed(1))
  return lo === hi ? `${lo}%` : `${lo}–${hi}%`
}

/** "Suite summary": coverage and width of the suite's geometric-mean interval (studies/suiteSummary.ts). */
export function suiteSummarySection(r: SummaryResults | undefined): string {
  if (!r?.rows)
    return '\n## Suite summary\n\n_Not run yet (`npm run validate -- suite-summary --out …/suite-summary.json`)._\n'
  const phases = r.rows.filter((x) => x.noise === 'slow phases')
  const paired = phases.filter((x) => x.design.startsWith('pairs'))
  const below = r.rows.filter((x) => x.coverage.new.rate < 0.985)
  return `
## Suite summary

Every report's headline carries the suite's geometric-mean change with its 99% interval (STATISTICS §10;
src/analysis/suiteSummary.ts): per round, the mean over the benchmarks measured in every round of
ln(head/base); the estimate is the exponential of its mean over rounds. One value per round keeps together what
a round's benchmarks share (a slow phase, a noisy neighbour, a frequency change). The interval is Student's t over
the rounds with its standard error multiplied by √max(1, 1 + 2·r₁), r₁ the per-round values' lag-1
autocorrelation (src/stats/serialMean.ts; t.test and acf in R are its oracle). Before, it was a studentized
bootstrap over rounds; the table has both on the same simulated suites, and plain t without the widening. The
target: ≥ 98.5% for the nominal 99% at K = 6 and 69, 10–40 rounds, under the slow phases and the paired default.
Width is the interval's length in percentage points of the ratio (median over the suites). The bracket after
each coverage is its 95% Clopper-Pearson interval (the Monte Carlo uncertainty of the row).

${renderSummaryStudy(r.rows, r.meta)}

What it shows: under the slow phases the bootstrap covers ${coverageRange(phases, 'bootstrap')} and the new
interval ${coverageRange(phases, 'new')} (pairs: ${coverageRange(paired, 'bootstrap')} against
${coverageRange(paired, 'new')}). ${
    below.length === 0
      ? 'Every row reaches 98.5% with the new interval.'
      : `Rows below 98.5% with the new interval: ${below.map((x) => `${x.design}, ${x.noise}, K = ${x.benchmarks}, ${x.rounds} rounds (${pct(x.coverage.new.rate)})`).join('; ')}.`
  } Why the bootstrap fell short: the per-round values are heavy-tailed (a phase
switch between a pair's two processes moves one benchmark's ratio by up to 1.88×) and neighbouring rounds move
together (ABBA alternates the order of base and head, so the switches of one slow stretch push two consecutive
rounds the same way); a bootstrap of independent rounds sees neither, a t quantile on n − 1 degrees of freedom
covers the first and the lag-1 widening the second. The price is width: compare the width columns. Whole-suite
rounds are far wider under the phases than pairs (a phase switch inside a process hits some of its benchmarks
and not others, and nothing pairs them).
`
}
