/**
 * Fitting a rendered report into a size cap (GitHub's 65,536 characters for a comment) in linear
 * time. Every part is rendered once; the parts the cap may shorten are lists whose sizes are known
 * from prefix sums, so choosing how much of each to keep is arithmetic, not re-rendering (a suite
 * with a 2 MiB field or 10,000 benchmarks must not make the comment quadratic).
 */

/** Lines of text, each ending in "\n" once joined; size = Σ (length + 1). */
export function linesSize(lines: readonly string[]): number {
  let n = 0
  for (const l of lines) n += l.length + 1
  return n
}

/** A part of the report: fixed (count 0) or a list the cap may cut from its end. */
export interface Part {
  /** What the notice calls the left-out items, e.g. "benchmarks without a significant change". */
  what: string
  /** Items that may be left out (from the end). */
  count: number
  /** Exact size in characters with the first k items (0 ≤ k ≤ count). O(1). */
  size(k: number): number
  render(k: number): string[]
}

/** A fixed part (never cut). */
export function fixedPart(lines: string[]): Part {
  const size = linesSize(lines)
  return { what: '', count: 0, size: () => size, render: () => lines }
}

/**
 * A list part: `open` lines, the first k `items` (one line each) with the footnotes they refer to,
 * a "more" line when items are left out, then `close`. `notesNeeded[k]` is how many of `notes`
 * the first k items refer to (non-decreasing; footnotes are numbered by first use).
 */
export function listPart(spec: {
  what: string
  open: string[]
  items: string[]
  notes?: string[]
  notesNeeded?: number[]
  /** Lines after the items and their footnotes (e.g. a table's explanation, `</details>`). */
  close: string[]
  /** The line that says n items were left out. */
  more: (n: number) => string[]
}): Part {
  const { items, open, close } = spec
  const notes = spec.notes ?? []
  const needed = spec.notesNeeded ?? items.map(() => 0).concat([0])
  const itemPrefix = prefixSums(items)
  const notePrefix = prefixSums(notes)
  const base = linesSize(open) + linesSize(close)
  const notesBlock = (k: number) => (needed[k] > 0 ? notePrefix[needed[k]] + 1 : 0) // + the blank line before
  return {
    what: spec.what,
    count: items.length,
    size: (k) =>
      base + itemPrefix[k] + notesBlock(k) + (k < items.length ? linesSize(spec.more(items.length - k)) : 0),
    render: (k) => [
      ...open,
      ...items.slice(0, k),
      ...(needed[k] > 0 ? ['', ...notes.slice(0, needed[k])] : []),
      ...(k < items.length ? spec.more(items.length - k) : []),
      ...close
    ]
  }
}

/** prefix[i] = Σ_{j<i} (items[j].length + 1). */
function prefixSums(items: readonly string[]): number[] {
  const out = new Array<number>(items.length + 1)
  out[0] = 0
  for (let i = 0; i < items.length; i++) out[i + 1] = out[i] + items[i].length + 1
  return out
}

/** What the cap left out: the part's `what` and how many of its items. */
export interface LeftOut {
  what: string
  count: number
  of: number
}

/**
 * Keeps every part whole if the total fits `maxChars`; otherwise cuts the parts in `dropOrder`
 * (indices into `parts`) one after another, each from its end, until the total plus `reserve`
 * (room for a notice) fits. Linear in the number of items.
 * @returns how many items of each part to render, and what was left out
 */
export function fit(
  parts: Part[],
  dropOrder: number[],
  maxChars: number,
  reserve: number
): { keep: number[]; leftOut: LeftOut[] } {
  const keep = parts.map((p) => p.count)
  let total = parts.reduce((sum, p, i) => sum + p.size(keep[i]), 0)
  if (total <= maxChars) return { keep, leftOut: [] }
  const budget = maxChars - reserve
  for (const i of dropOrder) {
    const p = parts[i]
    while (total > budget && keep[i] > 0) {
      const before = p.size(keep[i])
      keep[i]--
      total += p.size(keep[i]) - before
    }
    if (total <= budget) break
  }
  const leftOut = dropOrder
    .filter((i) => keep[i] < parts[i].count)
    .map((i) => ({ what: parts[i].what, count: parts[i].count - keep[i], of: parts[i].count }))
  return { keep, leftOut }
}
