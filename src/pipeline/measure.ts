/** After the build: stop early, or probe, list, count, measure (rounds) and analyse. */
import { JobError } from '../errors.js'
import type { Config } from '../config/index.js'
import type { CountMeasurement } from '../samples/countModel.js'
import type { ProbedSides } from './probe.js'
import { listedByName } from '../harness/types.js'
import { countSuite, withSettled } from '../analysis/countSuite.js'
import { timingSplitOf } from '../analysis/budgetAllocation.js'
import { countOptionsOf } from '../config/index.js'
import { layoutSetup } from '../layout/setup.js'
import { measureBothSides, usesBudget, type DuetChoice } from '../measure/index.js'
import type { Report } from '../report/model.js'
import { analysed } from './analysed.js'
import type { Built } from './build.js'
import { countBothSides } from './counts.js'
import { nothingToMeasure } from './outcomes.js'
import { listedUnder, probeSides } from './probe.js'
import type { PipelineHooks, PipelineResult } from './types.js'
import { layoutDir, type Workspace } from './workspace.js'

/** Probe, list, count, measure and analyse what was built, unless there is nothing to measure. */
export async function measureBuilt(
  ws: Workspace,
  built: Built,
  run: Report['run'],
  hooks: PipelineHooks,
  countsOptional = false,
  duet: DuetChoice | null = null
): Promise<PipelineResult> {
  const { plan } = built
  const unmeasured = await nothingToMeasure(ws, built, run)
  if (unmeasured) return { report: unmeasured, samplesDir: ws.samplesDir, samples: [] }
  const sides = await probeSides(ws, built)
  const listed = sides.catalog
    ? listedByName(sides.filter, sides.benchmarks)
    : await listedUnder(sides.filter, sides.paths, sides.benchmarks, ws.childEnv, ws.log)
  // Counts first: a deterministic answer in minutes, before the timing rounds (which may take many).
  const { counted, lost } = await countsOf(ws, plan, sides, listed, hooks.signal, countsOptional)
  if (counted && plan.measure === 'counts') {
    const report = { suite: countSuite(counted, countOptionsOf(plan)), run }
    return { report, samplesDir: ws.samplesDir, samples: [] }
  }
  // The budget design: the rounds go to the benchmarks the count pass did not settle (docs/budget.md).
  const split = counted && usesBudget(plan) ? timingSplitOf(counted, plan) : null
  if (split && split.timed.length === 0) {
    const report = {
      suite: withSettled(
        { ...countSuite(counted!, countOptionsOf(plan)), comparisons: [] },
        counted!,
        countOptionsOf(plan),
        split.settled
      ),
      run
    }
    return { report, samplesDir: ws.samplesDir, samples: [] }
  }
  const measured = await measureBothSides(plan, {
    ...(split && { timed: split.timed }),
    ...(plan.randomizeLayout && {
      layout: layoutSetup({
        dir: layoutDir(ws),
        binaries: { base: sides.paths.base.binary, head: sides.paths.head.binary },
        seed: plan.layoutSeed,
        draws: plan.layoutDraws,
        env: ws.childEnv
      })
    }),
    ...(duet && { duet: duet.cores }),
    sides: sides.paths,
    kind: sides.kind,
    ...(sides.catalog && { catalog: sides.catalog }),
    workDir: ws.workDir,
    samplesDir: ws.samplesDir,
    env: ws.childEnv,
    filter: sides.filter,
    listed,
    log: ws.log,
    signal: hooks.signal,
    onProgress: hooks.onProgress
  })
  const result = analysed(ws, plan, run, { sides, listed, counted, measured, split })
  if (lost) result.report.suite.warnings.unshift({ level: 'warning', code: 'counts-failed', message: lost })
  if (duet) result.report.suite.warnings.push({ level: 'info', code: 'design-duet', message: duetText(duet) })
  return result
}

/**
 * The count pass, when measured. Under `--measure auto` counts are a bonus: a pass that fails (e.g. a
 * binary valgrind cannot run) is said once and the run goes on timing every benchmark (docs/budget.md).
 */
async function countsOf(
  ws: Workspace,
  plan: Config,
  sides: ProbedSides,
  listed: Parameters<typeof countBothSides>[3],
  signal: AbortSignal | undefined,
  optional: boolean
): Promise<{ counted: CountMeasurement | null; lost: string | null }> {
  if (plan.measure === 'time') return { counted: null, lost: null }
  try {
    return { counted: await countBothSides(ws, plan, sides, listed, signal), lost: null }
  } catch (e) {
    if (!optional || !(e instanceof JobError) || signal?.aborted) throw e
    const lost = `the count pass failed, so this run measured time only (--measure auto): ${e.message.split('\n')[0]}`
    ws.log.warn(lost)
    return { counted: null, lost }
  }
}

/** Which design ran, for the report and results.json: duet is an option, and its pairs are analysed as pairs. */
function duetText(duet: DuetChoice): string {
  return (
    `Design: duet — each benchmark's base and head ran at the same time, pinned to CPUs ${duet.cores.join(' and ')} ` +
    '(swapped every round), analysed as pairs (signed-rank test); an option, not the default (docs/VALIDATION.md "Duet")' +
    (duet.note ? `; ${duet.note.replace(/^--interleave duet: /, '')}` : '')
  )
}
