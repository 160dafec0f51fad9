/**
 * Which two commits are compared. By default the base is the merge-base of base and head — what a
 * pull request actually changes — not the tip of the base branch, which may have moved on since the
 * branch was cut (those later commits are not the PR's doing).
 */
import { JobError } from '../errors.js'
import { statSync } from 'node:fs'
import { closest } from '../config/suggest.js'
import { shellQuote } from '../report/shellQuote.js'
import { git, gitFailure } from './exec.js'

export interface ResolveCommitsOptions {
  /** Any directory inside the repository's work tree. */
  repoDir: string
  /** The base ref as the user gave it (branch, tag, remote ref, SHA, `HEAD~3`, ...). */
  base: string
  /** The head ref; default `HEAD`. */
  head?: string
  /** Compare against the merge-base of base and head (default true) instead of base itself. */
  mergeBase?: boolean
}

export interface ResolvedCommits {
  /** The commit measured as "base": the merge-base when `mergeBaseUsed`, else the base ref's commit. */
  baseSha: string
  headSha: string
  /** The refs as given, for the report ("main@1a2b3c4 (merge-base)"). */
  baseRef: string
  headRef: string
  /** The commit the base ref itself points to (equals baseSha unless the merge-base differs). */
  baseTipSha: string
  mergeBaseUsed: boolean
}

/**
 * Throws a code-2 error for a ref that must never be passed to git: empty, starting with `-` (git
 * would read it as an option), or containing control characters.
 */
export function assertSafeRef(ref: string, role: 'base' | 'head'): void {
  if (ref.length === 0) {
    throw new JobError('bad-ref', `The ${role} ref is empty.`, {
      subject: role,
      hint: `Pass a branch, tag or commit SHA as the ${role} ref.`
    })
  }
  if (ref.startsWith('-')) {
    throw new JobError(
      'bad-ref',
      `The ${role} ref ${JSON.stringify(ref)} starts with "-": git would read it as an option, so it is refused.`,
      { subject: ref, hint: `Use the full ref name instead, e.g. refs/heads/${ref}, or the commit SHA.` }
    )
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(ref)) {
    throw new JobError('bad-ref', `The ${role} ref ${JSON.stringify(ref)} contains control characters.`, {
      subject: ref
    })
  }
}

/** Fails with a code-2 error unless `repoDir` is inside a git work tree; returns the top-level dir. */
export async function repoTopLevel(repoDir: string): Promise<string> {
  if (!isDirectory(repoDir)) {
    throw new JobError('not-a-repo', `The repository directory ${repoDir} does not exist.`, {
      subject: repoDir
    })
  }
  const r = await git(repoDir, ['rev-parse', '--show-toplevel'])
  if (r.code === 0) return r.stdout.trim()
  if (r.spawnError) throw gitFailure(r, ['rev-parse', '--show-toplevel'], repoDir, 'Finding the repository')
  if (/not a git repository/i.test(r.stderr) || /must be run in a work tree/i.test(r.stderr)) {
    throw new JobError('not-a-repo', `${repoDir} is not inside a git repository (work tree).`, {
      subject: repoDir,
      hint: 'Run benchgate from your repository (or pass its directory), after actions/checkout in a workflow.'
    })
  }
  throw gitFailure(r, ['rev-parse', '--show-toplevel'], repoDir, 'Finding the repository')
}

/** `true` when the repository is a shallow clone. */
export async function isShallow(repoDir: string): Promise<boolean> {
  const r = await git(repoDir, ['rev-parse', '--is-shallow-repository'])
  return r.code === 0 && r.stdout.trim() === 'true'
}

const SHALLOW_HINT =
  'In a workflow, check out with `actions/checkout` and `fetch-depth: 0`; locally, run `git fetch --unshallow`.'

/** Resolves one ref to a full commit SHA, or throws a code-2 'unknown-ref' error. */
export async function resolveCommit(repoDir: string, ref: string, role: 'base' | 'head'): Promise<string> {
  assertSafeRef(ref, role)
  // `--end-of-options` is not needed: refs starting with '-' were refused above.
  const args = ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]
  const r = await git(repoDir, args)
  const sha = r.stdout.trim()
  if (r.code === 0 && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) return sha
  if (r.spawnError) throw gitFailure(r, args, repoDir, `Resolving the ${role} ref`)
  const shallow = await isShallow(repoDir)
  throw new JobError(
    'unknown-ref',
    `The ${role} ref ${JSON.stringify(ref)} does not name a commit in ${repoDir}.`,
    {
      subject: ref,
      hint: (await refAdvice(repoDir, ref)) + (shallow ? ` This is a shallow clone: ${SHALLOW_HINT}` : '')
    }
  )
}

/** How many branch names an unknown-ref hint lists. */
const REFS_SHOWN = 8

/**
 * Advice for a ref git does not know that works in this clone: a fetch command only from a remote
 * that exists (`origin/main` is fetched as `git fetch origin main:refs/remotes/origin/main`: in a
 * single-branch clone a plain `git fetch origin main` succeeds but creates no `origin/main`), else
 * the remotes and branches there are, and the closest existing name.
 */
