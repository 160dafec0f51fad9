/** The environment PR code gets: no credentials of the Action step, the rest unchanged. */
import { describe, expect, test } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runBuild } from '../../src/build/build.js'
import { silentLog } from '../../src/log.js'
import { childEnvironment, isDroppedVariable } from '../../src/process/childEnv.js'

const TOKEN = 'ghs_0123456789abcdefghijklmnopqrstuvwxyzAB'

/** What a runner gives a JavaScript action's step (names as the runner spells them). */
const actionEnv = (): NodeJS.ProcessEnv => ({
  PATH: '/usr/bin:/bin',
  HOME: '/home/runner',
  CXX: 'g++-13',
  CI: 'true',
  GITHUB_WORKSPACE: '/home/runner/work/x/x',
  GITHUB_SHA: 'a'.repeat(40),
  RUNNER_TEMP: '/home/runner/work/_temp',
  'INPUT_GITHUB-TOKEN': TOKEN,
  INPUT_BUILD: 'cmake -B build && cmake --build build',
  'INPUT_COMMENT-KEY': 'default',
  ACTIONS_RUNTIME_TOKEN: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0.e30.',
  ACTIONS_RUNTIME_URL: 'https://pipelines.actions.githubusercontent.com/x/',
  ACTIONS_RESULTS_URL: 'https://results-receiver.actions.githubusercontent.com/',
  ACTIONS_CACHE_URL: 'https://artifactcache.actions.githubusercontent.com/x/',
  ACTIONS_CACHE_SERVICE_V2: 'True',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token-value',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.githubusercontent.com/x',
  GITHUB_OUTPUT: '/home/runner/work/_temp/_runner_file_commands/set_output_1',
  GITHUB_ENV: '/home/runner/work/_temp/_runner_file_commands/set_env_1',
  GITHUB_PATH: '/home/runner/work/_temp/_runner_file_commands/add_path_1',
  GITHUB_STATE: '/home/runner/work/_temp/_runner_file_commands/save_state_1',
  GITHUB_STEP_SUMMARY: '/home/runner/work/_temp/_runner_file_commands/step_summary_1',
  // A user passing the token on to the step under other names:
  GH_TOKEN: TOKEN,
  MY_CLONE_URL: `https://x-access-token:${TOKEN}@github.com/o/r.git`,
  DEPLOY_KEY_COPY: TOKEN
})

describe('childEnvironment', () => {
  test('drops every input (hyphenated names too), the runner tokens, the OIDC pair and the step files', () => {
    const out = childEnvironment(actionEnv())
    expect(Object.keys(out).sort()).toEqual(
      ['CI', 'CXX', 'GITHUB_SHA', 'GITHUB_WORKSPACE', 'HOME', 'PATH', 'RUNNER_TEMP'].sort()
    )
  })

  test('no value left contains a credential, under any name', () => {
    const env = actionEnv()
    const out = JSON.stringify(childEnvironment(env))
    for (const secret of [TOKEN, env.ACTIONS_RUNTIME_TOKEN!, env.ACTIONS_ID_TOKEN_REQUEST_TOKEN!])
      expect(out).not.toContain(secret)
  })

  test('keeps what builds need, unchanged, and returns a fresh object (the input is not modified)', () => {
    const env = actionEnv()
    const out = childEnvironment(env)
    expect(out.PATH).toBe(env.PATH)
    expect(out.CXX).toBe('g++-13')
    expect(env['INPUT_GITHUB-TOKEN']).toBe(TOKEN)
    expect(out).not.toBe(env)
  })

  test('the same environment in gives the same environment out (both sides get one object)', () => {
    expect(childEnvironment(actionEnv())).toEqual(childEnvironment(actionEnv()))
  })

  test('outside an Action (the CLI), a plain environment passes whole', () => {
    const plain = { PATH: '/bin', HOME: '/h', CC: 'clang', BENCH_DATA: '/data' }
    expect(childEnvironment(plain)).toEqual(plain)
  })

  test('short values of token variables are not treated as secrets (they would match everywhere)', () => {
    const out = childEnvironment({ GH_TOKEN: '1', VERBOSE: '1' })
    expect(out).toEqual({ VERBOSE: '1' })
  })

  test('isDroppedVariable: by name and by prefix, case-blind', () => {
    for (const n of ['INPUT_X', 'input_github-token', 'ACTIONS_ID_TOKEN_REQUEST_ANYTHING', 'GITHUB_TOKEN'])
      expect({ n, dropped: isDroppedVariable(n) }).toEqual({ n, dropped: true })
    for (const n of ['PATH', 'GITHUB_SHA', 'ACTIONS_STEP_DEBUG', 'MY_INPUT_DIR'])
      expect({ n, dropped: isDroppedVariable(n) }).toEqual({ n, dropped: false })
  })
})

test('a build given no environment gets childEnvironment(process.env): a build that dumps its environment shows no token', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bg-childenv-'))
  const planted = {
    'INPUT_GITHUB-TOKEN': TOKEN,
    ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
    KEEP_ME: 'yes'
  }
  Object.assign(process.env, planted)
  try {
    const r = await runBuild({
      side: 'head',
      cwd: dir,
      command: 'env > dumped.txt',
      log: silentLog,
      logPath: join(dir, 'build.log')
    })
    expect(r.ok).toBe(true)
    const dumped = readFileSync(join(dir, 'dumped.txt'), 'utf8')
    expect(dumped).toMatch(/^KEEP_ME=yes$/m) // the dump works
    expect(dumped).toMatch(/^BENCHGATE_SIDE=head$/m)
    expect(dumped).not.toContain(TOKEN)
    expect(dumped).not.toMatch(/INPUT_|ACTIONS_RUNTIME_TOKEN|runtime-token-value/)
  } finally {
    for (const k of Object.keys(planted)) delete process.env[k]
    rmSync(dir, { recursive: true, force: true })
  }
})
