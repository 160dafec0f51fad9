/**
 * The one Config type shared by the CLI and the Action, its defaults, and validation with
 * messages that name the bad option and the accepted values. Sources: defaults < config file
 * (benchgate.json in the repository) < command-line flags / Action inputs.
 */
import { readFileSync } from 'node:fs'
import { FUTILITY_POWER } from './analysis/sequential.js'
import { ConfigError, JobError } from './errors.js'
import { DEFAULT_ANALYSIS_OPTIONS, type AnalysisOptions, type Correction } from './analysis/types.js'
import { DEFAULT_COUNT_OPTIONS, type CountOptions } from './analysis/counts.js'

export type FailOn = 'regression' | 'inconclusive' | 'never'
export type OutputFormat = 'text' | 'md' | 'json'
/** What is measured: timing rounds, instruction counts under valgrind (STATISTICS §9), or both. */
export type MeasureMode = 'time' | 'counts' | 'both'

export interface Config {
  /** Repository to measure (a git work tree). */
  repoDir: string
  base: string | null
  head: string
  /** Compare against the merge-base of base and head (default), not base itself. */
  mergeBase: boolean
  /** Build command, a shell string run in each worktree with BENCHGATE_SIDE=base|head. */
  build: string | null
  /** Benchmark binary, relative to the worktree. */
  binary: string | null
  /** Working directory of the benchmarks, relative to the worktree ('.' = the worktree). */
  workingDirectory: string
  /** Where worktrees, binaries and samples go while measuring. */
  workDir: string | null
  keepWorktrees: boolean
  rounds: number
  warmupRounds: number
  repetitions: number
  /** --benchmark_min_time in seconds (a bare number works on Google Benchmark 1.7 and 1.8+). */
  minTime: number
  filter: string | null
  randomInterleaving: boolean
  /** CPU to pin benchmark processes to, or null. */
  cpu: number | null
  runTimeoutSeconds: number
  buildTimeoutSeconds: number
  /** Stop adding rounds once this many seconds of measuring have passed (null: no budget). */
  timeBudgetSeconds: number | null
  lockFile: string | null
  /** Output directory for reports, results and raw samples. */
  out: string
  format: OutputFormat
  failOn: FailOn
  /** When the base build fails: report everything as new and pass (false) or fail (true). */
  failOnBaseBuildFailure: boolean
  /** Independent report key (several reports on one PR). */
  key: string
  /** Also write a self-contained HTML report with plots to this file (null: none). */
  html: string | null
  /** Adaptive rounds: after the initial `rounds`, top-up rounds only for unresolved benchmarks. */
  adaptive: boolean
  /** Adaptive mode's cap on rounds per benchmark (null: chosen from `rounds`). */
  maxRounds: number | null
  /** Adaptive mode: stop a benchmark as futile below this conditional power (0: never). */
  futilityPower: number
  /** Measure only shard I of N of the benchmarks (`--shard I/N`; null: all). */
  shard: { index: number; count: number } | null
  /** A previous results file whose per-benchmark seconds balance the shards (null: split by hash). */
  shardWeights: string | null
  /** Timing (default), counts under valgrind, or both side by side. */
  measure: MeasureMode
  /** Count mode's metric and δ_count. */
  counts: CountOptions
  analysis: AnalysisOptions
}

/** Sound results in about ten minutes of benchmark time on a 2-core runner (STATISTICS §7). */
export const DEFAULT_CONFIG: Config = {
  repoDir: '.',
  base: null,
  head: 'HEAD',
  mergeBase: true,
  build: null,
  binary: null,
  workingDirectory: '.',
  workDir: null,
  keepWorktrees: false,
  rounds: 20,
  warmupRounds: 1,
  repetitions: 3,
  minTime: 0.05,
  filter: null,
  randomInterleaving: false,
  cpu: null,
  runTimeoutSeconds: 600,
  buildTimeoutSeconds: 3600,
  timeBudgetSeconds: 600,
  lockFile: null,
  out: 'benchgate-out',
  format: 'text',
  failOn: 'regression',
  failOnBaseBuildFailure: false,
  key: 'default',
  html: null,
  adaptive: false,
  maxRounds: null,
  futilityPower: FUTILITY_POWER,
  shard: null,
  shardWeights: null,
  measure: 'time',
  counts: { ...DEFAULT_COUNT_OPTIONS },
  analysis: { ...DEFAULT_ANALYSIS_OPTIONS }
}