export async function refAdvice(repoDir: string, ref: string): Promise<string> {
  const lines = async (args: string[]) => {
    const r = await git(repoDir, args)
    return r.code === 0 ? r.stdout.split('\n').filter(Boolean) : []
  }
  const remotes = await lines(['remote'])
  const refs = await lines([
    'for-each-ref',
    '--format=%(refname:short)',
    'refs/heads',
    'refs/remotes',
    'refs/tags'
  ])
  const named = refs.filter((r) => !r.endsWith('/HEAD'))
  const similar = closest(ref, named)
  const advice: string[] = []
  if (similar !== null) advice.push(`Did you mean ${shellQuote(similar)}?`)
  const slash = ref.indexOf('/')
  const remote = remotes.find((r) => slash > 0 && ref.slice(0, slash) === r)
  if (/[~^:@{]/.test(ref)) {
    advice.push('A relative ref (HEAD~N, ref^) needs that much history in the clone.')
  } else if (remote !== undefined) {
    const branch = ref.slice(slash + 1)
    advice.push(
      `Fetch it first: git fetch ${shellQuote(remote)} ${shellQuote(`${branch}:refs/remotes/${remote}/${branch}`)}`
    )
  } else if (remotes.length > 0) {
    const from = remotes.includes('origin') ? 'origin' : remotes[0]!
    const isSha = /^[0-9a-f]{7,64}$/i.test(ref)
    advice.push(
      `If it is on ${shellQuote(from)}, fetch it first: git fetch ${shellQuote(from)} ${shellQuote(isSha ? ref : `${ref}:${ref}`)}` +
        (slash > 0
          ? ` (this clone has no remote ${shellQuote(ref.slice(0, slash))}; its remotes: ${remotes.join(', ')})`
          : '')
    )
  } else {
    advice.push('This clone has no remotes to fetch from.')
  }
  const branches = named.slice(0, REFS_SHOWN)
  if (branches.length > 0)
    advice.push(
      `Refs here: ${branches.join(', ')}${named.length > REFS_SHOWN ? ` and ${named.length - REFS_SHOWN} more` : ''}.`
    )
  return advice.join(' ')
}

/**
 * Resolves base and head to commits, and by default replaces base by the merge-base of the two.
 * Refs are passed to git as single argv entries, never through a shell.
 *
 * @throws JobError code 2: 'bad-ref' (empty, starts with '-'), 'not-a-repo', 'unknown-ref',
 *   'shallow' (merge-base unavailable in a shallow clone), 'no-merge-base' (unrelated histories);
 *   code 3: 'git-failed' (git missing or failing unexpectedly).
 */
export async function resolveCommits(options: ResolveCommitsOptions): Promise<ResolvedCommits> {
  const { repoDir, base } = options
  const head = options.head ?? 'HEAD'
  const wantMergeBase = options.mergeBase ?? true
  assertSafeRef(base, 'base')
  assertSafeRef(head, 'head')
  await repoTopLevel(repoDir)
  const baseTipSha = await resolveCommit(repoDir, base, 'base')
  const headSha = await resolveCommit(repoDir, head, 'head')
  const out: ResolvedCommits = {
    baseSha: baseTipSha,
    headSha,
    baseRef: base,
    headRef: head,
    baseTipSha,
    mergeBaseUsed: false
  }
  if (!wantMergeBase) return out

  const args = ['merge-base', baseTipSha, headSha]
  const r = await git(repoDir, args)
  const mb = r.stdout.trim().split('\n')[0] ?? ''
  if (r.code === 0 && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(mb)) {
    return { ...out, baseSha: mb, mergeBaseUsed: true }
  }
  if (r.code !== 1 || r.spawnError) throw gitFailure(r, args, repoDir, 'Finding the merge-base')
  // exit 1 without output: no common ancestor in the history we have
  if (await isShallow(repoDir)) {
    throw new JobError(
      'shallow',
      `Cannot find the merge-base of ${base} and ${head}: this is a shallow clone and the common history is missing.`,
      { subject: repoDir, hint: SHALLOW_HINT }
    )
  }
  throw new JobError('no-merge-base', `${base} and ${head} have no common history (no merge-base).`, {
    subject: `${base}...${head}`,
    hint: 'Compare the two commits directly by turning the merge-base off (base is then used as given).'
  })
}

export interface WorkingTreeStatus {
  /** Tracked files with uncommitted changes (staged or not). Untracked files are not counted. */
  dirty: boolean
  /** `git status --porcelain` lines for the changed tracked files (at most 50). */
  files: string[]
}

/**
 * Whether the work tree has uncommitted changes to tracked files. Worktrees are created from
 * commits, so such changes are NOT measured; callers should warn ("uncommitted changes are not
 * measured"), not fail. Untracked files (build directories) are ignored.
 */
export async function workingTreeStatus(repoDir: string): Promise<WorkingTreeStatus> {
  const args = ['status', '--porcelain', '--untracked-files=no']
  const r = await git(repoDir, args)
  if (r.code !== 0) throw gitFailure(r, args, repoDir, 'Checking for uncommitted changes')
  const files = r.stdout.split('\n').filter((l) => l.trim() !== '')
  return { dirty: files.length > 0, files: files.slice(0, 50) }
}

/** `true` when tracked files have uncommitted changes (see {@link workingTreeStatus}). */
export async function isDirty(repoDir: string): Promise<boolean> {
  return (await workingTreeStatus(repoDir)).dirty
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}
