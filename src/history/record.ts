/**
 * One commit's record in the history on main (docs/statistics.md §11, docs/history.md): built from a
 * validated results.json, nothing re-measured. Pure: no I/O.
 *
 * Per benchmark it keeps
 * - the head's **location**: the median of the head's run medians (results.json `series.head` holds the
 *   values the test used, in time order: one median per process run when `level` is "runs") with the
 *   distribution-free order-statistic interval for the median (stats/medianInterval.ts, requested
 *   coverage 95%, the exact coverage stored beside it). At `level: "repetitions"` (fewer than 5 runs, or
 *   forced) the series are single repetitions, not run medians: the record keeps the median but no
 *   interval (`ci: null`), since repetitions of one process are not independent (docs/statistics.md §3);
 * - the **paired step** against the parent: results.json's ratio head/base and its interval, at the
 *   results' `conf_level` (stored beside it: Bonferroni-widened intervals differ per suite size);
 * - the **counts** (instructions and estimated cycles per iteration, head and base) when measured.
 *
 * - the step's **standard error** on the log scale from the per-run values of both sides (`se_log`,
 *   version 3): what the creep chain adds up (docs/statistics.md §11), never read back from the
 *   step's interval, which is simultaneous over the suite (1 − α/K).
 *
 * The environment **fingerprint** is the head side's provenance restricted to {@link FINGERPRINT_FIELDS},
 * plus Google Benchmark's own context ({@link CONTEXT_FIELDS}) when the CPU model is not known.
 * A commit whose base and head built the same program (`run`: "nothing to measure") is recorded as
 * such (`nothing_measured`, version 3): no fingerprint, no benchmarks; the analysis steps over it.
 *
 * @module
 */
import type { BenchmarkResultJson, ResultsJson } from '../report/json.js'
import type { Provenance } from '../samples/model.js'
import { medianInterval, DEFAULT_MEDIAN_LEVEL } from '../stats/medianInterval.js'
import { ConfigError } from '../errors.js'
import { IDENTICAL_PROGRAM } from '../report/wording.js'

export const RECORD_FORMAT = 'benchgate-history-record'
/**
 * Version 2 dates a record by its commit's committer date and keeps `measured_at` (version 1: `date` is
 * when it was measured, or --date). Version 3 adds `nothing_measured`, the steps' `se_log` and the
 * context fields of the fingerprint.
 */
export const RECORD_VERSION = 3
export const READABLE_RECORD_VERSIONS: readonly number[] = [1, 2, 3]

/**
 * The provenance fields that make up the environment fingerprint: the machine (CPU model, cores,
 * frequency governor), the toolchain (compiler, Google Benchmark version) and the OS (kernel). A change
 * in any of them starts a new segment of every series: absolute locations are never compared across
 * fingerprints. Host name, load, date and build flags are left out (they differ per run or are code).
 */
export const FINGERPRINT_FIELDS = [
  'cpuModel',
  'numCpus',
  'governor',
  'compiler',
  'libraryVersion',
  'kernel'
] as const satisfies readonly (keyof Provenance)[]

/**
 * Google Benchmark's context (MHz per CPU, caches), part of the fingerprint only when the CPU model is
 * not known (results of Google Benchmark JSON alone, which names none): then a new machine still shows
 * (docs/history.md). Records before version 3 lack them; they are compared without them.
 */
export const CONTEXT_FIELDS = ['mhzPerCpu', 'caches'] as const satisfies readonly (keyof Provenance)[]

export type Fingerprint = Partial<
  Pick<Provenance, (typeof FINGERPRINT_FIELDS)[number] | (typeof CONTEXT_FIELDS)[number]>
>

export interface LocationRecord {
  /** Median of the head's run medians (ns per iteration, of `metric`). */
  median: number
  /** Order-statistic interval for the median, or null (repetition level, or no series). */
  ci: [number, number] | null
  /** Exact coverage of `ci` (may be below 95% for 5 runs or fewer), null without ci. */
  ci_level: number | null
  /** Values the median was taken over (runs, or repetitions at level "repetitions"). */
  n: number
}

export interface StepRecord {
  /** Ratio of locations head / parent (the paired step) and its interval at `conf_level`. */
  ratio: number
  ci: [number, number]
  conf_level: number
  /** Standard error of ln(ratio) from the per-run values of both sides (version 3; absent when unknown). */
  se_log?: number
}

