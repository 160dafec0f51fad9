// Runs the built Action (dist/index.js) as the runner would, asynchronously: the fake GitHub API
// lives in this test process, so a synchronous spawn would block it.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import yaml from 'js-yaml'
import type { FakeGitHub, RunnerEnv } from '../action/fakeGitHub.js'

export const ACTION_ENTRY = join(import.meta.dirname, '..', '..', 'dist', 'index.js')

export interface ActionProcess {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The Action's exit code and output. With `mergeStderr`, stderr is appended to `stdout` as it
 * arrives (for tests that look at the whole log in one string).
 */
export function spawnAction(
  runner: RunnerEnv,
  cwd: string = runner.env.GITHUB_WORKSPACE,
  options: { mergeStderr?: boolean } = {}
): Promise<ActionProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ACTION_ENTRY], {
      env: runner.env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => {
      if (options.mergeStderr) stdout += d
      else stderr += d
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * The environment of a job that `workflow_run` started after run `measuredRunId` measured commit
 * `headSha` of branch `headBranch` (default 'x') (comment or merge mode). The run lists no pull
 * requests, as for a fork's.
 */
export function workflowRunEnv(
  fake: FakeGitHub,
  opts: {
    measuredRunId: number
    headSha: string
    inputs: Record<string, string>
    runId: number
    headBranch?: string
    /** The job's checkout (default: an empty folder). */
    workspace?: string
  }
): RunnerEnv {
  return fake.env({
    event: 'workflow_run.completed',
    payload: (f: { workflow_run: Record<string, unknown> }) => {
      f.workflow_run.id = opts.measuredRunId
      f.workflow_run.head_sha = opts.headSha
      f.workflow_run.head_branch = opts.headBranch ?? 'x'
      f.workflow_run.pull_requests = []
      return f
    },
    inputs: opts.inputs,
    runId: opts.runId,
    workspace: opts.workspace
  })
}

/** action.yml's inputs with their defaults, read once. */
const ACTION_INPUTS = (
  yaml.load(readFileSync(join(import.meta.dirname, '..', '..', 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>
  }
).inputs

/** The inputs a runner passes: action.yml's defaults, the token (its expression resolved), then `own`. */
export function runnerInputs(token: string, own: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, spec] of Object.entries(ACTION_INPUTS)) out[name] = spec.default ?? ''
  return { ...out, 'github-token': token, ...own }
}

/** The measure job's hand-over (results.json and pr.json) left by run `runId`, as comment mode downloads it. */
export function seedHandOverArtifact(
  fake: FakeGitHub,
  o: { runId: number; results: string; pullNumber: number; headSha: string; meta?: Record<string, unknown> }
): void {
  const pr = {
    format: 'benchgate-pr',
    version: 1,
    pullNumber: o.pullNumber,
    headSha: o.headSha,
    key: 'default'
  }
  fake.seedArtifact({
    name: 'benchgate-pr',
    runId: o.runId,
    entries: [
      { name: 'results.json', data: o.results },
      { name: 'pr.json', data: JSON.stringify({ ...pr, ...o.meta }) }
    ]
  })
}
