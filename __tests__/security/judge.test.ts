/**
 * Issue 28, attack 2 at the unit level: re-judging a results file from its per-run values gives
 * exactly what the analysis gave (same verdicts, levels, intervals, adjusted p, K), whatever the
 * file claims, and with the trusted job's options when they differ.
 */
import { describe, expect, it } from '@jest/globals'
import { judgeSuite } from '../../src/analysis/judge.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import type { AnalysisOptions, SuiteResult } from '../../src/analysis/types.js'
import { fromResultsJson, toResultsJson } from '../../src/report/json.js'
import { VERSION } from '../../src/version.js'
import { countSuite, withCounts } from '../../src/analysis/countSuite.js'
import { COUNT_METHOD, rejudged } from '../helpers/rejudge.js'
import { counted, countedEvents, measure } from '../helpers/samples.js'

const samples = [
  ...measure('BM_Slower', 1.1, 0.01, 0, 10, 1),
  ...measure('BM_Faster', 0.9, 0.01, 0, 10, 2),
  ...measure('BM_Same', 1, 0.01, 0, 10, 3),
  ...measure('BM_Noisy', 1.02, 0.08, 0, 10, 4),
  ...measure('BM_Few', 1.3, 0.01, 0, 3, 5)
]

/** The analysis as the measure job did it, through results.json and back (what comment mode reads). */
function handedOver(options: Partial<AnalysisOptions>) {
  const suite = analyzeSuite({ samples, provenance: { base: {}, head: {} } }, options)
  const json = JSON.parse(
    JSON.stringify(toResultsJson({ suite, run: { base: { label: 'a' }, head: { label: 'b' } } }, VERSION))
  )
  return { suite, json }
}

const judged = (c: {
  benchmark: string
  verdict: string
  confLevel: number
  pAdjusted: number | null
  ratio: unknown
}) => [c.benchmark, c.verdict, c.confLevel, c.pAdjusted, c.ratio]

describe('rejudgeSuite', () => {
  for (const correction of ['bonferroni', 'holm', 'none'] as const) {
    it(`recomputes what the analysis gave (${correction}), ignoring forged verdicts and counts`, () => {
      const { suite, json } = handedOver({ correction })
      for (const b of json.benchmarks) b.verdict = 'unchanged'
      json.counts = { ...json.counts, regression: 0, improvement: 0, unchanged: json.benchmarks.length }
      const report = fromResultsJson(json)
      judgeSuite(
        report.suite,
        { alpha: 0.01, minEffect: 0.02, correction, metric: 'auto', interleave: 'suite' },
        { measuredWith: VERSION }
      )
      expect(report.suite.comparisons.map(judged)).toEqual(suite.comparisons.map(judged))
      expect(report.suite.counts).toEqual(suite.counts)
      expect(report.suite.familySize).toBe(suite.familySize)
      expect(report.suite.counts.regression).toBeGreaterThan(0)
      expect(report.suite.warnings.map((w) => w.code)).toContain('rejudged')
    })
  }

  it("judges with the trusted job's options, not the file's (min effect 1e300 and alpha 0.5 there)", () => {
    const { suite } = handedOver({})
    const { json } = handedOver({ minEffect: 1e300, alpha: 0.5 })
    const report = fromResultsJson(json)
    expect(report.suite.counts.regression).toBe(0)
    judgeSuite(
      report.suite,
      { alpha: 0.01, minEffect: 0.02, correction: 'bonferroni', metric: 'auto', interleave: 'suite' },
      { measuredWith: VERSION }
    )
    expect(report.suite.comparisons.map(judged)).toEqual(suite.comparisons.map(judged))
    expect(report.suite.options.minEffect).toBe(0.02)
    expect(report.suite.warnings.find((w) => w.code === 'judged-here')?.message).toMatch(/alpha, min-effect/)
  })

  it('a tested verdict without per-run values is refused, naming the benchmark', () => {
    const { json } = handedOver({})
    json.benchmarks[0].series = null
    json.benchmarks[0].verdict = 'unchanged'
    expect(() =>
      judgeSuite(
        fromResultsJson(json).suite,
        { alpha: 0.01, minEffect: 0.02, correction: 'bonferroni', metric: 'auto', interleave: 'suite' },
        { measuredWith: VERSION }
      )
    ).toThrow(/benchmark "BM_Faster" claims verdict 'unchanged' without the per-run values/)
  })

  it("count mode: verdicts and counts again from the per-iteration counts with the job's δ_count", () => {
    const suite = countSuite(
      {
        samples: [...counted('BM_More', 1000, 1030), ...counted('BM_Same', 1000, 1000)],
        issues: [],
        method: COUNT_METHOD
      },
      { metric: 'instructions', threshold: 0.5 } // the file's δ_count waves the +3% through
    )
    const judged = rejudged(suite, { metric: 'instructions', threshold: 0.01 }, (json) => {
      expect(json.counts.regression).toBe(0)
      json.benchmarks[0].counts.instructions.change = 0 // a forged change beside the counts
    })
    expect(judged.comparisons.map((c) => [c.benchmark, c.verdict])).toEqual([
      ['BM_More', 'regression'],
      ['BM_Same', 'unchanged']
    ])
    expect(judged.counts.regression).toBe(1)
    expect(judged.countMode!.counts.regression).toBe(1)
    expect(judged.countMode!.options.threshold).toBe(0.01)
  })

  it("adaptive: the look's stricter level is kept, a laxer one claimed by the file is not", () => {
    const judge = {
      alpha: 0.01,
      minEffect: 0.02,
      correction: 'bonferroni' as const,
      metric: 'auto' as const,
      interleave: 'suite' as const
    }
    const { suite, json } = handedOver({})
    const slower = json.benchmarks.findIndex((b: { name: string }) => b.name === 'BM_Slower')
    const adaptive = { rounds: 10, look: 2, test_alpha: 1e-4, stop_reason: 'decided' }
    json.benchmarks[slower].adaptive = adaptive
    json.benchmarks[slower].conf_level = 1 - 1e-5 // the look's level: stricter than α/K = 0.002
    const strict = fromResultsJson(JSON.parse(JSON.stringify(json)))
    judgeSuite(strict.suite, judge, { measuredWith: VERSION })
    expect(strict.suite.comparisons[slower].confLevel).toBeCloseTo(1 - 1e-5, 12)
    json.benchmarks[slower].conf_level = 0.5 // a forged lax level
    const lax = fromResultsJson(json)
    judgeSuite(lax.suite, judge, { measuredWith: VERSION })
    expect(lax.suite.comparisons[slower].confLevel).toBe(suite.comparisons[slower].confLevel)
  })

  it('another version: the report says it was measured with one and judged with another', () => {
    const report = fromResultsJson(handedOver({}).json)
    judgeSuite(
      report.suite,
      { alpha: 0.01, minEffect: 0.02, correction: 'bonferroni', metric: 'auto', interleave: 'suite' },
      { measuredWith: '0.0.1' }
    )
    expect(report.suite.warnings.map((w) => w.message)).toContain(
      `measured with benchgate 0.0.1, judged with ${VERSION}: verdicts recomputed from the per-run values`
    )
  })
})

