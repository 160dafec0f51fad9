/**
 * Makes sure the commits a run compares, and the history between them, are in the clone. CI
 * checkouts are often shallow (actions/checkout fetches one commit by default); the merge-base then
 * cannot be found. We deepen the clone once, and fail with the exact fix if that is not possible.
 */
import type { Log } from '../log.js'
import { JobError } from '../errors.js'
import { git } from './exec.js'
import { isShallow } from './resolve.js'

const FIX = 'check the repository out with full history: `actions/checkout` with `fetch-depth: 0`'

async function hasCommit(repoDir: string, sha: string): Promise<boolean> {
  const r = await git(repoDir, ['cat-file', '-e', `${sha}^{commit}`])
  return r.code === 0
}

/**
 * Fetches what is missing: the whole history when the clone is shallow (`git fetch --unshallow`),
 * then any of `commits` still absent (by SHA). Only full SHAs are fetched by name; refs are resolved
 * later. Arguments go to git as argv entries, never through a shell.
 * @throws JobError code 2 ('shallow') naming the fix when fetching fails
 */
export async function ensureHistory(
  repoDir: string,
  commits: string[],
  log: Log,
  remote = 'origin'
): Promise<void> {
  if (await isShallow(repoDir)) {
    log.info(`the clone is shallow: fetching its full history from ${remote} (git fetch --unshallow)`)
    const r = await git(repoDir, ['fetch', '--no-tags', '--quiet', '--unshallow', remote])
    if (r.code !== 0) {
      throw new JobError(
        'shallow',
        `the clone is shallow and 'git fetch --unshallow ${remote}' failed: ${r.stderr.trim()}`,
        {
          hint: FIX
        }
      )
    }
  }
  for (const sha of commits) {
    if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha) || (await hasCommit(repoDir, sha))) continue
    log.info(`fetching ${sha.slice(0, 12)} from ${remote}`)
    const r = await git(repoDir, ['fetch', '--no-tags', '--quiet', remote, sha])
    if (r.code !== 0 || !(await hasCommit(repoDir, sha))) {
      throw new JobError(
        'unknown-ref',
        `commit ${sha} is not in the clone and could not be fetched: ${r.stderr.trim()}`,
        {
          subject: sha,
          hint: FIX
        }
      )
    }
  }
}
