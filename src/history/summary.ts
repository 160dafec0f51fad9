/**
 * `summary.md` of `benchgate history report`: the findings of history/changes.ts as a Markdown list,
 * every text from a record (names, fingerprint values, PR numbers, dates) and every message about the
 * store escaped with report/escape.ts: a record is untrusted (docs/security.md, defence 15). Pure.
 */
import { mdCode, mdText } from '../report/escape.js'
import { formatChange, formatDuration, formatLevel, formatP, plural } from '../report/format.js'
import type { Changes, CommitRef, CreepFinding, EnvironmentChange } from './changeTypes.js'
import { filesOrRecords } from './files.js'

const short = (sha: string) => mdCode(sha.slice(0, 12))
const pr = (c: CommitRef) => (c.pr === null ? '' : ` (PR #${mdText(String(c.pr))})`)
const day = (c: CommitRef) => mdText(c.date.slice(0, 10))
const range = (from: CommitRef, to: CommitRef) => `${short(from.commit)} → ${short(to.commit)}${pr(to)}`
const fieldText = (fields: EnvironmentChange['fields']) =>
  Object.entries(fields)
    .map(([k, [a, b]]) => `${mdText(k)} ${mdText(String(a ?? '–'))} → ${mdText(String(b ?? '–'))}`)
    .join('; ')

function environmentLines(changes: Changes): string[] {
  const suspects = changes.suspect_records.map(
    (s) =>
      `- suspect record: environment fingerprint differs from its neighbours: ${short(s.commit)}${pr(s)}, ${day(s)}: ` +
      `${fieldText(s.fields)} (left out of change-point detection; the series do not restart)`
  )
  if (changes.environment_changes.length === 0) return ['No environment change.', ...suspects]
  return [
    ...changes.environment_changes.map((e) =>
      e.by === 'fingerprint'
        ? `- ${range(e.from, e.to)}, ${day(e.to)}: ${fieldText(e.fields)} (the series restart here; not a code change)`
        : `- ${range(e.from, e.to)}, ${day(e.to)}: ${plural(e.series ?? 0, 'series', 'series')} moved (median ${formatChange(1 + (e.change ?? 0))}) where ` +
          'their paired steps did not: not explained by the code (an environment change the fingerprint does not show)'
    ),
    ...suspects
  ]
}

/** What the store held that was left out (history/files.ts says why, per file or record). */
function unreadLines(problems: readonly string[]): string[] {
  if (problems.length === 0) return []
  return [
    '### Records left out',
    '',
    `${filesOrRecords(problems.length)} of the store could not be trusted and ${problems.length === 1 ? 'was' : 'were'} left out; the rest is reported.`,
    '',
    ...problems.map((p) => `- ${mdText(p)}`),
    ''
  ]
}

const interval = (x: { change: number; lo: number; hi: number }) =>
  `${formatChange(1 + x.change)} [${formatChange(1 + x.lo)}, ${formatChange(1 + x.hi)}]`

/** A reported creep, or a trend the paired steps do not show; null for neither. */
function creepLine(creep: CreepFinding | null): string | null {
  if (creep?.unexplained && creep.trend)
    return (
      `  - the locations trend ${interval(creep.trend)} (${formatLevel(creep.level)}) over the last ${plural(creep.steps, 'commit')} ` +
      `where the paired steps do not (${interval(creep)}): not explained by the code`
    )
  if (!creep?.reported) return null
  const trend = creep.trend ? `; the locations' trend ${interval(creep.trend)}` : ''
  return (
    `  - creep ${interval(creep)} (${formatLevel(creep.level)}) since ${short(creep.since)}, over ${plural(creep.steps, 'paired step')}` +
    (creep.gaps ? ` (${plural(creep.gaps, 'gap')} in the chain)` : '') +
    trend +
    (creep.witness === 'trend' ? ' (shown by the trend, which the paired steps hold)' : '')
  )
}

function seriesLines(changes: Changes): string[] {
  const lines: string[] = []
  for (const s of changes.series) {
    // A move the paired steps do not show is listed with its environment change above.
    const cps = s.change_points.filter((c) => c.cause !== 'environment')
    const creep = creepLine(s.creep)
    if (cps.length === 0 && !creep) continue
    lines.push(`- ${mdCode(s.name)}`)
    for (const c of cps)
      lines.push(
        `  - change point ${formatChange(1 + c.change)} (${formatDuration(c.before)} → ${formatDuration(c.after)}) ` +
          `at ${range(c.from, c.to)}, ${day(c.to)}; p ${formatP(c.p_value)}, q ${formatP(c.q_value)}` +
          (c.paired ? `; paired steps ${interval(c.paired)}` : '; the paired steps do not cover it')
      )
    if (creep) lines.push(creep)
  }
  return lines.length ? lines : ['No change point and no creep.']
}

/**
 * The Markdown summary of a history's findings.
 * @param problems what the store read left out (StoreRead.problems), listed after the findings.
 */
export function renderSummary(changes: Changes, problems: readonly string[] = []): string {
  const o = changes.options
  const span =
    changes.first && changes.last
      ? `${plural(changes.commits, 'recorded commit')}, ${short(changes.first.commit)} (${day(changes.first)}) to ${short(changes.last.commit)} (${day(changes.last)})` +
        (changes.nothing_measured
          ? ` (${plural(changes.nothing_measured, 'commit')} built the same program as ${changes.nothing_measured === 1 ? 'its' : 'their'} parent: nothing measured, stepped over)`
          : '')
      : 'no recorded commit'
  return [
    '## Benchmark history',
    '',
    `${span}; ${plural(changes.series.length, 'benchmark')}. Change points at false discovery rate q = ${o.q} over all series, of at least ${formatChange(1 + o.delta, 0)}; ` +
      `creep over the last ${o.window} paired steps when the paired steps' or the locations' trend interval excludes 0 (${formatLevel(o.creepLevel)} for the two together) and the total is at least ${formatChange(1 + o.delta, 0)}.`,
    '',
    '### Environment changes',
    '',
    ...environmentLines(changes),
    '',
    '### Change points and creep',
    '',
    ...seriesLines(changes),
    '',
    ...unreadLines(problems)
  ].join('\n')
}
