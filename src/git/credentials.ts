/**
 * Git credentials and the code benchgate builds (docs/security.md, defence 2). actions/checkout leaves
 * the job's token in the clone's config (`http.https://github.com/.extraheader`) unless
 * `persist-credentials: false`, and the worktrees share that config: the build could read it. So:
 * the config is searched for credential keys before anything is built (key names only: no value is
 * ever read), and a push gets its token through git's environment for that one command, never in a
 * config file or on the command line (argv is visible in `ps`).
 */
import { ConfigError } from '../errors.js'
import { git, gitFailure } from './exec.js'

/** An HTTP header (where actions/checkout puts the token) or anything of a credential helper. */
const CREDENTIAL_KEYS = '^http\\..*extraheader$|^credential\\.'

/**
 * Scopes that belong to this checkout or this process (`command`: GIT_CONFIG_* and `-c`). `system` is
 * not checked: Git for Windows and macOS install a helper there that holds no job's token.
 */
const OWN_SCOPES = new Set(['local', 'worktree', 'command'])

/** What to do about a credential in the checkout's own config: the Action refuses, the CLI warns. */
export type CredentialPolicy = 'refuse' | 'warn'

export interface CredentialCheck {
  /** For the log and the report's warnings (the CLI, about the checkout's own config). */
  warning: string | null
  /** For the log only (the Action, about the user's global config, e.g. `gh auth setup-git`). */
  note: string | null
}

/** Config keys that hold or fetch a credential, by scope (`local`, `global`, ...), as git reads them in `repoDir`. */
export async function credentialKeys(repoDir: string): Promise<{ scope: string; key: string }[]> {
  const args = ['config', '--show-scope', '--includes', '--name-only', '--get-regexp', CREDENTIAL_KEYS]
  const r = await git(repoDir, args)
  if (r.code === 1 && r.stderr.trim() === '') return [] // none
  if (r.code !== 0) throw gitFailure(r, args, repoDir, 'Looking for credentials in the git config')
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t')
      return { scope: line.slice(0, tab), key: line.slice(tab + 1) }
    })
}

/**
 * Looks for persisted credentials before a build: in the checkout's own config (local, worktree,
 * includes, GIT_CONFIG_*) they are refused under 'refuse' and a warning under 'warn'; in the global
 * config they are a note under 'refuse' (a runner's own setup) and nothing under 'warn' (a laptop's).
 * @throws ConfigError under 'refuse' when the checkout's own config holds one
 */
export async function checkPersistedCredentials(
  repoDir: string,
  policy: CredentialPolicy
): Promise<CredentialCheck> {
  const found = await credentialKeys(repoDir)
  const own = found.filter((f) => OWN_SCOPES.has(f.scope))
  const global = found.filter((f) => f.scope === 'global').map((f) => f.key)
  const named = own.map((f) => `${f.key} (${f.scope})`).join(', ')
  const why =
    'the build and the benchmarks run in worktrees that share this config, so the code under test could read it (and push with it)'
  const fix =
    'check out with `persist-credentials: false` (actions/checkout), or remove it before benchgate runs: ' +
    [...new Set(own.map((f) => unsetCommand(f)))].join('; ')
  if (own.length && policy === 'refuse')
    throw new ConfigError(
      `refusing to build: the checkout's git config holds a credential: ${named}; ${why}. Fix: ${fix} (docs/security.md, defence 2)`
    )
  return {
    warning: own.length ? `the checkout's git config holds a credential: ${named}; ${why}` : null,
    note:
      global.length && policy === 'refuse'
        ? `the global git config sets ${global.join(', ')}: the build can use that credential too (docs/security.md, defence 2)`
        : null
  }
}

function unsetCommand({ scope, key }: { scope: string; key: string }): string {
  if (scope === 'command') return `unset the GIT_CONFIG_* variable that sets ${key}`
  return `git config${scope === 'worktree' ? ' --worktree' : ''} --unset-all ${key}`
}

/** A token for one git command, and the server it is for (GITHUB_SERVER_URL; default github.com). */
export interface GitCredential {
  token: string
  serverUrl?: string
}

/**
 * The environment that gives `credential` to one git command as actions/checkout's header would
 * (`http.<server>/.extraheader`), through GIT_CONFIG_* rather than a file or argv. Hooks are off for
 * that command: a build that ran before (record mode builds main) could have planted one in .git/hooks.
 */
export function credentialEnv({ token, serverUrl }: GitCredential): Record<string, string> {
  const server = new URL(serverUrl || 'https://github.com')
  return {
    GIT_CONFIG_COUNT: '2',
    GIT_CONFIG_KEY_0: `http.${server.origin}/.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basicAuth(token)}`,
    GIT_CONFIG_KEY_1: 'core.hooksPath',
    GIT_CONFIG_VALUE_1: '/dev/null'
  }
}

function basicAuth(token: string): string {
  return Buffer.from(`x-access-token:${token}`).toString('base64')
}

/** `text` with the token, and the header value made from it, replaced by `***` (for error messages). */
export function redactCredential(text: string, credential: GitCredential | undefined): string {
  if (!credential?.token) return text
  return [credential.token, basicAuth(credential.token)].reduce((t, s) => t.split(s).join('***'), text)
}
