/**
 * A Google Benchmark file cut inside a bare `-Infinity` (found by the fuzz test in CI: the text
 * ended in `"cpu_time": -I`) is a truncated file, not damage: every complete entry is kept.
 */
import { describe, expect, it } from '@jest/globals'

import { parseSamplesText } from '../../src/samples/index.js'

const entry = (i: number, cpu: string): string =>
  `{"name": "BM_${i}", "run_name": "BM_${i}", "run_type": "iteration", "repetitions": 1, "repetition_index": 0, ` +
  `"threads": 1, "iterations": 10, "real_time": 5, "cpu_time": ${cpu}, "time_unit": "ns"}`
const text = `{"context": {"library_version": "v1.8.0"}, "benchmarks": [${entry(0, '4')}, ${entry(1, '-Infinity')}]}`

describe('a file cut inside a bare non-finite number', () => {
  for (const tail of ['-', '-I', '-Inf', '-Infinit']) {
    it(`keeps the complete entry before a cut at "${tail}"`, () => {
      const cut = text.slice(0, text.indexOf('-Infinity') + tail.length)
      const r = parseSamplesText(cut, { side: 'base', source: 'cut.json' })
      expect(r.samples.map((s) => s.benchmark)).toEqual(['BM_0'])
      expect(r.issues.some((i) => i.kind === 'truncated')).toBe(true)
    })
  }
})
