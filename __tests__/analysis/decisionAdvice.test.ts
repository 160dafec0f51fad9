/**
 * Advice that delivers (issue 27, STATISTICS §4): rounds are advised only where a §7 verdict becomes
 * likely; near ±δ the advice is "too close to the minimum effect"; a wide interval far from δ is
 * "too noisy" when even twice the rounds would not do. What the advice delivers is measured by
 * validation/src/studies/advice.ts (docs/VALIDATION.md, "Advice that delivers").
 */
import { describe, expect, it } from '@jest/globals'
import { compare } from '../../src/analysis/comparison.js'
import {
  DECISION_TARGET,
  decisionProbability,
  halfWidth,
  roundsToDecide,
  sdFromInterval,
  type DecisionModel
} from '../../src/analysis/decisionAdvice.js'

const model = (estimatePercent: number, sd: number, n0 = 10): DecisionModel => ({
  estimate: Math.log1p(estimatePercent / 100),
  sd,
  n0,
  alpha: 0.01 / 6,
  minEffect: 0.02
})

describe('decision probability (§4 advice)', () => {
  it('grows with the rounds appended for an estimate clear of ±δ', () => {
    const m = model(6, 0.03)
    const p = [11, 15, 20, 30].map((n) => decisionProbability(m, n))
    for (let i = 1; i < p.length; i++) expect(p[i]).toBeGreaterThanOrEqual(p[i - 1] - 1e-12)
    expect(p[3]).toBeGreaterThan(0.8)
  })

  it('stays near a coin flip at δ, at any number of rounds', () => {
    for (const n of [20, 100, 1000]) expect(decisionProbability(model(2, 0.02), n)).toBeLessThan(0.7)
  })

  it('advises the fewest rounds that reach the model target, and none beyond the cap', () => {
    const a = roundsToDecide(model(6, 0.03), 7, 30)
    expect(a.kind).toBe('more-rounds')
    const rounds = (a as { rounds: number }).rounds
    expect(decisionProbability(model(6, 0.03), 10 + rounds)).toBeGreaterThanOrEqual(DECISION_TARGET)
    expect(decisionProbability(model(6, 0.03), 10 + rounds - 1)).toBeLessThan(DECISION_TARGET)
  })

  it("says 'too close' near δ when the cap's interval would be narrow, and 'too noisy' when it would be wide", () => {
    expect(roundsToDecide(model(2, 0.01), 7, 30)).toEqual({ kind: 'too-close' })
    expect(roundsToDecide(model(8, 0.2), 7, 30)).toEqual({ kind: 'too-noisy' })
  })

  it('sdFromInterval inverts halfWidth', () => {
    const m = model(3, 0.025, 12)
    const h = halfWidth(m, 12)
    expect(sdFromInterval([Math.exp(m.estimate - h), Math.exp(m.estimate + h)], 12, m.alpha)).toBeCloseTo(
      0.025,
      10
    )
  })
})

describe('advice in a comparison', () => {
  const runs = (median: number, spread: number[]) =>
    spread.map((s, run) => ({ value: median * (1 + s), round: run, run, repetition: 0 }))
  const noise = [0.004, -0.006, 0.011, -0.002, 0.007, -0.009, 0.001, 0.005, -0.004, -0.007]

  it('an interval straddling +δ with a tight spread is told it is too close to the minimum effect', () => {
    const c = compare('BM_X', runs(1000, noise), runs(1019, noise.slice().reverse()))
    expect(c.verdict).toBe('inconclusive')
    expect(c.advice).toEqual({ kind: 'too-close' })
  })
})
