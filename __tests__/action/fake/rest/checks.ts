/* eslint-disable @typescript-eslint/no-explicit-any -- GitHub JSON payloads are deliberately untyped in this test infrastructure */
// REST: check runs: create and update (65,535-character output cap, 50 annotations per request)
// and list for a commit, which is how benchgate finds its own check run again on a re-run.
import { DOCS, ghError, isoNow } from '../http.js'
import type { Kit } from '../kit.js'
import type { FakeCheckRun } from '../types.js'

function checkRunJson(kit: Kit, c: FakeCheckRun) {
  const { owner, repo, apiUrl, serverUrl } = kit
  return {
    id: c.id,
    head_sha: c.head_sha,
    node_id: `CR_kwDO${Buffer.from(String(c.id)).toString('base64url')}`,
    external_id: c.external_id ?? '',
    url: `${apiUrl}/repos/${owner}/${repo}/check-runs/${c.id}`,
    html_url: `${serverUrl}/${owner}/${repo}/runs/${c.id}`,
    details_url: c.details_url ?? `${serverUrl}/${owner}/${repo}/runs/${c.id}`,
    status: c.status,
    conclusion: c.conclusion,
    started_at: c.started_at,
    completed_at: c.completed_at,
    output: {
      ...c.output,
      annotations_url: `${apiUrl}/repos/${owner}/${repo}/check-runs/${c.id}/annotations`
    },
    name: c.name,
    check_suite: { id: 5000 },
    app: null,
    pull_requests: []
  }
}

function applyCheckRunBody(c: FakeCheckRun, b: any) {
  if (b.name !== undefined) c.name = b.name
  if (b.details_url !== undefined) c.details_url = b.details_url
  if (b.external_id !== undefined) c.external_id = b.external_id
  if (b.started_at !== undefined) c.started_at = b.started_at
  if (b.status !== undefined) c.status = b.status
  if (b.conclusion !== undefined) {
    c.conclusion = b.conclusion
    c.status = 'completed'
    c.completed_at ??= isoNow()
  }
  if (b.completed_at !== undefined) c.completed_at = b.completed_at
  if (b.output) {
    c.output = {
      title: b.output.title ?? c.output.title,
      summary: b.output.summary ?? c.output.summary,
      text: b.output.text ?? c.output.text,
      annotations_count:
        c.output.annotations_count + (Array.isArray(b.output.annotations) ? b.output.annotations.length : 0)
    }
  }
  c.history.push(b)
}

function validateCheckRunBody(b: any, doc: string) {
  for (const f of ['summary', 'text'] as const)
    if (typeof b?.output?.[f] === 'string' && b.output[f].length > 65535)
      throw ghError(422, 'Invalid request.', doc, {
        errors: [`Only 65535 characters are allowed; ${b.output[f].length} were supplied.`]
      })
  if (Array.isArray(b?.output?.annotations) && b.output.annotations.length > 50)
    throw ghError(
      422,
      "Invalid request.\n\nFor 'properties/annotations', too many items (maximum is 50).",
      doc
    )
  if (b?.status === 'completed' && !b.conclusion)
    throw ghError(422, 'Invalid request.\n\nNo subschema in "anyOf" matched.', doc)
}

/** FakeGitHub.seedCheckRun: a completed check run, as if created earlier through the API. */
export function seedCheckRun(
  kit: Kit,
  run: { name: string; head_sha: string; external_id: string }
): FakeCheckRun {
  const c: FakeCheckRun = {
    id: kit.newId() + 30000000000,
    ...run,
    status: 'completed',
    conclusion: 'success',
    started_at: isoNow(),
    completed_at: isoNow(),
    details_url: null,
    output: { title: 'seeded', summary: 'seeded', text: null, annotations_count: 0 },
    history: []
  }
  kit.state.checkRuns.push(c)
  return c
}

export function addCheckRunRoutes(kit: Kit): void {
  const { state, route, requireToken, requireWrite, requireRepo, intParam, paginate, newId } = kit
  route('POST', '/repos/{owner}/{repo}/check-runs', (ctx) => {
    const doc = `${DOCS}/checks/runs#create-a-check-run`
    requireWrite(ctx, doc)
    requireRepo(ctx)
    const b = ctx.json ?? {}
    if (typeof b.name !== 'string' || typeof b.head_sha !== 'string')
      throw ghError(422, 'Invalid request.\n\n"name", "head_sha" weren\'t supplied.', doc)
    validateCheckRunBody(b, doc)
    const c: FakeCheckRun = {
      id: newId() + 30000000000,
      name: b.name,
      head_sha: b.head_sha,
      status: 'queued',
      conclusion: null,
      started_at: isoNow(),
      completed_at: null,
      details_url: null,
      external_id: null,
      output: { title: null, summary: null, text: null, annotations_count: 0 },
      history: []
    }
    applyCheckRunBody(c, b)
    state.checkRuns.push(c)
    return { status: 201, body: checkRunJson(kit, c) }
  })

  route('PATCH', '/repos/{owner}/{repo}/check-runs/{check_run_id}', (ctx) => {
    const doc = `${DOCS}/checks/runs#update-a-check-run`
    requireWrite(ctx, doc)
    requireRepo(ctx)
    const id = intParam(ctx, 'check_run_id')
    const c = state.checkRuns.find((x) => x.id === id)
    if (!c) throw ghError(404, 'Not Found', doc)
    validateCheckRunBody(ctx.json ?? {}, doc)
    applyCheckRunBody(c, ctx.json ?? {})
    return { status: 200, body: checkRunJson(kit, c) }
  })

  kit.route('GET', '/repos/{owner}/{repo}/commits/{ref}/check-runs', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const ref = decodeURIComponent(ctx.params.ref)
    const name = ctx.query.get('check_name')
    const status = ctx.query.get('status')
    const filter = ctx.query.get('filter') ?? 'latest'
    let runs = state.checkRuns
      .filter((c) => c.head_sha === ref && (name === null || c.name === name))
      .filter((c) => status === null || c.status === status)
      .sort((a, b) => b.id - a.id)
    // 'latest' (GitHub's default): the most recent check run of each name.
    if (filter === 'latest') runs = runs.filter((c, i) => runs.findIndex((d) => d.name === c.name) === i)
    const { page, headers } = paginate(ctx, runs)
    return {
      status: 200,
      body: { total_count: runs.length, check_runs: page.map((c) => checkRunJson(kit, c)) },
      headers
    }
  })
}
