/**
 * `summary.md` of `benchgate history report`: the findings of history/changes.ts as a Markdown list,
 * every text from a record (names, fingerprint values, PR numbers, dates) and every message about the
 * store escaped with report/escape.ts: a record is untrusted (docs/security.md, defence 15). Pure.
 */
import { mdCode, mdText } from '../report/escape.js'
import { formatChange, formatDuration, formatLevel, formatP, plural } from '../report/format.js'
import type { Changes, CommitRef, EnvironmentChange } from './changes.js'
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
    ...changes.environment_changes.map(
      (e) =>
        `- ${range(e.from, e.to)}, ${day(e.to)}: ${fieldText(e.fields)} (the series restart here; not a code change)`
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

function seriesLines(changes: Changes): string[] {
  const lines: string[] = []
  for (const s of changes.series) {
    const cps = s.change_points
    const creep = s.creep?.reported ? s.creep : null
    if (cps.length === 0 && !creep) continue
    lines.push(`- ${mdCode(s.name)}`)
    for (const c of cps)
      lines.push(
        `  - change point ${formatChange(1 + c.change)} (${formatDuration(c.before)} → ${formatDuration(c.after)}) ` +
          `at ${range(c.from, c.to)}, ${day(c.to)}; p ${formatP(c.p_value)}, q ${formatP(c.q_value)}`
      )
    if (creep)
      lines.push(
        `  - creep ${formatChange(1 + creep.change)} [${formatChange(1 + creep.lo)}, ${formatChange(1 + creep.hi)}] ` +
          `(${formatLevel(creep.level)}) since ${short(creep.since)}, over ${plural(creep.steps, 'paired step')}` +
          (creep.gaps ? ` (${plural(creep.gaps, 'gap')} in the chain)` : '')
      )
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
      ? `${plural(changes.commits, 'recorded commit')}, ${short(changes.first.commit)} (${day(changes.first)}) to ${short(changes.last.commit)} (${day(changes.last)})`
      : 'no recorded commit'
  return [
    '## Benchmark history',
    '',
    `${span}; ${plural(changes.series.length, 'benchmark')}. Change points at false discovery rate q = ${o.q} over all series; ` +
      `creep over the last ${o.window} paired steps when its ${formatLevel(o.creepLevel)} interval excludes 0 and the total is at least ${formatChange(1 + o.delta, 0)}.`,
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
