/**
 * Merging shards into one verdict: checks that the shards belong together (same base, head,
 * options, list and split) and cover the list exactly once, then analyses all their samples as one
 * suite (one multiple-comparison family, K = every benchmark). A pure function of its inputs: the
 * same shard files give the same report, whatever order they are given in.
 */
import { analyzeSuite } from '../analysis/suite.js'
import { combineSummaries, suiteSummary } from '../analysis/suiteSummary.js'
import type { AnalysisOptions, Warning } from '../analysis/types.js'
import { ConfigError } from '../errors.js'
import type { ResultsJson } from '../report/json.js'
import type { Report, RunInfo } from '../report/model.js'
import type { MergeInfo, ShardRecord, ShardSummary } from '../report/shard.js'
import { SampleStore, type SampleList } from '../samples/store.js'
import { splitBenchmarks } from './assign.js'

/** One shard as read from disk: its results file, its raw samples, and where it came from (for messages). */
export interface ShardInput {
  results: ResultsJson
  samples: SampleList
  source: string
}

export interface MergeOptions {
  /** Merge even when shards are missing; their benchmarks are listed as not measured. */
  allowMissing?: boolean
  /** Judgement options of the merging job: they replace the shards' own (docs/security.md: a shard file is not believed). */
  judge?: Partial<AnalysisOptions>
}

type Shard = ShardInput & { record: ShardRecord }

/**
 * @returns the merged report and the samples it analysed (for the HTML plots)
 * @throws ConfigError naming the file and what does not match, or the missing shard(s)
 */
export function mergeShards(
  inputs: readonly ShardInput[],
  options: MergeOptions = {}
): { report: Report; samples: SampleStore } {
  if (inputs.length === 0) throw new ConfigError('benchgate merge: no shard results given')
  const shards = inputs.map(asShard).sort((a, b) => a.record.index - b.record.index)
  const first = shards[0]
  for (const s of shards.slice(1)) checkSameRun(first, s)
  const missing = checkCoverage(shards, options.allowMissing ?? false)

  const samples = new SampleStore()
  const issues = []
  for (const s of shards) {
    const mine = new Set(s.record.assigned)
    for (const x of s.samples) if (mine.has(x.benchmark)) samples.add(x)
    issues.push(...s.record.issues)
  }
  const suite = analyzeSuite(
    { samples, issues, provenance: first.results.provenance },
    { ...first.results.options, ...options.judge }
  )
  suite.warnings.push(...shardWarnings(shards, missing, suite.warnings))
  if (shards.length > 1) {
    // Each shard's rounds are its own: summarise per shard, combine on the log scale (docs/statistics.md §10).
    const parts = shards.map((s) => {
      const mine = new Set(s.record.assigned)
      return suiteSummary(
        suite.comparisons.filter((c) => mine.has(c.benchmark)),
        suite.options.alpha
      )
    })
    suite.summary = parts.every((p) => p !== null) ? combineSummaries(parts, suite.options.alpha) : null
  }

  const count = first.record.count
  const summaries: ShardSummary[] = shards.map(({ results: r, record }) => ({
    index: record.index,
    ...(r.provenance.head.host !== undefined && { host: r.provenance.head.host }),
    ...(r.provenance.head.cpuModel !== undefined && { cpu: r.provenance.head.cpuModel }),
    benchmarks: record.assigned.length,
    ...(r.run.rounds !== undefined && { rounds: r.run.rounds }),
    ...(r.run.measuringSeconds !== undefined && { measuringSeconds: r.run.measuringSeconds }),
    ...(r.run.wallSeconds !== undefined && { wallSeconds: r.run.wallSeconds })
  }))
  const seconds = Object.fromEntries(
    shards
      .flatMap((s) => Object.entries(s.record.seconds).filter(([n]) => s.record.assigned.includes(n)))
      .sort(([a], [b]) => (a < b ? -1 : 1))
  )
  const merged: MergeInfo = {
    count,
    shards: summaries,
    missing,
    machineSeconds: round6(summaries.reduce((a, s) => a + (s.wallSeconds ?? 0), 0)),
    wallSeconds: round6(Math.max(...summaries.map((s) => s.wallSeconds ?? 0))),
    seconds
  }
  return { report: { suite, run: mergedRunInfo(shards, merged) }, samples }
}

function asShard(input: ShardInput): Shard {
  const record = input.results.run.shard
  if (!record)
    throw new ConfigError(
      `${input.source}: not a shard's results (no run.shard); merge the results of 'benchgate run --shard I/N'`
    )
  if (input.results.run.adaptive)
    throw new ConfigError(
      `${input.source}: an adaptive run (--adaptive) cannot be merged yet: its per-benchmark levels depend on its own looks; shard without --adaptive`
    )
  return { ...input, record }
}

/** Same commits, options, benchmark list and split; else a ConfigError naming both files. */
function checkSameRun(first: Shard, other: Shard): void {
  const differs = (what: string, x: unknown, y: unknown): void => {
    if (stable(x) !== stable(y))
      throw new ConfigError(
        `${other.source} does not belong with ${first.source}: ${what} differs (${short(y)} vs ${short(x)}). ` +
          'Merge only the shards of one run (same base, head, options and --shard N).'
      )
  }
  differs('the base commit', first.results.run.base.sha, other.results.run.base.sha)
  differs('the head commit', first.results.run.head.sha, other.results.run.head.sha)
  differs('the analysis options', first.results.options, other.results.options)
  differs('--repetitions', first.results.run.repetitions, other.results.run.repetitions)
  differs('the report key', first.results.run.key, other.results.run.key)
  differs('the shard count N', first.record.count, other.record.count)
  differs(
    'the split rule',
    [first.record.rule, first.record.weightsDigest],
    [other.record.rule, other.record.weightsDigest]
  )
  differs('the benchmark list of the head binary', first.record.benchmarks, other.record.benchmarks)
  if (first.record.index === other.record.index)
    throw new ConfigError(
      `${first.source} and ${other.source} are both shard ${first.record.index}/${first.record.count}: give each shard once`
    )
}

