import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { main } from '../../src/cli.js'
import { toResultsJson } from '../../src/report/json.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { validateResults } from '../../src/report/readResults.js'
import { captureIo } from '../helpers/io.js'
import { mergeShards } from '../../src/shard/merge.js'
import { SHA, shardResults, suiteSamples, writeShardDir } from './fixture.js'

const inputs = (shards: ReturnType<typeof shardResults>) =>
  shards.map((s, i) => ({ ...s, source: `shard${i + 1}/results.json` }))

describe('mergeShards', () => {
  const samples = suiteSamples(12)

  it('gives the analysis of the whole suite: one family of K = 12, the same numbers as unsharded', () => {
    const shards = shardResults(samples, 3)
    expect(shards.map((s) => s.results.family_size)).toEqual([4, 4, 4])
    const { report } = mergeShards(inputs(shards))
    const whole = analyzeSuite({ samples, provenance: { base: {}, head: { host: 'runner-1' } } })
    expect(report.suite.familySize).toBe(12)
    expect(report.suite.comparisons).toEqual(whole.comparisons)
    expect(report.suite.counts).toEqual(whole.counts)
    expect(report.suite.comparisons.find((c) => c.benchmark === 'BM_Slow_3')?.verdict).toBe('regression')
  })

  it('records where each shard ran, machine time (sum) and wall time (longest)', () => {
    const { report } = mergeShards(inputs(shardResults(samples, 3)))
    const m = report.run.merged!
    expect(m.shards.map((s) => [s.index, s.host, s.benchmarks])).toEqual([
      [1, 'runner-1', 4],
      [2, 'runner-2', 4],
      [3, 'runner-3', 4]
    ])
    expect([m.machineSeconds, m.wallSeconds]).toEqual([20 + 21 + 22, 22])
    expect(Object.keys(m.seconds)).toHaveLength(12)
    expect(report.run.reproduce).toContain('--shard I/3')
    const md = renderMarkdown(report)
    expect(md).toContain('3 shards (1/3 on runner-1: 4 benchmarks, 20 s;')
    expect(md).toContain('machine time 63 s, wall time 22 s in parallel')
  })

  it('does not depend on the order the shards are given in', () => {
    const shards = inputs(shardResults(samples, 3))
    const a = mergeShards(shards).report
    const b = mergeShards([shards[2], shards[0], shards[1]]).report
    expect(JSON.stringify(toResultsJson(b, 'x', new Date(0)))).toBe(
      JSON.stringify(toResultsJson(a, 'x', new Date(0)))
    )
  })

  it('refuses a missing shard, naming it, and with allowMissing reports the gap', () => {
    const shards = inputs(shardResults(samples, 3))
    const two = [shards[0], shards[2]]
    expect(() => mergeShards(two)).toThrow(
      /shard 2\/3 missing: 4 of 12 benchmarks were not measured.*--allow-missing/
    )
    const { report } = mergeShards(two, { allowMissing: true })
    expect(report.run.merged!.missing).toEqual([
      { index: 2, benchmarks: shards[1].results.run.shard!.assigned }
    ])
    expect(report.suite.comparisons).toHaveLength(8)
    expect(report.suite.familySize).toBe(8)
    expect(report.suite.warnings.find((w) => w.code === 'shard-missing')?.message).toMatch(
      /shard 2\/3 is missing .*4 benchmark\(s\) not measured/
    )
    expect(renderMarkdown(report)).toContain('**missing: shard 2/3 (4 benchmarks not measured)**')
  })

  it('refuses shards of different runs, a shard given twice, an edited share, and a plain run', () => {
    const shards = inputs(shardResults(samples, 3))
    const other = structuredClone(shards[1])
    other.results.run.head.sha = 'c'.repeat(40)
    expect(() => mergeShards([shards[0], other, shards[2]])).toThrow(
      /shard2\/results.json does not belong with shard1\/results.json: the head commit differs/
    )
    const options = structuredClone(shards[1])
    options.results.options.alpha = 0.05
    expect(() => mergeShards([shards[0], options, shards[2]])).toThrow(/the analysis options differs/)
    expect(() => mergeShards([shards[0], shards[0], shards[1], shards[2]])).toThrow(/are both shard 1\/3/)
    const edited = structuredClone(shards[1])
    edited.results.run.shard!.assigned = edited.results.run.shard!.assigned.slice(1)
    expect(() => mergeShards([shards[0], edited, shards[2]])).toThrow(/not the ones the hash split gives/)
    const plain = structuredClone(shards[0])
    delete plain.results.run.shard
    expect(() => mergeShards([plain])).toThrow(/not a shard's results \(no run.shard\)/)
  })

  it('merges shards split by weights (the rule and digest must agree)', () => {
    const weights = new Map([...new Set(samples.map((s) => s.benchmark))].map((n, i) => [n, i + 1]))
    const shards = inputs(shardResults(samples, 3, weights))
    expect(mergeShards(shards).report.suite.familySize).toBe(12)
    const mixed = inputs(shardResults(samples, 3))
    expect(() => mergeShards([shards[0], mixed[1], mixed[2]])).toThrow(/the split rule differs/)
  })

  it('merged results pass the untrusted-input validation, and bad shard fields are refused', () => {
    const { report } = mergeShards(inputs(shardResults(samples, 3)))
    const text = JSON.stringify(toResultsJson(report, 'x'))
    expect(validateResults(text, 'merged.json').run.merged?.count).toBe(3)
    const bad = JSON.parse(JSON.stringify(shardResults(samples, 3)[0].results))
    bad.run.shard.index = 4
    expect(() => validateResults(JSON.stringify(bad), 'x.json')).toThrow(
      /\$\.run\.shard\.index: expected 1 to count/
    )
    bad.run.shard.index = 1
    bad.run.shard.assigned = [{}]
    expect(() => validateResults(JSON.stringify(bad), 'x.json')).toThrow(/\$\.run\.shard\.assigned\[0\]/)
  })
})

describe('benchgate merge (files)', () => {
  const io = captureIo

  it('reads shard folders, gates like run, and is a pure function of the files (byte-identical results.json but the time)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'benchgate-merge-'))
    try {
      shardResults(suiteSamples(12), 3).forEach((s, i) =>
        writeShardDir(join(root, 'artifacts', `shard-${i + 1}`), s)
      )
      const runMerge = async (out: string, ...args: string[]) => {
        const o = io()
        const code = await main(['merge', ...args, '--out', join(root, out), '--format', 'md'], o)
        return { code, o, text: readFileSync(join(root, out, 'results.json'), 'utf8') }
      }
      const a = await runMerge('m1', join(root, 'artifacts'))
      expect(a.code).toBe(1) // BM_Slow_3 regressed
      expect(a.o.out).toContain('1 regression')
      const b = await runMerge(
        'm2',
        join(root, 'artifacts', 'shard-3'),
        join(root, 'artifacts', 'shard-1', 'results.json'),
        join(root, 'artifacts', 'shard-2')
      )
      const strip = (t: string) => t.replace(/"generated_at": "[^"]*"/, '')
      expect(strip(b.text)).toBe(strip(a.text))
      expect(JSON.parse(a.text).family_size).toBe(12)
      expect(readFileSync(join(root, 'm1', 'report.html'), 'utf8')).toContain('BM_Slow_3')

      rmSync(join(root, 'artifacts', 'shard-2'), { recursive: true })
      const o = io()
      expect(await main(['merge', join(root, 'artifacts'), '--out', join(root, 'm3')], o)).toBe(2)
      expect(o.err).toMatch(/shard 2\/3 missing/)
      const allowed = await runMerge('m4', join(root, 'artifacts'), '--allow-missing')
      expect(JSON.parse(allowed.text).run.merged.missing[0].index).toBe(2)
      expect(JSON.parse(allowed.text).run.base.sha).toBe(SHA.base)

      // A shard whose base did not build has nothing to compare: exit 3 with its reason.
      const failed = shardResults(suiteSamples(12), 3)[0]
      failed.results.warnings.push({
        level: 'warning',
        code: 'no-baseline',
        message: 'the base build failed'
      })
      writeShardDir(join(root, 'nobase'), failed)
      const nb = io()
      expect(await main(['merge', join(root, 'nobase'), '--out', join(root, 'm5')], nb)).toBe(3)
      expect(nb.err).toMatch(/this shard has no baseline, nothing to merge: the base build failed/)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
