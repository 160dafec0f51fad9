/** The CPU-contention warning: real time well above CPU time for single-threaded benchmarks. */
import { describe, expect, test } from '@jest/globals'
import { analyzeSuite, CONTENTION_RATIO, contentionWarnings } from '../../src/analysis/suite.js'
import type { Sample } from '../../src/samples/model.js'

function samples(realOverCpu: { base: number; head: number }, threads = 1): Sample[] {
  const out: Sample[] = []
  for (const side of ['base', 'head'] as const)
    for (let run = 0; run < 8; run++)
      for (let repetition = 0; repetition < 3; repetition++) {
        const cpu = 1000 + 7 * ((run * 3 + repetition) % 5)
        out.push({
          benchmark: 'BM_X',
          side,
          round: run,
          run,
          repetition,
          iterations: 100,
          cpuTimeNs: cpu,
          realTimeNs: cpu * realOverCpu[side],
          threads
        })
      }
  return out
}

describe('contentionWarnings', () => {
  test('warns per side when real time is more than 5% above CPU time, and names the remedies', () => {
    const w = contentionWarnings(samples({ base: 1.01, head: 1.4 }), 'real_time')
    expect(w).toHaveLength(1)
    expect(w[0]).toMatchObject({ code: 'cpu-contention', side: 'head' })
    expect(w[0].message).toMatch(/40% above CPU time.*--metric auto or cpu_time/)
  })

  test('quiet at the threshold, for multi-threaded benchmarks, and when CPU time is analysed', () => {
    expect(
      contentionWarnings(samples({ base: CONTENTION_RATIO, head: CONTENTION_RATIO }), 'real_time')
    ).toEqual([])
    expect(contentionWarnings(samples({ base: 2, head: 2 }, 4), 'real_time')).toEqual([])
    expect(contentionWarnings(samples({ base: 2, head: 2 }), 'cpu_time')).toEqual([])
  })

  test('the default metric auto analyses CPU time for single-threaded benchmarks: nothing to warn about', () => {
    const suite = analyzeSuite({ samples: samples({ base: 1.3, head: 1.3 }) })
    expect(suite.comparisons[0].metric).toBe('cpu_time')
    expect(suite.warnings.filter((w) => w.code === 'cpu-contention')).toEqual([])
  })

  test('reaches the suite warnings when real time is analysed', () => {
    const suite = analyzeSuite({ samples: samples({ base: 1.3, head: 1.3 }) }, { metric: 'real_time' })
    expect(suite.warnings.filter((w) => w.code === 'cpu-contention').map((w) => w.side)).toEqual([
      'base',
      'head'
    ])
  })
})
