/**
 * One sticky comment per pull request with a section per report key (matrix jobs: OS × compiler
 * each set `key`). Each job rewrites only its own section and keeps the others as it found them;
 * the hidden markers carry the keys, so any job can take the comment apart again. Pure text: the
 * API calls are in comment.ts.
 *
 * A marker counts only as a whole line outside fenced code, and a comment is ours only when its
 * first line is our marker and its structure parses as ours (docs/security.md): a marker quoted in a
 * reproduce line, a PR title or another workflow's comment is text, never a section. A section that
 * does not parse as a benchgate report is dropped, not carried into the next comment.
 */
import { COMMENT_MAX_CHARS } from '../report/markdown.js'

export interface Section {
  key: string
  /** The section's Markdown, without its markers. */
  body: string
}

const KEY = '[A-Za-z0-9._-]{1,64}'
const SHARED_LINE = new RegExp(`^<!-- benchgate:comment keys=((?:${KEY})(?:,${KEY})*) -->$`)
const START_LINE = new RegExp(`^<!-- benchgate:section key=(${KEY}) -->$`)
const END_LINE = new RegExp(`^<!-- benchgate:section-end key=(${KEY}) -->$`)
/** One report's marker: its first line (or, in comments of earlier versions, its last). */
const REPORT_LINE = new RegExp(`^<!-- benchgate:report key=(${KEY}) -->$`)
const HEADING_RE = /^### benchgate(?: · <code>[^<]*<\/code>)?: (.*)$/

/** The comment's own marker; it lists the keys of its sections. */
export function sharedMarker(keys: readonly string[]): string {
  return `<!-- benchgate:comment keys=${keys.join(',')} -->`
}

/** Whether a comment body is a benchgate comment (with sections, or one report, of this or an older version). */
export function isBenchgateBody(body: string): boolean {
  return parseSections(body).length > 0
}

/**
 * Which lines are outside fenced code (``` or ~~~, CommonMark's rule of a closing fence at least as
 * long as the opening one): only there can a line be a marker.
 */
function outsideCode(lines: readonly string[]): boolean[] {
  let fence: string | null = null
  return lines.map((line) => {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line)
    if (fence === null) {
      if (!m) return true
      fence = m[1]
      return false
    }
    if (m && m[1][0] === fence[0] && m[1].length >= fence.length && m[2].trim() === '') fence = null
    return false
  })
}

/**
 * One report as benchgate renders it: marker, then heading (this version), or heading first and the
 * marker on the last line (earlier versions, recognised so they are rewritten in the new form).
 */
function oneReport(body: string): Section | null {
  const lines = body.trim().split('\n')
  if (lines.length < 2) return null
  const first = REPORT_LINE.exec(lines[0])
  if (first) return HEADING_RE.test(lines[1]) ? { key: first[1], body: body.trim() } : null
  const last = REPORT_LINE.exec(lines[lines.length - 1])
  if (!last || !HEADING_RE.test(lines[0]) || !outsideCode(lines).at(-1)) return null
  return { key: last[1], body: body.trim() }
}

/**
 * The sections of a benchgate comment (first line: the shared marker), or the one report of a
 * comment with a single key; [] when the body is not ours. Only sections whose keys the shared
 * marker lists and whose text parses as a report of that key are kept.
 */
export function parseSections(body: string): Section[] {
  const lines = body.split('\n')
  const shared = SHARED_LINE.exec(lines[0])
  if (!shared) {
    const one = oneReport(body)
    return one ? [one] : []
  }
  const listed = new Set(shared[1].split(','))
  const live = outsideCode(lines)
  const out: Section[] = []
  for (let i = 1; i < lines.length; i++) {
    const start = live[i] ? START_LINE.exec(lines[i]) : null
    if (!start) continue
    const key = start[1]
    let end = i + 1
    while (end < lines.length && !(live[end] && END_LINE.exec(lines[end])?.[1] === key)) end++
    if (end === lines.length) break
    const text = lines.slice(i + 1, end).join('\n')
    if (listed.has(key) && oneReport(text)?.key === key && !out.some((s) => s.key === key))
      out.push({ key, body: text })
    i = end
  }
  return out
}

