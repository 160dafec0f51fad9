/**
 * The one Config type shared by the CLI and the Action. Every field is set by exactly one option of
 * the table in options.ts (a type check there fails when a field has no option).
 */
import type { AnalysisOptions, MeasureMode } from '../analysis/types.js'
import type { CountMetric } from '../samples/countModel.js'

/**
 * --layout-draws (docs/layout.md): 'independent' (the default), each side draws its own layout, which
 * makes base and head exchangeable under any pure layout change at the price of the layout's variance
 * in every pair; 'shared', both sides of a round get the same draw, so a layout effect cancels in the
 * round's pair unless the change itself moves code (then the test can exceed α: no timing-only change
 * is upgraded to a failing one under shared draws).
 */
export type LayoutDraws = 'shared' | 'independent'

/** What may fail the gate (docs/statistics.md §10); regression and failed always do, unless `never` (alone). */
export type FailOnItem = 'regression' | 'failed' | 'timing-only' | 'inconclusive' | 'never'
/** A set: `regression,failed` by default; `timing-only` and `inconclusive` can be added; `never` alone. */
export type FailOn = readonly FailOnItem[]
export type { MeasureMode } from '../analysis/types.js'
export type OutputFormat = 'text' | 'md' | 'json'

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
  /** The binary's benchmark library, or 'auto' to recognise it (docs/harnesses.md). */
  harness: 'auto' | 'gbench' | 'catch2' | 'nanobench'
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
  /** Fail when the suite summary's whole interval is above 1 + this (null: the suite summary never fails). */
  failOnSuite: number | null
  failOnBaseBuildFailure: boolean
  /** Measure even when base and head built the same program (data files and plugins are not compared). */
  measureIdentical: boolean
  /** Relink both binaries before every round with a fresh seeded layout (docs/layout.md). */
  randomizeLayout: boolean
  /** With randomizeLayout: base and head draw their own layouts, or share the round's draw. */
  layoutDraws: LayoutDraws
  /** With randomizeLayout: the seed of the draws (null: a random one, recorded in results.json). */
  layoutSeed: string | null
  /** Independent report key (several reports on one PR). */
  key: string
  /** Also write a self-contained HTML report with plots to this file (null: none). */
  html: string | null
  /** Main's history store (folder or git:BRANCH): rows whose baseline drifted on main say so (null: not read). */
  historyStore: string | null
  /** Adaptive rounds: after the initial `rounds`, top-up rounds only for unresolved benchmarks. */
  adaptive: boolean
  /**
   * The budget design (docs/budget.md): timing rounds only for benchmarks the count pass did not settle,
   * adaptive looks, and a benchmark the rest of the time budget cannot decide stops. Implies adaptive
   * looks; a sharded run keeps fixed rounds.
   */
  budget: boolean
  /** Adaptive mode's cap on rounds per benchmark (null: chosen from `rounds`). */
  maxRounds: number | null
  /** Adaptive mode: stop a benchmark as futile below this conditional power (0: never). */
  futilityPower: number
  /** Measure only shard I of N of the benchmarks (`--shard I/N`; null: all). */
  shard: { index: number; count: number } | null
  /** A previous results file whose per-benchmark seconds balance the shards (null: split by hash). */
  shardWeights: string | null
  /** Timing (default), counts under valgrind, or both side by side (docs/count-mode.md). */
  measure: MeasureMode | 'auto'
  /** Count mode: what the count verdicts read. */
  countMetric: CountMetric
  /** Count mode: δ_count, the smallest relative count change that is a regression (0.01 = 1%). */
  countThreshold: number
  analysis: AnalysisOptions
}

/** Options as they come from flags, inputs or the config file: strings, numbers or booleans by name. */
export type RawOptions = Record<string, string | number | boolean | undefined>
