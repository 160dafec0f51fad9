/** Reading a finished run's results.json for the commands that re-render or explain it. */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '../errors.js'
import { fromResultsJson } from '../report/json.js'
import type { Report } from '../report/model.js'
import { validateResults } from '../report/readResults.js'

/**
 * The report in `path` (a results.json, or an output folder holding one), validated as untrusted.
 * @returns the report and the file it came from
 * @throws ConfigError when the file cannot be read; the validation's error when it is not results.json
 */
export function readResultsFile(path: string): { report: Report; path: string } {
  let file = path
  let text: string
  try {
    if (statSync(path).isDirectory()) file = join(path, 'results.json')
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new ConfigError(`cannot read results file ${file}: ${(e as Error).message}`)
  }
  return { report: fromResultsJson(validateResults(text, file)), path: file }
}
