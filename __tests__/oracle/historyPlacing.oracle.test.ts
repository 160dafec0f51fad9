// The history's change-point statistics (docs/history.md, "Change points") against R 4.2:
// - rankShiftTest: Mann-Whitney's z and two-sided p of wilcox.test(after, before, exact = FALSE,
//   correct = FALSE), the z divided by √f for a serial-correlation factor f;
// - refineChangePoints with rho: the place of one step that minimises the residual deviance of
//   lm(y* ~ 0 + xa + xb) on the AR(1)-whitened values y*_t = y_t − ρ·y_{t−1} and regressors (the GLS
//   sum of squares given the first value; at ρ = 0 ordinary least squares on every value), searched
//   over every split with 5 values a side.
// Random continuous series (no ties), seeded; skipped with the reason printed when Rscript is missing.
// Seed: ORACLE_SEED=<int> reproduces a run; otherwise a fresh seed is drawn and shown in the test name.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { refineChangePoints } from '../../src/stats/changePoints.js'
import { rankShiftTest } from '../../src/stats/serialShift.js'
import { hasR, noRReason, oracleSeed, relDiff, rBatch, seededRandom } from '../helpers/r.js'

const seed = oracleSeed()
if (!hasR) console.warn(`history placing oracle skipped: ${noRReason}`)
const suite = hasR ? describe : describe.skip

/** The file's R scripts run in one R process (each Rscript start costs ~0.3 s of CPU). */
const batch = rBatch()
// The batch runs before the first test, with the time it needs on a loaded machine.
beforeAll(() => {
  if (hasR) batch.run()
}, 120_000)

/** An AR(1) series of n values with coefficient phi and a step of `step` at `at`. */
function arSeries(rnd: () => number, n: number, phi: number, at: number, step: number): number[] {
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
  let e = normal()
  return Array.from({ length: n }, (_, i) => {
    const x = e + (i >= at ? step : 0)
    e = phi * e + Math.sqrt(1 - phi * phi) * normal()
    return x
  })
}

suite(`history change-point statistics vs R (seed ${seed})`, () => {
  const checkRankShift = (() => {
    const rnd = seededRandom(seed)
    const cases = 30
    const inputs: Record<string, number[]> = {}
    const f = [1, 1.5, 4]
    for (let c = 0; c < cases; c++) {
      inputs[`b${c}`] = arSeries(rnd, 5 + Math.floor(rnd() * 60), 0, 0, 0)
      inputs[`a${c}`] = arSeries(rnd, 5 + Math.floor(rnd() * 60), 0, 0, rnd())
    }
    const rR = batch.add(
      Array.from({ length: cases }, (_, c) =>
        [
          `w <- wilcox.test(a${c}, b${c}, exact = FALSE, correct = FALSE)`,
          `n <- length(b${c}); m <- length(a${c})`,
          `z <- (w$statistic - n * m / 2) / sqrt(n * m * (n + m + 1) / 12)`,
          `emit("z${c}", z); emit("p${c}", w$p.value); emit("s${c}", median(a${c}) - median(b${c}))`
        ].join('\n')
      ).join('\n'),
      inputs
    )
    return () => {
      const r = rR()
      for (let c = 0; c < cases; c++) {
        const k = f[c % f.length]
        const t = rankShiftTest(inputs[`b${c}`], inputs[`a${c}`], k)
        expect(relDiff(t.z, r[`z${c}`][0] / Math.sqrt(k))).toBeLessThan(1e-9)
        if (k === 1) expect(relDiff(t.pValue, r[`p${c}`][0])).toBeLessThan(1e-9)
        expect(t.shift).toBeCloseTo(r[`s${c}`][0], 12)
      }
    }
  })()
  it("rankShiftTest: z and p as wilcox.test's normal approximation, widened by √f", checkRankShift)

  const checkRefineSplit = (() => {
    const rnd = seededRandom(seed + 1)
    const cases = 24
    const inputs: Record<string, number[]> = {}
    const rhos: number[] = []
    for (let c = 0; c < cases; c++) {
      const n = 20 + Math.floor(rnd() * 80)
      const rho = [0, 0.3, 0.6, 0.85][c % 4]
      rhos.push(rho)
      inputs[`y${c}`] = arSeries(rnd, n, rho, 5 + Math.floor(rnd() * (n - 10)), rnd() * 2)
    }
    const rR = batch.add(
      Array.from(
        { length: cases },
        (_, c) => `
  y <- y${c}; n <- length(y); rho <- ${rhos[c]}
  # rho = 0: ordinary least squares on every value; else given the first value, on the whitened ones.
  white <- function(v) if (rho == 0) v else v[2:n] - rho * v[1:(n - 1)]
  dev <- sapply(5:(n - 5), function(s) {  # s: 0-based first index of the new level
    before <- as.numeric((0:(n - 1)) < s)
    xa <- white(before); xb <- white(1 - before)
    deviance(lm(white(y) ~ 0 + xa + xb))
  })
  emit("at${c}", (5:(n - 5))[which.min(dev)])
  emit("gap${c}", sort(dev)[2] - min(dev))`
      ).join('\n'),
      inputs
    )
    return () => {
      const r = rR()
      let compared = 0
      for (let c = 0; c < cases; c++) {
        // A near-tie of two splits may fall either way in floating point: compare the clear ones.
        if (!(r[`gap${c}`][0] > 1e-9)) continue
        compared++
        const [p] = refineChangePoints(inputs[`y${c}`], [{ index: 5 }], 5, rhos[c])
        expect({ c, at: p.index }).toEqual({ c, at: r[`at${c}`][0] })
      }
      expect(compared).toBeGreaterThan(cases / 2)
    }
  })()
  it(
    'refineChangePoints(rho): the split of least GLS deviance, as lm on the whitened values',
    checkRefineSplit
  )
})
