/** Shallow CI clones: ensureHistory deepens them, or fails with the exact fix. */
import { describe, expect, test } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureHistory } from '../../src/git/fetch.js'
import { isShallow, resolveCommits } from '../../src/git/resolve.js'
import { silentLog } from '../../src/log.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

function upstreamWithBranch(): { dir: string; base: string; head: string } {
  const dir = temp('bg-upstream-')
  git(dir, 'init', '-q', '-b', 'main')
  git(dir, 'config', 'user.email', 't@example.com')
  git(dir, 'config', 'user.name', 't')
  for (let i = 0; i < 3; i++) {
    writeFileSync(join(dir, 'f'), String(i))
    git(dir, 'add', '.')
    git(dir, 'commit', '-qm', `c${i}`)
  }
  const base = git(dir, 'rev-parse', 'HEAD')
  git(dir, 'checkout', '-qb', 'feature')
  writeFileSync(join(dir, 'g'), 'x')
  git(dir, 'add', '.')
  git(dir, 'commit', '-qm', 'feature')
  return { dir, base, head: git(dir, 'rev-parse', 'HEAD') }
}

describe('ensureHistory', () => {
  test('a depth-1 clone is unshallowed, missing commits are fetched, and the merge-base is found', async () => {
    const up = upstreamWithBranch()
    const clone = temp('bg-clone-')
    execFileSync('git', ['clone', '-q', '--depth', '1', '--branch', 'feature', `file://${up.dir}`, clone])
    expect(await isShallow(clone)).toBe(true)
    await ensureHistory(clone, [up.base, up.head], silentLog)
    expect(await isShallow(clone)).toBe(false)
    const commits = await resolveCommits({ repoDir: clone, base: up.base, head: up.head })
    expect(commits.baseSha).toBe(up.base)
    rmSync(up.dir, { recursive: true, force: true })
  })

  test('when the remote cannot be reached, the error names fetch-depth: 0', async () => {
    const up = upstreamWithBranch()
    const clone = temp('bg-clone-')
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${up.dir}`, clone])
    rmSync(up.dir, { recursive: true, force: true })
    await expect(ensureHistory(clone, [up.base], silentLog)).rejects.toMatchObject({
      code: 2,
      id: 'shallow',
      hint: expect.stringContaining('fetch-depth: 0')
    })
  })

  test('a commit missing from a full clone is fetched by SHA; an unknown one fails clearly', async () => {
    const up = upstreamWithBranch()
    const clone = temp('bg-clone-')
    execFileSync('git', ['clone', '-q', '--single-branch', '--branch', 'main', `file://${up.dir}`, clone])
    git(up.dir, 'config', 'uploadpack.allowAnySHA1InWant', 'true')
    await ensureHistory(clone, [up.head], silentLog)
    expect(git(clone, 'cat-file', '-t', up.head)).toBe('commit')
    await expect(
      ensureHistory(clone, ['0123456789abcdef0123456789abcdef01234567'], silentLog)
    ).rejects.toMatchObject({
      code: 2,
      id: 'unknown-ref'
    })
    rmSync(up.dir, { recursive: true, force: true })
  })
})
