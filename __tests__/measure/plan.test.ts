import { describe, expect, it } from '@jest/globals'
import { formatEta, planRounds } from '../../src/measure/index.js'
import { JobError } from '../../src/errors.js'

describe('planRounds', () => {
  it('alternates ABBA after one warm-up round', () => {
    const plan = planRounds({ rounds: 4 })
    expect(plan).toEqual([
      { round: -1, order: ['base', 'head'] },
      { round: 0, order: ['base', 'head'] },
      { round: 1, order: ['head', 'base'] },
      { round: 2, order: ['base', 'head'] },
      { round: 3, order: ['head', 'base'] }
    ])
    const sequence = plan.filter((p) => p.round >= 0).flatMap((p) => p.order)
    expect(sequence.join(',')).toBe('base,head,head,base,base,head,head,base')
  })

  it('lets each side go first equally often for an even number of rounds', () => {
    for (const rounds of [2, 4, 10, 30]) {
      const firsts = planRounds({ rounds, warmup: 0 }).map((p) => p.order[0])
      expect(firsts.filter((s) => s === 'base')).toHaveLength(rounds / 2)
      expect(firsts.filter((s) => s === 'head')).toHaveLength(rounds / 2)
    }
    const odd = planRounds({ rounds: 5, warmup: 0 }).map((p) => p.order[0])
    expect(odd.filter((s) => s === 'base')).toHaveLength(3)
  })

  it('runs every side once per round, and numbers rounds 0..n-1', () => {
    const plan = planRounds({ rounds: 7, warmup: 2 })
    expect(plan.map((p) => p.round)).toEqual([-1, -1, 0, 1, 2, 3, 4, 5, 6])
    expect(plan[0].order).toEqual(['base', 'head'])
    expect(plan[1].order).toEqual(['head', 'base'])
    for (const p of plan) expect([...p.order].sort()).toEqual(['base', 'head'])
  })

  it('rejects impossible round counts', () => {
    for (const bad of [{ rounds: 0 }, { rounds: 1.5 }, { rounds: NaN }, { rounds: 3, warmup: -1 }]) {
      expect(() => planRounds(bad)).toThrow(JobError)
    }
    expect(planRounds({ rounds: 1, warmup: 0 })).toEqual([{ round: 0, order: ['base', 'head'] }])
  })
})

describe('formatEta', () => {
  it('formats durations for progress lines', () => {
    expect(formatEta(0)).toBe('0s')
    expect(formatEta(44_600)).toBe('45s')
    expect(formatEta(185_000)).toBe('3m 05s')
    expect(formatEta(3_720_000)).toBe('1h 02m')
    expect(formatEta(-1)).toBe('?')
    expect(formatEta(Infinity)).toBe('?')
  })
})
