/** What a report shows besides the analysis: where the numbers came from and how to reproduce them. */
import type { SuiteResult } from '../analysis/types.js'
import type { LayoutDraws } from '../config/types.js'
import type { MergeInfo, ShardRecord } from './shard.js'

export interface SideInfo {
  /** What the user named (a ref, a branch, a folder); untrusted text. */
  label: string
  sha?: string
}

export interface RunInfo {
  base: SideInfo
  head: SideInfo
  /** True when base is the merge-base of the given base and head. */
  mergeBase?: boolean
  /** Rounds measured (warm-up excluded) and planned. */
  rounds?: number
  plannedRounds?: number
  repetitions?: number
  /** Why measuring stopped before the plan was done, if it did. */
  stoppedEarly?: string | null
  /** Command line that reproduces this run. */
  reproduce?: string
  /** Distinguishes several independent reports on one PR. */
  key?: string
  /** Seconds spent measuring (inside benchmark processes) and in all. */
  measuringSeconds?: number
  wallSeconds?: number
  /** Adaptive rounds only (docs/adaptive.md); per-benchmark rounds and stop reasons are on each comparison. */
  adaptive?: AdaptiveRunInfo
  /** --randomize-layout: the seed, the layouts drawn and what relinking cost (docs/layout.md). */
  layout?: LayoutRunInfo
  /** A shard of a split suite (`run --shard I/N`): its share and what merging needs (report/shard.ts). */
  shard?: ShardRecord
  /** The merge of several shards (`benchgate merge`): where each ran, machine and wall time. */
  merged?: MergeInfo
}

/** A run under randomised layouts (--randomize-layout, docs/layout.md). */
export interface LayoutRunInfo {
  seed: string
  /** Base and head drew their own layout every round, or shared the round's draw. */
  draws: LayoutDraws
  /** Rounds (warm-ups included) that got a fresh layout. */
  layouts: number
  /** Total time spent relinking (ms), both sides. */
  relinkMs: number
}

/** An adaptive run as a whole. */
export interface AdaptiveRunInfo {
  /** Looks at the data (the initial block's and one per top-up block). */
  looks: number
  maxRounds: number
  /** Seconds inside benchmark processes over every block (warm-up excluded). */
  benchmarkSecondsUsed: number
  /** Estimate for giving every benchmark maxRounds (initial block's seconds per round × maxRounds). */
  benchmarkSecondsIfFixed: number
  /** Fraction of that time saved, 1 − used / ifFixed, in [0, 1]. */
  saved: number
}

export interface Report {
  suite: SuiteResult
  run: RunInfo
  /** Main's recent history, when the history store was read (history/drift.ts): rows whose baseline drifted say so. */
  history?: MainDrift
}

/** One benchmark whose baseline already moved on main (the creep of docs/statistics.md §11 over the window). */
export interface DriftNote {
  name: string
  /** exp(Σ ln rᵢ) − 1 over the steps, and its interval at `level`. */
  change: number
  lo: number
  hi: number
  level: number
  /** Paired steps summed, and those whose parent is not the previous record (an unrecorded push). */
  steps: number
  gaps: number
  /** The parent of the first step (where the window starts) and the last recorded commit. */
  since: string
  until: string
}

/** What main's history says, for a pull request's report. */
export interface MainDrift {
  /** Paired steps asked for per benchmark (the window), and records read. */
  window: number
  records: number
  /** Benchmarks whose creep over the window is reported, by name. */
  drifted: DriftNote[]
}
