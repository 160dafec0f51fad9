/**
 * docs/VALIDATION.md, "History on main" (issue 31, STATISTICS §11): change points, the environment
 * change and creep on simulated histories (studies/history.ts, history.json). Which targets are met is
 * decided here from the numbers, so the verdicts follow the results.
 */
import type { BinomialInterval } from '../model/binomial.js'
import {
  CREEP_FROM,
  CREEP_PER_COMMIT,
  ENV_COMMIT,
  ENV_SHIFT,
  HISTORY_COMMITS,
  HISTORY_SERIES,
  PLANTED_STEPS,
  type HistoryResults
} from '../studies/history.js'

const pct = (x: number, digits = 1) => `${(100 * x).toFixed(digits)}%`
const ci = (b: BinomialInterval) => `${pct(b.rate)} (${b.x}/${b.n}) [${pct(b.lower)}, ${pct(b.upper)}]`
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x * 100).toFixed(0)}%`
const per5000 = (x: number) => (x * 5000).toFixed(2)

/** The study's meta line, a blank line and its table (also what `npm run validate -- history` prints). */
export function renderHistoryStudy(r: HistoryResults): string {
  const fp = r.falsePoints
  const rows = [
    ...r.steps.map(
      (s) =>
        `| planted step ${signed(s.size)}: found within ±1 commit | ${ci(s.found)} | every one | ` +
        `median offset of the nearest change point: ${s.medianOffset === null ? '–' : `${s.medianOffset} commits`} |`
    ),
    `| false change points per 5,000 series-commits | ${per5000(fp.rate.rate)} (${fp.rate.x} in ${fp.rate.n.toLocaleString('en-US')}) ` +
      `[${per5000(fp.rate.lower)}, ${per5000(fp.rate.upper)}] | ≤ 1 | ${fp.atEnvironment} of them within ±1 of the environment change |`,
    `| environment change labelled as such (right commits, cpuModel only) | ${r.environment.labelled}/${r.environment.histories} histories | every one | |`,
    `| planted creep reported | ${ci(r.creep.detected)} | reported | median estimate ${r.creep.medianChange === null ? '–' : signed(r.creep.medianChange).replace(/\d+%$/, `${(Math.abs(r.creep.medianChange) * 100).toFixed(1)}%`)}; ${r.creep.changePoints} change points in that series (not counted as false) |`,
    `| false creep: flat series reported as creeping | ${ci(r.falseCreep)} | ≈ 1% or less (99% interval) | |`
  ]
  const byStep = r.byStep.map(
    (s) =>
      `| ${signed(s.size)} | ${s.at} | ${(s.at < ENV_COMMIT ? ENV_COMMIT : HISTORY_COMMITS) - s.at} | ${ci(s.found)} |`
  )
  return [
    r.meta,
    '',
    '| what | measured [95% band] | target | note |',
    '|---|---|---|---|',
    ...rows,
    '',
    'By planted step:',
    '',
    '| step | at commit | points from it to the end of its environment segment | found within ±1 commit [95% band] |',
    '|---|---|---|---|',
    ...byStep
  ].join('\n')
}

/** Plain sentences: which targets the results meet and which they miss. */
function verdicts(r: HistoryResults): string[] {
  const out: string[] = []
  const missed = r.steps.filter((s) => s.found.x < s.found.n)
  out.push(
    missed.length === 0
      ? '- **Met**: every planted step (±5% and ±10%) was found within ±1 commit.'
      : `- **Not met**: not every planted step was found within ±1 commit (${missed
          .map((s) => `${signed(s.size)}: ${s.found.n - s.found.x} of ${s.found.n} missed`)
          .join('; ')}).`
  )
  const fp = r.falsePoints
  const fpText = `${per5000(fp.rate.rate)} per 5,000 series-commits, 95% band up to ${per5000(fp.rate.upper)}`
  out.push(
    fp.rate.upper <= fp.target
      ? `- **Met**: false change points ${fpText}, below the target of 1 with the whole band.`
      : fp.rate.rate <= fp.target
        ? `- **Met on the estimate**: false change points ${fpText}; the band still reaches above the target of 1.`
        : `- **Not met**: false change points ${fpText}, above the target of 1.`
  )
  const env = r.environment
  out.push(
    env.labelled === env.histories && fp.atEnvironment === 0
      ? '- **Met**: the environment change was labelled as such in every history, and no code change point was reported at it.'
      : `- **Not met**: the environment change was labelled in ${env.labelled} of ${env.histories} histories, with ${fp.atEnvironment} code change points within ±1 commit of it.`
  )
  const c = r.creep.detected
  out.push(
    c.x === c.n
      ? '- **Met**: the planted creep was reported in every history.'
      : `- **Not met**: the planted creep was reported in ${c.x} of ${c.n} histories.`
  )
  const fc = r.falseCreep
  out.push(
    fc.lower <= 0.01
      ? `- False creep ${pct(fc.rate)} of flat series: consistent with the 99% interval's nominal 1% or less.`
      : `- **Above nominal**: false creep ${pct(fc.rate)} of flat series, the band [${pct(fc.lower)}, ${pct(fc.upper)}] above the 99% interval's nominal 1%.`
  )
  return out
}

