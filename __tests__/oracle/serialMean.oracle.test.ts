// The suite summary's interval (docs/statistics.md §10, src/stats/serialMean.ts) against R 4.2: Student's t
// interval of t.test(x, conf.level) widened about its mean by sqrt(max(1, 1 + 2 * acf(x, 1)$acf[2])), on
// random AR(1) series (positive, negative and no autocorrelation) of 5–60 values, the suite summary's range.
// Skipped, with the reason printed, when Rscript is missing — never faked.
// Seed: ORACLE_SEED=<int> reproduces a run; otherwise a fresh seed is drawn and shown in the test name.
// Tolerance: 1e-9 relative on the bounds (R's qt and ours agree to ~1e-12; the sums differ in order).
import { describe, expect, it } from '@jest/globals'
import { serialMeanInterval } from '../../src/stats/serialMean.js'
import { hasR, noRReason, relDiff, runR, seededRandom } from '../helpers/r.js'

const seed =
  process.env.ORACLE_SEED !== undefined
    ? Number(process.env.ORACLE_SEED)
    : Math.floor(Math.random() * 2 ** 31)

if (!hasR) console.warn(`serial mean oracle skipped: ${noRReason}`)
const suite = hasR ? describe : describe.skip

suite(`serialMeanInterval vs R's t.test and acf (seed ${seed})`, () => {
  it('matches on random AR(1) series at 90%, 99% and 99.9%', () => {
    const rnd = seededRandom(seed)
    const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
    const cases = 40
    const inputs: Record<string, number[]> = {}
    const levels = [0.9, 0.99, 0.999]
    for (let c = 0; c < cases; c++) {
      const n = 5 + Math.floor(rnd() * 56)
      const phi = [0.6, -0.5, 0][c % 3]
      let prev = normal()
      inputs[`x${c}`] = Array.from({ length: n }, () => {
        prev = phi * prev + normal()
        return 0.01 * prev + 0.003 * (rnd() - 0.5)
      })
    }
    inputs.levels = levels
    const out = runR(
      `for (c in 0:${cases - 1}) {
         x <- get(paste0("x", c)); lv <- levels[c %% 3 + 1]
         r1 <- acf(x, lag.max = 1, plot = FALSE)$acf[2]
         ci <- t.test(x, conf.level = lv)$conf.int
         m <- mean(x); f <- sqrt(max(1, 1 + 2 * r1))
         emit(paste0("ci", c), c(m - f * (m - ci[1]), m + f * (ci[2] - m)))
         emit(paste0("r", c), r1)
       }`,
      inputs
    )
    let widened = 0
    for (let c = 0; c < cases; c++) {
      const got = serialMeanInterval(inputs[`x${c}`], levels[c % 3])
      const [lo, hi] = out[`ci${c}`]
      for (const [a, b, what] of [
        [got.ci[0], lo, 'lower'],
        [got.ci[1], hi, 'upper']
      ] as const)
        if (!(relDiff(a, b, 1e-300) <= 1e-9))
          throw new Error(`case ${c} ${what}: got ${a}, R ${b} (seed ${seed})`)
      expect(got.lag1).toBeCloseTo(out[`r${c}`][0], 12)
      if (got.inflation > 1) widened++
    }
    // Both branches ran: some series widened (positive r₁), some left at the t interval.
    expect(widened).toBeGreaterThan(0)
    expect(widened).toBeLessThan(cases)
  })
})
