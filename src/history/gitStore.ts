/**
 * The history as an orphan branch of the repository (`--store git:BRANCH`, docs/history.md), written
 * with git plumbing only: no checkout, no worktree, the user's index and branches untouched. A write
 * fetches the branch from `origin`, builds a commit on its tip in a temporary index (`read-tree`,
 * `hash-object -w`, `update-index --cacheinfo`, `write-tree`, `commit-tree`) and pushes it; when another
 * writer pushed first the push is rejected, and the same change is rebuilt on the new tip and pushed
 * again (files never conflict: each record is a new file). Reading is a plain `git fetch`: no token.
 * Without an `origin` remote the branch is local (`refs/heads/BRANCH`, moved with a compare-and-swap).
 * With a credential (record mode's token), the commands that talk to `origin` get it through their
 * environment only, never a config file (docs/security.md, defence 2).
 *
 * git runs with argument arrays (execFile), never through a shell.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, JobError } from '../errors.js'
import { credentialEnv, redactCredential, type GitCredential } from '../git/credentials.js'
import { gitEnv, gitSync } from '../git/exec.js'
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
import type { AddResult, CompactResult, HistoryStore } from './storeTypes.js'

/** Push attempts before giving up (each after a fetch and a rebuild on the new tip). */
export const MAX_PUSH_ATTEMPTS = 8

/** The committer of history commits: the records' author is benchgate, whoever runs it. */
const IDENTITY = ['-c', 'user.name=benchgate', '-c', 'user.email=benchgate@users.noreply.github.com']

const ZERO_SHA = '0000000000000000000000000000000000000000'

interface Run {
  code: number | null
  stdout: Buffer
  stderr: string
}

/** git with an argument array, binary stdout, optional stdin and extra environment. Never rejects. */
function run(
  cwd: string,
  args: readonly string[],
  opts: { input?: Buffer; env?: Record<string, string> } = {}
) {
  return new Promise<Run>((resolve) => {
    const child = execFile(
      'git',
      args,
      { cwd, env: { ...gitEnv(), ...opts.env }, encoding: 'buffer', maxBuffer: 1024 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error
          ? typeof (error as { code?: unknown }).code === 'number'
            ? (error as { code: number }).code
            : null
          : 0
        resolve({ code, stdout, stderr: stderr.toString('utf8') })
      }
    )
    // git may exit before reading its stdin (most commands never do): that EPIPE is not an error here.
    child.stdin?.on('error', () => undefined)
    child.stdin?.end(opts.input ?? '')
  })
}

/** One change to the branch: files added (path → content) and paths removed. */
interface Change {
  add: { path: string; data: Buffer }[]
  remove: string[]
  message: string
}

/** A file of the branch's tree. */
interface Entry {
  sha: string
  path: string
  size: number
}

/**
 * Why `branch` cannot name the store's branch, or null. Checked before any git work, so a bad name
 * fails at once rather than after every push is rejected (docs/security.md, defence 16).
 */
function branchNameProblem(branch: string): string | null {
  if (branch === 'HEAD') return "'HEAD' names the checked-out commit, not a branch"
  if (branch.startsWith('refs/')) return "a full ref; the store adds 'refs/heads/' itself"
  if (branch.startsWith('-')) return "it starts with '-' (git would read an option)"
  if (!/^[A-Za-z0-9._/-]+$/.test(branch)) return "only letters, digits, '.', '_', '-' and '/' are taken"
  // Arguments, no shell; without '@' in the name (refused above) --branch expands nothing and needs no repository.
  const r = gitSync(tmpdir(), ['check-ref-format', '--branch', branch])
  if (r.code === 0 && r.stdout.trim() === branch) return null
  return r.code === null ? 'git check-ref-format could not run' : '`git check-ref-format --branch` refuses it'
}

/** A file outside the records: under bisections/, a plain relative name (no '..', no other folder). */
export function extraFilePath(path: string): string {
  if (!/^bisections\/[A-Za-z0-9._-]+$/.test(path) || path.includes('..'))
    throw new ConfigError(`history store: '${path}' is not a file name under bisections/`)
  return path
}

export class GitStore implements HistoryStore {
  private origin: boolean | undefined
  /** The environment of the commands that fetch from or push to origin ({} without a credential). */
  private readonly remoteEnv: Record<string, string>

  constructor(
    readonly repo: string,
    readonly branch: string,
    private readonly credential?: GitCredential
  ) {
    this.remoteEnv = credential?.token ? credentialEnv(credential) : {}
    const why = branchNameProblem(branch)
    if (why)
      throw new ConfigError(
        `--store git:${branch}: not a usable branch name: ${why}; give a branch's short name, e.g. git:benchgate-history`
      )
  }

  get name(): string {
    return `git:${this.branch}`
  }

  private async must(
    args: readonly string[],
    what: string,
    opts: Parameters<typeof run>[2] = {}
  ): Promise<Buffer> {
    const r = await run(this.repo, args, opts)
    if (r.code === 0) return r.stdout
    throw new JobError(
      'git-failed',
      `history store ${this.name}: ${what} failed: ${this.redact(r.stderr.trim()) || `exit ${r.code}`}`,
      {
        hint: `run it by hand to see why: git ${args.join(' ')} (in ${this.repo})`
      }
    )
  }

