/**
 * The store's files (docs/history.md "Store layout"): one gzip-compressed JSON record per commit at
 * `commits/<yyyy-mm>/<date>-<sha12>.json.gz`, never edited, and after compaction one
 * `months/<yyyy-mm>.json.gz` per whole past month. Pure naming and (de)coding, shared by the folder
 * and the git store.
 */
import { gunzipSync, gzipSync } from 'node:zlib'
import { ConfigError } from '../errors.js'
import { RECORD_FORMAT, type CommitRecord } from './record.js'

export const MONTH_FORMAT = 'benchgate-history-month'
export const MONTH_VERSION = 1

/** A compacted month: every record of the month, in date order. */
export interface MonthFile {
  format: typeof MONTH_FORMAT
  version: number
  month: string
  records: CommitRecord[]
}

/** `yyyy-mm` of a record's date (UTC). */
export function monthOf(record: Pick<CommitRecord, 'date'>): string {
  return record.date.slice(0, 7)
}

/** The record's path: `commits/2026-11/2026-11-26T16-00-00Z-0123456789ab.json.gz` (sorts by date). */
export function recordPath(record: Pick<CommitRecord, 'date' | 'commit'>): string {
  const stamp = record.date.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')
  return `commits/${monthOf(record)}/${stamp}-${record.commit.slice(0, 12)}.json.gz`
}

export function monthPath(month: string): string {
  return `months/${month}.json.gz`
}

const RECORD_FILE = /^commits\/(\d{4}-\d\d)\/[^/]+\.json\.gz$/
const MONTH_FILE = /^months\/(\d{4}-\d\d)\.json\.gz$/

/** The month of a record file's path, or null when the path is not one. */
export function recordFileMonth(path: string): string | null {
  return RECORD_FILE.exec(path)?.[1] ?? null
}

/** The month of a month file's path, or null. */
export function monthFileMonth(path: string): string | null {
  return MONTH_FILE.exec(path)?.[1] ?? null
}

/** gzip level 9: records are written once and read many times. */
export function encode(value: unknown): Buffer {
  return gzipSync(Buffer.from(JSON.stringify(value)), { level: 9 })
}

/** Decodes a record or month file; throws ConfigError naming the file when it is neither. */
export function decodeFile(data: Buffer, where: string): CommitRecord[] {
  let json: unknown
  try {
    json = JSON.parse(gunzipSync(data).toString('utf8'))
  } catch (e) {
    throw new ConfigError(`${where}: not a gzip-compressed JSON file (${(e as Error).message})`)
  }
  const obj = (json ?? {}) as { format?: unknown; records?: unknown }
  if (obj.format === RECORD_FORMAT) return [json as CommitRecord]
  if (obj.format === MONTH_FORMAT && Array.isArray(obj.records)) return obj.records as CommitRecord[]
  throw new ConfigError(`${where}: not a benchgate history file (format '${String(obj.format)}')`)
}

/** Records by commit (the last one read wins: a month file and a late duplicate hold equal records), in date order. */
export function inHistoryOrder(records: readonly CommitRecord[]): CommitRecord[] {
  const byCommit = new Map<string, CommitRecord>()
  for (const r of records) byCommit.set(r.commit, r)
  return [...byCommit.values()].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.commit < b.commit ? -1 : a.commit > b.commit ? 1 : 0
  )
}

/** The month file holding `records`. */
export function monthFile(month: string, records: readonly CommitRecord[]): MonthFile {
  return { format: MONTH_FORMAT, version: MONTH_VERSION, month, records: inHistoryOrder(records) }
}

/** `yyyy-mm`, checked. */
export function checkMonth(month: string, flag: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new ConfigError(`${flag} '${month}': expected a month as yyyy-mm, e.g. 2026-10`)
  return month
}

/** The current month (UTC) of `now`. */
export function currentMonth(now: Date): string {
  return now.toISOString().slice(0, 7)
}
