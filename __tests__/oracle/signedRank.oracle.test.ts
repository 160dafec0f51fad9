// Randomized live comparison of the paired analysis (STATISTICS.md §13, §8) against R 4.2.2's
// wilcox.test(d, conf.int = TRUE) (= wilcox.test(x, y, paired = TRUE, conf.int = TRUE), d = x − y) and
// psignrank/qsignrank. Skipped, with the reason printed, when Rscript is missing — never faked.
// Seed: ORACLE_SEED=<int> reproduces a run; otherwise a fresh seed is drawn and shown in the test names.
//
// Tolerances:
// - V and the exact/normal choice identical; p-values 1e-9 relative, 1e-300 absolute; the interval's
//   conf.level (R lowers it when the request is beyond reach) 1e-12 relative.
// - exact branch: CI identical; estimate identical to median of the Walsh averages (R's (pseudo)median).
// - normal branch: CI within R's uniroot tolerance, |ours − R| ≤ 2·tol.root + 1e-12·|value|, R run with
//   tol.root = 1e-10 × max|d|; estimate: W(d) = 0 can hold on a whole stretch between two Walsh
//   averages and R's uniroot stops anywhere in it, so no Walsh average may lie strictly between the two.
// - R's NaN answers (every difference zero; every non-zero difference equal) are checked against
//   benchgate's documented finite answers (src/stats/signedRank.ts).
// - psignrank 1e-12 relative for every n ≤ 25 and both tails; qsignrank identical.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { wilcoxonSignedRank } from '../../src/stats/signedRank.js'
import { psignrank, qsignrank, signedRankMinP } from '../../src/stats/signedRankDistribution.js'
import { hasR, noRReason, rBatch, relDiff, seededRandom } from '../helpers/r.js'
import { walshBetween } from '../helpers/walsh.js'

const seed =
  process.env.ORACLE_SEED !== undefined
    ? Number(process.env.ORACLE_SEED)
    : Math.floor(Math.random() * 2 ** 31)

if (!hasR) console.warn(`signed-rank oracle skipped: ${noRReason}`)
const suite = hasR ? describe : describe.skip

interface Case {
  name: string
  d: number[]
  confLevel: number
  /** 1 / 0 as R's exact = TRUE / FALSE; NaN for R's default (NULL). */
  exact: number
  correct: boolean
}

const LEVELS = [0.8, 0.9, 0.95, 0.99, 0.995, 0.999]

function fixedCases(): Case[] {
  const c = (name: string, d: number[], confLevel = 0.95, exact = NaN, correct = true): Case => ({
    name,
    d,
    confLevel,
    exact,
    correct
  })
  return [
    c('one value', [0.3]),
    c('one value, normal', [0.3], 0.95, 0),
    c(
      'all positive, n = 8',
      [1, 2, 3, 4, 5, 6, 7, 8].map((v) => v / 100),
      0.99
    ),
    c('ties and a zero', [1, 2, 2, 3, -1, 4, 5, 0, 6], 0.99),
    c('integers with ties', [3, -2, 3, 1, 1, -4, 2, 2, 5, 0, 3, -1], 0.9),
    c('all zero', [0, 0, 0, 0]),
    c('all tied', [0.02, 0.02, 0.02]),
    c('one non-zero', [0, 0, -0.01]),
    c('two opposite, normal', [-0.2, 0.3], 0.95, 0),
    c('symmetric ties', [-1, -1, 1, 1]),
    c(
      'exact forced at n = 70',
      Array.from({ length: 70 }, (_, i) => ((i * 37) % 71) - 30.5),
      0.95,
      1
    )
  ]
}

