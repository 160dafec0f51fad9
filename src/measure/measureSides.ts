/**
 * Measures both sides as the config says: fixed ABBA rounds, or adaptive rounds that stop per
 * benchmark once it is resolved; under the host lock when one is configured. Collects every run's
 * samples, issues and provenance as it finishes (so an interrupted run keeps what it measured).
 */
import { resolve } from 'node:path'
import type { Config } from '../config/index.js'
import type { SuiteInput } from '../analysis/suite.js'
import type { Log } from '../log.js'
import type { Provenance, Sample, SampleIssue, Side } from '../samples/model.js'
import { adaptiveMaxRounds, runAdaptive, type AdaptiveResult } from './adaptive.js'
import type { BinaryKind, RunResult } from './benchmark.js'
import type { Catalog } from '../harness/types.js'
import { collectRun } from './collect.js'
import { acquireHostLock } from './lock.js'
import { planRounds } from './plan.js'
import { runRounds, type RoundsOptions, type RoundsProgress, type RoundsResult } from './rounds.js'
import { stageBinaries } from './stage.js'
import type { DuetCores } from './duet.js'
import { JobError } from '../errors.js'
import { roundLayouts, type LayoutSetup } from '../layout/roundLayouts.js'
import type { LayoutRunInfo } from '../report/model.js'

export interface MeasureSidesOptions {
  /** Each side's built binary and the folder it runs in. */
  sides: Record<Side, { binary: string; cwd: string }>
  kind: BinaryKind
  /** Catch2 and nanobench: the benchmarks both sides listed, to select them by name. */
  catalog?: Catalog
  /** Scratch folder for the staged copies of the binaries. */
  workDir: string
  samplesDir: string
  env: NodeJS.ProcessEnv
  /** Benchmark filter (a shard's share, or --filter). */
  filter?: string
  /** What each side's binary lists under the filter (SuiteInput.listed), for the adaptive looks. */
  listed?: SuiteInput['listed']
  /** The budget design: the benchmarks that get timing rounds (the count pass settled the rest); default all. */
  timed?: readonly string[]
  /** --interleave duet: the two CPUs each pair's base and head run on at the same time (duet.ts). */
  duet?: DuetCores
  /** --randomize-layout: relink both binaries with a fresh layout before every round. */
  layout?: LayoutSetup
  log: Log
  signal?: AbortSignal
  onProgress?: (
    result: RunResult,
    progress: RoundsProgress,
    partial: { samples: readonly Sample[]; issues: readonly SampleIssue[] }
  ) => void
}

export interface Measured {
  samples: Sample[]
  issues: SampleIssue[]
  provenance: Record<Side, Provenance>
  rounds: RoundsResult
  /** The adaptive design's result (its suite analysis included), when --adaptive. */
  adaptive?: AdaptiveResult
  /** --randomize-layout: the seed, the layouts drawn and what relinking cost. */
  layout?: LayoutRunInfo
}

/** What per-benchmark interleaving runs on each side: what its binary listed under the filter. */
function perBenchmarkUnits(listed: MeasureSidesOptions['listed']): Record<Side, readonly string[]> {
  if (!listed?.base || !listed.head)
    throw new JobError(
      'invalid-option',
      '--interleave benchmark needs the benchmarks each side lists (--benchmark_list_tests); this binary did not list them.',
      { subject: 'interleave' }
    )
  return { base: listed.base, head: listed.head }
}

export async function measureBothSides(config: Config, options: MeasureSidesOptions): Promise<Measured> {
  const { log } = options
  const release = config.lockFile
    ? await acquireHostLock(resolve(config.lockFile), { log, signal: options.signal })
    : () => {}
  const samples: Sample[] = []
  const issues: SampleIssue[] = []
  const provenance: Record<Side, Provenance> = { base: {}, head: {} }
  try {
    const staged = stageBinaries({
      workDir: options.workDir,
      base: options.sides.base.binary,
      head: options.sides.head.binary
    })
    const layouts = options.layout ? roundLayouts(options.layout, staged, log) : null
    if (options.kind === 'nanobench' && config.analysis.interleave === 'benchmark')
      log.warn(
        'nanobench cannot run one benchmark alone: each per-benchmark process runs the whole suite and keeps one value ' +
          '(--interleave suite runs the suite once per side and round)'
      )
    const measure: Omit<RoundsOptions, 'plan'> = {
      sides: {
        base: { binary: staged.base, cwd: options.sides.base.cwd },
        head: { binary: staged.head, cwd: options.sides.head.cwd }
      },
      samplesDir: options.samplesDir,
      ...(config.analysis.interleave === 'benchmark' && { perBenchmark: perBenchmarkUnits(options.listed) }),
      ...(options.duet && { duet: options.duet }),
      env: options.env,
      kind: options.kind,
      ...(options.catalog && { catalog: options.catalog }),
      repetitions: config.repetitions,
      minTimeSeconds: config.minTime,
      filter: options.filter,
      randomInterleaving: config.randomInterleaving,
      cpu: config.cpu ?? undefined,
      runTimeoutMs: config.runTimeoutSeconds * 1000,
      timeBudgetMs: config.timeBudgetSeconds === null ? undefined : config.timeBudgetSeconds * 1000,
      log,
      signal: options.signal,
      ...(layouts && { beforeRound: layouts.before }),
      onRunComplete: (result, progress) => {
        if (!result.warmup) collectRun(result, samples, issues, provenance)
        options.onProgress?.(result, progress, { samples, issues })
      }
    }
    const budget = usesBudget(config)
    if (!config.adaptive && !budget) {
      const rounds = await log.group(`Measure (ABBA rounds${options.duet ? ', duet' : ''})`, () =>
        runRounds({ ...measure, plan: planRounds({ rounds: config.rounds, warmup: config.warmupRounds }) })
      )
      return { samples, issues, provenance, rounds, ...(layouts && { layout: layouts.record() }) }
    }
    // Top-up rounds only for the benchmarks still unresolved (docs/adaptive.md).
    const adaptive = await log.group(`Measure (adaptive ABBA rounds${options.duet ? ', duet' : ''})`, () =>
      runAdaptive({
        ...measure,
        initialRounds: config.rounds,
        maxRounds: adaptiveMaxRounds(config.rounds, config.maxRounds),
        futilityPower: config.futilityPower,
        ...(budget && { budget: { ...(options.timed && { timed: options.timed }) } }),
        warmup: config.warmupRounds,
        analysis: config.analysis,
        snapshot: () => ({ samples, issues, provenance, listed: timedListed(options.listed, options.timed) })
      })
    )
    return {
      samples,
      issues,
      provenance,
      rounds: adaptive.rounds,
      adaptive,
      ...(layouts && { layout: layouts.record() })
    }
  } finally {
    release()
  }
}

/** The budget design is in force: asked for, and not a shard (shards are merged as fixed-round runs). */
export function usesBudget(config: Pick<Config, 'budget' | 'shard'>): boolean {
  return config.budget && config.shard === null
}

/** What each side lists, narrowed to the timed benchmarks (the untimed are judged by counts, not lost). */
function timedListed(
  listed: MeasureSidesOptions['listed'],
  timed: readonly string[] | undefined
): MeasureSidesOptions['listed'] {
  if (!listed || !timed) return listed
  const keep = new Set(timed)
  return {
    ...(listed.base && { base: listed.base.filter((n) => keep.has(n)) }),
    ...(listed.head && { head: listed.head.filter((n) => keep.has(n)) })
  }
}
