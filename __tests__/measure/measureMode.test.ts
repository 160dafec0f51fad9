/**
 * `--measure auto`, the default (docs/budget.md): counts beside timing where valgrind runs, timing alone
 * (said in one line) where it does not, timing for a shard; an explicit mode is kept.
 */
import { describe, expect, it } from '@jest/globals'
import { DEFAULT_CONFIG } from '../../src/config/index.js'
import { resolvedMeasure, WITHOUT_VALGRIND } from '../../src/measure/measureMode.js'
import { recordingLog } from './helpers.js'

const present = () => Promise.resolve(true)
const absent = () => Promise.resolve(false)

describe('resolvedMeasure', () => {
  it('is the default, with the budget design', () => {
    expect(DEFAULT_CONFIG).toMatchObject({ measure: 'auto', budget: true })
  })

  it('auto: both where valgrind runs; time, with the line saying what both would add, where it does not', async () => {
    const log = recordingLog()
    expect((await resolvedMeasure(DEFAULT_CONFIG, log, present)).measure).toBe('both')
    expect(log.lines).toEqual([])
    expect((await resolvedMeasure(DEFAULT_CONFIG, log, absent)).measure).toBe('time')
    expect(log.lines).toEqual([`info: ${WITHOUT_VALGRIND}`])
    expect(WITHOUT_VALGRIND).toMatch(/--measure both .* would also count instructions/)
  })

  it('a shard measures time; an explicit mode is kept whatever is installed', async () => {
    const log = recordingLog()
    const shard = { ...DEFAULT_CONFIG, shard: { index: 1, count: 2 } }
    expect((await resolvedMeasure(shard, log, present)).measure).toBe('time')
    for (const measure of ['time', 'counts', 'both'] as const)
      expect((await resolvedMeasure({ ...DEFAULT_CONFIG, measure }, log, absent)).measure).toBe(measure)
    expect(log.lines).toEqual([])
  })
})
