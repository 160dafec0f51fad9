/**
 * The command line of `npm run validate` (validation/README.md): `node:util` parseArgs, strict, one option
 * table per command. With no command it measures and renders docs/VALIDATION.md (the page); a first
 * argument that names a study runs that study instead:
 *
 *   npm run validate -- [--quick] [--sim-only | --real-only | --render-only] [--reps N] [--seed S]
 *                       [--out FILE] [--results DIR] [--work DIR]
 *   npm run validate -- --grid [--grid-label before|after[-SUFFIX]] [--grid-suites N] [--grid-sd S] [--quick]
 *   npm run validate -- adaptive | adaptive-real | advice | pairs | pairs-real | suite-summary | history | history-calibration | layout [its options]
 *
 * Unknown options, missing values and values that are not numbers of the expected kind are errors that
 * name the option; nothing is silently read as NaN.
 */
import { parseArgs as parseArgv } from 'node:util'
import { FUTILITY_POWER } from '../../../src/analysis/adaptiveLooks.js'
import { DEFAULT_ANALYSIS_OPTIONS } from '../../../src/analysis/types.js'
import { NOISE_PRESETS } from '../model/noiseModel.js'
import type { AdaptiveOptions } from '../studies/adaptive.js'
import type { AdaptiveRealOptions } from '../studies/adaptiveReal.js'

export type { AdaptiveOptions, AdaptiveRealOptions }

/** A command line `npm run validate` does not accept: reported without a stack trace. */
export class UsageError extends Error {}

/** Options of the page command (no study named): simulation, real study, grid, render. */
export interface CliOptions {
  quick: boolean
  simOnly: boolean
  realOnly: boolean
  renderOnly: boolean
  /** Only the suite-wide grid (grid.ts), then re-render. */
  grid: boolean
  /** Label of the grid results file (grid-LABEL.json), e.g. before / after. */
  gridLabel: string
  /** A/A suites per grid cell (mixed suites: a third of it); null: 300, or 30 with --quick. */
  gridSuites: number | null
  /** Total sd of ln values per repetition in the grid; null: GRID_SD_LOG (5%). */
  gridSd: number | null
  reps: number | null
  seed: number
  /** Where the page goes; null: docs/VALIDATION.md, or beside the quick results for --quick. */
  out: string | null
  results: string | null
  work: string
}

/** `npm run validate -- advice`: does "≈ r more rounds" deliver (studies/advice.ts). */
export interface AdviceOptions {
  suites: number
  rounds: number
  seed: number
  out: string | null
  /** Only this noise ('low' or 'high' ICC) and/or this true change (percent): one cell, to reproduce it cheaply. */
  noise?: 'low' | 'high' | 'slow' | 'no'
  effectPercent?: number
  /** Whole-suite processes, unpaired (default: the earlier releases' study), or the shipped per-benchmark pairs. */
  design?: 'suite' | 'pairs'
}

/** `npm run validate -- pairs`: designs in equal time, simulated (studies/pairs.ts). */
export interface PairsOptions {
  suites: number
  budget: number
  seed: number
  out: string | null
}

/** `npm run validate -- pairs-real`: the designs on this machine (studies/pairsReal.ts). */
export interface PairsRealOptions {
  runs: number
  budget: number
  out: string | null
}

/** `npm run validate -- suite-summary`: coverage of the suite summary (studies/suiteSummary.ts). */
export interface SuiteSummaryOptions {
  /** Suites per cell of 6 benchmarks, and per cell of 69. */
  suites: number
  largeSuites: number
  seed: number
  /** One design only (the committed results run each in its own process: suite-summary{,-whole}.json). */
  design?: 'pairs' | 'suite'
  /** Also the cells without phases (K = 6). */
  withoutPhases?: boolean
  out: string | null
}

/** `npm run validate -- layout`: randomised code layout, simulated (studies/layout.ts). */
export interface LayoutOptions {
  runs: number
  powerRuns: number
  extraRuns: number
  noise: keyof typeof NOISE_PRESETS
  seed: number
  out: string | null
}

/** `npm run validate -- history`: change points and creep on simulated histories (studies/history.ts). */
export interface HistoryOptions {
  histories: number
  seed: number
  out: string | null
}

/** `npm run validate -- history-calibration`: change points and creep per noise shape (studies/historyCalibration.ts). */
export interface HistoryCalibrationOptions {
  histories: number
  commits: number
  series: number
  creepSeries: number
  seed: number
  out: string | null
}

