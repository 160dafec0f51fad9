/** results.json written in pieces (a large suite's results need not be one string) is the same text. */
import { describe, expect, it } from '@jest/globals'
import { resultsJsonParts, toResultsJson } from '../../src/report/json.js'
import { synthReport, synthSamples } from './htmlFixture.js'

describe('resultsJsonParts', () => {
  const report = synthReport(synthSamples())
  const now = new Date('2025-01-02T03:04:05Z')
  it('joins to JSON.stringify of the results, with and without benchmarks', () => {
    for (const r of [report, { ...report, suite: { ...report.suite, comparisons: [] } }]) {
      const parts = [...resultsJsonParts(r, '9.9.9', now)]
      expect(parts.join('')).toBe(JSON.stringify(toResultsJson(r, '9.9.9', now), null, 2))
      expect(parts.length).toBe(r.suite.comparisons.length === 0 ? 1 : r.suite.comparisons.length + 2)
    }
    expect(report.suite.comparisons.length).toBeGreaterThan(2)
  })
})
