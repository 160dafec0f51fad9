/**
 * The history stores: a folder, and an orphan branch pushed to a local bare repository as `origin`.
 * Two record runs pushing at the same time both land (the loser fetches, rebuilds on the new tip and
 * pushes again); a fresh clone reads the branch with no credentials; compaction keeps every record, in
 * one commit; the user's branch, index and working tree are never touched. A commit recorded in any
 * file is not recorded again; two records of a commit read as the first recorded.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FolderStore, openStore } from '../../src/history/store.js'
import { GitStore } from '../../src/history/gitStore.js'
import { encode, recordPath } from '../../src/history/files.js'
import type { CommitRecord } from '../../src/history/record.js'
import { flat, syntheticHistory } from './synthetic.js'
import { tempRepo } from '../helpers/repo.js'
import { tempDirs } from '../helpers/tempDirs.js'
import { serveGit, serveGitReadOnly } from '../helpers/gitHttp.js'

const { temp, track } = tempDirs('bg-hist-')

// 6 commits over two months (Sept 30 and Oct 1, 12 hours apart)
const records = syntheticHistory({
  commits: 6,
  start: new Date('2026-09-30T00:00:00Z'),
  series: [flat('BM_A'), flat('BM_B', 1)]
}).map((r, i) => ({
  ...r,
  date: new Date(Date.parse('2026-09-30T00:00:00Z') + i * 12 * 3_600_000).toISOString()
}))

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]
  )

describe('folder store', () => {
  it('round-trips records, one file per commit, never replaces one, and compacts whole months', async () => {
    const dir = temp('bg-hist-dir-')
    const store = new FolderStore(dir)
    for (const r of records) expect((await store.add(r)).added).toBe(true)
    expect(await store.add(records[0])).toMatchObject({ added: false })
    expect(readdirSync(join(dir, 'commits'))).toEqual(['2026-09', '2026-10'])
    expect(readdirSync(join(dir, 'commits', '2026-09'))).toEqual([
      `2026-09-30T00-00-00Z-${records[0].commit.slice(0, 12)}.json.gz`,
      `2026-09-30T12-00-00Z-${records[1].commit.slice(0, 12)}.json.gz`
    ])
    expect(await store.readAll()).toEqual(records)
    expect(await store.compact('2026-10')).toMatchObject({ months: ['2026-09'], records: 2 })
    expect(existsSync(join(dir, 'commits', '2026-09'))).toBe(false)
    expect(readdirSync(join(dir, 'months'))).toEqual(['2026-09.json.gz'])
    expect(await store.readAll()).toEqual(records)
    expect(await store.add(records[1])).toMatchObject({ added: false }) // found in the month file
  })
})

describe('git store (a local bare repository as origin)', () => {
  it('two records pushed at the same time both land; a fresh clone reads them; compaction keeps every record', async () => {
    const origin = temp('bg-hist-origin-')
    git(origin, 'init', '-q', '--bare', '-b', 'main')
    const seed = tempRepo('bg-hist-seed-')
    track(seed.dir)
    seed.commitFiles({ 'README.md': 'project\n' }, 'initial')
    seed.git('remote', 'add', 'origin', origin)
    seed.git('push', '-q', 'origin', 'main')
    const clones = [temp('bg-hist-a-'), temp('bg-hist-b-')].map((dir) => {
      git(dir, 'clone', '-q', origin, '.')
      return dir
    })
    // the first record creates the orphan branch
    expect(await openStore('git:', clones[0]).add(records[0])).toMatchObject({ added: true, attempts: 1 })
    // two writers at once, each from its own clone: one push is rejected, fetched, rebuilt, pushed again
    const [a, b] = await Promise.all([
      openStore('git:benchgate-history', clones[0]).add(records[1]),
      openStore('git:benchgate-history', clones[1]).add(records[2])
    ])
    expect([a.added, b.added]).toEqual([true, true])
    // they usually race (measured: 3 runs of 3, one push rejected and retried); either way both land
    expect(a.attempts + b.attempts).toBeGreaterThanOrEqual(2)
    for (const r of records.slice(3)) await openStore('git:', clones[1]).add(r)

    // a fresh clone, no credentials, reads the branch with a plain fetch
    const reader = temp('bg-hist-reader-')
    git(reader, 'clone', '-q', origin, '.')
    expect(await openStore('git:', reader).readAll()).toEqual(records)
    expect(git(origin, 'log', '--format=%s', 'benchgate-history').split('\n')).toHaveLength(6)
    expect(git(origin, 'rev-list', '--max-parents=0', 'benchgate-history')).not.toBe(
      git(origin, 'rev-parse', 'main')
    )

    // compaction: one commit adds months/2026-09.json.gz and removes that month's record files
    const compacted = await new GitStore(clones[0], 'benchgate-history').compact('2026-10')
    expect(compacted).toMatchObject({ months: ['2026-09'], records: 2 })
    const files = git(origin, 'ls-tree', '-r', '--name-only', 'benchgate-history').split('\n')
    expect(files.filter((f) => f.startsWith('months/'))).toEqual(['months/2026-09.json.gz'])
    expect(files.filter((f) => f.startsWith('commits/2026-09/'))).toEqual([])
    expect(files.filter((f) => f.startsWith('commits/2026-10/'))).toHaveLength(4)
    expect(git(origin, 'show', '--stat', '--format=%s', 'benchgate-history')).toMatch(
      /compact 2026-09 \(2 records\)[\s\S]*3 files changed/
    )
    expect(await openStore('git:', reader).readAll()).toEqual(records)
    // the clones' own branch, index and working tree are untouched
    expect(git(clones[0], 'status', '--porcelain')).toBe('')
    expect(git(clones[0], 'branch', '--list', '--format=%(refname:short)')).toBe('main')
  }, 20_000)

  it('a reader with no credentials fetches the branch over http from a read-only server on 127.0.0.1', async () => {
    const root = temp('bg-hist-http-')
    git(root, 'init', '-q', '--bare', '-b', 'main', 'origin.git')
    const writer = temp('bg-hist-w-')
    git(writer, 'clone', '-q', join(root, 'origin.git'), '.')
    for (const r of records.slice(0, 3)) await openStore('git:', writer).add(r)
    const server = await serveGitReadOnly(root)
    try {
      const reader = temp('bg-hist-r-')
      // an empty repository whose origin is the http URL: no token, no credential helper, no prompt
      git(reader, 'init', '-q')
      git(reader, 'remote', 'add', 'origin', `${server.url}/origin.git`)
      expect(await openStore('git:', reader).readAll()).toEqual(records.slice(0, 3))
      // and the server is read-only: a record from this reader is refused with a clear message
      await expect(openStore('git:', reader).add(records[3])).rejects.toThrow(/git push origin failed/)
    } finally {
      await server.close()
    }
  }, 20_000)

  it('a push with a credential sends it as a header from the environment only: nothing under .git keeps it', async () => {
    const token = 'ghs_' + 'record0123456789'.repeat(2)
    const header = `basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`
    const root = temp('bg-hist-auth-')
    git(root, 'init', '-q', '--bare', '-b', 'main', 'origin.git')
    const server = await serveGit(root, { authorization: header })
    try {
      const repo = tempRepo('bg-hist-writer-')
      track(repo.dir)
      repo.commitFiles({ 'a.txt': 'a\n' }, 'initial')
      repo.git('remote', 'add', 'origin', `${server.url}/origin.git`)
      // without the credential the server refuses the push (so the header is what lets it in)
      await expect(openStore('git:', repo.dir).add(records[0])).rejects.toThrow(/git push origin failed/)
      const wrong = openStore('git:', repo.dir, { token: 'ghs_wrong0123456789', serverUrl: server.url })
      const refused = await wrong.add(records[0]).catch((e: Error) => e.message)
      expect(refused).toMatch(/git push origin failed/)
      expect(refused).not.toContain('ghs_wrong0123456789')
      const store = openStore('git:', repo.dir, { token, serverUrl: server.url })
      expect(await store.add(records[0])).toMatchObject({ added: true })
      expect(git(join(root, 'origin.git'), 'ls-tree', '-r', '--name-only', 'benchgate-history')).toMatch(
        /^commits\/2026-09\//
      )
      const kept = filesUnder(join(repo.dir, '.git')).filter((f) => {
        const text = readFileSync(f, 'latin1')
        return text.includes(token) || text.includes(header.slice(6))
      })
      expect(kept).toEqual([])
      expect(repo.git('config', '--list')).not.toMatch(/extraheader/i)
    } finally {
      await server.close()
    }
  }, 20_000)

  it('without an origin the branch is local; a branch name that could be an option is refused', async () => {
    const repo = tempRepo('bg-hist-local-')
    track(repo.dir)
    repo.commitFiles({ 'a.txt': 'a\n' }, 'initial')
    const store = openStore('git:perf/history', repo.dir)
    for (const r of records.slice(0, 2)) await store.add(r)
    expect(await openStore('git:perf/history', repo.dir).readAll()).toEqual(records.slice(0, 2))
    expect(repo.git('log', '--format=%an', 'perf/history')).toBe('benchgate\nbenchgate')
    expect(() => openStore('git:--upload-pack=x', repo.dir)).toThrow(/not a usable branch name/)
    await expect(openStore('git:', tmpdir()).readAll()).rejects.toThrow(/is not inside a git repository/)
  })
})

describe('a store holds one record per commit, whatever its files say', () => {
  // a version 1 record: dated by when it was measured, no measured_at
  const v1 = (r: CommitRecord, date: string, scale = 1): CommitRecord => {
    const { measured_at: _m, ...rest } = r
    return {
      ...rest,
      version: 1,
      date,
      benchmarks: r.benchmarks.map((b) => ({
        ...b,
        location: { ...b.location!, median: b.location!.median * scale }
      }))
    }
  }

  it('a folder: two records of a commit (an old store, a forged file) read as the first recorded, the second named', async () => {
    const dir = temp('bg-hist-dup-')
    const first = v1(records[2], '2026-10-01T00:30:00.000Z')
    const second = v1(records[2], '2026-11-05T00:00:00.000Z', 2)
    for (const r of [first, second]) {
      mkdirSync(join(dir, recordPath(r), '..'), { recursive: true })
      writeFileSync(join(dir, recordPath(r)), encode(r))
    }
    for (const r of [records[0], records[3]]) await new FolderStore(dir).add(r)
    const read = await new FolderStore(dir).read()
    expect(read.records).toEqual([records[0], first, records[3]])
    expect(read.problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `${recordPath(second)}: a second record of commit ${records[2].commit.slice(0, 12)} \\(recorded 2026-11-05T00:00:00.000Z\\); kept the first, in .*${recordPath(first)}: remove the second`
        )
      )
    ])
    // recording it again finds it, in another month than its new date's
    expect(await new FolderStore(dir).add(records[2])).toMatchObject({ added: false })
    // compaction moves both (drops nothing); the read still keeps the first and names the second
    expect(await new FolderStore(dir).compact('2026-12')).toMatchObject({ records: 4, left: [] })
    const after = await new FolderStore(dir).read()
    expect(after.records).toEqual([records[0], first, records[3]])
    expect(after.problems).toEqual([
      expect.stringMatching(/months\/2026-11\.json\.gz, record 1: a second record/)
    ])
  })

  it('recording a commit already in the store is a no-op in any file of a folder or git store (record file of another month, month file)', async () => {
    const repo = tempRepo('bg-hist-known-')
    track(repo.dir)
    repo.commitFiles({ 'a.txt': 'a\n' }, 'initial')
    for (const store of [new FolderStore(temp('bg-hist-known-dir-')), openStore('git:h', repo.dir)]) {
      // measured at the end of September (version 1): its file is in commits/2026-09/
      await store.add(v1(records[2], '2026-09-30T23:00:00.000Z'))
      expect(await store.add(records[2])).toMatchObject({ added: false, path: recordPath(records[2]) })
      expect(await store.compact('2026-10')).toMatchObject({ months: ['2026-09'], records: 1, left: [] })
      expect(await store.add(records[2])).toMatchObject({ added: false }) // now in months/2026-09.json.gz
      expect(await store.add(records[3])).toMatchObject({ added: true })
      expect(await store.read()).toEqual({
        records: [v1(records[2], '2026-09-30T23:00:00.000Z'), records[3]],
        problems: []
      })
    }
  })
})
