/**
 * The main job, step by step: plan (commits, worktrees) -> build -> rounds (ABBA) -> parse -> analyse
 * -> report -> gate. Receives a Config and a Log; knows nothing of the Action or the terminal.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { FUTILITY_POWER } from './analysis/sequential.js'
import { analyzeSuite } from './analysis/suite.js'
import type { SuiteResult } from './analysis/types.js'
import { locateBinary, probeBinary, runBuild, type BuildResult } from './build/index.js'
import { baseBuildCacheKey, compilerIdentity, type BaseBuildCache } from './build/cache.js'
import type { Config } from './config.js'
import { JobError } from './errors.js'
import { createWorktrees, isDirty, resolveCommits, type Worktrees } from './git/index.js'
import type { Log } from './log.js'
import type { Report } from './report/model.js'
import {
  acquireHostLock,
  adaptiveMaxRounds,
  runAdaptive,
  type AdaptiveResult,
  planRounds,
  runRounds,
  stageBinaries,
  type RoundsOptions,
  type RoundsProgress,
  type RunResult
} from './run/index.js'
import type { Provenance, Sample, SampleIssue, Side } from './samples/model.js'
import { childEnvironment } from './process/childEnv.js'
import { collectRun } from './run/collect.js'
import { shellQuote } from './report/shellQuote.js'
import { planShard, shardRecord } from './shard/plan.js'

export interface PipelineHooks {
  /** Called after every benchmark process (warm-up included) with the running totals. */
  onProgress?: (
    result: RunResult,
    progress: RoundsProgress,
    partial: { samples: readonly Sample[]; issues: readonly SampleIssue[] }
  ) => void
  signal?: AbortSignal
  /** Restore the base build from this cache when possible, and save it after building. */
  baseBuildCache?: BaseBuildCache
}

export interface PipelineResult {
  report: Report
  /** Where the raw sample files were kept. */
  samplesDir: string
  /** Every sample measured (warm-up excluded), in the order measured; empty without a baseline. */
  samples: Sample[]
}

/**
 * Runs the whole job for one base/head pair.
 * @throws JobError (code 2: bad refs/options; code 3: head build failed, no samples, …)
 */
