/**
 * Count verdicts (STATISTICS §9) and how they enter a suite and the gate (issue 15).
 */
import { describe, expect, it } from '@jest/globals'
import { compareCounts, countDirection, countVerdict } from '../../src/analysis/counts.js'
import { countSuite, withCounts } from '../../src/analysis/countSuite.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { gate } from '../../src/gate.js'
import type { CountIssue, CountMeasurement, CountSample } from '../../src/samples/countModel.js'
import { countSample as sample, counted as countedAt, countedEvents, measure } from '../helpers/samples.js'

const counted = countedAt
const METHOD: CountMeasurement['method'] = {
  tool: 'callgrind',
  valgrindVersion: 'valgrind-3.19.0',
  iterationFlags: ['--benchmark_min_time=0.000000001'],
  repetitions: 2,
  caches: [],
  cyclesFormula: 'CEst',
  wallSeconds: 1
}
const measurement = (samples: CountSample[], issues: CountIssue[] = []): CountMeasurement => ({
  samples,
  issues,
  method: METHOD
})
const options = { metric: 'instructions' as const, threshold: 0.01 }

describe('countVerdict (§9)', () => {
  it.each([
    [0, 'unchanged'],
    [1e-12, 'negligible'],
    [0.0099, 'negligible'],
    [-0.0099, 'negligible'],
    [0.01, 'regression'],
    [-0.01, 'improvement'],
    [0.3, 'regression']
  ])('change %p at δ_count 1%% is %s', (change, verdict) => {
    expect(countVerdict(change, 0.01)).toBe(verdict)
  })
})

describe('compareCounts', () => {
  it('reads the exact change and the base noise floor of each metric', () => {
    const c = compareCounts(measurement(counted('BM_A', 1000, 1030)), options).get('BM_A')!
    expect(c.verdict).toBe('regression')
    expect(c.instructions).toEqual({ base: 1000, head: 1030, change: 1030 / 1000 - 1, noise: 0 })
    expect(c.cycles.base).toBe(1500)
    expect(c.reason).toBeNull()
  })

  it('calls a benchmark whose two base counts differ by more than δ_count/4 not deterministic', () => {
    const m = measurement([...counted('BM_Noisy', 1000, 1000, 1003), ...counted('BM_Ok', 1000, 1000, 1002)])
    const r = compareCounts(m, options)
    expect(r.get('BM_Noisy')).toMatchObject({ verdict: 'inconclusive', reason: 'not-deterministic' })
    expect(r.get('BM_Noisy')!.message).toMatch(/differ by 0\.300% \(more than δ_count\/4 = 0\.250%\)/)
    expect(r.get('BM_Ok')!.verdict).toBe('unchanged')
  })

  it('reads the verdict off the chosen metric', () => {
    const samples = [
      sample('BM_C', 'base', 0, 1000, 2000),
      sample('BM_C', 'head', 0, 1000, 2100),
      sample('BM_C', 'base', 1, 1000, 2000)
    ]
    expect(compareCounts(measurement(samples), options).get('BM_C')!.verdict).toBe('unchanged')
    expect(
      compareCounts(measurement(samples), { metric: 'cycles', threshold: 0.01 }).get('BM_C')!.verdict
    ).toBe('regression')
  })

  it('tells new, removed, failed, multi-threaded and not countable apart', () => {
    const m = measurement(
      [
        sample('BM_New', 'head', 0, 5),
        sample('BM_Gone', 'base', 0, 5),
        sample('BM_Gone', 'base', 1, 5),
        sample('BM_Crash', 'base', 0, 5)
      ],
      [
        { benchmark: 'BM_Crash', side: 'head', pass: 0, kind: 'crashed', message: 'ended early' },
        {
          benchmark: 'BM_T',
          side: 'base',
          pass: 0,
          kind: 'multi-threaded',
          message: 'multi-threaded (2 threads)'
        },
        { benchmark: 'BM_M', side: 'head', pass: 0, kind: 'not-countable', message: 'not fixed' }
      ]
    )
    const r = compareCounts(m, options)
    expect(r.get('BM_New')!.verdict).toBe('new')
    expect(r.get('BM_Gone')!.verdict).toBe('removed')
    expect(r.get('BM_Crash')).toMatchObject({
      verdict: 'failed',
      reason: 'failed',
      message: 'head: ended early'
    })
    expect(r.get('BM_T')).toMatchObject({ verdict: 'inconclusive', reason: 'multi-threaded' })
    expect(r.get('BM_M')).toMatchObject({ verdict: 'inconclusive', reason: 'not-countable' })
  })
})

