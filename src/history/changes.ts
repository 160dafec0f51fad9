/**
 * What moved in the history (docs/statistics.md §11, docs/history.md "changes.json"). Pure: records in,
 * findings out.
 *
 * - **Environment changes**: consecutive records whose fingerprints differ (history/record.ts
 *   FINGERPRINT_FIELDS). Each starts a new segment of every series; never reported as a code change.
 *   A single record whose fingerprint differs from both neighbours (which agree) is a **suspect
 *   record** instead: no segment starts there, and it is left out of change-point detection.
 * - **Change points**: per benchmark and segment, E-divisive means with Hunter's t-test
 *   (stats/changePoints.ts) on the natural logs of the head locations; points with fewer than
 *   MIN_SIDE_POINTS on a side dropped (the others re-tested); each moved to the least-squares place of its
 *   step between its neighbours (refineChangePoints) and re-tested; candidates at p ≤ q; then
 *   Benjamini-Hochberg at q over a family of **every split position of every segment of every series**
 *   (a segment of n points has n − 1), the positions without a candidate entering with p = 1. E-divisive
 *   scans every position and Hunter's t-test is computed after the split was chosen to maximise the
 *   difference, so its p-value is far too small taken alone: on pure noise (100 commits, sd 1%) the
 *   candidates reach p ≈ 1e-3…2e-4, 7 in one series, and BH over the candidates alone keeps them all.
 *   Counting every scanned position makes the smallest threshold q/(Σ positions) (Bonferroni-like for a
 *   single change); a real +5% step at 1% noise has p ≈ 1e-20 and passes easily.
 * - **Creep**: the sum of the last W paired log-ratios (stats/creep.ts), each step's interval first
 *   rescaled to 95% on the log scale from its own level (records keep Bonferroni-widened intervals at
 *   1 − α/K); reported when the total's interval (level `creepLevel`) excludes 0 and |total| ≥ ln(1+δ).
 *
 * @module
 */
import {
  detectChangePoints,
  refineChangePoints,
  testChangePoints,
  type ChangePoint
} from '../stats/changePoints.js'
import { creep } from '../stats/creep.js'
import { benjaminiHochberg } from '../stats/multiplicity.js'
import { normalQuantile } from '../stats/normal.js'
import { FINGERPRINT_FIELDS, fingerprintKey, type CommitRecord, type StepRecord } from './record.js'

export const CHANGES_FORMAT = 'benchgate-history-changes'
export const CHANGES_VERSION = 1

export interface ChangesOptions {
  /** False discovery rate over all change points of all series (default 0.01). */
  q: number
  /** Paired steps in the creep window (default 30). */
  window: number
  /** Smallest creep worth reporting, as a fraction (default 0.02). */
  delta: number
  /** Level of the creep total's interval (default 0.99). */
  creepLevel: number
}

export const DEFAULT_CHANGES_OPTIONS: ChangesOptions = { q: 0.01, window: 30, delta: 0.02, creepLevel: 0.99 }

/**
 * A change point needs this many points on each side. Hunter's t-test uses otava's SD with divisor n:
 * with 2–4 points on a side it is far too small and the p-value tiny on pure noise (measured: p = 2e-8
 * at 2 points against 18). So a change is reported once 5 commits after it are recorded.
 */
export const MIN_SIDE_POINTS = 5

/** Fewer points than this in a segment: no change-point test there (the t-test needs both sides). */
export const MIN_SEGMENT_POINTS = 2 * MIN_SIDE_POINTS

/** A commit in a finding: SHA, date and PR (null when the record has none). */
export interface CommitRef {
  commit: string
  date: string
  pr: number | null
}

export interface EnvironmentChange {
  /** The last commit of the old environment and the first of the new. */
  from: CommitRef
  to: CommitRef
  /** Fingerprint fields that differ: [before, after] (null where a side does not report it). */
  fields: Record<string, [unknown, unknown]>
}

/** A single record whose fingerprint differs from both neighbours' (docs/history.md, "What `history report` finds"). */
export interface SuspectRecord extends CommitRef {
  /** Fingerprint fields that differ: [the neighbours', this record's]. */
  fields: Record<string, [unknown, unknown]>
}

export interface ChangePointFinding {
  /** The range: the change happened after `from` and by `to` (the record before, and the first after). */
  from: CommitRef
  to: CommitRef
  /** Geometric-mean location before and after (ns), and after/before − 1. */
  before: number
  after: number
  change: number
  p_value: number
  /** Benjamini-Hochberg q-value over the whole history. */
  q_value: number
}

export interface CreepFinding {
  /** exp(Σ ln rᵢ) − 1 over the window, and its interval at `level`. */
  change: number
  lo: number
  hi: number
  level: number
  steps: number
  /** The parent of the window's first step, and the window's last commit. */
  since: string
  until: string
  /** Steps whose parent is not the previous record of the series (a gap in the chain). */
  gaps: number
  reported: boolean
}

export interface SeriesChanges {
  name: string
  points: number
  /** Segments of equal fingerprint with points of this benchmark. */
  segments: number
  change_points: ChangePointFinding[]
  creep: CreepFinding | null
}

