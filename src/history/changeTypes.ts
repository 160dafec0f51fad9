/** The findings of `history report` (docs/history.md, "changes.json"): types only. */

export const CHANGES_FORMAT = 'benchgate-history-changes'
/** Version 2 added each change point's `cause` and `paired`, `by` and `series` of environment changes, creep's `trend`, `witness` and `unexplained`, `serial_correlation` and `nothing_measured`. */
export const CHANGES_VERSION = 2

export interface ChangesOptions {
  /** False discovery rate over all change points of all series (default 0.01). */
  q: number
  /** Paired steps in the creep window (default 30). */
  window: number
  /** Smallest change point or creep worth reporting, as a fraction (default 0.02). */
  delta: number
  /** Level of the creep decision over its two witnesses (default 0.99). */
  creepLevel: number
}

export const DEFAULT_CHANGES_OPTIONS: ChangesOptions = { q: 0.01, window: 30, delta: 0.02, creepLevel: 0.99 }

/** A commit in a finding: SHA, date and PR (null when the record has none). */
export interface CommitRef {
  commit: string
  date: string
  pr: number | null
}

export interface EnvironmentChange {
  /** The last commit of the old environment and the first of the new. */
  from: CommitRef
  to: CommitRef
  /** Fingerprint fields that differ: [before, after] (null where a side does not report it); {} when found by the paired steps. */
  fields: Record<string, [unknown, unknown]>
  /** What showed it: a new fingerprint, or locations that moved where the paired steps did not. */
  by: 'fingerprint' | 'paired steps'
  /** `paired steps` only: the series whose location moved there, and their median change. */
  series?: number
  change?: number
}

/** A single record whose fingerprint differs from both neighbours' (docs/history.md, "What `history report` finds"). */
export interface SuspectRecord extends CommitRef {
  /** Fingerprint fields that differ: [the neighbours', this record's]. */
  fields: Record<string, [unknown, unknown]>
}

/** The paired steps' total over a change point's range, exp(Σ ln rᵢ) − 1, with its 99% interval. */
export interface PairedTotal {
  change: number
  lo: number
  hi: number
}

export interface ChangePointFinding {
  /** The range: the change happened after `from` and by `to` (the record before, and the first after). */
  from: CommitRef
  to: CommitRef
  /** Median location of the segments before and after (ns), and after/before − 1. */
  before: number
  after: number
  change: number
  /** The rank test's p-value (docs/statistics.md §11). */
  p_value: number
  /** Benjamini-Hochberg q-value over the whole history. */
  q_value: number
  /**
   * `code` when the paired steps over the range show the move, `environment` when they do not ("not
   * explained by the code"), `unknown` when the chain of paired steps does not cover the range.
   */
  cause: 'code' | 'environment' | 'unknown'
  paired: PairedTotal | null
}

export interface CreepFinding {
  /** The paired steps' witness: exp(Σ ln rᵢ) − 1 over the window, and its interval at `level`. */
  change: number
  lo: number
  hi: number
  /** Level of each witness's interval: the decision's level split over the two witnesses (Bonferroni). */
  level: number
  steps: number
  /** The parent of the window's first step, and the window's last commit. */
  since: string
  until: string
  /** Steps whose parent is not the previous record of the series (a gap in the chain). */
  gaps: number
  /** The trend of the locations over the window within its last environment segment, or null (fewer than 10 points). */
  trend: { change: number; lo: number; hi: number; points: number } | null
  /** The witness that showed the creep, or null. */
  witness: 'paired steps' | 'trend' | null
  /** The locations' trend moved where the paired steps say the code did not (not reported as creep). */
  unexplained: boolean
  reported: boolean
}

export interface SeriesChanges {
  name: string
  points: number
  /** Segments of equal fingerprint with points of this benchmark. */
  segments: number
  /** ρ̂ of the locations (stats/serialShift.ts), which widens its tests. */
  serial_correlation: number
  change_points: ChangePointFinding[]
  creep: CreepFinding | null
}

export interface Changes {
  format: typeof CHANGES_FORMAT
  version: number
  options: ChangesOptions
  commits: number
  /** Records of commits whose base and head built the same program (nothing measured, stepped over). */
  nothing_measured: number
  first: CommitRef | null
  last: CommitRef | null
  environment_changes: EnvironmentChange[]
  suspect_records: SuspectRecord[]
  series: SeriesChanges[]
}
