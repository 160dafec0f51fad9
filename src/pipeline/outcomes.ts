/** The reports of a job with nothing to measure: no baseline (the base build failed), or the same program on both sides. */
import { analyzeSuite } from '../analysis/suite.js'
import { locateBinary } from '../build/binary.js'
import type { BuildResult } from '../build/build.js'
import { sameBuiltProgram, type SameProgramVerdict } from '../build/sameProgram.js'
import type { Config } from '../config/index.js'
import type { Report } from '../report/model.js'
import { IDENTICAL_PROGRAM, NO_BASELINE } from '../report/wording.js'
import type { Side } from '../samples/model.js'
import { buildFailed, type Built } from './build.js'
import type { Workspace } from './workspace.js'

/** The report when there is nothing to measure: no baseline (the base build failed), or the same program on both sides. */
export async function nothingToMeasure(
  ws: Workspace,
  { builds, headProbe, plan, headListed }: Built,
  run: Report['run']
): Promise<Report | null> {
  if (!builds.base.ok) {
    if (plan.failOnBaseBuildFailure) throw buildFailed('base', builds.base)
    ws.log.warn(
      'the base build failed: no baseline, so nothing can be compared (undecided; --fail-on-base-build-failure fails instead)'
    )
    return noBaselineReport(plan, run, headListed, builds.base)
  }
  if (plan.measureIdentical) return null
  const binaryOf = (side: Side) => locateBinary(ws.trees[side], plan.binary!)
  const same = await sameBuiltProgram(
    {
      base: { binary: binaryOf('base'), tree: ws.trees.base },
      head: { binary: binaryOf('head'), tree: ws.trees.head }
    },
    ws.childEnv
  )
  if (!same.same) return null
  ws.log.info(identicalText(same, headProbe.benchmarks.length))
  return identicalReport(plan, run, same, headProbe.benchmarks.length)
}

function noBaselineReport(
  config: Config,
  run: Report['run'],
  benchmarks: readonly string[],
  base: BuildResult
): Report {
  const suite = analyzeSuite({ samples: [], headOnly: benchmarks }, config.analysis)
  suite.warnings.push({
    level: 'warning',
    code: NO_BASELINE,
    message: `the base build failed, so there is no baseline and nothing was compared (log: ${base.logPath}): ${base.logTail.split('\n').slice(-5).join(' / ')}`
  })
  return { suite, run }
}

/** Base and head built the same program: nothing to measure, said as an info the headline picks up. */
function identicalReport(
  config: Config,
  run: Report['run'],
  same: SameProgramVerdict,
  listed: number
): Report {
  const suite = analyzeSuite({ samples: [] }, config.analysis)
  suite.warnings.push({ level: 'info', code: IDENTICAL_PROGRAM, message: identicalText(same, listed) })
  return { suite, run }
}

function identicalText(same: SameProgramVerdict, listed: number): string {
  const what = [
    same.codeOnly
      ? 'identical code and data (only debug info, symbols or notes differ)'
      : 'byte-identical binaries',
    same.libraries > 0 &&
      `and ${same.libraries} identical shared librar${same.libraries === 1 ? 'y' : 'ies'} of their own`
  ]
    .filter(Boolean)
    .join(' ')
  return (
    `base and head built the same program (${what}): nothing to measure, ${listed} benchmark(s) not run. ` +
    'Files the benchmarks read at run time were not compared: --measure-identical (input measure-identical) measures anyway.'
  )
}
