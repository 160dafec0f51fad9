/**
 * stats/changePoints.ts testChangePoints: each point tested on the segments between its neighbours;
 * refineChangePoints: each point moved to the least-squares place of its step.
 */
import { describe, expect, it } from '@jest/globals'
import { detectChangePoints, refineChangePoints, testChangePoints } from '../../src/stats/changePoints.js'
import { seededRandom } from '../helpers/r.js'

const noise = (seed: number) => {
  const u = seededRandom(seed)
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u())
}

describe('testChangePoints', () => {
  it('gives what the merge step gives when every point is re-tested (retestLeftNeighbour)', () => {
    for (const seed of [1, 2, 3]) {
      const z = noise(seed)
      const xs = Array.from({ length: 150 }, (_, i) => (i >= 50 ? 1 : 0) + (i >= 100 ? -0.5 : 0) + 0.1 * z())
      const found = detectChangePoints(xs, { maxPValue: 0.01, retestLeftNeighbour: true })
      expect(found.length).toBeGreaterThanOrEqual(2)
      expect(testChangePoints(xs, found)).toEqual(found)
    }
  })

  it('re-tests on the merged segments when a point is dropped, and checks the indices', () => {
    const xs = [0, 0.1, 0, 0.1, 0, 1, 1.1, 1, 1.1, 1, 1, 1.1]
    const [only] = testChangePoints(xs, [{ index: 5, qhat: 0 }])
    expect(only).toMatchObject({ index: 5, before: { n: 5 }, after: { n: 7 } })
    expect(only.pValue).toBeLessThan(1e-6)
    expect(() =>
      testChangePoints(xs, [
        { index: 5, qhat: 0 },
        { index: 5, qhat: 0 }
      ])
    ).toThrow('sorted distinct')
    expect(() => testChangePoints(xs, [{ index: 12, qhat: 0 }])).toThrow('sorted distinct')
  })
})

/** Residual sum of squares of the segment means for splits at `at` (brute force, for comparison). */
function rss(xs: number[], at: number[]): number {
  const bounds = [0, ...at, xs.length]
  let total = 0
  for (let i = 1; i < bounds.length; i++) {
    const seg = xs.slice(bounds[i - 1], bounds[i])
    const m = seg.reduce((a, b) => a + b, 0) / seg.length
    total += seg.reduce((a, b) => a + (b - m) ** 2, 0)
  }
  return total
}

describe('refineChangePoints', () => {
  it('moves a point pulled off a step by one noisy point to where the means change', () => {
    // The step is at 20 and its first point fell 40% of the way back (1030): a split at 21 would put it
    // with the old level, further from its mean than from the new one; 23 is further still.
    const z = noise(5)
    const xs = Array.from({ length: 40 }, (_, i) => 1000 + (i >= 20 ? 50 : 0) + z())
    xs[20] = 1030
    const [moved] = refineChangePoints(xs, [{ index: 23, qhat: 7 }], 5)
    expect(moved).toEqual({ index: 20, qhat: 7 })
  })

  it('finds the least-squares place between its neighbours, keeping minSide points a side', () => {
    for (const seed of [1, 2, 3, 4]) {
      const z = noise(seed)
      const xs = Array.from({ length: 90 }, (_, i) => (i >= 30 ? 1 : 0) + (i >= 60 ? -1 : 0) + 0.8 * z())
      const refined = refineChangePoints(
        xs,
        [
          { index: 25, qhat: 0 },
          { index: 66, qhat: 0 }
        ],
        5
      ).map((p) => p.index)
      // Each point is where its own segment's split is best, given its neighbours (a fixed point)…
      refined.forEach((at, i) => {
        const lo = i === 0 ? 0 : refined[i - 1]
        const hi = i === refined.length - 1 ? xs.length : refined[i + 1]
        expect(at - lo).toBeGreaterThanOrEqual(5)
        expect(hi - at).toBeGreaterThanOrEqual(5)
        for (let other = lo + 5; other <= hi - 5; other++) {
          const alt = refined.map((a, j) => (j === i ? other : a))
          expect(rss(xs, refined)).toBeLessThanOrEqual(rss(xs, alt) + 1e-9)
        }
      })
      // …and never worse than where it started.
      expect(rss(xs, refined)).toBeLessThanOrEqual(rss(xs, [25, 66]))
    }
  })

  it('keeps a point whose segment leaves no room, and checks the indices', () => {
    const xs = [0, 0.1, 0, 5, 0, 1, 1.1, 1, 1.1, 1]
    expect(refineChangePoints(xs, [{ index: 5, qhat: 0 }], 5)).toEqual([{ index: 5, qhat: 0 }])
    expect(() => refineChangePoints(xs, [{ index: 10, qhat: 0 }], 5)).toThrow('sorted distinct')
    expect(() => refineChangePoints([0, NaN, 1], [{ index: 1, qhat: 0 }], 1)).toThrow()
  })
})
