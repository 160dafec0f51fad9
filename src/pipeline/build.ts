/** The build step: head first (built, probed, --filter checked, the plan raised to what can decide), then base. */
import { resolve } from 'node:path'
import { checkFilterMatches, locateBinary, probeBinary, type ProbeResult } from '../build/binary.js'
import { unsupportedBy } from '../harness/types.js'
import type { BuildResult } from '../build/build.js'
import { buildBothSides } from '../build/sides.js'
import { requireRunOptions, type Config } from '../config/index.js'
import { JobError } from '../errors.js'
import { installLinkRecorder } from '../layout/capture.js'
import { planBeforeBase } from '../measure/headTiming.js'
import type { InterleaveChoice } from '../analysis/types.js'
import { isMeasurableName, type Side } from '../samples/model.js'
import type { PipelineHooks } from './types.js'
import { layoutDir, type Workspace } from './workspace.js'

/** Both sides built, head's binary probed, and the plan raised to what can decide anything. */
export interface Built {
  builds: Record<Side, BuildResult>
  /** What head's binary said it is (probed right after its build). */
  headProbe: ProbeResult
  /** The config with enough rounds (docs/statistics.md §10), and the message saying so, if raised. */
  plan: Config
  raised: string | null
  /** The time budget cannot reach n_min: what the run does about it (runPlan.ts). */
  budget: string | null
  /** What head lists under the run's filter (--filter or a shard's share). */
  headListed: readonly string[]
}

/**
 * Builds head first: a failed build, a wrong --binary or a filter matching nothing stops before the
 * base build; K is known once head is listed, so a plan too short to decide anything is raised then.
 */
export async function buildSides(
  ws: Workspace,
  config: Config,
  askedDesign: InterleaveChoice,
  baseSha: string,
  hooks: PipelineHooks,
  countsOptional = false
): Promise<Built> {
  const { build, binary } = requireRunOptions(config)
  let headProbe: ProbeResult | undefined
  let plan: Config = config
  let raised: string | null = null
  let budget: string | null = null
  let headListed: readonly string[] = []
  const afterHead = async (head: BuildResult) => {
    if (!head.ok) throw buildFailed('head', head)
    const probed = Date.now()
    const checked = await checkedHead(config, ws.trees.head, binary, ws.childEnv, countsOptional)
    headProbe = checked.probe
    headListed = checked.listed
    const timed = timeOnlyUnderAuto(config, checked.probe.kind, countsOptional, ws.log)
    // K, n_min and the rounds the budget allows, said before the base is built (docs/statistics.md §10).
    const k = checked.listed.filter(isMeasurableName).length
    ;({ plan, raised, budget } = await planBeforeBase(timed, askedDesign, k, {
      binary: locateBinary(ws.trees.head, binary),
      cwd: resolve(ws.trees.head, config.workingDirectory),
      kind: checked.probe.kind,
      workDir: ws.workDir,
      env: ws.childEnv,
      startSeconds: (Date.now() - probed) / 2000, // the probe ran two processes
      log: ws.log,
      signal: hooks.signal
    }))
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
  return { builds, headProbe: headProbe!, plan, raised, budget, headListed }
}

/** Head's binary located and probed, and --filter checked against it (JobError when it matches nothing). */
async function checkedHead(
  config: Config,
  tree: string,
  binary: string,
  env: NodeJS.ProcessEnv,
  countsOptional: boolean
): Promise<{ probe: ProbeResult; listed: readonly string[] }> {
  const path = locateBinary(tree, binary)
  const cwd = resolve(tree, config.workingDirectory)
  const probe = await probeBinary(path, cwd, { env, harness: config.harness })
  const unsupported = unsupportedBy(probe.kind, {
    measure: countsOptional ? 'time' : config.measure,
    shard: config.shard,
    metric: config.analysis.metric
  })
  if (unsupported) throw new JobError('invalid-option', unsupported, { subject: 'harness' })
  const listed = config.filter
    ? await checkFilterMatches(path, cwd, config.filter, probe.benchmarks, env, probe.kind)
    : probe.benchmarks
  return { probe, listed }
}

/** A failed build of `side`, with the end of its log. */
export function buildFailed(side: Side, build: BuildResult): JobError {
  const how = side === 'head' ? ` (exit ${build.exitCode ?? build.signal})` : ''
  return new JobError(
    'build-failed',
    `the ${side} build failed${how}; last lines of ${build.logPath}:\n${build.logTail}`
  )
}

/**
 * Under `--measure auto` a harness that cannot be counted (Catch2, nanobench: their iteration counts
 * follow the clock, docs/harnesses.md) is timed, said once; an explicit --measure counts|both is refused.
 */
function timeOnlyUnderAuto(
  config: Config,
  kind: ProbeResult['kind'],
  countsOptional: boolean,
  log: Workspace['log']
): Config {
  if (!countsOptional || config.measure === 'time' || unsupportedBy(kind, config) === null) return config
  log.info(`--measure auto: ${unsupportedBy(kind, config)} Measuring time only.`)
  return { ...config, measure: 'time' }
}
