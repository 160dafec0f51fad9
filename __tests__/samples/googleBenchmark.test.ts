import { describe, expect, it } from '@jest/globals'

import { SampleFileError } from '../../src/samples/common.js'
import { parseGoogleBenchmarkJson } from '../../src/samples/googleBenchmark.js'
import { groupByBenchmark } from '../../src/samples/index.js'
import type { ParsedSamples } from '../../src/samples/model.js'
import { rawEntries, readFixture } from './helpers.js'

const parse = (path: string, opts: Partial<{ round: number; run: number }> = {}): ParsedSamples =>
  parseGoogleBenchmarkJson(readFixture('gbench', path), { side: 'base', source: path, ...opts })

const counts = (p: ParsedSamples): Record<string, number> =>
  Object.fromEntries([...groupByBenchmark(p.samples)].map(([k, v]) => [k, v.length]))

const NAMED_NAN = 'BM_Parse<NaN>/Infinity/-Infinity:inf,nan'

describe('Google Benchmark 1.7.1 (real output)', () => {
  const p = parse('v1.7.1/fixture-r3.json', { round: 4, run: 2 })

  it('keeps the 30 good iteration entries, 3 per benchmark, and ignores the 40 aggregates', () => {
    // 73 entries: 33 iteration (11 run_names x 3) + 40 aggregates (10 benchmarks x mean/median/stddev/cv).
    expect(rawEntries('gbench', 'v1.7.1/fixture-r3.json')).toHaveLength(73)
    expect(p.format).toBe('google-benchmark-json')
    expect(p.samples).toHaveLength(30)
    expect(counts(p)).toEqual({
      BM_Plain: 3,
      BM_Milli: 3,
      BM_Micro: 3,
      'BM_Threads/threads:2': 3,
      'BM_VectorSum/8': 3,
      'BM_VectorSum/64': 3,
      'BM_Range2/4/16': 3,
      'BM_T<int>': 3,
      BM_Counters: 3,
      [NAMED_NAN]: 3
    })
    expect(p.samples.some((s) => /_(mean|median|stddev|cv)$/.test(s.benchmark))).toBe(false)
  })

  it('records each SkipWithError repetition as an error issue with its message', () => {
    expect(p.issues).toHaveLength(3)
    for (const [rep, issue] of p.issues.entries()) {
      expect(issue).toMatchObject({ benchmark: 'BM_Error', kind: 'error', side: 'base', round: 4, run: 2 })
      expect(issue.message).toContain('fixture: input file missing')
      expect(issue.message).toContain(`repetition ${rep}`)
      expect(issue.source).toBe('v1.7.1/fixture-r3.json')
    }
  })

  it('converts ms and us to nanoseconds per iteration', () => {
    const raw = rawEntries('gbench', 'v1.7.1/fixture-r3.json').filter((e) => e.run_type === 'iteration')
    for (const [name, scale] of [
      ['BM_Milli', 1e6],
      ['BM_Micro', 1e3],
      ['BM_Plain', 1]
    ] as const) {
      const rawTimes = raw.filter((e) => e.run_name === name)
      const got = p.samples.filter((s) => s.benchmark === name)
      expect(got.map((s) => s.realTimeNs)).toEqual(rawTimes.map((e) => (e.real_time as number) * scale))
      expect(got.map((s) => s.cpuTimeNs)).toEqual(rawTimes.map((e) => (e.cpu_time as number) * scale))
      expect(got.map((s) => s.iterations)).toEqual(rawTimes.map((e) => e.iterations))
    }
    expect(raw.find((e) => e.run_name === 'BM_Milli')?.time_unit).toBe('ms')
  })

  it('keeps repetition, threads, round and run', () => {
    const threads = p.samples.filter((s) => s.benchmark === 'BM_Threads/threads:2')
    expect(threads.map((s) => s.repetition)).toEqual([0, 1, 2])
    expect(threads.every((s) => s.threads === 2 && s.round === 4 && s.run === 2 && s.side === 'base')).toBe(
      true
    )
  })

  it('reads NaN/Infinity counters and keeps a benchmark named with those tokens intact', () => {
    expect(p.samples.filter((s) => s.benchmark === NAMED_NAN)).toHaveLength(3)
    expect(p.samples.filter((s) => s.benchmark === 'BM_Counters')).toHaveLength(3)
  })

  it('maps the context to provenance (1.7.1 has no library_version)', () => {
    expect(p.provenance).toMatchObject({ host: 'vm', numCpus: 2, mhzPerCpu: 2596, cpuScalingEnabled: false })
    expect(p.provenance.libraryBuildType).toBe('debug') // Debian's 1.7.1 package says so
    expect(p.provenance.libraryVersion).toBeUndefined()
    expect(p.provenance.loadAvg).toHaveLength(3)
    expect(p.provenance.date).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('reads a single-repetition file (no aggregates): 10 samples, 1 error', () => {
    const one = parse('v1.7.1/fixture-r1.json')
    expect(one.samples).toHaveLength(10)
    expect(one.samples.every((s) => s.repetition === 0 && s.round === -1 && s.run === 0)).toBe(true)
    expect(one.issues.map((i) => [i.benchmark, i.kind])).toEqual([['BM_Error', 'error']])
  })
})

describe('Google Benchmark 1.9.5 (real output)', () => {
  const p = parse('v1.9.5/fixture-r3.json')

  it('keeps 24 samples over 8 benchmarks, 3 errors, and ignores the 32 aggregates', () => {
    expect(rawEntries('gbench', 'v1.9.5/fixture-r3.json')).toHaveLength(59)
    expect(p.samples).toHaveLength(24)
    expect(counts(p)).toEqual({
      BM_Plain: 3,
      BM_Milli: 3,
      BM_Micro: 3,
      'BM_VectorSum/8': 3,
      'BM_VectorSum/64': 3,
      'BM_T<int>': 3,
      BM_Counters: 3,
      [NAMED_NAN]: 3
    })
    expect(p.issues.map((i) => `${i.benchmark}:${i.kind}`)).toEqual(Array(3).fill('BM_Error:error'))
    expect(p.issues[0].message).toContain('fixture: input file missing')
  })

  it('reads library_version and aslr_enabled from the 1.9 context', () => {
    expect(p.provenance).toMatchObject({
      libraryVersion: '1.9.5',
      libraryBuildType: 'release',
      aslr: 'enabled'
    })
  })

  it('converts ms to ns', () => {
    const raw = rawEntries('gbench', 'v1.9.5/fixture-r3.json').find(
      (e) => e.run_name === 'BM_Milli' && e.run_type === 'iteration'
    )
    expect(raw?.time_unit).toBe('ms')
    expect(p.samples.find((s) => s.benchmark === 'BM_Milli')?.realTimeNs).toBe(
      (raw?.real_time as number) * 1e6
    )
  })
})

describe('Google Benchmark 1.8 shape (crafted)', () => {
  const p = parse('v1.8-crafted/fixture.json')

  it('records skipped (SkipWithMessage) and error entries, converts seconds, ignores aggregates', () => {
    expect(counts(p)).toEqual({ BM_Plain: 2, 'BM_Seconds/threads:2': 1 })
    expect(p.issues.map((i) => [i.benchmark, i.kind])).toEqual([
      ['BM_Skip', 'skipped'],
      ['BM_Error', 'error']
    ])
    expect(p.issues[0].message).toContain('fixture: needs AVX-512')
    const sec = p.samples.find((s) => s.benchmark === 'BM_Seconds/threads:2')
    expect(sec).toMatchObject({ realTimeNs: 0.15e9, cpuTimeNs: 0.29e9, threads: 2, iterations: 10 })
    expect(p.provenance.libraryVersion).toBe('v1.8.3')
  })
})

describe('truncated file (real 1.7.1 output cut mid-entry)', () => {
  it('salvages every complete entry and reports the truncation', () => {
    const p = parse('v1.7.1/truncated.json')
    // Complete before the cut: BM_Plain x3 (+4 aggregates) and BM_Milli repetitions 0 and 1.
    expect(counts(p)).toEqual({ BM_Plain: 3, BM_Milli: 2 })
    expect(p.issues).toHaveLength(1)
    expect(p.issues[0]).toMatchObject({ benchmark: 'BM_Milli', kind: 'truncated' })
    expect(p.issues[0].message).toMatch(/kept 5 complete sample/)
    expect(p.provenance.host).toBe('vm')
  })

  it('reports a file cut inside the context as truncated with no samples', () => {
    const text = readFixture('gbench', 'v1.7.1/fixture-r3.json').slice(0, 200)
    const p = parseGoogleBenchmarkJson(text, { side: 'head', source: 'cut.json' })
    expect(p.samples).toEqual([])
    expect(p.issues.map((i) => i.kind)).toEqual(['truncated'])
  })

  it("keeps the entries of a file whose context lost its closing '}' (the array nests in it; found by fuzzing)", () => {
    const text = readFixture('gbench', 'v1.7.1/fixture-r3.json')
    const whole = parseGoogleBenchmarkJson(text, { side: 'head', source: 'ok.json' })
    const closing = text.indexOf('\n  },', text.indexOf('"context"')) + 3 // the context block's own '}'
    const damaged = text.slice(0, closing) + ' ' + text.slice(closing + 1)
    const p = parseGoogleBenchmarkJson(damaged, { side: 'head', source: 'damaged.json' })
    const view = (r: ParsedSamples) => Array.from(r.samples, (s) => [s.benchmark, s.realTimeNs, s.cpuTimeNs])
    expect(view(p)).toHaveLength(30)
    expect(view(p)).toEqual(view(whole))
    // The same per-entry issues, and the damage said as the file ending early.
    expect(p.issues.map((i) => i.kind)).toEqual([...whole.issues.map((i) => i.kind), 'truncated'])
    expect(p.issues.at(-1)!.message).toMatch(/kept 30 complete sample/)
  })
})

describe('bad values and malformed files', () => {
  const entry = (name: string, fields: string): string =>
    `{"name": "${name}", "run_name": "${name}", "run_type": "iteration", "repetitions": 1, "threads": 1, ` +
    `"iterations": 10, "time_unit": "ns", ${fields}}`
  const file = (...entries: string[]): string => `{"context": {}, "benchmarks": [\n${entries.join(',\n')}\n]}`

  it('drops zero, negative, NaN and infinite times as invalid, keeping every other sample', () => {
    const p = parseGoogleBenchmarkJson(
      file(
        entry('BM_Ok', '"real_time": 5, "cpu_time": 5'),
        entry('BM_Zero', '"real_time": 0, "cpu_time": 5'),
        entry('BM_Neg', '"real_time": 5, "cpu_time": -1'),
        entry('BM_NaN', '"real_time": NaN, "cpu_time": 5'),
        entry('BM_Inf', '"real_time": Infinity, "cpu_time": 5'),
        entry('BM_Ok', '"real_time": 6, "cpu_time": 6')
      ),
      { side: 'head', source: 'x.json' }
    )
    expect(p.samples.map((s) => [s.benchmark, s.repetition, s.realTimeNs])).toEqual([
      ['BM_Ok', 0, 5],
      ['BM_Ok', 1, 6]
    ])
    expect(p.issues.map((i) => [i.benchmark, i.kind])).toEqual([
      ['BM_Zero', 'invalid'],
      ['BM_Neg', 'invalid'],
      ['BM_NaN', 'invalid'],
      ['BM_Inf', 'invalid']
    ])
    expect(p.issues[0].message).toMatch(/x\.json: real_time is 0 ns/)
    expect(p.issues[1].message).toMatch(/cpu_time is -1 ns/)
    expect(p.issues[2].message).toMatch(/real_time is NaN/)
    expect(p.issues[3].message).toMatch(/real_time is Infinity/)
  })

  it('treats a missing run_type and repetition_index as iteration in order of appearance', () => {
    const old =
      '{"benchmarks": [{"name": "BM_Old", "iterations": 1, "real_time": 2, "cpu_time": 2, "time_unit": "us"},' +
      '{"name": "BM_Old", "iterations": 1, "real_time": 3, "cpu_time": 3, "time_unit": "us"}]}'
    const p = parseGoogleBenchmarkJson(old, { side: 'base' })
    expect(p.samples.map((s) => [s.repetition, s.realTimeNs])).toEqual([
      [0, 2000],
      [1, 3000]
    ])
  })

  it('throws a SampleFileError naming file, line and column for a syntax error mid-file', () => {
    const text = readFixture('gbench', 'v1.7.1/fixture-r1.json').replace('"threads": 1,', '"threads": 1;')
    let err: unknown
    try {
      parseGoogleBenchmarkJson(text, { side: 'base', source: 'bad.json' })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(SampleFileError)
    const e = err as SampleFileError
    expect(e.id).toBe('malformed-json')
    expect(e.file).toBe('bad.json')
    const lines = text.split('\n')
    const line = lines.findIndex((l) => l.includes('"threads": 1;')) + 1
    expect([e.line, e.column]).toEqual([line, lines[line - 1].indexOf(';') + 1])
    expect(e.message).toContain(`bad.json:${line}:${e.column}`)
    expect(e.message).toMatch(/--benchmark_out=FILE --benchmark_out_format=json/)
  })

  it('refuses JSON that is not Google Benchmark output, and empty files', () => {
    expect(() => parseGoogleBenchmarkJson('{"foo": 1}', { side: 'base', source: 'f.json' })).toThrow(
      expect.objectContaining({ id: 'not-google-benchmark', file: 'f.json' })
    )
    expect(() => parseGoogleBenchmarkJson('  \n', { side: 'base', source: 'e.json' })).toThrow(
      expect.objectContaining({ id: 'empty' })
    )
  })
})
