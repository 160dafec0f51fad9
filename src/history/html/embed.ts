/**
 * history.html's data (wire.ts) from the records and their findings: columnar, numbers as small
 * integers (locations to 0.01%, intervals to 0.1% on the log scale), benchmarks with findings first.
 * Pure.
 */
import { sig } from '../../report/format.js'
import type { Changes, SeriesChanges } from '../changes.js'
import type { CommitRecord } from '../record.js'
import { CI_SCALE, Y_SCALE, type HistoryWire, type SeriesWire } from './wire.js'

/** The largest finding of a series on the log scale (change points and reported creep); 0 for none. */
function weight(s: SeriesChanges): number {
  const cps = s.change_points.map((c) => Math.abs(Math.log(c.after / c.before)))
  const creep = s.creep?.reported ? [Math.abs(Math.log1p(s.creep.change))] : []
  return Math.max(0, ...cps, ...creep)
}

/** Benchmarks with findings first (largest first), then the others; each group by name. */
function pageOrder(series: readonly SeriesChanges[]): SeriesChanges[] {
  const w = new Map(series.map((s) => [s, weight(s)]))
  return [...series].sort((a, b) => w.get(b)! - w.get(a)! || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** [first, length, …] runs of ascending indices. */
function runs(indices: readonly number[]): number[] {
  const out: number[] = []
  for (const i of indices) {
    const n = out.length
    if (n && out[n - 2] + out[n - 1] === i) out[n - 1]++
    else out.push(i, 1)
  }
  return out
}

/** Median of positive numbers (the base that keeps the integers small). */
function middle(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor((s.length - 1) / 2)]
}

/**
 * The page's data.
 * @param records one per commit, in history order (as analysed)
 * @param changes analyseHistory(records)
 * @param repoUrl the repository's web address (repoUrl.ts), or null
 * Complexity: O(records × benchmarks).
 */
export function embedHistory(
  allRecords: readonly CommitRecord[],
  changes: Changes,
  repoUrl: string | null
): HistoryWire {
  // A commit that measured nothing has no point: left off the axis, so each line runs on over it.
  const records = allRecords.filter((r) => !r.nothing_measured)
  const at = new Map(records.map((r, i) => [r.commit, i]))
  // Each benchmark's points, in one pass over the records.
  const points = new Map<string, Array<{ i: number; m: number; ci: [number, number] | null }>>()
  records.forEach((r, i) => {
    for (const b of r.benchmarks) {
      const m = b.location?.median
      if (!m || !(m > 0)) continue
      const ci = b.location!.ci
      const list = points.get(b.name) ?? []
      list.push({ i, m, ci: ci && ci[0] > 0 && ci[0] <= m && m <= ci[1] ? ci : null })
      points.set(b.name, list)
    }
  })
  const series = pageOrder(changes.series).map((changeSeries): SeriesWire => {
    const pts = points.get(changeSeries.name) ?? []
    const b = pts.length ? sig(middle(pts.map((p) => p.m)), 6) : 1
    const out: SeriesWire = {
      n: changeSeries.name,
      b,
      x: runs(pts.map((p) => p.i)),
      y: pts.map((p) => Math.round(Y_SCALE * Math.log(p.m / b))),
      k: changeSeries.change_points.map((c) => [
        at.get(c.from.commit) ?? -1,
        at.get(c.to.commit) ?? -1,
        sig(c.before, 5),
        sig(c.after, 5)
      ])
    }
    if (pts.some((p) => p.ci)) {
      out.l = pts.map((p) => (p.ci ? Math.round(CI_SCALE * Math.log(p.m / p.ci[0])) : -1))
      out.h = pts.map((p) => (p.ci ? Math.round(CI_SCALE * Math.log(p.ci[1] / p.m)) : -1))
    }
    const c = changeSeries.creep
    if (c?.reported)
      out.r = {
        c: sig(c.change, 4),
        lo: sig(c.lo, 4),
        hi: sig(c.hi, 4),
        n: c.steps,
        since: c.since,
        gaps: c.gaps
      }
    return out
  })
  return {
    u: repoUrl,
    c: records.map((r) => r.commit),
    d: records.map((r) => minute(r.date)),
    p: records.map((r) => (Number.isInteger(r.pr) ? r.pr! : 0)), // a number reaches the page, whatever a record holds
    e: changes.environment_changes.map((e) => [
      at.get(e.to.commit) ?? -1,
      e.by === 'paired steps'
        ? `${e.series ?? 0} series moved where the paired steps did not: not explained by the code`
        : Object.entries(e.fields)
            .map(([k, [a, b]]) => `${k}: ${String(a ?? '–')} → ${String(b ?? '–')}`)
            .join('; ')
    ]),
    o: { q: changes.options.q, window: changes.options.window, delta: changes.options.delta },
    s: series
  }
}

/** An ISO date to the minute ("2026-11-26T16:00Z"); other text as it is. */
function minute(date: string): string {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d)/.exec(date)
  return m ? `${m[1]}Z` : date
}
