/**
 * Decodes one benchmark of history.html's data (wire.ts) back into points: used by the page script
 * (bundled into it) and by the tests, so the round trip checked is the one the browser runs. Pure.
 */
import { CI_SCALE, Y_SCALE, type SeriesWire } from './wire.js'

/** One benchmark's points: commit index, location (ns) and its interval (NaN where none). */
export interface SeriesPoints {
  index: number[]
  median: number[]
  lo: number[]
  hi: number[]
}

/** The commit indices of the runs [first, length, first, length, …]. */
function expandRuns(runs: readonly number[]): number[] {
  const out: number[] = []
  for (let j = 0; j + 1 < runs.length; j += 2) for (let k = 0; k < runs[j + 1]; k++) out.push(runs[j] + k)
  return out
}

/** The points of one benchmark. Complexity: O(points). */
export function seriesPoints(s: SeriesWire): SeriesPoints {
  const index = expandRuns(s.x)
  const median = s.y.map((v) => s.b * Math.exp(v / Y_SCALE))
  const lo = median.map((m, i) => (s.l && s.l[i] >= 0 ? m * Math.exp(-s.l[i] / CI_SCALE) : NaN))
  const hi = median.map((m, i) => (s.h && s.h[i] >= 0 ? m * Math.exp(s.h[i] / CI_SCALE) : NaN))
  return { index, median, lo, hi }
}
