/**
 * The option table (src/config/options.ts) is the one place an option is written: these tests check
 * that what is derived from it agrees with it (validation, CLI flags and help, the reproduce line,
 * the config file) and that action.yml, which is written by hand, matches it.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import yaml from 'js-yaml'
import { CONFIG_INPUTS } from '../../src/action/inputs.js'
import { DEFAULT_ANALYSIS_OPTIONS } from '../../src/analysis/types.js'
import { HELP, optionsFromFlags, parseOptions } from '../../src/cli.js'
import {
  buildConfig,
  DEFAULT_CONFIG,
  OPTIONS,
  parseConfigFile,
  reproduceArgs,
  valueAt,
  type OptionSpec,
  type RawOptions
} from '../../src/config/index.js'
import { ConfigError } from '../../src/errors.js'

const action = yaml.load(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { description?: string; default?: string }>
}

/** Inputs whose Action default comes from the event (pull_request or push), not from the table. */
const DECIDED_BY_THE_EVENT = ['base', 'head', 'merge-base']

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A valid raw value different from the option's default. */
function otherValue(o: OptionSpec): string {
  switch (o.type) {
    case 'bool':
      return String(!o.default)
    case 'enum':
      return o.values!.find((v) => v !== o.default)!
    case 'int':
      return String(o.default === o.min! + 1 ? o.min! + 2 : o.min! + 1)
    case 'number':
      return String((o.min! + o.max!) / 2)
    case 'string':
      return `value-of-${o.name}`
    case 'shard':
      return '2/3'
    case 'set':
      return 'never'
  }
}

/** argv -> the Config the CLI builds from it (no config file). */
function configFromArgv(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: parseOptions(), strict: true })
  const {
    config: _file,
    'allow-missing': _missing,
    ...flags
  } = optionsFromFlags(values as Record<string, string | boolean | undefined>)
  return buildConfig(flags as RawOptions)
}

describe('the option table', () => {
  it('names every option, Action input and Config field once', () => {
    for (const key of ['name', 'config', 'input'] as const) {
      const used = OPTIONS.map((o) => o[key]).filter((v) => v !== null)
      expect(used.filter((v, i) => used.indexOf(v) !== i)).toEqual([])
    }
  })

  it.each(OPTIONS.map((o) => [o.name, o] as const))('%s: its default is a value it accepts', (_name, o) => {
    if (o.type === 'enum') expect(o.values).toContain(o.default)
    if (o.type === 'int' || o.type === 'number') {
      expect([o.min, o.max].every(Number.isFinite)).toBe(true)
      if (o.default !== null) expect(buildConfig({ [o.name]: String(o.default) })).toEqual(DEFAULT_CONFIG)
    }
    expect(valueAt(DEFAULT_CONFIG, o.config)).toEqual(o.default)
    expect(o.commands.length).toBeGreaterThan(0)
  })

  it("the tool's analysis defaults are the library's", () => {
    expect(DEFAULT_CONFIG.analysis).toEqual(DEFAULT_ANALYSIS_OPTIONS)
  })

  it.each(OPTIONS.filter((o) => o.type === 'int' || o.type === 'number').map((o) => [o.name, o] as const))(
    '%s: a value just outside its range is refused, naming the option and the range',
    (_name, o) => {
      const range = `${o.exclusive ? '\\(' : '\\['}${o.min}, ${o.max}${o.exclusive ? '\\)' : '\\]'}`
      for (const bad of [o.min! - (o.exclusive ? 0 : 1), o.max! + (o.exclusive ? 0 : 1)])
        expect(() => buildConfig({ [o.name]: String(bad) })).toThrow(
          new RegExp(`^--${o.name}: '${bad}' is not valid; expected a (whole )?number in ${range}$`)
        )
      if (o.type === 'int')
        expect(() => buildConfig({ [o.name]: String(o.min! + 0.5) })).toThrow(/whole number/)
    }
  )

  it.each(OPTIONS.filter((o) => o.type === 'enum').map((o) => [o.name, o] as const))(
    '%s: a value not in its list is refused with the list',
    (_name, o) => {
      expect(() => buildConfig({ [o.name]: 'nonsense' })).toThrow(
        `--${o.name}: 'nonsense' is not valid; expected one of ${o.values!.join(', ')}`
      )
    }
  )
})