/** Options as they come from flags, inputs or the config file: strings, numbers or booleans by name. */
export type RawOptions = Record<string, string | number | boolean | undefined>

/** Option names accepted everywhere (flags use --kebab-case, the config file camelCase or kebab-case). */
const SPEC: Record<
  string,
  {
    type: 'string' | 'int' | 'number' | 'bool' | 'enum'
    values?: string[]
    min?: number
    max?: number
    exclusive?: boolean
  }
> = {
  repo: { type: 'string' },
  base: { type: 'string' },
  head: { type: 'string' },
  'merge-base': { type: 'bool' },
  build: { type: 'string' },
  binary: { type: 'string' },
  'working-directory': { type: 'string' },
  'work-dir': { type: 'string' },
  'keep-worktrees': { type: 'bool' },
  rounds: { type: 'int', min: 1, max: 10000 },
  'warmup-rounds': { type: 'int', min: 0, max: 100 },
  repetitions: { type: 'int', min: 1, max: 100000 },
  'min-time': { type: 'number', min: 0, max: 3600 },
  filter: { type: 'string' },
  'random-interleaving': { type: 'bool' },
  cpu: { type: 'int', min: 0, max: 4095 },
  'run-timeout': { type: 'number', min: 1, max: 86400 },
  'build-timeout': { type: 'number', min: 1, max: 86400 },
  'time-budget': { type: 'number', min: 1, max: 7 * 86400 },
  lock: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'enum', values: ['text', 'md', 'json'] },
  'fail-on': { type: 'enum', values: ['regression', 'inconclusive', 'never'] },
  'fail-on-base-build-failure': { type: 'bool' },
  key: { type: 'string' },
  html: { type: 'string' },
  adaptive: { type: 'bool' },
  'max-rounds': { type: 'int', min: 1, max: 10000 },
  'futility-power': { type: 'number', min: 0, max: 0.5 },
  shard: { type: 'string' },
  'shard-weights': { type: 'string' },
  measure: { type: 'enum', values: ['time', 'counts', 'both'] },
  'count-metric': { type: 'enum', values: ['instructions', 'cycles'] },
  'count-threshold': { type: 'number', min: 0, max: 1, exclusive: true },
  alpha: { type: 'number', min: 0, max: 0.5, exclusive: true },
  'min-effect': { type: 'number', min: 0, max: 10, exclusive: true },
  power: { type: 'number', min: 0, max: 1, exclusive: true },
  correction: { type: 'enum', values: ['bonferroni', 'holm', 'none'] },
  level: { type: 'enum', values: ['auto', 'repetitions'] },
  metric: { type: 'enum', values: ['auto', 'real_time', 'cpu_time'] }
}

export const OPTION_NAMES = Object.keys(SPEC)

/** camelCase -> kebab-case, so a config file may use either. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())
}

/**
 * Builds a validated Config from layers of raw options (later layers win).
 * @throws ConfigError naming the option, the bad value and what is accepted
 */
