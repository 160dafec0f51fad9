import { describe, expect, it } from '@jest/globals'
import {
  conditionalPower,
  lookAlpha,
  obrienFlemingSpending,
  plannedLooks,
  spendingTable
} from '../../src/stats/groupSequential.js'
import { StatsInputError } from '../../src/stats/errors.js'
import { hasR, noRReason, runR, seededRandom } from '../helpers/r.js'

// R 4.2.2: sprintf("%.17g", 2*pnorm(qnorm(1-a/2)/sqrt(t), lower.tail=FALSE)), the spending function
// 2 - 2*pnorm(qnorm(1-a/2)/sqrt(t)) without the cancellation of `2 - 2*pnorm(...)` in the far tail.
const R_VALUES: Array<[alpha: number, t: number, value: number]> = [
  [0.01, 0.1, 3.7775698274451128e-16],
  [0.01, 0.25, 2.581927297232779e-7],
  [0.01, 1 / 3, 8.1400397157773367e-6],
  [0.01, 0.5, 0.00026971695663148467],
  [0.01, 2 / 3, 0.0016064464568817758],
  [0.01, 0.8, 0.0039784585089162735],
  [0.01, 0.9, 0.006624325996987133],
  [0.05, 0.1, 5.7203187904254934e-10],
  [0.05, 0.25, 8.8575438321404358e-5],
  [0.05, 1 / 3, 0.00068689486822404069],
  [0.05, 0.5, 0.0055745966807844247],
  [0.05, 2 / 3, 0.016374666450048217],
  [0.05, 0.8, 0.028429630753072768],
  [0.05, 0.9, 0.038830043164523785]
]

describe('obrienFlemingSpending (Lan–DeMets O’Brien–Fleming type)', () => {
  it('matches R 2 - 2*pnorm(qnorm(1-a/2)/sqrt(t)) to 1e-12 relative', () => {
    for (const [alpha, t, value] of R_VALUES) {
      const got = obrienFlemingSpending(t, alpha)
      expect(Math.abs(got - value) / value).toBeLessThan(1e-12)
    }
  })

  it('α(0) = 0, α(1) = α exactly, non-decreasing in t, never above α', () => {
    for (const alpha of [0.001, 0.01, 0.05, 0.2]) {
      expect(obrienFlemingSpending(0, alpha)).toBe(0)
      expect(obrienFlemingSpending(1, alpha)).toBe(alpha)
      let previous = 0
      for (let i = 1; i <= 1000; i++) {
        const v = obrienFlemingSpending(i / 1000, alpha)
        expect(v).toBeGreaterThanOrEqual(previous)
        expect(v).toBeLessThanOrEqual(alpha)
        previous = v
      }
    }
  })

  it('rejects t outside [0, 1] and α outside (0, 1)', () => {
    expect(() => obrienFlemingSpending(-0.1, 0.01)).toThrow(StatsInputError)
    expect(() => obrienFlemingSpending(1.1, 0.01)).toThrow(StatsInputError)
    expect(() => obrienFlemingSpending(Number.NaN, 0.01)).toThrow(StatsInputError)
    expect(() => obrienFlemingSpending(0.5, 0)).toThrow(StatsInputError)
    expect(() => obrienFlemingSpending(0.5, 1)).toThrow(StatsInputError)
  })

  const itR = hasR ? it : it.skip
  if (!hasR) console.warn(noRReason)
  itR('agrees with live R on a grid of t and α', () => {
    const ts = Array.from({ length: 40 }, (_, i) => (i + 1) / 40)
    for (const alpha of [0.01, 0.05]) {
      const r = runR(`emit("v", 2 * pnorm(qnorm(1 - ${alpha} / 2) / sqrt(t), lower.tail = FALSE))`, { t: ts })
      ts.forEach((t, i) => {
        const want = r.v[i]
        expect(Math.abs(obrienFlemingSpending(t, alpha) - want)).toBeLessThanOrEqual(1e-12 * want + 1e-300)
      })
    }
  })
})

