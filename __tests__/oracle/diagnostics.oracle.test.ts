// Randomized live comparison of the diagnostics (STATISTICS.md §5) and multiplicity (§6) statistics
// against R 4.2. Skipped, with the reason printed, when Rscript is missing — never faked.
// Seed: ORACLE_SEED=<int> reproduces a run; otherwise a fresh seed is drawn and shown in the test names.
//
// Tolerances (relative 1e-9 unless stated):
// - autocorrelations r_k: 1e-12 absolute — r_k near 0 is a sum of cancelling terms (unbounded relative
//   error) while |r_k| ≤ 1; R sums the lagged products in a different order.
// - ICC: 1e-9 absolute — MSB − MSW cancels when the ICC is near 0 (and R's value comes from the QR
//   residuals of lm, ours from two-pass sums); ICC ∈ [0, 1], so 1e-9 absolute is a tight check.
// - Ljung-Box p is compared with pchisq(Q, h, lower.tail = FALSE), not Box.test's 1 − pchisq, which
//   floors at ~1e-16 (1e-300 absolute floor, as STATISTICS §8).
import { beforeAll, describe, expect, it } from '@jest/globals'
import { acf, ljungBox } from '../../src/stats/acf.js'
import { drift, senInterval, theilSen } from '../../src/stats/drift.js'
import { durbinWatson } from '../../src/stats/durbinWatson.js'
import { intraclassCorrelation } from '../../src/stats/icc.js'
import { adjustPValues } from '../../src/stats/multiplicity.js'
import { tukeyOutliers } from '../../src/stats/outliers.js'
import { summarize } from '../../src/stats/summary.js'
import { hasR, noRReason, relDiff, rBatch, seededRandom } from '../helpers/r.js'

const REL = 1e-9
const seed =
  process.env.ORACLE_SEED !== undefined
    ? Number(process.env.ORACLE_SEED)
    : Math.floor(Math.random() * 2 ** 31)

if (!hasR) console.warn(`diagnostics oracle skipped: ${noRReason}`)
const suite = hasR ? describe : describe.skip

/** The file's R scripts run in one R process (each Rscript start costs ~0.3 s of CPU). */
const batch = rBatch()
// The batch runs before the first test, with the time it needs on a loaded machine.
beforeAll(() => {
  if (hasR) batch.run()
}, 120_000)

function gen(s: number) {
  const rnd = seededRandom(s)
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1))
  const ar1 = (n: number, phi: number, mu: number, sd: number) => {
    const out: number[] = []
    let prev = normal() / Math.sqrt(1 - phi * phi)
    for (let i = 0; i < n; i++) {
      out.push(mu + sd * prev)
      prev = phi * prev + normal()
    }
    return out
  }
  return { rnd, normal, int, ar1 }
}

function expectRel(actual: number, expected: number, what: string, tol = REL, floor = 1e-300): void {
  const d = relDiff(actual, expected, floor)
  if (!(d <= tol)) throw new Error(`${what}: got ${actual}, R ${expected} (rel ${d}, seed ${seed})`)
}

function expectAbs(actual: number, expected: number, what: string, tol: number): void {
  if (!(Math.abs(actual - expected) <= tol))
    throw new Error(`${what}: got ${actual}, R ${expected} (seed ${seed})`)
}

