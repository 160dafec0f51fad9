// How the validation study counts: false alarms, detections, reversals, anomalies; and the
// round-robin schedule of the real study.
import { describe, expect, it } from '@jest/globals'
import { tally, traditionalOutcome, type Outcome } from '../../validation/src/model/outcome.js'
import { schedule, shortName } from '../../validation/src/studies/real.js'
import { parseArgs } from '../../validation/src/cli/options.js'

const o = (alarm: Outcome['alarm'], estimate: number, verdict?: string): Outcome => ({
  alarm,
  significant: alarm !== null,
  estimate,
  verdict
})

describe('tally', () => {
  it('counts false alarms at 0% and no reversals/anomalies there', () => {
    const r = tally(
      [o(null, 1.001), o('up', 1.03, 'regression'), o('down', 0.97, 'improvement'), o(null, 0.99)],
      0
    )
    expect(r).toMatchObject({ n: 4, alarms: 2, detections: 0, reversals: 0, anomalies: 0 })
    expect(r.verdicts).toEqual({ regression: 1, improvement: 1 })
  })

  it('counts detections, wrong-direction alarms, reversals and anomalies at 5%', () => {
    const r = tally(
      [
        o('up', 1.05), // detected, accurate
        o('up', 1.08), // detected, off by 3% > 0.4 × 5%: anomaly
        o(null, 1.031), // not detected, off by 1.9% < 2%: fine
        o(null, 0.999), // reversal and anomaly
        o('down', 0.97) // wrong direction, reversal, anomaly
      ],
      0.05
    )
    expect(r).toMatchObject({ n: 5, alarms: 3, detections: 2, wrongDirection: 1, reversals: 2, anomalies: 3 })
  })
})

describe('traditionalOutcome', () => {
  it('flags a clear shift with the direction of the median ratio', () => {
    const base = [100, 101, 102, 103, 104, 105, 106, 107]
    const head = base.map((x) => x * 1.1)
    expect(traditionalOutcome(base, head)).toMatchObject({ alarm: 'up', significant: true })
    expect(traditionalOutcome(head, base)).toMatchObject({ alarm: 'down', significant: true })
    expect(traditionalOutcome(base, [...base].reverse()).alarm).toBeNull()
  })
})

describe('real study helpers', () => {
  it('interleaves cells round-robin and resumes from counts already done', () => {
    const cells = [
      { id: 'a', kind: 'spin' as const, factor: 1, target: 3 },
      { id: 'b', kind: 'spin' as const, factor: 1.02, target: 1 }
    ]
    expect(schedule(cells, {}).map((c) => c.id)).toEqual(['a', 'b', 'a', 'a'])
    expect(schedule(cells, { a: 2 }).map((c) => c.id)).toEqual(['a', 'b'])
  })

  it('drops the min_time suffix from names', () => {
    expect(shortName('BM_Spin/100us/min_time:0.050')).toBe('BM_Spin/100us')
    expect(shortName('BM_OrderBook')).toBe('BM_OrderBook')
  })

  it('parses the command line', () => {
    expect(parseArgs(['--quick', '--reps', '10', '--seed=3'])).toMatchObject({
      quick: true,
      reps: 10,
      seed: 3
    })
    // no --out: index.ts picks docs/VALIDATION.md, or beside the quick results for --quick
    expect(parseArgs(['--quick']).out).toBeNull()
    expect(parseArgs(['--out', 'x.md']).out).toBe('x.md')
    expect(() => parseArgs(['--sim-only', '--real-only'])).toThrow()
    expect(() => parseArgs(['--bogus'])).toThrow()
  })
})
