/** What a report shows besides the analysis: where the numbers came from and how to reproduce them. */
import type { SuiteResult } from '../analysis/types.js'

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
}

export interface Report {
  suite: SuiteResult
  run: RunInfo
}
