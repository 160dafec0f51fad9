import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createWorktrees } from '../../src/git/worktrees.js'
import { JobError } from '../../src/errors.js'
import { NODE_TS, commitFile, g, makeRepo, makeTmp, recordingLog, rmTmp } from '../measure/helpers.js'

let tmp: string
let repo: string
let baseSha: string
let headSha: string

beforeAll(() => {
  tmp = makeTmp()
  ;({ repo, first: baseSha } = makeRepo(tmp))
  headSha = commitFile(repo, 'version.txt', 'v2\n')
})

afterAll(() => rmTmp(tmp))

/** Worktree paths git knows about, apart from the main one. */
const extraWorktrees = (): string[] =>
  g(repo, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .map((l) => l.slice('worktree '.length))
    .filter((p) => p !== repo)

describe('createWorktrees', () => {
  it('checks out both commits at equal-length paths and removes them again', async () => {
    const workDir = join(tmp, 'work1')
    const wt = await createWorktrees({ repoDir: repo, workDir, baseSha, headSha })
    try {
      expect(wt.base).toBe(join(workDir, 'base'))
      expect(wt.head).toBe(join(workDir, 'head'))
      expect(wt.base.length).toBe(wt.head.length)
      expect(readFileSync(join(wt.base, 'version.txt'), 'utf8')).toBe('v1\n')
      expect(readFileSync(join(wt.head, 'version.txt'), 'utf8')).toBe('v2\n')
      expect(g(wt.head, 'rev-parse', 'HEAD')).toBe(headSha)
      expect(extraWorktrees().sort()).toEqual([wt.base, wt.head])
      // build output (untracked files) must not stop the removal
      writeFileSync(join(wt.head, 'build-output.o'), 'x')
    } finally {
      wt.cleanup()
    }
    expect(existsSync(wt.base)).toBe(false)
    expect(existsSync(wt.head)).toBe(false)
    expect(extraWorktrees()).toEqual([])
    wt.cleanup() // idempotent
  })

  it('cleans up when the caller throws after creating them', async () => {
    const workDir = join(tmp, 'work2')
    let paths: string[] = []
    await expect(
      (async () => {
        const wt = await createWorktrees({ repoDir: repo, workDir, baseSha, headSha })
        try {
          paths = [wt.base, wt.head]
          throw new Error('boom')
        } finally {
          wt.cleanup()
        }
      })()
    ).rejects.toThrow('boom')
    expect(paths.every((p) => !existsSync(p))).toBe(true)
    expect(extraWorktrees()).toEqual([])
  })

  it('leaves nothing behind when the second checkout fails', async () => {
    const workDir = join(tmp, 'work3')
    const missing = 'f'.repeat(40)
    const e = await createWorktrees({ repoDir: repo, workDir, baseSha, headSha: missing }).catch(
      (x: unknown) => x
    )
    expect(e).toBeInstanceOf(JobError)
    expect((e as JobError).code).toBe(3)
    expect((e as JobError).id).toBe('git-failed')
    expect(existsSync(join(workDir, 'base'))).toBe(false)
    expect(extraWorktrees()).toEqual([])
  })

  it('keeps the worktrees when asked, and replaces them on the next run', async () => {
    const workDir = join(tmp, 'work4')
    const log = recordingLog()
    const kept = await createWorktrees({ repoDir: repo, workDir, baseSha, headSha, keep: true, log })
    kept.cleanup()
    expect(existsSync(kept.base)).toBe(true)
    expect(log.lines.join('\n')).toContain('Keeping the worktrees')
    const again = await createWorktrees({ repoDir: repo, workDir, baseSha: headSha, headSha: baseSha, log })
    expect(readFileSync(join(again.base, 'version.txt'), 'utf8')).toBe('v2\n')
    again.cleanup()
    expect(extraWorktrees()).toEqual([])
  })

  it('refuses a work directory whose base/ is something else', async () => {
    const workDir = join(tmp, 'work5')
    mkdirSync(join(workDir, 'base'), { recursive: true })
    writeFileSync(join(workDir, 'base', 'precious.txt'), 'keep me')
    const e = (await createWorktrees({ repoDir: repo, workDir, baseSha, headSha }).catch(
      (x: unknown) => x
    )) as JobError
    expect(e.id).toBe('work-dir')
    expect(e.code).toBe(2)
    expect(readFileSync(join(workDir, 'base', 'precious.txt'), 'utf8')).toBe('keep me')
  })

  it('rejects anything but full SHAs', async () => {
    const e = (await createWorktrees({
      repoDir: repo,
      workDir: join(tmp, 'w6'),
      baseSha: 'main',
      headSha
    }).catch((x: unknown) => x)) as JobError
    expect(e.id).toBe('invalid-option')
  })

  it('removes the worktrees when the process gets SIGINT, and still dies of it', async () => {
    const workDir = join(tmp, 'work7')
    const child = spawn(
      NODE_TS[0],
      [
        ...NODE_TS[1],
        join(process.cwd(), '__tests__/git/fixtures/worktrees-then-wait.ts'),
        repo,
        workDir,
        baseSha,
        headSha
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit']
      }
    )
    const paths = await new Promise<{ base: string; head: string }>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString()
        if (out.includes('\n')) resolve(JSON.parse(out) as { base: string; head: string })
      })
      child.once('exit', (code) => reject(new Error(`child exited early (${code})`)))
    })
    expect(existsSync(paths.base)).toBe(true)
    const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_c, sig) => r(sig)))
    child.kill('SIGINT')
    expect(await exited).toBe('SIGINT')
    expect(existsSync(paths.base)).toBe(false)
    expect(existsSync(paths.head)).toBe(false)
    expect(extraWorktrees()).toEqual([])
  }, 20_000)
})
