/* eslint-disable @typescript-eslint/no-explicit-any -- GitHub JSON payloads are deliberately untyped in this test infrastructure */
// A local fake of the GitHub services a workflow step talks to, for running the built
// `dist/index.js` as a child process the way a runner does (see README.md in this folder).
//
// One node:http server on 127.0.0.1 serves:
//   - REST (`GITHUB_API_URL`, at the root: `/user`, `/repos/{owner}/{repo}/...`)
//   - the Actions results service twirp API (`ACTIONS_RESULTS_URL`, `/twirp/...`): artifacts
//     (@actions/artifact v6) and cache v2 (@actions/cache v6 with ACTIONS_CACHE_SERVICE_V2)
//   - a blob store standing in for Azure Blob Storage (`/blob/...`, signed URLs handed out by the
//     twirp API and by the REST artifact download redirect), enough of the Put Block / Put Block
//     List / Put Blob protocol for @azure/storage-blob's BlockBlobClient.
//
// It records every request (never the token values) so tests can assert on what was called and
// check it against GitHub's OpenAPI description (openapi.ts).

import { execFile } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHash, randomUUID } from 'node:crypto'
import {
  mkdtempSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  lstatSync,
  readlinkSync,
  writeFileSync,
  existsSync,
  rmSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib'
import { addCheckRunListRoute } from './fakeCheckRuns.js'

const HERE = path.dirname(fileURLToPath(import.meta.url))
export const FIXTURES_DIR = path.resolve(HERE, '..', 'fixtures', 'github')

// ---------------------------------------------------------------------------------------------
// Types

export type TokenKind = 'installation' | 'pat'

export interface TokenInfo {
  kind: TokenKind
  /** PAT: the user the token belongs to. Installation tokens act as `github-actions[bot]`. */
  login?: string
  /** 'read' models the read-only GITHUB_TOKEN of a pull request from a fork. Default 'write'. */
  access?: 'read' | 'write'
  /** Installation tokens: the GitHub App's slug (default 'github-actions', the GITHUB_TOKEN); it
   * acts as `<slug>[bot]` and its comments carry `performed_via_github_app` with this slug. */
  app?: string
}

/** The `performed_via_github_app` of a comment (GitHub's "integration" schema). */
export interface FakeApp {
  id: number
  slug: string
  node_id: string
  owner: FakeUser
  name: string
  description: string | null
  external_url: string
  html_url: string
  created_at: string
  updated_at: string
  permissions: Record<string, string>
  events: string[]
}

export interface FakeUser {
  login: string
  id: number
  node_id: string
  avatar_url: string
  gravatar_id: string
  url: string
  html_url: string
  followers_url: string
  following_url: string
  gists_url: string
  starred_url: string
  subscriptions_url: string
  organizations_url: string
  repos_url: string
  events_url: string
  received_events_url: string
  type: 'User' | 'Bot' | 'Organization'
  site_admin: boolean
  user_view_type?: string
}

export interface FakeComment {
  id: number
  node_id: string
  url: string
  html_url: string
  issue_url: string
  body: string
  user: FakeUser
  created_at: string
  updated_at: string
  author_association: string
  performed_via_github_app: FakeApp | null
  issue_number: number
}

export interface FakeArtifact {
  id: number
  name: string
  runId: number
  workflowRunBackendId: string
  workflowJobRunBackendId: string
  /** blob key in `state.blobs` */
  blobKey: string
  mimeType: string
  size: number
  /** `sha256:<hex>` as sent by FinalizeArtifact, or computed for seeded artifacts */
  digest: string | null
  finalized: boolean
  expired: boolean
  createdAt: string
  expiresAt: string
}

export interface FakeCacheEntry {
  id: number
  key: string
  version: string
  blobKey: string
  sizeBytes: number
  finalized: boolean
  createdAt: string
}

export interface FakeCheckRun {
  id: number
  name: string
  head_sha: string
  status: string
  conclusion: string | null
  started_at: string | null
  completed_at: string | null
  details_url: string | null
  external_id: string | null
  output: { title: string | null; summary: string | null; text: string | null; annotations_count: number }
  /** every request body received for this check run, in order (create first) */
  history: unknown[]
}

export interface FakeBlob {
  /** committed content (undefined until Put Blob / Put Block List) */
  data?: Buffer
  /** staged, uncommitted blocks by block id */
  blocks: Map<string, Buffer>
  contentType?: string
  etag: string
  lastModified: string
  /** whether this blob URL accepts writes (signed upload URL) */
  writable: boolean
}

export interface RecordedRequest {
  seq: number
  service: 'rest' | 'twirp' | 'blob' | 'graphql' | 'other'
  method: string
  /** path without query string */
  path: string
  /** matched route template, e.g. `POST /repos/{owner}/{repo}/issues/{issue_number}/comments` */
  route?: string
  query: Record<string, string>
  /** lower-cased headers; `authorization` replaced by `<redacted>` */
  headers: Record<string, string>
  hasAuthorization: boolean
  /** `token`, `Bearer`, ... (the scheme only, never the credential) */
  authScheme?: string
  /** which kind of credential was presented (known token kinds, 'runtime' for ACTIONS_RUNTIME_TOKEN) */
  credential?: TokenKind | 'runtime' | 'unknown' | 'sas'
  /** parsed JSON body (undefined for non-JSON or empty bodies) */
  body?: unknown
  bodyBytes: number
  status: number
  /** parsed JSON response body, if any */
  responseBody?: unknown
  responseHeaders: Record<string, string>
  injected?: boolean
}

export interface FailureRule {
  /** HTTP method, or '*' (default) */
  method?: string
  /** route template (`/repos/{owner}/{repo}/issues/comments/{comment_id}`), concrete path, or RegExp on the concrete path */
  path: string | RegExp
  status: number
  /** JSON body; defaults to a GitHub-style `{message}` for the status */
  body?: unknown
  headers?: Record<string, string>
  /** how many matching requests fail (default: all) */
  times?: number
}

/** What fakeCheckRuns.ts needs to add its routes (the server's own helpers). */
export interface CheckRunRoutes {
  route(method: string, template: string, handler: Handler): void
  requireToken(ctx: Ctx): void
  requireRepo(ctx: Ctx): void
  paginate<T>(ctx: Ctx, items: T[]): { page: T[]; headers: Record<string, string> }
  checkRunJson(c: FakeCheckRun): unknown
  checkRuns(): FakeCheckRun[]
}

export interface FakeGitHubOptions {
  owner?: string
  repo?: string
  /** default installation token (the GITHUB_TOKEN), default 'ghs_fakeInstallationToken000000000000000' */
  token?: string
  /** extra tokens */
  tokens?: Record<string, TokenInfo>
  /** run id of the "current" run (GITHUB_RUN_ID), default 7000000001 */
  runId?: number
  /** GitHub's comment body limit; GitHub counts characters (default: code points, max 65536) */
  commentBodyLimit?: { max: number; unit: 'codepoints' | 'utf16' | 'bytes' }
  /** value of GITHUB_SERVER_URL; default https://github.com (anything else that is not *.localhost or
   * *.ghe.com makes @actions/artifact and @actions/cache think they run on GHES and refuse) */
  serverUrl?: string
  /** print each request to stderr (methods and paths only) */
  verbose?: boolean
}

export interface EnvOptions {
  /** fixture under fixtures/github/events without `.json` (default 'pull_request.synchronize') */
  event?: string
  /** GITHUB_EVENT_NAME (default: the part of `event` before the first dot) */
  eventName?: string
  /** the event payload (default: the fixture), or a function editing a copy of the fixture */
  payload?: unknown | ((fixture: any) => any)
  runId?: number
  runAttempt?: number
  /** action inputs, turned into INPUT_<NAME> as the runner does */
  inputs?: Record<string, string>
  /** GITHUB_WORKSPACE (default <dir>/workspace, created) */
  workspace?: string
  /** final overrides; `undefined` removes a variable */
  vars?: Record<string, string | undefined>
}

export interface RunnerEnv {
  /** the complete environment for the child process (not merged with process.env except PATH/HOME/LANG/TMPDIR) */
  env: Record<string, string>
  /** the fresh temp dir holding all runner files */
  dir: string
  eventPath: string
  payload: any
  runId: number
  /** parsed GITHUB_OUTPUT */
  outputs(): Record<string, string>
  /** GITHUB_STEP_SUMMARY content */
  summary(): string
  /** parsed GITHUB_ENV */
  exportedEnv(): Record<string, string>
  /** parsed GITHUB_STATE */
  savedState(): Record<string, string>
  cleanup(): void
}

export interface FakeState {
  comments: FakeComment[]
  artifacts: FakeArtifact[]
  caches: FakeCacheEntry[]
  checkRuns: FakeCheckRun[]
  pulls: Map<number, any>
  runs: Map<number, any>
  /** `${base}...${head}` -> compare response */
  compares: Map<string, any>
  blobs: Map<string, FakeBlob>
  /** backend ids minted for runtime tokens */
  backendRuns: Map<string, { runId: number; jobBackendId: string }>
}

export interface SeedCommentSpec {
  body: string
  /** author login; default the bot */
  login?: string
  type?: 'User' | 'Bot'
  created_at?: string
  /** made by this GitHub App (sets performed_via_github_app; the login defaults to `<app>[bot]`) */
  app?: string
}

export interface ZipEntry {
  name: string
  data?: Buffer | string
  /** write a symlink entry (unix mode 0120777) whose target is `data` */
  symlink?: boolean
  /** store a directory entry */
  directory?: boolean
}

export interface FakeGitHub {
  /** http://127.0.0.1:PORT */
  url: string
  apiUrl: string
  resultsUrl: string
  serverUrl: string
  owner: string
  repo: string
  /** the default installation token (pass as the github-token input) */
  token: string
  runId: number
  bot: FakeUser
  requests: RecordedRequest[]
  state: FakeState
  /** REST requests only */
  restRequests(): RecordedRequest[]
  addToken(token: string, info: TokenInfo): void
  /** mint an ACTIONS_RUNTIME_TOKEN for a run (unsigned JWT, `alg: none`); registers its backend ids */
  runtimeToken(runId?: number): string
  inject(rule: FailureRule): { remove(): void; readonly hits: number }
  clearInjections(): void
  seedComments(issueNumber: number, specs: number | SeedCommentSpec[]): FakeComment[]
  seedPull(pull: any): void
  seedRun(run: any): void
  seedCompare(
    base: string,
    head: string,
    opts: { mergeBase: string; aheadBy?: number; behindBy?: number; status?: string }
  ): void
  /** store an artifact as if uploaded by run `runId`; content from a directory, entries or a ready zip */
  seedArtifact(spec: {
    name: string
    runId?: number
    dir?: string
    entries?: ZipEntry[]
    zip?: Buffer
    expired?: boolean
  }): FakeArtifact
  /** files in a stored artifact (unzipped) */
  artifactFiles(idOrName: number | string): Record<string, Buffer>
  artifactBytes(idOrName: number | string): Buffer
  env(opts?: EnvOptions): RunnerEnv
  reset(): void
  close(): Promise<void>
}

// ---------------------------------------------------------------------------------------------
// Helpers exported for tests

/** Parses the GITHUB_OUTPUT / GITHUB_ENV / GITHUB_STATE file format (`name=value` and `name<<DELIM` heredocs). */
export function parseCommandFile(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (line === '') continue
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    const eq = line.indexOf('=')
    if (heredoc && (eq === -1 || eq > line.indexOf('<<'))) {
      const [, name, delim] = heredoc
      const value: string[] = []
      i++
      while (i < lines.length && lines[i] !== delim) value.push(lines[i++])
      if (i >= lines.length) throw new Error(`unterminated heredoc for ${name} (delimiter ${delim})`)
      out[name] = value.join('\n')
    } else if (eq > 0) {
      out[line.slice(0, eq)] = line.slice(eq + 1)
    } else {
      throw new Error(`invalid line in command file: ${JSON.stringify(line)}`)
    }
  }
  return out
}

