/* eslint-disable @typescript-eslint/no-explicit-any -- GitHub JSON payloads are deliberately untyped in this test infrastructure */
// The runner side: the environment a workflow step gets (GITHUB_*, RUNNER_*, ACTIONS_*, INPUT_*),
// running the built Action in it as a child process, and reading back what it wrote.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Kit } from './kit.js'
import { seedPull, seedRun } from './rest/repo.js'
import type { EnvOptions, RunnerEnv } from './types.js'

const HERE = path.dirname(fileURLToPath(import.meta.url))
export const FIXTURES_DIR = path.resolve(HERE, '..', '..', 'fixtures', 'github')

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
  const entry = opts.entry ?? path.resolve(HERE, '..', '..', '..', 'dist', 'index.js')
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

/** A fresh runner directory and environment for one step of run `o.runId` (FakeGitHub.env). */
export function runnerEnv(kit: Kit, o: EnvOptions = {}): RunnerEnv {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-runner-'))
  const { eventName, payload } = eventOf(o)
  const thisRun = o.runId ?? kit.runId
  const { eventPath, files, temp, toolCache, workspace } = runnerFiles(dir, payload, o.workspace)
  const refs = refsOf(kit, eventName, payload)
  const inputs: Record<string, string> = {}
  for (const [k, v] of Object.entries(o.inputs ?? {}))
    inputs[`INPUT_${k.replace(/ /g, '_').toUpperCase()}`] = v
  const vars = {
    ...runnerVariables(kit, { eventName, payload, eventPath, thisRun, runAttempt: o.runAttempt, refs }),
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: path.join(dir, files.output),
    GITHUB_STEP_SUMMARY: path.join(dir, files.summary),
    GITHUB_ENV: path.join(dir, files.env),
    GITHUB_STATE: path.join(dir, files.state),
    GITHUB_PATH: path.join(dir, files.path),
    RUNNER_TEMP: temp,
    RUNNER_TOOL_CACHE: toolCache,
    // The comment's settle wait (1–3 s per posting run) in 1 ms: the re-check still runs, the sleep
    // does not (github/comment.test.ts tests the wait itself). It was ~100 s of the unit suites.
    BENCHGATE_COMMENT_SETTLE_MS: '1',
    ...inputs,
    ...(o.vars ?? {})
  }
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) env[k] = v
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
}

/** The event's name and payload: given, edited from the fixture, or the fixture itself. */
function eventOf(o: EnvOptions): { eventName: string; payload: any } {
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
  return { eventName, payload }
}

/** event.json, the empty command files and the runner's folders in `dir`. */
function runnerFiles(dir: string, payload: any, workspaceDir: string | undefined) {
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
  const workspace = workspaceDir ?? path.join(dir, 'workspace')
  for (const d of [temp, toolCache, workspace]) mkdirSync(d, { recursive: true })

  return { eventPath, files, temp, toolCache, workspace }
}

interface Refs {
  sha: string
  ref: string
  headRef: string
  baseRef: string
}

/** What a runner derives from the event: the commit and ref checked out; seeds the event's PR or run. */
function refsOf(kit: Kit, eventName: string, payload: any): Refs {
  const { state } = kit
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
    if (!state.pulls.has(Number(pr.number))) seedPull(kit, pr)
  } else if (eventName === 'push') {
    sha = payload.after ?? sha
    ref = payload.ref ?? ref
  } else if (eventName === 'workflow_run') {
    const wr = payload.workflow_run
    ref = `refs/heads/${payload.repository?.default_branch ?? 'main'}`
    sha = payload.repository?.head_sha ?? sha
    if (wr && !state.runs.has(Number(wr.id))) seedRun(kit, wr)
  } else if (payload?.ref) {
    ref = payload.ref
  }
  return { sha, ref, headRef, baseRef }
}

/** GITHUB_*, RUNNER_* and ACTIONS_* as a runner sets them (only PATH, HOME, LANG, TMPDIR inherited). */
function runnerVariables(
  kit: Kit,
  s: { eventName: string; payload: any; eventPath: string; thisRun: number; runAttempt?: number; refs: Refs }
): Record<string, string | undefined> {
  const { owner, repo, repoId, apiUrl, serverUrl, url } = kit
  const { eventName, payload, eventPath, thisRun } = s
  const { sha, ref, headRef, baseRef } = s.refs
  const refName = ref.replace(/^refs\/(heads|tags)\//, '').replace(/^refs\/pull\/(\d+)\/merge$/, '$1/merge')
  const runtime = kit.runtimeToken(thisRun)
  return {
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
    GITHUB_RUN_ATTEMPT: String(s.runAttempt ?? 1),
    GITHUB_JOB: 'bench',
    GITHUB_WORKFLOW: 'benchmarks',
    GITHUB_WORKFLOW_REF: `${owner}/${repo}/.github/workflows/bench.yml@${ref}`,
    GITHUB_ACTION: '__benchgate',
    GITHUB_ACTION_REPOSITORY: 'benchgate/benchgate',
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_NAME: 'fake-runner',
    RUNNER_ENVIRONMENT: 'github-hosted',
    ACTIONS_RUNTIME_TOKEN: runtime,
    ACTIONS_RESULTS_URL: `${url}/`,
    ACTIONS_CACHE_SERVICE_V2: 'True',
    ACTIONS_RUNTIME_URL: `${url}/`
  }
}
