/**
 * Main's drift in a pull request's report (issue 31, REPORT.md "a row whose baseline already drifted
 * says so"): history/drift.ts keeps the benchmarks whose creep over main's last W recorded commits is
 * reported; the comment gives each such row a footnote, escaped and inside the size cap; `compare
 * --history-store` reads it from a store.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compareCommand } from '../../src/commands/compare.js'
import { buildConfig } from '../../src/config/index.js'
import { analyseHistory } from '../../src/history/changes.js'
import { mainDrift } from '../../src/history/drift.js'
import { FolderStore } from '../../src/history/store.js'
import { COMMENT_MAX_CHARS, renderMarkdown } from '../../src/report/markdown.js'
import type { DriftNote, Report } from '../../src/report/model.js'
import { driftNote } from '../../src/report/wording.js'
import { synthReport } from '../report/htmlFixture.js'
import { flat, sha, syntheticHistory } from './synthetic.js'

/** 60 commits: BM_OrderBook/map/20000 creeps +0.3% per commit over the last 30, the others are flat. */
const history = syntheticHistory({
  commits: 60,
  seed: 3,
  series: [
    { name: 'BM_OrderBook/map/20000', truth: (i) => Math.log(1000) + Math.max(0, i - 29) * Math.log(1.003) },
    ...['BM_Parse/json/4096', 'BM_OrderBook/array/20000', 'BM_Hash/crc32/64'].map((n) => flat(n))
  ]
})

/** One real analysis (the HTML tests' suite), shared: these tests are about presentation. */
const base = synthReport()

