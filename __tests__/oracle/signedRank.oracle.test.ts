/**
 * The paired analysis (STATISTICS §13) against R 4.2.2's `wilcox.test(d, conf.int = TRUE)` on random
 * and hand-picked differences: small exact cases, ties, zeros, n from 1 to 200, lognormal log-ratios,
 * levels from 80% to 99.9%. R is run with a tiny `tol.root` so its asymptotic roots are the jumps our
 * bisection finds. Skipped, saying why, without Rscript.
 */
import { describe, expect, it } from '@jest/globals'
import { psignrank, qsignrank, signedRankMinPairs, wilcoxonSignedRank } from '../../src/stats/signedRank.js'
import { hasR, noRReason, relDiff, runR, seededRandom } from '../helpers/r.js'

if (!hasR) console.warn(`skipping the signed-rank R oracle: ${noRReason}`)
const describeR = hasR ? describe : describe.skip

interface Case {
  name: string
  d: number[]
  confLevel: number
}

function cases(seed: number): Case[] {
  const u = seededRandom(seed)
  const normal = () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u())
  const out: Case[] = [
    { name: 'one value', d: [0.3], confLevel: 0.95 },
    { name: 'all positive, n = 8', d: [1, 2, 3, 4, 5, 6, 7, 8].map((v) => v / 100), confLevel: 0.99 },
    { name: 'ties and a zero', d: [1, 2, 2, 3, -1, 4, 5, 0, 6], confLevel: 0.99 },
    { name: 'integers with ties', d: [3, -2, 3, 1, 1, -4, 2, 2, 5, 0, 3, -1], confLevel: 0.9 }
  ]
  const levels = [0.8, 0.9, 0.95, 0.99, 0.995, 0.999]
  for (let i = 0; i < 60; i++) {
    const n = [2, 3, 5, 7, 10, 14, 20, 30, 49, 50, 60, 120, 200][i % 13]
    const shift = [0, 0.01, 0.05, -0.03][i % 4]
    const kind = i % 3
    const d = Array.from(
      { length: n },
      () =>
        kind === 0
          ? shift + 0.02 * normal() // log-ratios of lognormal run values
          : kind === 1
            ? Math.round(4 * normal() + 10 * shift) // tied integers, zeros
            : shift + 0.02 * normal() * (u() < 0.1 ? 8 : 1) // heavy tails (slow phases)
    )
    out.push({ name: `random ${i} (kind ${kind})`, d, confLevel: levels[i % levels.length] })
  }
  return out
}

function rResults(cs: Case[]): number[][] {
  const script = `
o <- 0
out <- matrix(NA_real_, nrow = length(n), ncol = 7)
for (i in seq_along(n)) {
  d <- D[o + seq_len(n[i])]; o <- o + n[i]
  tol <- 1e-12 * max(1, abs(d))
  w <- suppressWarnings(wilcox.test(d, conf.int = TRUE, conf.level = cl[i], tol.root = tol))
  out[i, ] <- c(w$p.value, w$statistic, grepl("exact", w$method), as.numeric(w$conf.int), attr(w$conf.int, "conf.level"), as.numeric(w$estimate))
}
emit("out", t(out))
`
  const r = runR(script, {
    D: cs.flatMap((c) => c.d),
    n: cs.map((c) => c.d.length),
    cl: cs.map((c) => c.confLevel)
  })
  return cs.map((_, i) => r.out.slice(7 * i, 7 * i + 7))
}

describeR('signed-rank test, Walsh-average estimate and interval vs R', () => {
  it('agrees with wilcox.test(d, conf.int = TRUE) on 64 cases', () => {
    const cs = cases(20261125).filter((c) => c.d.some((v) => v !== 0) && c.d.length > 1)
    const rs = rResults(cs)
    cs.forEach((c, i) => {
      const [p, v, exact, lo, hi, level, estimate] = rs[i]
      const ours = wilcoxonSignedRank(c.d, { confLevel: c.confLevel })
      const where = `${c.name}, n = ${c.d.length}`
      expect([where, ours.v]).toEqual([where, v])
      expect([where, ours.method === 'exact']).toEqual([where, exact === 1])
      expect([where, ours.pValue, relDiff(ours.pValue, p) <= 1e-9]).toEqual([where, ours.pValue, true])
      expect([where, ours.confLevel, relDiff(ours.confLevel, level) <= 1e-12]).toEqual([where, level, true])
      const scale = Math.max(1e-300, ...c.d.map(Math.abs))
      if (ours.method === 'exact') {
        expect([where, ours.ci]).toEqual([where, [lo, hi]])
        expect([where, relDiff(ours.estimate, estimate) <= 1e-12]).toEqual([where, true])
      } else {
        expect([where, Math.abs(ours.ci[0] - lo) <= 1e-9 * scale]).toEqual([where, true])
        expect([where, Math.abs(ours.ci[1] - hi) <= 1e-9 * scale]).toEqual([where, true])
        // W(d) = 0 can hold on a whole stretch between two Walsh averages: R's uniroot stops anywhere in
        // it, so the two estimates must have no Walsh average strictly between them.
        const [a, b] = [Math.min(ours.estimate, estimate), Math.max(ours.estimate, estimate)]
        let between = 0
        for (let x = 0; x < c.d.length; x++)
          for (let y = x; y < c.d.length; y++) {
            const w = (c.d[x] + c.d[y]) / 2
            if (w > a + 1e-9 * scale && w < b - 1e-9 * scale) between++
          }
        expect([where, between]).toEqual([where, 0])
      }
    })
  })

  it('psignrank and qsignrank are R’s for every n ≤ 25 at every statistic and tail', () => {
    const ns = Array.from({ length: 25 }, (_, i) => i + 1)
    const r = runR(
      `ps <- c(); qs <- c(); for (n in N) { for (q in 0:(n*(n+1)/2)) ps <- c(ps, psignrank(q, n), psignrank(q, n, lower.tail = FALSE)); for (p in P) qs <- c(qs, qsignrank(p, n)) }; emit("p", ps); emit("q", qs)`,
      { N: ns, P: [0.0005, 0.005, 0.025, 0.05, 0.5, 0.9, 0.975] }
    )
    let i = 0
    let j = 0
    for (const n of ns) {
      for (let q = 0; q <= (n * (n + 1)) / 2; q++) {
        expect(relDiff(psignrank(q, n), r.p[i++])).toBeLessThanOrEqual(1e-12)
        expect(relDiff(psignrank(q, n, false), r.p[i++])).toBeLessThanOrEqual(1e-12)
      }
      for (const p of [0.0005, 0.005, 0.025, 0.05, 0.5, 0.9, 0.975])
        expect([n, p, qsignrank(p, n)]).toEqual([n, p, r.q[j++]])
    }
  })
})

describe('n_min of the signed-rank test (STATISTICS §13)', () => {
  it('is 8 pairs at K = 1 and 14 at K = 69, α = 0.01', () => {
    expect(signedRankMinPairs(0.01, 1)).toBe(8)
    expect(signedRankMinPairs(0.01, 69)).toBe(14)
  })
})
