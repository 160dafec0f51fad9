import { describe, expect, it } from '@jest/globals'
import {
  type ChangePoint,
  detectChangePoints,
  detectChangePointsDetailed,
  eDivisiveCandidate
} from '../../src/stats/changePoints.js'
import { seededRandom } from '../helpers/r.js'

function noise(seed: number) {
  const rnd = seededRandom(seed)
  return () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
}

/** A series of `n` points at `level`, multiplied by (1 + step) from each planted index on, with noise. */
function series(n: number, steps: [number, number][], sd: number, seed: number, level = 100): number[] {
  const z = noise(seed)
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    let mu = level
    for (const [at, by] of steps) if (i >= at) mu *= 1 + by
    out.push(mu + sd * z())
  }
  return out
}

/** q̂(X, Y) of Matteson & James, written directly from the definition. */
function qhatDirect(x: number[], y: number[]): number {
  const n = x.length
  const m = y.length
  let between = 0
  for (const a of x) for (const b of y) between += Math.abs(a - b)
  const within = (s: number[]) => {
    let t = 0
    for (let i = 0; i < s.length; i++) for (let j = i + 1; j < s.length; j++) t += Math.abs(s[i] - s[j])
    return t
  }
  const wx = n > 1 ? (2 * m * within(x)) / ((n + m) * (n - 1)) : 0
  const wy = m > 1 ? (2 * n * within(y)) / ((n + m) * (m - 1)) : 0
  return (2 / (n + m)) * between - wx - wy
}

