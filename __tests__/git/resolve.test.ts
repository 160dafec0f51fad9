import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isDirty, resolveCommits, workingTreeStatus } from '../../src/git/resolve.js'
import { JobError } from '../../src/errors.js'
import { commitFile, g, makeRepo, makeTmp, rmTmp } from '../measure/helpers.js'

// Branch names that a shell would execute; git accepts all of them as ref names.
const NASTY = [
  'feat/$(touch${IFS}pwned)',
  'feat/`touch${IFS}pwned`',
  'a;b',
  'x|touch${IFS}pwned',
  'q&&touch${IFS}pwned'
]

let tmp: string
let repo: string
let first: string
let forkPoint: string
let featureTip: string
let mainTip: string

beforeAll(() => {
  tmp = makeTmp()
  ;({ repo, first } = makeRepo(tmp))
  forkPoint = commitFile(repo, 'version.txt', 'v2\n')
  g(repo, 'checkout', '-q', '-b', 'feature')
  featureTip = commitFile(repo, 'version.txt', 'feature\n')
  g(repo, 'checkout', '-q', 'main')
  mainTip = commitFile(repo, 'other.txt', 'main moved on\n')
  for (const name of NASTY) g(repo, 'branch', name, featureTip)
  g(repo, 'update-ref', 'refs/heads/-x', featureTip) // `git branch` refuses this name; update-ref does not
  g(repo, 'checkout', '-q', 'feature')
})

afterAll(() => rmTmp(tmp))

async function rejection(p: Promise<unknown>): Promise<JobError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(JobError)
    return e as JobError
  }
  throw new Error('expected a rejection')
}