export type Command =
  | { command: 'page'; options: CliOptions }
  | { command: 'adaptive'; options: AdaptiveOptions }
  | { command: 'adaptive-real'; options: AdaptiveRealOptions }
  | { command: 'advice'; options: AdviceOptions }
  | { command: 'pairs'; options: PairsOptions }
  | { command: 'pairs-real'; options: PairsRealOptions }
  | { command: 'suite-summary'; options: SuiteSummaryOptions }
  | { command: 'history'; options: HistoryOptions }
  | { command: 'history-calibration'; options: HistoryCalibrationOptions }
  | { command: 'layout'; options: LayoutOptions }

type Spec = Record<string, { type: 'string' | 'boolean' }>
type Values = Record<string, string | boolean | undefined>

const STRING = { type: 'string' } as const
const BOOLEAN = { type: 'boolean' } as const

/** Parses `argv` against `spec` (strict): an error names the command and lists its options. */
function parseWith(command: string, argv: readonly string[], spec: Spec): Values {
  try {
    return parseArgv({ args: [...argv], options: spec, strict: true, allowPositionals: false }).values
  } catch (e) {
    const known = Object.keys(spec)
      .map((k) => `--${k}`)
      .join(', ')
    // parseArgs' errors are TypeErrors with a code (and may come from another realm under jest)
    const message = (e as { message?: unknown }).message
    const why = typeof message === 'string' ? message.split('\n')[0] : String(e)
    const what = command ? `${command}: ` : ''
    throw new UsageError(`${what}${why} (options: ${known}; see validation/README.md)`)
  }
}

/** A number option: absent -> `fallback`; present -> a finite number of the `kind` asked for, else an error. */
function num(
  v: Values,
  name: string,
  fallback: number,
  kind: { integer?: boolean; min?: number; above?: number; below?: number } = {}
): number {
  const raw = v[name]
  if (raw === undefined) return fallback
  const x = Number(raw)
  const ok =
    typeof raw === 'string' &&
    raw.trim() !== '' &&
    Number.isFinite(x) &&
    (!kind.integer || Number.isInteger(x)) &&
    (kind.min === undefined || x >= kind.min) &&
    (kind.above === undefined || x > kind.above) &&
    (kind.below === undefined || x < kind.below)
  if (ok) return x
  const bounds = [
    kind.min !== undefined ? `≥ ${kind.min}` : '',
    kind.above !== undefined ? `> ${kind.above}` : '',
    kind.below !== undefined ? `< ${kind.below}` : ''
  ].filter(Boolean)
  const wanted = `${kind.integer ? 'an integer' : 'a number'}${bounds.length ? ` ${bounds.join(' and ')}` : ''}`
  throw new UsageError(`--${name} needs ${wanted}, got '${String(raw)}'`)
}

const POSITIVE_INT = { integer: true, min: 1 } as const
const str = (v: Values, name: string): string | null => (v[name] as string | undefined) ?? null
const flag = (v: Values, name: string): boolean => v[name] === true

/** The page command's options (no study named). */
export function parseArgs(argv: readonly string[]): CliOptions {
  const v = parseWith('', argv, {
    quick: BOOLEAN,
    'sim-only': BOOLEAN,
    'real-only': BOOLEAN,
    'render-only': BOOLEAN,
    grid: BOOLEAN,
    'grid-label': STRING,
    'grid-suites': STRING,
    'grid-sd': STRING,
    reps: STRING,
    seed: STRING,
    out: STRING,
    results: STRING,
    work: STRING
  })
  const gridLabel = str(v, 'grid-label') ?? 'after'
  if (!/^[a-z0-9-]+$/.test(gridLabel)) throw new UsageError('--grid-label: lower-case letters, digits and -')
  const o: CliOptions = {
    quick: flag(v, 'quick'),
    simOnly: flag(v, 'sim-only'),
    realOnly: flag(v, 'real-only'),
    renderOnly: flag(v, 'render-only'),
    grid: flag(v, 'grid'),
    gridLabel,
    gridSuites: v['grid-suites'] === undefined ? null : num(v, 'grid-suites', 0, POSITIVE_INT),
    gridSd: v['grid-sd'] === undefined ? null : num(v, 'grid-sd', 0, { above: 0, below: 1 }),
    reps: v.reps === undefined ? null : num(v, 'reps', 0, POSITIVE_INT),
    seed: num(v, 'seed', 20261123, { integer: true }),
    out: str(v, 'out'),
    results: str(v, 'results'),
    work: str(v, 'work') ?? '/tmp/benchgate-validate'
  }
  if (o.simOnly && o.realOnly) throw new UsageError('--sim-only and --real-only exclude each other')
  if (o.grid && (o.simOnly || o.realOnly || o.renderOnly))
    throw new UsageError('--grid runs only the grid; it excludes --sim-only, --real-only and --render-only')
  return o
}