export interface WorkflowCommand {
  command: string
  properties: Record<string, string>
  message: string
}

/** Parses `::command key=value,...::message` lines from a step's stdout (see @actions/core command.ts). */
export function parseWorkflowCommands(stdout: string): WorkflowCommand[] {
  const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
  const unescapeProp = (s: string) => unescapeData(s).replace(/%3A/g, ':').replace(/%2C/g, ',')
  const cmds: WorkflowCommand[] = []
  for (const line of stdout.split(/\r?\n/)) {
    const m = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line)
    if (!m) continue
    const properties: Record<string, string> = {}
    if (m[2])
      for (const kv of m[2].split(',')) {
        const eq = kv.indexOf('=')
        if (eq > 0) properties[kv.slice(0, eq)] = unescapeProp(kv.slice(eq + 1))
      }
    cmds.push({ command: m[1], properties, message: unescapeData(m[3]) })
  }
  return cmds
}

const b64url = (s: string) => Buffer.from(s).toString('base64url')

/** An unsigned (`alg: none`) but well-formed JWT with the `scp` claim the Actions libraries decode. */
export function mintRuntimeJwt(workflowRunBackendId: string, workflowJobRunBackendId: string): string {
  const now = Math.floor(Date.now() / 1000)
  const header = { typ: 'JWT', alg: 'none' }
  const payload = {
    nameid: 'dddddddd-dddd-dddd-dddd-dddddddddddd',
    scp: `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${workflowRunBackendId}:${workflowJobRunBackendId}`,
    iss: 'vstoken.actions.githubusercontent.com',
    aud: 'vso:fake',
    nbf: now - 60,
    iat: now - 60,
    exp: now + 6 * 3600
  }
  return `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.`
}

