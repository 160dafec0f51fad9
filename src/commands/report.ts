/**
 * `benchgate report RESULTS.json`: re-render a results file in another format, and with --html FILE
 * as the HTML report. The results file holds no samples; the plots use the `samples/` folder next to
 * it (the layout `run` writes: `<out>/results.json`, `<out>/samples/base-r000.json`, ...) when there
 * is one, and the page says so when there is none.
 */
import type { Config } from '../config/index.js'
import { renderFormatParts, writeHtmlReport } from '../output.js'
import { gate } from '../gate.js'
import { samplesNextTo } from '../samples/nextToResults.js'
import type { Io } from './io.js'
import { readResultsFile } from './resultsFile.js'
import { EXIT } from '../errors.js'

export async function reportCommand(config: Config, resultsPath: string, io: Io): Promise<number> {
  const { report, path } = readResultsFile(resultsPath, config)
  for (const part of renderFormatParts(report, config.format, io.colour)) await io.stdout(part)
  if (config.html) {
    const found = samplesNextTo(path)
    const file = writeHtmlReport(config.html, report, found.samples, { noSamplesReason: found.reason })
    io.stderr(
      `HTML report${found.samples.length ? ' with plots' : ' (numbers only: ' + found.reason + ')'}: ${file}\n`
    )
  }
  const verdict = gate(report.suite, config.failOn, config.failOnSuite)
  io.stderr(verdict.reason + '\n')
  return verdict.pass ? EXIT.pass : EXIT.gateFailed
}
