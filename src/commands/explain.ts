/**
 * `benchgate explain OUT_DIR BENCHMARK` (issue 30): the per-function table of one benchmark's count
 * or time change from a finished run's results.json (OUT_DIR/results.json, or the file itself).
 */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, EXIT } from '../errors.js'
import { fromResultsJson } from '../report/json.js'
import { validateResults } from '../report/readResults.js'
import { explainText } from '../report/whereWording.js'
import type { Io } from './io.js'

export async function explainCommand(out: string, benchmark: string, io: Io): Promise<number> {
  let path = out
  let text: string
  try {
    if (statSync(out).isDirectory()) path = join(out, 'results.json')
    text = readFileSync(path, 'utf8')
  } catch (e) {
    throw new ConfigError(`cannot read results file ${path}: ${(e as Error).message}`)
  }
  const report = fromResultsJson(validateResults(text, path))
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
