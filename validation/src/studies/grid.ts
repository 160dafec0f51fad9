/**
 * The suite-wide error grid (issue 12, docs/VALIDATION.md "Suite-wide false alarms"): simulated
 * suites of 50 benchmarks, analysed by the shipped `analyzeSuite` at α = 0.01, over
 * ICC × rounds × repetitions. Per cell:
 * - A/A suites (nothing changed): the share with any benchmark called *regression* or *improvement*
 *   (a gate failure or a claimed change) — the family-wise false-alarm rate the docs promise ≤ α —
 *   with its Clopper-Pearson band;
 * - mixed suites (10 benchmarks at +2.5%, 10 at +5%, 10 at +10%, 20 unchanged): detection of +5% and
 *   +10% (*regression*) and how often a +2.5% change (more than δ = 2%) was called *negligible*.
 *
 * The noise is the study's noise model (noiseModel.ts) reduced to its two variance components — a
 * process random effect (one draw per benchmark per process) and repetition noise within a process —
 * so the ICC of repetitions within a process is exactly the cell's. Drift, contention and outliers
 * are off: this checks the statistics on the model they assume, not a machine. Seeds depend only on
 * the cell and the replication, so two analyses (before/after a change of src/analysis) see the
 * same simulated data.
 */
import { execFileSync } from 'node:child_process'
import { analyzeSuite } from '../../../src/analysis/suite.js'
import type { Verdict } from '../../../src/analysis/types.js'
import {
  createSession,
  NOISE_PRESETS,
  simulateAbba,
  type NoiseModel,
  type SimBenchmark
} from '../model/noiseModel.js'
import { seedOf, SIM_LAMBDA_NS } from './simulation.js'

export const GRID_ICCS = [0.05, 0.15, 0.3, 0.6] as const
export const GRID_ROUNDS = [6, 10, 20] as const
export const GRID_REPETITIONS = [1, 3, 8] as const
export const GRID_BENCHMARKS = 50
export const GRID_ALPHA = 0.01
/**
 * Total sd of ln(value) per repetition: 5%, a noisy benchmark. Large enough that a significant
 * A/A difference usually exceeds δ = 2%, so the δ rule does not hide a miscalibrated test (at 1–2%
 * noise it would, and the grid would show nothing about the test).
 */
export const GRID_SD_LOG = 0.05
/** True changes of the mixed suites: how many benchmarks of each (summing to GRID_BENCHMARKS). */
export const MIXED_CHANGES: ReadonlyArray<{ change: number; count: number }> = [
  { change: 0, count: 20 },
  { change: 0.025, count: 10 },
  { change: 0.05, count: 10 },
  { change: 0.1, count: 10 }
]

export interface GridCellSpec {
  icc: number
  rounds: number
  repetitions: number
}

/** One benchmark's result in one simulated suite. */
export interface BenchmarkOutcome {
  trueChange: number
  verdict: Verdict
  /** 'runs' or 'repetitions' (the analysis level used). */
  level: string
}

/** Verdict counts of all benchmarks with one true change, over a cell's suites. */
export interface ChangeTally {
  trueChange: number
  benchmarks: number
  verdicts: Partial<Record<Verdict, number>>
  /** Benchmarks analysed at the run level (one value per process). */
  runLevel: number
}

/** A set of suites (one cell, one kind) added up. */
export interface SuiteTally {
  suites: number
  /** Suites with at least one unchanged benchmark called regression or improvement. */
  anyFalseAlarm: number
  /** Suites with at least one unchanged benchmark called regression, improvement or negligible. */
  anySignificant: number
  byChange: ChangeTally[]
}

export interface GridCellResult extends GridCellSpec {
  aa: SuiteTally
  mixed: SuiteTally
  seconds: number
}

