/** "Did you mean …?" for a misspelled option, command, value or ref. */
import { distance } from 'fastest-levenshtein'

/**
 * The candidate closest to `word` by edit distance, when it is close enough to be a typo: at most
 * 2 edits, and fewer than a third of the longer word's length for short words (so `--x` does not
 * suggest `--html`). Two neighbouring letters swapped count as one edit (`hlom` → `holm`), as
 * Damerau's distance has it. Ties go to the earlier candidate. Case is ignored.
 */
export function closest(word: string, candidates: Iterable<string>): string | null {
  const w = word.toLowerCase()
  let best: string | null = null
  let bestDistance = Infinity
  for (const c of candidates) {
    const lower = c.toLowerCase()
    const d = swapsTwoNeighbours(w, lower) ? 1 : distance(w, lower)
    const limit = Math.min(2, Math.floor(Math.max(w.length, c.length) / 3))
    if (d <= limit && d < bestDistance) {
      best = c
      bestDistance = d
    }
  }
  return best
}

/** " Did you mean 'x'?" or '' when nothing is close. */
export function didYouMean(
  word: string,
  candidates: Iterable<string>,
  quote = (s: string) => `'${s}'`
): string {
  const c = closest(word, candidates)
  return c === null ? '' : ` Did you mean ${quote(c)}?`
}

/** `a` is `b` with two neighbouring characters swapped. */
function swapsTwoNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const i = [...a].findIndex((ch, k) => ch !== b[k])
  return (
    i >= 0 && i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  )
}
