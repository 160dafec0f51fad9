/**
 * `mode: record` (docs/history.md, docs/statistics.md §11): the results of a push to the default branch, measured
 * against the push's `before` (the last recorded commit), added to the history store — one record
 * per commit, never edited (docs/history.md).
 */
import { readFileSync } from 'node:fs'
import { ConfigError } from '../errors.js'
import type { GitCredential } from '../git/credentials.js'
import { buildRecord, type RecordMeta } from '../history/record.js'
import { withCommitDate } from '../history/commitDate.js'
import { openStore } from '../history/store.js'
import { validateResults } from '../report/readResults.js'
import type { ActionContext } from './types.js'

/** A push to the default branch: anything else has no place in main's history. */
export function requirePushToDefaultBranch({ env, payload }: ActionContext): void {
  const repo = payload.repository as { default_branch?: unknown } | undefined
  const ref = typeof payload.ref === 'string' ? payload.ref : ''
  if (env.eventName !== 'push')
    throw new ConfigError(
      `mode 'record' runs on 'push' to the default branch (see examples/workflows/history-record.yml); this run was triggered by '${env.eventName}'`
    )
  if (typeof repo?.default_branch === 'string' && ref !== `refs/heads/${repo.default_branch}`)
    throw new ConfigError(
      `mode 'record' keeps the default branch's history: this push is to '${ref}', not 'refs/heads/${repo.default_branch}'`
    )
}

/**
 * The pull request a pushed commit came from, as GitHub words its subject: a squash merge ends in
 * "(#123)", a merge commit starts "Merge pull request #123". Digits only; none otherwise.
 */
export function pullRequestOfPush(payload: Record<string, unknown>): number | undefined {
  const commit = payload.head_commit as { message?: unknown } | undefined
  const subject = typeof commit?.message === 'string' ? commit.message.split('\n')[0] : ''
  const m = /\(#(\d{1,9})\)\s*$/.exec(subject) ?? /^Merge pull request #(\d{1,9}) /.exec(subject)
  return m ? Number(m[1]) : undefined
}

/**
 * The `github-token` input for a git store's fetch and push, given to those git commands through
 * their environment only: the checkout keeps no credential (docs/security.md, defence 2).
 */
export function storeCredential({ settings, env }: ActionContext): GitCredential | undefined {
  return settings.token ? { token: settings.token, serverUrl: env.serverUrl } : undefined
}

/** Adds the written results.json to the history store; returns the record's path in the store, or null when already recorded. */
export async function recordResults(resultsPath: string, ctx: ActionContext): Promise<string | null> {
  const { settings, payload, io } = ctx
  const results = validateResults(readFileSync(resultsPath, 'utf8'), resultsPath)
  const meta: RecordMeta = {}
  const pr = pullRequestOfPush(payload)
  if (pr !== undefined) meta.pr = pr
  const record = buildRecord(
    results,
    await withCommitDate(results, meta, settings.config.repoDir),
    resultsPath
  )
  const store = openStore(settings.historyStore, settings.config.repoDir, storeCredential(ctx))
  const added = await store.add(record)
  const tries = added.attempts > 1 ? ` after ${added.attempts} push attempts` : ''
  io.log.info(
    added.added
      ? `recorded ${record.commit.slice(0, 12)} (${record.benchmarks.length} benchmarks${pr ? `, PR #${pr}` : ''}) in ${store.name} as ${added.path}${tries}`
      : `${record.commit.slice(0, 12)} is already recorded in ${store.name}; kept the existing record`
  )
  return added.added ? added.path : null
}
