/**
 * `benchgate merge DIR|FILE...`: the shards of one `run --shard I/N` into one report and one gate.
 * Each argument is a shard's results.json, a folder holding one (with its samples/ beside it, as
 * `run` leaves it), or a folder of such folders (as a CI's artifact download lays them out).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config/index.js'
import { ConfigError, EXIT, JobError } from '../errors.js'
import { gate } from '../gate.js'
import { writeOutputs, writtenFormatParts } from '../output.js'
import { validateResults } from '../report/readResults.js'
import { mergeShards, type ShardInput } from '../shard/merge.js'
import { samplesNextTo } from './report.js'
import type { Io } from './io.js'

export async function mergeCommand(
  config: Config,
  paths: readonly string[],
  io: Io,
  options: { allowMissing: boolean }
): Promise<number> {
  const { report, samples } = mergeShards(readShards(paths), options)
  const written = writeOutputs(report, config.out, { samples, html: config.html })
  for (const part of writtenFormatParts(written, report, config.format, io.colour)) await io.stdout(part)
  const verdict = gate(report.suite, config.failOn, config.failOnSuite)
  const html = written.htmlCopy ?? written.html
  io.stderr(
    `merged report written to ${written.dir}${html ? `\nHTML report with plots: ${html}` : ''}\n${verdict.reason}\n`
  )
  return verdict.pass ? EXIT.pass : EXIT.gateFailed
}

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
    const noBaseline = results.warnings.find((w) => w.code === 'no-baseline')
    if (noBaseline)
      throw new JobError(
        3,
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
