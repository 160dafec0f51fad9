/** stats/changePoints.ts testChangePoints: each point tested on the segments between its neighbours. */
import { describe, expect, it } from '@jest/globals'
import { detectChangePoints, testChangePoints } from '../../src/stats/changePoints.js'
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
