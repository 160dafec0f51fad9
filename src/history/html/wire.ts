/**
 * The JSON that history.html carries (`<script type="application/json" id="history-data">`), as
 * embed.ts writes it and the page script (client.ts, through decode.ts) reads it: one type for both
 * sides. Columnar and integer-coded to stay small at 1,000 benchmarks × 1,000 commits: the commits
 * once, and per benchmark its locations as integers relative to one base value. Types only.
 */

/** The whole page's data. */
export interface HistoryWire {
  /** Repository web URL (https, no trailing slash) for commit and PR links, or null: SHAs shown as text. */
  u: string | null
  /** The commits in history order: full SHAs, dates (ISO, to the minute), PR numbers (0: none). */
  c: string[]
  d: string[]
  p: number[]
  /** Environment changes: [index of the first commit of the new environment, what changed]. */
  e: Array<[number, string]>
  /** The analysis options the findings were made with. */
  o: { q: number; window: number; delta: number }
  /** One per benchmark: those with findings first (largest change first), then the rest by name. */
  s: SeriesWire[]
}

/** One benchmark's trend and findings. */
export interface SeriesWire {
  /** The benchmark's name (untrusted: the page sets it as text only). */
  n: string
  /** Base location (ns, 6 significant digits): the points are relative to it. */
  b: number
  /** Commit indices with a point, as runs: [first index, run length, first index, run length, …]. */
  x: number[]
  /** Per point: round(Y_SCALE · ln(median / b)). */
  y: number[]
  /**
   * Per point, the location's interval: round(CI_SCALE · ln(median / lo)) and round(CI_SCALE · ln(hi /
   * median)), −1 where the record has none. Absent when no point has one.
   */
  l?: number[]
  h?: number[]
  /** Change points: [index of the commit before, index of the first commit after, before ns, after ns]. */
  k: Array<[number, number, number, number]>
  /** The creep over the window when reported, else absent. */
  r?: { c: number; lo: number; hi: number; n: number; since: string; gaps: number }
}

/** Resolution of the locations: 1e-4 on the log scale (0.01%). */
export const Y_SCALE = 1e4
/** Resolution of the interval bounds: 1e-3 on the log scale (0.1%). */
export const CI_SCALE = 1e3
