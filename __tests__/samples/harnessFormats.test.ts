/**
 * Catch2 XML (real 2.13.10 output; a v3 golden written from Catch2's documented XML reporter) and
 * nanobench's table and JSON template (goldens written from nanobench's documented output), read
 * through the same content detection `compare` and `run` use.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { detectFormat, parseSamplesText, readSampleFile } from '../../src/samples/index.js'
import { escapeTestSpec, catch2TestSpec } from '../../src/harness/catch2.js'
import { exactNameFilter } from '../../src/samples/nameFilter.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import type { Sample } from '../../src/samples/model.js'

const fixture = (...p: string[]) => join('__tests__', 'fixtures', ...p)
const read = (...p: string[]) => readFileSync(fixture(...p), 'utf8')
const values = (parsed: { samples: { benchmark: string; realTimeNs: number }[] }) =>
  Object.fromEntries(parsed.samples.map((s) => [s.benchmark, s.realTimeNs]))

describe('Catch2 XML', () => {
  it('v2.13.10 (real output): one mean per BENCHMARK, named test case/benchmark', () => {
    const parsed = readSampleFile(fixture('catch2', 'v2.13.10-real.xml'), { side: 'base', round: 3, run: 3 })
    expect(parsed.format).toBe('catch2-xml')
    expect(parsed.provenance.harness).toBe('Catch2')
    expect(values(parsed)).toEqual({
      'Spin/spin 1000': 568.465,
      'Spin/spin 2000': expect.any(Number),
      'Other, with [brackets]/other': expect.any(Number)
    })
    expect(parsed.samples.every((s) => s.round === 3 && s.run === 3 && s.repetition === 0)).toBe(true)
    expect(parsed.issues).toEqual([])
  })

  it('v3 (golden): root Catch2TestRun with its version, sections in the path, entities, a failed benchmark', () => {
    const parsed = parseSamplesText(read('catch2', 'v3-golden.xml'), { side: 'head' })
    expect(parsed.provenance.harness).toBe('Catch2 3.5.2')
    expect(values(parsed)).toEqual({
      'Fibonacci & friends/fib 20': 12693.4,
      'Fibonacci & friends/with <cache>/fib 20': 77.25
    })
    expect(parsed.samples[1].iterations).toBe(310 * 100)
    expect(parsed.issues).toEqual([
      expect.objectContaining({
        benchmark: 'Throws/throws',
        kind: 'error',
        detail: 'std::runtime_error: boom'
      })
    ])
  })

  it('a report cut inside a benchmark keeps the finished ones and names the one it died in', () => {
    const text = read('catch2', 'v3-golden.xml')
    const cut = text.slice(0, text.indexOf('<mean value="77.25"'))
    const parsed = parseSamplesText(cut, { side: 'head' })
    expect(Object.keys(values(parsed))).toEqual(['Fibonacci & friends/fib 20'])
    expect(parsed.issues).toEqual([
      expect.objectContaining({ benchmark: 'Fibonacci & friends/with <cache>/fib 20', kind: 'truncated' })
    ])
  })

  it('two BENCHMARKs of one name in one test case: the second is refused, not averaged in', () => {
    const text = read('catch2', 'v2.13.10-real.xml').replace('name="spin 2000"', 'name="spin 1000"')
    const parsed = parseSamplesText(text, { side: 'head' })
    expect(parsed.samples.filter((s) => s.benchmark === 'Spin/spin 1000')).toHaveLength(1)
    expect(parsed.issues).toEqual([expect.objectContaining({ benchmark: 'Spin/spin 1000', kind: 'invalid' })])
  })

  it("Catch2's JSON reporter is refused with the reason: it has no benchmark results", () => {
    expect(() => detectFormat(read('catch2', 'v3-json-reporter.json'), 'r.json')).toThrow(
      /Catch2's JSON report, which leaves out BENCHMARK results.*-r xml/s
    )
    expect(() => readSampleFile(fixture('catch2', 'v3-json-reporter.json'), { side: 'base' })).toThrow(
      /catchorg\/Catch2\/issues\/2879/
    )
  })

  it('the exact-name filter is the test case holding the benchmark, escaped for the test spec', () => {
    const catalog = new Map([
      ['Spin/spin 1000', 'Spin'],
      ['Spin/spin 2000', 'Spin'],
      ['Other, with [brackets]/other', 'Other, with [brackets]']
    ])
    expect(escapeTestSpec('Other, with [brackets]')).toBe('Other\\, with \\[brackets\\]')
    expect(catch2TestSpec(exactNameFilter(['Spin/spin 2000']), catalog)).toBe('Spin')
    expect(catch2TestSpec(exactNameFilter(['Spin/spin 1000', 'Other, with [brackets]/other']), catalog)).toBe(
      'Other\\, with \\[brackets\\],Spin'
    )
    expect(catch2TestSpec(undefined, catalog)).toBeUndefined()
  })
})

describe('nanobench', () => {
  it('the markdown table: ns/op per row, warnings skipped, unstable rows and doubled backticks read', () => {
    const parsed = parseSamplesText(read('nanobench', 'table.md'), { side: 'base' })
    expect(parsed.format).toBe('nanobench-table')
    expect(parsed.provenance.harness).toBe('nanobench')
    expect(values(parsed)).toEqual({
      compare_exchange_strong: 7.52,
      'std::vector<int>::push_back': 1234.5,
      'a `quoted` name': 20
    })
  })

  it('a relative table with another time unit and title: us/byte in ns', () => {
    const parsed = parseSamplesText(read('nanobench', 'relative-us.md'), { side: 'base' })
    expect(values(parsed)).toEqual({ 'std::hash': 1500, 'robin_hood::hash': 500 })
  })

  it('the JSON template: median(elapsed)/batch in ns, bare nan and inf read, a nan median refused', () => {
    const parsed = readSampleFile(fixture('nanobench', 'results.json'), { side: 'head' })
    expect(parsed.format).toBe('nanobench-json')
    const v = values(parsed)
    expect(v.compare_exchange_strong).toBeCloseTo(7.52, 10)
    expect(v['hash 1 KiB, nan in the name']).toBeCloseTo(1.5, 10)
    expect(parsed.issues).toEqual([
      expect.objectContaining({
        benchmark: 'never measured',
        kind: 'invalid',
        message: expect.stringMatching(/NaN/)
      })
    ])
  })
})

describe('wall-clock means are analysed as real time', () => {
  // Catch2's and nanobench's values are wall-clock means: the readers fill both time columns with the
  // one value, so `auto` (CPU time for a single-threaded benchmark) must not label them CPU time.
  const metricOf = (samples: Sample[], metric: 'auto' | 'cpu_time') =>
    analyzeSuite({ samples }, { metric }).comparisons.map((c) => c.metric)
  const bothSides = (samples: Sample[]) => [
    ...samples,
    ...samples.map((s) => ({ ...s, side: 'head' as const, realTimeNs: s.realTimeNs * 1.01 }))
  ]

  it.each([
    ['Catch2 XML', () => readSampleFile(fixture('catch2', 'v2.13.10-real.xml'), { side: 'base' })],
    ['nanobench table', () => parseSamplesText(read('nanobench', 'table.md'), { side: 'base' })],
    ['nanobench JSON', () => readSampleFile(fixture('nanobench', 'results.json'), { side: 'base' })]
  ])('%s: every sample says so, and the metric is real_time under auto and cpu_time', (_, parse) => {
    const { samples } = parse()
    expect(samples.length).toBeGreaterThan(0)
    expect(samples.every((s) => s.wallClockOnly === true)).toBe(true)
    for (const choice of ['auto', 'cpu_time'] as const)
      expect(new Set(metricOf(bothSides(samples), choice))).toEqual(new Set(['real_time']))
  })

  it('Google Benchmark keeps CPU time under auto for a single-threaded benchmark', () => {
    const { samples } = readSampleFile(fixture('gbench', 'v1.7.1', 'fixture-r1.json'), { side: 'base' })
    expect(samples.some((s) => s.wallClockOnly)).toBe(false)
    const { comparisons } = analyzeSuite({ samples: bothSides(samples) }, { metric: 'auto' })
    const plain = comparisons.filter(
      (c) => !/\/(real|manual)_time$|threads:/.test(c.benchmark) && c.metric !== null
    )
    expect(plain.length).toBeGreaterThan(0)
    expect(new Set(plain.map((c) => c.metric))).toEqual(new Set(['cpu_time']))
  })
})
