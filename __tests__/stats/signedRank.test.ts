/**
 * Golden cases from R 4.2.2 (values printed by the command in each test's comment), so the paired
 * analysis is checked without R too; the live comparison is __tests__/oracle/signedRank.oracle.test.ts.
 */
import { describe, expect, it } from '@jest/globals'
import { wilcoxonSignedRank } from '../../src/stats/signedRank.js'

describe('wilcoxonSignedRank, golden cases from R', () => {
  it("R's depression example (?wilcox.test): exact", () => {
    // x <- c(1.83,0.50,1.62,2.48,1.68,1.88,1.55,3.06,1.30); y <- c(0.878,0.647,0.598,2.05,1.06,1.29,1.06,3.14,1.29)
    // wilcox.test(x, y, paired = TRUE, conf.int = TRUE): V = 40, p = 0.0390625, (pseudo)median 0.46, CI [0.01, 0.786]
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3]
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
    const r = wilcoxonSignedRank(x.map((v, i) => v - y[i]))
    expect(r.method).toBe('exact')
    expect(r.v).toBe(40)
    expect(r.pValue).toBeCloseTo(0.0390625, 12)
    expect(r.estimate).toBeCloseTo(0.46, 12)
    expect(r.ci[0]).toBeCloseTo(0.01, 12)
    expect(r.ci[1]).toBeCloseTo(0.786, 12)
  })

  it('ties and a zero: normal approximation, the level R reports when 99% is beyond reach', () => {
    // wilcox.test(c(1,2,2,3,-1,4,5,0,6), conf.int = TRUE, conf.level = 0.99, tol.root = 1e-12):
    // V = 34.5, p = 0.02470659, CI [0.5, 5] at conf.level 0.96
    const r = wilcoxonSignedRank([1, 2, 2, 3, -1, 4, 5, 0, 6], { confLevel: 0.99 })
    expect(r.method).toBe('normal')
    expect(r.zeros).toBe(1)
    expect(r.v).toBe(34.5)
    expect(r.pValue).toBeCloseTo(0.02470659, 8)
    expect(r.ci[0]).toBeCloseTo(0.5, 9)
    expect(r.ci[1]).toBeCloseTo(5, 9)
    expect(r.confLevel).toBe(0.96)
  })
})
