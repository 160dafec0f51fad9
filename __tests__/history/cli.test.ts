/**
 * `benchgate history record|report|compact` through the CLI's main(): flags, messages and exit codes,
 * and the files report writes (history.html, changes.json, summary.md).
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { main } from '../../src/cli.js'
import { historyCommand } from '../../src/commands/history.js'
import { captureIo } from '../helpers/io.js'
import { tempDirs } from '../helpers/tempDirs.js'
import { flat, syntheticHistory } from './synthetic.js'
import { FolderStore } from '../../src/history/store.js'
import { describeError } from '../../src/errors.js'
import { tempRepo } from '../helpers/repo.js'

const FIXTURE = resolve('__tests__/fixtures/history/results.json')
const A = '1'.repeat(40)
const B = '2'.repeat(40)
const { temp, track } = tempDirs('bg-hist-cli-')

describe('benchgate history', () => {
  it('record: refuses results without SHAs and says which flags to give (exit 2); records with them', async () => {
    const dir = temp()
    const io = captureIo()
    expect(await main(['history', 'record', FIXTURE, '--store', join(dir, 'h')], io)).toBe(2)
    expect(io.err).toMatch(/carry no commit SHAs.*give --commit SHA --parent SHA --date ISO/)
    const ok = captureIo()
    const args = ['history', 'record', FIXTURE, '--store', join(dir, 'h'), '--commit', A, '--parent', B]
    expect(await main([...args, '--date', '2026-11-01T00:00:00Z', '--pr', '7'], ok)).toBe(0)
    expect(ok.err).toMatch(
      /^recorded 111111111111 \(3 benchmarks\) in .* as commits\/2026-11\/2026-11-01T00-00-00Z-111111111111\.json\.gz/
    )
    const again = captureIo()
    expect(await main([...args, '--date', '2026-11-01T00:00:00Z'], again)).toBe(0)
    expect(again.err).toMatch(/already recorded .* kept the existing record/)
    const [rec] = await new FolderStore(join(dir, 'h')).readAll()
    expect(rec).toMatchObject({ commit: A, parent: B, pr: 7 })
  })

  it('report writes history.html, changes.json and summary.md; names are escaped in the Markdown', async () => {
    const dir = temp()
    const store = new FolderStore(join(dir, 'h'))
    const LN = Math.log(1000)
    const records = syntheticHistory({
      commits: 40,
      series: [{ name: 'BM_<b>|x', truth: (i) => LN + (i >= 20 ? Math.log(1.08) : 0) }, flat('BM_Flat')]
    })
    for (const r of records) await store.add(r)
    const io = captureIo()
    expect(await historyCommand(['report', '--store', 'h', '--out', 'out', '--q', '0.05'], io, dir)).toBe(0)
    const changes = JSON.parse(readFileSync(join(dir, 'out', 'changes.json'), 'utf8'))
    expect(changes).toMatchObject({
      format: 'benchgate-history-changes',
      version: 2,
      commits: 40,
      options: { q: 0.05 }
    })
    expect(changes.series[0].change_points[0].to.commit).toBe(records[20].commit)
    const md = readFileSync(join(dir, 'out', 'summary.md'), 'utf8')
    expect(md).toBe(io.out)
    expect(md).toContain('<code>BM&#95;&lt;b&gt;&#124;x</code>')
    expect(md).toMatch(
      /change point \+[78]\.\d%.* at <code>[0-9a-f]{12}<\/code> → <code>[0-9a-f]{12}<\/code> \(PR #1020\)/
    )
    expect(io.err).toMatch(/40 records, 2 benchmarks: 1 change points, 0 environment changes/)
    expect(io.err).toMatch(/wrote out.history\.html, /)
    const page = readFileSync(join(dir, 'out', 'history.html'), 'utf8')
    expect(page).toContain('"u":null') // a folder store knows no repository
    expect(page).toContain(`"c":${JSON.stringify(records.map((r) => r.commit))}`)
    const linked = ['report', '--store', 'h', '--out', 'out', '--repo-url', 'git@github.com:o/r.git']
    expect(await historyCommand(linked, captureIo(), dir)).toBe(0)
    expect(readFileSync(join(dir, 'out', 'history.html'), 'utf8')).toContain('"u":"https://github.com/o/r"')
    const bad = captureIo()
    expect(
      await main(
        ['history', 'report', '--store', join(dir, 'h'), '--out', join(dir, 'o'), '--repo-url', '/tmp/x'],
        bad
      )
    ).toBe(2)
    expect(bad.err).toMatch(/--repo-url: '\/tmp\/x' is not a repository address/)
    expect(existsSync(join(dir, 'o'))).toBe(false) // refused before anything was written
  })

  it('compact merges whole past months; flags are checked with clear messages', async () => {
    const dir = temp()
    const store = new FolderStore(join(dir, 'h'))
    for (const r of syntheticHistory({
      commits: 3,
      series: [flat('BM_A')],
      start: new Date('2026-09-30T22:00:00Z')
    }))
      await store.add(r)
    const io = captureIo()
    expect(await historyCommand(['compact', '--store', 'h', '--before', '2026-10'], io, dir)).toBe(0)
    expect(io.err).toMatch(/compacted 2026-09 \(2 records\)/)
    const now = new Date('2026-10-15T00:00:00Z')
    expect(await historyCommand(['compact', '--store', 'h'], captureIo(), dir, now)).toBe(0)
    expect(await store.readAll()).toHaveLength(3)
    const bad = async (args: string[]) => {
      const e = captureIo()
      expect(await main(['history', ...args], e)).toBe(2)
      return e.err
    }
    expect(await bad(['compact', '--store', 'h', '--before', '2026-13'])).toMatch(
      /--before '2026-13': expected a month as yyyy-mm/
    )
    expect(await bad(['report', '--store', 'h'])).toMatch(/--out is required/)
    expect(await bad(['report', '--store', 'h', '--out', 'o', '--q', '2'])).toMatch(
      /--q: '2' is not valid; expected a number in \(0, 1\)/
    )
    expect(await bad(['record', FIXTURE, '--store', 'h', '--before', '2026-01'])).toMatch(
      /--before does not apply/
    )
    expect(await bad(['frobnicate'])).toMatch(/unknown subcommand 'frobnicate'/)
    expect(await bad(['report', '--stroe', 'h'])).toMatch(/Unknown option '--stroe'.*history --help/)
    const help = captureIo()
    expect(await main(['history', '--help'], help)).toBe(0)
    expect(help.out).toContain('benchgate history record RESULTS.json --store STORE')
    writeFileSync(join(dir, 'not.json'), '{}')
    expect(await bad(['record', join(dir, 'not.json'), '--store', 'h'])).toMatch(
      /not a benchgate results.json/
    )
  })

  it('record --store git:NAME: a name that is no plain branch fails at once (exit 2, why, a good example); a good one records', async () => {
    const origin = temp()
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main'], { cwd: origin })
    const repo = tempRepo('bg-hist-names-')
    track(repo.dir)
    repo.commitFiles({ 'README.md': 'project\n' }, 'initial')
    repo.git('remote', 'add', 'origin', origin)
    repo.git('push', '-q', 'origin', 'main')
    const refs = () => execFileSync('git', ['ls-remote', origin], { encoding: 'utf8' })
    const before = refs()
    const record = (store: string) =>
      historyCommand(
        ['record', FIXTURE, '--store', store, '--commit', A, '--parent', B, '--date', '2026-11-01T00:00:00Z'],
        captureIo(),
        repo.dir
      )
    const bad = ['HEAD', 'refs/heads/x', '-x', 'a..b', 'x.lock', 'a//b', 'x/', '.x', 'x y', '@{-1}', 'x@{1}']
    for (const name of bad) {
      const e = await record(`git:${name}`).then(
        () => null,
        (err: unknown) => err
      )
      expect(e).not.toBeNull()
      const { code, message } = describeError(e)
      expect({ name, code }).toEqual({ name, code: 2 })
      expect(message).toContain(`--store git:${name}: not a usable branch name: `)
      expect(message).toContain('e.g. git:benchgate-history')
    }
    expect(refs()).toBe(before) // nothing was pushed
    expect(await record('git:bench/history')).toBe(0)
    expect(refs()).toMatch(/\trefs\/heads\/bench\/history\n/)
  })
})