  private redact(text: string): string {
    return redactCredential(text, this.credential)
  }

  /** git talking to origin: with the credential in its environment, if any. */
  private remote(args: readonly string[]): Promise<Run> {
    return run(this.repo, args, { env: this.remoteEnv })
  }

  private async hasOrigin(): Promise<boolean> {
    if (this.origin === undefined) {
      const inside = await run(this.repo, ['rev-parse', '--is-inside-work-tree'])
      if (inside.code !== 0)
        throw new JobError(
          'not-a-repo',
          `--store ${this.name}: ${this.repo} is not inside a git repository`,
          {
            hint: 'run benchgate history in a clone of the repository, or give a folder as --store'
          }
        )
      this.origin = (await run(this.repo, ['remote', 'get-url', 'origin'])).code === 0
    }
    return this.origin
  }

  async remoteUrl(): Promise<string | null> {
    if (!(await this.hasOrigin())) return null
    const r = await run(this.repo, ['remote', 'get-url', 'origin'])
    return r.code === 0 ? r.stdout.toString('utf8').trim() || null : null
  }

  /** The ref that holds the branch here: the remote-tracking ref with an origin, else the branch. */
  private async localRef(): Promise<string> {
    return (await this.hasOrigin()) ? `refs/remotes/origin/${this.branch}` : `refs/heads/${this.branch}`
  }

