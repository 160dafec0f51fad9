/**
 * Options -> the validated Config shared by the CLI and the Action. Sources, later ones winning:
 * defaults < config file (benchgate.json in the repository) < command-line flags / Action inputs.
 * Every option, its default, range and help are in the table of options.ts; this module applies it.
 */
import { readFileSync } from 'node:fs'
import type { CountOptions } from '../analysis/counts.js'
import type { Judgement } from '../analysis/judge.js'
import { runDesign } from '../analysis/types.js'
import { ConfigError, JobError } from '../errors.js'
import { OPTIONS, type ConfigPath, type OptionSpec } from './options.js'
import { didYouMean } from './suggest.js'
import type { Config, RawOptions } from './types.js'
import { formatOptionValue, parseOptionValue, type OptionValue } from './values.js'

export type { Config, FailOn, MeasureMode, OutputFormat, RawOptions } from './types.js'
export { OPTIONS, type Command, type OptionSpec } from './options.js'

/** Option names accepted everywhere (flags use --kebab-case, the config file camelCase or kebab-case). */
export const OPTION_NAMES = OPTIONS.map((o) => o.name)
const BY_NAME = new Map(OPTIONS.map((o) => [o.name, o]))

/** Sound results in about ten minutes of benchmark time on a 2-core runner (docs/statistics.md §7). */
export const DEFAULT_CONFIG: Config = defaultsFromTable()

function defaultsFromTable(): Config {
  const config = { analysis: {} } as Config
  for (const o of OPTIONS) setAt(config, o.config, o.default)
  return config
}

function setAt(config: Config, path: ConfigPath, value: OptionValue): void {
  const [field, sub] = path.split('.')
  if (sub) (config.analysis as unknown as Record<string, OptionValue>)[sub] = value
  else (config as unknown as Record<string, OptionValue>)[field] = value
}

/** The value `config` holds for the option at `path`. */
export function valueAt(config: Config, path: ConfigPath): OptionValue {
  const [field, sub] = path.split('.')
  return sub
    ? (config.analysis as unknown as Record<string, OptionValue>)[sub]
    : (config as unknown as Record<string, OptionValue>)[field]
}

/** camelCase -> kebab-case, so a config file may use either. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())
}

/** The table entry of `name` (kebab- or camelCase), or a ConfigError listing the known options. */
function optionNamed(name: string, where = ''): OptionSpec {
  const spec = BY_NAME.get(kebab(name))
  if (!spec)
    throw new ConfigError(
      `${where}unknown option '${name}'.${didYouMean(kebab(name), OPTION_NAMES)} Known options: ${OPTION_NAMES.join(', ')}`
    )
  return spec
}

/**
 * Builds a validated Config from layers of raw options (later layers win).
 * @throws ConfigError naming the option, the bad value and what is accepted
 */
export function buildConfig(...layers: Array<RawOptions | undefined>): Config {
  const merged = new Map<OptionSpec, string | number | boolean>()
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer ?? {})) {
      if (value === undefined || value === '') continue
      merged.set(optionNamed(name), value)
    }
  }
  const config = structuredClone(DEFAULT_CONFIG)
  for (const [spec, value] of merged) setAt(config, spec.config, parseOptionValue(spec, value))
  checkCombinations(config)
  return config
}

/** What one option's range cannot say: refs, the key's characters, options that need each other. */
function checkCombinations(config: Config): void {
  if (config.head.startsWith('-') || (config.base ?? '').startsWith('-')) {
    throw new ConfigError(
      `a ref may not start with '-' (got '${config.head.startsWith('-') ? config.head : config.base}')`
    )
  }
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(config.key)) {
    throw new ConfigError(`--key must be 1–64 letters, digits, '.', '_' or '-' (got '${config.key}')`)
  }
  if (config.analysis.power <= config.analysis.alpha) {
    throw new ConfigError(
      `--power (${config.analysis.power}) must be larger than --alpha (${config.analysis.alpha})`
    )
  }
  if (config.shard && config.adaptive)
    throw new ConfigError(
      '--shard and --adaptive cannot be combined yet: merging needs every shard analysed the same way'
    )
  if (config.shardWeights && !config.shard) throw new ConfigError('--shard-weights needs --shard I/N')
  if (config.shard && (config.measure === 'counts' || config.measure === 'both'))
    throw new ConfigError(
      `--shard with --measure ${config.measure} is not supported yet: merging the shards would drop the counts (use --measure time with shards)`
    )
  if (config.measure === 'counts' && config.adaptive)
    throw new ConfigError(
      '--adaptive adds timing rounds; with --measure counts there are none (use --measure both)'
    )
}