/** A zip writer (deflate, or stored for symlinks) that keeps entry names verbatim, so tests can build
 * hostile archives (`../x`, absolute names, symlinks) that archiver would sanitise. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  const dosTime = 0x6000 // 12:00
  const dosDate = ((2024 - 1980) << 9) | (1 << 5) | 1
  for (const e of entries) {
    const name = Buffer.from(e.directory && !e.name.endsWith('/') ? e.name + '/' : e.name, 'utf8')
    const raw = e.directory
      ? Buffer.alloc(0)
      : Buffer.isBuffer(e.data)
        ? e.data
        : Buffer.from(e.data ?? '', 'utf8')
    const method = e.symlink || e.directory || raw.length === 0 ? 0 : 8
    const comp = method === 8 ? deflateRawSync(raw) : raw
    const crc = crc32(raw) >>> 0
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // utf-8 names
    local.writeUInt16LE(method, 8)
    local.writeUInt16LE(dosTime, 10)
    local.writeUInt16LE(dosDate, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(comp.length, 18)
    local.writeUInt32LE(raw.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    locals.push(local, name, comp)
    const mode = e.symlink ? 0o120777 : e.directory ? 0o40755 : 0o100644
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE((3 << 8) | 20, 4) // made by unix
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt16LE(dosTime, 12)
    central.writeUInt16LE(dosDate, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(comp.length, 20)
    central.writeUInt32LE(raw.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(((mode << 16) | (e.directory ? 0x10 : 0)) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + comp.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

/** Reads a zip (central directory; stored or deflated entries) into name -> content. */
export function readZip(zip: Buffer): Record<string, Buffer> {
  let eocd = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)')
  const count = zip.readUInt16LE(eocd + 10)
  let p = zip.readUInt32LE(eocd + 16)
  const out: Record<string, Buffer> = {}
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry')
    const method = zip.readUInt16LE(p + 10)
    const compSize = zip.readUInt32LE(p + 20)
    const nameLen = zip.readUInt16LE(p + 28)
    const extraLen = zip.readUInt16LE(p + 30)
    const commentLen = zip.readUInt16LE(p + 32)
    const localOff = zip.readUInt32LE(p + 42)
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8')
    p += 46 + nameLen + extraLen + commentLen
    const lNameLen = zip.readUInt16LE(localOff + 26)
    const lExtraLen = zip.readUInt16LE(localOff + 28)
    const start = localOff + 30 + lNameLen + lExtraLen
    const comp = zip.subarray(start, start + compSize)
    if (name.endsWith('/')) continue
    out[name] = method === 0 ? Buffer.from(comp) : method === 8 ? inflateRawSync(comp) : Buffer.alloc(0)
  }
  return out
}

function zipDirectory(dir: string): Buffer {
  const entries: ZipEntry[] = []
  const walk = (abs: string, rel: string) => {
    for (const name of readdirSync(abs).sort()) {
      const a = path.join(abs, name)
      const r = rel ? `${rel}/${name}` : name
      const st = lstatSync(a)
      if (st.isSymbolicLink()) entries.push({ name: r, data: readlinkSync(a), symlink: true })
      else if (st.isDirectory()) walk(a, r)
      else entries.push({ name: r, data: readFileSync(a) })
    }
  }
  walk(dir, '')
  return makeZip(entries)
}

export interface ActionRun {
  code: number
  /** signal that ended the process, if any */
  signal: string | null
  stdout: string
  stderr: string
  /** `::command::` lines parsed from stdout */
  commands: WorkflowCommand[]
  /** parsed GITHUB_OUTPUT */
  outputs: Record<string, string>
  summary: string
}

/** Runs a node entry point (default: the built Action, dist/index.js) with a runner environment,
 * asynchronously — never with spawnSync/execFileSync: the fake server lives in this process and
 * would be blocked. */
export function runAction(
  runner: RunnerEnv,
  opts: {
    entry?: string
    args?: string[]
    cwd?: string
    timeoutMs?: number
    extraEnv?: Record<string, string>
  } = {}
): Promise<ActionRun> {
  const entry = opts.entry ?? path.resolve(HERE, '..', '..', 'dist', 'index.js')
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...(opts.args ?? [])],
      {
        env: { ...runner.env, ...(opts.extraEnv ?? {}) },
        cwd: opts.cwd ?? runner.env.GITHUB_WORKSPACE,
        timeout: opts.timeoutMs ?? 120_000,
        maxBuffer: 256 * 1024 * 1024
      },
      (err, stdout, stderr) => {
        const e = err as (Error & { code?: number | string; signal?: string }) | null
        resolve({
          code: e ? (typeof e.code === 'number' ? e.code : 1) : 0,
          signal: e?.signal ?? null,
          stdout,
          stderr,
          commands: parseWorkflowCommands(stdout),
          outputs: runner.outputs(),
          summary: runner.summary()
        })
      }
    )
  })
}

export function loadEventFixture(name: string): any {
  return JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'events', `${name}.json`), 'utf8'))
}

// ---------------------------------------------------------------------------------------------
// Implementation

const DOCS = 'https://docs.github.com/rest'

function githubUser(
  login: string,
  id: number,
  type: 'User' | 'Bot',
  serverUrl: string,
  apiUrl: string
): FakeUser {
  const enc = encodeURIComponent(login)
  const api = `${apiUrl}/users/${enc}`
  return {
    login,
    id,
    node_id:
      type === 'Bot'
        ? Buffer.from(`04:Bot${id}`).toString('base64')
        : Buffer.from(`04:User${id}`).toString('base64'),
    avatar_url:
      type === 'Bot'
        ? 'https://avatars.githubusercontent.com/in/15368?v=4'
        : `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: type === 'Bot' ? `${serverUrl}/apps/${login.replace(/\[bot\]$/, '')}` : `${serverUrl}/${enc}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false
  }
}

class HttpError extends Error {
  constructor(
    public status: number,
    public body: unknown,
    public headers: Record<string, string> = {}
  ) {
    super(`HTTP ${status}`)
  }
}

function ghError(
  status: number,
  message: string,
  doc = DOCS,
  extra: Record<string, unknown> = {}
): HttpError {
  return new HttpError(status, { message, ...extra, documentation_url: doc, status: String(status) })
}

function twirpError(status: number, code: string, msg: string): HttpError {
  return new HttpError(status, { code, msg })
}

export interface Ctx {
  req: IncomingMessage
  method: string
  path: string
  query: URLSearchParams
  raw: Buffer
  json: any
  params: Record<string, string>
  token?: string
  tokenInfo?: TokenInfo
  rec: RecordedRequest
}

export type Handler = (
  ctx: Ctx
) =>
  | { status: number; body?: unknown; headers?: Record<string, string>; raw?: Buffer }
  | Promise<{ status: number; body?: unknown; headers?: Record<string, string>; raw?: Buffer }>

interface Route {
  method: string
  template: string
  re: RegExp
  names: string[]
  handler: Handler
  service: RecordedRequest['service']
}

function compile(template: string): { re: RegExp; names: string[] } {
  const names: string[] = []
  const src = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part)
      if (m) {
        names.push(m[1])
        return '([^/]+)'
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return { re: new RegExp(`^${src}$`), names }
}

