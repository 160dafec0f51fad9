/**
 * The sample data model shared by the parsers, the round runner and the analysis.
 * Every sample keeps where it came from (side, round, run, repetition), so the analysis can
 * treat a process execution (a run) as the unit of replication and check time order.
 */

export type Side = 'base' | 'head'

/**
 * The longest benchmark name benchgate accepts (results.json's schema holds the same limit): a
 * longer one is reported as an invalid entry instead of measured.
 */
export const MAX_NAME_CHARS = 512

/** Whether benchgate measures a benchmark of this name (see MAX_NAME_CHARS). */
export function isMeasurableName(name: string): boolean {
  return name.length <= MAX_NAME_CHARS
}

/** One repetition of one benchmark in one process execution. Times are per iteration, in nanoseconds. */
export interface Sample {
  /** Google Benchmark's run_name (the benchmark's full name without aggregate suffixes). */
  benchmark: string
  side: Side
  /** ABBA round index, 0-based, warm-up excluded; -1 when unknown (e.g. a file given to `compare`). */
  round: number
  /** Process execution index within this side, 0-based; samples of one run share one process. */
  run: number
  /** Repetition index within the run, 0-based. */
  repetition: number
  iterations: number
  realTimeNs: number
  cpuTimeNs: number
  /** Number of threads the benchmark ran with (Google Benchmark's `threads`). */
  threads: number
  /**
   * The harness measured wall-clock time only (Catch2's and nanobench's means): `cpuTimeNs` repeats
   * `realTimeNs` and is not CPU time, so the analysis uses real time (docs/harnesses.md).
   */
  wallClockOnly?: true
}

/** A benchmark entry that produced no usable sample (error, skip, bad value), kept and reported. */
export interface SampleIssue {
  benchmark: string
  side: Side
  round: number
  run: number
  kind: 'error' | 'skipped' | 'invalid' | 'truncated' | 'crashed'
  message: string
  /** 'error' / 'skipped': the benchmark's own words (SkipWithError / SkipWithMessage), to compare sides. */
  detail?: string
  /** Where it was found: file path and line (when known). */
  source?: string
}

/** What one sample file (or one run) told us about the machine and build; all fields optional. */
export interface Provenance {
  host?: string
  cpuModel?: string
  numCpus?: number
  mhzPerCpu?: number
  /** The CPU caches as Google Benchmark's context lists them, e.g. "L1 Data 48 KiB ×2, L2 Unified 2048 KiB ×2". */
  caches?: string
  cpuScalingEnabled?: boolean
  governor?: string
  compiler?: string
  buildType?: string
  buildFlags?: string
  libraryVersion?: string
  libraryBuildType?: string
  aslr?: string
  loadAvg?: number[]
  kernel?: string
  pinnedCpu?: number
  priority?: string
  date?: string
  /** Free-form key=value context given to bench-runner (e.g. side, commit). */
  context?: Record<string, string>
  /** The benchmark executable's path as the benchmark reported it (Google Benchmark `executable`). */
  executable?: string
  /** Scaling governor of every CPU, in CPU order (bench-runner `governors`). */
  governors?: string[]
  /** Turbo/boost state: "enabled", "disabled" or "unknown" (bench-runner `turbo`). */
  turbo?: string
  /** The benchmark library when it is not Google Benchmark: "Catch2", "Catch2 3.5.2", "nanobench". */
  harness?: string
}

/** The result of parsing one sample file: every good sample plus every problem found. */
export interface ParsedSamples {
  samples: Sample[]
  issues: SampleIssue[]
  provenance: Provenance
  /** Which format the file was in. */
  format:
    'google-benchmark-json' | 'benchgate-jsonl' | 'csv' | 'catch2-xml' | 'nanobench-table' | 'nanobench-json'
}
