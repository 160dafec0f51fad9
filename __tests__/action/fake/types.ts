/* eslint-disable @typescript-eslint/no-explicit-any -- GitHub JSON payloads are deliberately untyped in this test infrastructure */
// The fake GitHub's public types: what tests configure, seed and inspect (README.md in the folder above).

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
  /** Each pull's commits, oldest first: every head it was seeded with (a push each). */
  pullCommits: Map<number, string[]>
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
  /** A completed check run on `head_sha` (e.g. one an earlier benchgate run made, recording its comment). */
  seedCheckRun(run: { name: string; head_sha: string; external_id: string }): FakeCheckRun
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
