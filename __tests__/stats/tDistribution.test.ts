import { expect, it } from '@jest/globals'
import { qt } from '../../src/stats/tDistribution.js'

// Above df = 1e14 qt uses a normal expansion; its normal quantile must hold in the far lower tail,
// where stdlib's erfinv-based one fails (−Infinity at p = 1e-17). Reference: R 4.2.2, qt(1e-20, 1e15).
it('qt keeps the far lower tail at huge df', () => {
  expect(qt(1e-20, 1e15)).toBeCloseTo(-9.2623400897986059, 10)
  expect(qt(1e-20, 1e15, false)).toBeCloseTo(9.2623400897986059, 10)
})
