// The history study (validation/src/studies/history.ts): simulated histories as `history record` writes
// them, analysed by analyseHistory, tallied against what was planted; at --quick size, deterministic for
// a seed, and rendered into "History on main".
import { describe, expect, it } from '@jest/globals'
import { analyseHistory } from '../../src/history/changes.js'
import { createRng } from '../../validation/src/model/rng.js'
import { historySection, renderHistoryStudy } from '../../validation/src/render/history.js'
import {
  CREEP_SERIES,
  ENV_COMMIT,
  ENV_SHIFT,
  HISTORY_COMMITS,
  HISTORY_SERIES,
  PLANTED_STEPS,
  runHistoryStudy,
  simulateHistory,
  tallyHistory
} from '../../validation/src/studies/history.js'

const quiet = () => {}
const withoutTime = (meta: string) => meta.replace(/\d+ s of computing/, 'T s of computing')

describe('the history study', () => {
  it('simulates 50 series × 100 commits with the planted steps, creep and environment change', () => {
    const records = simulateHistory(0, createRng(1))
    expect(records).toHaveLength(HISTORY_COMMITS)
    expect(records.every((r) => r.benchmarks.length === HISTORY_SERIES)).toBe(true)
    expect(records[1].parent).toBe(records[0].commit)
    expect(records[ENV_COMMIT - 1].fingerprint).not.toEqual(records[ENV_COMMIT].fingerprint)
    // the flat series move by the environment's factor in location, not in their paired steps
    const loc = (i: number, k: number) => records[i].benchmarks[k].location!.median
    const flatK = HISTORY_SERIES - 1
    const before = records.slice(0, ENV_COMMIT).map((_, i) => Math.log(loc(i, flatK)))
    const after = records.slice(ENV_COMMIT).map((_, i) => Math.log(loc(ENV_COMMIT + i, flatK)))
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    expect(mean(after) - mean(before)).toBeCloseTo(Math.log(ENV_SHIFT), 2)
    expect(records[ENV_COMMIT].benchmarks[flatK].step!.ratio).toBeCloseTo(1, 1)
    const s = PLANTED_STEPS[2]
    expect(records[s.at].benchmarks[2].step!.ratio).toBeCloseTo(1 + s.size, 1)
    expect(records[HISTORY_COMMITS - 1].benchmarks[CREEP_SERIES].step!.ratio).toBeCloseTo(1.003, 2)
  })

  it('tallies one history: the environment change labelled, no false creep on a clean run', () => {
    const records = simulateHistory(0, createRng(1))
    const t = tallyHistory(records, analyseHistory(records))
    expect(t.environmentLabelled).toBe(true)
    expect(t.offsets).toHaveLength(PLANTED_STEPS.length)
    expect(t.offsets.filter((o) => o !== null && Math.abs(o) <= 1).length).toBeGreaterThanOrEqual(6)
    expect(t.creepReported).toBe(true)
    expect(t.flatSeries).toBe(HISTORY_SERIES - 1 - 4) // four steps fall in the creep window
  })

  it('is deterministic for a seed at --quick size, and renders its table and section', () => {
    const a = runHistoryStudy({ histories: 3, seed: 7 }, quiet)
    const b = runHistoryStudy({ histories: 3, seed: 7 }, quiet)
    expect({ ...a, meta: withoutTime(a.meta) }).toEqual({ ...b, meta: withoutTime(b.meta) })
    expect(a.histories).toBe(3)
    expect(a.steps.map((s) => s.size)).toEqual([0.05, -0.05, 0.1, -0.1])
    expect(a.steps.every((s) => s.planted === 6)).toBe(true)
    expect(a.falsePoints.rate.n).toBe(3 * (HISTORY_SERIES - 1) * HISTORY_COMMITS)
    expect(a.environment).toEqual({ labelled: 3, histories: 3 })
    expect(a.creep.detected.n).toBe(3)
    const c = runHistoryStudy({ histories: 3, seed: 8 }, quiet)
    expect(c.falsePoints.rate.x + c.falseCreep.x + c.creep.medianChange!).not.toBe(
      a.falsePoints.rate.x + a.falseCreep.x + a.creep.medianChange!
    )
    const table = renderHistoryStudy(a)
    expect(table).toContain('| planted step +5%: found within ±1 commit |')
    expect(table).toContain('| false change points per 5,000 series-commits |')
    const section = historySection(a)
    expect(section).toContain('## History on main')
    expect(section).toMatch(/- \*\*(Met|Not met|Met on the estimate)\*\*: false change points/)
    expect(historySection(undefined)).toContain('_Not run yet (`npm run validate -- history --out')
  })
})
