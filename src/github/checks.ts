/**
 * benchgate's own check run on the pull request's head commit (Checks API): the gate's verdict as
 * conclusion, the report as output. In the fork-safe split (mode: comment, a workflow_run workflow)
 * the PR's own workflow cannot carry the verdict; this check run can, so branch protection can
 * require `benchgate`. One check run per commit and key, found again by name and external_id and
 * updated when the workflow is re-run. A token without `checks: write` gets a warning, not a failure.
 */
import type { SuiteResult } from '../analysis/types.js'
import { headline } from '../report/wording.js'
import { GitHubApiError, type GitHubClient } from './client.js'

export interface CheckRunReport {
  /** The report key (config `key`): one check run per key. */
  key: string
  headSha: string
  conclusion: 'success' | 'failure' | 'neutral'
  /** One line (GitHub shows it next to the check's name). */
  title: string
  /** Markdown, at most {@link CHECK_SUMMARY_MAX_CHARS} characters. */
  summary: string
  /** Where "Details" leads: the workflow run, whose job summary has the full report. */
  detailsUrl?: string
  /** The sticky comment this job wrote or kept: recorded so the next run can prove it ours. */
  commentId?: number | null
}

export interface CheckRunResult {
  action: 'created' | 'updated' | 'failed'
  url: string | null
  /** Why it failed, with what to do. */
  reason?: string
}

/** GitHub's limit for a check run's output.summary. */
export const CHECK_SUMMARY_MAX_CHARS = 65_535
/** GitHub's limit for output.title is not documented; keep it to a headline. */
const TITLE_MAX_CHARS = 200

/** The check's title: the report's headline, with the verdict table's emoji and words. */
export function checkRunTitle(suite: SuiteResult): string {
  return headline(suite).slice(0, TITLE_MAX_CHARS)
}

/** The check's name, which branch protection requires: `benchgate`, or `benchgate (KEY)`. */
export function checkRunName(key: string): string {
  return key === 'default' ? 'benchgate' : `benchgate (${key})`
}

/**
 * Tells our check run from another app's or a job's of the same name, and records the id of the
 * sticky comment we wrote: GitHub keeps it where no comment text can reach (docs/security.md, defence 16).
 */
export function checkRunExternalId(key: string, commentId?: number | null): string {
  return `benchgate:${key}` + (commentId ? ` comment=${commentId}` : '')
}

/** The key and recorded comment id of one of our check runs' external_id; null when not ours. */
export function parseCheckRunExternalId(id: string | null): { key: string; commentId: number | null } | null {
  const m = /^benchgate:(.*?)(?: comment=(\d+))?$/.exec(id ?? '')
  return m ? { key: m[1]!, commentId: m[2] ? Number(m[2]) : null } : null
}

/** How many of the pull request's newest commits to search for our last check run (one call a commit). */
const RECORD_LOOKBACK = 20

/**
 * The ids of the sticky comments our check runs recorded on the newest commit of the pull request
 * that has any (the head on a re-run, else an earlier push's head). Empty when none can be read:
 * then no existing comment is proven ours, and a new one is posted.
 */
export async function recordedCommentIds(
  client: GitHubClient,
  pullNumber: number,
  headSha: string
): Promise<Set<number>> {
  const commits = await client.listPullCommits(pullNumber).catch((e: unknown) => {
    if (e instanceof GitHubApiError) return []
    throw e
  })
  const newestFirst = [headSha, ...commits.filter((c) => c !== headSha).reverse()]
  for (const sha of newestFirst.slice(0, RECORD_LOOKBACK)) {
    const ids = (await client.listCheckRuns(sha))
      .map((c) => parseCheckRunExternalId(c.externalId)?.commentId)
      .filter((id): id is number => typeof id === 'number')
    if (ids.length > 0) return new Set(ids)
  }
  return new Set()
}

/**
 * Creates the check run, or updates the one this key already has on this commit. Never throws for
 * API errors: the failure is returned with a reason that says what to do.
 */
export async function upsertCheckRun(client: GitHubClient, report: CheckRunReport): Promise<CheckRunResult> {
  if (report.summary.length > CHECK_SUMMARY_MAX_CHARS)
    throw new Error(
      `internal: check run summary is ${report.summary.length} characters (cap ${CHECK_SUMMARY_MAX_CHARS})`
    )
  const request = {
    name: checkRunName(report.key),
    headSha: report.headSha,
    externalId: checkRunExternalId(report.key, report.commentId),
    conclusion: report.conclusion,
    title: report.title.slice(0, TITLE_MAX_CHARS),
    summary: report.summary,
    detailsUrl: report.detailsUrl
  }
  try {
    const ours = (await client.listCheckRuns(report.headSha, request.name)).filter(
      (c) => parseCheckRunExternalId(c.externalId)?.key === report.key
    )
    // A re-run updates the newest of ours (several can exist only if two jobs raced to create it).
    const existing = ours.sort((a, b) => b.id - a.id)[0]
    if (existing) return { action: 'updated', url: await client.updateCheckRun(existing.id, request) }
    return { action: 'created', url: await client.createCheckRun(request) }
  } catch (e) {
    if (!(e instanceof GitHubApiError)) throw e
    const hint =
      e.status === 403 || e.status === 404
        ? "the token may not write checks: give the job 'permissions: checks: write' (in the fork-safe pair, the comment workflow)"
        : 'GitHub did not accept the request'
    return { action: 'failed', url: null, reason: `${e.message}; ${hint}` }
  }
}
