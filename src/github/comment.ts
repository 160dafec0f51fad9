/**
 * The sticky PR comment: one per pull request and report key, found by its hidden marker AND its
 * author (so a comment by someone else that quotes the marker is never edited), updated in place on
 * every run. A token that may not comment (fork PRs get a read-only token) is a warning, not a
 * failure: the job summary still carries the report.
 */
import type { Log } from '../log.js'
import { COMMENT_MAX_CHARS } from '../report/markdown.js'
import { GitHubApiError, type GitHubClient, type IssueComment } from './client.js'

export type CommentMode = 'always' | 'on-change' | 'never'

/** Who authors comments made with the Actions-provided GITHUB_TOKEN. */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]'

export interface StickyCommentOptions {
  pullNumber: number
  /** The hidden marker that identifies this report (see commentMarker()). */
  marker: string
  body: string
  mode: CommentMode
  /** Did anything change (a regression or improvement)? Decides `on-change` for a first comment. */
  changed: boolean
  /** Login whose comments are ours (`comment-author`); default: see {@link findOurs}. */
  author?: string
}

export interface StickyCommentResult {
  action: 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed'
  url: string | null
  /** Why it was skipped or failed, for the log. */
  reason?: string
}

/**
 * Creates or updates the sticky comment. Never throws for API errors: a failure is returned
 * (`action: 'failed'`) with a reason that says what to do.
 */
export async function upsertStickyComment(
  client: GitHubClient,
  options: StickyCommentOptions,
  log: Log
): Promise<StickyCommentResult> {
  if (options.mode === 'never') return { action: 'skipped', url: null, reason: "comment: 'never'" }
  if (options.body.length > COMMENT_MAX_CHARS)
    throw new Error(`internal: comment body is ${options.body.length} characters (cap ${COMMENT_MAX_CHARS})`)
  if (!options.body.includes(options.marker)) throw new Error('internal: comment body lacks its marker')
  try {
    const author = options.author || (await client.authenticatedLogin())
    const comments = await client.listIssueComments(options.pullNumber)
    const ours = findOurs(comments, options.marker, author, log)
    const existing = ours.at(-1)
    if (ours.length > 1)
      log.warn(
        `found ${ours.length} benchgate comments with this key; updating the newest (${existing!.url})`
      )
    if (existing) {
      if (existing.body === options.body) return { action: 'unchanged', url: existing.url }
      const updated = await client.updateIssueComment(existing.id, options.body)
      return { action: 'updated', url: updated.url }
    }
    if (options.mode === 'on-change' && !options.changed) {
      return { action: 'skipped', url: null, reason: "comment: 'on-change' and nothing changed" }
    }
    const created = await client.createIssueComment(options.pullNumber, options.body)
    if (!author && created.login)
      log.info(`comment author: ${created.login} (set 'comment-author: ${created.login}' to pin it)`)
    return { action: 'created', url: created.url }
  } catch (e) {
    if (!(e instanceof GitHubApiError)) throw e
    const hint =
      e.status === 403 || e.status === 404
        ? 'the token may not write to this pull request (pull requests from forks get a read-only token): ' +
          "give the job 'permissions: pull-requests: write', or use the fork-safe pair (mode: measure + mode: comment, see examples/workflows)"
        : 'GitHub did not accept the request'
    return { action: 'failed', url: null, reason: `${e.message}; ${hint}` }
  }
}

/**
 * Our comments with this marker, oldest first. With a known author (the `comment-author` input, or
 * a personal token's user): that login's. With an installation token (the GITHUB_TOKEN or a GitHub
 * App's), which has no "who am I" call (`GET /user` and `GET /app` are refused), those a GitHub App
 * made as itself — login `<slug>[bot]` with `performed_via_github_app.slug` = slug, which no person
 * quoting the marker can forge — or by github-actions[bot]; if several apps did, the newest one's.
 */
export function findOurs(
  comments: IssueComment[],
  marker: string,
  author: string | null | undefined,
  log: Log
): IssueComment[] {
  const marked = comments.filter((c) => c.body.includes(marker))
  if (author) return marked.filter((c) => loginMatches(c.login, author))
  const byApp = marked.filter(
    (c) => c.login === ACTIONS_BOT_LOGIN || (!!c.appSlug && c.login === `${c.appSlug}[bot]`)
  )
  const logins = [...new Set(byApp.map((c) => c.login))]
  if (logins.length <= 1) return byApp
  const newest = byApp.at(-1)!.login
  log.warn(
    `benchgate comments by several apps (${logins.join(', ')}): using ${newest}'s; set 'comment-author' to choose`
  )
  return byApp.filter((c) => c.login === newest)
}

/** `my-app` names the app's bot `my-app[bot]` too. */
function loginMatches(login: string | null, author: string): boolean {
  return login === author || login === `${author}[bot]`
}
