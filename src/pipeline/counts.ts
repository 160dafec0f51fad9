/** The count step (--measure counts|both): valgrind passes over what each side lists, before the timing rounds. */
import type { SuiteInput } from '../analysis/suite.js'
import type { Config } from '../config/index.js'
import { measureCounts } from '../counts/measureCounts.js'
import type { CountMeasurement } from '../samples/countModel.js'
import type { ProbedSides } from './probe.js'
import type { Workspace } from './workspace.js'

/** Count mode's passes over the benchmarks each side lists under the filter. */
export function countBothSides(
  ws: Workspace,
  plan: Config,
  sides: ProbedSides,
  listed: NonNullable<SuiteInput['listed']>,
  signal: AbortSignal | undefined
): Promise<CountMeasurement> {
  return ws.log.group('Count instructions (valgrind)', () =>
    measureCounts({
      // A side whose list could not be taken expects nothing: its lost benchmarks go unnamed.
      sides: {
        base: { ...sides.paths.base, benchmarks: listed.base ?? [] },
        head: { ...sides.paths.head, benchmarks: listed.head ?? [] }
      },
      env: ws.childEnv,
      filter: sides.filter,
      dir: ws.samplesDir,
      timeoutMs: countTimeoutMs(plan),
      log: ws.log,
      signal
    })
  )
}

/** A count pass runs the whole suite under valgrind (tens of times slower): far more than one timed run. */
function countTimeoutMs(config: Config): number {
  return Math.max(1800, config.runTimeoutSeconds * 10) * 1000
}