describe('rejudgeSuite with --measure both (STATISTICS §10)', () => {
  it('re-derives timing-only, decided-by-counts and disagreements from the series and counts, whatever the file claims', () => {
    const method = {
      tool: 'callgrind' as const,
      valgrindVersion: 'valgrind-3.19.0',
      iterationFlags: ['--benchmark_min_time=1x'],
      repetitions: 1,
      caches: [],
      cyclesFormula: 'CEst',
      wallSeconds: 1
    }
    const timed = analyzeSuite({
      samples: [...measure('BM_Layout', 1.1, 0.01, 0, 10, 1), ...measure('BM_More', 1, 0.01, 0, 10, 2)],
      provenance: { base: {}, head: {} }
    })
    const countSamples = [...counted('BM_Layout', 1000, 1000), ...counted('BM_More', 1000, 1050)]
    const suite = withCounts(
      timed,
      { samples: countSamples, issues: [], method },
      { metric: 'instructions', threshold: 0.01 }
    )
    const verdicts = (s: typeof suite) => s.comparisons.map((c) => [c.benchmark, c.verdict, c.timingVerdict])
    expect(verdicts(suite)).toEqual([
      ['BM_Layout', 'timing-only', 'regression'],
      ['BM_More', 'regression', 'unchanged']
    ])
    const json = JSON.parse(
      JSON.stringify(toResultsJson({ suite, run: { base: { label: 'a' }, head: { label: 'b' } } }, VERSION))
    )
    // forged: the layout change as a plain pass, the count regression as unchanged
    for (const b of json.benchmarks) {
      b.verdict = 'unchanged'
      delete b.timing_verdict
      delete b.timing_only
    }
    const report = fromResultsJson(json)
    judgeSuite(
      report.suite,
      { alpha: 0.01, minEffect: 0.02, correction: 'bonferroni', metric: 'auto', interleave: 'suite' },
      { measuredWith: VERSION }
    )
    expect(verdicts(report.suite)).toEqual(verdicts(suite))
    expect(report.suite.counts).toEqual(suite.counts)
  })

  describe('"moved" and the layout fingerprint come from the per-event figures, never from the file (docs/count-mode.md, "Moved")', () => {
    const count = { metric: 'instructions' as const, threshold: 0.01 }
    /** BM_Layout: slower, only mispredictions moved (+3.9% cycles); BM_Reads: slower, 3% more data reads. */
    function measured() {
      const timed = analyzeSuite({
        samples: [...measure('BM_Layout', 1.1, 0.01, 0, 10, 1), ...measure('BM_Reads', 1.1, 0.01, 0, 10, 2)],
        provenance: { base: {}, head: {} }
      })
      const samples = [
        ...countedEvents('BM_Layout', { Bim: 400 }),
        ...countedEvents('BM_Reads', { Dr: 33_000 })
      ]
      return withCounts(timed, { samples, issues: [], method: COUNT_METHOD }, count)
    }
    const byName = (s: SuiteResult) => new Map(s.comparisons.map((c) => [c.benchmark, c]))

    it("keeps every event per iteration of both sides and the base's second pass in results.json", () => {
      rejudged(measured(), count, (json) => {
        expect(json.benchmarks[0].counts.events.head).toMatchObject({ Ir: 100_000, Bim: 400, Bcm: 200 })
        expect(json.benchmarks[0].counts.events.base2).toMatchObject({ Ir: 100_000, Bim: 0 })
        expect(json.benchmarks[0].counts.layout).toEqual(['Bim'])
      })
    })

    it('a forged instruction change, flags and fingerprint are not believed: the events decide', () => {
      const suite = measured()
      expect(suite.comparisons.map((c) => c.verdict)).toEqual(['timing-only', 'regression'])
      const judged = byName(
        rejudged(suite, count, (json) => {
          const [layout, reads] = json.benchmarks
          // forged: BM_Layout's counts "moved" (+5% instructions, no fingerprint), failing as a regression
          layout.counts.instructions.head = 105_000
          layout.counts.instructions.change = 0.05
          delete layout.counts.layout
          Object.assign(layout, { verdict: 'regression', timing_only: false })
          // forged: BM_Reads' move called layout (a fingerprint on flat counts), passing as timing-only
          reads.counts.layout = ['I1mr']
          Object.assign(reads, { verdict: 'timing-only', timing_only: true, timing_verdict: 'regression' })
        })
      )
      expect(judged.get('BM_Layout')).toMatchObject({ verdict: 'timing-only', timingOnly: true })
      expect(judged.get('BM_Layout')!.counts).toMatchObject({ layout: ['Bim'], instructions: { change: 0 } })
      expect(judged.get('BM_Reads')!.verdict).toBe('regression')
      expect(judged.get('BM_Reads')!.counts!.layout).toBeUndefined()
    })

    it('a file without per-event figures: "moved" reads the instructions alone, never the estimated cycles', () => {
      const judged = byName(
        rejudged(measured(), count, (json) => {
          for (const b of json.benchmarks) delete b.counts.events
        })
      )
      // BM_Reads' +3% data reads are not in the file any more: its instructions did not move
      expect(judged.get('BM_Reads')!.verdict).toBe('timing-only')
      expect(judged.get('BM_Layout')!.verdict).toBe('timing-only')
      expect(judged.get('BM_Layout')!.counts!.cycles.change).toBeGreaterThan(0.03)
    })
  })
})

