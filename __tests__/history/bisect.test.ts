/**
 * The bisection's search (docs/history.md, "Bisect"): which commit of a range carried a step, measured
 * against the range's start with a three-way answer, and when the store's counts say to count first.
 */
import { describe, expect, it } from '@jest/globals'
import {
  bisectRange,
  measurementOf,
  stepAnswerOf,
  stepShowsInCounts,
  type BisectMeasurement,
  type StepAnswer
} from '../../src/history/bisect.js'
import { bisectFileOf } from '../../src/commands/bisect.js'
import type { Comparison } from '../../src/analysis/types.js'
import type { CommitRecord } from '../../src/history/record.js'

const commits = (n: number) => Array.from({ length: n + 1 }, (_, i) => (i === 0 ? 'start' : `c${i}`))

/** A measurement oracle: commits at or after `step` differ by `change`; `undecided` commits cannot be told. */
function planted(range: string[], step: number, change = 0.08, undecided: string[] = []) {
  const asked: string[] = []
  const measure = async (base: string, head: string): Promise<BisectMeasurement> => {
    asked.push(head)
    const at = range.indexOf(head)
    const answer: StepAnswer = undecided.includes(head) ? 'undecided' : at >= step ? 'different' : 'same'
    return {
      base,
      head,
      answer,
      verdict: answer === 'different' ? 'regression' : answer === 'same' ? 'unchanged' : 'undecided',
      change: answer === 'different' ? change : 0,
      note: null
    }
  }
  return { asked, measure }
}

describe('bisectRange', () => {
  it('names the planted commit of a 7-commit push in 1 + 3 measurements, each against the start', async () => {
    const range = commits(7)
    const { asked, measure } = planted(range, 4)
    const o = await bisectRange(range, measure)
    expect(o).toMatchObject({ answer: 'commit', commit: 'c4', after: 'c3', by: 'c4', commits: 7 })
    expect(asked).toEqual(['c7', 'c3', 'c5', 'c4'])
    expect(o.measured.every((m) => m.base === 'start')).toBe(true)
  })

  it('finds a step at every position, in at most 1 + ⌈log2 n⌉ measurements', async () => {
    for (const n of [1, 2, 3, 7, 8, 30]) {
      const range = commits(n)
      for (let step = 1; step <= n; step++) {
        const { asked, measure } = planted(range, step)
        const o = await bisectRange(range, measure)
        expect(o.commit).toBe(range[step])
        expect(asked.length).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(n)))
      }
    }
  })

  it('says "not in this range" when the end measures the same as the start, after one measurement', async () => {
    const range = commits(7)
    const { asked, measure } = planted(range, 99)
    const o = await bisectRange(range, measure)
    expect(o).toMatchObject({ answer: 'not-in-range', commit: null })
    expect(asked).toEqual(['c7'])
  })

  it('stops undecided, with what it narrowed, when a measurement cannot tell', async () => {
    const range = commits(7)
    const end = await bisectRange(range, planted(range, 4, 0.08, ['c7']).measure)
    expect(end).toMatchObject({ answer: 'undecided', commit: null, after: 'start', by: 'c7' })
    const mid = await bisectRange(range, planted(range, 4, 0.08, ['c5']).measure)
    expect(mid).toMatchObject({ answer: 'undecided', commit: null, after: 'c3', by: 'c7' })
    expect(mid.measured.map((m) => m.answer)).toEqual(['different', 'same', 'undecided'])
  })

  it('a commit that moved the other way from the end is undecided (two steps in the range), not a match', async () => {
    const range = commits(3)
    const o = await bisectRange(range, async (base, head) => ({
      base,
      head,
      answer: 'different',
      verdict: head === 'c3' ? 'regression' : 'improvement',
      change: head === 'c3' ? 0.08 : -0.05,
      note: null
    }))
    expect(o.answer).toBe('undecided')
    expect(o.measured[1].note).toMatch(/other way/)
  })

  it('refuses a range without a commit after its start', async () => {
    await expect(bisectRange(['start'], planted(['start'], 1).measure)).rejects.toThrow(/at least one commit/)
  })
})

describe('stepAnswerOf', () => {
  it('regression and improvement differ, unchanged and negligible are the same, the rest cannot be told', () => {
    expect(['regression', 'improvement'].map(stepAnswerOf)).toEqual(['different', 'different'])
    expect(['unchanged', 'negligible'].map(stepAnswerOf)).toEqual(['same', 'same'])
    expect(['undecided', 'timing-only', 'failed', 'new', 'missing'].map(stepAnswerOf)).toEqual(
      Array(5).fill('undecided')
    )
  })
})

