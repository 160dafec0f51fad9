/* eslint-disable @typescript-eslint/no-explicit-any -- GitHub JSON payloads are deliberately untyped in this test infrastructure */
// REST: pull requests, commits' pull requests, commit comparisons and workflow runs, all seeded by
// tests (seedPull, seedRun, seedCompare) or by env() from the event.
import { DOCS, ghError } from '../http.js'
import type { Kit } from '../kit.js'

export function addRepoRoutes(kit: Kit): void {
  const { state, route, requireToken, requireRepo, intParam, paginate } = kit
  route('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const p = state.pulls.get(intParam(ctx, 'pull_number'))
    if (!p) throw ghError(404, 'Not Found', `${DOCS}/pulls/pulls#get-a-pull-request`)
    return { status: 200, body: p }
  })

  route('GET', '/repos/{owner}/{repo}/pulls/{pull_number}/commits', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const n = intParam(ctx, 'pull_number')
    if (!state.pulls.has(n))
      throw ghError(404, 'Not Found', `${DOCS}/pulls/pulls#list-commits-on-a-pull-request`)
    const { owner, repo, apiUrl, serverUrl } = kit
    const commits = (state.pullCommits.get(n) ?? []).map((sha) => ({
      sha,
      node_id: `C_${sha.slice(0, 12)}`,
      url: `${apiUrl}/repos/${owner}/${repo}/commits/${sha}`,
      html_url: `${serverUrl}/${owner}/${repo}/commit/${sha}`,
      comments_url: `${apiUrl}/repos/${owner}/${repo}/commits/${sha}/comments`,
      commit: {
        url: `${apiUrl}/repos/${owner}/${repo}/git/commits/${sha}`,
        author: null,
        committer: null,
        message: 'a commit',
        comment_count: 0,
        tree: { sha, url: `${apiUrl}/repos/${owner}/${repo}/git/trees/${sha}` }
      },
      author: null,
      committer: null,
      parents: []
    }))
    const { page, headers } = paginate(ctx, commits)
    return { status: 200, body: page, headers }
  })

  route('GET', '/repos/{owner}/{repo}/commits/{commit_sha}/pulls', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const sha = ctx.params.commit_sha
    const all = [...state.pulls.values()].filter((p) => p.head?.sha === sha || p.merge_commit_sha === sha)
    const { page, headers } = paginate(ctx, all)
    return { status: 200, body: page, headers }
  })

  route('GET', '/repos/{owner}/{repo}/compare/{basehead}', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const c = state.compares.get(decodeURIComponent(ctx.params.basehead))
    if (!c) throw ghError(404, 'Not Found', `${DOCS}/commits/commits#compare-two-commits`)
    return { status: 200, body: c }
  })

  route('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const r = state.runs.get(intParam(ctx, 'run_id'))
    if (!r) throw ghError(404, 'Not Found', `${DOCS}/actions/workflow-runs#get-a-workflow-run`)
    return { status: 200, body: r }
  })
}

/** FakeGitHub.seedCompare: what `GET compare/{base}...{head}` answers. */
export function seedCompare(
  kit: Kit,
  base: string,
  head: string,
  o: { mergeBase: string; aheadBy?: number; behindBy?: number; status?: string }
): void {
  const { state, owner, repo, apiUrl, serverUrl } = kit
  state.compares.set(`${base}...${head}`, {
    url: `${apiUrl}/repos/${owner}/${repo}/compare/${base}...${head}`,
    html_url: `${serverUrl}/${owner}/${repo}/compare/${base}...${head}`,
    status: o.status ?? ((o.behindBy ?? 0) > 0 ? 'diverged' : 'ahead'),
    ahead_by: o.aheadBy ?? 1,
    behind_by: o.behindBy ?? 0,
    total_commits: o.aheadBy ?? 1,
    base_commit: { sha: base },
    merge_base_commit: { sha: o.mergeBase },
    commits: [],
    files: []
  })
}

/** FakeGitHub.seedPull: the pull as `GET pulls/{n}` answers it; a new head is a push (one more commit). */
export function seedPull(kit: Kit, pull: any): void {
  const n = Number(pull.number)
  kit.state.pulls.set(n, pull)
  const commits = kit.state.pullCommits.get(n) ?? []
  const sha = pull.head?.sha
  if (typeof sha === 'string' && commits.at(-1) !== sha) kit.state.pullCommits.set(n, [...commits, sha])
}
export const seedRun = (kit: Kit, run: any) => void kit.state.runs.set(Number(run.id), run)
