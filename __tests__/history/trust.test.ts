/**
 * The history store defends itself (docs/security.md, defence 15): each attack of the review
 * through `benchgate history record|report` as a workflow runs them, with the review's payload. Each
 * test failed on the code before the defence.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { main } from '../../src/cli.js'
import { historyCommand } from '../../src/commands/history.js'
import { encode, MAX_RECORD_JSON_BYTES, recordPath } from '../../src/history/files.js'
import { FolderStore } from '../../src/history/store.js'
import { renderSummary } from '../../src/history/summary.js'
import { captureIo } from '../helpers/io.js'
import { tempDirs } from '../helpers/tempDirs.js'
import { tempRepo } from '../helpers/repo.js'
import { flat, sha, syntheticHistory } from './synthetic.js'

const FIXTURE = resolve('__tests__/fixtures/history/results.json')
const LN1000 = Math.log(1000)
const { temp, track } = tempDirs('bg-hist-trust-')

/** `history report` of the folder store `dir/h` through main(): exit code, stderr and what it wrote. */
async function report(dir: string) {
  const io = captureIo()
  const code = await main(['history', 'report', '--store', join(dir, 'h'), '--out', join(dir, 'out')], io)
  const read = (f: string) => readFileSync(join(dir, 'out', f), 'utf8')
  return code === 0
    ? {
        code,
        err: io.err,
        md: read('summary.md'),
        html: read('history.html'),
        changes: JSON.parse(read('changes.json'))
      }
    : { code, err: io.err, md: '', html: '', changes: null }
}

/** Writes `value` gzip-compressed as a record file of the folder store `dir/h`, beside the real ones. */
function plant(dir: string, path: string, data: Buffer) {
  mkdirSync(join(dir, 'h', path, '..'), { recursive: true })
  writeFileSync(join(dir, 'h', path), data)
}

