/**
 * Property (issue 12, STATISTICS §6–§7): over thousands of random suites, no verdict ever disagrees
 * with the interval printed beside it, and every interval is at the level its correction gives.
 * The rules are restated here on the ratio scale, independently of src/analysis/verdict.ts:
 *   regression    lo > 1 and estimate ≥ 1 + δ
 *   improvement   hi < 1 and estimate ≤ 1 / (1 + δ)
 *   negligible    (lo > 1 or hi < 1) and 1/(1 + δ) < lo, hi < 1 + δ
 *   unchanged     lo ≤ 1 ≤ hi and 1/(1 + δ) < lo, hi < 1 + δ
 *   inconclusive  none of the above (or too few processes for the level: then nothing is decided)
 * Seed: FUZZ_SEED reproduces a run; FUZZ_RUNS sets how many suites (default 250, about 9 s, a fresh seed every run; 2,000 passed when it was written).
 */
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { analyzeSuite } from '../../src/analysis/suite.js'
import type { Comparison, Correction } from '../../src/analysis/types.js'
import type { Sample } from '../../src/samples/model.js'
import { seededRandom } from '../helpers/r.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 250)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))

interface SuiteSpec {
  benchmarks: number
  runs: number
  reps: number
  correction: Correction
  minEffect: number
  /** Per benchmark: true ratio head/base and the noise (sd of ln time) of a run. */
  effects: Array<{ ratio: number; noise: number }>
  seed: number
}

const suiteSpec: fc.Arbitrary<SuiteSpec> = fc
  .record({
    benchmarks: fc.integer({ min: 1, max: 12 }),
    runs: fc.integer({ min: 3, max: 14 }),
    reps: fc.integer({ min: 1, max: 3 }),
    correction: fc.constantFrom<Correction>('bonferroni', 'holm', 'none'),
    minEffect: fc.constantFrom(0.005, 0.01, 0.02, 0.05),
    seed: fc.integer({ min: 1, max: 2 ** 30 })
  })
  .chain((s) =>
    fc
      .array(
        fc.record({
          // Around the interesting boundaries: no change, ±δ, clear changes.
          ratio: fc.constantFrom(1, 1.003, 1.01, 1.02, 1.025, 1.05, 0.98, 0.95, 0.9, 1.2),
          noise: fc.constantFrom(0.001, 0.005, 0.01, 0.03, 0.1)
        }),
        { minLength: s.benchmarks, maxLength: s.benchmarks }
      )
      .map((effects) => ({ ...s, effects }))
  )

function samplesOf(spec: SuiteSpec): Sample[] {
  const rnd = seededRandom(spec.seed)
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
  const out: Sample[] = []
  spec.effects.forEach((e, b) => {
    for (let run = 0; run < spec.runs; run++) {
      for (const side of ['base', 'head'] as const) {
        const level = 1000 * (side === 'head' ? e.ratio : 1) * Math.exp(e.noise * normal())
        for (let repetition = 0; repetition < spec.reps; repetition++) {
          const t = level * Math.exp(0.002 * normal())
          out.push({
            benchmark: `BM_${b}`,
            side,
            round: run,
            run,
            repetition,
            iterations: 1,
            realTimeNs: t,
            cpuTimeNs: t,
            threads: 1
          })
        }
      }
    }
  })
  return out
}

/** The §7 verdict the interval allows, restated on the ratio scale. */
function verdictOfInterval(c: Comparison, minEffect: number): string {
  const { estimate, ci } = c.ratio!
  const [lo, hi] = ci
  const up = 1 + minEffect
  const inside = lo > 1 / up && hi < up
  if (lo > 1 && estimate >= up) return 'regression'
  if (hi < 1 && estimate <= 1 / up) return 'improvement'
  if (inside && (lo > 1 || hi < 1)) return 'negligible'
  if (inside) return 'unchanged'
  return 'inconclusive'
}

describe(`verdicts never contradict their intervals (seed ${SEED}, ${RUNS} suites)`, () => {
  test('every tested benchmark, every correction', () => {
    let tested = 0
    const seen = new Set<string>()
    fc.assert(
      fc.property(suiteSpec, (spec) => {
        const suite = analyzeSuite(
          { samples: samplesOf(spec) },
          { correction: spec.correction, minEffect: spec.minEffect, metric: 'real_time' }
        )
        const k = suite.familySize
        for (const c of suite.comparisons) {
          seen.add(c.verdict)
          if (c.ratio === null) {
            // Not tested (too few processes): never a decided verdict.
            expect(['inconclusive', 'failed']).toContain(c.verdict)
            continue
          }
          if (c.inconclusiveReason === 'too-few-processes' || c.inconclusiveReason === 'level-unreachable') {
            // Too few runs for the level (§3): the interval is shown but decides nothing.
            expect(c.verdict).toBe('inconclusive')
            continue
          }
          tested++
          expect(c.verdict).toBe(verdictOfInterval(c, spec.minEffect))
          expect(c.ratio.ci[0]).toBeLessThanOrEqual(c.ratio.estimate)
          expect(c.ratio.estimate).toBeLessThanOrEqual(c.ratio.ci[1])
          // The level the correction gives (§6): 1 − α/K for Bonferroni, 1 − α without correction,
          // between the two for Holm (its step-level intervals).
          const alpha = suite.options.alpha
          if (spec.correction === 'bonferroni') expect(c.confLevel).toBeCloseTo(1 - alpha / k, 12)
          if (spec.correction === 'none') expect(c.confLevel).toBeCloseTo(1 - alpha, 12)
          if (spec.correction === 'holm') {
            expect(c.confLevel).toBeGreaterThanOrEqual(1 - alpha - 1e-12)
            expect(c.confLevel).toBeLessThanOrEqual(1 - alpha / k + 1e-12)
          }
        }
      }),
      { numRuns: RUNS, seed: SEED }
    )
    // The generator reaches every interval-based verdict, so the property is not vacuous.
    expect(tested).toBeGreaterThan(RUNS)
    for (const v of ['regression', 'improvement', 'negligible', 'unchanged', 'inconclusive'])
      expect(seen).toContain(v)
  }, 600_000)
})
