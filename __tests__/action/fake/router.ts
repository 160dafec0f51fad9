/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are untyped JSON */
// Routing: every request is recorded (never a token), matched to a route (or the blob store),
// answered by an injected failure when a test asked for one, else by its handler, and sent with
// the headers GitHub adds to REST responses.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { blobHandler } from './blobs.js'
import { DOCS, ghError, HttpError, twirpError, type Ctx, type Handler } from './http.js'
import type { Kit } from './kit.js'
import type { FailureRule, RecordedRequest } from './types.js'

export function addGraphqlRoute(kit: Kit): void {
  kit.route(
    'POST',
    '/graphql',
    () => {
      throw ghError(501, 'GraphQL is not implemented by the fake GitHub')
    },
    'graphql'
  )
}

function matchInjection(kit: Kit, method: string, p: string, template?: string) {
  for (const r of kit.injections) {
    if (r.removed || (r.times !== undefined && r.hits >= r.times)) continue
    if (r.method && r.method !== '*' && r.method.toUpperCase() !== method) continue
    const ok = r.path instanceof RegExp ? r.path.test(p) : r.path === p || r.path === template
    if (ok) {
      r.hits++
      return r
    }
  }
  return undefined
}

type Result = { status: number; body?: unknown; headers?: Record<string, string>; raw?: Buffer }

/** The server's request listener: record, route, answer (or fail as injected), send. */
export function requestListener(kit: Kit) {
  const blobs = blobHandler(kit)
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const ctx = recordRequest(kit, req, Buffer.concat(chunks))
        let result: Result
        try {
          const { handler, template } = findHandler(kit, ctx, blobs)
          const inj = matchInjection(kit, ctx.method, ctx.path, template)
          result = inj ? injectedResult(inj, ctx.rec) : await handler(ctx)
        } catch (e) {
          if (e instanceof HttpError) result = { status: e.status, body: e.body, headers: e.headers }
          else result = { status: 500, body: { message: `fake GitHub crashed: ${(e as Error).stack ?? e}` } }
        }
        send(kit, res, ctx, result)
      })()
    })
  }
}

/** Appends the request to `kit.requests` (authorization redacted, blob payloads dropped). */
function recordRequest(kit: Kit, req: IncomingMessage, raw: Buffer): Ctx {
  const { url, tokens, runtimeTokens, requests } = kit
  const u = new URL(req.url ?? '/', url)
  const method = (req.method ?? 'GET').toUpperCase()
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers))
    headers[k] = k === 'authorization' ? '<redacted>' : Array.isArray(v) ? v.join(', ') : String(v ?? '')
  const auth = req.headers.authorization
  const authMatch = auth ? /^(\S+)\s+(.+)$/.exec(auth) : null
  const token = authMatch?.[2]
  const tokenInfo = token ? tokens.get(token) : undefined
  let json: any
  const ct = String(req.headers['content-type'] ?? '')
  if (raw.length && (ct.includes('json') || ct === '')) {
    try {
      json = JSON.parse(raw.toString('utf8'))
    } catch {
      json = undefined
    }
  }
  const rec: RecordedRequest = {
    seq: requests.length + 1,
    service: 'other',
    method,
    path: u.pathname,
    query: Object.fromEntries(u.searchParams),
    headers,
    hasAuthorization: !!auth,
    authScheme: authMatch?.[1],
    credential: token
      ? (tokenInfo?.kind ?? (runtimeTokens.has(token) ? 'runtime' : 'unknown'))
      : u.searchParams.get('sig')
        ? 'sas'
        : undefined,
    body: json,
    bodyBytes: raw.length,
    status: 0,
    responseHeaders: {}
  }
  if (rec.service === 'other' && u.pathname.startsWith('/blob/')) {
    // do not keep blob payloads in the log
    rec.body = undefined
  }
  requests.push(rec)
  return {
    req,
    method,
    path: u.pathname,
    query: u.searchParams,
    raw,
    json,
    params: {},
    token,
    tokenInfo,
    rec
  }
}

/** The route (or the blob store) for the request; sets its params and what the record says it was. */
function findHandler(kit: Kit, ctx: Ctx, blobs: Handler): { handler: Handler; template?: string } {
  const { rec, method, path } = ctx
  if (path.startsWith('/blob/')) {
    rec.service = 'blob'
    return { handler: blobs }
  }
  let pathMatched = false
  for (const r of kit.routes) {
    const m = r.re.exec(path)
    if (!m) continue
    pathMatched = true
    if (r.method !== method) continue
    ctx.params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]))
    rec.service = r.service
    rec.route = `${method} ${r.template}`
    return { handler: r.handler, template: r.template }
  }
  rec.service = path.startsWith('/twirp/') ? 'twirp' : 'rest'
  throw pathMatched
    ? ghError(404, 'Not Found')
    : path.startsWith('/twirp/')
      ? twirpError(404, 'bad_route', `no handler for ${path}`)
      : ghError(404, 'Not Found')
}

/** The answer of an injected failure: its body, or what GitHub or twirp would say for its status. */
function injectedResult(inj: FailureRule, rec: RecordedRequest): Result {
  rec.injected = true
  const body =
    inj.body ??
    (rec.service === 'twirp'
      ? {
          code: inj.status >= 500 ? 'internal' : 'permission_denied',
          msg: `injected ${inj.status}`
        }
      : {
          message:
            inj.status === 403
              ? 'Resource not accessible by integration'
              : inj.status === 404
                ? 'Not Found'
                : inj.status >= 500
                  ? 'Server Error'
                  : 'Injected failure',
          documentation_url: DOCS,
          status: String(inj.status)
        })
  return { status: inj.status, body, headers: inj.headers }
}

/** Writes the response (with the headers GitHub adds to REST answers) and completes the record. */
function send(kit: Kit, res: ServerResponse, ctx: Ctx, result: Result): void {
  const { rec, method } = ctx
  const outHeaders: Record<string, string> = { ...(result.headers ?? {}) }
  let payload: Buffer | undefined = result.raw
  if (payload === undefined && result.body !== undefined) {
    payload = Buffer.from(JSON.stringify(result.body))
    outHeaders['content-type'] ??= 'application/json; charset=utf-8'
  }
  if (rec.service === 'rest') {
    outHeaders['x-github-request-id'] ??= `FAKE:${rec.seq}`
    outHeaders['x-github-api-version-selected'] ??= '2022-11-28'
    outHeaders['x-ratelimit-limit'] ??= '5000'
    outHeaders['x-ratelimit-remaining'] ??= '4999'
    outHeaders['x-ratelimit-reset'] ??= String(Math.floor(Date.now() / 1000) + 3600)
    outHeaders['x-ratelimit-resource'] ??= 'core'
  }
  if (outHeaders.etag === '') delete outHeaders.etag
  outHeaders['content-length'] = String(payload?.length ?? 0)
  rec.status = result.status
  rec.responseBody = result.raw === undefined ? result.body : undefined
  rec.responseHeaders = outHeaders
  if (kit.opts.verbose) process.stderr.write(`[fake-github] ${method} ${ctx.path} -> ${result.status}\n`)
  res.writeHead(result.status, outHeaders)
  res.end(method === 'HEAD' ? undefined : payload)
}
