import { describe, expect, it } from '@jest/globals'
import { SequentialAnalysis } from '../../src/analysis/adaptiveLooks.js'
import { fromResultsJson, toResultsJson } from '../../src/report/json.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import type { Report } from '../../src/report/model.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { validateResults } from '../../src/report/readResults.js'
import { measure } from '../helpers/samples.js'

function adaptiveReport(): Report {
  const seq = new SequentialAnalysis({ alpha: 0.05 }, 30)
  let samples = [...measure('BM_big', 1.3, 0.01, 0, 10, 1), ...measure('BM_noisy', 1, 0.3, 0, 10, 12)]
  seq.look({ samples }, { rounds: 10, final: false })
  samples = [...samples, ...measure('BM_noisy', 1, 0.3, 10, 20, 13)]
  seq.look({ samples }, { rounds: 20, final: true, finalReason: 'time-budget' })
  return {
    suite: seq.result(),
    run: {
      base: { label: 'main' },
      head: { label: 'feature' },
      rounds: 20,
      plannedRounds: 30,
      repetitions: 3,
      stoppedEarly: 'the time budget (600 s) ran out after 20 of 30 rounds',
      adaptive: {
        looks: 2,
        maxRounds: 30,
        benchmarkSecondsUsed: 30,
        benchmarkSecondsIfFixed: 90,
        saved: 2 / 3
      }
    }
  }
}

describe('adaptive runs in the reports', () => {
  it('results.json carries rounds and stop reasons, validates, and reads back', () => {
    const report = adaptiveReport()
    const json = toResultsJson(report, '0.0.0', new Date(0))
    const big = json.benchmarks.find((b) => b.name === 'BM_big')!
    expect(big.adaptive).toMatchObject({ rounds: 10, look: 1, stop_reason: 'resolved' })
    expect(json.benchmarks.find((b) => b.name === 'BM_noisy')!.adaptive?.stop_reason).toBe('time-budget')
    const back = fromResultsJson(validateResults(JSON.stringify(json), 'results.json'))
    expect(back.suite.comparisons.map((c) => c.adaptive)).toEqual(
      report.suite.comparisons.map((c) => c.adaptive)
    )
    expect(back.run.adaptive).toEqual(report.run.adaptive)
    const bad = JSON.parse(JSON.stringify(json))
    bad.benchmarks[0].adaptive.stop_reason = 'because'
    expect(() => validateResults(JSON.stringify(bad), 'x')).toThrow(/stop_reason/)
  })

  it('terminal and Markdown say how many rounds each benchmark got, why it stopped, and the time saved', () => {
    const report = adaptiveReport()
    const text = renderTerminal(report)
    expect(text).toMatch(/adaptive: 20 of at most 30 rounds × 3 repetitions, 2 looks/)
    expect(text).toMatch(/benchmark time 30 s, ≈ 90 s if every benchmark got 30 rounds: 67% saved/)
    expect(text).toMatch(/BM_big .*regression · 10 rounds, resolved/)
    expect(text).toMatch(/BM_noisy .*20 rounds, time budget ran out/)
    const md = renderMarkdown(report)
    expect(md).toMatch(
      /adaptive: 20 of at most 30 rounds \(ABBA\) × 3 repetitions, 2 looks, 67% of the benchmark time saved/
    )
    expect(md).toMatch(/regression · 10 rounds, resolved/)
    expect(md).toMatch(/Change with \d+% simultaneous CI, each ≥ \d+(\.\d)?%/)
  })
})
