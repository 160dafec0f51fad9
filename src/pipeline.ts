/**
 * The main job, step by step: commits and worktrees -> build (head first) -> probe -> list -> count ->
 * rounds (ABBA) -> analyse -> the Report. Receives a Config and a Log; knows nothing of the Action or
 * the terminal. Writing the report and the gate are the callers' last step (commands/finish.ts,
 * action/publish.ts).
 */
import { installLinkRecorder } from './layout/capture.js'
import { layoutSetup } from './layout/setup.js'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { countSuite, withCounts, withSettled } from './analysis/countSuite.js'
import { timingSplitOf, type TimingSplit } from './analysis/budgetAllocation.js'
import { decidableRounds } from './analysis/decidability.js'
import { analyzeSuite, type SuiteInput } from './analysis/suite.js'
import { runDesign, type SuiteResult } from './analysis/types.js'
import { checkFilterMatches, locateBinary, probeBinary, type ProbeResult } from './build/binary.js'
import type { BuildResult } from './build/build.js'
import { buildBothSides } from './build/sides.js'
import type { BaseBuildCache } from './build/cache.js'
import { sameBuiltProgram, type SameProgramVerdict } from './build/sameProgram.js'
import { countOptionsOf, reproduceArgs, requireRunOptions, type Config } from './config/index.js'
import { measureCounts } from './counts/measureCounts.js'
import type { CountMeasurement } from './samples/countModel.js'
import { JobError } from './errors.js'
import { checkPersistedCredentials, type CredentialPolicy } from './git/credentials.js'
import { isDirty, resolveCommits } from './git/resolve.js'
import { createWorktrees, type Worktrees } from './git/worktrees.js'
import type { Log } from './log.js'
import { childEnvironment } from './process/childEnv.js'
import { onTerminate } from './process/terminate.js'
import type { Report } from './report/model.js'
import { shellQuote } from './report/shellQuote.js'
import { IDENTICAL_PROGRAM, NO_BASELINE, stoppedEarlyText } from './report/wording.js'
import {
  adaptiveMaxRounds,
  measureBothSides,
  usesBudget,
  type BinaryKind,
  type Measured,
  type RoundsProgress,
  type RunResult
} from './measure/index.js'
import { isMeasurableName, type Sample, type SampleIssue, type Side } from './samples/model.js'
import { SampleStore, type SampleList } from './samples/store.js'
import { resolvedMeasure } from './measure/measureMode.js'
import { listBenchmarks, planShard, shardRecord, type ShardShare } from './shard/plan.js'

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
  /** A credential in the checkout's git config: 'refuse' to build (the Action) or 'warn' (default). */
  credentials?: CredentialPolicy
}

export interface PipelineResult {
  report: Report
  /** Where the raw sample files were kept. */
  samplesDir: string
  /** Every sample measured (warm-up excluded); empty without a baseline. */
  samples: SampleList
}

/**
 * Runs the whole job for one base/head pair, step by step: resolve the commits, check them out,
 * build (head first), stop early when there is nothing to measure, probe, list, count, measure, analyse.
 * @throws JobError (code 2: bad refs/options; code 3: head build failed, no samples, …)
 */
export async function runPipeline(
  asked: Config,
  log: Log,
  hooks: PipelineHooks = {}
): Promise<PipelineResult> {
  const config = await resolvedMeasure(withRunDesign(asked), log)
  const { base } = requireRunOptions(config)
  const repoDir = resolve(config.repoDir)
  const commits = await log.group('Resolve commits', () =>
    resolveCommits({ repoDir, base, head: config.head, mergeBase: config.mergeBase })
  )
  const dirty = (await isDirty(repoDir))
    ? 'the repository has uncommitted changes: they are not measured (benchgate measures commits)'
    : null
  if (dirty) log.warn(dirty)
  // Before anything is checked out or built: the worktrees share this config (docs/security.md, defence 2).
  const credentials = await checkPersistedCredentials(repoDir, hooks.credentials ?? 'warn')
  for (const m of [credentials.warning, credentials.note]) if (m) log.warn(m)
  return inWorkspace(config, repoDir, commits, log, async (ws) => {
    const built = await buildSides(ws, config, commits.baseSha, hooks)
    const { plan } = built
    const run: Report['run'] = {
      base: { label: commits.baseRef, sha: commits.baseSha },
      head: { label: commits.headRef, sha: commits.headSha },
      mergeBase: commits.mergeBaseUsed,
      key: config.key,
      reproduce: reproduceLine(plan, asked, commits)
    }
    const result = await measureBuilt(ws, built, run, hooks)
    if (built.raised)
      result.report.suite.warnings.push({ level: 'info', code: 'rounds-raised', message: built.raised })
    // Said in the report and results.json too, not only on stderr: the numbers are of the commits.
    if (dirty) result.report.suite.warnings.push({ level: 'warning', code: 'dirty-tree', message: dirty })
    if (credentials.warning)
      result.report.suite.warnings.push({
        level: 'warning',
        code: 'persisted-credential',
        message: credentials.warning
      })
    return result
  })
}