/**
 * Each benchmark of the list in exactly one shard's share, each share as the split rule gives it.
 * @returns the missing shards (only with allowMissing; else a ConfigError naming them)
 */
function checkCoverage(shards: Shard[], allowMissing: boolean): MergeInfo['missing'] {
  const { count, benchmarks, rule } = shards[0].record
  const listed = new Set(benchmarks)
  // The hash rule can be recomputed from the list: a share that differs was not made by this rule.
  const expected = rule === 'hash' ? splitBenchmarks(benchmarks, count).shards : null
  const owner = new Map<string, number>()
  for (const s of shards) {
    for (const name of s.record.assigned) {
      if (!listed.has(name))
        throw new ConfigError(`${s.source}: measured '${name}', which is not in the shards' benchmark list`)
      const other = owner.get(name)
      if (other !== undefined)
        throw new ConfigError(`'${name}' is in shard ${other} and in shard ${s.record.index} (${s.source})`)
      owner.set(name, s.record.index)
    }
    const want = expected?.[s.record.index - 1]
    if (want && stable(want) !== stable([...s.record.assigned].sort()))
      throw new ConfigError(
        `${s.source}: shard ${s.record.index}/${count}'s benchmarks are not the ones the hash split gives; was the file edited?`
      )
  }
  const given = new Set(shards.map((s) => s.record.index))
  const missing: MergeInfo['missing'] = []
  for (let i = 1; i <= count; i++) {
    if (given.has(i)) continue
    const names = expected ? expected[i - 1] : []
    missing.push({ index: i, benchmarks: names })
  }
  // With the weights rule the missing shards' names are whatever no given shard has.
  if (!expected && missing.length) {
    const unowned = benchmarks.filter((n) => !owner.has(n))
    if (missing.length === 1) missing[0].benchmarks = unowned
    else missing.forEach((m, i) => (m.benchmarks = i === 0 ? unowned : []))
  }
  const unowned = benchmarks.filter((n) => !owner.has(n))
  if (missing.length === 0 && unowned.length)
    throw new ConfigError(
      `every shard was given but ${unowned.length} benchmark(s) are in none, e.g. '${unowned[0]}'`
    )
  if (missing.length && !allowMissing) {
    const which = missing.map((m) => `${m.index}/${count}`).join(', ')
    throw new ConfigError(
      `shard ${which} missing: ${unowned.length} of ${benchmarks.length} benchmarks were not measured ` +
        `(e.g. '${unowned[0] ?? '?'}'). Give every shard's results, or --allow-missing to report the gap.`
    )
  }
  return missing
}

/** The merge's own warnings: missing shards, and each shard's whole-run warnings not already present. */
function shardWarnings(shards: Shard[], missing: MergeInfo['missing'], present: Warning[]): Warning[] {
  const out: Warning[] = []
  const count = shards[0].record.count
  for (const m of missing) {
    const names = m.benchmarks.slice(0, 10).join(', ')
    out.push({
      level: 'error',
      code: 'shard-missing',
      message:
        `shard ${m.index}/${count} is missing (merged with --allow-missing): ${m.benchmarks.length} benchmark(s) not measured` +
        (names ? `: ${names}${m.benchmarks.length > 10 ? ', …' : ''}` : '')
    })
  }
  const seen = new Set(present.map((w) => w.message))
  for (const s of shards) {
    for (const w of s.results.warnings) {
      if (seen.has(w.message) || w.code === 'provenance' || w.code === 'contention') continue
      out.push({ ...w, message: `shard ${s.record.index}/${count}: ${w.message}` })
    }
  }
  return out
}

function mergedRunInfo(shards: Shard[], merged: MergeInfo): RunInfo {
  const runs = shards.map((s) => s.results.run)
  const first = runs[0]
  const rounds = runs.map((r) => r.rounds).filter((r): r is number => r !== undefined)
  const stopped = shards
    .filter((s) => s.results.run.stoppedEarly)
    .map((s) => `shard ${s.record.index}/${merged.count}: ${s.results.run.stoppedEarly}`)
  return {
    base: first.base,
    head: first.head,
    ...(first.mergeBase !== undefined && { mergeBase: first.mergeBase }),
    ...(rounds.length && { rounds: Math.min(...rounds) }),
    ...(first.plannedRounds !== undefined && { plannedRounds: first.plannedRounds }),
    ...(first.repetitions !== undefined && { repetitions: first.repetitions }),
    stoppedEarly: stopped.length ? stopped.join('; ') : null,
    ...(first.reproduce !== undefined && {
      reproduce: first.reproduce.replace(/--shard \S+/, `--shard I/${merged.count}`)
    }),
    ...(first.key !== undefined && { key: first.key }),
    measuringSeconds: round6(runs.reduce((a, r) => a + (r.measuringSeconds ?? 0), 0)),
    wallSeconds: merged.wallSeconds,
    merged
  }
}

/** JSON with sorted object keys, for comparing values read from different files. */
function stable(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x
  )
}

function short(v: unknown): string {
  const t = stable(v) ?? 'none'
  return t.length > 80 ? `${t.slice(0, 77)}...` : t
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6