describe('lookAlpha and the look plan', () => {
  it('levels are the increments of α(t); the final look spends what is left; they sum to α', () => {
    const looks = plannedLooks(20, 60, 14)
    expect(looks).toEqual([20, 34, 48, 60])
    const table = spendingTable(looks, 60, 0.01)
    expect(table[0].level).toBeCloseTo(obrienFlemingSpending(20 / 60, 0.01), 18)
    expect(table[1].level).toBeCloseTo(
      obrienFlemingSpending(34 / 60, 0.01) - obrienFlemingSpending(20 / 60, 0.01),
      18
    )
    const sum = table.reduce((a, r) => a + r.level, 0)
    expect(sum).toBeCloseTo(0.01, 15)
    expect(sum).toBeLessThanOrEqual(0.01 + 1e-17)
    for (const r of table) expect(r.level).toBeGreaterThan(0)
  })

  it('a final look before the maximum (time budget) spends everything not yet spent', () => {
    const first = lookAlpha({ alpha: 0.01, fraction: 1 / 3, previousFraction: 0, final: false })
    const last = lookAlpha({ alpha: 0.01, fraction: 0.5, previousFraction: 1 / 3, final: true })
    expect(first + last).toBeCloseTo(0.01, 16)
    // a single look at the end is the fixed design
    expect(lookAlpha({ alpha: 0.01, fraction: 1, previousFraction: 0, final: true })).toBe(0.01)
  })

  it('rejects a look that does not move forward', () => {
    expect(() => lookAlpha({ alpha: 0.01, fraction: 0.5, previousFraction: 0.5, final: false })).toThrow(
      StatsInputError
    )
    expect(() => plannedLooks(10, 5, 2)).toThrow(StatsInputError)
    expect(() => plannedLooks(10, 20, 0)).toThrow(StatsInputError)
  })
})

describe('conditionalPower (stochastic curtailment)', () => {
  /** A standard normal from two uniforms (Box–Muller). */
  const gauss = (rnd: () => number) => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())

  it('matches the frequency with which the final test rejects, given the first n of N observations', () => {
    // The process itself, not the formula: n observations fixed, the N − n others simulated with mean
    // `effect`, then the two-sided z-test on all N at level α. Their sum is drawn as the one normal it
    // exactly is (mean (N − n)·effect, sd σ·√(N − n)) rather than term by term: the same distribution,
    // 40-90× fewer draws. 40,000 continuations per case: sd of a rate ≤ 0.0025.
    const rnd = seededRandom(20261123)
    const cases = [
      { n: 20, N: 60, sigma: 1, effect: 0, alpha: 0.01 },
      { n: 20, N: 60, sigma: 1, effect: 0.5, alpha: 0.01 },
      { n: 34, N: 60, sigma: 2, effect: -0.6, alpha: 0.05 },
      { n: 10, N: 100, sigma: 1, effect: 0.2, alpha: 0.01 }
    ]
    for (const k of cases) {
      const first = Array.from({ length: k.n }, () => k.effect / 2 + k.sigma * gauss(rnd))
      const sum = first.reduce((a, b) => a + b, 0)
      const bound = (k.sigma / Math.sqrt(k.N)) * Math.abs(normalQuantileFor(k.alpha))
      let rejected = 0
      const reps = 40_000
      for (let r = 0; r < reps; r++) {
        const rest = (k.N - k.n) * k.effect + k.sigma * Math.sqrt(k.N - k.n) * gauss(rnd)
        if (Math.abs((sum + rest) / k.N) > bound) rejected++
      }
      const cp = conditionalPower({
        estimate: sum / k.n,
        se: k.sigma / Math.sqrt(k.n),
        fraction: k.n / k.N,
        alpha: k.alpha,
        effect: k.effect
      })
      expect(Math.abs(cp - rejected / reps)).toBeLessThan(0.01)
    }
  })

  it('at the end it is the test itself; no standard error means no basis to stop', () => {
    const at = (estimate: number) =>
      conditionalPower({ estimate, se: 1, fraction: 1, alpha: 0.05, effect: 0 })
    expect(at(1.97)).toBe(1)
    expect(at(1.95)).toBe(0)
    expect(conditionalPower({ estimate: 0, se: 0, fraction: 0.5, alpha: 0.05, effect: 0 })).toBe(1)
    expect(() => conditionalPower({ estimate: 0, se: 1, fraction: 0, alpha: 0.05, effect: 0 })).toThrow(
      StatsInputError
    )
  })

  ;(hasR ? it : it.skip)(`agrees with R's pnorm form of the same expression ${hasR ? '' : noRReason}`, () => {
    const f = [0.1, 1 / 3, 0.5, 0.8, 0.95]
    const r = runR(
      `b <- qnorm(1 - 0.01/2) * 0.02 * sqrt(f); m <- f * 0.004 + (1 - f) * 0.0198; s <- 0.02 * sqrt(f * (1 - f))
       emit("v", pnorm((b - m) / s, lower.tail = FALSE) + pnorm((b + m) / s, lower.tail = FALSE))`,
      { f }
    )
    f.forEach((fraction, i) => {
      const got = conditionalPower({ estimate: 0.004, se: 0.02, fraction, alpha: 0.01, effect: 0.0198 })
      expect(Math.abs(got - r.v[i])).toBeLessThanOrEqual(1e-13 + 1e-12 * r.v[i])
    })
  })
})

/** z_{1−α/2} as R prints it: sprintf("%.17g", qnorm(1 - a/2)) for a = 0.01 and 0.05. */
function normalQuantileFor(alpha: number): number {
  const z: Record<number, number> = { 0.01: 2.5758293035489004, 0.05: 1.959963984540054 }
  return z[alpha]
}