/** Probe, list, count, measure and analyse what was built, unless there is nothing to measure. */
async function measureBuilt(
  ws: Workspace,
  built: Built,
  run: Report['run'],
  hooks: PipelineHooks
): Promise<PipelineResult> {
  const { plan } = built
  const unmeasured = await nothingToMeasure(ws, built, run)
  if (unmeasured) return { report: unmeasured, samplesDir: ws.samplesDir, samples: [] }
  const sides = await probeSides(ws, built)
  const listed = await listedUnder(sides.filter, sides.paths, sides.benchmarks, ws.childEnv, ws.log)
  // Counts first: a deterministic answer in minutes, before the timing rounds (which may take many).
  const counted = plan.measure === 'time' ? null : await countBothSides(ws, plan, sides, listed, hooks.signal)
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
    sides: sides.paths,
    kind: sides.kind,
    workDir: ws.workDir,
    samplesDir: ws.samplesDir,
    env: ws.childEnv,
    filter: sides.filter,
    listed,
    log: ws.log,
    signal: hooks.signal,
    onProgress: hooks.onProgress
  })
  return analysed(ws, plan, run, { sides, listed, counted, measured, split })
}

/** Where the job runs: the two checked-out trees, its folders, and the one environment both sides' children get. */
interface Workspace {
  trees: Record<Side, string>
  workDir: string
  outDir: string
  samplesDir: string
  /** PR code (builds, probes, benchmarks) never sees the step's credentials. */
  childEnv: NodeJS.ProcessEnv
  log: Log
}

/**
 * Checks out base and head in a work folder and runs `job` there; the worktrees and a temporary
 * work folder go on every exit path (Ctrl-C included).
 */
async function inWorkspace<T>(
  config: Config,
  repoDir: string,
  commits: { baseSha: string; headSha: string },
  log: Log,
  job: (ws: Workspace) => Promise<T>
): Promise<T> {
  const workDir = config.workDir ? resolve(config.workDir) : mkdtempSync(join(tmpdir(), 'benchgate-'))
  mkdirSync(workDir, { recursive: true })
  const removeWorkDir = () => {
    if (!config.workDir && !config.keepWorktrees) rmSync(workDir, { recursive: true, force: true })
  }
  let unregisterWorkDir = () => {}
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
    // Registered after the worktrees' own clean-up, so on Ctrl-C git removes them before the folder goes.
    unregisterWorkDir = onTerminate(removeWorkDir)
    const trees = { base: worktrees.base, head: worktrees.head }
    return await job({ trees, workDir, outDir, samplesDir, childEnv: childEnvironment(), log })
  } finally {
    worktrees?.cleanup()
    unregisterWorkDir()
    removeWorkDir()
    if (config.keepWorktrees && worktrees) log.info(`worktrees kept in ${workDir}`)
  }
}

/** Both sides built, head's binary probed, and the plan raised to what can decide anything. */
interface Built {
  builds: Record<Side, BuildResult>
  /** What head's binary said it is (probed right after its build). */
  headProbe: ProbeResult
  /** The config with enough rounds (docs/statistics.md §10), and the message saying so, if raised. */
  plan: Config
  raised: string | null
  /** What head lists under the run's filter (--filter or a shard's share). */
  headListed: readonly string[]
}

/**
 * Builds head first: a failed build, a wrong --binary or a filter matching nothing stops before the
 * base build; K is known once head is listed, so a plan too short to decide anything is raised then.
 */
