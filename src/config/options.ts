/**
 * The option table: every option of benchgate, once. Defaults, validation, the CLI's flags and
 * help, the Action's inputs, what benchgate.json may set and the reproduce line are all derived
 * from it (config/index.ts, cli.ts, action/inputs.ts); a test checks action.yml against it.
 *
 * A new option is one entry here plus its field in `Config` (types.ts): the type check at the end
 * fails until every field has exactly the option that sets it, with a default of the field's type.
 */
import { FUTILITY_POWER } from '../analysis/adaptiveLooks.js'
import { DEFAULT_ANALYSIS_OPTIONS, type AnalysisOptions } from '../analysis/types.js'
import type { Config } from './types.js'

/** The analysis options that are options of the tool (the rest are set by the adaptive loop). */
type AnalysisKey = 'alpha' | 'minEffect' | 'power' | 'correction' | 'level' | 'metric' | 'interleave'

/** Where an option's value goes: a field of Config, or of Config.analysis. */
export type ConfigPath = Exclude<keyof Config, 'analysis'> | `analysis.${AnalysisKey}`

type ValueAt<P extends ConfigPath> = P extends `analysis.${infer K extends AnalysisKey}`
  ? AnalysisOptions[K]
  : P extends keyof Config
    ? Config[P]
    : never

/** How a raw value is read, by the type of the field it sets ('shard' is "I/N"). */
type KindOf<V> = [V] extends [boolean]
  ? 'bool'
  : [V] extends [readonly string[]]
    ? 'set'
    : [V] extends [number]
      ? 'int' | 'number'
      : [V] extends [string]
        ? string extends V
          ? 'string'
          : 'enum'
        : 'shard'

/** The commands whose `--help` lists an option. */
export type Command = 'run' | 'compare' | 'merge' | 'report'

interface Spec<P extends ConfigPath> {
  /** kebab-case: the CLI flag `--name` and the benchgate.json key (camelCase accepted there too). */
  name: string
  config: P
  type: KindOf<NonNullable<ValueAt<P>>>
  default: ValueAt<P>
  /** Accepted values of an enum, or the items of a set. */
  values?: readonly (NonNullable<ValueAt<P>> extends readonly (infer I)[] ? I : NonNullable<ValueAt<P>>)[]
  /** Range of a number: [min, max], or (min, max) when `exclusive`. */
  min?: number
  max?: number
  exclusive?: boolean
  /** How help and action.yml word a default that is not a value (null means something). */
  defaultText?: string
  /** The CLI's placeholder for the value (booleans have none). */
  arg?: string
  /** One line for `--help` (the default and an enum's values are appended). */
  help: string
  /** The commands whose `--help` lists it. */
  commands: readonly Command[]
  /** The Action input that sets it (null: the Action sets it itself or does not offer it). */
  input: string | null
  /** May be set in benchgate.json (false for what differs per job or machine). */
  file: boolean
  /** Repeated in the reproduce line when it differs from the default. */
  reproduce: boolean
}

export type OptionSpec = { [P in ConfigPath]: Spec<P> }[ConfigPath]

const ALL: readonly Command[] = ['run', 'compare', 'merge', 'report']
const ANALYSIS: readonly Command[] = ['run', 'compare']
/** The options a results file is judged with: also when it is re-read (report) or merged (docs/security.md). */
const JUDGEMENT: readonly Command[] = ['run', 'compare', 'merge', 'report']
const A = DEFAULT_ANALYSIS_OPTIONS

