/**
 * Reading the shards of one `run --shard I/N` from disk: each argument is a shard's results.json, a
 * folder holding one (with its samples/ beside it), or a folder of such folders (as a CI's artifact
 * download lays them out). Shard artifacts are untrusted: every results file is validated.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, JobError } from '../errors.js'
import { validateResults } from '../report/readResults.js'
import { NO_BASELINE } from '../report/wording.js'
import { samplesNextTo } from '../samples/nextToResults.js'
import type { ShardInput } from './merge.js'

/** Every shard's results.json path under the given paths, sorted, each once. */
export function shardResultFiles(paths: readonly string[]): string[] {
  if (paths.length === 0)
    throw new ConfigError("benchgate merge: give the shards' results (folders or results.json files)")
  const files: string[] = []
  for (const p of paths) {
    if (!existsSync(p)) throw new ConfigError(`benchgate merge: '${p}' does not exist`)
    if (!statSync(p).isDirectory()) {
      files.push(p)
      continue
    }
    if (existsSync(join(p, 'results.json'))) {
      files.push(join(p, 'results.json'))
      continue
    }
    const inner = readdirSync(p, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(p, d.name, 'results.json')))
      .map((d) => join(p, d.name, 'results.json'))
    if (inner.length === 0)
      throw new ConfigError(`benchgate merge: no results.json in '${p}' or in its sub-folders`)
    files.push(...inner)
  }
  return [...new Set(files)].sort()
}

/** Reads and validates (shard artifacts are untrusted) each shard's results and samples. */
export function readShards(paths: readonly string[]): ShardInput[] {
  return shardResultFiles(paths).map((file) => {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (e) {
      throw new ConfigError(`cannot read shard results ${file}: ${(e as Error).message}`)
    }
    const results = validateResults(text, file)
    const noBaseline = results.warnings.find((w) => w.code === NO_BASELINE)
    if (noBaseline)
      throw new JobError(
        'build-failed',
        `${file}: this shard has no baseline, nothing to merge: ${noBaseline.message}`
      )
    const found = samplesNextTo(file)
    if (found.samples.length === 0)
      throw new ConfigError(
        `${file}: the shard's raw samples are needed to re-analyse the suite: ${found.reason}. ` +
          'Upload the whole output folder of each shard (results.json and samples/).'
      )
    return { results, samples: found.samples, source: file }
  })
}
