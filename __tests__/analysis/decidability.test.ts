/**
 * Decidability before measuring (STATISTICS §10): the fewest runs per side at which the exact
 * Mann-Whitney test can reach α/K. The boundary cases are checked against R's pwilcox when R is
 * here (the smallest two-sided p with n per side and no ties is 2·pwilcox(0, n, n)).
 */
import { describe, expect, it } from '@jest/globals'
import { decidability, decidableRounds } from '../../src/analysis/decidability.js'
import { hasR, noRReason, runR } from '../helpers/r.js'

const bonferroni = { alpha: 0.01, correction: 'bonferroni' as const }

describe('decidability', () => {
  it("6 benchmarks at α = 0.01 need 7 runs per side (the issue's case); one benchmark needs R_MIN = 5", () => {
    expect(decidability(6, bonferroni)).toEqual({ testLevel: 0.01 / 6, minRuns: 7 })
    expect(decidability(1, bonferroni).minRuns).toBe(5)
    expect(decidability(6, { alpha: 0.01, correction: 'none' }).minRuns).toBe(5)
    expect(decidability(6, { alpha: 0.01, correction: 'holm' }).minRuns).toBe(7) // Holm's first step is α/K
    expect(decidableRounds(6, bonferroni, 3).rounds).toBe(7)
    expect(decidableRounds(6, bonferroni, 12).rounds).toBe(12) // never lowered
  })

  it('an adaptive design is raised until its first look can decide, within its maximum', () => {
    const { rounds, decidability: d } = decidableRounds(6, bonferroni, 3, 30)
    expect(rounds).toBeGreaterThanOrEqual(d.minRuns)
    expect(rounds).toBeLessThanOrEqual(30)
    expect(decidableRounds(6, bonferroni, 3, 8).rounds).toBe(7) // its one look at 7 of 8 rounds spends nearly all α
    expect(decidableRounds(6, bonferroni, 3, 6).rounds).toBe(6) // capped at the maximum, still short of 7
  })

  ;(hasR ? it : it.skip)(
    `the boundary agrees with R's pwilcox for K = 1..200 ${hasR ? '' : `(${noRReason})`}`,
    () => {
      const ks = [1, 2, 3, 6, 10, 20, 50, 69, 100, 200]
      const r = runR(
        'emit("n", sapply(k, function(k) { n <- 2; while (2 * pwilcox(0, n, n) > 0.01 / k) n <- n + 1; max(n, 5) }))',
        { k: ks }
      )
      expect(ks.map((k) => decidability(k, bonferroni).minRuns)).toEqual(r.n)
    }
  )
})
