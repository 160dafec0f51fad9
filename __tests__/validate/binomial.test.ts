// Clopper-Pearson intervals of the validation study against R's binom.test(x, n)$conf.int.
import { describe, expect, it } from '@jest/globals'
import { hasR, noRReason, runR } from '../helpers/r.js'
import { betaQuantile, clopperPearson } from '../../validation/src/model/binomial.js'

const CASES: Array<[number, number]> = [
  [0, 1],
  [1, 1],
  [0, 10],
  [1, 10],
  [5, 10],
  [10, 10],
  [0, 30],
  [1, 30],
  [3, 32],
  [30, 32],
  [0, 400],
  [4, 400],
  [20, 2000],
  [1999, 2000],
  [0, 2000],
  [57, 100]
]

describe('clopperPearson', () => {
  it('handles the edges and bad input', () => {
    expect(clopperPearson(0, 10).lower).toBe(0)
    expect(clopperPearson(10, 10).upper).toBe(1)
    expect(clopperPearson(0, 0)).toMatchObject({ lower: 0, upper: 1 })
    expect(() => clopperPearson(3, 2)).toThrow(RangeError)
    expect(() => clopperPearson(1.5, 2)).toThrow(RangeError)
    expect(() => clopperPearson(1, 2, 1)).toThrow(RangeError)
    // the zero-success upper bound has a closed form: 1 − (α/2)^(1/n)
    expect(clopperPearson(0, 30).upper).toBeCloseTo(1 - 0.025 ** (1 / 30), 12)
  })

  it('betaQuantile inverts the regularized incomplete beta', () => {
    expect(betaQuantile(0.5, 2, 2)).toBeCloseTo(0.5, 12)
    expect(betaQuantile(0.025, 1, 1)).toBeCloseTo(0.025, 12)
  })

  const itR = hasR ? it : it.skip
  if (!hasR) console.warn(noRReason)
  itR('agrees with R binom.test to 1e-9', () => {
    const xs = CASES.map((c) => c[0])
    const ns = CASES.map((c) => c[1])
    const r = runR(
      'for (i in seq_along(xs)) { ci <- binom.test(xs[i], ns[i])$conf.int; emit(paste0("lo", i), ci[1]); emit(paste0("hi", i), ci[2]) }',
      { xs, ns }
    )
    CASES.forEach(([x, n], i) => {
      const ci = clopperPearson(x, n)
      expect(Math.abs(ci.lower - r[`lo${i + 1}`][0])).toBeLessThan(1e-9)
      expect(Math.abs(ci.upper - r[`hi${i + 1}`][0])).toBeLessThan(1e-9)
    })
  })
})