function randomCases(s: number, count: number): Case[] {
  const u = seededRandom(s)
  const normal = () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u())
  const pick = <T>(v: readonly T[]): T => v[Math.floor(u() * v.length)]
  const out: Case[] = []
  for (let i = 0; i < count; i++) {
    const n = pick([1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 20, 25, 30, 40, 49, 50, 51, 60, 80, 120, 200, 400])
    const shift = pick([0, 0.005, 0.01, 0.05, -0.03])
    const scale = pick([1, 1, 1, 1e-7, 1e5])
    const kind = i % 4
    const d = Array.from({ length: n }, () => {
      if (kind === 0) return scale * (shift + 0.02 * normal()) // log-ratios of lognormal run values
      if (kind === 1) return Math.round(4 * normal() + 10 * shift) // tied integers, zeros
      if (kind === 2) return scale * (shift + 0.02 * normal() * (u() < 0.1 ? 8 : 1)) // heavy tails (slow phases)
      return Math.round((shift + 0.02 * normal()) * 1000) / 1000 // log-ratios rounded to 0.1%: ties, zeros
    })
    const exact = pick([NaN, NaN, NaN, NaN, 0, 1])
    out.push({
      name: `random ${i} (kind ${kind}, scale ${scale})`,
      d,
      confLevel: pick(LEVELS),
      exact: exact === 1 && n > 120 ? NaN : exact,
      correct: u() < 0.8
    })
  }
  return out
}

/** The file's R scripts run in one R process (each Rscript start costs ~0.3 s of CPU). */
const batch = rBatch()

/**
 * R's answers, 7 numbers per case: p, V, exact?, CI lo, CI hi, conf.level, estimate; and tol.root.
 * Added to the file's R batch; the returned function gives them (running the batch the first time).
 */
function rResults(cs: Case[]): () => { out: number[][]; tol: number[] } {
  const script = `
o <- 0
out <- matrix(NA_real_, nrow = length(n), ncol = 8)
for (i in seq_along(n)) {
  d <- D[o + seq_len(n[i])]; o <- o + n[i]
  tol <- 1e-10 * max(abs(d), 1e-300)
  ex <- if (is.nan(EX[i])) NULL else EX[i] == 1
  w <- suppressWarnings(wilcox.test(d, conf.int = TRUE, conf.level = cl[i], exact = ex, correct = CO[i] == 1, tol.root = tol))
  out[i, ] <- c(w$p.value, w$statistic, grepl("exact", w$method), as.numeric(w$conf.int), attr(w$conf.int, "conf.level"), as.numeric(w$estimate), tol)
}
emit("out", t(out))
`
  const r = batch.add(script, {
    D: cs.flatMap((c) => c.d),
    n: cs.map((c) => c.d.length),
    cl: cs.map((c) => c.confLevel),
    EX: cs.map((c) => c.exact),
    CO: cs.map((c) => (c.correct ? 1 : 0))
  })
  return () => {
    const out = r().out
    const rows = cs.map((_, i) => out.slice(8 * i, 8 * i + 8))
    return { out: rows.map((row) => row.slice(0, 7)), tol: rows.map((row) => row[7]) }
  }
}

// The batch runs before the first test, with the time it needs on a loaded machine.
beforeAll(() => {
  if (hasR) batch.run()
}, 240_000)

