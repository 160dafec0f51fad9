/**
 * The commands of `npm run validate` (cli/options.ts parses them): the page, or one study. A study
 * writes only its results JSON (with --out), which docs/VALIDATION.md is rendered from, and prints its
 * table or report.
 */
import { writeFileSync } from 'node:fs'
import { renderAdvice, renderAdviceAtCap } from '../render/advice.js'
import { renderHistoryStudy } from '../render/history.js'
import { renderLayoutStudy } from '../render/layout.js'
import { renderPairs, renderRealPairs } from '../render/pairs.js'
import { renderSummaryStudy } from '../render/suiteSummary.js'
import { runAdaptiveStudy } from '../studies/adaptive.js'
import { runAdaptiveRealStudy } from '../studies/adaptiveReal.js'
import { runAdviceStudy } from '../studies/advice.js'
import { runHistoryStudy } from '../studies/history.js'
import { runCalibrationStudy } from '../studies/historyCalibration.js'
import { renderCalibration } from '../render/historyCalibration.js'
import { runLayoutStudy } from '../studies/layout.js'
import { runPairsStudy } from '../studies/pairs.js'
import { runPairsRealStudy } from '../studies/pairsReal.js'
import { runSuiteSummaryStudy } from '../studies/suiteSummary.js'
import type { Command } from './options.js'
import { runPage, type Io } from './page.js'

export type { Io }

/** A study's results, as the page reads them back. */
function writeResults(out: string | null, results: unknown): void {
  if (out !== null) writeFileSync(out, JSON.stringify(results, null, 2) + '\n')
}

export async function runCommand(c: Command, io: Io): Promise<void> {
  switch (c.command) {
    case 'page':
      return runPage(c.options, io)
    case 'adaptive':
      io.print(runAdaptiveStudy(c.options, io.log).join('\n'))
      return
    case 'adaptive-real':
      io.print(runAdaptiveRealStudy(c.options, io.log).join('\n'))
      return
    case 'advice': {
      const r = runAdviceStudy(c.options, io.log)
      writeResults(c.options.out, r)
      io.print(`${renderAdvice(r.cells, r.meta)}\n\n${renderAdviceAtCap(r.cells)}`)
      return
    }
    case 'pairs': {
      const r = runPairsStudy(c.options, io.log)
      writeResults(c.options.out, r)
      io.print(renderPairs(r.cells, r.meta))
      return
    }
    case 'pairs-real': {
      const r = await runPairsRealStudy(c.options, io.log)
      writeResults(c.options.out, r)
      io.print(renderRealPairs(r.results))
      return
    }
    case 'history': {
      const r = runHistoryStudy(c.options, io.log)
      writeResults(c.options.out, r)
      io.print(renderHistoryStudy(r))
      return
    }
    case 'history-calibration': {
      const r = runCalibrationStudy(c.options, io.log)
      writeResults(c.options.out, r)
      io.print(renderCalibration(r))
      return
    }
    case 'layout': {
      const r = runLayoutStudy(c.options, io.log)
      writeResults(c.options.out, r)
      io.print(renderLayoutStudy(r))
      return
    }
    case 'suite-summary': {
      const r = runSuiteSummaryStudy(c.options, io.log)
      writeResults(c.options.out, r)
      io.print(renderSummaryStudy(r.rows, r.meta))
      return
    }
  }
}
