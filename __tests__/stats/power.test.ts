// power.t.test (two-sample, two-sided, strict = FALSE), sample size and minimum detectable effect.
// Golden cases: __tests__/golden/power/*.json, made by scripts/r/golden-power.R (R 4.2.2).
// Tolerance: 1e-9 relative against R's true root (tol = 1e-13 in R; STATISTICS.md §8 asks 1e-6), and
// 1e-9 relative against R's default-tolerance answer when we run zeroin with R's tolerance too.
import { describe, expect, it } from '@jest/globals'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { relDiff } from '../helpers/r.js'
import { StatsInputError } from '../../src/stats/errors.js'
import { R_UNIROOT_TOL, powerTTest, tTestPower, zeroin } from '../../src/stats/power.js'
import {
  NONPARAMETRIC_OVERHEAD,
  minRankTestSamples,
  minimumDetectableEffect,
  powerWarnings,
  requiredSamplesPerSide
} from '../../src/stats/sampleSize.js'

interface PowerCase {
  input: { n?: number; delta?: number; sd: number; sigLevel: number; power?: number }
  output: {
    n: number
    delta: number
    sd: number
    sigLevel: number
    power: number
    solved: 'n' | 'delta' | 'power'
    rDefault: number
  }
}

const goldenDir = join(process.cwd(), '__tests__/golden/power')
const files = readdirSync(goldenDir)
  .filter((f) => f.endsWith('.json'))
  .sort()

describe('powerTTest golden cases (R power.t.test)', () => {
  it('has golden cases', () => expect(files.length).toBeGreaterThan(10))
  for (const file of files) {
    it(`matches R: ${file}`, () => {
      const c = JSON.parse(readFileSync(join(goldenDir, file), 'utf8')) as PowerCase
      const got = powerTTest(c.input)
      for (const key of ['n', 'delta', 'sd', 'sigLevel', 'power'] as const) {
        expect(relDiff(got[key], c.output[key])).toBeLessThan(1e-9)
      }
      const rLike = powerTTest({ ...c.input, tol: R_UNIROOT_TOL })
      expect(relDiff(rLike[c.output.solved], c.output.rDefault)).toBeLessThan(1e-9)
    })
  }
})

