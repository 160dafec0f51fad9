/** Count mode's options (issue 15): parsed, validated, and refused where they cannot work yet. */
import { describe, expect, it } from '@jest/globals'
import { buildConfig, countOptionsOf } from '../../src/config/index.js'

describe('count mode options', () => {
  it('default to auto (counts where valgrind runs), instructions and δ_count 1%', () => {
    const c = buildConfig({})
    // auto: counts beside timing where valgrind runs, else timing (docs/budget.md); resolved when run
    expect(c.measure).toBe('auto')
    expect(countOptionsOf(c)).toEqual({ metric: 'instructions', threshold: 0.01 })
  })

  it('read --measure, --count-metric and --count-threshold', () => {
    const c = buildConfig({ measure: 'both', 'count-metric': 'cycles', 'count-threshold': '0.005' })
    expect(c.measure).toBe('both')
    expect(countOptionsOf(c)).toEqual({ metric: 'cycles', threshold: 0.005 })
  })

  it.each([
    [{ measure: 'count' }, /--measure: 'count' is not valid; expected one of auto, time, counts, both/],
    [{ 'count-metric': 'ir' }, /--count-metric: 'ir' is not valid; expected one of instructions, cycles/],
    [{ 'count-threshold': '0' }, /--count-threshold: '0' is not valid; expected a number in \(0, 1\)/],
    [
      { measure: 'counts', adaptive: true },
      /--adaptive adds timing rounds; with --measure counts there are none/
    ],
    [{ measure: 'both', shard: '1/2' }, /--shard with --measure both is not supported yet/]
  ])('refuse %p with a message that says what to do', (raw, message) => {
    expect(() => buildConfig(raw)).toThrow(message)
  })
})
