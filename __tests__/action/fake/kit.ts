// What every service of the fake shares: who the repository and its tokens are, the state tests
// inspect, the route table, and the checks and paging every REST endpoint applies alike.
import { randomUUID } from 'node:crypto'
import { compile, ghError, twirpError, type Ctx, type Handler, type Route } from './http.js'
import { mintRuntimeJwt } from './runner.js'
import type { FailureRule, FakeGitHubOptions, FakeState, RecordedRequest, TokenInfo } from './types.js'
import { createUsers } from './users.js'

export type Kit = ReturnType<typeof createKit>

/** The shared context of one fake server listening at `url`. */
export function createKit(opts: FakeGitHubOptions, url: string) {
  const owner = opts.owner ?? 'Codertocat'
  const repo = opts.repo ?? 'Hello-World'
  const defaultToken = opts.token ?? 'ghs_fakeInstallationToken000000000000000'
  const runId = opts.runId ?? 7000000001
  const serverUrl = opts.serverUrl ?? 'https://github.com'
  const limit = opts.commentBodyLimit ?? { max: 65536, unit: 'codepoints' as const }
  const repoId = 1296269
  const tokens = new Map<string, TokenInfo>([[defaultToken, { kind: 'installation', access: 'write' }]])
  for (const [t, i] of Object.entries(opts.tokens ?? {})) tokens.set(t, i)
  const runtimeTokens = new Set<string>()
  const requests: RecordedRequest[] = []
  const injections: Array<FailureRule & { hits: number; removed: boolean }> = []
  let nextId = 1000
  const newId = () => ++nextId
  const state: FakeState = {
    comments: [],
    artifacts: [],
    caches: [],
    checkRuns: [],
    pulls: new Map(),
    pullCommits: new Map(),
    runs: new Map(),
    compares: new Map(),
    blobs: new Map(),
    backendRuns: new Map()
  }
  const apiUrl = url
  const requireRepo = repoCheck(owner, repo)
  const paginate = paginator(apiUrl)
  const runtimeToken = runtimeTokenMinter(state, runtimeTokens, runId)
  const routes: Route[] = []
  const route = (method: string, template: string, handler: Handler, service: Route['service'] = 'rest') => {
    const { re, names } = compile(template)
    routes.push({ method, template, re, names, handler, service })
  }

  const twirp = twirpRoute(route, runtimeTokens)

  return {
    opts,
    owner,
    repo,
    repoId,
    runId,
    defaultToken,
    serverUrl,
    limit,
    url,
    apiUrl,
    tokens,
    runtimeTokens,
    requests,
    injections,
    state,
    routes,
    newId,
    ...createUsers(owner, serverUrl, apiUrl),
    route,
    twirp,
    requireToken,
    requireWrite,
    requireRepo,
    intParam,
    paginate,
    runtimeToken
  }
}

/** 401 without a known token, as GitHub answers. */
export const requireToken = (ctx: Ctx) => {
  if (!ctx.rec.hasAuthorization) throw ghError(401, 'Requires authentication')
  if (!ctx.tokenInfo) throw ghError(401, 'Bad credentials')
}
/** 403 for a read-only token (a fork's pull request) on a write. */
export const requireWrite = (ctx: Ctx, doc: string) => {
  requireToken(ctx)
  if (ctx.tokenInfo?.access === 'read') throw ghError(403, 'Resource not accessible by integration', doc)
}
/** A numeric path parameter, or 404. */
export const intParam = (ctx: Ctx, name: string): number => {
  const v = ctx.params[name]
  if (!/^\d+$/.test(v)) throw ghError(404, 'Not Found')
  return Number(v)
}

/** 404 unless the path names this repository (case-insensitive, as GitHub). */
const repoCheck = (owner: string, repo: string) => (ctx: Ctx) => {
  if (
    ctx.params.owner.toLowerCase() !== owner.toLowerCase() ||
    ctx.params.repo.toLowerCase() !== repo.toLowerCase()
  )
    throw ghError(404, 'Not Found')
}

/** GitHub's paging: `per_page` (30, at most 100), `page`, and a `Link` header with prev/next/last/first. */
const paginator =
  (apiUrl: string) =>
  <T>(ctx: Ctx, items: T[]): { page: T[]; headers: Record<string, string> } => {
    const perPage = Math.min(Math.max(Number(ctx.query.get('per_page') ?? 30) || 30, 1), 100)
    const pageNo = Math.max(Number(ctx.query.get('page') ?? 1) || 1, 1)
    const last = Math.max(1, Math.ceil(items.length / perPage))
    const page = items.slice((pageNo - 1) * perPage, pageNo * perPage)
    const link = (n: number) => {
      const q = new URLSearchParams(ctx.query)
      q.set('per_page', String(perPage))
      q.set('page', String(n))
      return `<${apiUrl}${ctx.path}?${q.toString()}>`
    }
    const rels: string[] = []
    if (pageNo > 1) rels.push(`${link(pageNo - 1)}; rel="prev"`)
    if (pageNo < last) rels.push(`${link(pageNo + 1)}; rel="next"`, `${link(last)}; rel="last"`)
    if (pageNo > 1) rels.push(`${link(1)}; rel="first"`)
    return { page, headers: rels.length ? { link: rels.join(', ') } : {} }
  }

/** Mints ACTIONS_RUNTIME_TOKENs for a run, registering its backend ids (one pair per run). */
const runtimeTokenMinter =
  (state: FakeState, runtimeTokens: Set<string>, runId: number) =>
  (forRun = runId): string => {
    let runBackendId: string | undefined
    let jobBackendId: string | undefined
    for (const [rb, v] of state.backendRuns)
      if (v.runId === forRun) {
        runBackendId = rb
        jobBackendId = v.jobBackendId
      }
    if (!runBackendId || !jobBackendId) {
      runBackendId = randomUUID()
      jobBackendId = randomUUID()
      state.backendRuns.set(runBackendId, { runId: forRun, jobBackendId })
    }
    const t = mintRuntimeJwt(runBackendId, jobBackendId)
    runtimeTokens.add(t)
    return t
  }

/** A twirp method of the Actions results service: needs a runtime token minted by this fake. */
const twirpRoute =
  (route: (m: string, t: string, h: Handler, s: Route['service']) => void, runtimeTokens: Set<string>) =>
  (method: string, handler: Handler) =>
    route(
      'POST',
      `${method}`,
      (ctx) => {
        if (!ctx.rec.hasAuthorization || !ctx.token || !runtimeTokens.has(ctx.token))
          throw twirpError(401, 'unauthenticated', 'invalid or missing runtime token')
        if (!String(ctx.req.headers['content-type'] ?? '').startsWith('application/json'))
          throw twirpError(415, 'bad_route', 'only JSON twirp requests are supported by the fake')
        return handler(ctx)
      },
      'twirp'
    )
