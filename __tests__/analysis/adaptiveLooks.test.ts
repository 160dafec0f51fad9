import { describe, expect, it } from '@jest/globals'
import { FUTILITY_POWER, SequentialAnalysis, MIN_TEST_ALPHA } from '../../src/analysis/adaptiveLooks.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { obrienFlemingSpending } from '../../src/stats/groupSequential.js'
import { measure } from '../helpers/samples.js'

const opts = { alpha: 0.05 }

describe('analyzeSuite familyPadding', () => {
  it('counts earlier-resolved benchmarks in the Bonferroni family: intervals at 1 − α/K, p shown as K·p', () => {
    const samples = [...measure('A', 1.01, 0.02, 0, 8, 1), ...measure('B', 1, 0.02, 0, 8, 2)]
    const padded = analyzeSuite({ samples }, { ...opts, familyPadding: 3 })
    expect(padded.familySize).toBe(5)
    for (const c of padded.comparisons) {
      expect(c.confLevel).toBeCloseTo(1 - 0.05 / 5, 15)
      expect(c.pAdjusted).toBeCloseTo(Math.min(1, 5 * c.pValue!), 15)
    }
  })
  it('counts earlier-resolved benchmarks in the Holm family with p = 1', () => {
    const samples = [...measure('A', 1.01, 0.02, 0, 8, 1), ...measure('B', 1, 0.02, 0, 8, 2)]
    const holm = { ...opts, correction: 'holm' as const }
    const plain = analyzeSuite({ samples }, holm)
    const padded = analyzeSuite({ samples }, { ...holm, familyPadding: 3 })
    const p = plain.comparisons.map((c) => c.pValue!)
    const sorted = [...p].sort((a, b) => a - b)
    // Holm over 5 hypotheses: the smallest p is multiplied by 5 instead of 2
    const smallest = padded.comparisons.find((c) => c.pValue === sorted[0])!
    expect(smallest.pAdjusted).toBeCloseTo(Math.min(1, 5 * sorted[0]), 12)
  })
  it('testAlpha sets the CI level, and power is computed at that level too (STATISTICS §4)', () => {
    const samples = measure('A', 1.01, 0.02, 0, 8, 3)
    const s = analyzeSuite({ samples }, { ...opts, testAlpha: 0.001 })
    expect(s.comparisons[0].confLevel).toBeCloseTo(0.999, 15)
    expect(s.comparisons[0].power!.alpha).toBeCloseTo(0.001, 15)
    const t = analyzeSuite({ samples }, opts)
    expect(t.comparisons[0].power!.alpha).toBeCloseTo(0.05, 15)
    // A stricter level needs a larger effect to be detected with the same runs.
    expect(s.comparisons[0].power!.minDetectableEffect!).toBeGreaterThan(
      t.comparisons[0].power!.minDetectableEffect!
    )
  })
})

describe('SequentialAnalysis', () => {
  it('freezes resolved benchmarks, keeps the rest active, and ends at the final look', () => {
    // Futility off: BM_noisy must reach the final look.
    const seq = new SequentialAnalysis(opts, 30, { futilityPower: 0 })
    let samples = [
      ...measure('BM_big', 1.3, 0.01, 0, 10, 4),
      ...measure('BM_same', 1, 0.0005, 0, 10, 5),
      ...measure('BM_noisy', 1, 0.3, 0, 10, 6)
    ]
    const l1 = seq.look({ samples }, { rounds: 10, final: false })
    expect(l1.testAlpha).toBeCloseTo(obrienFlemingSpending(1 / 3, 0.05), 15)
    expect(l1.active).toEqual(['BM_noisy'])
    expect(l1.stopped).toEqual(['BM_big', 'BM_same'])
    samples = [
      ...samples,
      ...measure('BM_noisy', 1, 0.3, 10, 30, 7),
      ...measure('BM_big', 1, 0.01, 10, 30, 8)
    ]
    const l2 = seq.look({ samples }, { rounds: 30, final: true })
    expect(l2.testAlpha).toBeCloseTo(0.05 - obrienFlemingSpending(1 / 3, 0.05), 15)
    expect(l2.active).toEqual([])
    const r = seq.result()
    const by = Object.fromEntries(r.comparisons.map((c) => [c.benchmark, c]))
    // BM_big keeps its first-look verdict: later samples of a resolved benchmark are ignored
    expect(by.BM_big.verdict).toBe('regression')
    expect(by.BM_big.adaptive).toMatchObject({ rounds: 10, look: 1, stopReason: 'resolved' })
    expect(by.BM_same.verdict).toBe('unchanged')
    expect(by.BM_noisy.adaptive).toMatchObject({ rounds: 30, look: 2, stopReason: 'max-rounds' })
    expect(r.counts.regression + r.counts.unchanged + r.counts.inconclusive).toBe(3)
    expect(r.options.testAlpha).toBeUndefined()
  })

  it('a look below the level floor resolves nothing', () => {
    const seq = new SequentialAnalysis({ alpha: 0.01 }, 400)
    const l = seq.look({ samples: measure('BM_big', 1.5, 0.01, 0, 4, 9) }, { rounds: 4, final: false })
    expect(l.testAlpha).toBe(MIN_TEST_ALPHA)
    expect(l.active).toEqual(['BM_big'])
  })

  it('stops a benchmark too noisy to decide by the maximum rounds (futile), not one that can still be decided', () => {
    const seq = new SequentialAnalysis({ alpha: 0.01 }, 60)
    const samples = [
      // A/A at 25% noise between processes: 60 rounds leave a CI of about ±10%, far wider than δ = 2%.
      ...measure('BM_hopeless', 1, 0.25, 0, 20, 10),
      // A/A at 1%: not resolved at 8e-6 after 20 rounds perhaps, but 60 rounds would show it unchanged.
      ...measure('BM_quiet', 1, 0.01, 0, 20, 11),
      // +12% at 25% noise: as noisy as BM_hopeless and not yet significant at the first look's 8e-6,
      // but on course to be found by 60 rounds.
      ...measure('BM_big_noisy', 1.12, 0.25, 0, 20, 12)
    ]
    const l1 = seq.look({ samples }, { rounds: 20, final: false })
    expect(l1.stopped).toContain('BM_hopeless')
    expect(l1.active).toContain('BM_big_noisy')
    expect(l1.active.includes('BM_quiet') || l1.stopped.includes('BM_quiet')).toBe(true)
    const hopeless = seq.result().comparisons.find((c) => c.benchmark === 'BM_hopeless')!
    expect(hopeless.verdict).toBe('inconclusive')
    expect(hopeless.adaptive).toMatchObject({ rounds: 20, look: 1, stopReason: 'futile' })
    const w = hopeless.warnings.find((x) => x.code === 'adaptive-futile')!
    expect(w.message).toMatch(/too noisy to decide within 60 rounds: its CI would still be about ±\d+\.\d%/)
    const quiet = seq.result().comparisons.find((c) => c.benchmark === 'BM_quiet')!
    expect(quiet.adaptive?.stopReason).not.toBe('futile')
    expect(FUTILITY_POWER).toBe(0.01)
  })

  it('futilityPower 0 never stops for futility', () => {
    const seq = new SequentialAnalysis({ alpha: 0.01 }, 60, { futilityPower: 0 })
    const l1 = seq.look({ samples: measure('BM_hopeless', 1, 0.25, 0, 20, 10) }, { rounds: 20, final: false })
    expect(l1.active).toEqual(['BM_hopeless'])
  })
})