async function buildSides(
  ws: Workspace,
  config: Config,
  baseSha: string,
  hooks: PipelineHooks
): Promise<Built> {
  const { build, binary } = requireRunOptions(config)
  let headProbe: ProbeResult | undefined
  let plan: Config = config
  let raised: string | null = null
  let headListed: readonly string[] = []
  const afterHead = async (head: BuildResult) => {
    if (!head.ok) throw buildFailed('head', head)
    const checked = await checkedHead(config, ws.trees.head, binary, ws.childEnv)
    headProbe = checked.probe
    headListed = checked.listed
    ;({ plan, raised } = decidablePlan(config, checked.listed.filter(isMeasurableName).length))
    if (raised) ws.log.warn(raised)
  }
  // --randomize-layout: the builds record their links, and the base is built (a cached build recorded none).
  if (config.randomizeLayout && hooks.baseBuildCache)
    ws.log.info('--randomize-layout: the base build cache is not used')
  const builds = await ws.log.group('Build', () =>
    buildBothSides({
      trees: ws.trees,
      baseSha,
      command: build,
      binary,
      env: config.randomizeLayout ? { ...ws.childEnv, ...installLinkRecorder(layoutDir(ws)) } : ws.childEnv,
      outDir: ws.outDir,
      timeoutMs: config.buildTimeoutSeconds * 1000,
      signal: hooks.signal,
      cache: config.randomizeLayout ? undefined : hooks.baseBuildCache,
      log: ws.log,
      afterHead
    })
  )
  return { builds, headProbe: headProbe!, plan, raised, headListed }
}

