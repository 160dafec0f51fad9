/**
 * docs/VALIDATION.md, "History calibration" (docs/statistics.md §11): change points and creep per noise
 * shape on long simulated histories (studies/historyCalibration.ts, history-calibration.json). Whether
 * a target is met is decided here from the numbers.
 */
import type { BinomialInterval } from '../model/binomial.js'
import { NEAR, STEP_SIZES, type CalibrationResults } from '../studies/historyCalibration.js'

const pct = (x: number, digits = 1) => `${(100 * x).toFixed(digits)}%`
const band = (b: BinomialInterval) => `${pct(b.rate)} (${b.x}/${b.n}) [${pct(b.lower)}, ${pct(b.upper)}]`
const per1000 = (b: BinomialInterval) =>
  `${(b.rate * 1000).toFixed(3)} (${b.x} in ${b.n.toLocaleString('en-US')}) [${(b.lower * 1000).toFixed(3)}, ${(b.upper * 1000).toFixed(3)}]`

/** The study's meta line and its two tables (also what `npm run validate -- history-calibration` prints). */
export function renderCalibration(r: CalibrationResults): string {
  const shapeRows = r.shapes.map(
    (s) =>
      `| ${s.shape} | ${per1000(s.falsePerSeriesCommit)} | ${band(s.farShare)} | ${band(s.falseShare)} | ` +
      s.detection.map(band).join(' | ') +
      ' |'
  )
  const creepRows = r.creep.map(
    (c) =>
      `| ${c.rate === 0 ? 'none (false rate)' : `+${pct(c.rate)} a commit`} | ${band(c.reported)} | ${c.byPairedSteps} | ` +
      `${c.medianChange === null ? '–' : pct(c.medianChange)} |`
  )
  return [
    r.meta,
    '',
    `| noise | false change points per 1,000 series-commits, flat [95% band] (target ≤ 0.2) | reported points with no step within ±${NEAR} commits, stepped (target ≤ q = ${r.q}) | reported points not within ±1 of a step | ` +
      STEP_SIZES.map((s) => `+${pct(s, 0)} steps found within ±1`).join(' | ') +
      ' |',
    '|---|---|---|---|' + STEP_SIZES.map(() => '---|').join(''),
    ...shapeRows,
    '',
    'Creep over the last 30 commits, 8 runs a side, 1.5% noise per run:',
    '',
    '| creep | reported [95% band] | of which by the paired steps alone | median paired-steps total |',
    '|---|---|---|---|',
    ...creepRows
  ].join('\n')
}

/** The section of docs/VALIDATION.md, or a line saying it has not been run. */
export function historyCalibrationSection(r: CalibrationResults | undefined): string {
  const head = '## History calibration\n\n'
  if (!r)
    return (
      head + '_Not run yet (`npm run validate -- history-calibration --out …/history-calibration.json`)._\n'
    )
  const over = r.shapes.filter((s) => s.falsePerSeriesCommit.rate * 1000 > 0.2).map((s) => s.shape)
  const shareOver = r.shapes.filter((s) => s.farShare.rate > r.q).map((s) => s.shape)
  return (
    head +
    renderCalibration(r) +
    '\n\n' +
    (over.length
      ? `False change points above 0.2 per 1,000 series-commits: ${over.join(', ')}.`
      : 'False change points are at or below 0.2 per 1,000 series-commits in every noise shape.') +
    ' ' +
    (shareOver.length
      ? `Reported points with no step nearby above q: ${shareOver.join(', ')}.`
      : `Reported points with no planted step within ±${NEAR} commits stay at or below q in every shape; the points 2–${NEAR} commits from a step are that step placed off by the noise (under AR(1) 0.6 a step of +2% cannot be placed to ±1 commit).`) +
    ` A +2% step is δ itself: a point is reported only when its estimated size is ≥ δ, so about half of them are.\n`
  )
}