const TABLE = [
  // What to measure
  {
    name: 'repo',
    config: 'repoDir',
    type: 'string',
    default: '.',
    arg: 'DIR',
    help: 'the git repository to measure',
    commands: ['run'],
    input: null,
    file: false,
    reproduce: false
  },
  {
    name: 'base',
    config: 'base',
    type: 'string',
    default: null,
    arg: 'REF',
    help: 'what to compare against (its merge-base with --head unless --no-merge-base)',
    commands: ['run'],
    input: 'base',
    file: true,
    reproduce: false
  },
  {
    name: 'head',
    config: 'head',
    type: 'string',
    default: 'HEAD',
    arg: 'REF',
    help: 'the change',
    commands: ['run'],
    input: 'head',
    file: true,
    reproduce: false
  },
  {
    name: 'merge-base',
    config: 'mergeBase',
    type: 'bool',
    default: true,
    help: 'compare against the merge-base of --base and --head; --no-merge-base: against --base itself',
    commands: ['run'],
    input: 'merge-base',
    file: true,
    reproduce: false
  },
  {
    name: 'build',
    config: 'build',
    type: 'string',
    default: null,
    arg: 'CMD',
    help: 'shell command run in each worktree (BENCHGATE_SIDE=base|head is set)',
    commands: ['run'],
    input: 'build',
    file: true,
    reproduce: false
  },
  {
    name: 'binary',
    config: 'binary',
    type: 'string',
    default: null,
    arg: 'PATH',
    help: 'benchmark executable, relative to the worktree',
    commands: ['run'],
    input: 'binary',
    file: true,
    reproduce: false
  },
  {
    name: 'harness',
    config: 'harness',
    type: 'enum',
    values: ['auto', 'gbench', 'catch2', 'nanobench'],
    default: 'auto',
    arg: 'H',
    help:
      "the binary's benchmark library: gbench (Google Benchmark), catch2 (Catch2's BENCHMARK, run with -r xml), " +
      'nanobench (its table on stdout); auto recognises it (docs/harnesses.md)',
    commands: ['run'],
    input: 'harness',
    file: true,
    reproduce: true
  },
  {
    name: 'working-directory',
    config: 'workingDirectory',
    type: 'string',
    default: '.',
    arg: 'DIR',
    help: 'where the benchmarks run, relative to the worktree',
    commands: ['run'],
    input: 'working-directory',
    file: true,
    reproduce: true
  },
  {
    name: 'work-dir',
    config: 'workDir',
    type: 'string',
    default: null,
    arg: 'DIR',
    defaultText: 'a new temporary folder',
    help: 'where worktrees, builds and samples go while measuring',
    commands: ['run'],
    input: null,
    file: false,
    reproduce: false
  },
  {
    name: 'keep-worktrees',
    config: 'keepWorktrees',
    type: 'bool',
    default: false,
    help: 'keep the work directory for inspection',
    commands: ['run'],
    input: null,
    file: true,
    reproduce: false
  },
  // How to measure
  {
    name: 'rounds',
    config: 'rounds',
    type: 'int',
    min: 1,
    max: 10000,
    default: 20,
    arg: 'N',
    help: 'ABBA rounds after the warm-up rounds',
    commands: ['run'],
    input: 'rounds',
    file: true,
    reproduce: true
  },
  {
    name: 'warmup-rounds',
    config: 'warmupRounds',
    type: 'int',
    min: 0,
    max: 100,
    default: 1,
    arg: 'N',
    help: 'rounds measured and discarded first',
    commands: ['run'],
    input: 'warmup-rounds',
    file: true,
    reproduce: true
  },
  {
    name: 'repetitions',
    config: 'repetitions',
    type: 'int',
    min: 1,
    max: 100000,
    default: 3,
    arg: 'N',
    help: '--benchmark_repetitions per process',
    commands: ['run'],
    input: 'repetitions',
    file: true,
    reproduce: true
  },
  {
    name: 'min-time',
    config: 'minTime',
    type: 'number',
    min: 0,
    max: 3600,
    default: 0.05,
    arg: 'S',
    help: '--benchmark_min_time in seconds',
    commands: ['run'],
    input: 'min-time',
    file: true,
    reproduce: true
  },
  {
    name: 'filter',
    config: 'filter',
    type: 'string',
    default: null,
    arg: 'REGEX',
    defaultText: 'all benchmarks',
    help: '--benchmark_filter',
    commands: ['run'],
    input: 'filter',
    file: true,
    reproduce: true
  },
  {
    name: 'random-interleaving',
    config: 'randomInterleaving',
    type: 'bool',
    default: false,
    help: 'shuffle the benchmark order inside each process',
    commands: ['run'],
    input: 'random-interleaving',
    file: true,
    reproduce: true
  },
  {
    name: 'cpu',
    config: 'cpu',
    type: 'int',
    min: 0,
    max: 4095,
    default: null,
    arg: 'N',
    defaultText: 'no pinning',
    help: 'pin benchmark processes to CPU N',
    commands: ['run'],
    input: 'cpu',
    file: true,
    reproduce: false
  },
  {
    name: 'run-timeout',
    config: 'runTimeoutSeconds',
    type: 'number',
    min: 1,
    max: 86400,
    default: 600,
    arg: 'S',
    help: 'kill a benchmark process after S seconds',
    commands: ['run'],
    input: 'run-timeout',
    file: true,
    reproduce: true
  },
  {
    name: 'build-timeout',
    config: 'buildTimeoutSeconds',
    type: 'number',
    min: 1,
    max: 86400,
    default: 3600,
    arg: 'S',
    help: 'kill a build after S seconds',
    commands: ['run'],
    input: 'build-timeout',
    file: true,
    reproduce: true
  },
  {
    name: 'time-budget',
    config: 'timeBudgetSeconds',
    type: 'number',
    min: 1,
    max: 7 * 86400,
    default: 600,
    arg: 'S',
    help: 'stop adding rounds after S seconds of measuring',
    commands: ['run'],
    input: 'time-budget',
    file: true,
    reproduce: true
  },
  {
    name: 'lock',
    config: 'lockFile',
    type: 'string',
    default: null,
    arg: 'FILE',
    defaultText: 'none',
    help: 'hold this host-wide lock while measuring, so jobs sharing a self-hosted machine take turns',
    commands: ['run'],
    input: 'lock-file',
    file: true,
    reproduce: false
  },
  {
    name: 'adaptive',
    config: 'adaptive',
    type: 'bool',
    default: false,
    help: 'after the first --rounds, add ABBA rounds only for benchmarks still inconclusive, with group-sequential levels (docs/adaptive.md)',
    commands: ['run'],
    input: 'adaptive',
    file: true,
    reproduce: true
  },
  {
    name: 'budget',
    config: 'budget',
    type: 'bool',
    default: true,
    help: 'spend the rounds where the answer is missing: only benchmarks the count pass did not settle are timed, adaptive looks, and a benchmark the time budget left cannot decide stops (docs/budget.md)',
    commands: ['run'],
    input: 'budget',
    file: true,
    reproduce: true
  },
  {
    name: 'max-rounds',
    config: 'maxRounds',
    type: 'int',
    min: 1,
    max: 10000,
    default: null,
    arg: 'N',
    defaultText: '3 × rounds',
    help: 'with --adaptive: at most N rounds per benchmark',
    commands: ['run'],
    input: 'max-rounds',
    file: true,
    reproduce: true
  },
  {
    name: 'futility-power',
    config: 'futilityPower',
    type: 'number',
    min: 0,
    max: 0.5,
    default: FUTILITY_POWER,
    arg: 'P',
    help: 'with --adaptive: stop measuring a benchmark whose chance of being decided by --max-rounds is below P (0 never stops one early)',
    commands: ['run'],
    input: 'futility-power',
    file: true,
    reproduce: true
  },
  {
    name: 'shard',
    config: 'shard',
    type: 'shard',
    default: null,
    arg: 'I/N',
    help: "measure only shard I of N of the benchmarks (one CI job per shard; then 'benchgate merge' the shards' output folders into one report and gate)",
    commands: ['run'],
    input: 'shard',
    file: false,
    reproduce: true
  },
  {
    name: 'shard-weights',
    config: 'shardWeights',
    type: 'string',
    default: null,
    arg: 'FILE',
    defaultText: 'split by name hash',
    help: 'split by the benchmark seconds in a previous merged results.json (balanced by time)',
    commands: ['run'],
    input: 'shard-weights',
    file: true,
    reproduce: true
  },
  {
    name: 'measure',
    config: 'measure',
    type: 'enum',
    values: ['auto', 'time', 'counts', 'both'],
    default: 'auto',
    arg: 'M',
    help:
      'auto: both where valgrind is installed, else time (saying what both would add); time: ABBA timing rounds; ' +
      'counts: instruction counts under valgrind, deterministic on any machine (docs/count-mode.md); both: timing with counts beside it',
    commands: ['run'],
    input: 'measure',
    file: true,
    reproduce: true
  },
  {
    name: 'count-metric',
    config: 'countMetric',
    type: 'enum',
    values: ['instructions', 'cycles'],
    default: 'instructions',
    arg: 'M',
    help: 'what count verdicts read: instructions, or cycles estimated from the cache and branch simulation',
    commands: ['run', 'report'],
    input: 'count-metric',
    file: true,
    reproduce: true
  },
  {
    name: 'count-threshold',
    config: 'countThreshold',
    type: 'number',
    min: 0,
    max: 1,
    exclusive: true,
    default: 0.01,
    arg: 'F',
    help: 'δ_count: the smallest relative count change that is a regression or improvement',
    commands: ['run', 'report'],
    input: 'count-threshold',
    file: true,
    reproduce: true
  },
  // How to judge
  {
    name: 'alpha',
    config: 'analysis.alpha',
    type: 'number',
    min: 0,
    max: 0.5,
    exclusive: true,
    default: A.alpha,
    arg: 'A',
    help: 'significance level of the gate',
    commands: JUDGEMENT,
    input: 'alpha',
    file: true,
    reproduce: true
  },
  {
    name: 'min-effect',
    config: 'analysis.minEffect',
    type: 'number',
    min: 0,
    max: 10,
    exclusive: true,
    default: A.minEffect,
    arg: 'D',
    help: 'smallest relative change that matters, 0.02 = 2%',
    commands: JUDGEMENT,
    input: 'min-effect',
    file: true,
    reproduce: true
  },
  {
    name: 'power',
    config: 'analysis.power',
    type: 'number',
    min: 0,
    max: 1,
    exclusive: true,
    default: A.power,
    arg: 'P',
    help: 'power the sample-size advice aims at',
    commands: ANALYSIS,
    input: 'power',
    file: true,
    reproduce: true
  },
  {
    name: 'correction',
    config: 'analysis.correction',
    type: 'enum',
    values: ['bonferroni', 'holm', 'none'],
    default: A.correction,
    arg: 'C',
    help: "suite-wide error control, with intervals at 1 − α/K for K benchmarks, Holm's step levels, or 1 − α",
    commands: JUDGEMENT,
    input: 'correction',
    file: true,
    reproduce: true
  },
  {
    name: 'interleave',
    config: 'analysis.interleave',
    type: 'enum',
    values: ['auto', 'suite', 'benchmark', 'duet'],
    default: A.interleave,
    arg: 'D',
    help:
      'benchmark: each round runs every benchmark base and head back to back as short processes, analysed as ' +
      'pairs (signed-rank test, docs/pairs.md); suite: each round runs the whole suite per side (rank-sum test); ' +
      'duet: the pairs of benchmark, base and head at the same time, one pinned per CPU, swapped every round ' +
      '(needs 2 usable CPUs; docs/pairs.md "Duet"); ' +
      "auto: benchmark for run, and for compare what benchgate's sample file names record",
    commands: JUDGEMENT,
    input: 'interleave',
    file: true,
    reproduce: true
  },
  {
    name: 'level',
    config: 'analysis.level',
    type: 'enum',
    values: ['auto', 'repetitions'],
    default: A.level,
    arg: 'L',
    help: 'auto takes one value per process run; repetitions pools repetitions (exploratory, the gate cannot trust it)',
    commands: ANALYSIS,
    input: 'level',
    file: true,
    reproduce: true
  },
  {
    name: 'metric',
    config: 'analysis.metric',
    type: 'enum',
    values: ['auto', 'real_time', 'cpu_time'],
    default: A.metric,
    arg: 'M',
    help: 'auto is CPU time, real time for /real_time, /manual_time names and threads > 1',
    commands: JUDGEMENT,
    input: 'metric',
    file: true,
    reproduce: true
  },
  {
    name: 'fail-on',
    config: 'failOn',
    type: 'set',
    values: ['regression', 'failed', 'timing-only', 'inconclusive', 'never'],
    default: ['regression', 'failed'],
    arg: 'SET',
    help: 'what fails the gate, comma-separated: regression and failed always; add timing-only (slower time with the same instructions, --measure both) and/or inconclusive (anything undecided); never alone reports only',
    commands: ALL,
    input: 'fail-on',
    file: true,
    reproduce: true
  },
  {
    name: 'fail-on-suite',
    config: 'failOnSuite',
    type: 'number',
    min: 0,
    max: 10,
    default: null,
    arg: 'F',
    defaultText: 'off',
    help: "also fail when the whole suite got slower: the suite summary's interval (geometric mean of head/base) lies entirely above 1 + F (e.g. 0.01)",
    commands: ALL,
    input: 'fail-on-suite',
    file: true,
    reproduce: true
  },
  {
    name: 'fail-on-base-build-failure',
    config: 'failOnBaseBuildFailure',
    type: 'bool',
    default: false,
    help: 'fail when the base does not build (otherwise every benchmark is reported as new)',
    commands: ['run'],
    input: 'fail-on-base-build-failure',
    file: true,
    reproduce: true
  },
  {
    name: 'measure-identical',
    config: 'measureIdentical',
    type: 'bool',
    default: false,
    help: 'measure even when base and head built the same program (for benchmarks whose data files or plugins changed)',
    commands: ['run'],
    input: 'measure-identical',
    file: true,
    reproduce: true
  },
  {
    name: 'randomize-layout',
    config: 'randomizeLayout',
    type: 'bool',
    default: false,
    help:
      'relink both binaries before every round with a fresh seeded layout (code, data and stack offsets), so code ' +
      'layout is noise the interval accounts for; a timing change that survives it fails even with the same ' +
      'instructions (docs/layout.md)',
    commands: ['run'],
    input: 'randomize-layout',
    file: true,
    reproduce: true
  },
  {
    name: 'layout-draws',
    config: 'layoutDraws',
    type: 'enum',
    values: ['shared', 'independent'],
    default: 'independent',
    arg: 'D',
    help:
      'with --randomize-layout: independent: each side draws its own layout (valid for any layout effect; a ' +
      'layout-sensitive benchmark needs ~10x the rounds); shared: both sides of a round get the same draw (a ' +
      'change that does not move code keeps its full power, but a pure layout change can exceed alpha, so a ' +
      "timing-only change is never upgraded to a failing one; docs/layout.md has both designs' measured rates)",
    commands: ['run'],
    input: 'layout-draws',
    file: true,
    reproduce: true
  },
  {
    name: 'layout-seed',
    config: 'layoutSeed',
    type: 'string',
    default: null,
    arg: 'S',
    defaultText: 'random, recorded in results.json',
    help: 'with --randomize-layout: the seed of the layout draws (the same seed and commits give the same layouts)',
    commands: ['run'],
    input: 'layout-seed',
    file: true,
    reproduce: false
  },
  // What to write
  {
    name: 'format',
    config: 'format',
    type: 'enum',
    values: ['text', 'md', 'json'],
    default: 'text',
    arg: 'F',
    help: 'the report on stdout',
    commands: ALL,
    input: null,
    file: true,
    reproduce: false
  },
  {
    name: 'out',
    config: 'out',
    type: 'string',
    default: 'benchgate-out',
    arg: 'DIR',
    help: 'where results.json, report.md, summary.md, report.txt and report.html (plots; needs the raw samples) go',
    commands: ['run', 'compare', 'merge'],
    input: 'out',
    file: true,
    reproduce: false
  },
  {
    name: 'html',
    config: 'html',
    type: 'string',
    default: null,
    arg: 'FILE',
    help: 'also write the self-contained HTML report with plots to FILE',
    commands: ALL,
    input: null,
    file: true,
    reproduce: false
  },
  {
    name: 'history-store',
    config: 'historyStore',
    type: 'string',
    default: null,
    arg: 'STORE',
    help: "footnote rows whose baseline drifted over main's last 30 recorded commits, read from this history store (a folder or git:BRANCH; docs/history.md)",
    commands: ANALYSIS,
    input: null,
    file: false,
    reproduce: false
  },
  {
    name: 'key',
    config: 'key',
    type: 'string',
    default: 'default',
    arg: 'KEY',
    help: "this report's name when several jobs report on one pull request (letters, digits, . _ -)",
    commands: ANALYSIS,
    input: 'key',
    file: true,
    reproduce: false
  }
] as const satisfies readonly OptionSpec[]

/** Every option, in the order help lists them. */
export const OPTIONS: readonly OptionSpec[] = TABLE

/**
 * Fails to compile, naming the field, when a Config field has no option in the table (a field the
 * table sets twice is caught by __tests__/config/optionTable.test.ts).
 */
type FieldsWithoutOption = Exclude<ConfigPath, (typeof TABLE)[number]['config']>
type AssertNone<T extends never> = T
export type EveryConfigFieldHasAnOption = AssertNone<FieldsWithoutOption>
