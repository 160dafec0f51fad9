/**
 * A zero, negative or non-finite time in one repetition leaves its whole run out (STATISTICS §3, §7:
 * a run is one process; its median would rest on the other repetitions), not only that repetition.
 * Read from real Google Benchmark JSON, as `compare` and `run` read it.
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { parseGoogleBenchmarkJson } from '../../src/samples/googleBenchmark.js'
import type { Sample, SampleIssue } from '../../src/samples/model.js'

function file(side: 'base' | 'head', round: number, times: number[]) {
  const benchmarks = times.map((t, i) => ({
    name: 'BM_X',
    run_name: 'BM_X',
    run_type: 'iteration',
    repetitions: times.length,
    repetition_index: i,
    threads: 1,
    iterations: 1000,
    real_time: t,
    cpu_time: t,
    time_unit: 'ns'
  }))
  return parseGoogleBenchmarkJson(JSON.stringify({ context: {}, benchmarks }), {
    side,
    round,
    run: round,
    source: `${side}-${round}.json`
  })
}

describe('a run with an invalid time', () => {
  it('is left out whole, with the reason; the other runs are analysed', () => {
    const samples: Sample[] = []
    const issues: SampleIssue[] = []
    for (let round = 0; round < 8; round++)
      for (const side of ['base', 'head'] as const) {
        const t = 1000 + round
        // round 3 of head: one repetition timed 0 (a broken timer), the other two look fine
        const parsed = file(side, round, side === 'head' && round === 3 ? [t, 0, t] : [t, t, t])
        samples.push(...parsed.samples)
        issues.push(...parsed.issues)
      }
    const c = analyzeSuite({ samples, issues }).comparisons[0]
    expect(c.base!.runs).toBe(8)
    expect(c.head!.runs).toBe(7) // not 8 with a median of two repetitions
    expect(c.warnings.map((w) => w.message).join('\n')).toMatch(/real_time is 0 ns .*its run is left out/)
  })
})