describe('resolveCommits', () => {
  it('uses the merge-base of a diverged base branch by default', async () => {
    const r = await resolveCommits({ repoDir: repo, base: 'main' })
    expect(r).toEqual({
      baseSha: forkPoint,
      headSha: featureTip,
      baseRef: 'main',
      headRef: 'HEAD',
      baseTipSha: mainTip,
      mergeBaseUsed: true
    })
  })

  it('compares against the base tip when the merge-base is off', async () => {
    const r = await resolveCommits({ repoDir: repo, base: 'main', head: 'feature', mergeBase: false })
    expect(r.baseSha).toBe(mainTip)
    expect(r.headSha).toBe(featureTip)
    expect(r.mergeBaseUsed).toBe(false)
  })

  it('accepts SHAs and relative refs', async () => {
    const r = await resolveCommits({ repoDir: repo, base: first, head: 'main~1' })
    expect(r.baseSha).toBe(first)
    expect(r.headSha).toBe(forkPoint)
  })

  it('passes shell-looking branch names to git verbatim and executes nothing', async () => {
    for (const name of NASTY) {
      const r = await resolveCommits({ repoDir: repo, base: 'main', head: name })
      expect(r.headSha).toBe(featureTip)
      expect(r.headRef).toBe(name)
      const u = await rejection(resolveCommits({ repoDir: repo, base: `${name}-missing` }))
      expect(u.id).toBe('unknown-ref')
    }
    expect(existsSync(join(repo, 'pwned'))).toBe(false)
    expect(existsSync(join(process.cwd(), 'pwned'))).toBe(false)
    expect(readdirSync(tmp)).toEqual(['repo'])
  })

  it('refuses refs starting with "-" (option injection) with a usage error', async () => {
    for (const ref of ['-x', '--output=/tmp/benchgate-pwned', '-']) {
      const e = await rejection(resolveCommits({ repoDir: repo, base: ref }))
      expect(e.code).toBe(2)
      expect(e.id).toBe('bad-ref')
      expect(e.message).toContain('starts with "-"')
      expect(e.hint).toContain('refs/heads/')
      const h = await rejection(resolveCommits({ repoDir: repo, base: 'main', head: ref }))
      expect(h.id).toBe('bad-ref')
    }
    expect(existsSync('/tmp/benchgate-pwned')).toBe(false)
    const empty = await rejection(resolveCommits({ repoDir: repo, base: '' }))
    expect(empty.id).toBe('bad-ref')
  })

  it('names an unknown ref; in a clone without remotes it lists the refs there, never a fetch that fails', async () => {
    const e = await rejection(resolveCommits({ repoDir: repo, base: 'origin/nope' }))
    expect(e.code).toBe(2)
    expect(e.id).toBe('unknown-ref')
    expect(e.message).toContain('"origin/nope"')
    expect(e.message).toContain('base')
    expect(e.hint).not.toContain('git fetch')
    expect(e.hint).toContain('This clone has no remotes to fetch from.')
    expect(e.hint).toMatch(/Refs here: .*feature.*main/)
    // a typo of an existing branch
    const typo = await rejection(resolveCommits({ repoDir: repo, base: 'featrue' }))
    expect(typo.hint).toMatch(/^Did you mean feature\?/)
  })

  it('advises a fetch that works: from a remote that exists, with the remote name split off', async () => {
    const clone = join(tmp, 'with-remote')
    g(tmp, 'clone', '-q', `file://${repo}`, clone)
    const missing = await rejection(resolveCommits({ repoDir: clone, base: 'origin/nope' }))
    expect(missing.hint).toContain('Fetch it first: git fetch origin nope:refs/remotes/origin/nope')
    expect(missing.hint).not.toContain('git fetch origin origin/')
    const plain = await rejection(resolveCommits({ repoDir: clone, base: 'release-9' }))
    expect(plain.hint).toContain('If it is on origin, fetch it first: git fetch origin release-9:release-9')
    const elsewhere = await rejection(resolveCommits({ repoDir: clone, base: 'upstream/main' }))
    expect(elsewhere.hint).toContain('this clone has no remote upstream; its remotes: origin')
    const relative = await rejection(resolveCommits({ repoDir: clone, base: 'main~40' }))
    expect(relative.hint).not.toContain('git fetch')
    expect(relative.hint).toContain('needs that much history')
  })

  it('in a single-branch clone, the advised fetch makes origin/main resolve (a plain fetch of main would not)', async () => {
    const single = join(tmp, 'single-branch')
    g(tmp, 'clone', '-q', '--single-branch', '--branch', 'feature', `file://${repo}`, single)
    const e = await rejection(resolveCommits({ repoDir: single, base: 'origin/main' }))
    const advised = /Fetch it first: (git fetch \S+ \S+)/.exec(e.hint!)![1]
    const [cmd, ...argv] = advised.split(' ')
    expect(cmd).toBe('git')
    g(single, ...argv)
    const resolved = await resolveCommits({ repoDir: single, base: 'origin/main', mergeBase: false })
    expect(resolved.baseSha).toBe(g(repo, 'rev-parse', 'main').trim())
  })

  it('says when the directory is not a git repository', async () => {
    const e = await rejection(resolveCommits({ repoDir: tmp, base: 'main' }))
    expect(e.code).toBe(2)
    expect(e.id).toBe('not-a-repo')
    expect(e.message).toContain(tmp)
    const missing = await rejection(resolveCommits({ repoDir: join(tmp, 'missing'), base: 'main' }))
    expect(missing.id).toBe('not-a-repo')
  })

  it('explains how to fix a shallow clone that lacks the merge-base', async () => {
    const clone = join(tmp, 'shallow')
    g(tmp, 'clone', '-q', '--depth', '1', '--no-single-branch', `file://${repo}`, clone)
    const e = await rejection(resolveCommits({ repoDir: clone, base: 'origin/main', head: 'origin/feature' }))
    expect(e.code).toBe(2)
    expect(e.id).toBe('shallow')
    expect(e.hint).toContain('fetch-depth: 0')
    expect(e.hint).toContain('git fetch --unshallow')
    // an unknown ref in a shallow clone mentions the shallowness too
    const u = await rejection(resolveCommits({ repoDir: clone, base: 'main~5' }))
    expect(u.id).toBe('unknown-ref')
    expect(u.hint).toContain('fetch-depth: 0')
  })

  it('reports unrelated histories', async () => {
    g(repo, 'checkout', '-q', '--orphan', 'unrelated')
    commitFile(repo, 'orphan.txt', 'x\n')
    try {
      const e = await rejection(resolveCommits({ repoDir: repo, base: 'main', head: 'unrelated' }))
      expect(e.id).toBe('no-merge-base')
    } finally {
      g(repo, 'checkout', '-q', '-f', 'feature')
    }
  })
})

describe('isDirty / workingTreeStatus', () => {
  it('reports changed tracked files and ignores untracked ones', async () => {
    expect(await isDirty(repo)).toBe(false)
    writeFileSync(join(repo, 'untracked.txt'), 'x')
    expect(await isDirty(repo)).toBe(false)
    writeFileSync(join(repo, 'version.txt'), 'changed\n')
    const s = await workingTreeStatus(repo)
    expect(s.dirty).toBe(true)
    expect(s.files).toEqual([' M version.txt'])
    g(repo, 'checkout', '-q', '--', 'version.txt')
  })
})
