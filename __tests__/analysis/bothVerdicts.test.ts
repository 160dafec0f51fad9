/**
 * STATISTICS §10's timing × counts table (`--measure both`), row by row: the verdict shown, whether
 * the gate fails by default, and the check conclusion. Timing comes from seeded run-level samples,
 * counts from exact count samples (base counted twice, as count mode does).
 */
import { describe, expect, it } from '@jest/globals'
import { withCounts } from '../../src/analysis/countSuite.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import type { Verdict } from '../../src/analysis/types.js'
import { gate } from '../../src/gate.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import type { CountMeasurement } from '../../src/samples/countModel.js'
import { counted, countedEvents, measure } from '../helpers/samples.js'

const options = { metric: 'instructions' as const, threshold: 0.01 }
const METHOD: CountMeasurement['method'] = {
  tool: 'callgrind',
  valgrindVersion: 'valgrind-3.19.0',
  iterationFlags: ['--benchmark_min_time=1x'],
  repetitions: 1,
  caches: [],
  cyclesFormula: 'Ir + 10·Bm + 10·L1m + 100·LLm',
  wallSeconds: 1
}
/** Timing that analyses to the named verdict (checked below, so a drift in the stats cannot hide). */
const TIMING: Record<string, () => ReturnType<typeof measure>> = {
  regression: () => measure('BM', 1.1, 0.002, 0, 12, 1),
  improvement: () => measure('BM', 0.9, 0.002, 0, 12, 2),
  unchanged: () => measure('BM', 1.0, 0.002, 0, 12, 3),
  inconclusive: () => measure('BM', 1.0, 0.3, 0, 6, 4)
}
const COUNTS = { up: 1.03, flat: 1, down: 0.97 }

function judge(timing: keyof typeof TIMING, moved: keyof typeof COUNTS) {
  const timed = analyzeSuite({ samples: TIMING[timing]() })
  expect(timed.comparisons[0].verdict).toBe(timing)
  const suite = withCounts(
    timed,
    { samples: counted('BM', 100_000, 100_000 * COUNTS[moved]), issues: [], method: METHOD },
    options
  )
  return { c: suite.comparisons[0], suite, verdict: gate(suite, ['regression', 'failed']) }
}

/** A timing change with the same instructions, measured under randomised layouts (docs/layout.md). */
function underLayouts(timing: keyof typeof TIMING, layoutDraws: 'shared' | 'independent') {
  return withCounts(
    analyzeSuite({ samples: TIMING[timing]() }),
    { samples: counted('BM', 100_000, 100_000), issues: [], method: METHOD },
    { ...options, layoutRandomized: true, layoutDraws }
  )
}

const ROWS: Array<
  [string, keyof typeof COUNTS, Verdict, boolean, 'success' | 'failure' | 'neutral', string]
> = [
  ['regression', 'up', 'regression', true, 'failure', ''],
  ['regression', 'flat', 'timing-only', false, 'neutral', 'same instructions, different time'],
  ['regression', 'down', 'regression', true, 'failure', 'time and instructions disagree'],
  ['improvement', 'down', 'improvement', false, 'success', ''],
  ['improvement', 'flat', 'timing-only', false, 'success', 'same instructions, different time'],
  ['improvement', 'up', 'improvement', false, 'success', 'time and instructions disagree'],
  ['inconclusive', 'up', 'regression', true, 'failure', 'decided by counts'],
  ['unchanged', 'up', 'regression', true, 'failure', 'decided by counts'],
  ['inconclusive', 'down', 'improvement', false, 'success', 'decided by counts'],
  ['unchanged', 'down', 'improvement', false, 'success', 'decided by counts'],
  ['inconclusive', 'flat', 'inconclusive', false, 'neutral', 'code path unchanged'],
  ['unchanged', 'flat', 'unchanged', false, 'success', '']
]

