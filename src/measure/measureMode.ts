/**
 * `--measure auto` (the default): instruction counts beside timing wherever valgrind can run them
 * (docs/budget.md, docs/count-mode.md), timing alone where it cannot, said in one line. A shard measures
 * timing only (merging shards would drop the counts).
 */
import type { Config, MeasureMode } from '../config/index.js'
import type { Log } from '../log.js'
import { runProcess } from '../process/spawn.js'

/** What `auto` leaves without valgrind: said once, so the user knows what installing it would add. */
export const WITHOUT_VALGRIND =
  'valgrind is not installed: measuring time only. With it, --measure both (the default where valgrind runs) ' +
  'would also count instructions: a deterministic verdict for every benchmark whose code path moved, and no ' +
  'timing rounds spent on those whose code did not (docs/budget.md); e.g. sudo apt-get install valgrind'

/** The config with `auto` resolved to `both` (valgrind runs) or `time` (it does not, or a shard). */
export async function resolvedMeasure(
  config: Config,
  log: Log,
  hasValgrind: (env: NodeJS.ProcessEnv) => Promise<boolean> = valgrindRuns
): Promise<Config & { measure: MeasureMode }> {
  if (config.measure !== 'auto') return { ...config, measure: config.measure }
  if (config.shard) return { ...config, measure: 'time' }
  if (await hasValgrind(process.env)) return { ...config, measure: 'both' }
  log.info(WITHOUT_VALGRIND)
  return { ...config, measure: 'time' }
}

/** Whether `valgrind --version` runs here (also: history bisect's counts-first choice). */
export async function valgrindRuns(env: NodeJS.ProcessEnv): Promise<boolean> {
  const r = await runProcess('valgrind', ['--version'], {
    cwd: process.cwd(),
    env,
    stdout: 'capture',
    stderr: 'capture',
    timeoutMs: 30_000
  })
  return !r.spawnError && r.exitCode === 0
}
