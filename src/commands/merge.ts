/**
 * `benchgate merge DIR|FILE...`: the shards of one `run --shard I/N` into one report and one gate.
 * Each argument is a shard's results.json, a folder holding one (with its samples/ beside it, as
 * `run` leaves it), or a folder of such folders (as a CI's artifact download lays them out).
 */
import type { Config } from '../config/index.js'
import { EXIT } from '../errors.js'
import { gate } from '../gate.js'
import { writeOutputs, writtenFormatParts } from '../output.js'
import { mergeShards } from '../shard/merge.js'
import { readShards } from '../shard/read.js'
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
