/**
 * The few GitHub REST calls benchgate makes, behind a narrow interface (the only module that holds
 * an Octokit). `GITHUB_API_URL` is honoured (GHES, and the local fake API the tests use).
 * The token is never logged: errors carry GitHub's status and message only.
 */
import { getOctokit } from '@actions/github'

export interface IssueComment {
  id: number
  body: string
  login: string | null
  /** The GitHub App that made the comment (`performed_via_github_app.slug`), if any. */
  appSlug?: string | null
  url: string
}

export interface CheckRunRequest {
  name: string
  headSha: string
  conclusion: 'success' | 'failure' | 'neutral'
  title: string
  /** Markdown, at most 65,535 characters (GitHub's limit for a check run's summary). */
  summary: string
  detailsUrl?: string
  /** Ours to recognise it by (`benchgate:KEY`); another app's check run may have the same name. */
  externalId?: string
}

/** A check run found on a commit. */
export interface CheckRunRef {
  id: number
  externalId: string | null
  url: string
}

export interface PullHead {
  sha: string
  ref: string
  repository: string | null
  /** The commit the PR's base branch points at (GitHub's record, for checking a claimed base). */
  baseSha?: string
}

export interface GitHubClient {
  /** The token's user login, or null when the token cannot say (an Actions installation token). */
  authenticatedLogin(): Promise<string | null>
  listIssueComments(issue: number): Promise<IssueComment[]>
  createIssueComment(issue: number, body: string): Promise<IssueComment>
  updateIssueComment(id: number, body: string): Promise<IssueComment>
  /** The pull request's head: commit, branch and repository (null when the fork was deleted). */
  getPullHead(pull: number): Promise<PullHead>
  /** The merge-base of two commits, as GitHub's compare says (null when it cannot tell). */
  mergeBase(base: string, head: string): Promise<string | null>
  /** Check runs named `name` (any name when absent) on commit `headSha` (every one, not only the latest). */
  listCheckRuns(headSha: string, name?: string): Promise<CheckRunRef[]>
  /** The pull request's commits, oldest first (GitHub lists at most 250). */
  listPullCommits(pull: number): Promise<string[]>
  /** Creates a completed check run; returns its URL. */
  createCheckRun(check: CheckRunRequest): Promise<string>
  /** Replaces a check run's conclusion and output; returns its URL. */
  updateCheckRun(id: number, check: CheckRunRequest): Promise<string>
}

/** A failed API call: GitHub's status and message, never the request's credentials. */
export class GitHubApiError extends Error {
  constructor(
    readonly status: number,
    readonly operation: string,
    message: string
  ) {
    super(`GitHub API: ${operation} failed (${status || 'no response'}): ${message}`)
    this.name = 'GitHubApiError'
  }
}

/** Stops listing after this many comments (a PR with more is pathological; we'd only miss our own). */
const MAX_COMMENTS_LISTED = 10_000

export function createGitHubClient(token: string, repository: { owner: string; repo: string }): GitHubClient {
  const octokit = getOctokit(token)
  const { owner, repo } = repository
  return {
    authenticatedLogin: () => authenticatedLogin(octokit),
    ...commentCalls(octokit, owner, repo),
    getPullHead: (pull) =>
      call('get the pull request', async () => {
        const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: pull })
        return {
          sha: data.head.sha,
          ref: data.head.ref,
          repository: data.head.repo?.full_name ?? null,
          baseSha: data.base.sha
        }
      }),
    mergeBase: (base, head) =>
      call('compare two commits', async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
          owner,
          repo,
          basehead: `${base}...${head}`,
          per_page: 1
        })
        return data.merge_base_commit?.sha ?? null
      }),
    listPullCommits: (pull) =>
      call('list the pull request commits', async () => {
        const commits = await octokit.paginate(octokit.rest.pulls.listCommits, {
          owner,
          repo,
          pull_number: pull,
          per_page: 100
        })
        return commits.map((c) => c.sha)
      }),
    ...checkRunCalls(octokit, owner, repo)
  }
}

type Octokit = ReturnType<typeof getOctokit>

/** Runs one API call; a failure becomes a GitHubApiError with GitHub's status and message. */
async function call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    const err = e as { status?: number; message?: string; response?: { data?: { message?: string } } }
    throw new GitHubApiError(
      err.status ?? 0,
      operation,
      err.response?.data?.message ?? err.message ?? String(e)
    )
  }
}

async function authenticatedLogin(octokit: Octokit): Promise<string | null> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated()
    return data.login
  } catch (e) {
    const status = (e as { status?: number }).status
    // Installation tokens (GITHUB_TOKEN) get 403 "Resource not accessible by integration".
    if (status === 401 || status === 403 || status === 404) return null
    throw new GitHubApiError(status ?? 0, 'get the authenticated user', (e as Error).message)
  }
}

function toComment(c: {
  id: number
  body?: string | null
  user?: { login: string } | null
  performed_via_github_app?: { slug?: string } | null
  html_url: string
}): IssueComment {
  return {
    id: c.id,
    body: c.body ?? '',
    login: c.user?.login ?? null,
    appSlug: c.performed_via_github_app?.slug ?? null,
    url: c.html_url
  }
}

function commentCalls(
  octokit: Octokit,
  owner: string,
  repo: string
): Pick<GitHubClient, 'listIssueComments' | 'createIssueComment' | 'updateIssueComment'> {
  return {
    listIssueComments: (issue) =>
      call('list comments', async () => {
        const out: IssueComment[] = []
        for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
          owner,
          repo,
          issue_number: issue,
          per_page: 100
        })) {
          out.push(...page.data.map(toComment))
          if (out.length >= MAX_COMMENTS_LISTED) break
        }
        return out
      }),
    createIssueComment: (issue, body) =>
      call('create a comment', async () =>
        toComment((await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body })).data)
      ),
    updateIssueComment: (id, body) =>
      call('update a comment', async () =>
        toComment((await octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body })).data)
      )
  }
}

function checkRunCalls(
  octokit: Octokit,
  owner: string,
  repo: string
): Pick<GitHubClient, 'listCheckRuns' | 'createCheckRun' | 'updateCheckRun'> {
  return {
    listCheckRuns: (headSha, name) =>
      call('list check runs', async () => {
        const runs = await octokit.paginate(octokit.rest.checks.listForRef, {
          owner,
          repo,
          ref: headSha,
          ...(name === undefined ? {} : { check_name: name }),
          filter: 'all',
          per_page: 100
        })
        return runs.map((c) => ({ id: c.id, externalId: c.external_id ?? null, url: c.html_url ?? '' }))
      }),
    createCheckRun: (check) =>
      call('create a check run', async () => {
        const { data } = await octokit.rest.checks.create({
          owner,
          repo,
          name: check.name,
          head_sha: check.headSha,
          external_id: check.externalId,
          status: 'completed',
          conclusion: check.conclusion,
          details_url: check.detailsUrl,
          output: { title: check.title, summary: check.summary }
        })
        return data.html_url ?? ''
      }),
    updateCheckRun: (id, check) =>
      call('update a check run', async () => {
        const { data } = await octokit.rest.checks.update({
          owner,
          repo,
          check_run_id: id,
          name: check.name,
          external_id: check.externalId,
          status: 'completed',
          conclusion: check.conclusion,
          completed_at: new Date().toISOString(),
          details_url: check.detailsUrl,
          output: { title: check.title, summary: check.summary }
        })
        return data.html_url ?? ''
      })
  }
}
