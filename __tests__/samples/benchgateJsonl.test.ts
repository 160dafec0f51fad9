import { describe, expect, it } from '@jest/globals'

import { parseBenchgateJsonl } from '../../src/samples/benchgateJsonl.js'
import { SampleFileError } from '../../src/samples/common.js'
import type { ParsedSamples } from '../../src/samples/model.js'
import { readFixture } from './helpers.js'

const parse = (name: string): ParsedSamples =>
  parseBenchgateJsonl(readFixture('jsonl', name), { side: 'base', round: 3, run: 1, source: name })

describe('bench-runner JSONL, format version 1', () => {
  it('reads a complete file: samples, errors, skips, zero time, NaN counters, unknown fields', () => {
    const p = parse('complete.jsonl')
    expect(p.format).toBe('benchgate-jsonl')
    expect(p.samples.map((s) => [s.benchmark, s.repetition])).toEqual([
      ['BM_OrderBook/8', 0],
      ['BM_OrderBook/8', 1],
      ['BM_OrderBook/8', 2],
      ['BM_Spin<NaN>', 0],
      ['BM_Spin<NaN>', 2]
    ])
    expect(p.samples[0]).toEqual({
      benchmark: 'BM_OrderBook/8',
      side: 'base',
      round: 3,
      run: 1,
      repetition: 0,
      iterations: 1000,
      realTimeNs: 812.5,
      cpuTimeNs: 810.25,
      threads: 1
    })
    expect(p.samples[3].threads).toBe(2)
    expect(p.issues.map((i) => [i.benchmark, i.kind, i.source])).toEqual([
      ['BM_Spin<NaN>', 'invalid', 'complete.jsonl:6'],
      ['BM_Broken', 'error', 'complete.jsonl:9'],
      ['BM_Avx512', 'skipped', 'complete.jsonl:10']
    ])
    expect(p.issues[0].message).toMatch(/repetition 1: real_time_ns is 0/)
    expect(p.issues[1].message).toContain('fixture: input file missing')
    expect(p.issues[2].message).toContain('fixture: needs AVX-512')
  })

  it('maps the context line to provenance', () => {
    const p = parse('complete.jsonl')
    expect(p.provenance).toEqual({
      host: 'runner-7',
      cpuModel: 'AMD EPYC 7763 64-Core Processor',
      numCpus: 4,
      mhzPerCpu: 3243,
      cpuScalingEnabled: false,
      governors: ['performance', 'performance', 'powersave', 'performance'],
      governor: 'powersave', // the pinned CPU's (2)
      turbo: 'disabled',
      aslr: '0',
      loadAvg: [0.12, 0.08, 0.02],
      kernel: 'Linux 6.1.0-18-amd64',
      compiler: 'GCC 12.2.0',
      buildType: 'Release',
      buildFlags: '-O2',
      libraryVersion: '1.7.1',
      libraryBuildType: 'release',
      pinnedCpu: 2,
      priority: 'nice -20',
      date: '2026-11-23T10:00:00Z',
      context: { side: 'base', commit: '1a2b3c4' }
    })
  })

  it('reports a missing totals line as crashed, keeping every sample', () => {
    const p = parse('crashed-no-totals.jsonl')
    expect(p.samples).toHaveLength(3)
    expect(p.issues.map((i) => [i.benchmark, i.kind])).toEqual([['*', 'crashed']])
    expect(p.issues[0].message).toMatch(/kept the 3 sample/)
  })

  it('drops a truncated last line and reports it, keeping every complete line', () => {
    const p = parse('truncated-last-line.jsonl')
    expect(p.samples.map((s) => s.repetition)).toEqual([0, 1])
    expect(p.issues.map((i) => [i.kind, i.source])).toEqual([['truncated', 'truncated-last-line.jsonl:4']])
  })

  it('skips a broken line in the middle as invalid and checks the totals count', () => {
    const p = parse('broken-middle-line.jsonl')
    expect(p.samples.map((s) => `${s.benchmark}#${s.repetition}`)).toEqual([
      'BM_OrderBook/8#0',
      'BM_OrderBook/8#2',
      'BM_Spin<NaN>#0'
    ])
    expect(p.issues.map((i) => [i.kind, i.source])).toEqual([
      ['invalid', 'broken-middle-line.jsonl:3'],
      ['invalid', 'broken-middle-line.jsonl']
    ])
    expect(p.issues[0].message).toMatch(/line 3, column \d+: not valid JSON/)
    expect(p.issues[1].message).toMatch(/totals line says 4 sample line\(s\) but the file holds 3/)
  })

  it('refuses a newer format version with a clear message', () => {
    expect(() => parse('newer-version.jsonl')).toThrow(
      expect.objectContaining({ id: 'unsupported-version', file: 'newer-version.jsonl', line: 1 })
    )
    expect(() => parse('newer-version.jsonl')).toThrow(
      /format version 2 .* reads version 1\. Upgrade benchgate/
    )
  })

  it('refuses files without a readable context line', () => {
    const opts = { side: 'head' as const, source: 'x.jsonl' }
    expect(() => parseBenchgateJsonl('{"type":"sample"}\n', opts)).toThrow(
      expect.objectContaining({ id: 'malformed-jsonl' })
    )
    expect(() => parseBenchgateJsonl('{"type":"context","format":"benchgate-sam', opts)).toThrow(
      SampleFileError
    )
    expect(() => parseBenchgateJsonl('{"type":"context","format":"benchgate-samples"}\n', opts)).toThrow(
      /no valid "version"/
    )
    expect(() => parseBenchgateJsonl('', opts)).toThrow(expect.objectContaining({ id: 'empty' }))
  })

  it('accepts CRLF line endings', () => {
    const text = readFixture('jsonl', 'complete.jsonl').replace(/\n/g, '\r\n')
    const p = parseBenchgateJsonl(text, { side: 'base' })
    expect(p.samples).toHaveLength(5)
    expect(p.issues).toHaveLength(3)
  })
})