  /** Fetches the branch (no token needed for a public repository) and returns its tip, or null if none. */
  async fetchTip(): Promise<string | null> {
    const ref = await this.localRef()
    if (await this.hasOrigin()) {
      const r = await this.remote([
        'fetch',
        '--no-tags',
        '--quiet',
        'origin',
        `+refs/heads/${this.branch}:${ref}`
      ])
      if (r.code !== 0) {
        if (/couldn't find remote ref|no such ref/i.test(r.stderr)) {
          await run(this.repo, ['update-ref', '-d', ref])
          return null
        }
        await this.must(['fetch', 'origin', this.branch], `fetching ${this.branch} from origin`, {
          env: this.remoteEnv
        })
      }
    }
    const tip = await run(this.repo, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])
    return tip.code === 0 ? tip.stdout.toString().trim() : null
  }

  private async files(tip: string): Promise<Entry[]> {
    const out = await this.must(['ls-tree', '-r', '-l', '-z', '--full-tree', tip], 'listing the branch')
    return out
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split('\t')
        const [, , sha, size] = meta.split(/ +/)
        return { sha, path, size: Number(size) }
      })
  }

  /** Blob contents by SHA, in one `git cat-file --batch`. */
  private async blobs(shas: readonly string[]): Promise<Buffer[]> {
    if (shas.length === 0) return []
    const out = await this.must(['cat-file', '--batch'], 'reading the records', {
      input: Buffer.from(shas.join('\n') + '\n')
    })
    const blobs: Buffer[] = []
    let at = 0
    for (let i = 0; i < shas.length; i++) {
      const eol = out.indexOf(0x0a, at)
      const size = Number(out.subarray(at, eol).toString().split(' ')[2])
      blobs.push(out.subarray(eol + 1, eol + 1 + size))
      at = eol + 1 + size + 1
    }
    return blobs
  }

  /** The files decoded; a file too large to be a history file is named, not read (docs/security.md, defence 15). */
  private async decoded(entries: readonly Entry[]): Promise<FileRead[]> {
    const where = (e: Entry) => `${this.name}:${e.path}`
    const tooLarge = entries.map((e) => sizeProblem(e.path, e.size, where(e)))
    const readable = entries.filter((_, i) => tooLarge[i] === null)
    const data = await this.blobs(readable.map((e) => e.sha))
    return [
      ...tooLarge.filter((p): p is string => p !== null).map((p) => ({ found: [], problems: [p] })),
      ...data.map((d, i) => decodeFile(d, readable[i].path, where(readable[i])))
    ]
  }

  /** A commit with `change` applied to `tip` (or a root commit), built in a temporary index. */
  private async commitOn(tip: string | null, change: Change): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-history-'))
    const env = { GIT_INDEX_FILE: join(dir, 'index') }
    try {
      await this.must(tip ? ['read-tree', tip] : ['read-tree', '--empty'], 'reading the tree', { env })
      for (const { path, data } of change.add) {
        const blob = (await this.must(['hash-object', '-w', '--stdin'], 'writing a record', { input: data }))
          .toString()
          .trim()
        await this.must(
          ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`],
          'adding a record',
          { env }
        )
      }
      if (change.remove.length)
        await this.must(['update-index', '--force-remove', '--', ...change.remove], 'removing records', {
          env
        })
      const tree = (await this.must(['write-tree'], 'writing the tree', { env })).toString().trim()
      const parents = tip ? ['-p', tip] : []
      const commit = await this.must(
        [...IDENTITY, 'commit-tree', tree, ...parents, '-m', change.message],
        'committing'
      )
      return commit.toString().trim()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  /** Moves the branch from `tip` to `commit`: push to origin (rejected if it moved), or a local compare-and-swap. */
  private async publish(tip: string | null, commit: string): Promise<boolean> {
    const ref = await this.localRef()
    if (!(await this.hasOrigin())) {
      return (await run(this.repo, ['update-ref', ref, commit, tip ?? ZERO_SHA])).code === 0
    }
    const r = await this.remote(['push', '--quiet', 'origin', `${commit}:refs/heads/${this.branch}`])
    if (r.code === 0) {
      await this.must(['update-ref', ref, commit], 'updating the remote-tracking ref')
      return true
    }
    if (
      /rejected|fetch first|non-fast-forward|cannot lock|failed to update|stale info|already exists/i.test(
        r.stderr
      )
    )
      return false
    throw new JobError(
      'git-failed',
      `history store ${this.name}: git push origin failed: ${this.redact(r.stderr.trim())}`,
      {
        hint: 'the job needs permission to push (in GitHub Actions: permissions: contents: write on the push workflow)'
      }
    )
  }

  /**
   * Applies `plan(tip, files)` to the branch's newest tip and publishes it; on a rejected push fetches
   * and plans again on the new tip, up to MAX_PUSH_ATTEMPTS times. `plan` returns null for nothing to do.
   */
  private async update(
    plan: (tip: string | null, files: Entry[]) => Promise<Change | null>
  ): Promise<number> {
    for (let attempt = 1; attempt <= MAX_PUSH_ATTEMPTS; attempt++) {
      const tip = await this.fetchTip()
      const change = await plan(tip, tip ? await this.files(tip) : [])
      if (change === null) return 0
      if (await this.publish(tip, await this.commitOn(tip, change))) return attempt
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.floor(Math.random() * 100)))
    }
    throw new JobError(
      'git-failed',
      `history store ${this.name}: the push was rejected ${MAX_PUSH_ATTEMPTS} times`,
      {
        hint: 'other jobs keep pushing to the branch: run record jobs in one concurrency group, then re-run this one'
      }
    )
  }

  async add(record: CommitRecord): Promise<AddResult> {
    const path = recordPath(record)
    const attempts = await this.update(async (_tip, files) => {
      if (files.some((f) => f.path === path)) return null
      const mayHold = new Set(
        filesThatMayHold(
          files.map((f) => f.path),
          record.commit
        )
      )
      const reads = await this.decoded(files.filter((f) => mayHold.has(f.path)))
      if (reads.some((r) => r.found.some((f) => f.record.commit === record.commit))) return null
      return {
        add: [{ path, data: encode(record) }],
        remove: [],
        message: `benchgate history: record ${record.commit.slice(0, 12)}`
      }
    })
    return { path, added: attempts > 0, attempts: Math.max(1, attempts) }
  }

  async addFile(path: string, data: Buffer, message: string): Promise<{ path: string; attempts: number }> {
    const checked = extraFilePath(path)
    const attempts = await this.update(async (_tip, files) => {
      if (files.some((f) => f.path === checked))
        throw new ConfigError(
          `history store ${this.name}: ${checked} exists already (files are never replaced)`
        )
      return { add: [{ path: checked, data }], remove: [], message }
    })
    return { path: checked, attempts }
  }

  async read(): Promise<StoreRead> {
    const tip = await this.fetchTip()
    if (tip === null) return { records: [], problems: [] }
    const entries = (await this.files(tip)).filter(
      (f) => recordFileMonth(f.path) !== null || monthFileMonth(f.path) !== null
    )
    return inHistoryOrder(await this.decoded(entries))
  }

  async readAll(): Promise<CommitRecord[]> {
    return (await this.read()).records
  }

  /** One commit adds each compacted month's file and removes its record files (atomic for readers). */
  async compact(before: string): Promise<CompactResult> {
    let result: Omit<CompactResult, 'attempts'> = { months: [], records: 0, left: [] }
    const attempts = await this.update(async (_tip, files) => {
      const months = [
        ...new Set(
          files.map((f) => recordFileMonth(f.path)).filter((m): m is string => m !== null && m < before)
        )
      ].sort()
      result = { months: [], records: 0, left: [] }
      const add: Change['add'] = []
      const remove: string[] = []
      for (const month of months) {
        const recordFiles = files.filter((f) => recordFileMonth(f.path) === month)
        const own = files.filter((f) => f.path === monthPath(month))
        const made = monthFile(month, await this.decoded([...own, ...recordFiles]))
        if ('why' in made) {
          result.left.push({ month, why: made.why })
          continue
        }
        add.push({ path: monthPath(month), data: made.data })
        remove.push(...recordFiles.map((f) => f.path))
        result.months.push(month)
        result.records += recordFiles.length
      }
      if (result.months.length === 0) return null
      return {
        add,
        remove,
        message: `benchgate history: compact ${result.months.join(', ')} (${result.records} records)`
      }
    })
    return { ...result, attempts: Math.max(1, attempts) }
  }
}
