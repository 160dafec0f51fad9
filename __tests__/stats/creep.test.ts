import { describe, expect, it } from '@jest/globals'
import { creep, type CreepStep } from '../../src/stats/creep.js'
import { normalQuantile } from '../../src/stats/normal.js'
import { seededRandom } from '../helpers/r.js'

const Z95 = normalQuantile(0.975)

/** A step with ratio r and a 95% interval symmetric on the log scale with standard error se. */
function step(r: number, se: number): CreepStep {
  return { ratio: r, lo: r * Math.exp(-Z95 * se), hi: r * Math.exp(Z95 * se) }
}

describe('creep', () => {
  it('sums the log-ratios and adds the steps’ variances (30 steps of +0.3%, se 0.2% each)', () => {
    const steps = Array.from({ length: 30 }, () => step(1.003, 0.002))
    const c = creep(steps, { delta: 0.02 })
    expect(c.steps).toBe(30)
    expect(c.total).toBeCloseTo(30 * Math.log(1.003), 14)
    expect(c.se).toBeCloseTo(0.002 * Math.sqrt(30), 14)
    expect(c.lo).toBeCloseTo(c.total - Z95 * c.se, 14)
    expect(c.hi).toBeCloseTo(c.total + Z95 * c.se, 14)
    expect(c.change).toBeCloseTo(1.003 ** 30 - 1, 13)
    expect(c.changeLo).toBeCloseTo(Math.exp(c.lo) - 1, 14)
    expect(c.report).toBe(true) // +9.4% [+7.2%, +11.6%], ≥ 2%
  })

  it('is not reported when the interval includes 0, or when the total is below δ', () => {
    const noisy = Array.from({ length: 30 }, () => step(1.003, 0.02))
    expect(creep(noisy, { delta: 0.02 }).report).toBe(false) // se ≈ 0.11: interval includes 0
    const small = Array.from({ length: 30 }, () => step(1.0005, 0.0001))
    const c = creep(small, { delta: 0.02 })
    expect(c.lo).toBeGreaterThan(0) // significant …
    expect(c.report).toBe(false) // … but +1.5% < δ = 2%
    expect(creep(small, { delta: 0.01 }).report).toBe(true)
  })

  it('reports improvements too (|total| ≥ ln(1 + δ))', () => {
    const c = creep(
      Array.from({ length: 20 }, () => step(0.997, 0.001)),
      { delta: 0.05 }
    )
    expect(c.total).toBeLessThan(-Math.log1p(0.05))
    expect(c.hi).toBeLessThan(0)
    expect(c.report).toBe(true)
  })

  it('uses the last `window` steps only, and the steps’ and total’s own levels', () => {
    const steps = [step(1.5, 0.01), ...Array.from({ length: 10 }, () => step(1.001, 0.001))]
    const c = creep(steps, { delta: 0.001, window: 10 })
    expect(c.steps).toBe(10)
    expect(c.total).toBeCloseTo(10 * Math.log(1.001), 14)
    // Steps given at 90%: se from z_0.95; total at 99%.
    const s90: CreepStep = { ratio: 1.01, lo: 1.01 * Math.exp(-0.01), hi: 1.01 * Math.exp(0.01) }
    const d = creep([s90], { delta: 0, stepConfLevel: 0.9, confLevel: 0.99 })
    expect(d.se).toBeCloseTo(0.01 / normalQuantile(0.95), 14)
    expect(d.hi - d.total).toBeCloseTo(normalQuantile(0.995) * d.se, 14)
  })

  it('covers the true cumulative change at about the nominal level (simulation, 2,000 windows)', () => {
    const rnd = seededRandom(31)
    const z = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
    let covered = 0
    const windows = 2000
    for (let w = 0; w < windows; w++) {
      const steps: CreepStep[] = []
      for (let i = 0; i < 30; i++) {
        const se = 0.001 + 0.004 * rnd()
        steps.push(step(Math.exp(0.002 + se * z()), se)) // true step ln 1.002…
      }
      const c = creep(steps, { delta: 0.02 })
      if (c.lo <= 0.06 && 0.06 <= c.hi) covered++ // … 30 of them: 0.06
    }
    expect(covered / windows).toBeGreaterThan(0.93)
    expect(covered / windows).toBeLessThan(0.97)
  })

  it('a zero-width step interval (count mode) has se 0', () => {
    expect(creep([{ ratio: 1.1, lo: 1.1, hi: 1.1 }], { delta: 0.05 })).toMatchObject({ se: 0, report: true })
  })

  it('rejects empty input, bad ratios and intervals, and options out of range', () => {
    expect(() => creep([], { delta: 0.02 })).toThrow(expect.objectContaining({ id: 'empty' }))
    expect(() => creep([{ ratio: 0, lo: 0, hi: 1 }], { delta: 0.02 })).toThrow(
      expect.objectContaining({ id: 'not-positive', subject: 'steps[0].ratio' })
    )
    expect(() => creep([{ ratio: 1, lo: 1.1, hi: 1.2 }], { delta: 0.02 })).toThrow(
      expect.objectContaining({ id: 'domain', subject: 'steps[0]' })
    )
    const ok = [step(1, 0.01)]
    for (const opts of [
      { delta: -1 },
      { delta: 0.02, window: 0 },
      { delta: 0.02, stepConfLevel: 1 },
      { delta: 0.02, confLevel: 0 }
    ])
      expect(() => creep(ok, opts)).toThrow(expect.objectContaining({ id: 'domain' }))
  })
})
