/**
 * Decidability before measuring (docs/statistics.md §10, §13): the run line states K and n_min for the test
 * in force; when head's timing shows the time budget cannot reach n_min, the run says so before the base
 * is built and measures a design that can decide; when the budget ends the rounds below n_min anyway,
 * the report says once, first, that nothing could be decided.
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { DEFAULT_CONFIG, type Config } from '../../src/config/index.js'
import { budgetEndedUndecided, planRun, roundSeconds, timesHead } from '../../src/measure/runPlan.js'
import { headline } from '../../src/report/wording.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { reportOf } from '../report/syntheticReport.js'
import { measure } from '../helpers/samples.js'

/** The run's config with its design resolved, as the pipeline plans it. */
function config(interleave: 'benchmark' | 'suite', over: Partial<Config> = {}): Config {
  return { ...DEFAULT_CONFIG, ...over, analysis: { ...DEFAULT_CONFIG.analysis, interleave } }
}

/** 72 benchmarks whose head process took 22 s: ≈ 45 s a round, 12 measured rounds in 600 s. */
const SLOW = { suiteSeconds: 22, startSeconds: 0.01 }

describe('the run line', () => {
  it('states K and n_min of the signed-rank test under per-benchmark pairs (14 pairs at K = 69)', () => {
    const p = planRun(config('benchmark'), 'auto', 69, null)
    expect(p.line).toMatch(/^K = 69 benchmarks at α = 0\.01 \(bonferroni: each test at 0\.00014\)/)
    expect(p.line).toContain('per-benchmark pairs, signed-rank test; n_min = 14 pairs')
    expect(p.line).toContain('20 rounds planned')
    expect(p.raised).toBeNull()
  })

  it('states the rank-sum n_min under --interleave suite (9 runs per side at K = 69; 8 at K = 1 pairs)', () => {
    expect(planRun(config('suite'), 'suite', 69, null).line).toContain(
      'whole-suite rounds, rank-sum test; n_min = 9 runs per side'
    )
    expect(planRun(config('benchmark'), 'auto', 1, null).line).toContain('n_min = 8 pairs')
  })

  it('raises the rounds to n_min and says the budget it was timed against', () => {
    const p = planRun(config('benchmark', { rounds: 5 }), 'auto', 4, {
      suiteSeconds: 0.5,
      startSeconds: 0.01
    })
    expect(p.plan.rounds).toBe(10) // 2/2ⁿ ≤ 0.01/4
    expect(p.raised).toContain('raising --rounds from 5 to 10')
    expect(p.line).toContain('10 rounds planned (≈ 1s a round by head’s timing'.replace('’', "'"))
    expect(p.budget).toBeNull()
  })

  it('nothing for counts alone or an empty list', () => {
    expect(planRun(config('benchmark', { measure: 'counts' }), 'auto', 6, null).line).toBeNull()
    expect(planRun(config('benchmark'), 'auto', 0, null).line).toBeNull()
  })
})

describe('a time budget that cannot reach n_min, said before the base is built', () => {
  it('K = 72, ≈ 45 s a round: 12 rounds fit, pairs need 14, so whole-suite rounds (9 runs per side) are measured', () => {
    expect(roundSeconds('benchmark', 72, SLOW)).toBeCloseTo(2 * (22 + 71 * 0.01), 9)
    const p = planRun(config('benchmark'), 'auto', 72, SLOW)
    expect(p.plan.analysis.interleave).toBe('suite')
    expect(p.budget).toMatch(
      /the 600 s time budget allows ≈ 12 rounds .*per-benchmark pairs, signed-rank test needs 14 pairs to decide anything at K = 72: measuring whole-suite rounds instead \(rank-sum test: 9 runs per side decide/
    )
    expect(p.line).toContain('whole-suite rounds, rank-sum test; n_min = 9 runs per side')
  })

  it('an explicit --interleave benchmark is kept, and told what would decide', () => {
    const p = planRun(config('benchmark'), 'benchmark', 72, SLOW)
    expect(p.plan.analysis.interleave).toBe('benchmark')
    expect(p.budget).toMatch(
      /as planned, no benchmark can be decided by timing\. Raise --time-budget to at least \d+ s/
    )
    expect(p.budget).toContain('--interleave suite')
  })

  it('no design fits: said, with the budget that would', () => {
    const p = planRun(config('benchmark'), 'auto', 72, { suiteSeconds: 200, startSeconds: 0.01 })
    expect(p.plan.analysis.interleave).toBe('benchmark')
    expect(p.budget).toMatch(/allows ≈ 0 rounds.*no benchmark can be decided by timing/)
  })

  it('a budget that reaches n_min changes nothing', () => {
    const p = planRun(config('benchmark'), 'auto', 72, { suiteSeconds: 5, startSeconds: 0.01 })
    expect(p.budget).toBeNull()
    expect(p.plan.analysis.interleave).toBe('benchmark')
  })

  it('head is timed only when a budget could stop the rounds (not for counts, no budget, a shard)', () => {
    expect(timesHead(config('benchmark'), 6)).toBe(true)
    expect(timesHead(config('benchmark', { timeBudgetSeconds: null }), 6)).toBe(false)
    expect(timesHead(config('benchmark', { measure: 'counts' }), 6)).toBe(false)
    expect(timesHead(config('benchmark', { shard: { index: 1, count: 2 } }), 6)).toBe(false)
  })
})

describe('the budget ended below n_min', () => {
  // 3 benchmarks at K = 3 need 10 pairs (2/2ⁿ ≤ 0.01/3); the budget stopped at 7 rounds.
  const samples = ['BM_a', 'BM_b', 'BM_c'].flatMap((n, i) => measure(n, 1.01, 0.03, 0, 7, 10 + i))
  const analysis = { ...DEFAULT_CONFIG.analysis, interleave: 'benchmark' as const }

  it('says once, first, that the budget ended before the test could decide anything', () => {
    const suite = analyzeSuite({ samples }, analysis)
    const w = budgetEndedUndecided(suite, { stoppedEarly: 'time-budget', completedRounds: 7 }, 600)!
    expect(w.message).toMatch(
      /ended after 7 rounds, before the 10 pairs the signed-rank test needs to decide anything at K = 3/
    )
    suite.warnings.unshift(w)
    expect(headline(suite, () => '')).toMatch(
      /^ ?the time budget ended before the test could decide anything · 3 /
    )
    expect(suite.comparisons.every((c) => c.advice === null)).toBe(true)
    const md = renderMarkdown(reportOf(suite))
    expect(md).not.toMatch(/too noisy/)
  })

  it('not when the rounds reached n_min or stopped for another reason', () => {
    const suite = analyzeSuite({ samples }, analysis)
    expect(budgetEndedUndecided(suite, { stoppedEarly: 'interrupted', completedRounds: 7 }, 600)).toBeNull()
    expect(budgetEndedUndecided(suite, { stoppedEarly: 'time-budget', completedRounds: 10 }, 600)).toBeNull()
  })
})