/** --noise: a preset of noiseModel.ts, `shared` when absent. */
function noisePreset(v: Values): keyof typeof NOISE_PRESETS {
  const noise = str(v, 'noise') ?? 'shared'
  if (!(noise in NOISE_PRESETS))
    throw new UsageError(`--noise: one of ${Object.keys(NOISE_PRESETS).join(', ')}, got '${noise}'`)
  return noise as keyof typeof NOISE_PRESETS
}

function adaptiveArgs(argv: readonly string[]): AdaptiveOptions {
  const v = parseWith('adaptive', argv, {
    quick: BOOLEAN,
    aa: STRING,
    power: STRING,
    alpha: STRING,
    seed: STRING,
    truncate: STRING,
    noise: STRING,
    'process-sigma': STRING,
    'futility-power': STRING,
    replay: STRING,
    initial: STRING
  })
  const quick = flag(v, 'quick')
  const noise = noisePreset(v)
  return {
    aa: num(v, 'aa', quick ? 200 : 2000, POSITIVE_INT),
    power: num(v, 'power', quick ? 50 : 400, { integer: true, min: 0 }),
    alpha: num(v, 'alpha', DEFAULT_ANALYSIS_OPTIONS.alpha, { above: 0, below: 1 }),
    seed: num(v, 'seed', 20240601, { integer: true }),
    truncate: num(v, 'truncate', Infinity, POSITIVE_INT),
    noise,
    processSigma: v['process-sigma'] === undefined ? null : num(v, 'process-sigma', 0, { min: 0 }),
    futilityPower: num(v, 'futility-power', FUTILITY_POWER, { min: 0, below: 1 }),
    replay: str(v, 'replay'),
    initial: num(v, 'initial', 20, POSITIVE_INT)
  }
}

function adaptiveRealArgs(argv: readonly string[]): AdaptiveRealOptions {
  const v = parseWith('adaptive-real', argv, {
    example: STRING,
    rounds: STRING,
    'max-rounds': STRING,
    work: STRING,
    'futility-power': STRING
  })
  const example = str(v, 'example') ?? 'all'
  if (example !== 'spin' && example !== 'orderbook' && example !== 'all')
    throw new UsageError(`--example: one of spin, orderbook, all, got '${example}'`)
  return {
    example,
    rounds: num(v, 'rounds', 20, POSITIVE_INT),
    maxRounds: num(v, 'max-rounds', 60, POSITIVE_INT),
    work: str(v, 'work'),
    futilityPower:
      v['futility-power'] === undefined ? null : num(v, 'futility-power', 0, { min: 0, below: 1 })
  }
}

function adviceArgs(argv: readonly string[]): AdviceOptions {
  const v = parseWith('advice', argv, {
    quick: BOOLEAN,
    suites: STRING,
    rounds: STRING,
    seed: STRING,
    out: STRING,
    noise: STRING,
    effect: STRING,
    design: STRING
  })
  const design = str(v, 'design') ?? 'suite'
  if (design !== 'suite' && design !== 'pairs')
    throw new UsageError(`--design needs 'suite' or 'pairs', got '${design}'`)
  const noise = str(v, 'noise')
  const noises = design === 'pairs' ? ['slow', 'no'] : ['low', 'high']
  if (noise !== null && !noises.includes(noise))
    throw new UsageError(
      `--noise needs ${noises.map((n) => `'${n}'`).join(' or ')} with --design ${design}, got '${noise}'`
    )
  return {
    // 4000: the cells near δ advise a handful in 24,000 benchmarks; fewer suites cannot judge them.
    suites: num(v, 'suites', flag(v, 'quick') ? 40 : 4000, POSITIVE_INT),
    rounds: num(v, 'rounds', 10, POSITIVE_INT),
    seed: num(v, 'seed', 20261125, { integer: true }),
    out: str(v, 'out'),
    ...(noise === null ? {} : { noise: noise as 'low' | 'high' | 'slow' | 'no' }),
    ...(v.effect === undefined ? {} : { effectPercent: num(v, 'effect', 0, { min: 0 }) }),
    design
  }
}

function pairsArgs(argv: readonly string[]): PairsOptions {
  const v = parseWith('pairs', argv, {
    quick: BOOLEAN,
    suites: STRING,
    budget: STRING,
    seed: STRING,
    out: STRING
  })
  return {
    suites: num(v, 'suites', flag(v, 'quick') ? 30 : 300, POSITIVE_INT),
    budget: num(v, 'budget', 20, { above: 0 }),
    seed: num(v, 'seed', 20261125, { integer: true }),
    out: str(v, 'out')
  }
}

