/** The advice study (validation/src/studies/advice.ts): --noise/--effect run one cell of the grid. */
import { describe, expect, it } from '@jest/globals'
import { runAdviceStudy } from '../../validation/src/studies/advice.js'

describe('advice study', () => {
  it('runs only the cell asked for', () => {
    const r = runAdviceStudy({ suites: 1, rounds: 10, seed: 1, noise: 'high', effectPercent: 1 }, () => {})
    expect(r.cells.map((c) => [c.noise, c.effect])).toEqual([['high ICC', 0.01]])
    expect(r.cells[0].benchmarks).toBe(6)
  })
})
