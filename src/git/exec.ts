/**
 * Running git: always `execFile('git', [args...])`, never a shell, so ref and branch names are plain
 * argv entries that no shell ever parses. Messages are forced to English (LC_ALL=C) so they can be
 * recognised, prompts are disabled, and GIT_DIR-style variables inherited from a hook are dropped
 * (the repository is always given explicitly as the working directory).
 */
import { execFile, execFileSync } from 'node:child_process'
import { JobError } from '../errors.js'

export interface GitResult {
  /** Exit status (null if git could not be started or was killed). */
  code: number | null
  stdout: string
  stderr: string
  /** Set when git itself could not be started (not installed). */
  spawnError?: Error
}

/** Default time limit for one git command (ms). Worktree checkouts of large repositories take a while. */
export const GIT_TIMEOUT_MS = 10 * 60 * 1000

const DROPPED_VARS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_PREFIX']

/** The environment git runs with: the caller's, minus repository overrides, plus C locale and no prompts. */
export function gitEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0' }
  for (const v of DROPPED_VARS) delete env[v]
  return env
}

/** Runs git in `cwd`; resolves with the outcome (never rejects). */
export function git(cwd: string, args: readonly string[], timeoutMs = GIT_TIMEOUT_MS): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      { cwd, env: gitEnv(), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve({ code: 0, stdout, stderr })
        const e = error as NodeJS.ErrnoException & { code?: number | string }
        if (typeof e.code === 'string') {
          // ENOENT (git missing), ENOTDIR / cwd missing, ...
          return resolve({ code: null, stdout, stderr, spawnError: error })
        }
        resolve({ code: typeof e.code === 'number' ? e.code : null, stdout, stderr })
      }
    )
  })
}

/** Synchronous variant for clean-up paths (signal handlers, 'exit'). Never throws. */
export function gitSync(cwd: string, args: readonly string[], timeoutMs = 60_000): GitResult {
  try {
    const stdout = execFileSync('git', args, {
      cwd,
      env: gitEnv(),
      timeout: timeoutMs,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe']
    })
    return { code: 0, stdout, stderr: '' }
  } catch (error) {
    const e = error as { status?: number | null; stdout?: string; stderr?: string }
    return { code: e.status ?? null, stdout: String(e.stdout ?? ''), stderr: String(e.stderr ?? '') }
  }
}

/** A code-3 error describing a failed git command. */
export function gitFailure(r: GitResult, args: readonly string[], cwd: string, what: string): JobError {
  if (r.spawnError) {
    const missing = (r.spawnError as NodeJS.ErrnoException).code === 'ENOENT'
    return new JobError('git-failed', `${what}: could not run git in ${cwd}: ${r.spawnError.message}`, {
      hint: missing ? 'Install git and make sure it is on PATH.' : undefined,
      cause: r.spawnError
    })
  }
  const stderr = r.stderr.trim()
  const dubious = /dubious ownership/.test(stderr)
  return new JobError(
    'git-failed',
    `${what}: \`git ${args.join(' ')}\` failed in ${cwd} (exit ${r.code})${stderr ? `:\n${stderr}` : ''}`,
    {
      hint: dubious
        ? `Mark the repository as safe: git config --global --add safe.directory ${cwd}`
        : undefined
    }
  )
}