export async function runPipeline(
  config: Config,
  log: Log,
  hooks: PipelineHooks = {}
): Promise<PipelineResult> {
  if (!config.base)
    throw new JobError(
      2,
      'invalid-option',
      'benchgate run needs --base (a ref to compare against, e.g. origin/main)'
    )
  if (!config.build)
    throw new JobError(
      2,
      'invalid-option',
      "benchgate run needs --build (a shell command, e.g. 'cmake -B build && cmake --build build')"
    )
  if (!config.binary)
    throw new JobError(
      2,
      'invalid-option',
      'benchgate run needs --binary (the benchmark executable, relative to the repository)'
    )
  const build = config.build
  const binaryPath = config.binary

  const repoDir = resolve(config.repoDir)
  const commits = await log.group('Resolve commits', () =>
    resolveCommits({ repoDir, base: config.base!, head: config.head, mergeBase: config.mergeBase })
  )
  if (await isDirty(repoDir))
    log.warn('the repository has uncommitted changes: they are not measured (benchgate measures commits)')

  const workDir = config.workDir ? resolve(config.workDir) : mkdtempSync(join(tmpdir(), 'benchgate-'))
  mkdirSync(workDir, { recursive: true })
  const outDir = resolve(config.out)
  const samplesDir = join(outDir, 'samples')
  mkdirSync(samplesDir, { recursive: true })

  let worktrees: Worktrees | undefined
  try {
    worktrees = await log.group('Check out base and head', () =>
      createWorktrees({
        repoDir,
        workDir,
        baseSha: commits.baseSha,
        headSha: commits.headSha,
        keep: config.keepWorktrees,
        log
      })
    )
    const trees: Record<Side, string> = { base: worktrees.base, head: worktrees.head }
    // PR code (builds, probes, benchmarks) never sees the step's credentials; one env for both sides.
    const childEnv = childEnvironment()

    const builds = await log.group('Build', async () => {
      const out = {} as Record<Side, BuildResult>
      for (const side of ['base', 'head'] as const) {
        if (side === 'base' && hooks.baseBuildCache) {
          const cached = await restoreBaseBuild(
            hooks.baseBuildCache,
            trees.base,
            commits.baseSha,
            config,
            log
          )
          if (cached) {
            out.base = cached
            continue
          }
        }
        out[side] = await runBuild({
          side,
          cwd: trees[side],
          command: build,
          env: childEnv,
          log,
          logPath: join(outDir, `build-${side}.log`),
          timeoutMs: config.buildTimeoutSeconds * 1000,
          signal: hooks.signal
        })
        log.info(
          `${side} build ${out[side].ok ? 'succeeded' : 'FAILED'} in ${(out[side].durationMs / 1000).toFixed(1)} s`
        )
        if (side === 'base' && out.base.ok && hooks.baseBuildCache)
          await saveBaseBuild(hooks.baseBuildCache, trees.base, commits.baseSha, config, log)
      }
      return out
    })
    if (!builds.head.ok) {
      throw new JobError(
        3,
        'build-failed',
        `the head build failed (exit ${builds.head.exitCode ?? builds.head.signal}); last lines of ${builds.head.logPath}:\n${builds.head.logTail}`
      )
    }
    const runInfo = {
      base: { label: commits.baseRef, sha: commits.baseSha },
      head: { label: commits.headRef, sha: commits.headSha },
      mergeBase: commits.mergeBaseUsed,
      key: config.key,
      reproduce: reproduceLine(config, commits.baseSha, commits.headSha)
    }

    const cwdOf = (side: Side) => resolve(trees[side], config.workingDirectory)
    const headBinary = locateBinary(trees.head, binaryPath)
    const headProbe = await probeBinary(headBinary, cwdOf('head'), { env: childEnv })
    if (!builds.base.ok) {
      if (config.failOnBaseBuildFailure) {
        throw new JobError(
          3,
          'build-failed',
          `the base build failed; last lines of ${builds.base.logPath}:\n${builds.base.logTail}`
        )
      }
      log.warn('the base build failed: no baseline; every head benchmark is reported as new')
      return {
        report: noBaselineReport(config, runInfo, headProbe.benchmarks, builds.base),
        samplesDir,
        samples: []
      }
    }
    const baseBinary = locateBinary(trees.base, binaryPath)
    const baseProbe = await probeBinary(baseBinary, cwdOf('base'), { env: childEnv })
    // Both sides must be run the same way: bench-runner mode only when both binaries have it.
    const kind =
      baseProbe.kind === 'bench-runner' && headProbe.kind === 'bench-runner'
        ? 'bench-runner'
        : 'google-benchmark'

    // A shard measures only its share (the same split on every shard: the same head binary's list).
    const share = config.shard
      ? await log.group('Shard', () => planShard(config, headBinary, cwdOf('head'), log))
      : null
    const release = config.lockFile
      ? await acquireHostLock(resolve(config.lockFile), { log, signal: hooks.signal })
      : () => {}
    const samples: Sample[] = []
    const issues: SampleIssue[] = []
    const provenance: Record<Side, Provenance> = { base: {}, head: {} }
    let rounds
    let adaptive: AdaptiveResult | undefined
    try {
      const staged = stageBinaries({ workDir, base: baseBinary, head: headBinary })
      const measure: Omit<RoundsOptions, 'plan'> = {
        sides: {
          base: { binary: staged.base, cwd: cwdOf('base') },
          head: { binary: staged.head, cwd: cwdOf('head') }
        },
        samplesDir,
        env: childEnv,
        kind,
        repetitions: config.repetitions,
        minTimeSeconds: config.minTime,
        filter: share?.filter ?? config.filter ?? undefined,
        randomInterleaving: config.randomInterleaving,
        cpu: config.cpu ?? undefined,
        runTimeoutMs: config.runTimeoutSeconds * 1000,
        timeBudgetMs: config.timeBudgetSeconds === null ? undefined : config.timeBudgetSeconds * 1000,
        log,
        signal: hooks.signal,
        onRunComplete: (result, progress) => {
          if (!result.warmup) collectRun(result, samples, issues, provenance)
          hooks.onProgress?.(result, progress, { samples, issues })
        }
      }
      if (config.adaptive) {
        // Top-up rounds only for the benchmarks still unresolved (docs/adaptive.md).
        adaptive = await log.group('Measure (adaptive ABBA rounds)', () =>
          runAdaptive({
            ...measure,
            initialRounds: config.rounds,
            maxRounds: adaptiveMaxRounds(config.rounds, config.maxRounds),
            futilityPower: config.futilityPower,
            warmup: config.warmupRounds,
            analysis: config.analysis,
            snapshot: () => ({ samples, issues, provenance })
          })
        )
        rounds = adaptive.rounds
      } else {
        rounds = await log.group('Measure (ABBA rounds)', () =>
          runRounds({ ...measure, plan: planRounds({ rounds: config.rounds, warmup: config.warmupRounds }) })
        )
      }
    } finally {
      release()
    }
    if (samples.length === 0) {
      throw new JobError(
        3,
        'no-benchmarks',
        `no samples were measured (${issues.length} problem(s)); first: ${issues[0]?.message ?? 'none'}`
      )
    }
    const suite: SuiteResult =
      adaptive?.suite ?? analyzeSuite({ samples, issues, provenance }, config.analysis)
    const stoppedEarly =
      rounds.stoppedEarly === 'time-budget'
        ? `the time budget (${config.timeBudgetSeconds} s) ran out after ${rounds.completedRounds} of ${rounds.plannedRounds} rounds`
        : rounds.stoppedEarly === 'interrupted'
          ? `interrupted after ${rounds.completedRounds} rounds`
          : rounds.stoppedEarly === 'failures'
            ? `${rounds.failingSide} failed repeatedly after ${rounds.completedRounds} rounds`
            : null
    return {
      report: {
        suite,
        run: {
          ...runInfo,
          rounds: rounds.completedRounds,
          plannedRounds: rounds.plannedRounds,
          repetitions: config.repetitions,
          stoppedEarly,
          measuringSeconds: rounds.measuringMs / 1000,
          wallSeconds: rounds.wallMs / 1000,
          ...(share && { shard: shardRecord(share, samples, issues) }),
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
      },
      samplesDir,
      samples
    }
  } finally {
    worktrees?.cleanup()
    if (config.keepWorktrees && worktrees) log.info(`worktrees kept in ${workDir}`)
  }
}

/** The cache key of this base build (commit, command, binary, cached paths, compiler). */
function baseCacheKey(cache: BaseBuildCache, baseSha: string, config: Config): string {
  return baseBuildCacheKey({
    baseSha,
    build: config.build!,
    binary: config.binary!,
    paths: cache.paths,
    compiler: compilerIdentity()
  })
}

/** A cache hit counts only when the binary is really there afterwards; anything else means: build. */
async function restoreBaseBuild(
  cache: BaseBuildCache,
  tree: string,
  baseSha: string,
  config: Config,
  log: Log
): Promise<BuildResult | null> {
  const key = baseCacheKey(cache, baseSha, config)
  try {
    const hit = await cache.storage.restore(
      cache.paths.map((p) => resolve(tree, p)),
      key
    )
    if (!hit) {
      log.info(`base build cache: no entry for ${key}; building`)
      return null
    }
    locateBinary(tree, config.binary!)
    log.info(`base build cache: restored ${key}; the base build is skipped`)
    return {
      side: 'base',
      ok: true,
      exitCode: 0,
      signal: null,
      timedOut: false,
      durationMs: 0,
      logTail: '',
      logPath: '',
      outcome: 'restored from cache'
    }
  } catch (e) {
    log.warn(`base build cache: could not use ${key} (${(e as Error).message}); building instead`)
    return null
  }
}

async function saveBaseBuild(
  cache: BaseBuildCache,
  tree: string,
  baseSha: string,
  config: Config,
  log: Log
): Promise<void> {
  const key = baseCacheKey(cache, baseSha, config)
  try {
    await cache.storage.save(
      cache.paths.map((p) => resolve(tree, p)),
      key
    )
    log.info(`base build cache: saved ${key}`)
  } catch (e) {
    log.warn(`base build cache: could not save ${key}: ${(e as Error).message}`)
  }
}

function noBaselineReport(
  config: Config,
  run: Report['run'],
  benchmarks: string[],
  base: BuildResult
): Report {
  const suite = analyzeSuite({ samples: [], headOnly: benchmarks }, config.analysis)
  suite.warnings.push({
    level: 'warning',
    code: 'no-baseline',
    message: `the base build failed, so there is no baseline (log: ${base.logPath}):\n${base.logTail.split('\n').slice(-5).join(' / ')}`
  })
  return { suite, run }
}

/** The command line that reproduces this run (display only). */
function reproduceLine(config: Config, baseSha: string, headSha: string): string {
  const args = [
    'npx',
    'benchgate',
    'run',
    '--base',
    baseSha.slice(0, 12),
    '--head',
    headSha.slice(0, 12),
    '--no-merge-base',
    '--build',
    config.build!,
    '--binary',
    config.binary!
  ]
  if (config.rounds !== 20) args.push('--rounds', String(config.rounds))
  if (config.repetitions !== 3) args.push('--repetitions', String(config.repetitions))
  if (config.filter) args.push('--filter', config.filter)
  if (config.shard) args.push('--shard', `${config.shard.index}/${config.shard.count}`)
  if (config.shardWeights) args.push('--shard-weights', config.shardWeights)
  if (config.adaptive) args.push('--adaptive')
  if (config.adaptive && config.maxRounds !== null) args.push('--max-rounds', String(config.maxRounds))
  if (config.adaptive && config.futilityPower !== FUTILITY_POWER)
    args.push('--futility-power', String(config.futilityPower))
  return args.map(shellQuote).join(' ')
}