const note = (over: Partial<DriftNote> = {}): DriftNote => ({
  name: 'BM_X',
  change: 0.032,
  lo: 0.011,
  hi: 0.054,
  level: 0.99,
  steps: 30,
  gaps: 0,
  since: 'abc1234def5678abc1234def5678abc1234def56',
  until: sha(59),
  ...over
})

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('main drift', () => {
  it('keeps the benchmarks whose creep is reported, as analyseHistory reports it', () => {
    const drift = mainDrift(history)
    expect(drift).toMatchObject({ window: 30, records: 60 })
    expect(drift.drifted.map((d) => d.name)).toEqual(['BM_OrderBook/map/20000'])
    const creep = analyseHistory(history).series.find((s) => s.name === 'BM_OrderBook/map/20000')!.creep!
    const [d] = drift.drifted
    expect(d).toEqual({
      name: 'BM_OrderBook/map/20000',
      change: creep.change,
      lo: creep.lo,
      hi: creep.hi,
      level: creep.level,
      steps: 30,
      gaps: 0,
      since: sha(29),
      until: sha(59)
    })
    expect(d.lo).toBeLessThan(1.003 ** 30 - 1) // the truth, +9.4%, inside the interval
    expect(d.hi).toBeGreaterThan(1.003 ** 30 - 1)
    // A window of 20 sees two thirds of the creep; none at all before it started.
    expect(mainDrift(history, { window: 20 }).drifted[0].steps).toBe(20)
    expect(mainDrift(history.slice(0, 30)).drifted).toEqual([])
  })

  it('says it in words, with the interval, the window and where it starts', () => {
    expect(driftNote(note())).toBe(
      'main drifted +3.2% [+1.1%, +5.4%] (99% CI) over its last 30 recorded commits, since <code>abc1234</code>'
    )
    expect(driftNote(note({ change: -0.05, lo: -0.08, hi: -0.021, steps: 12, gaps: 2 }))).toBe(
      'main drifted −5.0% [−8.0%, −2.1%] (99% CI) over its last 12 recorded commits, since <code>abc1234</code> (2 pushes not recorded)'
    )
    // A store is data: a `since` that is not a SHA is left out, not rendered.
    expect(driftNote(note({ since: '<img src=x onerror=alert(1)>' }))).not.toMatch(/<img|since/)
  })

  it('puts a footnote on the rows whose baseline drifted, changed or quiet, and on no other', () => {
    const report: Report = {
      ...base,
      history: {
        window: 30,
        records: 60,
        drifted: [
          note({ name: 'BM_OrderBook/map/20000' }), // a changed row (names are escaped in the table)
          note({ name: 'BM_OrderBook/array/20000', change: -0.03, lo: -0.05, hi: -0.021 }), // a quiet row
          note({ name: 'BM_NotInThisRun' })
        ]
      }
    }
    const md = renderMarkdown(report)
    const row = (tail: string) => md.split('\n').find((l) => l.startsWith('| ') && l.includes(tail))!
    const footnote = (text: string) => {
      const line = md.split('\n').find((l) => l.endsWith(text))
      return line ? line.split(' ')[0] : null // its superscript number
    }
    const up = footnote(driftNote(report.history!.drifted[0]))
    const down = footnote(driftNote(report.history!.drifted[1]))
    expect(up).not.toBeNull()
    expect(down).not.toBeNull()
    expect(row('OrderBook/map/20000')).toContain(up!)
    expect(row('OrderBook/array/20000')).toContain(down!)
    expect(md.match(/main drifted/g)).toHaveLength(2)
    expect(renderMarkdown(base)).not.toContain('main drifted')
  })

  it('stays inside the comment size cap when every one of 1,000 rows drifted', () => {
    const one = base.suite.comparisons
    const comparisons = Array.from({ length: 1000 }, (_, i) => ({
      ...one[i % one.length],
      benchmark: `BM_Many/${i}`
    }))
    const report: Report = {
      ...base,
      suite: { ...base.suite, comparisons },
      history: {
        window: 30,
        records: 60,
        drifted: comparisons.map((c, i) => note({ name: c.benchmark, change: 0.02 + i * 1e-5 }))
      }
    }
    const md = renderMarkdown(report)
    expect(md.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(md).toContain('main drifted')
    expect(md).toContain("Shortened to fit GitHub's limit")
  })

  it('compare --history-store footnotes the drifted rows; an unreadable store is said and skipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-drift-cli-'))
    dirs.push(dir)
    const store = new FolderStore(join(dir, 'history'))
    for (const r of history) await store.add(r)
    // Six runs a side of two of the history's benchmarks, unchanged between base and head.
    let seed = 7
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.01
    for (const side of ['base', 'head']) {
      mkdirSync(join(dir, side))
      for (let r = 0; r < 6; r++)
        writeFileSync(
          join(dir, side, `${side}-r00${r}.csv`),
          `benchmark,nanoseconds\nBM_OrderBook/map/20000,${1000 * (1 + noise())}\nBM_Parse/json/4096,${500 * (1 + noise())}\n`
        )
    }
    const err: string[] = []
    const io = {
      stdout: () => undefined,
      stderr: (t: string) => void err.push(t),
      colour: false,
      isTTY: false
    }
    const out = join(dir, 'out')
    await compareCommand(
      buildConfig({ out, 'history-store': join(dir, 'history') } as never),
      join(dir, 'base'),
      join(dir, 'head'),
      io
    )
    expect(err.join('')).toMatch(/main's history \(.*\): 60 recorded commits, 1 benchmarks drifted/)
    expect(readFileSync(join(out, 'summary.md'), 'utf8').match(/main drifted \+/g)).toHaveLength(1)

    // A record that is not gzip JSON is left out and named on stderr; the report is written without footnotes.
    const broken = join(dir, 'broken', 'commits', '2026-09')
    mkdirSync(broken, { recursive: true })
    writeFileSync(join(broken, '2026-09-01T00-00-00Z-0123456789ab.json.gz'), 'not gzip')
    err.length = 0
    await compareCommand(
      buildConfig({ out, 'history-store': join(dir, 'broken') } as never),
      join(dir, 'base'),
      join(dir, 'head'),
      io
    )
    expect(err.join('')).toMatch(
      /main's history \(.*broken\): 0 recorded commits, 0 benchmarks drifted; left out 1 file or record that cannot be trusted \(.*0123456789ab\.json\.gz: not a gzip-compressed JSON file/
    )
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).not.toContain('main drifted')
  })
})