describe('countDirection: only events that do not depend on where code sits move a benchmark (docs/count-mode.md, "Moved")', () => {
  // countedEvents: 100,000 instructions and 103,000 estimated cycles at base; +400 misses is +3.9% cycles
  it.each([
    ['Dr +3,000 (3% of the instructions)', { Dr: 33_000 }, 'up', []],
    ['Dw −3,000', { Dw: 7_000 }, 'down', []],
    ['Bc +3,000', { Bc: 18_000 }, 'up', []],
    ['D1mr +400', { D1mr: 500 }, 'up', []],
    ['DLmr +40', { DLmr: 40 }, 'up', []],
    ['I1mr +400', { I1mr: 400 }, 'flat', ['I1mr']],
    ['ILmr +40', { ILmr: 40 }, 'flat', ['ILmr']],
    ['Bcm +400', { Bcm: 600 }, 'flat', ['Bcm']],
    ['Bim +400', { Bim: 400 }, 'flat', ['Bim']],
    ['Dr +500 (0.5% of the instructions)', { Dr: 30_500 }, 'flat', []]
  ])('%s %j: %s, layout fingerprint %j', (_, head, direction, layout) => {
    const k = compareCounts(measurement(countedEvents('BM', head)), options).get('BM')!
    expect(countDirection(k, 0.01)).toBe(direction)
    // the fingerprint: only where nothing independent of addresses moved and the estimated cycles did
    expect(k.layout ?? []).toEqual(layout)
  })

  it('an event whose two base passes disagree by more than δ_count/4 is noise and moves nothing (§9)', () => {
    const samples = countedEvents('BM', { D1mr: 500 }).map((s) =>
      s.side === 'base' && s.pass === 1 ? { ...s, events: { ...s.events, D1mr: 500 } } : s
    )
    expect(countDirection(compareCounts(measurement(samples), options).get('BM')!, 0.01)).toBe('flat')
  })

  it("instructions down and data misses up: the verdict's metric decides which way it moved", () => {
    const head = { Ir: 98_000, D1mr: 700 } // −2% instructions, +6,000 estimated cycles of misses
    const k = (metric: 'instructions' | 'cycles') =>
      compareCounts(measurement(countedEvents('BM', head)), { metric, threshold: 0.01 }).get('BM')!
    expect(countDirection(k('instructions'), 0.01)).toBe('down')
    expect(countDirection(k('cycles'), 0.01)).toBe('up')
  })

  it('--count-metric cycles: estimated cycles moved by instruction-cache/branch events alone are negligible, flagged, not a regression', () => {
    const cycles = { metric: 'cycles' as const, threshold: 0.01 }
    const suite = countSuite(
      measurement([...countedEvents('BM_Moved', { Bim: 400 }), ...countedEvents('BM_Misses', { D1mr: 500 })]),
      cycles
    )
    const [misses, moved] = suite.comparisons
    expect(moved.counts!.cycles.change).toBeGreaterThan(0.03)
    expect(moved.verdict).toBe('negligible')
    expect(moved.counts!.layout).toEqual(['Bim'])
    expect(moved.counts!.message).toMatch(
      /^estimated cycles \+3\.883% from instruction-cache\/branch events alone \(Bim\), with no event independent of addresses moved: layout\?/
    )
    expect(misses.verdict).toBe('regression')
    expect(gate(suite, ['regression', 'failed']).reason).toBe(
      'benchgate: fail: 1 regression (of 2 benchmarks)'
    )
  })
})

describe('counts in a suite and the gate', () => {
  it('--measure counts: the counts are the verdicts and the gate reads them', () => {
    const suite = countSuite(
      measurement([...counted('BM_A', 1000, 1030), ...counted('BM_B', 1000, 1000)]),
      options
    )
    expect(suite.counts.regression).toBe(1)
    expect(suite.counts.unchanged).toBe(1)
    expect(suite.countMode?.measure).toBe('counts')
    expect(gate(suite, ['regression', 'failed']).pass).toBe(false)
  })

  it('--measure both: a timing change with still counts is timing-only (not failing), a count regression fails the gate (§10)', () => {
    // BM_Slow: 10% slower by the clock, identical instructions; BM_More: same times, 5% more instructions
    const samples = [...measure('BM_Slow', 1.1, 0.002, 0, 12, 1), ...measure('BM_More', 1, 0.002, 0, 12, 2)]
    const timed = analyzeSuite({ samples })
    expect(timed.comparisons.find((c) => c.benchmark === 'BM_Slow')!.verdict).toBe('regression')
    const suite = withCounts(
      timed,
      measurement([...counted('BM_Slow', 500, 500), ...counted('BM_More', 500, 525)]),
      options
    )
    const slow = suite.comparisons.find((c) => c.benchmark === 'BM_Slow')!
    expect(slow.verdict).toBe('timing-only')
    expect(slow.timingOnly).toBe(true)
    expect(slow.timingVerdict).toBe('regression')
    expect(slow.counts!.verdict).toBe('unchanged')
    const more = suite.comparisons.find((c) => c.benchmark === 'BM_More')!
    expect(more.verdict).toBe('regression') // decided by counts: timing alone said unchanged
    expect(more.timingVerdict).toBe('unchanged')
    expect(more.counts!.verdict).toBe('regression')
    expect(suite.countMode?.counts.regression).toBe(1)
    expect(suite.counts).toMatchObject({ regression: 1, 'timing-only': 1 })
    expect(gate(suite, ['regression', 'failed']).reason).toBe(
      'benchgate: fail: 1 regression (of 2 benchmarks)'
    )
  })

  describe('the determinism check is never skipped (issue 27)', () => {
    it('a base whose second pass gave no count is inconclusive, not a regression', () => {
      const crashedSecond = counted('BM_Work', 500, 525).filter((x) => !(x.side === 'base' && x.pass === 1))
      const m = measurement(crashedSecond)
      m.issues.push({
        benchmark: 'BM_Work',
        side: 'base',
        pass: 1,
        kind: 'crashed',
        message: 'base pass 2 was killed by SIGSEGV'
      })
      const c = compareCounts(m, options).get('BM_Work')!
      expect(c.verdict).toBe('inconclusive')
      expect(c.reason).toBe('unchecked')
      expect(c.message).toMatch(
        /second count is missing \(base pass 2 was killed by SIGSEGV\): determinism could not be checked/
      )
    })
  })
})