export interface GridResults {
  /** 'before' / 'after' a change of the analysis, or any label. */
  label: string
  /** git HEAD of the analysed code when the grid ran. */
  commit: string
  date: string
  seed: number
  sdLog: number
  benchmarks: number
  alpha: number
  suitesPerCell: { aa: number; mixed: number }
  /** The analysis options analyzeSuite reported (defaults, α set). */
  options: Record<string, unknown>
  cells: GridCellResult[]
  durationSeconds: number
}

const ALARMS: readonly Verdict[] = ['regression', 'improvement']

/** The noise model of a cell: process effect and repetition noise only, ICC = σp² / (σp² + σr²). */
export function gridNoiseModel(icc: number, sdLog = GRID_SD_LOG): NoiseModel {
  if (!(icc >= 0 && icc <= 1)) throw new RangeError(`gridNoiseModel: icc in [0, 1], got ${icc}`)
  if (!(sdLog > 0)) throw new RangeError(`gridNoiseModel: sdLog > 0, got ${sdLog}`)
  return {
    ...NOISE_PRESETS.quiet,
    driftSigma: 0,
    wanderSigma: 0,
    burstRatePerHour: 0,
    outlierProbability: 0,
    firstRepetitionShift: 0,
    processSigma: sdLog * Math.sqrt(icc),
    repetitionSigma: sdLog * Math.sqrt(1 - icc)
  }
}

/** Adds up suites: false alarms among unchanged benchmarks, verdict counts per true change. */
export function tallySuites(suites: readonly (readonly BenchmarkOutcome[])[]): SuiteTally {
  const byChange = new Map<number, ChangeTally>()
  let anyFalseAlarm = 0
  let anySignificant = 0
  for (const suite of suites) {
    let alarm = false
    let significant = false
    for (const b of suite) {
      let t = byChange.get(b.trueChange)
      if (!t)
        byChange.set(
          b.trueChange,
          (t = { trueChange: b.trueChange, benchmarks: 0, verdicts: {}, runLevel: 0 })
        )
      t.benchmarks++
      t.verdicts[b.verdict] = (t.verdicts[b.verdict] ?? 0) + 1
      if (b.level === 'runs') t.runLevel++
      if (b.trueChange === 0 && ALARMS.includes(b.verdict)) alarm = true
      if (b.trueChange === 0 && (ALARMS.includes(b.verdict) || b.verdict === 'negligible')) significant = true
    }
    if (alarm) anyFalseAlarm++
    if (significant) anySignificant++
  }
  return {
    suites: suites.length,
    anyFalseAlarm,
    anySignificant,
    byChange: [...byChange.values()].sort((a, b) => a.trueChange - b.trueChange)
  }
}

/** Count of one verdict among the benchmarks with a given true change (0 when none). */
export function verdictCount(t: SuiteTally, trueChange: number, verdict: Verdict): { x: number; n: number } {
  const c = t.byChange.find((b) => b.trueChange === trueChange)
  return { x: c?.verdicts[verdict] ?? 0, n: c?.benchmarks ?? 0 }
}

function suiteBenchmarks(changes: readonly number[]): SimBenchmark[] {
  return changes.map((change, i) => ({
    name: `BM_Grid/${String(i).padStart(2, '0')}`,
    lambdaNs: SIM_LAMBDA_NS,
    ratio: 1 + change
  }))
}

/** True changes of the benchmarks of one suite, in benchmark order. */
export function suiteChanges(kind: 'aa' | 'mixed', benchmarks = GRID_BENCHMARKS): number[] {
  if (kind === 'aa') return new Array<number>(benchmarks).fill(0)
  return MIXED_CHANGES.flatMap((m) => new Array<number>(m.count).fill(m.change))
}

