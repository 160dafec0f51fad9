/**
 * Persisted git credentials (docs/security.md, defence 2): the checkout's config is searched for them
 * by key name (the Action refuses, the CLI warns; no value is ever read or shown), and a push gets its
 * token through git's environment as actions/checkout's header would, never through a file or argv.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import { ConfigError } from '../../src/errors.js'
import { checkPersistedCredentials, credentialEnv, redactCredential } from '../../src/git/credentials.js'
import { captureIo } from '../helpers/io.js'
import { tempRepo } from '../helpers/repo.js'

const TOKEN = 'ghs_0123456789abcdefTOKEN'
const HEADER = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`

describe('credentialEnv', () => {
  it("is actions/checkout's header for github.com as GIT_CONFIG_* entries, with hooks off", () => {
    expect(credentialEnv({ token: TOKEN })).toEqual({
      GIT_CONFIG_COUNT: '2',
      GIT_CONFIG_KEY_0: 'http.https://github.com/.extraheader',
      GIT_CONFIG_VALUE_0: HEADER,
      GIT_CONFIG_KEY_1: 'core.hooksPath',
      GIT_CONFIG_VALUE_1: '/dev/null'
    })
  })

  it('follows GITHUB_SERVER_URL (GitHub Enterprise Server, a local test server)', () => {
    expect(credentialEnv({ token: TOKEN, serverUrl: 'https://ghe.example.com' }).GIT_CONFIG_KEY_0).toBe(
      'http.https://ghe.example.com/.extraheader'
    )
    expect(credentialEnv({ token: TOKEN, serverUrl: 'http://127.0.0.1:8080/' }).GIT_CONFIG_KEY_0).toBe(
      'http.http://127.0.0.1:8080/.extraheader'
    )
  })

  it('redactCredential hides the token and the header made from it', () => {
    const said = `fatal: token ${TOKEN} sent as ${HEADER}`
    expect(redactCredential(said, { token: TOKEN })).toBe('fatal: token *** sent as AUTHORIZATION: basic ***')
    expect(redactCredential(said, undefined)).toBe(said)
  })
})

describe('checkPersistedCredentials', () => {
  const saved = process.env.GIT_CONFIG_GLOBAL
  const temps: string[] = []
  afterEach(() => {
    if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL
    else process.env.GIT_CONFIG_GLOBAL = saved
    temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }))
  })
  /** A clone as actions/checkout leaves it without `persist-credentials: false`. */
  const checkout = () => {
    const repo = tempRepo('bg-creds-')
    temps.push(repo.dir)
    repo.commitFiles({ 'a.txt': 'a\n' }, 'initial')
    repo.git('config', '--local', 'http.https://github.com/.extraheader', HEADER)
    return repo
  }

  it('refuses (the Action) naming the key, why and the fix, and never the value', async () => {
    const repo = checkout()
    const refused = checkPersistedCredentials(repo.dir, 'refuse')
    await expect(refused).rejects.toThrow(ConfigError)
    const message = await refused.catch((e: Error) => e.message)
    expect(message).toContain(
      "refusing to build: the checkout's git config holds a credential: http.https://github.com/.extraheader (local)"
    )
    expect(message).toContain('could read it')
    expect(message).toContain('`persist-credentials: false`')
    expect(message).toContain('git config --unset-all http.https://github.com/.extraheader')
    expect(message).not.toContain(TOKEN)
    expect(message).not.toContain(HEADER.split(' ')[2])
  })

  it('warns (the CLI) about a credential helper of the checkout; nothing once it is removed', async () => {
    const repo = checkout()
    repo.git('config', '--local', 'credential.helper', 'store')
    const check = await checkPersistedCredentials(repo.dir, 'warn')
    expect(check.note).toBeNull()
    expect(check.warning).toMatch(
      /http\.https:\/\/github\.com\/\.extraheader \(local\), credential\.helper \(local\)/
    )
    expect(check.warning).not.toContain(HEADER.split(' ')[2])
    repo.git('config', '--unset-all', 'http.https://github.com/.extraheader')
    repo.git('config', '--unset-all', 'credential.helper')
    expect(await checkPersistedCredentials(repo.dir, 'refuse')).toEqual({ warning: null, note: null })
  })

  it('finds a header in a file the config includes (as actions/checkout v6 persists it)', async () => {
    const repo = checkout()
    repo.git('config', '--unset-all', 'http.https://github.com/.extraheader')
    const file = join(repo.dir, '..', `${repo.dir.split('/').pop()}-creds.config`)
    temps.push(file)
    writeFileSync(file, `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`)
    repo.git('config', '--local', 'include.path', file)
    await expect(checkPersistedCredentials(repo.dir, 'refuse')).rejects.toThrow(
      /holds a credential: http\.https:\/\/github\.com\/\.extraheader \(local\)/
    )
  })

  it("finds checkout v6+'s includeIf.gitdir entries to a file under RUNNER_TEMP, from the clone and a worktree", async () => {
    // actions/checkout ≥ 6 writes the header to $RUNNER_TEMP/git-credentials-<uuid>.config and includes it
    // for the clone's gitdir and for its worktrees' gitdirs (v6.0.1), not into .git/config itself.
    const repo = checkout()
    repo.git('config', '--unset-all', 'http.https://github.com/.extraheader')
    const runnerTemp = mkdtempSync(join(tmpdir(), 'bg-runner-temp-'))
    temps.push(runnerTemp)
    const file = join(runnerTemp, 'git-credentials-3f1c0d1e.config')
    writeFileSync(file, `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`)
    repo.git('config', '--local', `includeIf.gitdir:${join(repo.dir, '.git')}.path`, file)
    repo.git('config', '--local', `includeIf.gitdir:${join(repo.dir, '.git', 'worktrees')}/*.path`, file)
    expect(readFileSync(join(repo.dir, '.git', 'config'), 'utf8')).not.toContain('extraheader')
    const refused = /holds a credential: http\.https:\/\/github\.com\/\.extraheader \(local\)/
    await expect(checkPersistedCredentials(repo.dir, 'refuse')).rejects.toThrow(refused)
    const tree = join(runnerTemp, 'tree')
    repo.git('worktree', 'add', '--detach', tree)
    await expect(checkPersistedCredentials(tree, 'refuse')).rejects.toThrow(refused)
    await expect(checkPersistedCredentials(repo.dir, 'refuse')).rejects.not.toThrow(TOKEN)
  })

  it('a global credential helper is a note in the Action (not refused) and nothing in the CLI', async () => {
    const repo = tempRepo('bg-creds-global-')
    temps.push(repo.dir)
    const home = mkdtempSync(join(tmpdir(), 'bg-creds-home-'))
    temps.push(home)
    writeFileSync(
      join(home, 'gitconfig'),
      '[credential "https://github.com"]\n\thelper = !gh auth git-credential\n'
    )
    process.env.GIT_CONFIG_GLOBAL = join(home, 'gitconfig')
    const action = await checkPersistedCredentials(repo.dir, 'refuse')
    expect(action).toEqual({
      warning: null,
      note: expect.stringContaining('the global git config sets credential.https://github.com.helper')
    })
    expect(await checkPersistedCredentials(repo.dir, 'warn')).toEqual({ warning: null, note: null })
  })
})