describe('judgeSuite on values no measurement can give', () => {
  it('a zero, negative or non-finite per-run value makes the benchmark failed, named, not a thrown error', () => {
    const samples = [...measure('BM_A', 1, 0.01, 0, 10, 1), ...measure('BM_B', 1, 0.01, 0, 10, 2)]
    const suite = analyzeSuite({ samples, provenance: { base: {}, head: {} } })
    const json = JSON.parse(
      JSON.stringify(toResultsJson({ suite, run: { base: { label: 'a' }, head: { label: 'b' } } }, VERSION))
    )
    json.benchmarks[0].series.base[6] = 0
    json.benchmarks[1].series.head[2] = 5e-324 // a denormal: its ratios to the others overflow
    const report = fromResultsJson(json)
    judgeSuite(
      report.suite,
      { alpha: 0.01, minEffect: 0.02, correction: 'bonferroni', metric: 'auto', interleave: 'suite' },
      { measuredWith: VERSION }
    )
    expect(report.suite.comparisons.map((c) => [c.benchmark, c.verdict])).toEqual([
      ['BM_A', 'failed'],
      ['BM_B', 'failed']
    ])
    expect(report.suite.warnings.map((w) => w.message).join('\n')).toMatch(
      /"BM_A": its per-run values hold a time no measurement gives \(zero, negative, not finite, or outside 1e-12 to 1e18 ns\): reported as failed/
    )
  })
})