/** One simulated suite measured by benchgate's ABBA rounds and analysed by analyzeSuite. */
export function runGridSuite(
  cell: GridCellSpec,
  changes: readonly number[],
  seed: number,
  sdLog = GRID_SD_LOG
): { outcomes: BenchmarkOutcome[]; options: Record<string, unknown> } {
  const benchmarks = suiteBenchmarks(changes)
  const samples = simulateAbba(createSession(gridNoiseModel(cell.icc, sdLog), seed), {
    benchmarks,
    rounds: cell.rounds,
    // The grid's noise has no time dependence, so a warm-up round would change nothing.
    warmupRounds: 0,
    repetitions: cell.repetitions,
    minTimeSeconds: 0.05
  })
  const res = analyzeSuite({ samples }, { alpha: GRID_ALPHA })
  const byName = new Map(res.comparisons.map((c) => [c.benchmark, c]))
  const outcomes = benchmarks.map((b, i) => {
    const c = byName.get(b.name)
    if (!c) throw new Error(`grid: analyzeSuite returned no comparison for ${b.name}`)
    return { trueChange: changes[i], verdict: c.verdict, level: c.level }
  })
  return { outcomes, options: { ...res.options } }
}

export interface GridOptions {
  label: string
  seed: number
  aaSuites: number
  mixedSuites: number
  cells?: readonly GridCellSpec[]
  sdLog?: number
  progress?: (msg: string) => void
}

export function allGridCells(): GridCellSpec[] {
  return GRID_ICCS.flatMap((icc) =>
    GRID_ROUNDS.flatMap((rounds) => GRID_REPETITIONS.map((repetitions) => ({ icc, rounds, repetitions })))
  )
}

/** The seed of one suite: depends on the cell and replication only (not on the analysis or the order). */
export function gridSeed(seed: number, cell: GridCellSpec, kind: 'aa' | 'mixed', r: number): number {
  return seedOf(
    seed,
    3000,
    Math.round(cell.icc * 1000),
    cell.rounds,
    cell.repetitions,
    kind === 'aa' ? 0 : 1,
    r
  )
}

function gitHead(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

export function runGrid(o: GridOptions): GridResults {
  const start = Date.now()
  const log = o.progress ?? (() => {})
  const sdLog = o.sdLog ?? GRID_SD_LOG
  const cells: GridCellResult[] = []
  let options: Record<string, unknown> = {}
  for (const cell of o.cells ?? allGridCells()) {
    const t0 = Date.now()
    const runKind = (kind: 'aa' | 'mixed', count: number): SuiteTally => {
      const changes = suiteChanges(kind)
      const suites: BenchmarkOutcome[][] = []
      for (let r = 0; r < count; r++) {
        const s = runGridSuite(cell, changes, gridSeed(o.seed, cell, kind, r), sdLog)
        suites.push(s.outcomes)
        options = s.options
      }
      return tallySuites(suites)
    }
    const aa = runKind('aa', o.aaSuites)
    const mixed = runKind('mixed', o.mixedSuites)
    const seconds = (Date.now() - t0) / 1000
    cells.push({ ...cell, aa, mixed, seconds })
    const det = (c: number) => verdictCount(mixed, c, 'regression')
    log(
      `grid ICC ${cell.icc} ${cell.rounds}×${cell.repetitions}: A/A ${aa.anyFalseAlarm}/${aa.suites} suites; ` +
        `+5% ${det(0.05).x}/${det(0.05).n}, +10% ${det(0.1).x}/${det(0.1).n}, ` +
        `+2.5% negligible ${verdictCount(mixed, 0.025, 'negligible').x} (${seconds.toFixed(1)} s)`
    )
  }
  const { seed: _seed, ...shownOptions } = options
  return {
    label: o.label,
    commit: gitHead(),
    date: new Date().toISOString(),
    seed: o.seed,
    sdLog,
    benchmarks: GRID_BENCHMARKS,
    alpha: GRID_ALPHA,
    suitesPerCell: { aa: o.aaSuites, mixed: o.mixedSuites },
    options: shownOptions,
    cells,
    durationSeconds: (Date.now() - start) / 1000
  }
}
