import { describe, expect, it } from '@jest/globals'
import { decideVerdict } from '../../src/analysis/verdict.js'

// STATISTICS §7, case by case, with δ = 2% (t = ln 1.02): the verdict is read off the interval alone.
const minEffect = 0.02

describe('decideVerdict (STATISTICS §7)', () => {
  it.each([
    ['regression: interval above 0 and estimate ≥ δ', 1.05, [1.03, 1.07], 'regression'],
    ['regression exactly at the threshold', 1.02, [1.01, 1.03], 'regression'],
    ['regression: estimate ≥ δ, interval only just above 0', 1.03, [1.001, 1.06], 'regression'],
    ['improvement: interval below 0 and estimate ≤ −δ', 0.9, [0.88, 0.92], 'improvement'],
    ['improvement exactly at ln(1/1.02)', 1 / 1.02, [0.97, 0.99], 'improvement'],
    ['negligible: above 0 and inside (−t, t)', 1.01, [1.005, 1.015], 'negligible'],
    ['negligible on the faster side', 0.99, [0.985, 0.995], 'negligible'],
    ['unchanged: contains 0, inside (−t, t)', 1.001, [0.99, 1.012], 'unchanged'],
    ['inconclusive: CI reaches beyond +t', 1.01, [0.99, 1.03], 'inconclusive'],
    ['inconclusive: CI reaches beyond −t', 0.99, [0.97, 1.01], 'inconclusive'],
    ['inconclusive: CI touching +t is not inside', 1.0, [0.99, 1.02], 'inconclusive'],
    // The first design called these negligible (significant, estimate < δ): the interval reaches past δ.
    ['inconclusive: significant, estimate < δ, interval past +δ', 1.0175, [1.0066, 1.0323], 'inconclusive'],
    ['inconclusive: significant, estimate > −δ, interval past −δ', 0.985, [0.97, 0.995], 'inconclusive'],
    ['inconclusive: interval contains 0 even with a large estimate', 1.05, [0.999, 1.1], 'inconclusive']
  ] as const)('%s', (_name, ratio, ci, expected) => {
    const d = decideVerdict({ minEffect, ratio, ratioCi: [ci[0], ci[1]] })
    expect(d.verdict).toBe(expected)
    expect(d.reason).toBe(expected === 'inconclusive' ? 'interval-reaches-delta' : null)
  })

  it('a larger δ turns a regression into negligible only when the whole interval is inside ±δ', () => {
    const input = { ratio: 1.03, ratioCi: [1.02, 1.04] as [number, number] }
    expect(decideVerdict({ ...input, minEffect: 0.02 }).verdict).toBe('regression')
    expect(decideVerdict({ ...input, minEffect: 0.05 }).verdict).toBe('negligible')
    expect(decideVerdict({ ...input, minEffect: 0.035 }).verdict).toBe('inconclusive')
  })
})
