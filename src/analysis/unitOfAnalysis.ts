/**
 * The unit of analysis (docs/statistics.md §3): one value per process run — the median of its repetitions —
 * whenever each side has at least R_min runs; no pretest on the estimated design effect. Also drops
 * runs with an invalid value (§7), so one bad value costs one run, not the benchmark.
 */
import type { SampleIssue, Side } from '../samples/model.js'
import { median } from '../stats/summary.js'
import type { AnalysisLevel, AnalysisOptions, LevelReason, Observation } from './types.js'

/** Fewest runs per side at which a two-sided exact rank test can reach p < 0.01 (2/C(10, 5) = 0.0079). */
export const R_MIN = 5

export interface RunGroup {
  run: number
  round: number
  values: number[]
}

/** Groups a side's observations by run, in order of first appearance (time order). */
export function groupByRun(observations: readonly Observation[]): RunGroup[] {
  const byRun = new Map<number, RunGroup>()
  for (const o of observations) {
    let g = byRun.get(o.run)
    if (!g) byRun.set(o.run, (g = { run: o.run, round: o.round, values: [] }))
    g.values.push(o.value)
  }
  return [...byRun.values()]
}

/**
 * Removes every run that holds a zero, negative or non-finite value, with one sample issue per run.
 * A run is one process: a value it could not measure makes its median meaningless.
 */
export function dropInvalidRuns(
  benchmark: string,
  side: Side,
  observations: readonly Observation[]
): { kept: Observation[]; issues: SampleIssue[] } {
  const bad = new Map<number, Observation>()
  for (const o of observations)
    if (!(Number.isFinite(o.value) && o.value > 0) && !bad.has(o.run)) bad.set(o.run, o)
  if (bad.size === 0) return { kept: [...observations], issues: [] }
  const issues = [...bad.values()].map((o): SampleIssue => ({
    benchmark,
    side,
    round: o.round,
    run: o.run,
    kind: 'invalid',
    message: `time ${o.value} (repetition ${o.repetition + 1}) is not a positive finite number: this run was left out`
  }))
  return { kept: observations.filter((o) => !bad.has(o.run)), issues }
}

export interface LevelChoice {
  level: AnalysisLevel
  reason: LevelReason
  /** The values the test uses, per side, in time order. */
  values: Record<Side, number[]>
}

/**
 * One median per run when both sides have ≥ R_MIN runs (and the user did not force repetitions);
 * otherwise every repetition, marked so the verdict can be held at `inconclusive` (§3).
 */
export function chooseLevel(
  runs: Record<Side, RunGroup[]>,
  observations: Record<Side, readonly Observation[]>,
  opts: Pick<AnalysisOptions, 'level'>
): LevelChoice {
  const pooled = () => ({
    base: observations.base.map((o) => o.value),
    head: observations.head.map((o) => o.value)
  })
  if (opts.level === 'repetitions')
    return { level: 'repetitions', reason: 'forced-repetitions', values: pooled() }
  if (Math.min(runs.base.length, runs.head.length) < R_MIN)
    return { level: 'repetitions', reason: 'too-few-processes', values: pooled() }
  return {
    level: 'runs',
    reason: 'runs',
    values: { base: runs.base.map((g) => median(g.values)), head: runs.head.map((g) => median(g.values)) }
  }
}
