/**
 * One sticky comment per pull request with a section per report key (matrix jobs: OS × compiler
 * each set `key`). Each job rewrites only its own section and keeps the others as it found them;
 * the hidden markers carry the keys, so any job can take the comment apart again. Pure text: the
 * API calls are in comment.ts.
 */
import { COMMENT_MAX_CHARS } from '../report/markdown.js'

export interface Section {
  key: string
  /** The section's Markdown, without its markers. */
  body: string
}

const KEY = '[A-Za-z0-9._-]{1,64}'
const SHARED_RE = new RegExp(`<!-- benchgate:comment keys=((?:${KEY})(?:,${KEY})*) -->`)
const SECTION_RE = new RegExp(
  `<!-- benchgate:section key=(${KEY}) -->\\n([\\s\\S]*?)\\n<!-- benchgate:section-end key=\\1 -->`,
  'g'
)
/** The one-report marker of comments written before sections existed (still recognised). */
const LEGACY_RE = new RegExp(`<!-- benchgate:report key=(${KEY}) -->`)
const HEADING_RE = /^### benchgate(?: · <code>[^<]*<\/code>)?: (.*)$/m

/** The comment's own marker; it lists the keys of its sections. */
export function sharedMarker(keys: readonly string[]): string {
  return `<!-- benchgate:comment keys=${keys.join(',')} -->`
}

/** Whether a comment body is a benchgate comment (with sections, or one report of an older version). */
export function isBenchgateBody(body: string): boolean {
  return SHARED_RE.test(body) || LEGACY_RE.test(body)
}

/** The sections of a benchgate comment; an older one-report comment is one section. */
export function parseSections(body: string): Section[] {
  if (!SHARED_RE.test(body)) {
    const legacy = LEGACY_RE.exec(body)
    return legacy ? [{ key: legacy[1], body: body.trim() }] : []
  }
  return [...body.matchAll(SECTION_RE)].map((m) => ({ key: m[1], body: m[2] }))
}

/** Our section for `key`: the report's Markdown. */
export function sectionFor(key: string, markdown: string): Section {
  return { key, body: markdown.trim() }
}

/** With several sections, each heading names its key, so a reader knows which job wrote what (idempotent). */
function keyed(s: Section): Section {
  return { key: s.key, body: s.body.replace(/^### benchgate: /, `### benchgate · <code>${s.key}</code>: `) }
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
    for (const s of all) out.push(`| <code>${s.key}</code> | ${HEADING_RE.exec(s.body)?.[1] ?? '–'} |`)
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
    body: `${s.body.split('\n')[0]}\n\n_This section was shortened to its headline to keep the comment under GitHub's size limit; the job's summary has the report._`
  }))
  const shortened = tryWith(cut)
  if (shortened) return shortened
  throw new Error(`internal: ${others.length + 1} report sections do not fit one comment`)
}
