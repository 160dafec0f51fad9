/**
 * results.json version 3 (docs/results-format.md): each benchmark's test statistic is `statistic`, named
 * by `test` (V under signed-rank, W under rank-sum), with `ties`; files of versions 1 and 2, whose
 * statistic is `u`, are still read.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { compare } from '../../src/analysis/comparison.js'
import type { Observation } from '../../src/analysis/types.js'
import { fromResultsJson, RESULTS_VERSION, toResultsJson } from '../../src/report/json.js'
import { validateResults } from '../../src/report/readResults.js'
import { report } from './syntheticReport.js'

const runs = (values: number[]): Observation[] =>
  values.map((value, i) => ({ value, round: i, run: i, repetition: 0 }))

const base = Array.from({ length: 12 }, (_, i) => 1000 + 13 * i)
const paired = compare('BM_V', runs(base), runs(base.map((b, i) => b * (1.01 + 0.002 * i))))

describe('results.json names the statistic for its test', () => {
  it('version 3 writes `statistic` (V under signed-rank) and `ties`, no `u`', () => {
    const json = toResultsJson(report([paired]), '0.0.0-test')
    expect(json.version).toBe(RESULTS_VERSION)
    expect(RESULTS_VERSION).toBe(3)
    const b = json.benchmarks[0]
    expect(b.test).toBe('signed-rank')
    expect(b.statistic).toBe(78) // every pair slower: V = 1 + … + 12
    expect(b.ties).toBe(false)
    expect('u' in b).toBe(false)
    const back = fromResultsJson(validateResults(JSON.stringify(json), 'results.json'))
    expect(back.suite.comparisons[0].statistic).toBe(78)
  })

  it('a version 3 file without `statistic` is refused, naming the field', () => {
    const json = toResultsJson(report([paired]), '0.0.0-test') as unknown as { benchmarks: object[] }
    const b = json.benchmarks[0] as Record<string, unknown>
    delete b.statistic
    b.u = 78
    expect(() => validateResults(JSON.stringify(json), 'r.json')).toThrow(
      /\$\.benchmarks\[0\]: must have required property 'statistic'/
    )
  })

  it('a version 2 file is read: its `u` becomes the statistic', () => {
    const text = readFileSync('__tests__/fixtures/history/results.json', 'utf8')
    const old = JSON.parse(text) as { version: number; benchmarks: { u: number | null }[] }
    expect(old.version).toBe(2)
    const r = fromResultsJson(validateResults(text, 'results.json'))
    expect(r.suite.comparisons.map((c) => c.statistic)).toEqual(old.benchmarks.map((b) => b.u))
    expect(old.benchmarks.some((b) => b.u !== null)).toBe(true)
  })

  it('a version 2 file without `u` is refused', () => {
    const old = JSON.parse(readFileSync('__tests__/fixtures/history/results.json', 'utf8'))
    delete old.benchmarks[0].u
    expect(() => validateResults(JSON.stringify(old), 'r.json')).toThrow(/required property 'u'/)
  })
})