function compare(c: Case, r: number[], tol: number): void {
  const [p, v, exact, lo, hi, level, estimate] = r
  const opts = {
    confLevel: c.confLevel,
    correct: c.correct,
    ...(Number.isNaN(c.exact) ? {} : { exact: c.exact === 1 })
  }
  const ours = wilcoxonSignedRank(c.d, opts)
  const where = `${c.name}, n = ${c.d.length}`
  const check = (what: string, ok: boolean, detail: unknown) =>
    expect([where, what, ok, detail]).toEqual([where, what, true, detail])
  check('V', ours.v === v, [ours.v, v])
  check('method', (ours.method === 'exact') === (exact === 1), [ours.method, exact])
  check('conf.level', relDiff(ours.confLevel, level) <= 1e-12, [ours.confLevel, level])
  if (Number.isNaN(p)) {
    check('all zero', ours.n === 0 && ours.pValue === 1 && ours.ci[0] === 0 && ours.ci[1] === 0, ours)
    return
  }
  check('p', relDiff(ours.pValue, p) <= 1e-9, [ours.pValue, p])
  if (Number.isNaN(lo)) {
    check('all tied', ours.ci[0] === estimate && ours.ci[1] === estimate && ours.estimate === estimate, [
      ours,
      estimate
    ])
    return
  }
  if (ours.method === 'exact') {
    check('exact CI', ours.ci[0] === lo && ours.ci[1] === hi, [ours.ci, lo, hi])
    check('estimate', ours.estimate === estimate, [ours.estimate, estimate])
    return
  }
  check('CI lo', Math.abs(ours.ci[0] - lo) <= 2 * tol + 1e-12 * Math.abs(lo), [ours.ci[0], lo, tol])
  check('CI hi', Math.abs(ours.ci[1] - hi) <= 2 * tol + 1e-12 * Math.abs(hi), [ours.ci[1], hi, tol])
  check('estimate', walshBetween(c.d, ours.estimate, estimate, 2 * tol) === 0, [ours.estimate, estimate])
}

suite(`signed-rank test, Walsh-average estimate and interval vs R (seed ${seed})`, () => {
  const fixed = fixedCases()
  const fixedR = rResults(fixed)
  it('agrees with wilcox.test(d, conf.int = TRUE) on hand-picked and degenerate cases', () => {
    const r = fixedR()
    fixed.forEach((c, i) => compare(c, r.out[i], r.tol[i]))
  })

  const random = randomCases(seed, 150)
  const randomR = rResults(random)
  it(`agrees with wilcox.test(d, conf.int = TRUE) on 150 random cases (seed ${seed})`, () => {
    const r = randomR()
    random.forEach((c, i) => compare(c, r.out[i], r.tol[i]))
  })

  const u = seededRandom(seed ^ 0x5eed)
  const everyN: Case[] = Array.from({ length: 60 }, (_, i) => ({
    name: `n ${i + 1}`,
    d: Array.from({ length: i + 1 }, () => 0.01 * (u() - 0.4)),
    confLevel: LEVELS[i % LEVELS.length],
    exact: NaN,
    correct: true
  }))
  const everyNR = rResults(everyN)
  it('agrees at every n from 1 to 60 (exact to 49, normal from 50)', () => {
    const r = everyNR()
    everyN.forEach((c, i) => compare(c, r.out[i], r.tol[i]))
  })

  const ns = Array.from({ length: 25 }, (_, i) => i + 1)
  const ps = [0.0005, 0.005, 0.025, 0.05, 0.5, 0.9, 0.975]
  const distributionR = batch.add(
    `ps <- c(); qs <- c(); for (n in N) { for (q in 0:(n*(n+1)/2)) ps <- c(ps, psignrank(q, n), psignrank(q, n, lower.tail = FALSE)); for (p in P) qs <- c(qs, qsignrank(p, n)) }; emit("p", ps); emit("q", qs); emit("m", 2 * psignrank(0, N))`,
    { N: ns, P: ps }
  )
  it('psignrank and qsignrank are R’s for every n ≤ 25 at every statistic and tail', () => {
    const r = distributionR()
    let i = 0
    let j = 0
    for (const n of ns) {
      for (let q = 0; q <= (n * (n + 1)) / 2; q++) {
        expect([n, q, relDiff(psignrank(q, n), r.p[i++]) <= 1e-12]).toEqual([n, q, true])
        expect([n, q, relDiff(psignrank(q, n, false), r.p[i++]) <= 1e-12]).toEqual([n, q, true])
      }
      for (const p of ps) expect([n, p, qsignrank(p, n)]).toEqual([n, p, r.q[j++]])
      expect([n, signedRankMinP(n)]).toEqual([n, Math.min(1, r.m[n - 1])])
    }
  })
})
