/**
 * Advice under per-benchmark pairs (docs/statistics.md §4, docs/VALIDATION.md "Advice that delivers"):
 * σ and the interval's arms are read off the pairs' own Walsh averages (pairedReading), so a few pairs
 * straddling a slow phase, which widen the interval at α/K of 20 pairs but not the one at the cap, no
 * longer make every benchmark "too noisy".
 */
import { describe, expect, it } from '@jest/globals'
import { compare } from '../../src/analysis/comparison.js'
import { pairedReading, standardError } from '../../src/analysis/decisionAdvice.js'
import { withSuiteAdvice } from '../../src/analysis/power.js'
import { DEFAULT_ANALYSIS_OPTIONS, type Comparison } from '../../src/analysis/types.js'
import { prattSignedRank } from '../../src/stats/prattSignedRank.js'
import { hasR, noRReason, runR, seededRandom } from '../helpers/r.js'

const ALPHA = 0.01 / 6

/** Log-ratios of a true +5% with 4% noise per pair; 7% of pairs a slow phase on head, 7% on base. */
function phasedSeries(seed: number, benchmarks: number, pairs: number): number[][] {
  const u = seededRandom(seed)
  const normal = () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u())
  return Array.from({ length: benchmarks }, () =>
    Array.from({ length: pairs }, () => {
      const r = u()
      return Math.log(1.05) + 0.04 * normal() + (r < 0.07 ? 0.63 : r > 0.93 ? -0.63 : 0)
    })
  )
}

/** The suite of the first n pairs of each series, analysed and advised as `run` does under pairs. */
function suiteAt(series: number[][], n: number): Comparison[] {
  const runs = (d: number[], head: boolean) =>
    d
      .slice(0, n)
      .map((x, round) => ({ value: 1000 * (head ? Math.exp(x) : 1), round, run: round, repetition: 0 }))
  const opts = { ...DEFAULT_ANALYSIS_OPTIONS, interleave: 'benchmark' as const }
  const suite = series.map((d, i) =>
    compare(`BM_${i}`, runs(d, false), runs(d, true), { ...opts, alpha: ALPHA })
  )
  withSuiteAdvice(suite, opts)
  return suite
}

describe('advice under pairs with slow phases', () => {
  it('names the rounds that decide a +5% the cap decides, where the interval at α/K read "too noisy"', () => {
    // Seed 8: before pairedReading, all six benchmarks were undecided and told "too noisy"; the cap (60
    // pairs) decides all six as regressions.
    const series = phasedSeries(8, 6, 200)
    const first = suiteAt(series, 20)
    const undecided = first.filter((c) => c.verdict === 'inconclusive')
    expect(undecided.length).toBe(6)
    const atCap = suiteAt(series, 60)
    for (const c of undecided)
      expect(atCap.find((x) => x.benchmark === c.benchmark)!.verdict).toBe('regression')
    const named = undecided.filter((c) => c.advice?.kind === 'beyond-cap' || c.advice?.kind === 'more-rounds')
    expect(named.length).toBeGreaterThanOrEqual(5)
    for (const c of named) {
      const a = c.advice as { kind: string; rounds: number }
      const n = a.kind === 'more-rounds' ? 20 + a.rounds : a.rounds
      expect(suiteAt(series, n).find((x) => x.benchmark === c.benchmark)!.verdict).toBe('regression')
    }
  })

  it('predicts the cap’s interval from the Walsh averages: not 1.9× too wide as the α/K interval scaled by √(n0/n)', () => {
    // 150 series of 60 phased log-ratios: the arms read off the first 20 against the interval of all 60.
    const ratios: number[] = []
    for (const d of phasedSeries(11, 150, 60)) {
      const reading = pairedReading(d.slice(0, 20), ALPHA)!
      const arms = reading.arms(60)
      const predicted = ((arms.lower + arms.upper) / 2) * reading.sd
      const ci = prattSignedRank(d, { confLevel: 1 - ALPHA }).ci
      ratios.push(predicted / ((ci[1] - ci[0]) / 2))
    }
    ratios.sort((a, b) => a - b)
    const medianRatio = ratios[Math.floor(ratios.length / 2)]
    // The later half's spread counts where it is wider (a burst in progress goes on): slightly above 1.
    expect(medianRatio).toBeGreaterThan(0.9)
    expect(medianRatio).toBeLessThan(1.4)
  })
})

describe('pairedReading against R', () => {
  ;(hasR ? it : it.skip)(
    `its arms at n0 are wilcox.test's interval, at other n the Walsh quantiles at qsignrank's fraction ${hasR ? '' : noRReason}`,
    () => {
      const u = seededRandom(7)
      const d = Array.from({ length: 20 }, () => 0.03 * (u() + u() + u() - 1.5) + (u() < 0.1 ? 0.5 : 0))
      const reading = pairedReading(d, ALPHA)!
      const r = runR(
        `n0 <- length(d); ij <- which(upper.tri(diag(n0), diag = TRUE), arr.ind = TRUE)
         v <- (d[ij[, 1]] + d[ij[, 2]]) / 2; M0 <- nrow(ij); est <- median(v); same <- ij[, 1] == ij[, 2]
         k1 <- max(1, n0 * (n0 + 1) / 4 - sqrt(n0 * (n0 + 1) * (2 * n0 + 1) / 24))
         p1 <- (k1 - 1) / (M0 - 1)
         emit("se", diff(quantile(v, c(p1, 1 - p1), type = 7, names = FALSE)) / 2)
         ci <- wilcox.test(d, conf.int = TRUE, conf.level = 1 - alpha)$conf.int
         emit("arms20", c(est - ci[1], ci[2] - est))
         # n pairs: the n0 kept, n - n0 new drawn from the n0 (uniform), as a mixture of the averages.
         cross <- ifelse(same, 1 / n0^2, 2 / n0^2); fresh <- ifelse(same, 1 / n0^2, 2 / n0^2)
         for (n in c(30, 45)) {
           m <- n - n0; all <- n * (n + 1) / 2
           w <- (M0 / all) / M0 + (n0 * m / all) * cross + (m * (m + 1) / 2 / all) * fresh
           o <- order(v); cw <- cumsum(w[o]); q <- function(p) v[o][which(cw >= p * sum(w))[1]]
           k <- max(1, qsignrank(alpha / 2, n)); p <- (k - 1) / (all - 1)
           emit(paste0("arms", n), c(est - q(p), q(1 - p) - est))
         }`,
        { d, alpha: [ALPHA] }
      )
      expect(standardError(reading.sd, 20)).toBeCloseTo(r.se[0], 12)
      const whole = pairedReading(d, ALPHA, false)!
      expect(whole.sd).toBe(reading.sd)
      // At n0 the later half's weight changes nothing: the arms are the interval's.
      expect(reading.arms(20)).toEqual(whole.arms(20))
      for (const n of [20, 30, 45]) {
        const arms = whole.arms(n)
        expect(arms.lower * whole.sd).toBeCloseTo(r[`arms${n}`][0], 12)
        expect(arms.upper * whole.sd).toBeCloseTo(r[`arms${n}`][1], 12)
      }
    }
  )
})
