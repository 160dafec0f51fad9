/**
 * `summary.md` of `benchgate history report`: the findings of history/changes.ts as a Markdown list,
 * every untrusted text (benchmark names, fingerprint values) escaped with report/escape.ts. Pure.
 */
import { mdCode, mdText } from '../report/escape.js'
import { formatChange, formatDuration, formatLevel, formatP, plural } from '../report/format.js'
import type { Changes, CommitRef } from './changes.js'

const short = (sha: string) => mdCode(sha.slice(0, 12))
const pr = (c: CommitRef) => (c.pr === null ? '' : ` (PR #${c.pr})`)
const range = (from: CommitRef, to: CommitRef) => `${short(from.commit)} → ${short(to.commit)}${pr(to)}`

function environmentLines(changes: Changes): string[] {
  if (changes.environment_changes.length === 0) return ['No environment change.']
  return changes.environment_changes.map((e) => {
    const fields = Object.entries(e.fields)
      .map(([k, [a, b]]) => `${k} ${mdText(String(a ?? '–'))} → ${mdText(String(b ?? '–'))}`)
      .join('; ')
    return `- ${range(e.from, e.to)}, ${e.to.date.slice(0, 10)}: ${fields} (the series restart here; not a code change)`
  })
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
          `at ${range(c.from, c.to)}, ${c.to.date.slice(0, 10)}; p ${formatP(c.p_value)}, q ${formatP(c.q_value)}`
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

/** The Markdown summary of a history's findings. */
export function renderSummary(changes: Changes): string {
  const o = changes.options
  const span =
    changes.first && changes.last
      ? `${plural(changes.commits, 'recorded commit')}, ${short(changes.first.commit)} (${changes.first.date.slice(0, 10)}) to ${short(changes.last.commit)} (${changes.last.date.slice(0, 10)})`
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
    ''
  ].join('\n')
}
