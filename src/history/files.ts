/**
 * The store's files (docs/history.md "Store layout"): one gzip-compressed JSON record per commit at
 * `commits/<yyyy-mm>/<date>-<sha12>.json.gz`, never edited, and after compaction one
 * `months/<yyyy-mm>.json.gz` per whole past month. Pure naming and (de)coding, shared by the folder
 * and the git store.
 */
import { gunzipSync, gzipSync } from 'node:zlib'
import { ConfigError } from '../errors.js'
import type { CommitRecord } from './record.js'
import { recordProblem } from './recordSchema.js'

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

/**
 * The most a record file may inflate to. The largest record benchgate writes: 10,000 benchmarks (the
 * results schema's cap) × 976 bytes (512-character names, counts, full-precision doubles; measured) =
 * 9.3 MiB of JSON; 32 MiB leaves 3× margin and stops a gzip bomb before it costs memory.
 */
export const MAX_RECORD_JSON_BYTES = 32 * 2 ** 20
/**
 * The most a month file may inflate to: ~500 records of a 1,000-benchmark suite (measured 486 bytes per
 * benchmark), ~27 of the largest records. Compaction leaves a month that would be larger as record
 * files (docs/history.md, "Store layout").
 */
export const MAX_MONTH_JSON_BYTES = 256 * 2 ** 20

const WHAT_TO_DO =
  'benchgate writes no such file: it was altered or written by something else; remove it from the store ' +
  '(or restore it from the store’s history) and record the commit again'

/** A record read from a store, and where (the file, and the record's place in a month file). */
export interface Found {
  record: CommitRecord
  where: string
}

/** What a store file holds: its valid records, and a message for each thing left out. */
export interface FileRead {
  found: Found[]
  problems: string[]
}

/** What a store holds: one record per commit in history order, and what was left out and why. */
export interface StoreRead {
  records: CommitRecord[]
  problems: string[]
}

/** The cap on what the file at `path` (a store path) may inflate to. */
function capOf(path: string): number {
  return monthFileMonth(path) === null ? MAX_RECORD_JSON_BYTES : MAX_MONTH_JSON_BYTES
}

/** A problem when a file of `size` bytes at `path` is too large to be read at all (before reading it). */
export function sizeProblem(path: string, size: number, where = path): string | null {
  return size > capOf(path)
    ? `${where}: ${size} bytes, more than the ${capOf(path)} a history file may hold; ${WHAT_TO_DO}`
    : null
}

/**
 * Decodes a record or month file at the store path `path` (named `where` in messages) with bounded
 * inflation, validating each record (history/recordSchema.ts). Never throws: what cannot be trusted
 * is left out and named.
 */
export function decodeFile(data: Buffer, path: string, where = path): FileRead {
  const cap = capOf(path)
  const fail = (what: string): FileRead => ({ found: [], problems: [`${where}: ${what}`] })
  let text: string
  try {
    text = gunzipSync(data, { maxOutputLength: cap }).toString('utf8')
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      return fail(`inflates to more than ${cap} bytes (a gzip bomb?); ${WHAT_TO_DO}`)
    return fail(`not a gzip-compressed JSON file (${(e as Error).message}); ${WHAT_TO_DO}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return fail(`not a gzip-compressed JSON file (${(e as Error).message}); ${WHAT_TO_DO}`)
  }
  const obj = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>
  const month = monthFileMonth(path) !== null
  if (!month) {
    const problem = recordProblem(json)
    return problem
      ? fail(`${problem}; ${WHAT_TO_DO}`)
      : { found: [{ record: json as CommitRecord, where }], problems: [] }
  }
  if (obj.format !== MONTH_FORMAT || obj.version !== MONTH_VERSION || !Array.isArray(obj.records))
    return fail(
      `not a benchgate history month file (format ${JSON.stringify(obj.format)?.slice(0, 60)}, version ${JSON.stringify(obj.version)?.slice(0, 20)}); ${WHAT_TO_DO}`
    )
  const out: FileRead = { found: [], problems: [] }
  obj.records.forEach((r: unknown, i) => {
    const at = `${where}, record ${i + 1}`
    const problem = recordProblem(r)
    if (problem) out.problems.push(`${at}: ${problem}; ${WHAT_TO_DO}`)
    else out.found.push({ record: r as CommitRecord, where: at })
  })
  return out
}

/** When a record was made: `measured_at`, or `date` in version 1 (where it is the measuring time). */
const recordedAt = (r: CommitRecord) => r.measured_at ?? r.date

/**
 * One record per commit, in history order (date, then SHA). Of two records of a commit the first
 * recorded is kept (docs/history.md, "Store layout"): a re-run or a planted file cannot replace it.
 * Two equal records (a compaction interrupted between its two steps) are one; others are named.
 */
export function inHistoryOrder(reads: readonly FileRead[]): StoreRead {
  const problems = reads.flatMap((r) => r.problems)
  const found = reads
    .flatMap((r) => r.found)
    .sort((a, b) => compare(recordedAt(a.record), recordedAt(b.record)) || compare(a.where, b.where))
  const kept = new Map<string, Found>()
  for (const f of found) {
    const first = kept.get(f.record.commit)
    if (!first) kept.set(f.record.commit, f)
    else if (JSON.stringify(first.record) !== JSON.stringify(f.record))
      problems.push(
        `${f.where}: a second record of commit ${f.record.commit.slice(0, 12)} (recorded ${recordedAt(f.record)}); ` +
          `kept the first, in ${first.where}: remove the second from the store`
      )
  }
  const records = [...kept.values()]
    .map((f) => f.record)
    .sort((a, b) => compare(a.date, b.date) || compare(a.commit, b.commit))
  return { records, problems }
}

/** "2 files or records" (of the store, left out). */
export const filesOrRecords = (n: number) => `${n} ${n === 1 ? 'file or record' : 'files or records'}`

/** What a reader of the drift says of left-out files: nothing, or how many and the first. */
export function leftOutNote(problems: readonly string[]): string {
  return problems.length
    ? `; left out ${filesOrRecords(problems.length)} that cannot be trusted (${problems[0]}${problems.length > 1 ? ', …' : ''})`
    : ''
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The store paths that may hold `commit`: record files named for it (any month: a version 1 record is
 * dated by when it was measured) and every month file.
 */
export function filesThatMayHold(paths: readonly string[], commit: string): string[] {
  const suffix = `-${commit.slice(0, 12)}.json.gz`
  return paths.filter(
    (p) => (recordFileMonth(p) !== null && p.endsWith(suffix)) || monthFileMonth(p) !== null
  )
}

/**
 * The month file holding `reads` (the month's files), or why the month is left as it is: a file of it
 * cannot be trusted (compaction would drop it), or the month file would exceed MAX_MONTH_JSON_BYTES.
 */
export function monthFile(month: string, reads: readonly FileRead[]): { data: Buffer } | { why: string } {
  const read = inHistoryOrder(reads)
  if (read.problems.length)
    return { why: `${read.problems.length} of its files or records cannot be trusted (${read.problems[0]})` }
  const file: MonthFile = { format: MONTH_FORMAT, version: MONTH_VERSION, month, records: read.records }
  const json = Buffer.from(JSON.stringify(file))
  if (json.length > MAX_MONTH_JSON_BYTES)
    return {
      why: `its month file would be ${json.length} bytes, more than readers accept (${MAX_MONTH_JSON_BYTES})`
    }
  return { data: gzipSync(json, { level: 9 }) }
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