export interface Changes {
  format: typeof CHANGES_FORMAT
  version: number
  options: ChangesOptions
  commits: number
  first: CommitRef | null
  last: CommitRef | null
  environment_changes: EnvironmentChange[]
  suspect_records: SuspectRecord[]
  series: SeriesChanges[]
}

interface Point {
  record: CommitRecord
  segment: number
  log: number
  step: StepRecord | null
}

const ref = (r: CommitRecord): CommitRef => ({ commit: r.commit, date: r.date, pr: r.pr })

/** Fingerprint fields that differ between two records: [a's, b's]. */
function fieldsBetween(a: CommitRecord, b: CommitRecord): Record<string, [unknown, unknown]> {
  const fields: Record<string, [unknown, unknown]> = {}
  for (const k of FINGERPRINT_FIELDS)
    if (a.fingerprint[k] !== b.fingerprint[k])
      fields[k] = [a.fingerprint[k] ?? null, b.fingerprint[k] ?? null]
  return fields
}

/** Segment of a suspect record: in no segment, so in no change-point test. */
const SUSPECT = -1

/**
 * Segment number of every record, the environment changes between them, and the suspect records: one
 * record whose fingerprint differs from the last kept record's while the next record has that one
 * again. One record from another machine (a forged file, a runner mix-up) must not cut every series.
 */
function environments(records: readonly CommitRecord[]): {
  segment: number[]
  changes: EnvironmentChange[]
  suspects: SuspectRecord[]
} {
  const key = records.map((r) => fingerprintKey(r.fingerprint))
  const segment: number[] = []
  const changes: EnvironmentChange[] = []
  const suspects: SuspectRecord[] = []
  let last = -1 // the last record that is not suspect
  records.forEach((r, i) => {
    if (last >= 0 && key[i] !== key[last] && i + 1 < records.length && key[i + 1] === key[last]) {
      // Left out of change-point detection, not given its neighbours' fingerprint: its location was measured on another machine (its paired step still counts for creep).
      suspects.push({ ...ref(r), fields: fieldsBetween(records[last], r) })
      segment.push(SUSPECT)
      return
    }
    if (last >= 0 && key[i] !== key[last])
      changes.push({ from: ref(records[last]), to: ref(r), fields: fieldsBetween(records[last], r) })
    segment.push(changes.length)
    last = i
  })
  return { segment, changes, suspects }
}

/**
 * Each benchmark's points in history order (records where it has a positive location), in the
 * environment segment `segment` gives each record (all 0 when not given).
 */
function seriesOf(records: readonly CommitRecord[], segment: readonly number[] = []): Map<string, Point[]> {
  const out = new Map<string, Point[]>()
  records.forEach((record, i) => {
    for (const b of record.benchmarks) {
      if (!b.location || !(b.location.median > 0)) continue
      const list = out.get(b.name) ?? []
      list.push({ record, segment: segment[i] ?? 0, log: Math.log(b.location.median), step: b.step })
      out.set(b.name, list)
    }
  })
  return out
}

/**
 * Drops the change point with the shortest side while one has fewer than MIN_SIDE_POINTS on a side
 * (the larger p-value first on ties), re-testing the rest on the segments that remain each time: a
 * false point 3 commits after a real step must not take the step's segment down with it.
 */
function withLongSides(logs: readonly number[], found: readonly ChangePoint[]): ChangePoint[] {
  let points = found.slice()
  for (;;) {
    const side = (c: ChangePoint) => Math.min(c.before.n, c.after.n)
    const short = points.filter((c) => side(c) < MIN_SIDE_POINTS)
    if (short.length === 0) return points
    const drop = short.reduce((a, b) =>
      side(b) < side(a) || (side(b) === side(a) && b.pValue > a.pValue) ? b : a
    )
    points = testChangePoints(
      logs,
      points.filter((c) => c !== drop)
    )
  }
}

interface Candidate {
  series: string
  finding: Omit<ChangePointFinding, 'q_value'>
}

/**
 * Change-point candidates (p ≤ q) of one series, segment by segment; `tested` has, per segment tested,
 * the number of its other split positions (the hypotheses that are in the family with p = 1).
 */
