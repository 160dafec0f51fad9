import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import {
  SampleFileError,
  detectFormat,
  groupByBenchmark,
  parseSamplesText,
  readSampleDir,
  readSampleFile,
  type Sample
} from '../../src/samples/index.js'
import { fixture, readFixture } from './helpers.js'

describe('format detection', () => {
  it('detects by content: JSONL context line, JSON object, else CSV', () => {
    expect(detectFormat(readFixture('jsonl', 'complete.jsonl'))).toBe('benchgate-jsonl')
    expect(detectFormat(readFixture('gbench', 'v1.9.5', 'fixture-r1.json'))).toBe('google-benchmark-json')
    expect(detectFormat('\uFEFF  \n{"benchmarks": []}')).toBe('google-benchmark-json')
    expect(detectFormat(readFixture('csv', 'jaybeams-style.csv'))).toBe('csv')
    expect(detectFormat('BM_A,1\n')).toBe('csv')
    expect(() => detectFormat(' \n', 'e.json')).toThrow(
      expect.objectContaining({ id: 'empty', file: 'e.json' })
    )
  })

  it('parseSamplesText dispatches to the right parser', () => {
    expect(parseSamplesText('BM_A,1\n', { side: 'base' }).format).toBe('csv')
    expect(parseSamplesText(readFixture('jsonl', 'complete.jsonl'), { side: 'base' }).samples).toHaveLength(5)
    expect(
      parseSamplesText(readFixture('gbench', 'v1.7.1', 'fixture-r1.json'), { side: 'base' }).samples
    ).toHaveLength(10)
  })
})

describe('readSampleFile', () => {
  it('reads a file and names it in issues', () => {
    const path = fixture('gbench', 'v1.7.1', 'fixture-r3.json')
    const p = readSampleFile(path, { side: 'head', round: 1, run: 0 })
    expect(p.samples).toHaveLength(30)
    expect(p.issues[0].source).toBe(path)
  })

  it('throws an unreadable SampleFileError for a missing file', () => {
    expect(() => readSampleFile('/nonexistent/x.json', { side: 'base' })).toThrow(
      expect.objectContaining({
        id: 'unreadable',
        file: '/nonexistent/x.json',
        message: expect.stringMatching(/no such file/)
      })
    )
  })
})

