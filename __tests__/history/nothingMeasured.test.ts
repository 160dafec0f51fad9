/**
 * A commit that measured nothing (base and head built the same program: `run` says "nothing to
 * measure"), recorded in the middle of a history through the CLI: no environment, no point, no break
 * in any series, the paired chain carries over it; `history report` finds no environment change, no
 * creep and no gap, and history.html draws each line on over it.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { main } from '../../src/cli.js'
import { FolderStore } from '../../src/history/store.js'
import type { HistoryWire } from '../../src/history/html/wire.js'
import { IDENTICAL_PROGRAM } from '../../src/report/wording.js'
import { captureIo } from '../helpers/io.js'
import { tempDirs } from '../helpers/tempDirs.js'
import { flat, measuredHistory, resultsText, sha } from './synthetic.js'

const { temp } = tempDirs('bg-hist-nothing-')
const DOCS = 30

/** results.json of a run whose base and head built the same program (src/pipeline.ts identicalReport). */
function identicalResults(): string {
  const suite = analyzeSuite({ samples: [] })
  suite.warnings.push({
    level: 'info',
    code: IDENTICAL_PROGRAM,
    message: 'base and head built the same program: nothing to measure'
  })
  return resultsText(suite)
}

describe('a commit that measured nothing', () => {
  it('leaves no environment change, creep or gap, and the page draws on over it', async () => {
    const dir = temp()
    const store = new FolderStore(join(dir, 'h'))
    const records = measuredHistory({
      commits: 60,
      runs: 8,
      sd: 0.01,
      seed: 5,
      series: [flat('BM_A'), flat('BM_B', 1), flat('BM_C', 2)]
    })
    // Commit 30 changed the docs only; commit 31 was measured against it.
    for (const r of records.filter((_, i) => i !== DOCS))
      await store.add({ ...r, fingerprint: { numCpus: 4, mhzPerCpu: 2445 } })
    const file = join(dir, 'identical.json')
    writeFileSync(file, identicalResults())
    const io = captureIo()
    const args = ['--commit', sha(DOCS), '--parent', sha(DOCS - 1), '--date', records[DOCS].date]
    expect(await main(['history', 'record', file, '--store', join(dir, 'h'), ...args], io)).toBe(0)
    expect(io.err).toMatch(/recorded [0-9a-f]{12} \(nothing measured: base and head built the same program\)/)
    const [docs] = (await store.readAll()).filter((r) => r.commit === sha(DOCS))
    expect(docs).toMatchObject({ nothing_measured: true, fingerprint: {}, benchmarks: [] })

    const report = captureIo()
    expect(
      await main(['history', 'report', '--store', join(dir, 'h'), '--out', join(dir, 'out')], report)
    ).toBe(0)
    const changes = JSON.parse(readFileSync(join(dir, 'out', 'changes.json'), 'utf8'))
    expect(changes).toMatchObject({ commits: 60, nothing_measured: 1, environment_changes: [] })
    for (const s of changes.series) {
      expect(s).toMatchObject({ points: 59, segments: 1, change_points: [] })
      expect(s.creep).toMatchObject({ steps: 30, gaps: 0, reported: false, unexplained: false })
    }
    const summary = readFileSync(join(dir, 'out', 'summary.md'), 'utf8')
    expect(summary).toContain('No environment change.')
    expect(summary).toContain('No change point and no creep.')
    expect(summary).toMatch(/1 commit built the same program as its parent: nothing measured, stepped over/)
    const html = readFileSync(join(dir, 'out', 'history.html'), 'utf8')
    const wire = JSON.parse(
      /<script type="application\/json" id="history-data">([^]*?)<\/script>/.exec(html)![1]
    ) as HistoryWire
    expect(wire.c).not.toContain(sha(DOCS))
    for (const s of wire.s) expect(s.x).toEqual([0, 59]) // one run of points: the line goes on over the docs commit
  })
})