describe('detectChangePoints', () => {
  it('finds a planted +10% step at its index, with the segments on each side', () => {
    const s = series(60, [[30, 0.1]], 1, 1)
    const cps = detectChangePoints(s, { maxPValue: 0.001 })
    expect(cps.map((c) => c.index)).toEqual([30])
    const c = cps[0]
    expect(c.pValue).toBeLessThan(1e-20)
    expect(c.before.n).toBe(30)
    expect(c.after.n).toBe(30)
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length
    expect(c.before.mean).toBeCloseTo(mean(s.slice(0, 30)), 10)
    expect(c.after.mean).toBeCloseTo(mean(s.slice(30)), 10)
    const m = c.before.mean
    const popSd = Math.sqrt(s.slice(0, 30).reduce((a, v) => a + (v - m) ** 2, 0) / 30)
    expect(c.before.sd).toBeCloseTo(popSd, 10) // divisor n, as numpy's np.std in otava
    expect(c.forwardChange).toBeCloseTo(c.after.mean / c.before.mean - 1, 14)
    expect(c.forwardChange).toBeGreaterThan(0.08)
    expect(c.magnitude).toBeCloseTo(Math.max(c.forwardChange, 1 - c.before.mean / c.after.mean), 14)
  })

  it('finds several planted steps (±5–10%) in a 200-point series across windows', () => {
    const s = series(
      200,
      [
        [40, 0.08],
        [95, -0.06],
        [150, 0.05]
      ],
      1,
      7
    )
    const cps = detectChangePoints(s, { maxPValue: 0.001, windowLength: 50 })
    expect(cps.map((c) => c.index)).toEqual([40, 95, 150])
    expect(cps.map((c) => Math.sign(c.forwardChange))).toEqual([1, -1, 1])
  })

  it('finds a step with short windows too (window 10)', () => {
    const s = series(80, [[53, 0.1]], 0.5, 3)
    expect(detectChangePoints(s, { maxPValue: 0.001, windowLength: 10 }).map((c) => c.index)).toEqual([53])
  })

  it('a constant series has no change point (the t-test is 0/0: p = NaN, never significant)', () => {
    const s = new Array<number>(50).fill(42)
    const d = detectChangePointsDetailed(s, { maxPValue: 0.05 })
    expect(d.changePoints).toEqual([])
    expect(d.weakChangePoints).toEqual([])
  })

  it('series of 0, 1, 2 or 3 points have none', () => {
    for (const s of [[], [1], [1, 2], [1, 2, 1]])
      expect(detectChangePoints(s, { maxPValue: 0.5 })).toEqual([])
  })

  it('pure noise: few false change points at maxPValue 0.001 (measured over 40 series of 100)', () => {
    let found = 0
    for (let seed = 100; seed < 140; seed++)
      found += detectChangePoints(series(100, [], 1, seed), { maxPValue: 0.001 }).length
    // 4,000 series-points: Hunter's test is not calibrated per point (the candidate is the best split),
    // but at 0.001 false points stay rare.
    expect(found).toBeLessThanOrEqual(4)
  })

  it('is deterministic, and invariant to scale and shift of the series', () => {
    const s = series(120, [[70, -0.07]], 2, 11)
    const a = detectChangePoints(s, { maxPValue: 0.001 })
    expect(detectChangePoints(s, { maxPValue: 0.001 })).toEqual(a)
    const scaled = detectChangePoints(
      s.map((v) => v * 1000),
      { maxPValue: 0.001 }
    )
    expect(scaled.map((c) => c.index)).toEqual(a.map((c) => c.index))
    scaled.forEach((c, i) => expect(c.pValue / a[i].pValue).toBeCloseTo(1, 8))
  })

  it('minMagnitude drops significant but small changes', () => {
    const s = series(100, [[50, 0.02]], 0.1, 5)
    expect(detectChangePoints(s, { maxPValue: 0.001 }).map((c) => c.index)).toEqual([50])
    expect(detectChangePoints(s, { maxPValue: 0.001, minMagnitude: 0.05 })).toEqual([])
  })

  it('the weak change points (relaxed threshold) include the final ones', () => {
    const s = series(150, [[60, 0.05]], 2, 21)
    const d = detectChangePointsDetailed(s, { maxPValue: 0.001 })
    const weak = new Set(d.weakChangePoints.map((c) => c.index))
    for (const c of d.changePoints) expect(weak.has(c.index)).toBe(true)
    expect(d.weakChangePoints.length).toBeGreaterThanOrEqual(d.changePoints.length)
  })

  it('retestLeftNeighbour: every point is tested on the segments between its reported neighbours', () => {
    /** Number of points whose segments are not those between the reported change points. */
    const stale = (cps: ChangePoint[], n: number) =>
      cps.filter((c, j) => {
        const prev = j === 0 ? 0 : cps[j - 1].index
        const next = j === cps.length - 1 ? n : cps[j + 1].index
        return c.before.n !== c.index - prev || c.after.n !== next - c.index
      }).length
    // Steps of +5% (5σ) at 100, 200, 300: otava's merge never re-tests the left neighbour of a removed
    // point, so stale p-values keep a false point at 85 and drop the step at 300; re-tested, exact.
    const rnd = seededRandom(97)
    const z = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
    const s = Array.from({ length: 400 }, (_, i) => 100 * (1 + 0.05 * Math.floor(i / 100)) + z())
    const asOtava = detectChangePoints(s, { maxPValue: 0.001 })
    expect(asOtava.map((c) => c.index)).toEqual([85, 100, 200])
    expect(stale(asOtava, s.length)).toBeGreaterThan(0)
    const retested = detectChangePoints(s, { maxPValue: 0.001, retestLeftNeighbour: true })
    expect(retested.map((c) => c.index)).toEqual([100, 200, 300])
    expect(stale(retested, s.length)).toBe(0)
    for (let seed = 0; seed < 30; seed++) {
      const t = series(
        150,
        [
          [40, 0.03],
          [41, 0.03],
          [90, -0.04]
        ],
        1,
        1000 + seed
      )
      const fixed = detectChangePoints(t, { maxPValue: 0.01, windowLength: 20, retestLeftNeighbour: true })
      expect(stale(fixed, t.length)).toBe(0)
      for (const c of fixed) expect(c.pValue).toBeLessThan(0.01)
    }
  })

  it('rejects non-finite values and options out of range', () => {
    expect(() => detectChangePoints([1, NaN, 2], { maxPValue: 0.01 })).toThrow(
      expect.objectContaining({ id: 'not-finite', subject: 'series' })
    )
    for (const opts of [
      { maxPValue: 0 },
      { maxPValue: 1.5 },
      { maxPValue: 0.01, windowLength: 1 },
      { maxPValue: 0.01, windowLength: 2.5 },
      { maxPValue: 0.01, minMagnitude: -1 }
    ]) {
      expect(() => detectChangePoints([1, 2, 3], opts)).toThrow(expect.objectContaining({ id: 'domain' }))
    }
  })
})

describe('eDivisiveCandidate', () => {
  it('maximizes q̂(τ, κ) of the definition over all splits (brute force)', () => {
    const z = noise(42)
    for (let c = 0; c < 20; c++) {
      const n = 2 + c
      const s = Array.from({ length: n }, (_, i) => (i >= n / 2 ? 3 : 0) * (c % 2) + z())
      let best = -Infinity
      let bestTau = -1
      for (let tau = 1; tau < n; tau++) {
        for (let kappa = tau + 1; kappa <= n; kappa++) {
          const q = qhatDirect(s.slice(0, tau), s.slice(tau, kappa))
          if (bestTau < 0 || q > best + 1e-9 * Math.abs(best)) {
            best = q
            bestTau = tau
          }
        }
      }
      const got = eDivisiveCandidate(s)
      expect(got.qhat).toBeCloseTo(best, 9)
      expect(got.index).toBe(bestTau)
    }
  })

  it('works on a sub-interval with absolute indices', () => {
    const s = [5, 5, 5, 0, 0.1, 0, 10, 10.1, 10, 3, 3]
    expect(eDivisiveCandidate(s, 3, 9).index).toBe(6)
    expect(() => eDivisiveCandidate(s, 4, 5)).toThrow(expect.objectContaining({ id: 'domain' }))
  })
})