describe('timing × counts (STATISTICS §10)', () => {
  it.each(ROWS)(
    'timing %s, counts %s: %s, fails %s, check %s',
    (timing, moved, shown, fails, conclusion, note) => {
      const { c, suite, verdict } = judge(timing, moved)
      expect(c.verdict).toBe(shown)
      expect(verdict.pass).toBe(!fails)
      expect(verdict.conclusion).toBe(conclusion)
      if (shown !== timing) expect(c.timingVerdict).toBe(timing)
      expect(c.countsDisagree === true).toBe(note === 'time and instructions disagree')
      const md = renderMarkdown({ suite, run: { base: { label: 'main' }, head: { label: 'pr' } } })
      if (note) expect(md).toContain(note)
    }
  )

  it('a slower timing-only change fails with --fail-on timing-only, and a faster one does not', () => {
    expect(gate(judge('regression', 'flat').suite, ['regression', 'failed', 'timing-only'])).toMatchObject({
      pass: false
    })
    expect(gate(judge('improvement', 'flat').suite, ['regression', 'failed', 'timing-only'])).toMatchObject({
      pass: true
    })
  })

  describe('"moved" reads only the events that do not depend on where code sits (docs/count-mode.md, "Moved")', () => {
    // Base: 100,000 instructions, 103,000 estimated cycles; +400 misses of any kind is +3.9% cycles,
    // which moved the benchmark under the old rule (instructions or estimated cycles).
    const CASES: Array<[string, Partial<Record<string, number>>, Verdict, Verdict, string[] | undefined]> = [
      ['Dr +3,000 (3% of the instructions)', { Dr: 33_000 }, 'regression', 'regression', undefined],
      ['Bc −3,000', { Bc: 12_000 }, 'regression', 'improvement', undefined],
      ['D1mr +400', { D1mr: 500 }, 'regression', 'regression', undefined],
      ['DLmw +40', { DLmw: 40 }, 'regression', 'regression', undefined],
      ['I1mr +400', { I1mr: 400 }, 'timing-only', 'inconclusive', ['I1mr']],
      ['Bcm +400', { Bcm: 600 }, 'timing-only', 'inconclusive', ['Bcm']],
      ['Bim +400 and I1mr +1', { Bim: 400, I1mr: 1 }, 'timing-only', 'inconclusive', ['I1mr', 'Bim']],
      // a rare miss appearing moves nothing: 2 misses are 20 estimated cycles of 103,000
      ['D1mw 0 → 2', { D1mw: 2 }, 'timing-only', 'inconclusive', undefined]
    ]
    it.each(CASES)(
      '%s %j: with a timing regression %s, with undecided timing %s',
      (_, head, slower, undecided, layout) => {
        const samples = countedEvents('BM', head)
        for (const [timing, shown] of [
          ['regression', slower],
          ['inconclusive', undecided]
        ] as const) {
          const timed = analyzeSuite({ samples: TIMING[timing]() })
          expect(timed.comparisons[0].verdict).toBe(timing)
          const suite = withCounts(timed, { samples, issues: [], method: METHOD }, options)
          const c = suite.comparisons[0]
          expect(c.verdict).toBe(shown)
          expect(c.counts!.layout).toEqual(layout)
          const md = renderMarkdown({ suite, run: { base: { label: 'main' }, head: { label: 'pr' } } })
          if (layout)
            expect(md).toContain(
              `instruction-cache/branch events moved: layout? (${layout.map((e) => `${e} +${head[e]! - (e === 'Bcm' ? 200 : 0)}`).join(', ')} per iteration)`
            )
          else expect(md).not.toContain('layout?')
        }
      }
    )
  })

  it('counts that say nothing (not deterministic) leave the timing verdict alone', () => {
    const timed = analyzeSuite({ samples: TIMING.regression() })
    const samples = counted('BM', 100_000, 100_000, 150_000)
    const suite = withCounts(timed, { samples, issues: [], method: METHOD }, options)
    expect(suite.comparisons[0].verdict).toBe('regression')
    expect(suite.comparisons[0].timingVerdict).toBeUndefined()
  })

  it('under randomised layouts with independent draws a timing change with the same instructions survived layout: it stands and fails (§10, §12)', () => {
    for (const [timing, fails] of [
      ['regression', true],
      ['improvement', false]
    ] as const) {
      const suite = underLayouts(timing, 'independent')
      const c = suite.comparisons[0]
      expect(c.verdict).toBe(timing)
      expect(c.notExplainedByCounts).toBe(true)
      expect(c.timingOnly).toBeUndefined()
      expect(gate(suite, ['regression', 'failed']).pass).toBe(!fails)
      const md = renderMarkdown({ suite, run: { base: { label: 'main' }, head: { label: 'pr' } } })
      expect(md).toContain('not explained by instructions: the change survived randomised code layouts')
    }
  })

  it('under shared draws a timing change with flat counts stays timing-only: shared draws exceed α for a moved layout (docs/layout.md)', () => {
    const suite = underLayouts('regression', 'shared')
    const c = suite.comparisons[0]
    expect(c).toMatchObject({ verdict: 'timing-only', timingOnly: true, timingVerdict: 'regression' })
    expect(c.notExplainedByCounts).toBeUndefined()
    expect(gate(suite, ['regression', 'failed']).pass).toBe(true)
  })
})
