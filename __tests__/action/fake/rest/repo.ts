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

export const seedPull = (kit: Kit, pull: any) => void kit.state.pulls.set(Number(pull.number), pull)
export const seedRun = (kit: Kit, run: any) => void kit.state.runs.set(Number(run.id), run)