describe('the history store believes nothing it reads', () => {
  it('one record with another cpuModel among planted steps is a suspect record, not an environment change that hides them', async () => {
    const dir = temp()
    const store = new FolderStore(join(dir, 'h'))
    // 5 series, each +8% from commit 25 of 40; commit 27 measured on another (15% slower) machine
    const odd = (i: number) => i === 27
    const records = syntheticHistory({
      commits: 40,
      fingerprint: (i) => ({ cpuModel: odd(i) ? 'Xeon 8370C' : 'EPYC 7763', numCpus: 4 }),
      series: Array.from({ length: 5 }, (_, k) => ({
        name: `BM_${k}`,
        truth: (i: number) =>
          LN1000 + k * 0.1 + (i >= 25 ? Math.log(1.08) : 0) + (odd(i) ? Math.log(1.15) : 0)
      }))
    })
    for (const r of records) await store.add(r)
    const r = await report(dir)
    expect(r.code).toBe(0)
    expect(r.changes.environment_changes).toEqual([])
    expect(r.changes.suspect_records).toEqual([
      {
        commit: sha(27),
        date: records[27].date,
        pr: null,
        fields: { cpuModel: ['EPYC 7763', 'Xeon 8370C'] }
      }
    ])
    for (const s of r.changes.series) {
      expect(s.segments).toBe(1)
      expect(s.change_points).toHaveLength(1)
      const at = records.findIndex((x) => x.commit === s.change_points[0].to.commit)
      expect(Math.abs(at - 25)).toBeLessThanOrEqual(1)
    }
    expect(r.md).toContain(
      `suspect record: environment fingerprint differs from its neighbours: <code>${sha(27).slice(0, 12)}</code>`
    )
  })

  it('recording an already recorded commit again (a re-run, measured later) is a no-op that says so; records are dated by the commit', async () => {
    const repo = tempRepo('bg-hist-trust-repo-')
    track(repo.dir)
    const commitAt = (file: string, date: string) => {
      writeFileSync(join(repo.dir, file), file)
      repo.git('add', file)
      execFileSync('git', ['commit', '-qm', file], {
        cwd: repo.dir,
        env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date }
      })
      return repo.git('rev-parse', 'HEAD')
    }
    const base = commitAt('a', '2026-10-30T10:00:00Z')
    const x = commitAt('b', '2026-10-31T10:00:00Z')
    const y = commitAt('c', '2026-10-31T12:00:00Z')
    const results = (head: string, parent: string, measured: string, scale: number) => {
      const json = JSON.parse(readFileSync(FIXTURE, 'utf8'))
      json.run.head.sha = head
      json.run.base.sha = parent
      json.generated_at = measured
      for (const b of json.benchmarks) b.series.head = b.series.head.map((v: number) => v * scale)
      const path = join(repo.dir, `results-${head.slice(0, 6)}-${scale}.json`)
      writeFileSync(path, JSON.stringify(json))
      return path
    }
    const record = async (file: string) => {
      const io = captureIo()
      expect(await historyCommand(['record', file, '--store', 'h'], io, repo.dir)).toBe(0)
      return io.err
    }
    expect(await record(results(x, base, '2026-10-31T11:00:00Z', 1))).toMatch(/^recorded /)
    expect(await record(results(y, x, '2026-10-31T13:00:00Z', 1))).toMatch(/^recorded /)
    // the re-run of x's job, measured in the next month, with other numbers
    expect(await record(results(x, base, '2026-11-02T09:00:00Z', 2))).toMatch(
      new RegExp(`^${x.slice(0, 12)} is already recorded in .*; kept the existing record`)
    )
    const read = await new FolderStore(join(repo.dir, 'h')).read()
    expect(read.problems).toEqual([])
    expect(read.records.map((r) => [r.commit, r.date, r.measured_at])).toEqual([
      [x, '2026-10-31T10:00:00.000Z', '2026-10-31T11:00:00.000Z'],
      [y, '2026-10-31T12:00:00.000Z', '2026-10-31T13:00:00.000Z']
    ])
    const fixtureMedian = JSON.parse(readFileSync(FIXTURE, 'utf8')).benchmarks[0].location.head
    expect(read.records[0].benchmarks[0].location!.median).toBeCloseTo(fixtureMedian, 6) // the first numbers
  })

  it('a malformed record ({"benchmarks": 5}) among good ones is skipped and named; the rest is reported', async () => {
    const dir = temp()
    const store = new FolderStore(join(dir, 'h'))
    const records = syntheticHistory({ commits: 12, series: [flat('BM_A'), flat('BM_B', 1)] })
    for (const r of records) await store.add(r)
    const bad = { ...syntheticHistory({ commits: 13, series: [flat('BM_A')] })[12], benchmarks: 5 }
    const badPath = recordPath(bad)
    plant(dir, badPath, encode(bad))
    plant(dir, 'commits/2026-09/2026-09-02T00-00-00Z-000000000000.json.gz', Buffer.from('not gzip'))
    const r = await report(dir)
    expect(r.code).toBe(0)
    expect(r.changes.commits).toBe(12)
    expect(r.changes.series.map((s: { points: number }) => s.points)).toEqual([12, 12])
    for (const out of [r.err, r.md])
      expect(out).toMatch(
        new RegExp(
          `${badPath.replace(/[.]/g, '\\.')}.*\\$\\.benchmarks: must be a list.*remove it from the store`
        )
      )
    expect(r.err).toMatch(/000000000000\.json\.gz.*not a gzip-compressed JSON file/)
    expect(r.err).toMatch(/: left out 2 files or records that cannot be trusted \(the rest is reported\)/)
    // compaction would drop them: it leaves their month as it is and says why
    const c = captureIo()
    expect(await main(['history', 'compact', '--store', join(dir, 'h'), '--before', '2026-10'], c)).toBe(0)
    expect(c.err).toMatch(/left 2026-09 as record files: 2 of its files or records cannot be trusted/)
    expect(existsSync(join(dir, 'h', badPath))).toBe(true)
  })

  it('a pr of "<img src=x onerror=alert(1)>" never reaches summary.md or history.html as HTML', async () => {
    const dir = temp()
    const store = new FolderStore(join(dir, 'h'))
    const records = syntheticHistory({
      commits: 30,
      series: [{ name: 'BM_Step', truth: (i) => LN1000 + (i >= 20 ? Math.log(1.1) : 0) }]
    })
    const payload = '<img src=x onerror=alert(1)>'
    // the record at the step, where summary.md names the PR
    for (const [i, r] of records.entries()) await store.add(i === 20 ? { ...r, pr: payload as never } : r)
    const r = await report(dir)
    expect(r.code).toBe(0)
    expect(r.md + r.html).not.toContain('<img')
    expect(r.md).toMatch(/\$\.pr: must be a whole number or null/)
    expect(r.changes.series[0].change_points).toHaveLength(1)
    // and were one to get past the schema, summary.md escapes it like every text of a record
    const cp = r.changes.series[0].change_points[0]
    const forged = {
      ...r.changes,
      series: [{ ...r.changes.series[0], change_points: [{ ...cp, to: { ...cp.to, pr: payload } }] }]
    }
    expect(renderSummary(forged, [payload])).not.toContain('<img')
    expect(renderSummary(forged)).toContain('(PR #&lt;img src=x onerror=alert(1)&gt;)')
  })

  it(`a gzip bomb (a long run of one character) is stopped at ${MAX_RECORD_JSON_BYTES / 2 ** 20} MiB inflated, skipped and named`, async () => {
    const dir = temp()
    const store = new FolderStore(join(dir, 'h'))
    const records = syntheticHistory({ commits: 3, series: [flat('BM_A')] })
    for (const r of records) await store.add(r)
    const bomb = gzipSync(Buffer.alloc(MAX_RECORD_JSON_BYTES + 2 ** 20, ' '), { level: 9 })
    expect(bomb.length).toBeLessThan(64 * 1024)
    plant(dir, 'commits/2026-09/2026-09-01T05-00-00Z-b0b0b0b0b0b0.json.gz', bomb)
    const r = await report(dir)
    expect(r.code).toBe(0)
    expect(r.changes.commits).toBe(3)
    expect(r.err).toMatch(
      new RegExp(`b0b0b0b0b0b0\\.json\\.gz: inflates to more than ${MAX_RECORD_JSON_BYTES} bytes`)
    )
  })
})
