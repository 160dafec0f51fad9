// Randomized live comparison with R 4.2.2 (the oracle) for power.t.test and the noncentral t CDF.
// Skipped, with the printed reason, when Rscript is missing — never faked.
//
// Tolerances (achieved on R 4.2.2, x86-64; see src/stats/noncentralT.ts for why they differ by region):
// - power.t.test n, delta, power: 1e-6 relative required (STATISTICS.md §8); asserted 1e-8 against R's
//   true root (R run with tol = 1e-13; achieved ≤ 1e-9).
// - pnt, upper tail for t ≥ 0, ncp ≥ 0 (what power.t.test uses): |Δ| ≤ 1e-14 absolute or ≤ 1e-9 relative.
// - pnt, lower tail where it is the series result itself (t ≥ 0) and > 1e-250: ≤ 2e-3 relative (R's own
//   long-double series is inaccurate there: e.g. R's pt(12, 100, 37) has ~1e-3 relative error).
// - pnt, everything else (tails computed as 1 − P): ≤ 1e-13 absolute.
import { describe, expect, it } from '@jest/globals'
import { hasR, noRReason, relDiff, runR, seededRandom } from '../helpers/r.js'
import { pnt } from '../../src/stats/noncentralT.js'
import { powerTTest } from '../../src/stats/power.js'

const d = hasR ? describe : describe.skip
if (!hasR) console.warn(`power oracle tests skipped: ${noRReason}`)

const rnd = seededRandom(20240611)
const logU = (lo: number, hi: number): number =>
  Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * rnd())
const CASES = 60

d('power.t.test vs R (randomized)', () => {
  const sd: number[] = []
  const es: number[] = []
  const sig: number[] = []
  const pow: number[] = []
  const n: number[] = []
  for (let i = 0; i < CASES; i++) {
    sd.push(logU(1e-3, 10))
    es.push(logU(3e-3, 10))
    sig.push(logU(1e-4, 0.2))
    pow.push(Math.min(0.999, sig[i] + 0.05 + (0.999 - sig[i] - 0.05) * rnd()))
    n.push(logU(2, 1e6))
  }
  const delta = es.map((e, i) => e * sd[i])
  const r = hasR
    ? runR(
        `
f <- function(...) tryCatch(power.t.test(..., tol = 1e-13), error = function(e) NULL)
get <- function(x, k) if (is.null(x)) NA else x[[k]]
emit("n", sapply(seq_along(sd), function(i) get(f(delta = delta[i], sd = sd[i], sig.level = sig[i], power = pow[i]), "n")))
emit("delta", sapply(seq_along(sd), function(i) get(f(n = n[i], sd = sd[i], sig.level = sig[i], power = pow[i]), "delta")))
emit("power", sapply(seq_along(sd), function(i) get(f(n = n[i], delta = delta[i], sd = sd[i], sig.level = sig[i]), "power")))
`,
        { sd, delta, sig, pow, n }
      )
    : {}

  it('solves n as R to 1e-8 relative', () => {
    let worst = 0
    for (let i = 0; i < CASES; i++) {
      if (Number.isNaN(r.n[i])) continue
      const got = powerTTest({ delta: delta[i], sd: sd[i], sigLevel: sig[i], power: pow[i] }).n
      worst = Math.max(worst, relDiff(got, r.n[i]))
    }
    expect(worst).toBeLessThan(1e-8)
  })
  it('solves delta as R to 1e-8 relative', () => {
    let worst = 0
    for (let i = 0; i < CASES; i++) {
      const got = powerTTest({ n: n[i], sd: sd[i], sigLevel: sig[i], power: pow[i] }).delta
      worst = Math.max(worst, relDiff(got, r.delta[i]))
    }
    expect(worst).toBeLessThan(1e-8)
  })
  it('computes power as R to 1e-8 relative', () => {
    let worst = 0
    for (let i = 0; i < CASES; i++) {
      const got = powerTTest({ n: n[i], delta: delta[i], sd: sd[i], sigLevel: sig[i] }).power
      worst = Math.max(worst, relDiff(got, r.power[i]))
    }
    expect(worst).toBeLessThan(1e-8)
  })
})

d('pnt vs R over a grid with far tails', () => {
  const t: number[] = []
  const df: number[] = []
  const ncp: number[] = []
  for (const tv of [-8, -2, -0.3, 0.05, 0.8, 1.7, 2, 2.6, 3.5, 5, 9, 20, 60]) {
    for (const dv of [2, 3.7, 10, 31.4, 200, 2e3, 4e4, 3.9e5, 1e6]) {
      for (const nv of [0.01, 0.7, 2, 3.3, 6, 11, 19, 28, 37, 45, 60]) {
        t.push(tv)
        df.push(dv * (1 + 0.01 * rnd()))
        ncp.push(nv * (1 + 0.01 * rnd()))
      }
    }
  }
  const r = hasR
    ? runR(
        `
emit("lower", suppressWarnings(pt(t, df, ncp)))
emit("upper", suppressWarnings(pt(t, df, ncp, lower.tail = FALSE)))
`,
        { t, df, ncp }
      )
    : {}

  it('agrees in the upper tail used by power.t.test (t >= 0)', () => {
    const bad: string[] = []
    for (let i = 0; i < t.length; i++) {
      if (t[i] < 0) continue
      const got = pnt(t[i], df[i], ncp[i], false)
      const ref = r.upper[i]
      if (!(Math.abs(got - ref) <= 1e-14 || relDiff(got, ref) <= 1e-9))
        bad.push(`${t[i]} ${df[i]} ${ncp[i]}: ${got} vs ${ref}`)
    }
    expect(bad).toEqual([])
  })
  it('agrees in the lower tail where it is the series itself (t >= 0)', () => {
    const bad: string[] = []
    for (let i = 0; i < t.length; i++) {
      if (t[i] < 0 || df[i] > 1e4 || r.lower[i] < 1e-250) continue
      const got = pnt(t[i], df[i], ncp[i], true)
      if (!(relDiff(got, r.lower[i]) <= 2e-3 || Math.abs(got - r.lower[i]) <= 1e-14))
        bad.push(`${t[i]} ${df[i]} ${ncp[i]}: ${got} vs ${r.lower[i]}`)
    }
    expect(bad).toEqual([])
  })
  it('agrees to 1e-13 absolute for df <= 1e4 and 1e-9 above (t < 0 tails are 1 − P in both)', () => {
    const worst = [0, 0]
    for (let i = 0; i < t.length; i++) {
      const e = Math.max(
        Math.abs(pnt(t[i], df[i], ncp[i], true) - r.lower[i]),
        Math.abs(pnt(t[i], df[i], ncp[i], false) - r.upper[i])
      )
      const k = df[i] <= 1e4 ? 0 : 1
      worst[k] = Math.max(worst[k], e)
    }
    expect(worst[0]).toBeLessThan(1e-13)
    expect(worst[1]).toBeLessThan(1e-9)
  })
})
