/**
 * SampleStore: the compact form of a suite's samples (typed arrays per benchmark and side) keeps
 * every field of every sample, gives time order, and analyses and renders exactly as the same
 * samples given as an array of objects.
 */
import { describe, expect, it } from '@jest/globals'

import { analyzeSuite } from '../../src/analysis/suite.js'
import { seededRandom } from '../helpers/r.js'
import { renderHtml } from '../../src/report/html/render.js'
import { parseSamplesText } from '../../src/samples/index.js'
import type { Sample } from '../../src/samples/model.js'
import { SampleBuffer, SampleStore } from '../../src/samples/store.js'
import { readFixture } from './helpers.js'

/** `benchmarks` × 2 sides × `runs` runs × 3 repetitions, in a shuffled order. */
function suite(seed: number, benchmarks = 4, runs = 7): Sample[] {
  const rnd = seededRandom(seed)
  const out: Sample[] = []
  for (let b = 0; b < benchmarks; b++)
    for (const side of ['base', 'head'] as const)
      for (let run = 0; run < runs; run++)
        for (let repetition = 0; repetition < 3; repetition++) {
          const t = 1000 * (1 + b) * (side === 'head' && b === 1 ? 1.2 : 1) * (1 + 0.02 * rnd())
          out.push({
            benchmark: `BM_${b}`,
            side,
            round: run,
            run,
            repetition,
            iterations: 1 + Math.floor(rnd() * 1e9),
            realTimeNs: t * 1.01,
            cpuTimeNs: t,
            threads: b === 3 ? 4 : 1
          })
        }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

describe('SampleStore', () => {
  it('keeps every field of every sample, past its first capacity, and any value', () => {
    const odd: Sample[] = [NaN, -0, -5, Infinity, 1e308, 5e-324].map((v, i) => ({
      benchmark: 'BM_odd',
      side: 'head',
      round: -1,
      run: 0,
      repetition: i,
      iterations: 2 ** 40 + i,
      realTimeNs: v,
      cpuTimeNs: -v,
      threads: 2 ** 20
    }))
    const samples = [...suite(1), ...odd]
    const store = SampleStore.of(samples)
    expect(store.length).toBe(samples.length)
    const key = (s: Sample) => `${s.benchmark}/${s.side}/${s.round}/${s.repetition}`
    const sorted = (xs: Sample[]) => [...xs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    expect(sorted(store.toArray())).toEqual(sorted(samples))
    expect(Object.is(store.series('BM_odd', 'head')!.realTimeNs(1), -0)).toBe(true)
  })

  it('keeps every sample of a suite larger than one block of its columns (16,384 rows)', () => {
    const samples = suite(2, 400, 20) // 48,000 samples, benchmarks interleaved at random
    const store = SampleStore.of(samples)
    expect(store.length).toBe(48_000)
    const key = (s: Sample) => `${s.benchmark}/${s.side}/${s.round}/${s.repetition}`
    const byKey = new Map(samples.map((s) => [key(s), s]))
    const back = store.toArray()
    expect(back).toHaveLength(samples.length)
    // One toEqual over all 48,000 pairs: jest's expect costs ~0.1 ms a call, 48,000 calls were 5 s.
    expect(back).toEqual(back.map((s) => byKey.get(key(s))))
  })

  it('gives time order (round, run, repetition), stable for equal keys', () => {
    const store = new SampleStore()
    const at = (round: number, run: number, repetition: number, t: number): Sample => ({
      benchmark: 'BM',
      side: 'base',
      round,
      run,
      repetition,
      iterations: 1,
      realTimeNs: t,
      cpuTimeNs: t,
      threads: 1
    })
    for (const s of [at(2, 1, 0, 1), at(0, 0, 1, 2), at(0, 0, 0, 3), at(2, 1, 0, 4), at(1, 0, 0, 5)])
      store.add(s)
    const series = store.series('BM', 'base')!
    expect([...series.timeOrder()].map((k) => series.realTimeNs(k))).toEqual([3, 2, 5, 1, 4])
    expect(store.series('BM', 'head')).toBeNull()
  })

  it('analyses and renders exactly as the same samples in an array', () => {
    for (const seed of [2, 3, 4]) {
      const samples = suite(seed)
      const store = SampleStore.of(samples)
      for (const metric of ['auto', 'real_time', 'cpu_time'] as const) {
        const fromArray = analyzeSuite({ samples }, { metric })
        expect(analyzeSuite({ samples: store }, { metric })).toEqual(fromArray)
        expect(fromArray.comparisons.find((c) => c.benchmark === 'BM_1')!.verdict).toBe('regression')
      }
      const report = { suite: analyzeSuite({ samples }), run: { base: { label: 'a' }, head: { label: 'b' } } }
      const now = new Date(0)
      expect(renderHtml(report, store, { now })).toBe(renderHtml(report, samples, { now }))
    }
  })

  it('only() keeps the benchmarks asked for, sharing their rows', () => {
    const store = SampleStore.of(suite(5))
    const some = store.only((b) => b === 'BM_0' || b === 'BM_2')
    expect([...some.benchmarks()].sort()).toEqual(['BM_0', 'BM_2'])
    expect(some.length).toBe(2 * 2 * 7 * 3)
    expect(some.series('BM_0', 'base')).toBe(store.series('BM_0', 'base'))
  })

  it('parsers add to a store (SampleSourceOptions.into) exactly the samples they would return', () => {
    const files = [
      ['jsonl', 'complete.jsonl'],
      ['jsonl', 'truncated-last-line.jsonl'],
      ['gbench', 'v1.7.1', 'truncated.json'],
      ['gbench', 'v1.9.5', 'fixture-r1.json']
    ]
    const texts = [...files.map((f) => readFixture(...f)), 'BM_A,10\nBM_B,20\nBM_A,-1\nBM_A,11\nBM_B,2']
    for (const text of texts) {
      const opts = { side: 'head', round: 3, run: 2, source: 'x' } as const
      const plain = parseSamplesText(text, opts)
      const into = new SampleStore()
      const viaStore = parseSamplesText(text, { ...opts, into })
      expect(plain.samples.length).toBeGreaterThan(0)
      expect(viaStore.samples).toEqual([])
      expect(viaStore.issues).toEqual(plain.issues)
      expect(into.toArray()).toEqual(SampleStore.of(plain.samples).toArray())
    }
  })
})

describe('SampleBuffer', () => {
  it('replays every sample, every field, in the order added (sides and benchmarks interleaved)', () => {
    // 40,000 samples: more than two blocks of the columns.
    const samples = suite(11, 200, 34)
    const buffer = new SampleBuffer()
    for (const s of samples) buffer.add(s)
    expect(buffer.length).toBe(samples.length)
    expect([...buffer]).toEqual(samples)
  })
})
