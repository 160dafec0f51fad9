/**
 * action.yml and the code that reads it must agree: every input documented with a default, every
 * input read, every CLI-mirroring input mapped onto a real Config option (the defaults the
 * descriptions promise are checked against the option table in __tests__/config/optionTable.test.ts).
 */
import { describe, expect, test } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import yaml from 'js-yaml'
import { applyConfigFile, CONFIG_INPUTS, readActionSettings } from '../../src/action/inputs.js'
import { DEFAULT_CONFIG, OPTION_NAMES } from '../../src/config/index.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

interface ActionYml {
  runs: { using: string; main: string }
  inputs: Record<string, { description?: string; default?: string }>
  outputs: Record<string, { description?: string }>
}
const action = yaml.load(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as ActionYml

function reader(values: Record<string, string>) {
  const asked = new Set<string>()
  return {
    asked,
    get: (name: string) => {
      asked.add(name)
      return values[name] ?? action.inputs[name]?.default ?? ''
    }
  }
}

describe('action.yml', () => {
  test('runs dist/index.js on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  test('every input has a description and a default', () => {
    for (const [name, input] of Object.entries(action.inputs)) {
      expect({ name, description: (input.description ?? '').length > 10 }).toEqual({
        name,
        description: true
      })
      expect({ name, hasDefault: typeof input.default === 'string' }).toEqual({ name, hasDefault: true })
    }
  })

  test('every input is read, and every CLI-mirroring input maps onto a Config option', () => {
    const r = reader({ build: 'make', binary: 'b' })
    readActionSettings(r.get, '/ws', '/tmp')
    expect([...r.asked].sort()).toEqual(
      Object.keys(action.inputs)
        .filter((n) => n !== 'github-token' || r.asked.has(n))
        .sort()
    )
    for (const [input, option] of Object.entries(CONFIG_INPUTS)) {
      expect(Object.keys(action.inputs)).toContain(input)
      expect(OPTION_NAMES).toContain(option)
    }
  })

  test('declares the outputs the Action sets', () => {
    for (const o of [
      'verdict',
      'regressions',
      'improvements',
      'inconclusive',
      'results-path',
      'report-path',
      'comment-url',
      'history-record'
    ])
      expect(Object.keys(action.outputs)).toContain(o)
  })
})

describe('readActionSettings', () => {
  test('inputs reach the Config; empty inputs leave the defaults', () => {
    const s = readActionSettings(
      reader({ build: 'make', binary: 'bench', rounds: '12', 'min-effect': '0.03', key: 'linux' }).get,
      '/ws',
      '/runner/tmp'
    )
    expect(s.mode).toBe('run')
    expect(s.config.rounds).toBe(12)
    expect(s.config.analysis.minEffect).toBe(0.03)
    expect(s.config.repetitions).toBe(DEFAULT_CONFIG.repetitions)
    expect(s.config.key).toBe('linux')
    expect(s.config.workDir).toBe('/runner/tmp/benchgate-work')
    expect(s.config.out).toBe('/ws/benchgate-out')
    expect(s.mergeBaseInput).toBeNull()
    expect(s.cachePaths).toEqual(['build'])
    expect(s.comment).toBe('always')
  })

  test('modes run and measure never read benchgate.json from the checkout (the PR); the file layer comes later', () => {
    const ws = temp('bg-inputs-')
    writeFileSync(join(ws, 'benchgate.json'), JSON.stringify({ rounds: 30, 'fail-on': 'never' }))
    for (const mode of ['run', 'measure']) {
      const s = readActionSettings(reader({ mode, alpha: '0.001' }).get, ws, ws)
      expect(s.config.rounds).toBe(DEFAULT_CONFIG.rounds)
      expect(s.config.failOn).toEqual(DEFAULT_CONFIG.failOn)
      expect(s.configFile).toEqual({ path: 'benchgate.json', required: false })
      // main.ts layers the base commit's file under the inputs:
      const c = applyConfigFile(s, { rounds: 30, alpha: 0.05 })
      expect(c.rounds).toBe(30)
      expect(c.analysis.alpha).toBe(0.001)
    }
  })

  test('comment mode (no PR code in its checkout) reads benchgate.json from the workspace; inputs win', () => {
    const ws = temp('bg-inputs-')
    writeFileSync(join(ws, 'benchgate.json'), JSON.stringify({ rounds: 30, alpha: 0.05 }))
    const s = readActionSettings(reader({ mode: 'comment', alpha: '0.001' }).get, ws, ws)
    expect(s.config.rounds).toBe(30)
    expect(s.config.analysis.alpha).toBe(0.001)
  })

  test('a bad input is named as the input, with what it accepts', () => {
    expect(() => readActionSettings(reader({ rounds: 'many' }).get, '/ws', '/t')).toThrow(
      /input 'rounds': 'many' is not valid; expected a whole number/
    )
    expect(() =>
      readActionSettings(reader({ 'lock-file': '', comment: 'sometimes' }).get, '/ws', '/t')
    ).toThrow(/input 'comment': 'sometimes' is not one of always, on-change, never/)
    expect(() => readActionSettings(reader({ key: 'a b' }).get, '/ws', '/t')).toThrow(/key/)
    expect(() => readActionSettings(reader({ mode: 'deploy' }).get, '/ws', '/t')).toThrow(/input 'mode'/)
  })

  test('history-drift: off by default, true is 30 recorded commits, a number is itself', () => {
    const drift = (v?: string) =>
      readActionSettings(reader(v === undefined ? {} : { 'history-drift': v }).get, '/ws', '/t').historyDrift
    expect([drift(), drift('false'), drift('true'), drift('50')]).toEqual([null, null, 30, 50])
    expect(() => drift('1')).toThrow(/input 'history-drift': '1' is not true, false or a number/)
    expect(() => drift('lots')).toThrow(/input 'history-drift'/)
  })

  test('cache paths split on newlines and commas', () => {
    const s = readActionSettings(
      reader({ 'cache-paths': 'build\n out/bin , third_party/lib' }).get,
      '/ws',
      '/t'
    )
    expect(s.cachePaths).toEqual(['build', 'out/bin', 'third_party/lib'])
  })
})
