import { describe, expect, it } from '@jest/globals'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildConfig, DEFAULT_CONFIG, readConfigFile, reproduceArgs } from '../../src/config/index.js'
import { ConfigError } from '../../src/errors.js'
import { VERSION } from '../../src/version.js'
import pkg from '../../package.json' with { type: 'json' }
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

describe('buildConfig', () => {
  it('fail-on is a set: regression and failed always in it, additions in table order, never alone (STATISTICS §10)', () => {
    expect(DEFAULT_CONFIG.failOn).toEqual(['regression', 'failed'])
    expect(buildConfig({ 'fail-on': 'inconclusive, timing-only' }).failOn).toEqual([
      'regression',
      'failed',
      'timing-only',
      'inconclusive'
    ])
    // The single values of earlier releases keep their meaning.
    expect(buildConfig({ 'fail-on': 'timing-only' }).failOn).toEqual(['regression', 'failed', 'timing-only'])
    expect(buildConfig({ 'fail-on': 'never' }).failOn).toEqual(['never'])
    expect(reproduceArgs(buildConfig({ 'fail-on': 'inconclusive,timing-only' }))).toEqual([
      '--fail-on',
      'regression,failed,timing-only,inconclusive'
    ])
  })

  it('gives the defaults with no options', () => {
    expect(buildConfig()).toEqual(DEFAULT_CONFIG)
  })

  it('futility power: 0 turns it off, the default is the analysis constant', () => {
    expect(buildConfig({ 'futility-power': '0' }).futilityPower).toBe(0)
    expect(buildConfig().futilityPower).toBe(0.01)
  })

  it('lets later layers override earlier ones and accepts camelCase from files', () => {
    const c = buildConfig({ rounds: 10, minEffect: 0.05 }, { rounds: '12', alpha: '0.05' })
    expect(c.rounds).toBe(12)
    expect(c.analysis.minEffect).toBe(0.05)
    expect(c.analysis.alpha).toBe(0.05)
  })

  it.each([
    [{ rounds: '0' }, /--rounds: '0' is not valid; expected a whole number in \[1, 10000\]/],
    [{ rounds: '2.5' }, /whole number/],
    [{ alpha: '1' }, /--alpha: '1' is not valid; expected a number in \(0, 0.5\)/],
    [{ alpha: 'abc' }, /--alpha: 'abc'/],
    [
      { 'fail-on': 'sometimes' },
      /expected a comma-separated set of regression, failed, timing-only, inconclusive, never/
    ],
    [{ 'fail-on': 'timing-only,nevr' }, /Did you mean 'never'\?/],
    [{ 'fail-on': 'never,inconclusive' }, /'never' alone/],
    [{ correction: 'bh' }, /expected one of bonferroni, holm, none/],
    [{ level: 'runs' }, /expected one of auto, repetitions/],
    [{ metric: 'wall' }, /expected one of auto, real_time, cpu_time/],
    [{ colour: 'red' }, /unknown option 'colour'/],
    [{ 'futility-power': '0.9' }, /--futility-power: '0.9' is not valid; expected a number in \[0, 0.5\]/],
    [{ head: '--upload-pack=evil' }, /may not start with '-'/],
    [{ key: 'a b' }, /--key must be/],
    [{ power: '0.005', alpha: '0.01' }, /--power \(0.005\) must be larger than --alpha/]
  ])('rejects %j with a message naming the option', (raw, message) => {
    expect(() => buildConfig(raw)).toThrow(ConfigError)
    expect(() => buildConfig(raw)).toThrow(message)
  })
})

describe('readConfigFile', () => {
  const dir = temp('benchgate-config-')
  it('returns undefined for a missing optional file and throws for a missing required one', () => {
    expect(readConfigFile(join(dir, 'nope.json'), false)).toBeUndefined()
    expect(() => readConfigFile(join(dir, 'nope.json'), true)).toThrow(/cannot read config file/)
  })
  it('reads options and rejects malformed files', () => {
    const good = join(dir, 'good.json')
    writeFileSync(good, JSON.stringify({ rounds: 8, 'min-effect': 0.03 }))
    expect(buildConfig(readConfigFile(good, true)).rounds).toBe(8)
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, '{ rounds: 8 ')
    expect(() => readConfigFile(bad, true)).toThrow(/not valid JSON/)
    const nested = join(dir, 'nested.json')
    writeFileSync(nested, JSON.stringify({ rounds: [1] }))
    expect(() => readConfigFile(nested, true)).toThrow(/'rounds' must be a string, number or boolean/)
  })
})

it('VERSION matches package.json', () => {
  expect(VERSION).toBe(pkg.version)
})
