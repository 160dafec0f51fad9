import { describe, expect, it } from '@jest/globals'
import { decideVerdict } from '../../src/analysis/verdict.js'

// STATISTICS §7, case by case, with α = 0.01 and δ = 2% (t = ln 1.02).
const base = { alpha: 0.01, minEffect: 0.02 }

describe('decideVerdict (STATISTICS §7)', () => {
  it.each([
    ['regression: significant and ≥ δ', 0.001, 1.05, [1.03, 1.07], 'regression'],
    ['regression exactly at the threshold', 0.001, 1.02, [1.01, 1.03], 'regression'],
    ['improvement: significant and ≤ −δ', 0.001, 0.9, [0.88, 0.92], 'improvement'],
    ['improvement exactly at ln(1/1.02)', 0.001, 1 / 1.02, [0.97, 0.99], 'improvement'],
    ['negligible: significant but smaller than δ', 0.001, 1.01, [1.005, 1.015], 'negligible'],
    ['negligible on the faster side', 0.001, 0.99, [0.985, 0.995], 'negligible'],
    ['unchanged: CI inside (−t, t)', 0.5, 1.001, [0.99, 1.012], 'unchanged'],
    ['inconclusive: CI reaches beyond +t', 0.2, 1.01, [0.99, 1.03], 'inconclusive'],
    ['inconclusive: CI reaches beyond −t', 0.2, 0.99, [0.97, 1.01], 'inconclusive'],
    ['inconclusive: CI touching +t is not inside', 0.3, 1.0, [0.99, 1.02], 'inconclusive'],
    ['p exactly α is not significant', 0.01, 1.05, [0.999, 1.1], 'inconclusive']
  ] as const)('%s', (_name, pAdjusted, ratio, ci, expected) => {
    expect(decideVerdict({ ...base, pAdjusted, ratio, ratioCi: [ci[0], ci[1]] })).toBe(expected)
  })

  it('uses the adjusted p, so a larger δ turns a regression into negligible', () => {
    const input = { pAdjusted: 1e-6, ratio: 1.03, ratioCi: [1.02, 1.04] as [number, number], alpha: 0.01 }
    expect(decideVerdict({ ...input, minEffect: 0.02 })).toBe('regression')
    expect(decideVerdict({ ...input, minEffect: 0.05 })).toBe('negligible')
  })
})