export interface BenchmarkRecord {
  name: string
  metric: string | null
  level: 'runs' | 'repetitions'
  verdict: string
  location: LocationRecord | null
  step: StepRecord | null
  counts?: {
    metric: string
    instructions: { base: number | null; head: number | null }
    cycles: { base: number | null; head: number | null }
  }
}

export interface CommitRecord {
  format: typeof RECORD_FORMAT
  version: number
  commit: string
  /** The commit measured against: the last recorded commit (a push's `before`). */
  parent: string
  /** ISO 8601 (UTC): the commit's committer date (version 1: when it was measured); orders the history. */
  date: string
  /** ISO 8601 (UTC): when the results were measured (results.json `generated_at`); absent in version 1. */
  measured_at?: string
  pr: number | null
  /** benchgate version that measured the results. */
  tool_version: string
  fingerprint: Fingerprint
  benchmarks: BenchmarkRecord[]
  /** Base and head built the same program, so nothing was measured (version 3; absent otherwise). */
  nothing_measured?: true
}

/** What the command line adds to results without commit SHAs (`compare`, old artifacts). */
export interface RecordMeta {
  commit?: string
  parent?: string
  /** The commit's committer date: --date, else from git (history/commitDate.ts). */
  date?: string
  pr?: number
}

/** A full commit SHA (SHA-1 or SHA-256), lowercase. */
export const FULL_SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/

/** The commit, parent and date of the record: from the flags, else from results.json's run. */
function identity(results: ResultsJson, meta: RecordMeta, source: string) {
  const commit = meta.commit ?? results.run.head.sha
  const parent = meta.parent ?? results.run.base.sha
  if (!commit || !parent)
    throw new ConfigError(
      `${source}: the results carry no commit SHAs (made by 'benchgate compare' or an old artifact): ` +
        'give --commit SHA --parent SHA --date ISO (and --pr N if a pull request merged it) to record them'
    )
  for (const [flag, sha] of [
    ['--commit', commit],
    ['--parent', parent]
  ] as const)
    if (!FULL_SHA.test(sha))
      throw new ConfigError(`${flag} '${sha}': expected a full commit SHA (40 or 64 lowercase hex digits)`)
  const date = meta.date
  if (date === undefined)
    throw new ConfigError(
      `${source}: --date ISO is needed: commit ${commit.slice(0, 12)} is not in the repository here, so its ` +
        'committer date (which orders the history) is unknown; run in a clone that has it, or give --date'
    )
  if (Number.isNaN(Date.parse(date)) || !/^\d{4}-\d\d-\d\d/.test(date))
    throw new ConfigError(`--date '${date}': expected an ISO 8601 date, e.g. 2026-11-26T16:00:00Z`)
  if (meta.pr !== undefined && !(Number.isInteger(meta.pr) && meta.pr > 0))
    throw new ConfigError(`--pr '${meta.pr}': expected a pull request number (a whole number ≥ 1)`)
  return { commit, parent, date: new Date(date).toISOString(), pr: meta.pr ?? null }
}

/** The head's location: median of the run medians with its order-statistic interval. */
export function headLocation(b: BenchmarkResultJson): LocationRecord | null {
  const values = b.series?.head ?? []
  if (values.length === 0) {
    const median = b.location?.head ?? b.median.head
    return median === null || median === undefined ? null : { median, ci: null, ci_level: null, n: 0 }
  }
  const m = medianInterval(values, DEFAULT_MEDIAN_LEVEL)
  if (b.level !== 'runs') return { median: m.median, ci: null, ci_level: null, n: values.length }
  return { median: m.median, ci: [m.lo, m.hi], ci_level: m.level, n: values.length }
}

/**
 * The standard error of ln(head/base) from the per-run values (`series`, at level "runs"): the Welch
 * form on the logs, √(s²_b/n_b + s²_h/n_h), times √(π/3) (the Hodges-Lehmann shift's efficiency
 * against the mean at the normal). Null at the repetition level (repetitions of one process are not
 * independent), with fewer than 2 runs a side, or a value ≤ 0.
 */
