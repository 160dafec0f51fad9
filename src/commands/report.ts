/** `benchgate report RESULTS.json`: re-render a results file in another format. */
import { readFileSync } from 'node:fs'
import type { Config } from '../config.js'
import { ConfigError } from '../config.js'
import { fromResultsJson } from '../report/json.js'
import { validateResults } from '../report/validate.js'
import { renderFormat } from '../output.js'
import { gate } from '../gate.js'
import type { Io } from './io.js'
import { EXIT } from './errors.js'

export async function reportCommand(config: Config, resultsPath: string, io: Io): Promise<number> {
  let text: string
  try {
    text = readFileSync(resultsPath, 'utf8')
  } catch (e) {
    throw new ConfigError(`cannot read results file ${resultsPath}: ${(e as Error).message}`)
  }
  const report = fromResultsJson(validateResults(text, resultsPath))
  io.stdout(renderFormat(report, config.format, io.colour))
  const verdict = gate(report.suite, config.failOn)
  io.stderr(verdict.reason + '\n')
  return verdict.pass ? EXIT.pass : EXIT.gateFailed
}