function pairsRealArgs(argv: readonly string[]): PairsRealOptions {
  const v = parseWith('pairs-real', argv, { runs: STRING, budget: STRING, out: STRING })
  return {
    runs: num(v, 'runs', 5, POSITIVE_INT),
    budget: num(v, 'budget', 20, { above: 0 }),
    out: str(v, 'out')
  }
}

function suiteSummaryArgs(argv: readonly string[]): SuiteSummaryOptions {
  const v = parseWith('suite-summary', argv, {
    quick: BOOLEAN,
    suites: STRING,
    'large-suites': STRING,
    seed: STRING,
    out: STRING,
    design: STRING,
    'without-phases': BOOLEAN
  })
  const quick = flag(v, 'quick')
  const design = str(v, 'design')
  if (design !== null && design !== 'pairs' && design !== 'suite')
    throw new UsageError(`--design needs 'pairs' or 'suite', got '${design}'`)
  return {
    ...(design === null ? {} : { design }),
    ...(flag(v, 'without-phases') ? { withoutPhases: true } : {}),
    suites: num(v, 'suites', quick ? 100 : 2000, POSITIVE_INT),
    largeSuites: num(v, 'large-suites', quick ? 20 : 300, POSITIVE_INT),
    seed: num(v, 'seed', 20261125, { integer: true }),
    out: str(v, 'out')
  }
}

function historyArgs(argv: readonly string[]): HistoryOptions {
  const v = parseWith('history', argv, { quick: BOOLEAN, histories: STRING, seed: STRING, out: STRING })
  return {
    histories: num(v, 'histories', flag(v, 'quick') ? 3 : 100, POSITIVE_INT),
    seed: num(v, 'seed', 20261126, { integer: true }),
    out: str(v, 'out')
  }
}

function historyCalibrationArgs(argv: readonly string[]): HistoryCalibrationOptions {
  const v = parseWith('history-calibration', argv, {
    long: BOOLEAN,
    histories: STRING,
    commits: STRING,
    series: STRING,
    'creep-series': STRING,
    seed: STRING,
    out: STRING
  })
  const long = flag(v, 'long')
  return {
    histories: num(v, 'histories', long ? 100 : 20, POSITIVE_INT),
    commits: num(v, 'commits', 5000, POSITIVE_INT),
    series: num(v, 'series', long ? 5 : 3, POSITIVE_INT),
    creepSeries: num(v, 'creep-series', long ? 50 : 25, POSITIVE_INT),
    seed: num(v, 'seed', 20261127, { integer: true }),
    out: str(v, 'out')
  }
}

function layoutArgs(argv: readonly string[]): LayoutOptions {
  const v = parseWith('layout', argv, {
    quick: BOOLEAN,
    runs: STRING,
    'power-runs': STRING,
    'extra-runs': STRING,
    noise: STRING,
    seed: STRING,
    out: STRING
  })
  const quick = flag(v, 'quick')
  const noise = noisePreset(v)
  return {
    runs: num(v, 'runs', quick ? 40 : 1000, POSITIVE_INT),
    powerRuns: num(v, 'power-runs', quick ? 20 : 200, POSITIVE_INT),
    extraRuns: num(v, 'extra-runs', quick ? 20 : 300, POSITIVE_INT),
    noise,
    seed: num(v, 'seed', 20261126, { integer: true }),
    out: str(v, 'out')
  }
}

const STUDY_PARSERS = {
  adaptive: adaptiveArgs,
  'adaptive-real': adaptiveRealArgs,
  advice: adviceArgs,
  pairs: pairsArgs,
  'pairs-real': pairsRealArgs,
  'suite-summary': suiteSummaryArgs,
  history: historyArgs,
  'history-calibration': historyCalibrationArgs,
  layout: layoutArgs
} as const

export const STUDY_COMMANDS = Object.keys(STUDY_PARSERS) as Array<keyof typeof STUDY_PARSERS>

/** The command `argv` asks for: a study when its first argument names one, else the page. */
export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv
  if (first === undefined || first.startsWith('-')) return { command: 'page', options: parseArgs(argv) }
  if (!(first in STUDY_PARSERS))
    throw new UsageError(`unknown command '${first}' (one of ${STUDY_COMMANDS.join(', ')}, or options only)`)
  const command = first as keyof typeof STUDY_PARSERS
  return { command, options: STUDY_PARSERS[command](rest) } as Command
}
