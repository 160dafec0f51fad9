/**
 * docs/VALIDATION.md, "History calibration" (docs/statistics.md §11): change points and creep per noise
 * shape on long simulated histories (studies/historyCalibration.ts, history-calibration.json), beside
 * the same study on the previous placing of change points (history-calibration-before.json) when that
 * file is there. Whether a target is met is decided here from the numbers.
 */
import type { BinomialInterval } from '../model/binomial.js'
import {
  DELAY_AT,
  DELAY_GRID,
  NEAR,
  STEP_SIZES,
  type CalibrationResults,
  type DelayRow,
  type ShapeRow
} from '../studies/historyCalibration.js'

const pct = (x: number, digits = 1) => `${(100 * x).toFixed(digits)}%`
const band = (b: BinomialInterval) => `${pct(b.rate)} (${b.x}/${b.n}) [${pct(b.lower)}, ${pct(b.upper)}]`
const per1000 = (b: BinomialInterval) =>
  `${(b.rate * 1000).toFixed(3)} (${b.x} in ${b.n.toLocaleString('en-US')}) [${(b.lower * 1000).toFixed(3)}, ${(b.upper * 1000).toFixed(3)}]`
/** `after`, or `before → after` when there is a before. */
const pair = (after: string, before?: string) => (before === undefined ? after : `${before} → ${after}`)

/** The median delay of the series found by the grid's end, and how many were: "7 (20/21)". */
function delayCell(delays: ReadonlyArray<number | null>): string {
  const found = delays.filter((d): d is number => d !== null).sort((a, b) => a - b)
  if (found.length === 0) return `– (0/${delays.length})`
  return `${found[Math.floor((found.length - 1) / 2)]} (${found.length}/${delays.length})`
}

function shapeRow(s: ShapeRow, b?: ShapeRow): string {
  return (
    `| ${s.shape} | ${pair(per1000(s.falsePerSeriesCommit), b && per1000(b.falsePerSeriesCommit))} | ` +
    `${pair(band(s.farShare), b && band(b.farShare))} | ${pair(band(s.falseShare), b && band(b.falseShare))} | ` +
    s.detection.map((d, k) => pair(band(d), b && band(b.detection[k]))).join(' | ') +
    ' |'
  )
}

function delayRows(rows: readonly DelayRow[], before?: readonly DelayRow[]): string[] {
  return rows.map((d) => {
    const b = before?.find((x) => x.shape === d.shape)
    return (
      `| ${d.shape} | ` +
      d.delays.map((ds, k) => pair(delayCell(ds), b && delayCell(b.delays[k]))).join(' | ') +
      ' |'
    )
  })
}

/** The study's meta line and its tables (also what `npm run validate -- history-calibration` prints). */
export function renderCalibration(r: CalibrationResults, before?: CalibrationResults): string {
  const shapeRows = r.shapes.map((s) =>
    shapeRow(
      s,
      before?.shapes.find((b) => b.shape === s.shape)
    )
  )
  const creepRows = r.creep.map(
    (c) =>
      `| ${c.rate === 0 ? 'none (false rate)' : `+${pct(c.rate)} a commit`} | ${band(c.reported)} | ${c.byPairedSteps} | ` +
      `${c.medianChange === null ? '–' : pct(c.medianChange)} |`
  )
  const delay = r.delay
    ? [
        '',
        `Delay: commits recorded after a step (at commit ${DELAY_AT}) until it is reported within ±1 commit, the median over the series found by ${DELAY_GRID[DELAY_GRID.length - 1]} (grid ${DELAY_GRID.join(', ')}), and how many were found:`,
        '',
        '| noise | ' + STEP_SIZES.map((s) => `+${pct(s, 0)} step`).join(' | ') + ' |',
        '|---|' + STEP_SIZES.map(() => '---|').join(''),
        ...delayRows(r.delay, before?.delay)
      ]
    : []
  return [
    ...(before ? [`Before (the previous placing): ${before.meta}`, '', `After: ${r.meta}`] : [r.meta]),
    '',
    ...(before ? ['Each cell: before → after.', ''] : []),
    `| noise | false change points per 1,000 series-commits, flat [95% band] (target ≤ 0.2) | reported points with no step within ±${NEAR} commits, stepped (target ≤ q = ${r.q}) | reported points not within ±1 of a step | ` +
      STEP_SIZES.map((s) => `+${pct(s, 0)} steps found within ±1`).join(' | ') +
      ' |',
    '|---|---|---|---|' + STEP_SIZES.map(() => '---|').join(''),
    ...shapeRows,
    ...delay,
    '',
    'Creep over the last 30 commits, 8 runs a side, 1.5% noise per run:',
    '',
    '| creep | reported [95% band] | of which by the paired steps alone | median paired-steps total |',
    '|---|---|---|---|',
    ...creepRows
  ].join('\n')
}

/** The section of docs/VALIDATION.md, or a line saying it has not been run. */
export function historyCalibrationSection(
  r: CalibrationResults | undefined,
  before?: CalibrationResults
): string {
  const head = '## History calibration\n\n'
  if (!r)
    return (
      head + '_Not run yet (`npm run validate -- history-calibration --out …/history-calibration.json`)._\n'
    )
  const over = r.shapes.filter((s) => s.falsePerSeriesCommit.rate * 1000 > 0.2).map((s) => s.shape)
  const shareOver = r.shapes.filter((s) => s.farShare.rate > r.q).map((s) => s.shape)
  return (
    head +
    renderCalibration(r, before) +
    '\n\n' +
    (over.length
      ? `False change points above 0.2 per 1,000 series-commits: ${over.join(', ')}.`
      : 'False change points are at or below 0.2 per 1,000 series-commits in every noise shape.') +
    ' ' +
    (shareOver.length
      ? `Reported points with no step within ±${NEAR} commits above q: ${shareOver.join(', ')} (real steps placed more than ${NEAR} commits off; docs/history.md, "Calibration").`
      : `Reported points with no planted step within ±${NEAR} commits stay at or below q in every shape; the points 2–${NEAR} commits from a step are that step placed off by the noise.`) +
    ` A +2% step is δ itself: a point is reported only when its estimated size is ≥ δ (as a regression's verdict, docs/statistics.md §7), so about half of them are.\n`
  )
}