describe('the CLI, from the table', () => {
  it('accepts every option as --name, and --no-NAME for a flag that defaults to on', () => {
    for (const o of OPTIONS) {
      const argv =
        o.type === 'bool' ? [o.default ? `--no-${o.name}` : `--${o.name}`] : [`--${o.name}`, otherValue(o)]
      if (o.name === 'shard-weights') argv.push('--shard', '1/2')
      const config = configFromArgv(argv)
      expect({ option: o.name, value: valueAt(config, o.config) }).not.toEqual({
        option: o.name,
        value: o.default
      })
    }
  })

  it("lists every option in the help of a command that takes it ('run' points to compare's for the rest)", () => {
    for (const o of OPTIONS) {
      for (const command of o.commands) {
        const listedBy = command === 'run' && o.commands.includes('compare') ? 'compare' : command
        const flag = o.type === 'bool' && o.default ? `--[no-]${o.name}` : `--${o.name}`
        expect({
          command: listedBy,
          has: HELP[listedBy].includes(`  ${flag}${o.arg ? ' ' + o.arg : ''}`)
        }).toEqual({
          command: listedBy,
          has: true
        })
      }
    }
    expect(HELP.run).toMatch(/--rounds N +ABBA rounds after the warm-up rounds \(default 20\)/)
  })
})

describe('the reproduce line', () => {
  it('is empty for the defaults and names only what differs', () => {
    expect(reproduceArgs(DEFAULT_CONFIG)).toEqual([])
    expect(reproduceArgs(buildConfig({ rounds: '20', repetitions: '5' }))).toEqual(['--repetitions', '5'])
  })

  it.each([
    ['every option that reproduces, adaptive', (o: OptionSpec) => o.reproduce && !o.name.startsWith('shard')],
    [
      'the shard options',
      (o: OptionSpec) => o.reproduce && (o.name.startsWith('shard') || o.name === 'rounds')
    ]
  ])('gives back the same options through the CLI: %s', (_what, include) => {
    const raw = Object.fromEntries(OPTIONS.filter(include).map((o) => [o.name, otherValue(o)]))
    // --adaptive adds timing rounds: with it, measure counts beside timing (counts alone is refused)
    if (raw.measure === 'counts' && raw.adaptive) raw.measure = 'both'
    const config = buildConfig(raw)
    const args = reproduceArgs(config)
    expect(args.filter((a) => a.startsWith('--'))).toHaveLength(Object.keys(raw).length)
    const again = configFromArgv(args)
    for (const o of OPTIONS)
      expect({ option: o.name, value: valueAt(again, o.config) }).toEqual({
        option: o.name,
        value: valueAt(config, o.config)
      })
  })
})

describe('the config file, from the table', () => {
  it('refuses an option that differs per job or machine, and an unknown one, naming the file', () => {
    for (const o of OPTIONS.filter((o) => !o.file))
      expect(() => parseConfigFile(JSON.stringify({ [o.name]: otherValue(o) }), 'benchgate.json')).toThrow(
        new RegExp(`^config file benchgate.json: option '${o.name}' differs per job or machine`)
      )
    expect(() => parseConfigFile('{"colour": "red"}', 'x.json')).toThrow(ConfigError)
    expect(() => parseConfigFile('{"colour": "red"}', 'x.json')).toThrow(
      /^config file x.json: unknown option 'colour'/
    )
    expect(parseConfigFile('{"minEffect": 0.05, "rounds": 9}', 'x.json')).toEqual({
      minEffect: 0.05,
      rounds: 9
    })
  })
})

describe('action.yml, against the table', () => {
  const inputs = OPTIONS.filter((o) => o.input !== null)

  it('has an input for every option the table gives one, mapped to that option', () => {
    for (const o of inputs) {
      expect({ input: o.input, inActionYml: o.input! in action.inputs }).toEqual({
        input: o.input,
        inActionYml: true
      })
      expect(CONFIG_INPUTS[o.input!]).toBe(o.name)
    }
  })

  it.each(inputs.map((o) => [o.input!, o] as const))(
    "%s: defaults to '' (so benchgate.json can set it) or to the table's default, and its description names the default",
    (input, o) => {
      const { description = '', default: dflt } = action.inputs[input!]
      expect(['', String(o.default)]).toContain(dflt)
      expect(description.length).toBeGreaterThan(10)
      const shown = o.defaultText ?? (o.default === null ? null : String(o.default))
      if (dflt === '' && shown !== null && !DECIDED_BY_THE_EVENT.includes(input!))
        expect(description).toMatch(new RegExp(`default ${escape(shown)}(?![\\w.])`))
    }
  )
})