describe('benchgate run (the CLI) with a persisted credential', () => {
  it('warns on stderr and in results.json, and still builds', async () => {
    const repo = tempRepo('bg-creds-cli-')
    const out = mkdtempSync(join(tmpdir(), 'bg-creds-out-'))
    try {
      // A Google Benchmark look-alike, the same on both sides: the run stops at "the same program".
      const bench = [
        '#!/bin/sh',
        'case "$*" in *--benchgate_version*) exit 1;; *--benchmark_list_tests*) echo BM_X; exit 0;; esac',
        'exit 1'
      ].join('\n')
      const base = repo.commitFiles({ 'bench.sh': bench + '\n' }, 'base')
      repo.commitFiles({ 'README.md': 'docs only\n' }, 'head')
      repo.git('config', '--local', 'http.https://github.com/.extraheader', HEADER)
      const io = captureIo()
      const code = await main(
        ['run', '--repo', repo.dir, '--base', base, '--head', 'HEAD', '--no-merge-base'].concat([
          '--build',
          'cp bench.sh b && chmod +x b',
          '--binary',
          'b',
          '--out',
          out
        ]),
        io
      )
      expect({ code, err: io.err }).toMatchObject({ code: 0 })
      expect(io.err).toContain(
        "the checkout's git config holds a credential: http.https://github.com/.extraheader (local)"
      )
      expect(existsSync(join(out, 'build-head.log'))).toBe(true)
      const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
      expect(results.warnings).toContainEqual(
        expect.objectContaining({ level: 'warning', code: 'persisted-credential' })
      )
      expect(io.err + JSON.stringify(results)).not.toContain(HEADER.split(' ')[2])
    } finally {
      rmSync(repo.dir, { recursive: true, force: true })
      rmSync(out, { recursive: true, force: true })
    }
  }, 60_000)
})
