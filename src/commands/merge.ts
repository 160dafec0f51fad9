/**
 * `benchgate merge DIR|FILE...`: the shards of one `run --shard I/N` into one report and one gate.
 * Each argument is a shard's results.json, a folder holding one (with its samples/ beside it, as
 * `run` leaves it), or a folder of such folders (as a CI's artifact download lays them out).
 */
import { judgedOptions } from '../analysis/judge.js'
import { judgementOf, type Config } from '../config/index.js'
import { mergeShards } from '../shard/merge.js'
import { readShards } from '../shard/read.js'
import { finish } from './finish.js'
import type { Io } from './io.js'

export async function mergeCommand(
  config: Config,
  paths: readonly string[],
  io: Io,
  options: { allowMissing: boolean }
): Promise<number> {
  // The shards' samples analysed again with this command's options, never a shard file's
  // (docs/security.md); with --interleave auto the design the shards measured with is a fact of theirs.
  const { interleave, ...judgement } = judgedOptions(judgementOf(config))
  const judge = config.analysis.interleave === 'auto' ? judgement : { ...judgement, interleave }
  const { report, samples } = mergeShards(readShards(paths), { ...options, judge })
  return finish(report, config, io, { samples, where: 'merged report written to' })
}
