/**
 * `benchgate explain OUT_DIR BENCHMARK` (docs/count-mode.md): the per-function table of one benchmark's count
 * or time change from a finished run's results.json (OUT_DIR/results.json, or the file itself).
 */
import type { Config } from '../config/index.js'
import { ConfigError, EXIT } from '../errors.js'
import { explainText } from '../report/whereWording.js'
import type { Io } from './io.js'
import { readResultsFile } from './resultsFile.js'

export async function explainCommand(
  config: Config,
  out: string,
  benchmark: string,
  io: Io
): Promise<number> {
  const { report, path } = readResultsFile(out, config)
  const c = report.suite.comparisons.find((x) => x.benchmark === benchmark)
  if (!c) {
    const attributed = report.suite.comparisons.filter((x) => x.attribution).map((x) => x.benchmark)
    throw new ConfigError(
      `no benchmark named '${benchmark}' in ${path}` +
        (attributed.length ? `; with an attribution: ${attributed.slice(0, 10).join(', ')}` : '')
    )
  }
  await io.stdout(explainText(c))
  return EXIT.pass
}
