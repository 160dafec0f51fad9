/**
 * history/record.ts from a real results.json (__tests__/fixtures/history: `benchgate compare` on Google
 * Benchmark runs, 8 runs per side): the head location is the median of the head's run medians with its
 * order-statistic interval, the paired step is the results' ratio and interval, the fingerprint the
 * head's provenance; results without SHAs need --commit --parent --date.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { ConfigError } from '../../src/errors.js'
import { buildRecord } from '../../src/history/record.js'
import { validateResults } from '../../src/report/readResults.js'

const FIXTURE = '__tests__/fixtures/history/results.json'
const results = () => validateResults(readFileSync(FIXTURE, 'utf8'), FIXTURE)
const A = 'a'.repeat(40)
const B = 'b'.repeat(40)

describe('buildRecord', () => {
  it('records the head location, its interval, the paired step and the fingerprint', () => {
    const json = results()
    const rec = buildRecord(
      json,
      { commit: A, parent: B, date: '2026-11-20T10:00:00+01:00', pr: 42 },
      FIXTURE
    )
    expect(rec).toMatchObject({
      commit: A,
      parent: B,
      date: '2026-11-20T09:00:00.000Z',
      pr: 42,
      tool_version: '0.1.0'
    })
    expect(rec.fingerprint).toEqual({ numCpus: 4, libraryVersion: 'v1.9.5', mhzPerCpu: 2445 }) // Google Benchmark JSON names no CPU model: its context joins the fingerprint
    expect(rec.benchmarks).toHaveLength(3)
    const b = json.benchmarks[0]
    const r = rec.benchmarks[0]
    const head = [...b.series!.head].sort((x, y) => x - y)
    expect(r.location).toEqual({
      median: (head[3] + head[4]) / 2,
      ci: [head[0], head[7]],
      ci_level: 1 - 2 / 256,
      n: 8
    })
    expect(r.location!.median).toBeCloseTo(b.location!.head!, 9)
    // The step's standard error from the runs of both sides (Welch on the logs, × √(π/3)), not from its simultaneous interval.
    const logVar = (xs: number[]) => {
      const l = xs.map(Math.log)
      const m = l.reduce((a, c) => a + c, 0) / l.length
      return l.reduce((a, c) => a + (c - m) ** 2, 0) / (l.length - 1)
    }
    const se = Math.sqrt(Math.PI / 3) * Math.sqrt(logVar(b.series!.base) / 8 + logVar(b.series!.head) / 8)
    expect(r.step).toEqual({
      ratio: b.ratio!.estimate,
      ci: b.ratio!.ci,
      conf_level: b.conf_level,
      se_log: se
    })
    expect(se).toBeLessThan(Math.log(b.ratio!.ci[1] / b.ratio!.ci[0]) / (2 * 2.935)) // narrower than the interval's
    expect(r.step!.ratio).toBeGreaterThan(1.03) // the fixture's head is 5% slower
  })

  it('refuses results without commit SHAs unless --commit, --parent and --date are given', () => {
    expect(() => buildRecord(results(), {}, FIXTURE)).toThrow(
      /results\.json: the results carry no commit SHAs .* give --commit SHA --parent SHA --date ISO/
    )
    expect(() => buildRecord(results(), { commit: A, parent: B }, FIXTURE)).toThrow(/--date ISO is needed/)
    expect(() => buildRecord(results(), { commit: 'abc', parent: B, date: '2026-11-01' }, FIXTURE)).toThrow(
      ConfigError
    )
    expect(() => buildRecord(results(), { commit: A, parent: B, date: 'yesterday' }, FIXTURE)).toThrow(
      /ISO 8601/
    )
  })

  it('takes the SHAs from results made by run; dates the record by the commit and keeps when it was measured', () => {
    const json = results()
    json.run.head.sha = A
    json.run.base.sha = B
    expect(() => buildRecord(json, {}, FIXTURE)).toThrow(
      /--date ISO is needed: commit aaaaaaaaaaaa is not in the repository here/
    )
    const rec = buildRecord(json, { date: '2026-11-26T15:00:00+01:00' }, FIXTURE)
    expect([rec.commit, rec.parent, rec.date, rec.measured_at, rec.pr]).toEqual([
      A,
      B,
      '2026-11-26T14:00:00.000Z',
      new Date(json.generated_at).toISOString(),
      null
    ])
  })

  it('refuses one shard’s results: the record must hold the whole suite', () => {
    const json = results()
    json.run.shard = {
      index: 2,
      count: 3,
      rule: 'hash',
      benchmarks: [],
      assigned: [],
      issues: [],
      seconds: {}
    }
    expect(() => buildRecord(json, { commit: A, parent: B, date: '2026-11-01' }, FIXTURE)).toThrow(
      /shard 2\/3 only; record the merged results/
    )
  })

  it('keeps no interval at the repetition level (repetitions of one process are not independent)', () => {
    const json = results()
    json.benchmarks[0].level = 'repetitions'
    const rec = buildRecord(json, { commit: A, parent: B, date: '2026-11-01' }, FIXTURE)
    expect(rec.benchmarks[0].location).toMatchObject({ ci: null, ci_level: null, n: 8 })
  })
})