describe('readSampleDir', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'benchgate-samples-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads one file as run 0, round -1', () => {
    const set = readSampleDir(fixture('gbench', 'v1.9.5', 'fixture-r1.json'), 'base')
    expect(set.provenance.libraryVersion).toBe('1.9.5')
    expect(set.runs).toHaveLength(1)
    expect(set.runs[0]).toMatchObject({
      round: -1,
      run: 0,
      format: 'google-benchmark-json',
      samples: 8,
      issues: 1
    })
    expect(set.samples).toHaveLength(8)
  })

  it('reads a folder of symlinks to sample files as those files; a dangling link is ignored (issue 27)', () => {
    const real = join(dir, 'real-files')
    const links = join(dir, 'links')
    mkdirSync(real)
    mkdirSync(links)
    writeFileSync(join(real, 'a.csv'), 'BM_A,1\n')
    writeFileSync(join(real, 'b.csv'), 'BM_A,2\n')
    symlinkSync(join(real, 'a.csv'), join(links, 'run-1.csv'))
    symlinkSync(join(real, 'b.csv'), join(links, 'run-2.csv'))
    symlinkSync(join(real, 'gone.csv'), join(links, 'run-3.csv'))
    const set = readSampleDir(links, 'base')
    expect(set.runs.map((r) => r.file.slice(links.length + 1))).toEqual(['run-1.csv', 'run-2.csv'])
    expect(set.samples.toArray().map((x) => x.realTimeNs)).toEqual([1, 2])
  })

  it('numbers the files of a folder in natural order, ignoring other files', () => {
    const d = join(dir, 'plain')
    mkdirSync(d)
    writeFileSync(join(d, 'run-10.csv'), 'BM_A,10\n')
    writeFileSync(join(d, 'run-2.csv'), 'BM_A,2\n')
    writeFileSync(join(d, 'run-1.csv'), 'BM_A,1\nBM_A,1.5\n')
    writeFileSync(join(d, 'README.md'), '# not samples\n')
    writeFileSync(join(d, '.hidden.csv'), 'BM_A,999\n')
    const set = readSampleDir(d, 'head')
    expect(set.runs.map((r) => [r.file.slice(d.length + 1), r.run, r.round])).toEqual([
      ['run-1.csv', 0, -1],
      ['run-2.csv', 1, -1],
      ['run-10.csv', 2, -1]
    ])
    expect(set.samples.toArray().map((s) => [s.run, s.repetition, s.realTimeNs])).toEqual([
      [0, 0, 1],
      [0, 1, 1.5],
      [1, 0, 2],
      [2, 0, 10]
    ])
  })

  it("takes the round from benchgate's own file names and only the requested side", () => {
    const d = join(dir, 'own')
    mkdirSync(d)
    copyFileSync(fixture('gbench', 'v1.7.1', 'fixture-r1.json'), join(d, 'base-r001.json'))
    copyFileSync(fixture('gbench', 'v1.9.5', 'fixture-r1.json'), join(d, 'head-r000.json'))
    copyFileSync(fixture('jsonl', 'complete.jsonl'), join(d, 'base-r000.jsonl'))
    copyFileSync(fixture('jsonl', 'complete.jsonl'), join(d, 'head-r001.jsonl'))
    writeFileSync(join(d, 'other.csv'), 'BM_A,1\n') // ignored: the folder holds benchgate's own files
    const base = readSampleDir(d, 'base')
    expect(base.runs.map((r) => [r.file.slice(d.length + 1), r.round, r.run, r.format])).toEqual([
      ['base-r000.jsonl', 0, 0, 'benchgate-jsonl'],
      ['base-r001.json', 1, 1, 'google-benchmark-json']
    ])
    expect(base.samples).toHaveLength(5 + 10)
    expect(base.samples.toArray().every((s) => s.side === 'base')).toBe(true)
    expect(base.provenance.host).toBe('runner-7') // the first file's (base-r000.jsonl)
    const head = readSampleDir(d, 'head')
    expect(head.runs.map((r) => r.round)).toEqual([0, 1])
    const single = readSampleDir(join(d, 'head-r001.jsonl'), 'head')
    expect(single.runs[0]).toMatchObject({ round: 1, run: 0 })
  })

  it('keeps the good files when one cannot be read, and throws when none can', () => {
    const d = join(dir, 'mixed')
    mkdirSync(d)
    writeFileSync(join(d, 'a.json'), '{"benchmarks": [ oops ]}')
    copyFileSync(fixture('gbench', 'v1.7.1', 'truncated.json'), join(d, 'b.json'))
    const set = readSampleDir(d, 'base')
    expect(set.samples).toHaveLength(5)
    expect(set.issues.map((i) => [i.kind, i.run])).toEqual([
      ['invalid', 0],
      ['truncated', 1]
    ])
    expect(set.issues[0].message).toMatch(/a\.json:1:18: not valid Google Benchmark JSON/)

    const bad = join(dir, 'bad')
    mkdirSync(bad)
    writeFileSync(join(bad, 'a.json'), '{"benchmarks": [ oops ]}')
    expect(() => readSampleDir(bad, 'base')).toThrow(SampleFileError)
  })

  it('throws for an empty folder and a missing path', () => {
    const d = join(dir, 'empty')
    mkdirSync(d)
    expect(() => readSampleDir(d, 'base')).toThrow(expect.objectContaining({ id: 'no-sample-files' }))
    expect(() => readSampleDir(join(dir, 'missing'), 'base')).toThrow(
      expect.objectContaining({ id: 'unreadable' })
    )
  })
})

describe('groupByBenchmark', () => {
  it('groups by name in time order: round, run, repetition', () => {
    const s = (benchmark: string, round: number, run: number, repetition: number): Sample => ({
      benchmark,
      side: 'base',
      round,
      run,
      repetition,
      iterations: 1,
      realTimeNs: 1,
      cpuTimeNs: 1,
      threads: 1
    })
    const groups = groupByBenchmark([
      s('B', 2, 1, 0),
      s('A', 1, 0, 1),
      s('A', 0, 1, 1),
      s('A', 0, 1, 0),
      s('B', 0, 0, 0)
    ])
    expect([...groups.keys()]).toEqual(['B', 'A'])
    expect(groups.get('A')?.map((x) => [x.round, x.repetition])).toEqual([
      [0, 0],
      [0, 1],
      [1, 1]
    ])
    expect(groups.get('B')?.map((x) => x.round)).toEqual([0, 2])
  })
})
