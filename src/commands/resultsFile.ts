/** Reading a finished run's results.json for the commands that re-render or explain it. */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { judgeSuite, type Judgement } from '../analysis/judge.js'
import type { Interleave, SuiteResult } from '../analysis/types.js'
import { judgementOf, type Config } from '../config/index.js'
import { ConfigError } from '../errors.js'
import { fromResultsJson } from '../report/json.js'
import type { Report } from '../report/model.js'
import { validateResults } from '../report/readResults.js'

/**
 * The report in `path` (a results.json, or an output folder holding one), validated as untrusted
 * and judged again from its values with `config`'s options (docs/security.md: a results file's
 * verdicts are never believed, whoever reads it).
 * @returns the report and the file it came from
 * @throws ConfigError when the file cannot be read; the validation's error when it is not results.json
 */
export function readResultsFile(path: string, config: Config): { report: Report; path: string } {
  let file = path
  let text: string
  try {
    if (statSync(path).isDirectory()) file = join(path, 'results.json')
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new ConfigError(`cannot read results file ${file}: ${(e as Error).message}`)
  }
  const json = validateResults(text, file)
  const report = fromResultsJson(json)
  try {
    judgeSuite(report.suite, judgementOnTheCommandLine(config, report.suite), {
      measuredWith: json.tool.version,
      repetitions: json.run.repetitions
    })
  } catch (e) {
    // Say which file: the judge names the benchmark, the reader needs the path too.
    if (e instanceof ConfigError)
      throw new ConfigError(`${file}: ${e.message.replace(/^results\.json: /, '')}`)
    throw e
  }
  return { report, path: file }
}

/**
 * On the command line the design (whole-suite or per-benchmark rounds) is a fact of the file when
 * --interleave is left at auto: `compare` and `run --interleave suite` made unpaired values, and
 * either test is a valid one for what was measured; the other options are the user's.
 */
function judgementOnTheCommandLine(config: Config, suite: SuiteResult): Judgement {
  const judgement = judgementOf(config)
  if (config.analysis.interleave !== 'auto') return judgement
  const paired = suite.comparisons.some((c) => c.test === 'signed-rank')
  const design: Interleave = paired ? 'benchmark' : 'suite'
  return { ...judgement, interleave: design }
}