describe('powerTTest', () => {
  it('reproduces the STATISTICS.md reference values to 1e-6 relative', () => {
    expect(relDiff(powerTTest({ delta: 1, sd: 1, power: 0.8 }).n, 16.7147681423)).toBeLessThan(1e-6)
    expect(relDiff(powerTTest({ delta: 0.05, power: 0.8 }).n, 6280.06429625)).toBeLessThan(1e-6)
    expect(
      relDiff(powerTTest({ delta: 0.5, sd: 2, sigLevel: 0.01, power: 0.9 }).n, 477.802065038)
    ).toBeLessThan(1e-6)
  })

  it('round-trips n -> power -> n and delta', () => {
    const { n } = powerTTest({ delta: 0.3, sd: 1.2, sigLevel: 0.01, power: 0.95 })
    expect(relDiff(powerTTest({ n, delta: 0.3, sd: 1.2, sigLevel: 0.01 }).power, 0.95)).toBeLessThan(1e-12)
    expect(relDiff(powerTTest({ n, sd: 1.2, sigLevel: 0.01, power: 0.95 }).delta, 0.3)).toBeLessThan(1e-10)
  })

  it('is scale invariant (delta/sd)', () => {
    const a = powerTTest({ delta: 0.02, sd: 0.05, power: 0.9 }).n
    const b = powerTTest({ delta: 2, sd: 5, power: 0.9 }).n
    expect(relDiff(a, b)).toBeLessThan(1e-12)
  })

  it('power increases with n and delta', () => {
    expect(tTestPower(10, 1, 1, 0.05)).toBeLessThan(tTestPower(20, 1, 1, 0.05))
    expect(tTestPower(10, 0.5, 1, 0.05)).toBeLessThan(tTestPower(10, 1, 1, 0.05))
  })

  const bad: [string, Parameters<typeof powerTTest>[0], string, string][] = [
    ['two unknowns', { delta: 1 }, 'arguments', 'powerTTest'],
    ['no unknown', { n: 10, delta: 1, power: 0.8 }, 'arguments', 'powerTTest'],
    ['NaN delta', { delta: NaN, power: 0.8 }, 'not-finite', 'delta'],
    ['infinite n', { n: Infinity, delta: 1 }, 'not-finite', 'n'],
    ['negative sd', { delta: 1, sd: -1, power: 0.8 }, 'domain', 'sd'],
    ['zero sd', { delta: 1, sd: 0, power: 0.8 }, 'domain', 'sd'],
    ['sigLevel 0', { delta: 1, sigLevel: 0, power: 0.8 }, 'domain', 'sigLevel'],
    ['sigLevel 1', { delta: 1, sigLevel: 1, power: 0.8 }, 'domain', 'sigLevel'],
    ['power 1', { delta: 1, power: 1 }, 'domain', 'power'],
    ['power negative', { n: 5, power: -0.1 }, 'domain', 'power'],
    ['n = 1', { n: 1, delta: 1 }, 'domain', 'n'],
    ['negative tol', { delta: 1, power: 0.8, tol: -1 }, 'domain', 'tol'],
    ['power <= sigLevel (n)', { delta: 1, sigLevel: 0.05, power: 0.05 }, 'no-solution', 'power'],
    ['power <= sigLevel (delta)', { n: 10, sigLevel: 0.1, power: 0.03 }, 'no-solution', 'power']
  ]
  for (const [name, args, id, subject] of bad) {
    it(`rejects ${name}`, () => {
      let error: unknown
      try {
        powerTTest(args)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(StatsInputError)
      expect((error as StatsInputError).id).toBe(id)
      expect((error as StatsInputError).subject).toBe(subject)
      expect((error as StatsInputError).message.length).toBeGreaterThan(10)
    })
  }
})

describe('zeroin (port of R_zeroin2)', () => {
  it('finds a root to full precision with tol = 0', () => {
    const r = zeroin((x) => x * x - 2, 0, 2, -2, 2, 0, 1000)
    expect(relDiff(r.root, Math.SQRT2)).toBeLessThan(4 * Number.EPSILON)
    expect(r.iterations).toBeGreaterThan(0)
  })
  it('returns an endpoint that is a root', () => {
    expect(zeroin((x) => x - 1, 1, 3, 0, 2, 0, 1000).root).toBe(1)
  })
})

describe('requiredSamplesPerSide', () => {
  it('uses delta = ln(1 + δ) and the 1.15 overhead', () => {
    const r = requiredSamplesPerSide({ minEffect: 0.02, sdLog: 0.05, alpha: 0.01, power: 0.95 })
    const nT = powerTTest({ delta: Math.log1p(0.02), sd: 0.05, sigLevel: 0.01, power: 0.95 }).n
    expect(r.nT).toBe(nT)
    expect(r.nRequired).toBe(Math.ceil(NONPARAMETRIC_OVERHEAD * nT))
    expect(r.warnings).toEqual([])
  })
  it('floors at the rank test minimum', () => {
    expect(minRankTestSamples(0.05)).toBe(4)
    expect(minRankTestSamples(0.01)).toBe(5)
    const r = requiredSamplesPerSide({ minEffect: 0.02, sdLog: 0.001, alpha: 0.01, power: 0.95 })
    expect(r.nT).toBeLessThan(2)
    expect(r.nRequired).toBe(5)
  })
  it('handles zero spread without throwing', () => {
    const r = requiredSamplesPerSide({ minEffect: 0.02, sdLog: 0, alpha: 0.01, power: 0.95 })
    expect(r.nRequired).toBe(5)
    expect(r.warnings.length).toBe(1)
  })
  it('rejects bad input', () => {
    expect(() => requiredSamplesPerSide({ minEffect: 0, sdLog: 0.1, alpha: 0.01, power: 0.9 })).toThrow(
      StatsInputError
    )
    expect(() => requiredSamplesPerSide({ minEffect: 0.02, sdLog: -1, alpha: 0.01, power: 0.9 })).toThrow(
      StatsInputError
    )
    expect(() => requiredSamplesPerSide({ minEffect: 0.02, sdLog: NaN, alpha: 0.01, power: 0.9 })).toThrow(
      StatsInputError
    )
    expect(() => requiredSamplesPerSide({ minEffect: 0.02, sdLog: 0.1, alpha: 0.5, power: 0.4 })).toThrow(
      StatsInputError
    )
  })
})

describe('minimumDetectableEffect', () => {
  it('is exp(delta) - 1 for n = nEff / 1.15 and inverts requiredSamplesPerSide', () => {
    const r = minimumDetectableEffect({ nEff: 115, sdLog: 0.05, alpha: 0.01, power: 0.95 })
    const delta = powerTTest({ n: 100, sd: 0.05, sigLevel: 0.01, power: 0.95 }).delta
    expect(relDiff(r.effect as number, Math.expm1(delta))).toBeLessThan(1e-12)
    expect(r.nT).toBeCloseTo(100, 12)
    const back = requiredSamplesPerSide({
      minEffect: r.effect as number,
      sdLog: 0.05,
      alpha: 0.01,
      power: 0.95
    })
    expect(relDiff(back.nT, 100)).toBeLessThan(1e-9)
  })
  it('returns null with a reason when too few samples', () => {
    const few = minimumDetectableEffect({ nEff: 4, sdLog: 0.05, alpha: 0.01, power: 0.95 })
    expect(few.effect).toBeNull()
    expect(few.warnings[0]).toMatch(/rank test/)
    const tiny = minimumDetectableEffect({ nEff: 2.2, sdLog: 0.05, alpha: 0.4, power: 0.95 })
    expect(tiny.effect).toBeNull()
    expect(tiny.warnings[0]).toMatch(/power.t.test needs n >= 2/)
  })
  it('rejects bad input', () => {
    expect(() => minimumDetectableEffect({ nEff: -1, sdLog: 0.05, alpha: 0.01, power: 0.95 })).toThrow(
      StatsInputError
    )
    expect(() => minimumDetectableEffect({ nEff: 10, sdLog: 0.05, alpha: 0.01, power: 1 })).toThrow(
      StatsInputError
    )
  })
})

describe('powerWarnings', () => {
  const base = { minEffect: 0.02, sdLog: 0.05, alpha: 0.01, power: 0.95 }
  it('is silent when powered', () => {
    const need = requiredSamplesPerSide(base).nRequired
    const r = powerWarnings({ ...base, nEff: need })
    expect(r.findings).toEqual([])
    expect(r.warnings).toEqual([])
  })
  it('warns when underpowered for δ, with rounds', () => {
    const need = requiredSamplesPerSide(base).nRequired
    const r = powerWarnings({ ...base, nEff: need - 10, effectivePerRound: 3 })
    expect(r.findings.map((f) => f.id)).toEqual(['underpowered'])
    expect(r.findings[0].level).toBe('warning')
    expect(r.findings[0].moreRounds).toBe(4)
    expect(r.warnings[0]).toBe(`underpowered for 2%: need ≈ ${need} samples per side (≈ 4 more rounds)`)
  })
  it('reports the JayBeams 10·δ rule as an error', () => {
    const r = powerWarnings({ ...base, nEff: 3 })
    expect(r.findings.map((f) => [f.id, f.level])).toEqual([
      ['severely-underpowered', 'error'],
      ['underpowered', 'warning']
    ])
    expect(r.findings[0].samplesPerSide).toBe(r.requiredSevere.nRequired)
    expect(r.warnings[0]).toMatch(/^underpowered even for 20% \(10·δ\): need ≈ \d+ samples per side$/)
  })
  it('rejects bad input', () => {
    expect(() => powerWarnings({ ...base, nEff: NaN })).toThrow(StatsInputError)
    expect(() => powerWarnings({ ...base, nEff: 10, effectivePerRound: 0 })).toThrow(StatsInputError)
  })
})
