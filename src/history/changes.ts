/**
 * What moved in the history (docs/statistics.md §11, docs/history.md "changes.json"). Pure: records in,
 * findings out.
 *
 * - Records that measured nothing are stepped over; environment changes (a new fingerprint) cut every
 *   series into segments; a single odd record is a suspect record (history/series.ts).
 * - **Change points**: per benchmark and segment, E-divisive's places tested by a rank test widened by
 *   the series' serial correlation, with a size ≥ δ (history/segmentChangePoints.ts); then
 *   Benjamini-Hochberg at q over a family of **every split position of every segment of every series**
 *   (a segment of n points has n − 1), the positions without a point entering with p = 1: the place
 *   was chosen to maximise the difference, so its p-value alone is far too small; counting every
 *   scanned position makes the smallest threshold q/(Σ positions).
 * - **Code or environment** (history/pairedSteps.ts): a change point whose move the paired steps over
 *   its commits do not show is an environment change, whatever the fingerprint says; such points at
 *   the same commits are one environment change `by: 'paired steps'`.
 * - **Creep** (history/creepOf.ts): the paired steps and the locations' trend over the last W commits.
 *
 * @module
 */
import { benjaminiHochberg } from '../stats/multiplicity.js'
import { serialCorrelation, serialInflation } from '../stats/serialShift.js'
import { median } from '../stats/summary.js'
import {
  CHANGES_FORMAT,
  CHANGES_VERSION,
  DEFAULT_CHANGES_OPTIONS,
  type ChangePointFinding,
  type Changes,
  type ChangesOptions,
  type CreepFinding,
  type EnvironmentChange
} from './changeTypes.js'
import { creepOf } from './creepOf.js'
import { causeOf, pairedTotal } from './pairedSteps.js'
import type { CommitRecord } from './record.js'
import { MIN_SIDE_POINTS, segmentChangePoints } from './segmentChangePoints.js'
import { environments, measuredHistory, ref, segmentsOf, seriesOf, type Point } from './series.js'

export * from './changeTypes.js'
export { MIN_SEGMENT_POINTS, MIN_SIDE_POINTS } from './segmentChangePoints.js'

interface Candidate {
  series: string
  finding: Omit<ChangePointFinding, 'q_value'>
}

const logSegments = (points: readonly Point[]) => segmentsOf(points).map((s) => s.map((p) => p.log))

/**
 * ρ̂ of every series (stats/serialShift.ts): the history's, pooled over all series (the runner's slow
 * hours are shared), or the series' own when clearly higher (its estimate less 2/√(differences), about
 * one standard error: on 50 points of white noise its own ρ̂ is above 0.33 one time in ten).
 */
export function serialCorrelations(series: ReadonlyMap<string, Point[]>): Map<string, number> {
  const segments = new Map([...series].map(([name, points]) => [name, logSegments(points)]))
  const pooled = serialCorrelation([...segments.values()].flat())
  return new Map(
    [...segments].map(([name, segs]) => {
      const diffs = segs.reduce((n, s) => n + Math.max(0, s.length - 1), 0)
      const own = diffs > 0 ? serialCorrelation(segs) - 2 / Math.sqrt(diffs) : 0
      return [name, Math.max(pooled, own)]
    })
  )
}

/**
 * Change-point candidates of one series, segment by segment, and the number of split positions
 * without one (the hypotheses that are in the family with p = 1).
 */
function candidates(
  name: string,
  points: readonly Point[],
  inflation: number,
  options: ChangesOptions,
  parentOf: (r: CommitRecord) => string
): { found: Candidate[]; quiet: number } {
  const found: Candidate[] = []
  let quiet = 0
  const index = new Map(points.map((p, i) => [p, i]))
  for (const seg of segmentsOf(points)) {
    const cps = segmentChangePoints(
      seg.map((p) => p.log),
      inflation,
      options.q,
      options.delta
    )
    quiet += Math.max(0, seg.length - 1 - cps.length)
    cps.forEach(({ index: at, test }, position) => {
      const from = seg[at - 1]
      const to = seg[at]
      const range = pairedTotal(points, index.get(from)!, index.get(to)!, parentOf)
      // Towards the middle of the segments either side, at most MIN_SIDE_POINTS points (history/pairedSteps.ts causeOf):
      // a longer span adds the noise of every step in it and would hide an environment change.
      const start = Math.max(position > 0 ? cps[position - 1].index : 0, at - 2 * MIN_SIDE_POINTS)
      const end = Math.min(
        position + 1 < cps.length ? cps[position + 1].index : seg.length,
        at + 2 * MIN_SIDE_POINTS
      )
      const mid = (a: number, b: number) => seg[Math.floor((a + b - 1) / 2)]
      const span = pairedTotal(points, index.get(mid(start, at))!, index.get(mid(at, end))!, parentOf)
      found.push({
        series: name,
        finding: {
          from: ref(from.record),
          to: ref(to.record),
          before: Math.exp(test.medianBefore),
          after: Math.exp(test.medianAfter),
          change: Math.expm1(test.shift),
          p_value: test.pValue,
          ...causeOf(test, range, span)
        }
      })
    })
  }
  return { found, quiet }
}

