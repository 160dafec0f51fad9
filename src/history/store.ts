/**
 * Where the history lives (docs/history.md): a folder, or `git:BRANCH`, an orphan branch of the
 * repository in the current directory (history/gitStore.ts). Both hold the same files (history/files.ts):
 * one immutable gzip-compressed record per commit, and compacted months.
 */
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  rmdirSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { ConfigError } from '../errors.js'
import type { CommitRecord } from './record.js'
import {
  decodeFile,
  encode,
  filesThatMayHold,
  inHistoryOrder,
  monthFile,
  monthFileMonth,
  monthPath,
  recordFileMonth,
  recordPath,
  sizeProblem,
  type FileRead,
  type StoreRead
} from './files.js'
import type { GitCredential } from '../git/credentials.js'
import { extraFilePath, GitStore } from './gitStore.js'
import type { AddResult, CompactResult, HistoryStore } from './storeTypes.js'

export type { AddResult, CompactResult, HistoryStore, StoreRead }

/** The default branch of a `git:` store. */
export const DEFAULT_HISTORY_BRANCH = 'benchgate-history'

/**
 * Opens STORE: `git:BRANCH` (or `git:` for the default branch) in `cwd`'s repository, else a folder.
 * A git store fetches and pushes with `credential` when given (a folder store has no use for it).
 */
export function openStore(spec: string, cwd: string, credential?: GitCredential): HistoryStore {
  if (spec.startsWith('git:')) {
    const branch = spec.slice(4) || DEFAULT_HISTORY_BRANCH
    return new GitStore(cwd, branch, credential)
  }
  if (spec === '') throw new ConfigError("--store: empty; give a folder or 'git:BRANCH'")
  return new FolderStore(resolve(cwd, spec))
}

/** Paths of the store's files under `dir`, relative, with '/' separators. */
function listFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (rel: string) => {
    const here = join(dir, rel)
    if (!existsSync(here)) return
    for (const e of readdirSync(here, { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) walk(path)
      else out.push(path)
    }
  }
  walk('commits')
  walk('months')
  return out.sort()
}

/** A folder store: the files under a directory (e.g. a CI cache, a mounted share). */
export class FolderStore implements HistoryStore {
  constructor(readonly dir: string) {}

  get name(): string {
    return this.dir
  }

  /** The store file at `path`, decoded; its size checked before it is read. Never throws. */
  private readFile(path: string): FileRead {
    const file = join(this.dir, path)
    let data: Buffer
    try {
      const tooLarge = sizeProblem(path, statSync(file).size, file)
      if (tooLarge) return { found: [], problems: [tooLarge] }
      data = readFileSync(file)
    } catch (e) {
      return { found: [], problems: [`${file}: cannot be read (${(e as Error).message})`] }
    }
    return decodeFile(data, path, file)
  }

  async add(record: CommitRecord): Promise<AddResult> {
    const path = recordPath(record)
    const file = join(this.dir, path)
    const files = listFiles(this.dir)
    const known =
      files.includes(path) ||
      filesThatMayHold(files, record.commit).some((p) =>
        this.readFile(p).found.some((f) => f.record.commit === record.commit)
      )
    if (known) return { path, added: false, attempts: 1 }
    mkdirSync(dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, encode(record))
    try {
      linkSync(tmp, file) // fails if the file exists: a record is created once, never replaced
    } finally {
      unlinkSync(tmp)
    }
    return { path, added: true, attempts: 1 }
  }

  async addFile(path: string, data: Buffer): Promise<{ path: string; attempts: number }> {
    const file = join(this.dir, extraFilePath(path))
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, data, { flag: 'wx' }) // fails if it exists: never replaced
    return { path, attempts: 1 }
  }

  async remoteUrl(): Promise<string | null> {
    return null // a folder belongs to no repository: give --repo-url for links
  }

  async read(): Promise<StoreRead> {
    return inHistoryOrder(
      listFiles(this.dir)
        .filter((p) => recordFileMonth(p) !== null || monthFileMonth(p) !== null)
        .map((p) => this.readFile(p))
    )
  }

  async readAll(): Promise<CommitRecord[]> {
    return (await this.read()).records
  }

  /**
   * Each month: the month file is written whole (temporary file, then rename: readers see the old or
   * the new one), then the month's record files are removed. A crash in between leaves records in
   * both places; readers keep one per commit, and the next compaction removes the leftovers.
   */
  async compact(before: string): Promise<CompactResult> {
    const files = listFiles(this.dir)
    const months = [
      ...new Set(files.map(recordFileMonth).filter((m): m is string => m !== null && m < before))
    ]
    let moved = 0
    const done: string[] = []
    const left: CompactResult['left'] = []
    for (const month of months) {
      const recordFiles = files.filter((p) => recordFileMonth(p) === month)
      const own = files.filter((p) => p === monthPath(month))
      const made = monthFile(
        month,
        [...own, ...recordFiles].map((p) => this.readFile(p))
      )
      if ('why' in made) {
        left.push({ month, why: made.why })
        continue
      }
      const target = join(this.dir, monthPath(month))
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(`${target}.tmp`, made.data)
      renameSync(`${target}.tmp`, target)
      for (const p of recordFiles) unlinkSync(join(this.dir, p))
      rmdirSync(join(this.dir, 'commits', month))
      moved += recordFiles.length
      done.push(month)
    }
    return { months: done, records: moved, left, attempts: 1 }
  }
}