suite(`diagnostics vs R (seed ${seed})`, () => {
  const checkAcfLjungBoxDurbinWatson = (() => {
    const g = gen(seed)
    const inputs: Record<string, number[]> = {}
    const lags: number[] = []
    const cases = 40
    for (let c = 0; c < cases; c++) {
      const n = c === 0 ? 5000 : c < 4 ? g.int(5, 9) : g.int(10, 600)
      const phi = c % 2 === 0 ? 0 : -0.9 + 1.8 * g.rnd()
      inputs[`x${c}`] = g.ar1(n, phi, g.rnd() * 1000, 0.01 + g.rnd() * 10)
      lags.push(c % 5 === 4 ? g.int(1, Math.min(30, n - 1)) : Math.min(10, Math.floor(n / 5)))
    }
    inputs.lags = lags
    const outR = batch.add(
      `for (c in 0:${cases - 1}) {
           x <- get(paste0("x", c)); h <- lags[c + 1]; n <- length(x)
           bt <- Box.test(x, lag = h, type = "Ljung-Box")
           emit(paste0("acf", c), acf(x, lag.max = h, plot = FALSE)$acf[-1])
           emit(paste0("q", c), bt$statistic)
           emit(paste0("p", c), pchisq(bt$statistic, h, lower.tail = FALSE))
           e <- x - mean(x)
           emit(paste0("dw", c), sum(diff(e)^2) / sum(e^2))
         }`,
      inputs
    )
    return () => {
      const out = outR()
      for (let c = 0; c < cases; c++) {
        const x = inputs[`x${c}`]
        const h = lags[c]
        const a = acf(x, h)
        expect(a.r).toHaveLength(out[`acf${c}`].length)
        a.r.forEach((r, k) => expectAbs(r, out[`acf${c}`][k], `acf case ${c} lag ${k + 1}`, 1e-12))
        const lb = ljungBox(x, c % 5 === 4 ? { lags: h } : {})
        expect(lb.lags).toBe(h)
        expectRel(lb.q, out[`q${c}`][0], `Ljung-Box Q case ${c}`)
        expectRel(lb.pValue, out[`p${c}`][0], `Ljung-Box p case ${c}`)
        const dw = durbinWatson(x)
        expectRel(dw.dw, out[`dw${c}`][0], `DW case ${c}`)
        expectRel(dw.variance, (4 * (x.length - 2)) / (x.length ** 2 - 1), `DW variance case ${c}`)
      }
    }
  })()
  it('ACF, Ljung-Box and Durbin-Watson on random AR(1) and white-noise series', checkAcfLjungBoxDurbinWatson)

  const checkIccAnova = (() => {
    const g = gen(seed + 1)
    const inputs: Record<string, number[]> = {}
    const cases = 30
    const groupsOf: number[][][] = []
    for (let c = 0; c < cases; c++) {
      const ng = g.int(2, 14)
      const between = [0, 0.1, 1, 5][c % 4]
      const groups: number[][] = []
      for (let i = 0; i < ng; i++) {
        const k = c % 7 === 0 ? 8 : g.int(1, 10) // some balanced designs
        const mu = 100 + between * g.normal()
        groups.push(Array.from({ length: k }, () => mu + g.normal()))
      }
      if (groups.every((grp) => grp.length === 1)) groups[0].push(groups[0][0] + 1)
      groupsOf.push(groups)
      inputs[`y${c}`] = groups.flat()
      inputs[`g${c}`] = groups.flatMap((grp, i) => grp.map(() => i))
    }
    const outR = batch.add(
      `for (c in 0:${cases - 1}) {
           y <- get(paste0("y", c)); g <- factor(get(paste0("g", c)))
           a <- anova(lm(y ~ g)); msb <- a[["Mean Sq"]][1]; msw <- a[["Mean Sq"]][2]
           k <- as.numeric(table(g)); N <- sum(k); G <- length(k)
           k0 <- (N - sum(k^2) / N) / (G - 1)
           icc <- max(0, (msb - msw) / (msb + (k0 - 1) * msw)); kd <- sum(k^2) / N
           emit(paste0("r", c), c(msb, msw, k0, icc, 1 + (kd - 1) * icc, N / (1 + (kd - 1) * icc)))
         }`,
      inputs
    )
    return () => {
      const out = outR()
      groupsOf.forEach((groups, c) => {
        const r = intraclassCorrelation(groups)
        const [msb, msw, k0, icc, deff, nEff] = out[`r${c}`]
        expectRel(r.msb as number, msb, `MSB case ${c}`)
        expectRel(r.msw as number, msw, `MSW case ${c}`)
        expectRel(r.k0 as number, k0, `k0 case ${c}`)
        expectAbs(r.icc as number, icc, `ICC case ${c}`, 1e-9)
        expectAbs(r.designEffect, deff, `deff case ${c}`, 1e-8)
        expectRel(r.nEff, nEff, `nEff case ${c}`, 1e-8)
      })
    }
  })()
  it('ICC: MSB/MSW vs anova(lm(y ~ factor(g))) on random unbalanced groups', checkIccAnova)

  const checkSummaryAndFences = (() => {
    const g = gen(seed + 2)
    const inputs: Record<string, number[]> = {}
    const cases = 30
    for (let c = 0; c < cases; c++) {
      const n = c === 0 ? 1 : c === 1 ? 2 : c === 2 ? 20000 : g.int(3, 400)
      const kind = c % 3
      inputs[`x${c}`] = Array.from({ length: n }, () =>
        kind === 0
          ? Math.round(g.rnd() * 20)
          : kind === 1
            ? Math.exp(3 + g.normal())
            : 1e6 + 1e3 * g.normal() * (g.rnd() < 0.1 ? 10 : 1)
      )
    }
    const outR = batch.add(
      `for (c in 0:${cases - 1}) {
           x <- get(paste0("x", c)); q <- quantile(x, c(0.25, 0.75), type = 7, names = FALSE)
           emit(paste0("s", c), c(min(x), q[1], median(x), mean(x), q[2], max(x), if (length(x) > 1) sd(x) else NA, mad(x)))
           iqr <- q[2] - q[1]
           sl <- x < q[1] - 3 * iqr; sh <- x > q[2] + 3 * iqr
           ml <- !sl & x < q[1] - 1.5 * iqr; mh <- !sh & x > q[2] + 1.5 * iqr
           emit(paste0("mild", c), which(ml | mh) - 1); emit(paste0("severe", c), which(sl | sh) - 1)
           emit(paste0("counts", c), c(sum(ml), sum(mh), sum(sl), sum(sh)))
         }`,
      inputs
    )
    return () => {
      const out = outR()
      for (let c = 0; c < cases; c++) {
        const x = inputs[`x${c}`]
        const s = summarize(x)
        const [mn, q1, med, mean, q3, mx, sd, mad] = out[`s${c}`]
        const ours = [s.min, s.q1, s.median, s.mean, s.q3, s.max, s.sd ?? NaN, s.mad]
        ;[mn, q1, med, mean, q3, mx, sd, mad].forEach((v, i) => {
          if (Number.isNaN(v)) expect(ours[i]).toBeNaN()
          else expectRel(ours[i], v, `summary case ${c} field ${i}`)
        })
        const t = tukeyOutliers(x)
        expect(t.mild.indices).toEqual(out[`mild${c}`])
        expect(t.severe.indices).toEqual(out[`severe${c}`])
        expect([t.mild.low, t.mild.high, t.severe.low, t.severe.high]).toEqual(out[`counts${c}`])
      }
    }
  })()
  it(
    'summary (quantile type 7, median, mean, sd, mad) and Tukey fences on random samples',
    checkSummaryAndFences
  )

  const checkPAdjust = (() => {
    const g = gen(seed + 3)
    const inputs: Record<string, number[]> = {}
    const cases = 25
    for (let c = 0; c < cases; c++) {
      const n = g.int(1, 120)
      inputs[`p${c}`] = Array.from({ length: n }, () => {
        const u = g.rnd()
        if (u < 0.1) return NaN
        if (u < 0.4) return Math.round(g.rnd() * 20) / 100 // ties
        if (u < 0.5) return 10 ** -(g.rnd() * 300) // tiny
        return g.rnd()
      })
    }
    const outR = batch.add(
      `for (c in 0:${cases - 1}) { p <- get(paste0("p", c))
           for (m in c("holm", "BH", "none")) emit(paste0(m, c), p.adjust(p, m)) }`,
      inputs
    )
    return () => {
      const out = outR()
      for (let c = 0; c < cases; c++) {
        for (const [m, rm] of [
          ['holm', 'holm'],
          ['bh', 'BH'],
          ['none', 'none']
        ] as const) {
          const ours = adjustPValues(inputs[`p${c}`], m)
          const theirs = out[`${rm}${c}`]
          expect(ours).toHaveLength(theirs.length)
          ours.forEach((v, i) => {
            if (Number.isNaN(theirs[i])) expect(v).toBeNaN()
            else expectRel(v, theirs[i], `p.adjust ${m} case ${c} index ${i}`)
          })
        }
      }
    }
  })()
  it('p.adjust (holm, BH, none) with ties and NAs', checkPAdjust)

  const checkTheilSenAndDrift = (() => {
    const g = gen(seed + 4)
    const inputs: Record<string, number[]> = {}
    const cases = 20
    for (let c = 0; c < cases; c++) {
      const n = g.int(2, 300)
      const ties = c % 3 === 0
      const xs = Array.from({ length: n }, (_, i) => (ties ? g.int(0, Math.max(1, Math.floor(n / 3))) : i))
      if (ties && new Set(xs).size < 2) xs[0] = xs[1] + 1
      const slope = g.normal()
      inputs[`x${c}`] = xs
      inputs[`y${c}`] = xs.map((x) => 1000 + slope * x + 5 * g.normal() * (g.rnd() < 0.1 ? 20 : 1))
    }
    const outR = batch.add(
      `for (c in 0:${cases - 1}) { x <- get(paste0("x", c)); y <- get(paste0("y", c))
           s <- outer(y, y, "-") / outer(x, x, "-"); keep <- upper.tri(s) & outer(x, x, "!=")
           b <- median(s[keep]); emit(paste0("ts", c), c(b, median(y - b * x), sum(keep)))
           if (all(x == seq_along(x) - 1)) emit(paste0("rel", c), b * (length(y) - 1) / median(y)) }`,
      inputs
    )
    return () => {
      const out = outR()
      for (let c = 0; c < cases; c++) {
        const r = theilSen(inputs[`x${c}`], inputs[`y${c}`])
        const [slope, intercept, pairs] = out[`ts${c}`]
        expectRel(r.slope, slope, `Theil-Sen slope case ${c}`)
        expectRel(r.intercept, intercept, `Theil-Sen intercept case ${c}`)
        expect(r.pairs).toBe(pairs)
        if (out[`rel${c}`] !== undefined) {
          expectRel(drift(inputs[`y${c}`]).relativeTotal as number, out[`rel${c}`][0], `drift case ${c}`)
        }
      }
    }
  })()
  it('Theil-Sen and drift vs the median of outer slopes in R', checkTheilSenAndDrift)

  const checkSenIntervalOfDrift = (() => {
    const g = gen(seed + 5)
    const inputs: Record<string, number[]> = {}
    const cases = 24
    for (let c = 0; c < cases; c++) {
      const n = g.int(3, 60)
      const slope = c % 2 === 0 ? 0 : g.normal() * 0.5
      // Every third case rounds the values so that run medians tie (the variance's tie term).
      inputs[`y${c}`] = Array.from({ length: n }, (_, i) => {
        const y = 100 + slope * i + g.normal()
        return c % 3 === 0 ? Math.round(y) : y
      })
    }
    const outR = batch.add(
      `for (c in 0:${cases - 1}) { y <- get(paste0("y", c)); n <- length(y); d <- c()
           for (i in 1:(n - 1)) for (j in (i + 1):n) d <- c(d, (y[j] - y[i]) / (j - i))
           d <- sort(d); N <- length(d); t <- table(y)
           varS <- (n * (n - 1) * (2 * n + 5) - sum(t * (t - 1) * (2 * t + 5))) / 18
           C <- qnorm(1 - 0.01 / 2) * sqrt(varS); lo <- round((N - C) / 2); hi <- round((N + C) / 2 + 1)
           emit(paste0("ci", c), c(if (lo >= 1 && lo <= N) d[lo] else -Inf, if (hi >= 1 && hi <= N) d[hi] else Inf)) }`,
      inputs
    )
    return () => {
      const out = outR()
      for (let c = 0; c < cases; c++) {
        const ci = senInterval(inputs[`y${c}`], 0.99)
        const [lo, hi] = out[`ci${c}`]
        if (Number.isFinite(lo)) expectRel(ci.lower, lo, `Sen lower case ${c}`)
        else expect(ci.lower).toBe(lo)
        if (Number.isFinite(hi)) expectRel(ci.upper, hi, `Sen upper case ${c}`)
        else expect(ci.upper).toBe(hi)
      }
    }
  })()
  it(
    "Sen's interval of the drift slope vs trend::sens.slope's formula in R (Kendall's S with ties)",
    checkSenIntervalOfDrift
  )
})