export function stepStandardError(b: BenchmarkResultJson): number | null {
  const base = b.series?.base ?? []
  const head = b.series?.head ?? []
  if (b.level !== 'runs' || base.length < 2 || head.length < 2) return null
  if (![...base, ...head].every((v) => v > 0 && Number.isFinite(v))) return null
  const variance = (xs: number[]) => {
    const logs = xs.map(Math.log)
    const m = logs.reduce((a, c) => a + c, 0) / logs.length
    return logs.reduce((a, c) => a + (c - m) ** 2, 0) / (logs.length - 1)
  }
  return Math.sqrt(Math.PI / 3) * Math.sqrt(variance(base) / base.length + variance(head) / head.length)
}

function benchmarkRecord(benchmarkResultJson: BenchmarkResultJson): BenchmarkRecord {
  const se = stepStandardError(benchmarkResultJson)
  const step: StepRecord | null =
    benchmarkResultJson.ratio === null
      ? null
      : {
          ratio: benchmarkResultJson.ratio.estimate,
          ci: benchmarkResultJson.ratio.ci,
          conf_level: benchmarkResultJson.conf_level
        }
  if (step && se !== null) step.se_log = se
  const out: BenchmarkRecord = {
    name: benchmarkResultJson.name,
    metric: benchmarkResultJson.metric ?? null,
    level: benchmarkResultJson.level,
    verdict: benchmarkResultJson.verdict,
    location: headLocation(benchmarkResultJson),
    step
  }
  if (benchmarkResultJson.counts) {
    const { instructions: i, cycles: c } = benchmarkResultJson.counts
    out.counts = {
      metric: benchmarkResultJson.counts.metric,
      instructions: { base: i.base, head: i.head },
      cycles: { base: c.base, head: c.head }
    }
  }
  return out
}

/**
 * The environment fingerprint of a provenance: {@link FINGERPRINT_FIELDS}, then {@link CONTEXT_FIELDS}
 * when it names no CPU model (MHz rounded to whole MHz).
 */
export function fingerprintOf(p: Provenance): Fingerprint {
  const out: Record<string, unknown> = {}
  for (const k of FINGERPRINT_FIELDS) if (p[k] !== undefined) out[k] = p[k]
  if (p.cpuModel === undefined) {
    if (p.mhzPerCpu !== undefined) out.mhzPerCpu = Math.round(p.mhzPerCpu)
    if (p.caches !== undefined) out.caches = p.caches
  }
  return out as Fingerprint
}

/** Every field a fingerprint may hold, in key order. */
export const ALL_FINGERPRINT_FIELDS = [...FINGERPRINT_FIELDS, ...CONTEXT_FIELDS] as const

/**
 * A stable text key of a fingerprint (equal fingerprints, equal keys). `withContext: false` leaves the
 * context fields out (to compare with a record written before version 3, which never had them).
 */
export function fingerprintKey(f: Fingerprint, withContext = true): string {
  const fields = withContext ? ALL_FINGERPRINT_FIELDS : FINGERPRINT_FIELDS
  return JSON.stringify(fields.map((k) => f[k] ?? null))
}

/** Did results measure nothing because base and head built the same program (`run`: "nothing to measure")? */
export function measuredNothing(results: ResultsJson): boolean {
  return results.benchmarks.length === 0 && results.warnings.some((w) => w.code === IDENTICAL_PROGRAM)
}

/**
 * The commit record of a validated results.json.
 *
 * @param results a results.json that passed `validateResults`.
 * @param meta --commit/--parent/--pr (required when the results carry no SHAs) and the commit's date
 * (--date, or its committer date from git: history/commitDate.ts).
 * @param source the file name, for messages.
 * @throws ConfigError when the commit, parent or date is missing or malformed, or the results are one
 * shard's.
 */
export function buildRecord(results: ResultsJson, meta: RecordMeta, source: string): CommitRecord {
  const shard = results.run.shard
  if (shard)
    throw new ConfigError(
      `${source}: these are the results of shard ${shard.index}/${shard.count} only; ` +
        "record the merged results ('benchgate merge' of every shard) so the record holds the whole suite"
    )
  const measured = Date.parse(results.generated_at)
  if (Number.isNaN(measured))
    throw new ConfigError(`${source}: $.generated_at '${results.generated_at}' is not an ISO 8601 date`)
  const record: CommitRecord = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    ...identity(results, meta, source),
    measured_at: new Date(measured).toISOString(),
    tool_version: results.tool.version,
    fingerprint: measuredNothing(results) ? {} : fingerprintOf(results.provenance.head),
    benchmarks: results.benchmarks.map(benchmarkRecord)
  }
  if (measuredNothing(results)) record.nothing_measured = true
  return record
}