function candidates(
  name: string,
  points: readonly Point[],
  fdrLevel: number
): { found: Candidate[]; tested: number[] } {
  const found: Candidate[] = []
  const tested: number[] = []
  const segments = [...new Set(points.map((p) => p.segment))].filter((s) => s !== SUSPECT)
  for (const s of segments) {
    const seg = points.filter((p) => p.segment === s)
    if (seg.length < MIN_SEGMENT_POINTS) continue
    const logs = seg.map((p) => p.log)
    // The left neighbour of a dropped weak point is re-tested too (otava re-tests only to the right):
    // otherwise a real step next to short spurious segments is dropped with them (the history study:
    // −5% steps found 86.5% → 99% within ±1 commit, false change points unchanged).
    const kept = withLongSides(
      logs,
      detectChangePoints(logs, { maxPValue: fdrLevel, retestLeftNeighbour: true })
    )
    // Each point then moves to the least-squares place of its step between its neighbours: one noisy
    // point next to a step can pull E-divisive's τ 2 commits off (the history study: 3 of the 4 steps
    // of 800 it missed by 2 commits; docs/history.md).
    const cps = testChangePoints(logs, refineChangePoints(logs, kept, MIN_SIDE_POINTS)).filter(
      (c) => c.pValue <= fdrLevel
    )
    tested.push(seg.length - 1 - cps.length)
    for (const c of cps) {
      const before = Math.exp(c.before.mean)
      const after = Math.exp(c.after.mean)
      found.push({
        series: name,
        finding: {
          from: ref(seg[c.index - 1].record),
          to: ref(seg[c.index].record),
          before,
          after,
          change: after / before - 1,
          p_value: c.pValue
        }
      })
    }
  }
  return { found, tested }
}

/** A step's interval rescaled to 95% on the log scale (same centre, same standard error). */
function at95(s: StepRecord): { ratio: number; lo: number; hi: number } {
  const f = normalQuantile(0.975) / normalQuantile((1 + s.conf_level) / 2)
  return { ratio: s.ratio, lo: s.ratio * (s.ci[0] / s.ratio) ** f, hi: s.ratio * (s.ci[1] / s.ratio) ** f }
}

/** The creep over the series' last `window` paired steps, or null without a usable step. */
function creepOf(points: readonly Point[], options: ChangesOptions): CreepFinding | null {
  const usable = (p: Point) =>
    p.step !== null && p.step.ci[0] > 0 && p.step.ci[0] <= p.step.ratio && p.step.ratio <= p.step.ci[1]
  const withSteps = points.filter(usable).slice(-options.window)
  if (withSteps.length === 0) return null
  const c = creep(
    withSteps.map((p) => at95(p.step!)),
    { delta: options.delta, stepConfLevel: 0.95, confLevel: options.creepLevel }
  )
  let gaps = 0
  withSteps.forEach((p, i) => {
    if (i > 0 && p.record.parent !== withSteps[i - 1].record.commit) gaps++
  })
  return {
    change: c.change,
    lo: c.changeLo,
    hi: c.changeHi,
    level: options.creepLevel,
    steps: c.steps,
    since: withSteps[0].record.parent,
    until: withSteps[withSteps.length - 1].record.commit,
    gaps,
    reported: c.report
  }
}

/**
 * The creep of every benchmark over its last `window` paired steps (null without a usable step), by
 * name: what `analyseHistory` reports as `creep`, without the change points (O(window) per series).
 */
export function creepBySeries(
  records: readonly CommitRecord[],
  options: Partial<ChangesOptions> = {}
): Map<string, CreepFinding | null> {
  const o = { ...DEFAULT_CHANGES_OPTIONS, ...options }
  // creep reads the paired steps, which cross environments: no segments needed
  const series = seriesOf(records)
  return new Map([...series].map(([name, points]) => [name, creepOf(points, o)]))
}

/**
 * The findings of a history.
 *
 * @param records one per commit, in history order (the store's `readAll`).
 * @param options q, window, delta, creepLevel (DEFAULT_CHANGES_OPTIONS).
 * Complexity: per series, O(N·W²) for the change points (W = 50, the E-divisive window), O(window) for creep.
 */
export function analyseHistory(
  records: readonly CommitRecord[],
  options: Partial<ChangesOptions> = {}
): Changes {
  const o = { ...DEFAULT_CHANGES_OPTIONS, ...options }
  const env = environments(records)
  const series = seriesOf(records, env.segment)
  const names = [...series.keys()].sort()
  const all: Candidate[] = []
  let quiet = 0 // split positions scanned without a candidate: one hypothesis each, p = 1
  for (const name of names) {
    const { found, tested } = candidates(name, series.get(name)!, o.q)
    all.push(...found)
    quiet += tested.reduce((a, b) => a + b, 0)
  }
  const pValues = [...all.map((c) => c.finding.p_value), ...new Array<number>(quiet).fill(1)]
  const bh = pValues.length ? benjaminiHochberg(pValues, o.q) : { qValues: [], rejected: [] }
  const kept = new Map<string, ChangePointFinding[]>()
  all.forEach((c, i) => {
    if (!bh.rejected[i]) return
    kept.set(c.series, [...(kept.get(c.series) ?? []), { ...c.finding, q_value: bh.qValues[i] }])
  })
  return {
    format: CHANGES_FORMAT,
    version: CHANGES_VERSION,
    options: o,
    commits: records.length,
    first: records.length ? ref(records[0]) : null,
    last: records.length ? ref(records[records.length - 1]) : null,
    environment_changes: env.changes,
    suspect_records: env.suspects,
    series: names.map((name) => {
      const points = series.get(name)!
      return {
        name,
        points: points.length,
        segments: new Set(points.map((p) => p.segment).filter((s) => s !== SUSPECT)).size,
        change_points: kept.get(name) ?? [],
        creep: creepOf(points, o)
      }
    })
  }
}
