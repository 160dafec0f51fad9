/** The analyse step: the measured samples (and counts) into the Report, with what results.json records of the rounds. */
import { budgetEndedUndecided } from '../measure/runPlan.js'
import { withCounts, withSettled } from '../analysis/countSuite.js'
import type { TimingSplit } from '../analysis/budgetAllocation.js'
import { analyzeSuite, type SuiteInput } from '../analysis/suite.js'
import type { SuiteResult } from '../analysis/types.js'
import { countOptionsOf, type Config } from '../config/index.js'
import { JobError } from '../errors.js'
import type { Measured } from '../measure/index.js'
import type { Report } from '../report/model.js'
import { stoppedEarlyText } from '../report/wording.js'
import type { CountMeasurement } from '../samples/countModel.js'
import { SampleStore } from '../samples/store.js'
import { shardRecord } from '../shard/plan.js'
import type { ProbedSides } from './probe.js'
import type { PipelineResult } from './types.js'
import type { Workspace } from './workspace.js'

/** The measured samples analysed (timing, with counts beside them when measured) into the report. */
export function analysed(
  ws: Workspace,
  plan: Config,
  run: Report['run'],
  {
    sides,
    listed,
    counted,
    measured,
    split
  }: {
    sides: ProbedSides
    listed: NonNullable<SuiteInput['listed']>
    counted: CountMeasurement | null
    measured: Measured
    split: TimingSplit | null
  }
): PipelineResult {
  const { samples, issues, provenance, adaptive } = measured
  // Benchmarks that all reported errors or skips are results (skipped or failed), not a job that could not run.
  if (samples.length === 0 && !issues.some((i) => i.kind === 'error' || i.kind === 'skipped')) {
    throw new JobError(
      'no-benchmarks',
      `no samples were measured (${issues.length} problem(s)); first: ${issues[0]?.message ?? 'none'}`
    )
  }
  // One compact store for the analysis and, through the result, the HTML report's plots.
  const store = SampleStore.of(samples)
  const timed: SuiteResult =
    adaptive?.suite ?? analyzeSuite({ samples: store, issues, provenance, listed }, plan.analysis)
  const undecidable = budgetEndedUndecided(timed, measured.rounds, plan.timeBudgetSeconds)
  if (undecidable) timed.warnings.unshift(undecidable)
  const both = counted ? withCounts(timed, counted, countOptionsOf(plan)) : timed
  const suite = counted && split ? withSettled(both, counted, countOptionsOf(plan), split.settled) : both
  const record = {
    ...run,
    ...roundsRecord(plan, measured),
    ...(sides.share && { shard: shardRecord(sides.share, samples, issues) })
  }
  return { report: { suite, run: record }, samplesDir: ws.samplesDir, samples: store }
}

/** What results.json records of the rounds: how many, why they stopped, time used, the adaptive design. */
function roundsRecord(config: Config, { rounds, adaptive, layout }: Measured): Partial<Report['run']> {
  return {
    rounds: rounds.completedRounds,
    plannedRounds: rounds.plannedRounds,
    repetitions: config.repetitions,
    stoppedEarly: stoppedEarlyText(rounds, config.timeBudgetSeconds),
    measuringSeconds: rounds.measuringMs / 1000,
    wallSeconds: rounds.wallMs / 1000,
    ...(layout && { layout }),
    ...(adaptive && {
      adaptive: {
        looks: adaptive.summary.looks,
        maxRounds: adaptive.summary.maxRounds,
        benchmarkSecondsUsed: adaptive.summary.benchmarkSecondsUsed,
        benchmarkSecondsIfFixed: adaptive.summary.benchmarkSecondsIfFixed,
        saved: adaptive.summary.saved
      }
    })
  }
}
