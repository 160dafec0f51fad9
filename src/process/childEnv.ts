/**
 * The one environment given to the code benchgate builds and runs (the build command, the binary
 * probe, every benchmark process, on both sides). That code is the pull request's, so it must not
 * see the credentials a GitHub Action step holds: action inputs (`INPUT_GITHUB-TOKEN` keeps its
 * hyphen in the environment), the runner's service tokens, and any variable that carries one of
 * those values under another name. A plain `run:` step never sees any of them either.
 * Built once per job and given unchanged to both sides (argv/env size shifts stack alignment).
 */

/** Variables removed by name: the runner's service credentials, and the step's command files. */
const DROPPED_NAMES = new Set([
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_CACHE_SERVICE_V2',
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GITHUB_PAT',
  'GH_ENTERPRISE_TOKEN',
  'GITHUB_ENTERPRISE_TOKEN',
  // benchgate's own step files: PR code must not set the step's outputs, state, summary, or the
  // environment and PATH of later steps (defence in depth: the files stay on disk).
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
  'GITHUB_ENV',
  'GITHUB_PATH'
])

/** Variables removed by prefix: every action input, and the OIDC token request pair. */
const DROPPED_PREFIXES = ['INPUT_', 'ACTIONS_ID_TOKEN_REQUEST_']

/** Variables whose values are credentials: any other variable holding the same value is removed too. */
const SECRET_SOURCES =
  /^(INPUT_GITHUB[-_]TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_ID_TOKEN_REQUEST_TOKEN|GITHUB_TOKEN|GH_TOKEN)$/i

/** Is this variable kept out of the build's and the benchmarks' environment? */
export function isDroppedVariable(name: string): boolean {
  const upper = name.toUpperCase()
  return DROPPED_NAMES.has(upper) || DROPPED_PREFIXES.some((p) => upper.startsWith(p))
}

/**
 * `env` without credentials (see the module comment). Pure; the result is a fresh object.
 * @param env default: this process's environment
 */
export function childEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  // Short values are not credentials (and would match too much as substrings).
  const secrets = Object.entries(env)
    .filter(([k, v]) => SECRET_SOURCES.test(k) && typeof v === 'string' && v.length >= 8)
    .map(([, v]) => v as string)
  const out: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(env)) {
    // A credential inside a longer value (https://x-access-token:TOKEN@github.com) counts too.
    if (v === undefined || isDroppedVariable(k) || secrets.some((s) => v.includes(s))) continue
    out[k] = v
  }
  return out
}