function isoNow(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export async function startFakeGitHub(opts: FakeGitHubOptions = {}): Promise<FakeGitHub> {
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
  let injections: Array<FailureRule & { hits: number; removed: boolean }> = []
  let nextId = 1000
  const newId = () => ++nextId
  const users = new Map<string, FakeUser>()

  const state: FakeState = {
    comments: [],
    artifacts: [],
    caches: [],
    checkRuns: [],
    pulls: new Map(),
    runs: new Map(),
    compares: new Map(),
    blobs: new Map(),
    backendRuns: new Map()
  }

  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const addr = server.address()
  if (!addr || typeof addr === 'string') throw new Error('no address')
  const url = `http://127.0.0.1:${addr.port}`
  const apiUrl = url

  const bot = githubUser('github-actions[bot]', 41898282, 'Bot', serverUrl, apiUrl)
  const userFor = (login: string, type: 'User' | 'Bot' = 'User'): FakeUser => {
    if (login === bot.login) return bot
    let u = users.get(login)
    if (!u) {
      u = githubUser(login, 5000000 + users.size, type, serverUrl, apiUrl)
      users.set(login, u)
    }
    return u
  }
  const actorOf = (info: TokenInfo | undefined): FakeUser =>
    info?.kind === 'pat'
      ? userFor(info.login ?? 'octocat')
      : userFor(`${info?.app ?? 'github-actions'}[bot]`, 'Bot')
  const appFor = (slug: string): FakeApp => ({
    id: slug === 'github-actions' ? 15368 : 900000 + slug.length,
    slug,
    node_id: Buffer.from(`03:Integration${slug}`).toString('base64'),
    owner: userFor(owner, 'User'),
    name: slug,
    description: null,
    external_url: `${serverUrl}/apps/${slug}`,
    html_url: `${serverUrl}/apps/${slug}`,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: '2020-01-01T00:00:00Z',
    permissions: { issues: 'write', pull_requests: 'write', metadata: 'read' },
    events: []
  })

  // ------------------------------------------------------------------ blob store
  const sas = () =>
    `sv=2025-01-05&se=${encodeURIComponent(new Date(Date.now() + 3600e3).toISOString())}&sr=b&sp=rcw&sig=${randomUUID().replace(/-/g, '')}`
  const newBlob = (key: string, writable: boolean, data?: Buffer, contentType?: string): FakeBlob => {
    const b: FakeBlob = {
      blocks: new Map(),
      writable,
      data,
      contentType,
      etag: `"0x8DC${randomUUID().slice(0, 12).toUpperCase()}"`,
      lastModified: new Date().toUTCString()
    }
    state.blobs.set(key, b)
    return b
  }
  const blobUrl = (key: string) => `${url}/blob/${key}?${sas()}`
  const blobHeaders = (b: FakeBlob): Record<string, string> => ({
    etag: b.etag,
    'last-modified': b.lastModified,
    'x-ms-request-id': randomUUID(),
    'x-ms-version': '2025-01-05',
    'x-ms-request-server-encrypted': 'true',
    date: new Date().toUTCString()
  })
  const touch = (b: FakeBlob) => {
    b.etag = `"0x8DC${randomUUID().slice(0, 12).toUpperCase()}"`
    b.lastModified = new Date().toUTCString()
  }

  // ------------------------------------------------------------------ auth helpers
  const requireToken = (ctx: Ctx) => {
    if (!ctx.rec.hasAuthorization) throw ghError(401, 'Requires authentication')
    if (!ctx.tokenInfo) throw ghError(401, 'Bad credentials')
  }
  const requireWrite = (ctx: Ctx, doc: string) => {
    requireToken(ctx)
    if (ctx.tokenInfo?.access === 'read') throw ghError(403, 'Resource not accessible by integration', doc)
  }
  const requireRepo = (ctx: Ctx) => {
    if (
      ctx.params.owner.toLowerCase() !== owner.toLowerCase() ||
      ctx.params.repo.toLowerCase() !== repo.toLowerCase()
    )
      throw ghError(404, 'Not Found')
  }
  const intParam = (ctx: Ctx, name: string): number => {
    const v = ctx.params[name]
    if (!/^\d+$/.test(v)) throw ghError(404, 'Not Found')
    return Number(v)
  }

  // ------------------------------------------------------------------ pagination
  const paginate = <T>(ctx: Ctx, items: T[]): { page: T[]; headers: Record<string, string> } => {
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

  // ------------------------------------------------------------------ REST representations
  const issueKind = (n: number) => (state.pulls.has(n) ? 'pull' : 'issues')
  const commentJson = (c: FakeComment) => {
    const { issue_number: _n, ...rest } = c
    return {
      ...rest,
      reactions: {
        url: `${c.url}/reactions`,
        total_count: 0,
        '+1': 0,
        '-1': 0,
        laugh: 0,
        hooray: 0,
        confused: 0,
        heart: 0,
        rocket: 0,
        eyes: 0
      }
    }
  }
  const makeComment = (
    issueNumber: number,
    body: string,
    user: FakeUser,
    createdAt = isoNow(),
    app: string | null = null
  ): FakeComment => {
    const id = newId() + 2000000000
    const c: FakeComment = {
      id,
      node_id: `IC_kwDO${Buffer.from(String(id)).toString('base64url')}`,
      url: `${apiUrl}/repos/${owner}/${repo}/issues/comments/${id}`,
      html_url: `${serverUrl}/${owner}/${repo}/${issueKind(issueNumber)}/${issueNumber}#issuecomment-${id}`,
      issue_url: `${apiUrl}/repos/${owner}/${repo}/issues/${issueNumber}`,
      body,
      user,
      created_at: createdAt,
      updated_at: createdAt,
      author_association: user.type === 'Bot' ? 'NONE' : 'OWNER',
      performed_via_github_app: app ? appFor(app) : null,
      issue_number: issueNumber
    }
    state.comments.push(c)
    return c
  }
  const bodyLength = (s: string) =>
    limit.unit === 'bytes' ? Buffer.byteLength(s, 'utf8') : limit.unit === 'utf16' ? s.length : [...s].length
  const validateCommentBody = (ctx: Ctx, doc: string): string => {
    const body = ctx.json?.body
    if (typeof body !== 'string')
      throw ghError(
        422,
        `Invalid request.\n\nFor 'properties/body', ${JSON.stringify(body ?? null)} is not a string.`,
        doc
      )
    if (body.length === 0 || body.trim() === '')
      throw ghError(422, 'Validation Failed', doc, {
        errors: [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }]
      })
    if (bodyLength(body) > limit.max)
      throw ghError(422, 'Validation Failed', doc, {
        errors: [
          {
            resource: 'IssueComment',
            code: 'custom',
            field: 'body',
            message: `body is too long (maximum is ${limit.max} characters)`
          }
        ]
      })
    return body
  }
  const artifactJson = (a: FakeArtifact) => {
    const run = state.runs.get(a.runId)
    return {
      id: a.id,
      node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
      name: a.name,
      size_in_bytes: a.size,
      url: `${apiUrl}/repos/${owner}/${repo}/actions/artifacts/${a.id}`,
      archive_download_url: `${apiUrl}/repos/${owner}/${repo}/actions/artifacts/${a.id}/zip`,
      expired: a.expired,
      created_at: a.createdAt,
      updated_at: a.createdAt,
      expires_at: a.expiresAt,
      digest: a.digest,
      workflow_run: {
        id: a.runId,
        repository_id: repoId,
        head_repository_id: repoId,
        head_branch: run?.head_branch ?? 'main',
        head_sha: run?.head_sha ?? '0000000000000000000000000000000000000000'
      }
    }
  }
  const visibleArtifacts = () => state.artifacts.filter((a) => a.finalized)
  const findArtifact = (ctx: Ctx): FakeArtifact => {
    const id = intParam(ctx, 'artifact_id')
    const a = visibleArtifacts().find((x) => x.id === id)
    if (!a) throw ghError(404, 'Not Found', `${DOCS}/actions/artifacts`)
    return a
  }
  const checkRunJson = (c: FakeCheckRun) => ({
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
  })
  const applyCheckRunBody = (c: FakeCheckRun, b: any) => {
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
  const validateCheckRunBody = (b: any, doc: string) => {
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

  // ------------------------------------------------------------------ routes
  const routes: Route[] = []
  const route = (method: string, template: string, handler: Handler, service: Route['service'] = 'rest') => {
    const { re, names } = compile(template)
    routes.push({ method, template, re, names, handler, service })
  }

  route('GET', '/user', (ctx) => {
    requireToken(ctx)
    if (ctx.tokenInfo?.kind !== 'pat')
      throw ghError(
        403,
        'Resource not accessible by integration',
        `${DOCS}/users/users#get-the-authenticated-user`
      )
    const u = actorOf(ctx.tokenInfo)
    return {
      status: 200,
      body: {
        ...u,
        name: u.login,
        company: null,
        blog: '',
        location: null,
        email: null,
        hireable: null,
        bio: null,
        twitter_username: null,
        public_repos: 1,
        public_gists: 0,
        followers: 0,
        following: 0,
        created_at: '2020-01-01T00:00:00Z',
        updated_at: '2024-01-01T00:00:00Z'
      }
    }
  })

  route('GET', '/repos/{owner}/{repo}/issues/{issue_number}/comments', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const n = intParam(ctx, 'issue_number')
    const since = ctx.query.get('since')
    const all = state.comments.filter((c) => c.issue_number === n && (!since || c.updated_at >= since))
    const { page, headers } = paginate(ctx, all)
    return { status: 200, body: page.map(commentJson), headers }
  })

  route('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', (ctx) => {
    const doc = `${DOCS}/issues/comments#create-an-issue-comment`
    requireWrite(ctx, doc)
    requireRepo(ctx)
    const n = intParam(ctx, 'issue_number')
    const body = validateCommentBody(ctx, doc)
    const info = ctx.tokenInfo
    const c = makeComment(
      n,
      body,
      actorOf(info),
      undefined,
      info?.kind === 'installation' ? (info.app ?? 'github-actions') : null
    )
    return { status: 201, body: commentJson(c), headers: { location: c.url } }
  })

  route('PATCH', '/repos/{owner}/{repo}/issues/comments/{comment_id}', (ctx) => {
    const doc = `${DOCS}/issues/comments#update-an-issue-comment`
    requireWrite(ctx, doc)
    requireRepo(ctx)
    const id = intParam(ctx, 'comment_id')
    const c = state.comments.find((x) => x.id === id)
    if (!c) throw ghError(404, 'Not Found', doc)
    const body = validateCommentBody(ctx, doc)
    const actor = actorOf(ctx.tokenInfo)
    // GitHub lets an installation token edit any comment in the repository (issues: write), and
    // a PAT of a user with write access too; it does not restrict editing to the author.
    void actor
    c.body = body
    c.updated_at = isoNow()
    return { status: 200, body: commentJson(c) }
  })

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
    return { status: 201, body: checkRunJson(c) }
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
    return { status: 200, body: checkRunJson(c) }
  })

  addCheckRunListRoute({
    route,
    requireToken,
    requireRepo,
    paginate,
    checkRunJson,
    checkRuns: () => state.checkRuns
  })

  route('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const r = state.runs.get(intParam(ctx, 'run_id'))
    if (!r) throw ghError(404, 'Not Found', `${DOCS}/actions/workflow-runs#get-a-workflow-run`)
    return { status: 200, body: r }
  })

  route('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const id = intParam(ctx, 'run_id')
    const name = ctx.query.get('name')
    let all = visibleArtifacts().filter((a) => a.runId === id && (name === null || a.name === name))
    all = ctx.query.get('direction') === 'asc' ? all : [...all].reverse()
    const { page, headers } = paginate(ctx, all)
    return { status: 200, body: { total_count: all.length, artifacts: page.map(artifactJson) }, headers }
  })

  route('GET', '/repos/{owner}/{repo}/actions/artifacts', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const name = ctx.query.get('name')
    const all = [...visibleArtifacts()].reverse().filter((a) => name === null || a.name === name)
    const { page, headers } = paginate(ctx, all)
    return { status: 200, body: { total_count: all.length, artifacts: page.map(artifactJson) }, headers }
  })

  route('GET', '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    return { status: 200, body: artifactJson(findArtifact(ctx)) }
  })

  route('DELETE', '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}', (ctx) => {
    requireWrite(ctx, `${DOCS}/actions/artifacts#delete-an-artifact`)
    requireRepo(ctx)
    const a = findArtifact(ctx)
    state.artifacts = state.artifacts.filter((x) => x !== a)
    state.blobs.delete(a.blobKey)
    return { status: 204 }
  })

  route('GET', '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    if (ctx.params.archive_format !== 'zip')
      throw ghError(404, 'Not Found', `${DOCS}/actions/artifacts#download-an-artifact`)
    const a = findArtifact(ctx)
    if (a.expired)
      throw ghError(410, 'Artifact has expired', `${DOCS}/actions/artifacts#download-an-artifact`)
    return { status: 302, headers: { location: blobUrl(a.blobKey) } }
  })

  route(
    'POST',
    '/graphql',
    () => {
      throw ghError(501, 'GraphQL is not implemented by the fake GitHub')
    },
    'graphql'
  )

  // ---- twirp: artifacts
  const ART = '/twirp/github.actions.results.api.v1.ArtifactService'
  const runtimeIds = (ctx: Ctx) => {
    const b = ctx.json ?? {}
    const reg = state.backendRuns.get(b.workflow_run_backend_id)
    if (!reg) throw twirpError(404, 'not_found', 'workflow run not found')
    if (b.workflow_job_run_backend_id !== undefined && b.workflow_job_run_backend_id !== reg.jobBackendId)
      throw twirpError(400, 'invalid_argument', 'workflow job run backend id does not match the token')
    return reg
  }
  const twirp = (method: string, handler: Handler) =>
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

  twirp(`${ART}/CreateArtifact`, (ctx) => {
    const reg = runtimeIds(ctx)
    const b = ctx.json
    if (typeof b.name !== 'string' || b.name === '')
      throw twirpError(400, 'invalid_argument', 'name is required')
    if (state.artifacts.some((a) => a.runId === reg.runId && a.name === b.name && a.finalized))
      throw twirpError(409, 'already_exists', 'an artifact with this name already exists on the workflow run')
    state.artifacts = state.artifacts.filter((a) => !(a.runId === reg.runId && a.name === b.name))
    const blobKey = `actions-results/${b.workflow_run_backend_id}/workflow-job-run-${b.workflow_job_run_backend_id}/artifacts/${createHash('sha256').update(b.name).digest('hex')}.zip`
    newBlob(blobKey, true)
    const created = new Date()
    state.artifacts.push({
      id: newId() + 1000000000,
      name: b.name,
      runId: reg.runId,
      workflowRunBackendId: b.workflow_run_backend_id,
      workflowJobRunBackendId: b.workflow_job_run_backend_id,
      blobKey,
      mimeType: b.mime_type ?? 'application/zip',
      size: 0,
      digest: null,
      finalized: false,
      expired: false,
      createdAt: created.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      expiresAt:
        b.expires_at ?? new Date(created.getTime() + 90 * 86400e3).toISOString().replace(/\.\d{3}Z$/, 'Z')
    })
    return { status: 200, body: { ok: true, signed_upload_url: blobUrl(blobKey) } }
  })

  twirp(`${ART}/FinalizeArtifact`, (ctx) => {
    const reg = runtimeIds(ctx)
    const b = ctx.json
    const a = state.artifacts.find((x) => x.runId === reg.runId && x.name === b.name && !x.finalized)
    if (!a) throw twirpError(404, 'not_found', 'artifact not found')
    const blob = state.blobs.get(a.blobKey)
    if (!blob?.data) throw twirpError(400, 'failed_precondition', 'artifact blob was not uploaded')
    if (String(blob.data.length) !== String(b.size ?? '0'))
      throw twirpError(
        400,
        'invalid_argument',
        `size mismatch: uploaded ${blob.data.length}, declared ${b.size}`
      )
    const actual = `sha256:${createHash('sha256').update(blob.data).digest('hex')}`
    if (b.hash !== undefined && b.hash !== actual) throw twirpError(400, 'invalid_argument', 'hash mismatch')
    a.size = blob.data.length
    a.digest = actual
    a.finalized = true
    blob.writable = false
    return { status: 200, body: { ok: true, artifact_id: String(a.id) } }
  })

  const monolith = (a: FakeArtifact) => ({
    workflow_run_backend_id: a.workflowRunBackendId,
    workflow_job_run_backend_id: a.workflowJobRunBackendId,
    database_id: String(a.id),
    name: a.name,
    size: String(a.size),
    created_at: a.createdAt,
    ...(a.digest ? { digest: a.digest } : {})
  })

  twirp(`${ART}/ListArtifacts`, (ctx) => {
    const reg = runtimeIds(ctx)
    const b = ctx.json
    const list = visibleArtifacts().filter(
      (a) =>
        a.runId === reg.runId &&
        !a.expired &&
        (b.name_filter === undefined || a.name === b.name_filter) &&
        (b.id_filter === undefined || String(a.id) === String(b.id_filter))
    )
    return { status: 200, body: { artifacts: list.map(monolith) } }
  })

  twirp(`${ART}/GetSignedArtifactURL`, (ctx) => {
    const reg = runtimeIds(ctx)
    const a = visibleArtifacts().find((x) => x.runId === reg.runId && x.name === ctx.json.name)
    if (!a) throw twirpError(404, 'not_found', 'artifact not found')
    return { status: 200, body: { signed_url: blobUrl(a.blobKey) } }
  })

  twirp(`${ART}/DeleteArtifact`, (ctx) => {
    const reg = runtimeIds(ctx)
    const a = visibleArtifacts().find((x) => x.runId === reg.runId && x.name === ctx.json.name)
    if (!a) throw twirpError(404, 'not_found', 'artifact not found')
    state.artifacts = state.artifacts.filter((x) => x !== a)
    state.blobs.delete(a.blobKey)
    return { status: 200, body: { ok: true, artifact_id: String(a.id) } }
  })

  // ---- twirp: cache v2
  const CACHE = '/twirp/github.actions.results.api.v1.CacheService'
  twirp(`${CACHE}/CreateCacheEntry`, (ctx) => {
    const b = ctx.json
    if (typeof b.key !== 'string' || typeof b.version !== 'string')
      throw twirpError(400, 'invalid_argument', 'key and version are required')
    if (state.caches.some((c) => c.key === b.key && c.version === b.version && c.finalized))
      throw twirpError(
        409,
        'already_exists',
        'cache entry with the same key, version, and scope already exists'
      )
    state.caches = state.caches.filter((c) => !(c.key === b.key && c.version === b.version))
    const blobKey = `actions-cache/${createHash('sha256').update(`${b.key}\0${b.version}`).digest('hex')}`
    newBlob(blobKey, true)
    state.caches.push({
      id: newId(),
      key: b.key,
      version: b.version,
      blobKey,
      sizeBytes: 0,
      finalized: false,
      createdAt: new Date().toISOString()
    })
    return { status: 200, body: { ok: true, signed_upload_url: blobUrl(blobKey) } }
  })
  twirp(`${CACHE}/FinalizeCacheEntryUpload`, (ctx) => {
    const b = ctx.json
    const c = state.caches.find((x) => x.key === b.key && x.version === b.version && !x.finalized)
    if (!c) throw twirpError(404, 'not_found', 'cache entry not found')
    const blob = state.blobs.get(c.blobKey)
    if (!blob?.data) throw twirpError(400, 'failed_precondition', 'cache blob was not uploaded')
    if (String(blob.data.length) !== String(b.size_bytes))
      throw twirpError(400, 'invalid_argument', 'size mismatch')
    c.sizeBytes = blob.data.length
    c.finalized = true
    blob.writable = false
    return { status: 200, body: { ok: true, entry_id: String(c.id) } }
  })
  twirp(`${CACHE}/GetCacheEntryDownloadURL`, (ctx) => {
    const b = ctx.json
    const done = state.caches.filter((c) => c.finalized && c.version === b.version).reverse()
    let hit = done.find((c) => c.key === b.key)
    if (!hit)
      // like the service: exact primary key, then each restore key as a prefix (newest first)
      for (const prefix of (b.restore_keys as string[] | undefined) ?? []) {
        hit = done.find((c) => c.key.startsWith(prefix))
        if (hit) break
      }
    if (!hit) return { status: 200, body: { ok: false } }
    return {
      status: 200,
      body: { ok: true, signed_download_url: blobUrl(hit.blobKey), matched_key: hit.key }
    }
  })

  // ---- blob store (Azure Blob Storage subset)
  const blobHandler: Handler = (ctx) => {
    const key = ctx.path.slice('/blob/'.length)
    const q = ctx.query
    if (!q.get('sig')) throw new HttpError(403, { code: 'AuthenticationFailed' })
    const blob = state.blobs.get(key)
    if (!blob) throw new HttpError(404, { code: 'BlobNotFound' }, { 'x-ms-error-code': 'BlobNotFound' })
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      if (!blob.data)
        throw new HttpError(404, { code: 'BlobNotFound' }, { 'x-ms-error-code': 'BlobNotFound' })
      const headers: Record<string, string> = {
        ...blobHeaders(blob),
        'content-type': blob.contentType ?? 'application/octet-stream',
        'x-ms-blob-type': 'BlockBlob',
        'accept-ranges': 'bytes'
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(
        String(ctx.req.headers['x-ms-range'] ?? ctx.req.headers.range ?? '')
      )
      if (range) {
        const start = Number(range[1])
        const end = range[2] ? Math.min(Number(range[2]), blob.data.length - 1) : blob.data.length - 1
        const part = blob.data.subarray(start, end + 1)
        headers['content-range'] = `bytes ${start}-${end}/${blob.data.length}`
        return { status: 206, headers, raw: part }
      }
      return { status: 200, headers, raw: blob.data }
    }
    if (ctx.method !== 'PUT') throw new HttpError(405, { code: 'UnsupportedHttpVerb' })
    if (!blob.writable) throw new HttpError(403, { code: 'AuthorizationPermissionMismatch' })
    const comp = q.get('comp')
    if (comp === 'block') {
      const id = q.get('blockid')
      if (!id) throw new HttpError(400, { code: 'InvalidQueryParameterValue' })
      blob.blocks.set(id, ctx.raw)
      return {
        status: 201,
        headers: { ...blobHeaders(blob), 'x-ms-content-crc64': Buffer.alloc(8).toString('base64'), etag: '' }
      }
    }
    if (comp === 'blocklist') {
      const xml = ctx.raw.toString('utf8')
      const ids = [...xml.matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g)].map((m) => m[2])
      const parts: Buffer[] = []
      for (const id of ids) {
        const part = blob.blocks.get(id)
        if (!part)
          throw new HttpError(400, { code: 'InvalidBlockList' }, { 'x-ms-error-code': 'InvalidBlockList' })
        parts.push(part)
      }
      blob.data = Buffer.concat(parts)
      blob.blocks.clear()
      blob.contentType = String(
        ctx.req.headers['x-ms-blob-content-type'] ?? blob.contentType ?? 'application/octet-stream'
      )
      touch(blob)
      return { status: 201, headers: blobHeaders(blob) }
    }
    if (comp) throw new HttpError(400, { code: 'UnsupportedQueryParameter' })
    if (String(ctx.req.headers['x-ms-blob-type'] ?? '') !== 'BlockBlob')
      throw new HttpError(
        400,
        { code: 'MissingRequiredHeader' },
        { 'x-ms-error-code': 'MissingRequiredHeader' }
      )
    blob.data = ctx.raw
    blob.contentType = String(
      ctx.req.headers['x-ms-blob-content-type'] ??
        ctx.req.headers['content-type'] ??
        'application/octet-stream'
    )
    touch(blob)
    return {
      status: 201,
      headers: { ...blobHeaders(blob), 'content-md5': createHash('md5').update(ctx.raw).digest('base64') }
    }
  }

  // ------------------------------------------------------------------ dispatch
  const matchInjection = (method: string, p: string, template?: string) => {
    for (const r of injections) {
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

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks)
        const u = new URL(req.url ?? '/', url)
        const method = (req.method ?? 'GET').toUpperCase()
        const headers: Record<string, string> = {}
        for (const [k, v] of Object.entries(req.headers))
          headers[k] =
            k === 'authorization' ? '<redacted>' : Array.isArray(v) ? v.join(', ') : String(v ?? '')
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
        const ctx: Ctx = {
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
        let result: { status: number; body?: unknown; headers?: Record<string, string>; raw?: Buffer }
        try {
          let handler: Handler | undefined
          let template: string | undefined
          if (u.pathname.startsWith('/blob/')) {
            rec.service = 'blob'
            handler = blobHandler
          } else {
            let pathMatched = false
            for (const r of routes) {
              const m = r.re.exec(u.pathname)
              if (!m) continue
              pathMatched = true
              if (r.method !== method) continue
              ctx.params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]))
              handler = r.handler
              template = r.template
              rec.service = r.service
              rec.route = `${method} ${r.template}`
              break
            }
            if (!handler) {
              rec.service = u.pathname.startsWith('/twirp/') ? 'twirp' : 'rest'
              throw pathMatched
                ? ghError(404, 'Not Found')
                : u.pathname.startsWith('/twirp/')
                  ? twirpError(404, 'bad_route', `no handler for ${u.pathname}`)
                  : ghError(404, 'Not Found')
            }
          }
          const inj = matchInjection(method, u.pathname, template)
          if (inj) {
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
            result = { status: inj.status, body, headers: inj.headers }
          } else {
            result = await handler(ctx)
          }
        } catch (e) {
          if (e instanceof HttpError) result = { status: e.status, body: e.body, headers: e.headers }
          else result = { status: 500, body: { message: `fake GitHub crashed: ${(e as Error).stack ?? e}` } }
        }
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
        if (opts.verbose) process.stderr.write(`[fake-github] ${method} ${u.pathname} -> ${result.status}\n`)
        res.writeHead(result.status, outHeaders)
        res.end(method === 'HEAD' ? undefined : payload)
      })()
    })
  })

  // ------------------------------------------------------------------ API object
  const runtimeToken = (forRun = runId): string => {
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

  const seedPull = (pull: any) => {
    state.pulls.set(Number(pull.number), pull)
  }
  const seedRun = (run: any) => {
    state.runs.set(Number(run.id), run)
  }

  const fake: FakeGitHub = {
    url,
    apiUrl,
    resultsUrl: `${url}/`,
    serverUrl,
    owner,
    repo,
    token: defaultToken,
    runId,
    bot,
    requests,
    state,
    restRequests: () => requests.filter((r) => r.service === 'rest'),
    addToken: (t, info) => void tokens.set(t, info),
    runtimeToken,
    inject(rule) {
      const r = { ...rule, hits: 0, removed: false }
      injections.push(r)
      return {
        remove: () => void (r.removed = true),
        get hits() {
          return r.hits
        }
      }
    },
    clearInjections: () => void (injections = []),
    seedComments(issueNumber, specs) {
      const list: SeedCommentSpec[] =
        typeof specs === 'number'
          ? Array.from({ length: specs }, (_, i) => ({
              body: `seeded comment ${i + 1}`,
              login: i % 2 ? 'octocat' : 'hubot',
              type: 'User' as const
            }))
          : specs
      return list.map((s) =>
        makeComment(
          issueNumber,
          s.body,
          s.login
            ? userFor(s.login, s.type ?? (s.login.endsWith('[bot]') ? 'Bot' : 'User'))
            : s.app
              ? userFor(`${s.app}[bot]`, 'Bot')
              : bot,
          s.created_at,
          s.app ?? null
        )
      )
    },
    seedPull,
    seedRun,
    seedCompare(base, head, o) {
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
    },
    seedArtifact(spec) {
      const zip = spec.zip ?? (spec.dir ? zipDirectory(spec.dir) : makeZip(spec.entries ?? []))
      const forRun = spec.runId ?? runId
      runtimeToken(forRun)
      const [rb, reg] = [...state.backendRuns].find(([, v]) => v.runId === forRun)!
      const blobKey = `actions-results/${rb}/workflow-job-run-${reg.jobBackendId}/artifacts/seeded-${newId()}.zip`
      newBlob(blobKey, false, zip, 'application/zip')
      const a: FakeArtifact = {
        id: newId() + 1000000000,
        name: spec.name,
        runId: forRun,
        workflowRunBackendId: rb,
        workflowJobRunBackendId: reg.jobBackendId,
        blobKey,
        mimeType: 'application/zip',
        size: zip.length,
        digest: `sha256:${createHash('sha256').update(zip).digest('hex')}`,
        finalized: true,
        expired: spec.expired ?? false,
        createdAt: isoNow(),
        expiresAt: new Date(Date.now() + 90 * 86400e3).toISOString().replace(/\.\d{3}Z$/, 'Z')
      }
      state.artifacts.push(a)
      return a
    },
    artifactBytes(idOrName) {
      const a = state.artifacts.find(
        (x) => (typeof idOrName === 'number' ? x.id === idOrName : x.name === idOrName) && x.finalized
      )
      const data = a && state.blobs.get(a.blobKey)?.data
      if (!data) throw new Error(`no stored artifact ${idOrName}`)
      return data
    },
    artifactFiles(idOrName) {
      return readZip(fake.artifactBytes(idOrName))
    },
    env(o: EnvOptions = {}) {
      const dir = mkdtempSync(path.join(tmpdir(), 'fake-runner-'))
      const eventFixture = o.event ?? 'pull_request.synchronize'
      const eventName = o.eventName ?? eventFixture.split('.')[0]
      let payload: any
      if (typeof o.payload === 'function')
        payload = (o.payload as (f: any) => any)(loadEventFixture(eventFixture))
      else if (o.payload !== undefined) payload = o.payload
      else
        payload = existsSync(path.join(FIXTURES_DIR, 'events', `${eventFixture}.json`))
          ? loadEventFixture(eventFixture)
          : {}
      const thisRun = o.runId ?? runId
      const eventPath = path.join(dir, 'event.json')
      writeFileSync(eventPath, JSON.stringify(payload, null, 2))
      const files = {
        output: 'output.txt',
        summary: 'step_summary.md',
        env: 'env.txt',
        state: 'state.txt',
        path: 'path.txt'
      }
      for (const f of Object.values(files)) writeFileSync(path.join(dir, f), '')
      const temp = path.join(dir, 'runner_temp')
      const toolCache = path.join(dir, 'tool_cache')
      const workspace = o.workspace ?? path.join(dir, 'workspace')
      for (const d of [temp, toolCache, workspace]) mkdirSync(d, { recursive: true })

      // what a runner derives from the event
      let sha = '0000000000000000000000000000000000000000'
      let ref = 'refs/heads/main'
      let headRef = ''
      let baseRef = ''
      const pr = payload?.pull_request
      if (pr && eventName.startsWith('pull_request')) {
        if (eventName === 'pull_request_target') {
          sha = pr.base?.sha ?? sha
          ref = `refs/heads/${pr.base?.ref ?? 'main'}`
        } else {
          // the runner checks out the test merge commit refs/pull/N/merge
          sha = pr.merge_commit_sha ?? pr.head?.sha ?? sha
          ref = `refs/pull/${payload.number ?? pr.number}/merge`
        }
        headRef = pr.head?.ref ?? ''
        baseRef = pr.base?.ref ?? ''
        if (!state.pulls.has(Number(pr.number))) seedPull(pr)
      } else if (eventName === 'push') {
        sha = payload.after ?? sha
        ref = payload.ref ?? ref
      } else if (eventName === 'workflow_run') {
        const wr = payload.workflow_run
        ref = `refs/heads/${payload.repository?.default_branch ?? 'main'}`
        sha = payload.repository?.head_sha ?? sha
        if (wr && !state.runs.has(Number(wr.id))) seedRun(wr)
      } else if (payload?.ref) {
        ref = payload.ref
      }
      const refName = ref
        .replace(/^refs\/(heads|tags)\//, '')
        .replace(/^refs\/pull\/(\d+)\/merge$/, '$1/merge')
      const runtime = runtimeToken(thisRun)
      const inputs: Record<string, string> = {}
      for (const [k, v] of Object.entries(o.inputs ?? {}))
        inputs[`INPUT_${k.replace(/ /g, '_').toUpperCase()}`] = v
      const base: Record<string, string | undefined> = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LANG: process.env.LANG ?? 'C.UTF-8',
        TMPDIR: process.env.TMPDIR,
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_API_URL: apiUrl,
        GITHUB_SERVER_URL: serverUrl,
        GITHUB_GRAPHQL_URL: `${apiUrl}/graphql`,
        GITHUB_REPOSITORY: `${owner}/${repo}`,
        GITHUB_REPOSITORY_OWNER: owner,
        GITHUB_REPOSITORY_ID: String(repoId),
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_SHA: sha,
        GITHUB_REF: ref,
        GITHUB_REF_NAME: refName,
        GITHUB_REF_TYPE: ref.startsWith('refs/tags/') ? 'tag' : 'branch',
        GITHUB_HEAD_REF: headRef,
        GITHUB_BASE_REF: baseRef,
        GITHUB_ACTOR: payload?.sender?.login ?? 'octocat',
        GITHUB_TRIGGERING_ACTOR: payload?.sender?.login ?? 'octocat',
        GITHUB_RUN_ID: String(thisRun),
        GITHUB_RUN_NUMBER: '42',
        GITHUB_RUN_ATTEMPT: String(o.runAttempt ?? 1),
        GITHUB_JOB: 'bench',
        GITHUB_WORKFLOW: 'benchmarks',
        GITHUB_WORKFLOW_REF: `${owner}/${repo}/.github/workflows/bench.yml@${ref}`,
        GITHUB_ACTION: '__benchgate',
        GITHUB_ACTION_REPOSITORY: 'benchgate/benchgate',
        GITHUB_WORKSPACE: workspace,
        GITHUB_OUTPUT: path.join(dir, files.output),
        GITHUB_STEP_SUMMARY: path.join(dir, files.summary),
        GITHUB_ENV: path.join(dir, files.env),
        GITHUB_STATE: path.join(dir, files.state),
        GITHUB_PATH: path.join(dir, files.path),
        RUNNER_TEMP: temp,
        RUNNER_TOOL_CACHE: toolCache,
        RUNNER_OS: 'Linux',
        RUNNER_ARCH: 'X64',
        RUNNER_NAME: 'fake-runner',
        RUNNER_ENVIRONMENT: 'github-hosted',
        ACTIONS_RUNTIME_TOKEN: runtime,
        ACTIONS_RESULTS_URL: `${url}/`,
        ACTIONS_CACHE_SERVICE_V2: 'True',
        ACTIONS_RUNTIME_URL: `${url}/`,
        ...inputs
      }
      for (const [k, v] of Object.entries(o.vars ?? {})) base[k] = v
      const env: Record<string, string> = {}
      for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v
      const read = (f: string) => readFileSync(path.join(dir, f), 'utf8')
      return {
        env,
        dir,
        eventPath,
        payload,
        runId: thisRun,
        outputs: () => parseCommandFile(read(files.output)),
        summary: () => read(files.summary),
        exportedEnv: () => parseCommandFile(read(files.env)),
        savedState: () => parseCommandFile(read(files.state)),
        cleanup: () => rmSync(dir, { recursive: true, force: true })
      }
    },
    reset() {
      requests.length = 0
      state.comments = []
      state.artifacts = []
      state.caches = []
      state.checkRuns = []
      state.pulls.clear()
      state.runs.clear()
      state.compares.clear()
      state.blobs.clear()
      injections = []
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      })
  }
  return fake
}
