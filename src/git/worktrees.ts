/**
 * One detached worktree per side, `<workDir>/base` and `<workDir>/head`: the same repository at two
 * commits, side by side, at paths of equal length (so builds that embed their source path, and
 * benchmarks run from them, differ in nothing but the code).
 */
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Side } from '../samples/model.js'
import type { Log } from '../log.js'
import { JobError } from '../errors.js'
import { onTerminate } from '../process/terminate.js'
import { git, gitFailure, gitSync } from './exec.js'

export interface CreateWorktreesOptions {
  /** The repository (any directory inside its work tree). */
  repoDir: string
  /** Directory for benchgate's files; created if missing. The worktrees go to `base/` and `head/` in it. */
  workDir: string
  baseSha: string
  headSha: string
  /** Leave the worktrees on disk at clean-up (`--keep-worktrees`); default false. */
  keep?: boolean
  /** Also check out submodules (`git submodule update --init --recursive`) in each worktree; default false. */
  submodules?: boolean
  log?: Log
}

export interface Worktrees {
  /** Absolute, symlink-free paths; always of equal length. */
  base: string
  head: string
  /**
   * Removes both worktrees (`git worktree remove --force`, then `git worktree prune`) unless `keep`,
   * and unregisters the signal handlers. Synchronous, idempotent, never throws; call it in `finally`.
   */
  cleanup(): void
}

const SHA_RE = /^[0-9a-f]{40}([0-9a-f]{24})?$/

/**
 * Adds `<workDir>/base` and `<workDir>/head` as detached worktrees at the two commits. A stale
 * worktree left at either path by an earlier run is removed first; any other non-empty directory
 * there is an error. Until `cleanup()` is called, SIGINT/SIGTERM/SIGHUP remove the worktrees (see
 * `onTerminate`: Ctrl-C still ends the process when nobody else handles it).
 *
 * Uncommitted changes of the user's work tree are not part of either worktree.
 *
 * @param options.baseSha full commit SHA (as returned by resolveCommits)
 * @throws JobError code 2 'work-dir' (occupied or not creatable), code 3 'git-failed'
 */
export async function createWorktrees(options: CreateWorktreesOptions): Promise<Worktrees> {
  const { repoDir, baseSha, headSha } = options
  checkShas(baseSha, headSha)
  const workDir = makeWorkDir(options.workDir)
  const paths: Record<Side, string> = { base: join(workDir, 'base'), head: join(workDir, 'head') }
  if (paths.base.length !== paths.head.length) {
    throw new JobError('unequal-paths', `Worktree paths differ in length: ${paths.base} vs ${paths.head}`)
  }
  await clearStaleWorktrees(repoDir, paths, options.log)

  const keep = options.keep ?? false
  const created: string[] = []
  const { cleanup, unregister } = worktreeCleanup(repoDir, workDir, created, keep, options.log)
  try {
    for (const side of ['base', 'head'] as const) {
      const sha = side === 'base' ? baseSha : headSha
      const args = ['worktree', 'add', '--detach', '--quiet', paths[side], sha]
      options.log?.debug(`git ${args.join(' ')}`)
      created.push(paths[side])
      const r = await git(repoDir, args)
      if (r.code !== 0) throw gitFailure(r, args, repoDir, `Checking out the ${side} commit`)
      if (options.submodules) {
        const sargs = ['submodule', 'update', '--init', '--recursive']
        const s = await git(paths[side], sargs)
        if (s.code !== 0)
          throw gitFailure(s, sargs, paths[side], `Checking out submodules of the ${side} commit`)
      }
    }
  } catch (e) {
    // An error on the way (or in the caller right after) must not leave half a setup behind.
    if (keep) unregister()
    else cleanup()
    throw e
  }
  return { base: paths.base, head: paths.head, cleanup }
}

/** Worktrees are checked out by full SHA only (a ref could move between the two checkouts). */
function checkShas(baseSha: string, headSha: string): void {
  for (const [role, sha] of [
    ['base', baseSha],
    ['head', headSha]
  ] as const) {
    if (!SHA_RE.test(sha)) {
      throw new JobError(
        'invalid-option',
        `createWorktrees: ${role}Sha must be a full commit SHA, got ${JSON.stringify(sha)}.`
      )
    }
  }
}

/** Creates the work directory; returns its real path (both sides' paths must have equal length). */
function makeWorkDir(dir: string): string {
  try {
    mkdirSync(dir, { recursive: true })
    return realpathSync(dir)
  } catch (e) {
    throw new JobError('work-dir', `Cannot create the work directory ${dir}: ${(e as Error).message}`, {
      subject: dir,
      cause: e
    })
  }
}

/**
 * Removes the worktrees an earlier (killed) run left at `paths`; refuses to touch a non-empty
 * directory there that is not a worktree of this repository.
 */
async function clearStaleWorktrees(repoDir: string, paths: Record<Side, string>, log?: Log): Promise<void> {
  await git(repoDir, ['worktree', 'prune'])
  const registered = await listWorktrees(repoDir)
  for (const side of ['base', 'head'] as const) {
    const p = paths[side]
    if (!existsSync(p)) continue
    if (registered.has(p)) {
      log?.info(`Removing the ${side} worktree left by an earlier run: ${p}`)
      const r = await git(repoDir, ['worktree', 'remove', '--force', p])
      if (r.code !== 0)
        throw gitFailure(r, ['worktree', 'remove', '--force', p], repoDir, 'Removing a stale worktree')
    } else if (readdirSync(p).length > 0) {
      throw new JobError('work-dir', `${p} already exists and is not a worktree of this repository.`, {
        subject: p,
        hint: 'Choose another work directory, or delete that directory.'
      })
    }
  }
}

/**
 * Removal of the worktrees in `created` (filled as they are added): once, by `cleanup`, or on
 * SIGINT/SIGTERM/exit until then; with `keep`, only says where they are.
 */
function worktreeCleanup(
  repoDir: string,
  workDir: string,
  created: string[],
  keep: boolean,
  log?: Log
): { cleanup: () => void; unregister: () => void } {
  let cleaned = false
  const removeAll = (): void => {
    for (const p of created) {
      gitSync(repoDir, ['worktree', 'remove', '--force', p])
      if (existsSync(p)) rmSync(p, { recursive: true, force: true })
    }
    gitSync(repoDir, ['worktree', 'prune'])
  }
  const unregister = onTerminate(() => {
    if (!keep) removeAll()
  })
  const cleanup = (): void => {
    if (cleaned) return
    cleaned = true
    unregister()
    if (keep) {
      if (created.length > 0) log?.info(`Keeping the worktrees: ${created.join(', ')}`)
      return
    }
    try {
      removeAll()
    } catch (e) {
      log?.warn(`Could not remove the worktrees in ${workDir}: ${(e as Error).message}`)
    }
  }
  return { cleanup, unregister }
}

/** Absolute (real) paths of the repository's worktrees, from `git worktree list --porcelain`. */
async function listWorktrees(repoDir: string): Promise<Set<string>> {
  const r = await git(repoDir, ['worktree', 'list', '--porcelain'])
  if (r.code !== 0) throw gitFailure(r, ['worktree', 'list', '--porcelain'], repoDir, 'Listing worktrees')
  const out = new Set<string>()
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith('worktree ')) continue
    const p = line.slice('worktree '.length)
    out.add(p)
    try {
      out.add(realpathSync(p))
    } catch {
      // missing directory (prunable)
    }
  }
  return out
}
