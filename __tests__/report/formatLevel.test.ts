import { describe, expect, test } from '@jest/globals'
import { formatLevel } from '../../src/report/format.js'

describe('formatLevel', () => {
  test.each([
    [0.99, '99%'],
    [0.95, '95%'],
    [1 - 0.01 / 2, '99.5%'],
    [1 - 0.01 / 20, '99.95%'],
    [1, '100%']
  ])('%d -> %s', (level, shown) => expect(formatLevel(level)).toBe(shown))

  test('a simultaneous level of many benchmarks never reads "100%" (1 − 0.01/200, 1 − 0.01/20000)', () => {
    for (const k of [200, 2000, 20000]) {
      const shown = formatLevel(1 - 0.01 / k)
      expect(shown).not.toBe('100%')
      expect(Number(shown.slice(0, -1))).toBeGreaterThan(99.9)
      expect(Number(shown.slice(0, -1))).toBeLessThan(100)
    }
  })
})
