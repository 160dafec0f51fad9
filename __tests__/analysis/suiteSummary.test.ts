/**
 * The suite summary (issue 26, STATISTICS §10): the geometric mean of head/base over the benchmarks
 * measured in every round, with a 1 − α interval from a studentized bootstrap over whole rounds,
 * seeded from the data. Coverage and width on the simulated machine: validation/src/studies/suiteSummary.ts.
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { combineSummaries } from '../../src/analysis/suiteSummary.js'
import { judgeSuite } from '../../src/analysis/judge.js'
import { gate } from '../../src/gate.js'
import { fromResultsJson, toResultsJson } from '../../src/report/json.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { bootstrapMeanInterval } from '../../src/stats/bootstrap.js'
import type { Sample } from '../../src/samples/model.js'
import { seededRandom } from '../helpers/r.js'

/** K benchmarks × R rounds, one repetition; every process (side × round) shares one shock of sd `shock`. */
function suiteSamples(k: number, rounds: number, ratio: number, shock: number, seed: number): Sample[] {
  const u = seededRandom(seed)
  const normal = () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u())
  const out: Sample[] = []
  for (let round = 0; round < rounds; round++)
    for (const side of ['base', 'head'] as const) {
      const s = Math.exp(shock * normal())
      for (let b = 0; b < k; b++) {
        const v = 1000 * (b + 1) * (side === 'head' ? ratio : 1) * s * Math.exp(0.01 * normal())
        out.push({
          benchmark: `BM_${b}`,
          side,
          round,
          run: round,
          repetition: 0,
          iterations: 1,
          realTimeNs: v,
          cpuTimeNs: v,
          threads: 1
        })
      }
    }
  return out
}

describe('suite summary', () => {
  it('estimates the planted +3% and its interval covers it; the same data give the same interval', () => {
    const samples = suiteSamples(8, 20, 1.03, 0.02, 11)
    const a = analyzeSuite({ samples }).summary!
    const b = analyzeSuite({ samples }).summary!
    expect(a).toEqual(b)
    expect(a.benchmarks).toBe(8)
    expect(a.rounds).toBe(20)
    expect(a.confLevel).toBe(0.99)
    expect(a.ci[0]).toBeLessThan(1.03)
    expect(a.ci[1]).toBeGreaterThan(1.03)
    expect(a.estimate).toBeGreaterThan(1.0)
  })

  it('a shock shared by every benchmark of a process widens the interval (rounds, not benchmarks, are resampled)', () => {
    const quiet = analyzeSuite({ samples: suiteSamples(8, 20, 1, 0, 3) }).summary!
    const shocked = analyzeSuite({ samples: suiteSamples(8, 20, 1, 0.03, 3) }).summary!
    const width = (s: typeof quiet) => Math.log(s.ci[1]) - Math.log(s.ci[0])
    expect(width(shocked)).toBeGreaterThan(3 * width(quiet))
  })

  it('needs two benchmarks measured in every one of at least 5 rounds; shorter series are left out', () => {
    expect(analyzeSuite({ samples: suiteSamples(1, 20, 1, 0, 1) }).summary).toBeNull()
    expect(analyzeSuite({ samples: suiteSamples(4, 4, 1, 0, 1) }).summary).toBeNull()
    const gap = suiteSamples(4, 10, 1, 0, 2).filter((s) => !(s.benchmark === 'BM_0' && s.round === 3))
    expect(analyzeSuite({ samples: gap }).summary!.benchmarks).toBe(3)
  })

  it('the trusted half recomputes the same interval from the per-run values in results.json', () => {
    const suite = analyzeSuite({ samples: suiteSamples(6, 12, 1.05, 0.01, 5) })
    const json = JSON.parse(
      JSON.stringify(toResultsJson({ suite, run: { base: { label: 'a' }, head: { label: 'b' } } }, '0.1.0'))
    )
    json.suite_summary = { estimate: 0.5, ci: [0.4, 0.6], confLevel: 0.99, benchmarks: 6, rounds: 12 } // a forged claim
    const back = fromResultsJson(json)
    judgeSuite(
      back.suite,
      { alpha: 0.01, minEffect: 0.02, correction: 'bonferroni', metric: 'auto', interleave: 'suite' },
      { measuredWith: '0.1.0' }
    )
    expect(back.suite.summary).toEqual(suite.summary)
  })

  it('shards combine on the log scale, weighted by benchmarks', () => {
    const part = {
      estimate: 1.02,
      ci: [1.0, 1.04] as [number, number],
      confLevel: 0.99,
      benchmarks: 5,
      rounds: 20
    }
    const both = combineSummaries([part, part], 0.01)!
    expect(both.estimate).toBeCloseTo(1.02, 12)
    expect(both.benchmarks).toBe(10)
    const w = (s: { ci: [number, number] }) => Math.log(s.ci[1]) - Math.log(s.ci[0])
    expect(w(both)).toBeCloseTo(w(part) / Math.SQRT2, 2)
  })

  it('is in the headline of the comment and the terminal, described under it, and fails the gate only with fail-on-suite', () => {
    const suite = analyzeSuite({ samples: suiteSamples(6, 20, 1.05, 0.005, 9) })
    const report = { suite, run: { base: { label: 'main' }, head: { label: 'pr' } } }
    const md = renderMarkdown(report)
    expect(md).toMatch(/### benchgate: .* · suite \+5\.\d% \[\+\d\.\d%, \+\d\.\d%\]/)
    expect(md).toMatch(/Suite: geometric mean of head\/base over the 6 benchmarks measured in all 20 rounds/)
    expect(renderTerminal(report)).toMatch(/benchgate: .*suite \+5\.\d%/)
    const s = suite.summary!
    expect(gate(suite, ['regression', 'failed'], null).reason).not.toMatch(/suite/)
    expect(gate(suite, ['regression', 'failed'], 0.01).reason).toMatch(
      /the suite \+5\.\d% .* slower than the \+1\.0% --fail-on-suite allows/
    )
    expect(gate(suite, ['never'], s.ci[1]).pass).toBe(true)
  })
})

describe('bootstrapMeanInterval (studentized)', () => {
  it('is close to the t interval for normal data and reproducible for a seed', () => {
    const u = seededRandom(42)
    const x = Array.from(
      { length: 200 },
      () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u())
    )
    const a = bootstrapMeanInterval(x, 0.95, 7)
    expect(bootstrapMeanInterval(x, 0.95, 7)).toEqual(a)
    const mean = x.reduce((s, v) => s + v, 0) / x.length
    const sd = Math.sqrt(x.reduce((s, v) => s + (v - mean) ** 2, 0) / (x.length - 1))
    const half = 1.972 * (sd / Math.sqrt(x.length)) // qt(0.975, 199) from R
    expect(a.mean).toBeCloseTo(mean, 12)
    expect(a.ci[0]).toBeCloseTo(mean - half, 1)
    expect(a.ci[1]).toBeCloseTo(mean + half, 1)
    expect((a.ci[1] - a.ci[0]) / (2 * half)).toBeGreaterThan(0.9)
    expect((a.ci[1] - a.ci[0]) / (2 * half)).toBeLessThan(1.1)
  })
})
