/** What a history store does (a folder, or an orphan git branch: history/store.ts, history/gitStore.ts). */
import type { StoreRead } from './files.js'
import type { CommitRecord } from './record.js'

export interface AddResult {
  /** The record's path in the store. */
  path: string
  /** False when the commit was already recorded, in any file of the store (the existing record is kept: records are never edited). */
  added: boolean
  /** Push attempts (git store with a remote): 1 unless another writer pushed first. */
  attempts: number
}

export interface CompactResult {
  /** Months compacted, each into one file. */
  months: string[]
  /** Records moved into month files. */
  records: number
  /** Months left as record files, and why (docs/history.md, "Store layout"). */
  left: { month: string; why: string }[]
  attempts: number
}

export interface HistoryStore {
  /** How the store is named in messages. */
  readonly name: string
  add(record: CommitRecord): Promise<AddResult>
  /**
   * Every valid record, one per commit (the first recorded), in history order (date, then SHA), and
   * each file or record left out, named with the reason (docs/security.md, defence 15).
   */
  read(): Promise<StoreRead>
  /** `read()`'s records alone. */
  readAll(): Promise<CommitRecord[]>
  /** Merges every whole month before `before` (yyyy-mm) into one month file each. */
  compact(before: string): Promise<CompactResult>
  /**
   * Adds a file outside the records (`bisections/…`, docs/history.md "Bisect"), never replacing one;
   * readers of records do not look there.
   */
  addFile(path: string, data: Buffer, message: string): Promise<{ path: string; attempts: number }>
  /** The URL of the repository the store lives in (git: its `origin`), or null (a folder, no origin). */
  remoteUrl(): Promise<string | null>
}