export function buildConfig(...layers: Array<RawOptions | undefined>): Config {
  const merged: Record<string, string | number | boolean> = {}
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer ?? {})) {
      if (value === undefined || value === '') continue
      const key = kebab(name)
      if (!SPEC[key])
        throw new ConfigError(`unknown option '${name}'. Known options: ${OPTION_NAMES.join(', ')}`)
      merged[key] = value
    }
  }
  const get = <T>(key: string, fallback: T): T =>
    key in merged ? (parseValue(key, merged[key]) as T) : fallback
  const d = DEFAULT_CONFIG
  const a = d.analysis
  const config: Config = {
    repoDir: get('repo', d.repoDir),
    base: get('base', d.base),
    head: get('head', d.head),
    mergeBase: get('merge-base', d.mergeBase),
    build: get('build', d.build),
    binary: get('binary', d.binary),
    workingDirectory: get('working-directory', d.workingDirectory),
    workDir: get('work-dir', d.workDir),
    keepWorktrees: get('keep-worktrees', d.keepWorktrees),
    rounds: get('rounds', d.rounds),
    warmupRounds: get('warmup-rounds', d.warmupRounds),
    repetitions: get('repetitions', d.repetitions),
    minTime: get('min-time', d.minTime),
    filter: get('filter', d.filter),
    randomInterleaving: get('random-interleaving', d.randomInterleaving),
    cpu: get('cpu', d.cpu),
    runTimeoutSeconds: get('run-timeout', d.runTimeoutSeconds),
    buildTimeoutSeconds: get('build-timeout', d.buildTimeoutSeconds),
    timeBudgetSeconds: get('time-budget', d.timeBudgetSeconds),
    lockFile: get('lock', d.lockFile),
    out: get('out', d.out),
    format: get('format', d.format),
    failOn: get('fail-on', d.failOn),
    failOnBaseBuildFailure: get('fail-on-base-build-failure', d.failOnBaseBuildFailure),
    key: get('key', d.key),
    html: get('html', d.html),
    adaptive: get('adaptive', d.adaptive),
    maxRounds: get('max-rounds', d.maxRounds),
    futilityPower: get('futility-power', d.futilityPower),
    shard: parseShard(get<string | null>('shard', null)),
    shardWeights: get('shard-weights', d.shardWeights),
    measure: get('measure', d.measure),
    counts: {
      metric: get('count-metric', d.counts.metric),
      threshold: get('count-threshold', d.counts.threshold)
    },
    analysis: {
      alpha: get('alpha', a.alpha),
      minEffect: get('min-effect', a.minEffect),
      power: get('power', a.power),
      correction: get<Correction>('correction', a.correction),
      level: get('level', a.level),
      metric: get('metric', a.metric)
    }
  }
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
  if (config.shard && config.measure !== 'time')
    throw new ConfigError(
      `--shard with --measure ${config.measure} is not supported yet: merging the shards would drop the counts (use --measure time with shards)`
    )
  if (config.measure === 'counts' && config.adaptive)
    throw new ConfigError(
      '--adaptive adds timing rounds; with --measure counts there are none (use --measure both)'
    )
  if (config.shardWeights && !config.shard) throw new ConfigError('--shard-weights needs --shard I/N')
  return config
}

/** "I/N" with 1 ≤ I ≤ N ≤ 1000 -> { index: I, count: N }. */
function parseShard(value: string | null): Config['shard'] {
  if (value === null) return null
  const m = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(value)
  const [index, count] = m ? [Number(m[1]), Number(m[2])] : [0, 0]
  if (!m || index < 1 || count > 1000 || index > count)
    throw new ConfigError(`--shard: '${value}' is not valid; expected I/N with 1 ≤ I ≤ N ≤ 1000, e.g. 2/3`)
  return { index, count }
}

function parseValue(key: string, value: string | number | boolean): unknown {
  const spec = SPEC[key]
  const bad = (accepted: string) =>
    new ConfigError(`--${key}: '${String(value)}' is not valid; expected ${accepted}`)
  switch (spec.type) {
    case 'string':
      if (typeof value !== 'string') throw bad('a string')
      return value
    case 'bool':
      if (typeof value === 'boolean') return value
      if (/^(true|yes|1|on)$/i.test(String(value))) return true
      if (/^(false|no|0|off)$/i.test(String(value))) return false
      throw bad('true or false')
    case 'enum':
      if (!spec.values!.includes(String(value))) throw bad(`one of ${spec.values!.join(', ')}`)
      return String(value)
    case 'int':
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(String(value))
            ? Number(value)
            : NaN
      const range = `${spec.exclusive ? '(' : '['}${spec.min}, ${spec.max}${spec.exclusive ? ')' : ']'}`
      const what = spec.type === 'int' ? `a whole number in ${range}` : `a number in ${range}`
      if (!Number.isFinite(n) || (spec.type === 'int' && !Number.isInteger(n))) throw bad(what)
      const low = spec.exclusive ? n <= spec.min! : n < spec.min!
      const high = spec.exclusive ? n >= spec.max! : n > spec.max!
      if (low || high) throw bad(what)
      return n
    }
  }
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
    throw new JobError(2, 'invalid-option', `benchgate run needs ${what}`)
  }
  return {
    base: config.base || missing('--base (a ref to compare against, e.g. origin/main)'),
    build: config.build || missing("--build (a shell command, e.g. 'cmake -B build && cmake --build build')"),
    binary: config.binary || missing('--binary (the benchmark executable, relative to the repository)')
  }
}
