/**
 * The running verdicts of `benchgate run`'s progress line are computed in analysis/ (the command only
 * prints them): the rounds done, analysed under the design the run measures, so `auto` is analysed as
 * per-benchmark pairs (docs/statistics.md §13), as the final report will be.
 */
import { describe, expect, it } from '@jest/globals'
import { runningVerdictCounts } from '../../src/analysis/runningVerdicts.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { DEFAULT_ANALYSIS_OPTIONS } from '../../src/analysis/types.js'
import type { Sample } from '../../src/samples/model.js'
import { seededRandom } from '../helpers/r.js'
import { timingSample } from '../helpers/samples.js'

/**
 * `rounds` rounds of BM_Slower (head 4% slower) and BM_Same, 3 repetitions a run, 0.5% lognormal
 * noise; each round has a speed of its own (±20%) that both sides of a pair share: decided when
 * paired, lost in the spread when not.
 */
function roundsDone(rounds: number): Sample[] {
  const random = seededRandom(44)
  const noise = () =>
    Math.exp(0.005 * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()))
  const out: Sample[] = []
  for (let round = 0; round < rounds; round++) {
    const phase = noise() ** 40 // ±20% from round to round, shared by both sides
    for (const [name, ratio] of [
      ['BM_Slower', 1.04],
      ['BM_Same', 1]
    ] as const)
      for (const side of ['base', 'head'] as const)
        for (let repetition = 0; repetition < 3; repetition++)
          out.push(
            timingSample(
              name,
              side,
              round,
              repetition,
              1000 * phase * (side === 'head' ? ratio : 1) * noise()
            )
          )
  }
  return out
}

describe('runningVerdictCounts', () => {
  const samples = roundsDone(20)
  const partial = { samples, issues: [] }

  it('analyses `auto` as the per-benchmark pairs the run measures', () => {
    const counts = runningVerdictCounts(partial, { ...DEFAULT_ANALYSIS_OPTIONS, interleave: 'auto' })
    expect(counts.regression).toBe(1)
    expect(counts).toEqual(analyzeSuite({ samples }, { interleave: 'benchmark' }).counts)
    // Analysed unpaired, the shared slow phases hide the regression: the design decides the count.
    expect(analyzeSuite({ samples }, { interleave: 'suite' }).counts.regression).toBe(0)
  })

  it('keeps a suite-interleaved run unpaired', () => {
    const counts = runningVerdictCounts(partial, { ...DEFAULT_ANALYSIS_OPTIONS, interleave: 'suite' })
    expect(counts).toEqual(analyzeSuite({ samples }, { interleave: 'suite' }).counts)
  })

  it('counts the problems of the rounds done (a benchmark failing on head)', () => {
    const failing = {
      samples: samples.filter((s) => !(s.benchmark === 'BM_Same' && s.side === 'head')),
      issues: [
        {
          benchmark: 'BM_Same',
          side: 'head' as const,
          round: 0,
          run: 0,
          kind: 'error' as const,
          message: 'boom'
        }
      ]
    }
    const counts = runningVerdictCounts(failing, { ...DEFAULT_ANALYSIS_OPTIONS, interleave: 'auto' })
    expect(counts.failed).toBe(1)
    expect(counts.regression).toBe(1)
  })
})