/** The report when there is nothing to measure: no baseline (the base build failed), or the same program on both sides. */
async function nothingToMeasure(
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

/** The two binaries as they will run: where, how (bench-runner or Google Benchmark), and under which filter. */
interface ProbedSides {
  paths: Record<Side, { binary: string; cwd: string }>
  kind: BinaryKind
  /** What each binary lists without a filter. */
  benchmarks: Record<Side, readonly string[]>
  /** A shard's share, or --filter. */
  filter: string | undefined
  share: ShardShare | null
}

/** Probes base's binary (head's was probed after its build) and, for a shard, plans its share. */
async function probeSides(ws: Workspace, { headProbe, plan }: Built): Promise<ProbedSides> {
  const paths = {
    base: {
      binary: locateBinary(ws.trees.base, plan.binary!),
      cwd: resolve(ws.trees.base, plan.workingDirectory)
    },
    head: {
      binary: locateBinary(ws.trees.head, plan.binary!),
      cwd: resolve(ws.trees.head, plan.workingDirectory)
    }
  }
  const baseProbe = await probeBinary(paths.base.binary, paths.base.cwd, { env: ws.childEnv })
  // A shard measures only its share (the same split on every shard: the same head binary's list).
  const share = plan.shard
    ? await ws.log.group('Shard', () => planShard(plan, paths.head.binary, paths.head.cwd, ws.log))
    : null
  return {
    paths,
    // Both sides must be run the same way: bench-runner mode only when both binaries have it.
    kind:
      baseProbe.kind === 'bench-runner' && headProbe.kind === 'bench-runner'
        ? 'bench-runner'
        : 'google-benchmark',
    benchmarks: { base: baseProbe.benchmarks, head: headProbe.benchmarks },
    filter: share?.filter ?? plan.filter ?? undefined,
    share
  }
}

/** The measured samples analysed (timing, with counts beside them when measured) into the report. */
function analysed(
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
  const both = counted ? withCounts(timed, counted, countOptionsOf(plan)) : timed
  const suite = counted && split ? withSettled(both, counted, countOptionsOf(plan), split.settled) : both
  const record = {
    ...run,
    ...roundsRecord(plan, measured),
    ...(sides.share && { shard: shardRecord(sides.share, samples, issues) })
  }
  return { report: { suite, run: record }, samplesDir: ws.samplesDir, samples: store }
}

/**
 * What each side's binary lists under the run's filter (a shard's share or --filter): a side whose
 * output was cut short lost exactly the listed benchmarks it has no sample of, so they are `failed`
 * there and not `new`/`removed` (SuiteInput.listed). Listing is one quick process per side; when it
 * fails the side goes without a list, and every benchmark missing on it, if it was cut short, counts as lost.
 */
async function listedUnder(
  filter: string | undefined,
  sides: Record<Side, { binary: string; cwd: string }>,
  unfiltered: Record<Side, readonly string[]>,
  env: NodeJS.ProcessEnv,
  log: Log
): Promise<NonNullable<SuiteInput['listed']>> {
  // A longer name is refused when read (an issue of its own), never a benchmark.
  const measurable = (names: readonly string[]) => names.filter(isMeasurableName)
  if (!filter) return { base: measurable(unfiltered.base), head: measurable(unfiltered.head) }
  const listed: NonNullable<SuiteInput['listed']> = {}
  for (const side of ['base', 'head'] as const) {
    try {
      listed[side] = measurable(await listBenchmarks(sides[side].binary, sides[side].cwd, filter, env))
    } catch (e) {
      log.warn(`${e instanceof Error ? e.message : String(e)} Going on without the ${side} list.`)
    }
  }
  return listed
}

/** Count mode's passes over the benchmarks each side lists under the filter. */
function countBothSides(
  ws: Workspace,
  plan: Config,
  sides: ProbedSides,
  listed: NonNullable<SuiteInput['listed']>,
  signal: AbortSignal | undefined
): Promise<CountMeasurement> {
  return ws.log.group('Count instructions (valgrind)', () =>
    measureCounts({
      // A side whose list could not be taken expects nothing: its lost benchmarks go unnamed.
      sides: {
        base: { ...sides.paths.base, benchmarks: listed.base ?? [] },
        head: { ...sides.paths.head, benchmarks: listed.head ?? [] }
      },
      env: ws.childEnv,
      filter: sides.filter,
      dir: ws.samplesDir,
      timeoutMs: countTimeoutMs(plan),
      log: ws.log,
      signal
    })
  )
}

/** A count pass runs the whole suite under valgrind (tens of times slower): far more than one timed run. */
function countTimeoutMs(config: Config): number {
  return Math.max(1800, config.runTimeoutSeconds * 10) * 1000
}

/** Head's binary located and probed, and --filter checked against it (JobError when it matches nothing). */
async function checkedHead(
  config: Config,
  tree: string,
  binary: string,
  env: NodeJS.ProcessEnv
): Promise<{ probe: ProbeResult; listed: readonly string[] }> {
  const path = locateBinary(tree, binary)
  const cwd = resolve(tree, config.workingDirectory)
  const probe = await probeBinary(path, cwd, { env })
  const listed = config.filter
    ? await checkFilterMatches(path, cwd, config.filter, probe.benchmarks, env)
    : probe.benchmarks
  return { probe, listed }
}

/**
 * The plan with enough rounds that a benchmark can be decided at all (docs/statistics.md §10): with K
 * benchmarks the exact test needs n runs per side with 2/C(2n, n) ≤ α/K. Said before measuring.
 */
function decidablePlan(config: Config, k: number): { plan: Config; raised: string | null } {
  const unchanged = { plan: config, raised: null }
  if (k === 0 || config.measure === 'counts') return unchanged
  const maxRounds = config.adaptive ? adaptiveMaxRounds(config.rounds, config.maxRounds) : undefined
  const { rounds, decidability } = decidableRounds(k, config.analysis, config.rounds, maxRounds)
  if (rounds <= config.rounds) return unchanged
  const raised =
    `${k} benchmark(s) at α = ${config.analysis.alpha}${config.analysis.correction === 'none' ? '' : ` (${config.analysis.correction})`}: ` +
    `no benchmark can be decided with fewer than ${decidability.minRuns} runs per side (the exact test's ` +
    `smallest p must reach ${decidability.testLevel.toPrecision(2)}); raising --rounds from ${config.rounds} to ${rounds}` +
    (rounds < decidability.minRuns
      ? `; that is --max-rounds, and still too few: raise --max-rounds to at least ${decidability.minRuns} to decide anything`
      : '')
  const plan = {
    ...config,
    rounds,
    ...(maxRounds !== undefined && { maxRounds: Math.max(maxRounds, rounds) })
  }
  return { plan, raised }
}

/** Where --randomize-layout keeps its link recorder, recorded links and relink scratch. */
function layoutDir(ws: Workspace): string {
  return join(ws.workDir, 'layout')
}

/** A failed build of `side`, with the end of its log. */
function buildFailed(side: Side, build: BuildResult): JobError {
  const how = side === 'head' ? ` (exit ${build.exitCode ?? build.signal})` : ''
  return new JobError(
    'build-failed',
    `the ${side} build failed${how}; last lines of ${build.logPath}:\n${build.logTail}`
  )
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

/** The design measured, and so the test (§13): `auto` is per-benchmark interleaving. */
function withRunDesign(asked: Config): Config {
  return { ...asked, analysis: { ...asked.analysis, interleave: runDesign(asked.analysis.interleave) } }
}

/**
 * The command line that reproduces this run (display only): the options that differ from their
 * defaults, the design as the user asked for it (`auto` stays implicit).
 */
function reproduceLine(plan: Config, asked: Config, commits: { baseSha: string; headSha: string }): string {
  const { baseSha, headSha } = commits
  const config = { ...plan, analysis: { ...plan.analysis, interleave: asked.analysis.interleave } }
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
    config.binary!,
    ...reproduceArgs(config)
  ]
  return args.map(shellQuote).join(' ')
}
