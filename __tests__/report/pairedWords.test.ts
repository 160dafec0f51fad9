/**
 * What the tables say under pairs (docs/report.md "Columns under pairs", docs/pairs.md): the footnote of a
 * level no interval reaches speaks of pairs and of ties only when there are some; such an interval is
 * drawn as "not at this level", never beside an adjusted p ≥ α; Base/Head get a note saying what they
 * are; `compare()` pairs by default as `benchgate run` does.
 */
import { describe, expect, it } from '@jest/globals'
import { compare } from '../../src/analysis/comparison.js'
import type { Comparison, Observation } from '../../src/analysis/types.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { inconclusiveText, intervalText } from '../../src/report/wording.js'
import { seededRandom } from '../helpers/r.js'
import { report } from './syntheticReport.js'

/** One run per round and side, the i-th value in round i. */
const runs = (values: number[]): Observation[] =>
  values.map((value, i) => ({ value, round: i, run: i, repetition: 0 }))

/** K = 72 at α = 0.01: the level one benchmark's test must reach. */
const ALPHA_72 = 0.01 / 72

/** 13 distinct pairs, head 1–4% slower: 2/2¹³ > α/72, so no interval reaches the level. */
function thirteenPairs(ties: boolean): Comparison {
  const base = Array.from({ length: 13 }, (_, i) => 1000 + 7 * i)
  const head = base.map((b, i) => (ties && i < 4 ? b * 1.02 : b * (1.01 + 0.0023 * i)))
  return compare('Pairs13', runs(base), runs(head), { alpha: ALPHA_72, interleave: 'benchmark' })
}

describe('the footnote of a level no interval reaches', () => {
  it('13 pairs without ties: counts pairs, says no "with ties"', () => {
    const c = thirteenPairs(false)
    expect(c.inconclusiveReason).toBe('level-unreachable')
    expect(c.ties).toBe(false)
    const text = inconclusiveText(c, 0.02)!
    expect(text).toContain('13 pairs')
    expect(text).not.toMatch(/ties/)
    // The footnote (before the advice, whose rounds this run may reach are counted per side) counts pairs.
    const footnote = text.slice(0, text.indexOf('covers only'))
    expect(footnote).not.toMatch(/per side/)
  })

  it('13 pairs, four with the same ratio: "with ties"', () => {
    const c = thirteenPairs(true)
    expect(c.ties).toBe(true)
    expect(inconclusiveText(c, 0.02)).toContain('13 pairs, with ties')
  })

  it('whole-suite rounds count runs per side', () => {
    const c = compare('BM_S', runs([10, 11, 12, 13, 14]), runs([15, 16, 17, 18, 19]), {
      alpha: ALPHA_72,
      interleave: 'suite'
    })
    expect(c.inconclusiveReason).toBe('level-unreachable')
    expect(inconclusiveText(c, 0.02)).toContain('5 runs per side')
    expect(inconclusiveText(c, 0.02)).not.toMatch(/ties/)
  })
})

describe('an interval below the level is drawn as "not at this level"', () => {
  it('in the text, the terminal column and the Markdown row', () => {
    const c = thirteenPairs(false)
    // The interval excludes 1 (every pair is slower) while p ≥ α: drawn, it would read as a change.
    expect(c.ratio!.ci[0]).toBeGreaterThan(1)
    expect(c.pAdjusted!).toBeGreaterThanOrEqual(ALPHA_72)
    expect(intervalText(c)).toBe('(not at this level)')
    expect(intervalText(c, 1, true)).toBe('not at this level')
    const md = renderMarkdown(report([c]))
    const row = md.split('\n').find((l) => l.startsWith('|') && l.includes('Pairs13'))!
    expect(row).toContain('not at this level')
    expect(row).not.toMatch(/\[[+−]/)
  })

  it('no small or tied paired comparison shows an interval excluding 1 beside an adjusted p ≥ α', () => {
    const rnd = seededRandom(43)
    let drawn = 0
    for (let i = 0; i < 90; i++) {
      const n = 5 + Math.floor(rnd() * 12)
      const shift = 1 + rnd() * 0.08
      const base = Array.from({ length: n }, () => 100 + Math.floor(rnd() * 6)) // integer ns: ties
      const head = base.map((b) => Math.round(b * shift + (rnd() - 0.5) * 3))
      const alpha = [0.01, 0.01 / 6, ALPHA_72][i % 3]
      const c = compare('BM_R', runs(base), runs(head), { alpha, interleave: 'benchmark' })
      const shown = intervalText(c)
      if (!shown.startsWith('[')) continue
      drawn++
      const excludes1 = c.ratio!.ci[0] > 1 || c.ratio!.ci[1] < 1
      if (excludes1) expect(c.pAdjusted!).toBeLessThan(alpha)
    }
    expect(drawn).toBeGreaterThan(10) // the property was checked on drawn intervals, not vacuously
  })
})

describe('Base and Head under pairs', () => {
  // Rounds differ in speed more than the sides do: the medians say +9.3%, the pairs +0.8%.
  const base = [8.0, 8.5, 9.0, 9.5, 10.2, 10.9, 11.3, 11.8, 12.4, 13.0]
  const head = [8.1, 8.55, 9.1, 11.15, 11.0, 11.0, 11.4, 11.9, 12.5, 13.1]

  it('a note says what the columns are and why they can differ from Change', () => {
    const c = compare('BM_P', runs(base), runs(head), { interleave: 'benchmark' })
    expect(c.test).toBe('signed-rank')
    const r = report([c])
    for (const text of [renderMarkdown(r), renderTerminal(r)]) {
      expect(text).toMatch(/median over the rounds; Change is the paired estimate/)
      expect(text).toMatch(/Head\/Base can differ from Change/)
    }
  })

  it('no such note for whole-suite rounds', () => {
    const c = compare('BM_P', runs(base), runs(head), { interleave: 'suite' })
    expect(renderMarkdown(report([c]))).not.toMatch(/paired estimate/)
  })
})

describe('compare() defaults to what `benchgate run` does', () => {
  const base = Array.from({ length: 12 }, (_, i) => 1000 + 40 * i)
  const head = base.map((b, i) => b * (1.03 + 0.001 * i))

  it('observations in rounds both sides ran are paired: the signed-rank test', () => {
    const c = compare('BM_D', runs(base), runs(head))
    expect(c.test).toBe('signed-rank')
    expect(c.pairs).toEqual({ used: 12, incomplete: 0 })
  })

  it("interleave: 'suite' gives Mann-Whitney; observations without rounds are not paired", () => {
    expect(compare('BM_D', runs(base), runs(head), { interleave: 'suite' }).test).toBe('rank-sum')
    const noRounds = (vs: number[]) => vs.map((value, i) => ({ value, round: 0, run: i, repetition: 0 }))
    expect(compare('BM_D', noRounds(base), noRounds(head)).test).toBe('rank-sum')
  })
})