/** Change points the paired steps do not explain, grouped by their commits: environment changes the fingerprint missed. */
function unexplainedChanges(kept: ReadonlyMap<string, ChangePointFinding[]>): EnvironmentChange[] {
  const groups = new Map<string, ChangePointFinding[]>()
  for (const list of kept.values())
    for (const c of list) {
      if (c.cause !== 'environment') continue
      const key = `${c.from.commit} ${c.to.commit}`
      groups.set(key, [...(groups.get(key) ?? []), c])
    }
  return [...groups.values()].map((g) => ({
    from: g[0].from,
    to: g[0].to,
    fields: {},
    by: 'paired steps' as const,
    series: g.length,
    change: median(g.map((c) => c.change))
  }))
}

/**
 * The creep of every benchmark over its last `window` paired steps (null without a usable step), by
 * name: what `analyseHistory` reports as `creep`, without the change points.
 */
export function creepBySeries(
  records: readonly CommitRecord[],
  options: Partial<ChangesOptions> = {}
): Map<string, CreepFinding | null> {
  const o = { ...DEFAULT_CHANGES_OPTIONS, ...options }
  const h = measuredHistory(records)
  const series = seriesOf(h.records, environments(h.records).segment)
  const rho = serialCorrelations(series)
  return new Map(
    [...series].map(([name, points]) => [
      name,
      creepOf(points, o, serialInflation(rho.get(name)!), h.parentOf)
    ])
  )
}

/**
 * The findings of a history.
 *
 * @param records one per commit, in history order (the store's `readAll`).
 * @param options q, window, delta, creepLevel (DEFAULT_CHANGES_OPTIONS).
 * Complexity: per series, O(N·W²) for E-divisive (W = 50, its window), O(k·N log N) for k proposed
 * points, O(N) for creep.
 */
export function analyseHistory(
  records: readonly CommitRecord[],
  options: Partial<ChangesOptions> = {}
): Changes {
  const o = { ...DEFAULT_CHANGES_OPTIONS, ...options }
  const h = measuredHistory(records)
  const env = environments(h.records)
  const series = seriesOf(h.records, env.segment)
  const names = [...series.keys()].sort()
  const rho = serialCorrelations(series)
  const all: Candidate[] = []
  let quiet = 0 // split positions scanned without a candidate: one hypothesis each, p = 1
  for (const name of names) {
    const c = candidates(name, series.get(name)!, serialInflation(rho.get(name)!), o, h.parentOf)
    all.push(...c.found)
    quiet += c.quiet
  }
  const pValues = [...all.map((c) => c.finding.p_value), ...new Array<number>(quiet).fill(1)]
  const bh = pValues.length ? benjaminiHochberg(pValues, o.q) : { qValues: [], rejected: [] }
  const kept = new Map<string, ChangePointFinding[]>()
  all.forEach((c, i) => {
    if (!bh.rejected[i]) return
    kept.set(c.series, [...(kept.get(c.series) ?? []), { ...c.finding, q_value: bh.qValues[i] }])
  })
  const at = new Map(h.records.map((r, i) => [r.commit, i]))
  const environmentChanges = [...env.changes, ...unexplainedChanges(kept)].sort(
    (a, b) => at.get(a.to.commit)! - at.get(b.to.commit)!
  )
  return {
    format: CHANGES_FORMAT,
    version: CHANGES_VERSION,
    options: o,
    commits: records.length,
    nothing_measured: h.nothingMeasured,
    first: records.length ? ref(records[0]) : null,
    last: records.length ? ref(records[records.length - 1]) : null,
    environment_changes: environmentChanges,
    suspect_records: env.suspects,
    series: names.map((name) => {
      const points = series.get(name)!
      return {
        name,
        points: points.length,
        segments: segmentsOf(points).length,
        serial_correlation: rho.get(name)!,
        change_points: kept.get(name) ?? [],
        creep: creepOf(points, o, serialInflation(rho.get(name)!), h.parentOf)
      }
    })
  }
}
