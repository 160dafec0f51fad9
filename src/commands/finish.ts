/** The step every CLI command ends with: the report files, the asked format on stdout, and the gate's exit code. */
import type { Config } from '../config/index.js'
import { EXIT } from '../errors.js'
import { gate } from '../gate.js'
import { writeOutputs, writtenFormatParts } from '../output.js'
import type { Report } from '../report/model.js'
import type { SampleList } from '../samples/store.js'
import type { Io } from './io.js'

/**
 * Writes every report file, prints the asked format, says on stderr where the files are (`where`
 * begins that line, e.g. "reports written to") and why the gate passed or failed.
 * @returns the exit code: 0 pass, 1 the gate failed
 */
export async function finish(
  report: Report,
  config: Pick<Config, 'out' | 'html' | 'format' | 'failOn' | 'failOnSuite'>,
  io: Io,
  { samples, where }: { samples: SampleList; where: string }
): Promise<number> {
  const written = writeOutputs(report, config.out, { samples, html: config.html })
  for (const part of writtenFormatParts(written, report, config.format, io.colour)) await io.stdout(part)
  const verdict = gate(report.suite, config.failOn, config.failOnSuite)
  const html = written.htmlCopy ?? written.html
  io.stderr(`${where} ${written.dir}${html ? `\nHTML report with plots: ${html}` : ''}\n${verdict.reason}\n`)
  return verdict.pass ? EXIT.pass : EXIT.gateFailed
}