/** Our section for `key`: the report's Markdown. */
export function sectionFor(key: string, markdown: string): Section {
  return { key, body: markdown.trim() }
}

/** With several sections, each heading names its key, so a reader knows which job wrote what (idempotent). */
function keyed(s: Section): Section {
  return { key: s.key, body: s.body.replace(/^### benchgate: /m, `### benchgate · <code>${s.key}</code>: `) }
}

/** A section's headline (after its marker line, or first in earlier versions). */
function headingOf(body: string): string {
  for (const line of body.split('\n', 3)) {
    const m = HEADING_RE.exec(line)
    if (m) return m[1]
  }
  return '–'
}

/** Sections by key, `default` first, then alphabetical (a stable order whoever writes). */
function ordered(sections: readonly Section[]): Section[] {
  return [...sections].sort((a, b) =>
    a.key === b.key ? 0 : a.key === 'default' ? -1 : b.key === 'default' ? 1 : a.key < b.key ? -1 : 1
  )
}

/**
 * The full comment. One section: the report as it is (its own marker identifies it). Several: the
 * shared marker, an overview table with each key's headline, then each section between its markers.
 */
export function composeComment(sections: readonly Section[]): string {
  if (sections.length === 1) return sections[0].body + '\n'
  const all = ordered(sections).map(keyed)
  const out = [sharedMarker(all.map((s) => s.key))]
  if (all.length > 1) {
    out.push('', '| Job | benchgate |', '|---|---|')
    for (const s of all) out.push(`| <code>${s.key}</code> | ${headingOf(s.body)} |`)
  }
  for (const s of all)
    out.push(
      '',
      `<!-- benchgate:section key=${s.key} -->`,
      s.body,
      `<!-- benchgate:section-end key=${s.key} -->`
    )
  return out.join('\n') + '\n'
}

/**
 * Merges the sections of all our comments, oldest first (a newer comment's section wins), and puts
 * `own` in place of its key's.
 */
export function mergeSections(bodies: readonly string[], own: Section): Section[] {
  const byKey = new Map<string, Section>()
  for (const body of bodies) for (const s of parseSections(body)) byKey.set(s.key, s)
  byKey.set(own.key, own)
  return [...byKey.values()]
}

/** A report's marker and heading (or, from an earlier version, its heading alone). */
function headLines(body: string): string {
  const lines = body.split('\n', 2)
  return REPORT_LINE.test(lines[0]) ? lines.join('\n') : lines[0]
}

/** Below this our own section would be unreadable: the other sections give way instead. */
const MIN_OWN_CHARS = 4000

/**
 * The comment with our section rendered as large as GitHub's limit allows next to the others.
 * If the others leave us less than {@link MIN_OWN_CHARS}, they are cut to their headings.
 * @param render our report's Markdown at most `maxChars` long
 */
export function fitComment(
  others: readonly Section[],
  key: string,
  render: (maxChars: number) => string
): string {
  const tryWith = (rest: readonly Section[]): string | null => {
    const overhead = composeComment([...rest, { key, body: '' }]).length + 100
    const budget = COMMENT_MAX_CHARS - overhead
    if (budget < MIN_OWN_CHARS) return null
    const text = composeComment([...rest, sectionFor(key, render(budget))])
    return text.length <= COMMENT_MAX_CHARS ? text : null
  }
  // Alone, the report is the comment (composeComment adds nothing to it).
  if (others.length === 0) return composeComment([sectionFor(key, render(COMMENT_MAX_CHARS))])
  const full = tryWith(others)
  if (full) return full
  const cut = others.map((s) => ({
    key: s.key,
    body: `${headLines(s.body)}\n\n_This section was shortened to its headline to keep the comment under GitHub's size limit; the job's summary has the report._`
  }))
  const shortened = tryWith(cut)
  if (shortened) return shortened
  throw new Error(`internal: ${others.length + 1} report sections do not fit one comment`)
}
