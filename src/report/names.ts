/**
 * Benchmark names as every report shows them. A pull request controls the names, so one of
 * 100,000 characters must not crowd out the rows that matter (docs/report.md §6): names are cut to
 * NAME_MAX_CHARS with an ellipsis and a short hash of the full name, so two long names that share a
 * prefix stay distinguishable, and the same name always reads the same in every report.
 * Control characters (which could move a terminal's cursor or break a table) and the invisible
 * ones (bidi overrides, zero-width: two names could look identical) are shown as visible escapes
 * (`\u202E`, see escape.ts), and such a name gets the hash too.
 */
import { createHash } from 'node:crypto'
import { showHidden } from './escape.js'

/** Longest name shown, in UTF-16 code units (hash and ellipsis included). */
export const NAME_MAX_CHARS = 200
/** Hex digits of the SHA-256 of the full name appended to a shortened or cleaned name. */
export const NAME_HASH_DIGITS = 8

/**
 * The name as displayed: unchanged when it is short and printable; otherwise its first characters,
 * "…" and "#" + the first NAME_HASH_DIGITS hex digits of SHA-256(name).
 * Complexity: O(length of name) (one hash, one bounded slice).
 */
export function displayName(name: string, max = NAME_MAX_CHARS): string {
  const long = name.length > max
  const head = long ? name.slice(0, max) : name
  const clean = showHidden(head)
  if (!long && clean === name) return name
  const hash = createHash('sha256').update(name).digest('hex').slice(0, NAME_HASH_DIGITS)
  const suffix = `…#${hash}`
  if (!long) return clean + suffix.slice(1) // cleaned only: "name#hash"
  return cutAt(clean, max - suffix.length) + suffix
}

/**
 * Free text (messages, refs, provenance) cut to `max` characters with "…", never splitting a
 * surrogate pair. Complexity: O(max).
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text
  return cutAt(text, max - 1) + '…'
}

/** Free text cut to `max` with its control and invisible characters as visible escapes (safe for a terminal too). O(max). */
export function cleanText(text: string, max: number): string {
  return showHidden(capText(text, max))
}

/**
 * A message (a warning, a build log's tail, a crash's stderr) as one line: its real line breaks read
 * as " / " rather than as escapes (`\u000A`), every other control shown as cleanText shows it.
 */
export function cleanMessage(text: string, max: number): string {
  // Split and trim, not one regex with \s* on both sides: that backtracks quadratically on a long run of blanks.
  // Capped first: a 2 MiB message (hostile, or a long log) costs no more than the part shown.
  const lines = capText(text, max).split(/\r\n|[\r\n\u2028\u2029]/).map((l) => l.trim())
  return cleanText(lines.filter((l) => l !== '').join(' / '), max)
}

function cutAt(text: string, n: number): string {
  const code = text.charCodeAt(n - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n)
}
