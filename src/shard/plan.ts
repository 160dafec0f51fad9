/**
 * A shard's share of the suite (`run --shard I/N`): list the head binary's benchmarks, split them
 * (by hash, or by the seconds of a previous results file), and turn the share into one exact-name
 * `--benchmark_filter`. Also the record results.json keeps so that `benchgate merge` can check it.
 */
import { readFileSync } from 'node:fs'
import type { Config } from '../config/index.js'
import { ConfigError, JobError } from '../errors.js'
import type { Log } from '../log.js'
import { describeExit, headLines, runProcess } from '../process/spawn.js'
import { validateResults } from '../report/readResults.js'
import type { ShardRecord } from '../report/shard.js'
import { isMeasurableName, MAX_NAME_CHARS, type Sample, type SampleIssue } from '../samples/model.js'
import { exactNameFilter } from '../samples/nameFilter.js'
import { secondsPerBenchmark, splitBenchmarks, weightsOf, type ShardSpec } from './assign.js'

export interface ShardShare {
  record: Omit<ShardRecord, 'issues' | 'seconds'>
  /** `--benchmark_filter` selecting exactly the share. */
  filter: string
}

const LIST_TIMEOUT_MS = 60_000

/**
 * The benchmark names of `binary` (`--benchmark_list_tests=true`, with the user's filter if any),
 * spawned with an argument array.
 * @throws JobError 3 'probe-failed' when listing fails
 */
export async function listBenchmarks(
  binary: string,
  cwd: string,
  filter: string | null,
  env: NodeJS.ProcessEnv = process.env
): Promise<string[]> {
  const args = ['--benchmark_list_tests=true', ...(filter ? [`--benchmark_filter=${filter}`] : [])]
  const r = await runProcess(binary, args, {
    cwd,
    env,
    stdout: 'capture',
    stderr: 'capture',
    timeoutMs: LIST_TIMEOUT_MS,
    killGraceMs: 500
  })
  if (r.exitCode !== 0)
    throw new JobError(
      'probe-failed',
      `Listing the benchmarks of ${binary} failed: ${describeExit(r, LIST_TIMEOUT_MS)}.`,
      {
        subject: binary,
        hint: headLines(`${r.stdout}\n${r.stderr}`.trim(), 10) || undefined
      }
    )
  return r.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
}

/**
 * This shard's share of `names`.
 * @throws ConfigError when the share is empty (fewer benchmarks than shards) or cannot be selected
 */
export function shardShare(
  names: readonly string[],
  spec: ShardSpec,
  weights?: ReadonlyMap<string, number>
): ShardShare {
  const split = splitBenchmarks(names, spec.count, weights)
  const assigned = split.shards[spec.index - 1]
  const label = `--shard ${spec.index}/${spec.count}`
  if (assigned.length === 0)
    throw new ConfigError(
      `${label}: this shard has no benchmarks (the binary lists ${new Set(names).size} for ${spec.count} shards); use fewer shards`
    )
  const filter = exactNameFilter(assigned)
  if (filter === undefined)
    throw new ConfigError(
      `${label}: the share of ${assigned.length} benchmarks cannot be selected with one --benchmark_filter (a name with a line break, or names too long in all); use more shards`
    )
  return {
    record: {
      index: spec.index,
      count: spec.count,
      rule: split.rule,
      ...(split.weightsDigest !== undefined && { weightsDigest: split.weightsDigest }),
      benchmarks: [...new Set(names)].sort(),
      assigned
    },
    filter
  }
}

/**
 * The seconds per benchmark recorded in a previous results file (a merge's or a shard's).
 * @throws ConfigError when the file cannot be read, is not a results file, or has no seconds
 */
export function readShardWeights(path: string): Map<string, number> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    throw new ConfigError(`--shard-weights ${path}: cannot read it (${(e as Error).message})`)
  }
  const weights = weightsOf(validateResults(text, path).run)
  if (!weights || weights.size === 0)
    throw new ConfigError(
      `--shard-weights ${path}: no benchmark seconds in it; give the results.json of a previous 'benchgate merge' or 'run --shard'`
    )
  return weights
}

/** Lists the head binary's benchmarks and picks this shard's share (config.shard must be set). */
export async function planShard(
  config: Config,
  headBinary: string,
  cwd: string,
  log: Log
): Promise<ShardShare> {
  const spec = config.shard!
  const weights = config.shardWeights ? readShardWeights(config.shardWeights) : undefined
  const listed = await listBenchmarks(headBinary, cwd, config.filter)
  // A longer name is refused when its samples are read (limit), so it is in no share.
  const names = listed.filter(isMeasurableName)
  if (names.length < listed.length)
    log.warn(
      `${listed.length - names.length} benchmark name(s) longer than ${MAX_NAME_CHARS} characters left out of the split: benchgate does not measure them`
    )
  const share = shardShare(names, spec, weights)
  log.info(
    `shard ${spec.index}/${spec.count}: ${share.record.assigned.length} of ${share.record.benchmarks.length} benchmarks ` +
      `(split by ${share.record.rule === 'hash' ? 'name hash' : `last known seconds from ${config.shardWeights}`})`
  )
  return share
}

/** The full record for results.json once the shard has measured. */
export function shardRecord(
  share: ShardShare,
  samples: readonly Sample[],
  issues: readonly SampleIssue[]
): ShardRecord {
  return { ...share.record, issues: [...issues], seconds: secondsPerBenchmark(samples) }
}