/** Count mode's metric and δ_count, as the count analysis takes them. */
export function countOptionsOf(config: Config): CountOptions {
  return {
    metric: config.countMetric,
    threshold: config.countThreshold,
    ...(config.randomizeLayout && { layoutRandomized: true, layoutDraws: config.layoutDraws })
  }
}

/**
 * The options a results file is judged with when this side did not compute it (comment and merge
 * modes, `report`, `explain`): this side's own, never the file's (docs/security.md).
 */
export function judgementOf(config: Config): Judgement {
  const a = config.analysis
  return {
    alpha: a.alpha,
    minEffect: a.minEffect,
    correction: a.correction,
    metric: a.metric,
    // The measuring job ran `run`, whose `auto` is per-benchmark interleaving.
    interleave: runDesign(a.interleave),
    count: countOptionsOf(config),
    // `auto` expects nothing: a measuring side without valgrind judged by timing alone, as it should.
    ...(config.measure !== 'auto' && { measure: config.measure })
  }
}

/**
 * The flags that repeat `config`'s options marked `reproduce` in the table, for those that differ
 * from their defaults, in table order (e.g. ['--rounds', '30', '--adaptive']).
 */
export function reproduceArgs(config: Config): string[] {
  return OPTIONS.filter((o) => o.reproduce).flatMap((o) => {
    const value = valueAt(config, o.config)
    if (value === null || JSON.stringify(value) === JSON.stringify(o.default)) return []
    if (typeof value === 'boolean') return [value ? `--${o.name}` : `--no-${o.name}`]
    return [`--${o.name}`, formatOptionValue(value)]
  })
}

/**
 * Reads a JSON config file (e.g. benchgate.json). Missing optional file -> undefined.
 * @throws ConfigError when the file is not valid JSON or not an object of options
 */
export function readConfigFile(path: string, required: boolean): RawOptions | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    if (!required && (e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new ConfigError(`cannot read config file ${path}: ${(e as Error).message}`)
  }
  return parseConfigFile(text, path)
}

/** Parses the text of a config file (`path` names it in messages). */
export function parseConfigFile(text: string, path: string): RawOptions {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (e) {
    throw new ConfigError(`config file ${path} is not valid JSON: ${(e as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`config file ${path} must hold a JSON object of options, e.g. {"rounds": 20}`)
  }
  const out: RawOptions = {}
  for (const [k, v] of Object.entries(parsed)) {
    if (k === '$schema') continue
    const spec = optionNamed(k, `config file ${path}: `)
    if (!spec.file)
      throw new ConfigError(
        `config file ${path}: option '${k}' differs per job or machine and cannot be set in a config file; ${spec.input ? `pass --${spec.name} (Action input '${spec.input}')` : `pass --${spec.name}`} instead`
      )
    if (!['string', 'number', 'boolean'].includes(typeof v)) {
      throw new ConfigError(`config file ${path}: option '${k}' must be a string, number or boolean`)
    }
    out[k] = v as string | number | boolean
  }
  return out
}

/**
 * The options `benchgate run` cannot do without, or a JobError (exit 2) naming the missing one
 * with an example.
 */
export function requireRunOptions(config: Config): { base: string; build: string; binary: string } {
  const missing = (what: string): never => {
    throw new JobError('invalid-option', `benchgate run needs ${what}`)
  }
  return {
    base: config.base || missing('--base (a ref to compare against, e.g. origin/main)'),
    build: config.build || missing("--build (a shell command, e.g. 'cmake -B build && cmake --build build')"),
    binary: config.binary || missing('--binary (the benchmark executable, relative to the repository)')
  }
}
