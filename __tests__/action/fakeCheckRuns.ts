// Check-run endpoints of the fake GitHub that live outside fakeGitHub.ts (which registers them):
// `GET /repos/{owner}/{repo}/commits/{ref}/check-runs` — how benchgate finds its own check run on
// a commit again to update it on a re-run. Create and update are in fakeGitHub.ts.
import type { CheckRunRoutes } from './fakeGitHub.js'

export function addCheckRunListRoute(kit: CheckRunRoutes): void {
  kit.route('GET', '/repos/{owner}/{repo}/commits/{ref}/check-runs', (ctx) => {
    kit.requireToken(ctx)
    kit.requireRepo(ctx)
    const ref = decodeURIComponent(ctx.params.ref)
    const name = ctx.query.get('check_name')
    const status = ctx.query.get('status')
    const filter = ctx.query.get('filter') ?? 'latest'
    let runs = kit
      .checkRuns()
      .filter((c) => c.head_sha === ref && (name === null || c.name === name))
      .filter((c) => status === null || c.status === status)
      .sort((a, b) => b.id - a.id)
    // 'latest' (GitHub's default): the most recent check run of each name.
    if (filter === 'latest') runs = runs.filter((c, i) => runs.findIndex((d) => d.name === c.name) === i)
    const { page, headers } = kit.paginate(ctx, runs)
    return {
      status: 200,
      body: { total_count: runs.length, check_runs: page.map(kit.checkRunJson) },
      headers
    }
  })
}
