// DerSimonian-Laird pooling and BLUPs against R's metafor (rma.uni(method = "DL"), blup()), on random
// suites: K from 2 to 40 log-ratio estimates, variances spread over three decades, true effects equal
// (τ² = 0 is common) or spread. Skipped, with the printed reason, when Rscript or metafor is missing.
import { describe, expect, it } from '@jest/globals'
import { hasR, hasRPackage, noRReason, relDiff, runR, seededRandom } from '../helpers/r.js'
import { blup, dersimonianLaird } from '../../src/stats/randomEffects.js'

const hasMetafor = hasRPackage('metafor')
const d = hasMetafor ? describe : describe.skip
if (!hasMetafor)
  console.warn(
    `random-effects oracle tests skipped: ${hasR ? 'R package metafor not found: apt-get install r-cran-metafor' : noRReason}`
  )

const rnd = seededRandom(20261126)
const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
const SUITES = 60

d('DerSimonian-Laird and BLUPs vs metafor (randomized)', () => {
  const group: number[] = []
  const y: number[] = []
  const v: number[] = []
  for (let s = 0; s < SUITES; s++) {
    const k = 2 + Math.floor(rnd() * 39)
    const tau = s % 3 === 0 ? 0 : 0.002 + 0.05 * rnd()
    const mu = 0.05 * normal()
    for (let i = 0; i < k; i++) {
      const vi = Math.exp(Math.log(1e-6) + Math.log(1e3) * rnd())
      group.push(s)
      v.push(vi)
      y.push(mu + tau * normal() + Math.sqrt(vi) * normal())
    }
  }
  const r = hasMetafor
    ? runR(
        `
suppressPackageStartupMessages(library(metafor))
fits <- lapply(split(seq_along(y), group), function(ix) rma.uni(y[ix], v[ix], method = "DL"))
emit("tau2", sapply(fits, function(f) f$tau2))
emit("mu", sapply(fits, function(f) f$b[1]))
emit("muse", sapply(fits, function(f) f$se))
b <- lapply(fits, blup)
emit("pred", unlist(lapply(b, function(x) x$pred)))
emit("se", unlist(lapply(b, function(x) x$se)))
`,
        { group, y, v }
      )
    : {}

  const fit = (s: number) => {
    const ix = group.flatMap((g, i) => (g === s ? [i] : []))
    return {
      ix,
      re: dersimonianLaird(
        ix.map((i) => y[i]),
        ix.map((i) => v[i])
      )!
    }
  }

  it('pools as metafor: τ², μ and its standard error', () => {
    let worst = 0
    let zeros = 0
    for (let s = 0; s < SUITES; s++) {
      const { re } = fit(s)
      if (r.tau2[s] === 0) {
        zeros++
        expect(re.tau2).toBe(0)
      } else worst = Math.max(worst, relDiff(re.tau2, r.tau2[s]))
      worst = Math.max(worst, relDiff(re.mu, r.mu[s]), relDiff(Math.sqrt(re.muVariance), r.muse[s]))
    }
    expect(zeros).toBeGreaterThan(5) // both branches of the truncation are exercised
    expect(worst).toBeLessThan(1e-9)
  })

  it('predicts each true value as metafor::blup, with its standard error', () => {
    let worst = 0
    for (let s = 0; s < SUITES; s++) {
      const { ix, re } = fit(s)
      for (const i of ix) {
        const b = blup(y[i], v[i], re)
        worst = Math.max(worst, relDiff(b.pred, r.pred[i], 1e-15), relDiff(b.se, r.se[i]))
      }
    }
    expect(worst).toBeLessThan(1e-9)
  })
})

describe('DerSimonian-Laird edge cases', () => {
  it('has nothing to pool below two estimates', () => {
    expect(dersimonianLaird([0.01], [1e-4])).toBeNull()
    expect(dersimonianLaird([], [])).toBeNull()
  })
  it('with τ² = 0 every prediction is the pooled mean, known to its standard error', () => {
    const re = dersimonianLaird([0.01, 0.01, 0.01], [1e-4, 2e-4, 4e-4])!
    expect(re.tau2).toBe(0)
    const b = blup(0.01, 1e-4, re)
    expect(b.pred).toBeCloseTo(0.01, 15)
    expect(b.se).toBeCloseTo(Math.sqrt(re.muVariance), 15)
  })
})