/** Why steps are missed (hand-written from the committed run; shown only when some are). */
const MISSED = `
Since change points are decided by a rank test widened for serial correlation (docs/history.md, "Calibration"),
a step needs about a dozen points on each side within its environment segment: with 50 series × 100 commits
the family threshold is q over about 4,900 positions (p ≤ 2e-6), and Mann-Whitney with 8 points after a
step cannot go below p ≈ 2e-5 however large the step (−10% at commit 92: 0 of 100; the t-test reached
1e-20 there), nor with 10 before it (+5% at commit 75, 10 commits into the new environment: 73 of 100).
Such a step is reported once enough commits after it are recorded. The false change points fell from 0.47
to 0.01 per 5,000 series-commits. What follows describes the earlier, t-test version.

The step is not too small to see (a 5% step is 5 sd of the location noise). In the first run of this study
(\`analyseHistory\` as otava merges: re-testing only the neighbours to the right of a dropped weak point)
86.5–96.5% of the steps were found by size: E-divisive's windows proposed short segments around a step (1–2
points on a side), and dropping them dropped the step's own point too. \`analyseHistory\` then re-tested the
left neighbour as well (\`retestLeftNeighbour\` in \`stats/changePoints.ts\`): 796 of 800 found, false change
points 0.41 → 0.42 per 5,000. Of the 4 it still missed, all 2 commits off, 2 had two points half-way
between the levels at the step, which pulled E-divisive's point past them (history 1: commit 77 for a step
at 75, where the single-split t-test gives p 6.5e-11 against 1.2e-12 at 75; its q̂ compares distributions,
not means) or made a 2-point segment whose drop kept the far end (history 38: 86 for 88). So each point
now moves to the least-squares place of its step between its neighbours (\`refineChangePoints\`, the
maximum-likelihood place of one mean shift), which gives the table above: false change points 0.42 → 0.47
per 5,000; over 500 other histories (seed 1) 3,993 → 4,000 of 4,000 steps found, 0.46 → 0.50 false per
5,000. The 2 still missed here are in the data, not the method: the first point after the step (commit 41
of history 35, commit 21 of history 88) fell back to the old level, 4–5 sd from the new one, so the
least-squares place of the step is 2 commits late (single-split p 8.4e-29 there against 5.7e-28 at the
planted commit; 4.6e-24 against 5.1e-24).
`

/** "History on main" (issue 31): the simulated histories' table and which targets it meets. */
export function historySection(r: HistoryResults | undefined): string {
  if (!r)
    return '\n## History on main\n\n_Not run yet (`npm run validate -- history --out …/history.json`)._\n'
  const steps = PLANTED_STEPS.map((s) => `${signed(s.size)} at commit ${s.at}`).join(', ')
  return `
## History on main

\`benchgate history\` finds change points, environment changes and creep in the results recorded on main
(docs/history.md, STATISTICS §11). Each simulated history has ${HISTORY_SERIES} series (benchmarks) × ${HISTORY_COMMITS}
commits of records as \`history record\` writes them, analysed by the product's \`analyseHistory\` with its defaults.
Noise: log-normal, sd 1% per record on the location and 0.3% on a paired step (its 95% interval ±1.96 sd on the
log scale) — the figures docs/history.md uses for its measured-noise tests, not the ABBA noise model of study 1.
Planted in every history: steps in 8 series (${steps}); a creep of +${((CREEP_PER_COMMIT - 1) * 100).toFixed(1)}% per
commit over the last ${HISTORY_COMMITS - CREEP_FROM} commits in one series; and an environment change — a new CPU model from
commit ${ENV_COMMIT} on that makes every series ${pct(ENV_SHIFT - 1, 0)} slower (paired steps, measured on one runner, do
not see it). A change point counts as found when it is within ±1 commit of the planted one; any other change point
is false (the creeping series aside: a trend is a real change), so false change points are counted over
${HISTORY_SERIES - 1} series × ${HISTORY_COMMITS} commits per history. False creep is the share of series flat over the
creep window (no planted change in its last 30 steps) reported as creeping.

${renderHistoryStudy(r)}

${verdicts(r).join('\n')}
${r.steps.some((x) => x.found.x < x.found.n) ? MISSED : ''}`
}
