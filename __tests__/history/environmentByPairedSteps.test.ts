/**
 * Code or environment, decided by the paired steps (docs/statistics.md §11): a backfilled history of
 * `benchgate compare` on Google Benchmark JSON (no CPU model) whose machine changed at commit 45: every
 * series 10% slower from there, on both sides of that commit's job, so its paired steps did not move.
 * With the machine's context in the JSON (MHz, caches) the fingerprint shows it; without it the paired
 * steps do. Either way: an environment change at 44 → 45 and no code change at it.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { readSampleDir } from '../../src/samples/index.js'
import { DEFAULT_CONFIG } from '../../src/config/index.js'
import { analyseHistory } from '../../src/history/changes.js'
import { buildRecord, type CommitRecord } from '../../src/history/record.js'
import { renderSummary } from '../../src/history/summary.js'
import { validateResults } from '../../src/report/readResults.js'
import { SampleStore } from '../../src/samples/store.js'
import { resultsText, sha } from './synthetic.js'
import { gbenchIteration } from '../helpers/gbenchJson.js'

const COMMITS = 55
const MOVE = 45
const dir = mkdtempSync(join(tmpdir(), 'benchgate-envsteps-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let state = 11
const uniform = () => (state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32
const noise = () =>
  Math.exp(0.01 * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform()))

const machine = (moved: boolean, contextShows: boolean) => ({
  host_name: moved ? 'runner-b' : 'runner-a',
  num_cpus: 4,
  mhz_per_cpu: moved && contextShows ? 3100 : 2445,
  caches:
    moved && contextShows
      ? [{ type: 'Unified', level: 2, size: 2097152, num_sharing: 2 }]
      : [{ type: 'Unified', level: 2, size: 524288, num_sharing: 2 }],
  library_version: 'v1.9.5',
  json_schema_version: 1
})

/** Five runs a side of three benchmarks, Google Benchmark JSON; the job of commit i ran on one machine. */
function writeSides(at: string, i: number, contextShows: boolean): void {
  const moved = i >= MOVE
  for (const side of ['base', 'head']) {
    mkdirSync(join(at, side), { recursive: true })
    for (let r = 0; r < 5; r++) {
      const benchmarks = [1, 2, 3].map((b) => {
        return gbenchIteration(`BM_${b}`, 1000 * b * (moved ? 1.1 : 1) * noise())
      })
      writeFileSync(
        join(at, side, `run-${r}.json`),
        JSON.stringify({ context: machine(moved, contextShows), benchmarks })
      )
    }
  }
}

/** What `benchgate compare BASE HEAD` writes as results.json (src/commands/compare.ts), without its other reports. */
function compare(at: string): string {
  const samples = new SampleStore()
  const base = readSampleDir(join(at, 'base'), 'base', samples)
  const head = readSampleDir(join(at, 'head'), 'head', samples)
  const suite = analyzeSuite(
    { samples, issues: [], provenance: { base: base.provenance, head: head.provenance } },
    { ...DEFAULT_CONFIG.analysis, interleave: 'suite' }
  )
  return resultsText(suite)
}

/** The backfilled history: compare per commit, then `history record`'s buildRecord with --commit --parent --date. */
function backfill(contextShows: boolean): CommitRecord[] {
  const records: CommitRecord[] = []
  for (let i = 0; i < COMMITS; i++) {
    const at = join(dir, `${contextShows}-${i}`)
    writeSides(at, i, contextShows)
    const meta = { commit: sha(i), parent: sha(i - 1), date: new Date(Date.UTC(2026, 9, 1, i)).toISOString() }
    records.push(buildRecord(validateResults(compare(at), 'results.json'), meta, 'results.json'))
  }
  return records
}

describe('an environment change the fingerprint may not show', () => {
  it('with the machine context in the JSON: the fingerprint changes at 45 (MHz, caches), no change point', () => {
    const records = backfill(true)
    expect(records[0].fingerprint).toMatchObject({
      numCpus: 4,
      mhzPerCpu: 2445,
      caches: 'L2 Unified 512 KiB ×2'
    })
    const changes = analyseHistory(records)
    expect(changes.environment_changes).toHaveLength(1)
    expect(changes.environment_changes[0]).toMatchObject({ by: 'fingerprint', to: { commit: sha(MOVE) } })
    expect(Object.keys(changes.environment_changes[0].fields).sort()).toEqual(['caches', 'mhzPerCpu'])
    for (const s of changes.series) expect(s.change_points).toEqual([])
  }, 60_000)

  it('with the same context: the paired steps name it, every series moved and no code change at 45', () => {
    const records = backfill(false)
    const changes = analyseHistory(records)
    expect(changes.environment_changes).toEqual([
      expect.objectContaining({
        by: 'paired steps',
        from: expect.objectContaining({ commit: sha(MOVE - 1) }),
        to: expect.objectContaining({ commit: sha(MOVE) }),
        series: 3,
        fields: {}
      })
    ])
    expect(changes.environment_changes[0].change).toBeGreaterThan(0.08)
    for (const s of changes.series) {
      expect(s.change_points).toHaveLength(1)
      expect(s.change_points[0]).toMatchObject({ cause: 'environment', to: { commit: sha(MOVE) } })
      expect(Math.abs(s.change_points[0].paired!.change)).toBeLessThan(0.02)
    }
    const summary = renderSummary(changes)
    expect(summary).toMatch(
      /3 series moved \(median \+\d+\.\d%\) where their paired steps did not: not explained by the code/
    )
    expect(summary).not.toMatch(/change point/)
  }, 60_000)
})