describe('stepShowsInCounts', () => {
  const record = (commit: string, instructions: { base: number | null; head: number | null } | null) =>
    ({
      commit,
      benchmarks: [
        {
          name: 'BM_Work',
          ...(instructions
            ? { counts: { metric: 'instructions', instructions, cycles: { base: null, head: null } } }
            : {})
        }
      ]
    }) as unknown as CommitRecord

  it("compares the end's instructions with the start's record, else with the end's base", () => {
    const step = [record('a', { base: 990, head: 1000 }), record('b', { base: 1070, head: 1080 })]
    expect(stepShowsInCounts(step, 'BM_Work', ['a', 'b'], 0.01)).toBe(true) // 1080 against a's 1000
    expect(stepShowsInCounts([step[1]], 'BM_Work', ['a', 'b'], 0.01)).toBe(false) // 1080 against 1070: < 1%
    expect(stepShowsInCounts([record('b', { base: 1000, head: 1080 })], 'BM_Work', ['a', 'b'], 0.01)).toBe(
      true
    )
  })

  it('is false without counts, for another benchmark, or below δ_count', () => {
    const flat = [record('a', { base: 1000, head: 1000 }), record('b', { base: 1000, head: 1005 })]
    expect(stepShowsInCounts(flat, 'BM_Work', ['a', 'b'], 0.01)).toBe(false)
    expect(stepShowsInCounts(flat, 'BM_Other', ['a', 'b'], 0.001)).toBe(false)
    expect(stepShowsInCounts([record('a', null), record('b', null)], 'BM_Work', ['a', 'b'], 0.01)).toBe(false)
  })
})

describe('bisectFileOf (a bisect.json read back from a job: untrusted)', () => {
  const sha = (c: string) => c.repeat(40)
  const good = {
    format: 'benchgate-bisect',
    version: 1,
    benchmark: 'BM_Work',
    range: { from: sha('a'), to: sha('b') },
    measure: 'counts',
    started_at: '2026-11-27T11:00:00.000Z',
    outcome: { answer: 'commit', commit: sha('c'), after: sha('a'), by: sha('c'), measured: [], commits: 2 }
  }

  it('takes a bisect.json and leaves anything else (results.json) to its own reader', () => {
    expect(bisectFileOf(good, 'b.json')).toEqual(good)
    expect(bisectFileOf({ format: 'benchgate-results' }, 'r.json')).toBeNull()
    expect(bisectFileOf(null, 'r.json')).toBeNull()
  })

  it('refuses a forged one, naming the file and the field', () => {
    const forged = (patch: object) => () => bisectFileOf({ ...good, ...patch }, 'b.json')
    expect(forged({ version: 2 })).toThrow(/b\.json: not a usable bisect\.json: version 2/)
    expect(forged({ range: { from: '../../etc', to: sha('b') } })).toThrow(/range is not two commit SHAs/)
    expect(forged({ benchmark: '' })).toThrow(/no benchmark/)
    expect(forged({ started_at: 'yesterday' })).toThrow(/started_at/)
    expect(forged({ outcome: { answer: 'sure', measured: [] } })).toThrow(/outcome/)
  })
})

describe('measurementOf', () => {
  const ratio = (estimate: number) => ({
    estimate,
    ci: [estimate - 0.01, estimate + 0.01] as [number, number]
  })
  it('identical programs are the same; a benchmark not measured on both sides cannot be told', () => {
    expect(measurementOf('a', 'b', { identical: true, comparison: undefined, counted: false })).toMatchObject(
      {
        answer: 'same',
        change: 0
      }
    )
    expect(
      measurementOf('a', 'b', { identical: false, comparison: undefined, counted: false })
    ).toMatchObject({
      answer: 'undecided',
      change: null
    })
  })

  it('takes the exact count change in count mode, else the timing estimate, and says why it could not tell', () => {
    const counts = { instructions: { change: 0.08 } } as unknown as Comparison['counts']
    const regression = { verdict: 'regression' as const, ratio: ratio(1.5), counts, warnings: [] }
    expect(measurementOf('a', 'b', { identical: false, comparison: regression, counted: true }).change).toBe(
      0.08
    )
    expect(
      measurementOf('a', 'b', { identical: false, comparison: regression, counted: false }).change
    ).toBeCloseTo(0.5)
    const open = {
      verdict: 'inconclusive' as const,
      ratio: ratio(1.01),
      counts: undefined,
      warnings: [{ level: 'info' as const, code: 'underpowered', message: 'too noisy' }]
    }
    expect(measurementOf('a', 'b', { identical: false, comparison: open, counted: false })).toMatchObject({
      answer: 'undecided',
      note: 'too noisy'
    })
  })
})
