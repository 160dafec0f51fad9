/**
 * The sticky PR comment: one per pull request, with a section per report key (commentSections.ts),
 * found by its id as our check run recorded it, its author and its hidden marker (so neither a comment
 * by someone else nor another workflow's bot comment that quotes the marker is ever edited), updated
 * in place on every run; each job rewrites only its own section. A token
 * that may not comment (fork PRs get a read-only token) is a warning, not a failure: the job
 * summary still carries the report.
 */
import { silentLog, type Log } from '../log.js'
import { COMMENT_MAX_CHARS } from '../report/markdown.js'
import { GitHubApiError, type GitHubClient, type IssueComment } from './client.js'
import { fitComment, isBenchgateBody, mergeSections, parseSections } from './commentSections.js'

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
  /**
   * Ids of the comments our check runs recorded (recordedCommentIds): only these can be ours. A
   * marker in a bot comment's text proves nothing: another workflow may quote a fork's text.
   */
  recorded: ReadonlySet<number>
  /** This job's report key: its section of the shared comment (default 'default'). */
  key?: string
  /** Re-renders `body` at most `maxChars` long, when other keys' sections need room. */
  render?: (maxChars: number) => string
  /** Wait this long after writing, then check that a concurrent job did not overwrite our section (ms). */
  settleMs?: number
}

export interface StickyCommentResult {
  action: 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed'
  url: string | null
  /** The comment's id, for the check run to record; null when there is none. */
  id?: number | null
  /** Why it was skipped or failed, for the log. */
  reason?: string
}

/** Rewrites after finding our section overwritten by a concurrent job, at most. */
const MAX_WRITES = 3

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
  const key = options.key ?? 'default'
  // The body is already rendered at GitHub's limit; re-render (a full report pass) only for less.
  const rendered = new Map<number, string>()
  const render = (maxChars: number): string => {
    if (options.body.length <= maxChars || !options.render) return options.body
    if (!rendered.has(maxChars)) rendered.set(maxChars, options.render(maxChars))
    return rendered.get(maxChars)!
  }
  try {
    const author = options.author || (await client.authenticatedLogin())
    let result: StickyCommentResult = { action: 'unchanged', url: null }
    const recorded = new Set(options.recorded)
    for (let write = 0; write < MAX_WRITES; write++) {
      const ours = findOurs(
        (await client.listIssueComments(options.pullNumber)).filter((c) => recorded.has(c.id)),
        author,
        write === 0 ? log : silentLog
      )
      const target = ours.at(-1)
      const others = mergeSections(
        ours.map((c) => c.body),
        { key, body: '' }
      ).filter((s) => s.key !== key)
      const body = fitComment(others, key, render)
      if (write > 0 && target && sameSection(target.body, body, key)) return result
      if (ours.length > 1 && write === 0)
        log.warn(
          `found ${ours.length} benchgate comments on this pull request; merging them into the newest (${target!.url})`
        )
      if (target) {
        for (const old of ours.slice(0, -1)) await client.updateIssueComment(old.id, movedNote(target.url))
        if (target.body === body)
          return result.action === 'unchanged'
            ? { action: 'unchanged', url: target.url, id: target.id }
            : result
        const updated = await client.updateIssueComment(target.id, body)
        result = {
          action: result.action === 'created' ? 'created' : 'updated',
          url: updated.url,
          id: target.id
        }
      } else {
        if (options.mode === 'on-change' && !options.changed)
          return { action: 'skipped', url: null, reason: "comment: 'on-change' and nothing changed" }
        const created = await client.createIssueComment(options.pullNumber, body)
        recorded.add(created.id)
        if (!author && created.login)
          log.info(`comment author: ${created.login} (set 'comment-author: ${created.login}' to pin it)`)
        result = { action: 'created', url: created.url, id: created.id }
      }
      if (!options.settleMs) return result
      await new Promise((r) => setTimeout(r, options.settleMs))
    }
    log.warn(
      "other benchgate jobs kept rewriting the comment; this job's section may be missing until its next run"
    )
    return result
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

/** Whether `body` holds exactly the section of `key` that `composed` has. */
function sameSection(body: string, composed: string, key: string): boolean {
  const mine = parseSections(composed).find((s) => s.key === key)
  return parseSections(body).some((s) => s.key === key && s.body === mine?.body)
}

/** What an older duplicate of the comment becomes (without markers: no longer ours). */
function movedNote(url: string): string {
  return `_benchgate's report moved to ${url}._`
}

/**
 * Our benchgate comments (any key's sections), oldest first. With a known author (the `comment-author` input, or
 * a personal token's user): that login's. With an installation token (the GITHUB_TOKEN or a GitHub
 * App's), which has no "who am I" call (`GET /user` and `GET /app` are refused), those a GitHub App
 * made as itself — login `<slug>[bot]` with `performed_via_github_app.slug` = slug, which no person
 * quoting a benchgate comment can forge — or by github-actions[bot]; if several apps did, the newest one's.
 */
export function findOurs(
  comments: IssueComment[],
  author: string | null | undefined,
  log: Log
): IssueComment[] {
  const marked = comments.filter((c) => isBenchgateBody(c.body))
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
