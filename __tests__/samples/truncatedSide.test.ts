/**
 * A benchmark missing from a side because that side's output was cut short is `failed`
 * ("missing on base (output truncated)"), not `new`/`removed`, and the gate fails on it — through
 * `benchgate compare` on a real Google Benchmark 1.7.1 file cut mid-entry.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { analyzeSuite } from '../../src/analysis/suite.js'
import { compareCommand } from '../../src/commands/compare.js'
import type { Io } from '../../src/commands/io.js'
import { buildConfig } from '../../src/config/index.js'
import { readSampleDir } from '../../src/samples/index.js'
import type { Sample, SampleIssue } from '../../src/samples/model.js'
import { sidesCutShort } from '../../src/samples/truncation.js'
import { fixture } from './helpers.js'

const out = mkdtempSync(join(tmpdir(), 'benchgate-truncated-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

const sample = (side: 'base' | 'head', run: number, benchmark = 'BM_A'): Sample => ({
  benchmark,
  side,
  round: run,
  run,
  repetition: 0,
  iterations: 1,
  realTimeNs: 10,
  cpuTimeNs: 10,
  threads: 1
})
const cut = (side: 'base' | 'head', run: number, kind: SampleIssue['kind'] = 'truncated'): SampleIssue => ({
  benchmark: '*',
  side,
  round: run,
  run,
  kind,
  message: 'cut',
  source: `${side}-${run}.json`
})

describe('sidesCutShort', () => {
  it('lists a side only when every one of its runs ended cut short', () => {
    expect(sidesCutShort([sample('base', 0)], [cut('base', 0)])).toEqual({ base: cut('base', 0) })
    // One complete base run: a benchmark absent from it is really absent.
    expect(sidesCutShort([sample('base', 0), sample('base', 1)], [cut('base', 0)])).toEqual({})
    // A crashed process counts like a cut file; a run with nothing but the crash counts too.
    expect(sidesCutShort([], [cut('head', 0, 'crashed')])).toEqual({ head: cut('head', 0, 'crashed') })
    expect(sidesCutShort([sample('head', 0)], [{ ...cut('head', 0), kind: 'error' }])).toEqual({})
  })
})

describe('a side cut short', () => {
  it('analysis: missing on the cut side is failed with the reason, not new/removed', () => {
    const samples = [sample('base', 0), sample('head', 0), sample('head', 0, 'BM_Later')]
    for (let i = 1; i < 6; i++)
      samples.push({ ...sample('base', 0), repetition: i }, { ...sample('head', 0), repetition: i })
    const suite = analyzeSuite({ samples, issues: [cut('base', 0)] })
    const later = suite.comparisons.find((c) => c.benchmark === 'BM_Later')!
    expect(later.verdict).toBe('failed')
    expect(later.warnings[0].message).toMatch(/^missing on base \(output truncated\)/)
    expect(suite.comparisons.map((c) => c.benchmark)).toEqual(['BM_A', 'BM_Later']) // no '*' row
    // The same suite with a complete base run: BM_Later is really new.
    expect(
      analyzeSuite({ samples, issues: [] }).comparisons.find((c) => c.benchmark === 'BM_Later')!.verdict
    ).toBe('new')
  })

  it("analysis with the binaries' lists: lost is what the cut side listed, even if no side measured it", () => {
    const samples = [
      sample('base', 0),
      sample('head', 0),
      sample('head', 0, 'BM_Later'),
      sample('head', 0, 'BM_New')
    ]
    for (let i = 1; i < 6; i++)
      samples.push({ ...sample('base', 0), repetition: i }, { ...sample('head', 0), repetition: i })
    const listed = { base: ['BM_A', 'BM_Later', 'BM_Gone'], head: ['BM_A', 'BM_Later', 'BM_New', 'BM_Gone'] }
    const suite = analyzeSuite({ samples, issues: [cut('base', 0), cut('head', 0, 'crashed')], listed })
    const verdicts = Object.fromEntries(suite.comparisons.map((c) => [c.benchmark, c.verdict]))
    // BM_New is not in the base binary's list: really new, not lost. BM_Gone was listed by both and
    // measured by neither (both sides cut before it): failed on both sides, not silently absent.
    expect(verdicts).toEqual({
      BM_A: expect.any(String),
      BM_Later: 'failed',
      BM_New: 'new',
      BM_Gone: 'failed'
    })
    const gone = suite.comparisons.find((c) => c.benchmark === 'BM_Gone')!
    expect(gone.warnings.map((w) => [w.side, w.code])).toEqual([
      ['base', 'missing-output-truncated'],
      ['head', 'missing-output-truncated']
    ])
    // Lists of complete sides change nothing: a listed benchmark without samples is not invented.
    const complete = analyzeSuite({ samples, issues: [], listed })
    expect(complete.comparisons.map((c) => c.benchmark)).toEqual(['BM_A', 'BM_Later', 'BM_New'])
  })

  it('compare: a real 1.7.1 file cut mid-entry as base; the benchmarks after the cut fail the gate', async () => {
    const base = fixture('gbench', 'v1.7.1', 'truncated.json')
    const head = fixture('gbench', 'v1.7.1', 'fixture-r3.json')
    const err: string[] = []
    const io: Io = { stdout: () => undefined, stderr: (t) => void err.push(t), colour: false, isTTY: false }
    const config = buildConfig({ out, format: 'json' } as never)
    const code = await compareCommand(config, base, head, io)
    const headSet = readSampleDir(head, 'head')
    const baseSet = readSampleDir(base, 'base')
    const lost = [...new Set(headSet.samples.toArray().map((s) => s.benchmark))].filter(
      (b) => !baseSet.samples.toArray().some((s) => s.benchmark === b)
    )
    expect(lost.length).toBeGreaterThanOrEqual(5)
    const { readFileSync } = await import('node:fs')
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
      benchmarks: Array<{ name: string; verdict: string; warnings: Array<{ message: string }> }>
      counts: Record<string, number>
    }
    for (const name of lost) {
      const b = results.benchmarks.find((x) => x.name === name)!
      expect([name, b.verdict]).toEqual([name, 'failed'])
      expect(b.warnings[0].message).toMatch(/^missing on base \(output truncated\)/)
    }
    expect(results.counts.new).toBe(0)
    expect(results.benchmarks.some((b) => b.name === '*' || b.name === '')).toBe(false)
    expect(code).toBe(1)
    expect(err.join('')).toMatch(
      new RegExp(`benchgate: fail: .*${lost.length + 1} benchmarks failed|${lost.length} benchmarks failed`)
    )
  })
})
