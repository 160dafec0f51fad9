/**
 * Creep that the data can show (docs/statistics.md §11): +0.4% per commit over the last 30 of 60
 * commits (+12.7% in all), 8 processes a side, 1.5% noise per run. Each step's standard error comes
 * from its runs, not from its interval (simultaneous over the suite: far wider); the locations' trend
 * is the second witness. Flat series beside it are not reported.
 */
import { describe, expect, it } from '@jest/globals'
import { analyseHistory } from '../../src/history/changes.js'
import { renderSummary } from '../../src/history/summary.js'
import { flat, measuredHistory } from './synthetic.js'

const LN = Math.log(1000)
const creeping = (i: number) => LN + Math.max(0, i - 29) * Math.log(1.004)

describe('creep', () => {
  const records = measuredHistory({
    commits: 60,
    runs: 8,
    sd: 0.015,
    seed: 3,
    series: [
      { name: 'BM_Creep', truth: creeping },
      ...Array.from({ length: 9 }, (_, k) => flat(`BM_Flat/${k}`, k / 10))
    ]
  })
  const changes = analyseHistory(records)
  const creep = changes.series.find((s) => s.name === 'BM_Creep')!.creep!

  it('+0.4% per commit over 30 commits at 8 runs a side and 1.5% noise is reported', () => {
    expect(creep.reported).toBe(true)
    expect(creep.steps).toBe(30)
    expect(creep.change).toBeGreaterThan(0.05)
    expect(creep.trend!.lo).toBeGreaterThan(0) // the trend witness alone shows it
    expect(creep.trend!.change).toBeGreaterThan(0.08)
    expect(creep.trend!.change).toBeLessThan(0.18)
    // The chain's interval is from the steps' own standard errors: narrower than their simultaneous intervals give.
    const fromIntervals = Math.sqrt(
      records.slice(30).reduce((a, r) => {
        const s = r.benchmarks[0].step!
        return a + (Math.log(s.ci[1] / s.ci[0]) / (2 * 3.59)) ** 2
      }, 0)
    )
    const fromRuns = Math.sqrt(records.slice(30).reduce((a, r) => a + r.benchmarks[0].step!.se_log! ** 2, 0))
    expect(fromRuns).toBeLessThan(fromIntervals)
    expect(Math.log1p(creep.hi) - Math.log1p(creep.lo)).toBeCloseTo(2 * 2.807 * fromRuns, 2)
    expect(renderSummary(changes)).toMatch(
      /BM&#95;Creep<\/code>\n {2}- creep \+\d+\.\d% \[.*\] \(99\.5%\) since .*; the locations' trend \+\d+\.\d%/
    )
  })

  it('reports no creep on the flat series beside it', () => {
    for (const s of changes.series.filter((s) => s.name !== 'BM_Creep')) expect(s.creep?.reported).toBe(false)
  })
})
