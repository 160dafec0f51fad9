/**
 * The history as the analysis reads it (docs/statistics.md §11): the records that measured something,
 * their environment segments, and each benchmark's points. Pure.
 *
 * - A record that measured nothing (base and head built the same program) is stepped over: no
 *   environment, no point, no break in any series; the next record's parent is read through it, so
 *   the chain of paired steps carries over it.
 * - **Environment changes**: consecutive records whose fingerprints differ (history/record.ts). Each
 *   starts a new segment of every series. A single record whose fingerprint differs from both
 *   neighbours (which agree) is a **suspect record** instead: no segment starts there, and it is left
 *   out of change-point detection. A record written before version 3 has no context fields: it is
 *   compared without them.
 */
import type { CommitRef, EnvironmentChange, SuspectRecord } from './changeTypes.js'
import { ALL_FINGERPRINT_FIELDS, fingerprintKey, type CommitRecord, type StepRecord } from './record.js'

export const ref = (r: CommitRecord): CommitRef => ({ commit: r.commit, date: r.date, pr: r.pr })

/** Segment of a suspect record: in no segment, so in no change-point test. */
export const SUSPECT = -1

export interface Point {
  record: CommitRecord
  /** Index among the measured records. */
  pos: number
  segment: number
  log: number
  step: StepRecord | null
}

export interface MeasuredHistory {
  /** The records that measured something, in history order. */
  records: CommitRecord[]
  /** The parent a record was measured against, read through records that measured nothing. */
  parentOf: (r: CommitRecord) => string
  nothingMeasured: number
}

/** The records that measured something, and parents read through those that did not. */
export function measuredHistory(all: readonly CommitRecord[]): MeasuredHistory {
  const skipped = new Map(all.filter((r) => r.nothing_measured).map((r) => [r.commit, r.parent]))
  const parentOf = (r: CommitRecord) => {
    let p = r.parent
    for (let hops = 0; skipped.has(p) && hops <= skipped.size; hops++) p = skipped.get(p)!
    return p
  }
  return { records: all.filter((r) => !r.nothing_measured), parentOf, nothingMeasured: skipped.size }
}

/** Fingerprint fields that differ between two records: [a's, b's]. */
function fieldsBetween(a: CommitRecord, b: CommitRecord): Record<string, [unknown, unknown]> {
  const fields: Record<string, [unknown, unknown]> = {}
  const context = a.version >= 3 && b.version >= 3
  for (const k of ALL_FINGERPRINT_FIELDS) {
    if (!context && (k === 'mhzPerCpu' || k === 'caches')) continue
    if (a.fingerprint[k] !== b.fingerprint[k])
      fields[k] = [a.fingerprint[k] ?? null, b.fingerprint[k] ?? null]
  }
  return fields
}

const same = (a: CommitRecord, b: CommitRecord) => {
  const context = a.version >= 3 && b.version >= 3
  return fingerprintKey(a.fingerprint, context) === fingerprintKey(b.fingerprint, context)
}

/**
 * Segment number of every record, the environment changes between them, and the suspect records: one
 * record whose fingerprint differs from the last kept record's while the next record has that one
 * again. One record from another machine (a forged file, a runner mix-up) must not cut every series.
 */
export function environments(records: readonly CommitRecord[]): {
  segment: number[]
  changes: EnvironmentChange[]
  suspects: SuspectRecord[]
} {
  const segment: number[] = []
  const changes: EnvironmentChange[] = []
  const suspects: SuspectRecord[] = []
  let last = -1 // the last record that is not suspect
  records.forEach((r, i) => {
    const next = records[i + 1]
    if (last >= 0 && !same(r, records[last]) && next !== undefined && same(next, records[last])) {
      // Left out of change-point detection, not given its neighbours' fingerprint: its location was measured on another machine (its paired step still counts for creep).
      suspects.push({ ...ref(r), fields: fieldsBetween(records[last], r) })
      segment.push(SUSPECT)
      return
    }
    if (last >= 0 && !same(r, records[last]))
      changes.push({
        from: ref(records[last]),
        to: ref(r),
        fields: fieldsBetween(records[last], r),
        by: 'fingerprint'
      })
    segment.push(changes.length)
    last = i
  })
  return { segment, changes, suspects }
}

/**
 * Each benchmark's points in history order (records where it has a positive location), in the
 * environment segment `segment` gives each record (all 0 when not given).
 */
export function seriesOf(
  records: readonly CommitRecord[],
  segment: readonly number[] = []
): Map<string, Point[]> {
  const out = new Map<string, Point[]>()
  records.forEach((record, i) => {
    for (const b of record.benchmarks) {
      if (!b.location || !(b.location.median > 0)) continue
      const list = out.get(b.name) ?? []
      list.push({ record, pos: i, segment: segment[i] ?? 0, log: Math.log(b.location.median), step: b.step })
      out.set(b.name, list)
    }
  })
  return out
}

/** The segments of a series' points (suspect records left out), each as its points in order. */
export function segmentsOf(points: readonly Point[]): Point[][] {
  const bySegment = new Map<number, Point[]>()
  for (const p of points) {
    if (p.segment === SUSPECT) continue
    const list = bySegment.get(p.segment)
    if (list) list.push(p)
    else bySegment.set(p.segment, [p])
  }
  return [...bySegment.values()]
}
