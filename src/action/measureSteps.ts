/**
 * The steps of the modes that measure (`run`, `measure`, and a shard of either): which commits, with
 * which options, the pipeline with a line per finished round, and the artifacts they leave.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Config } from '../config/index.js'
import { ConfigError } from '../errors.js'
import { ensureHistory } from '../git/fetch.js'
import { forkRefusal, refsFromEvent, type EventRefs } from '../github/event.js'
import { handOverArtifactName, writeHandOver } from '../github/handOver.js'
import type { Log } from '../log.js'
import { formatEta } from '../measure/index.js'
import type { WrittenOutputs } from '../output.js'
import { runPipeline, type PipelineResult } from '../pipeline/index.js'
import type { Report } from '../report/model.js'
import { readConfigFromBase } from './baseConfig.js'
import { applyConfigFile, type ActionSettings } from './inputs.js'
import { hostSystem, installMissing } from './install.js'
import { setCountOutputs } from './publish.js'
import { uploadShard } from './shards.js'
import type { ActionContext } from './types.js'

export type MeasuredRefs = EventRefs & { base: string }

/**
 * Base and head from the event and the inputs, or null when a push has nothing to compare with (the
 * summary says so). A fork's head under a privileged event is refused before anything is fetched.
 * @throws ConfigError for a refused fork or a missing base
 */
export async function refsToMeasure({
  settings,
  env,
  payload,
  io
}: ActionContext): Promise<MeasuredRefs | null> {
  const refusal = forkRefusal(env.eventName, payload)
  if (refusal) throw new ConfigError(refusal)
  const refs = refsFromEvent(
    env.eventName,
    payload,
    { base: settings.explicitBase, head: settings.explicitHead },
    env.sha
  )
  if (refs.base) return { ...refs, base: refs.base }
  const reason = refs.noBaseReason ?? 'no base commit'
  if (env.eventName !== 'push') throw new ConfigError(reason)
  // A branch's first push: nothing to compare with; that is not an error.
  await io.appendSummary(`### benchgate: nothing to compare\n\n${reason}.\n`)
  setCountOutputs(io, null)
  return null
}

/** Fetches the history both refs need, layers the base commit's config file, installs build tools. */
export async function configForRefs(settings: ActionSettings, refs: MeasuredRefs, log: Log): Promise<Config> {
  const repoDir = settings.config.repoDir
  await log.group('Fetch history', () => ensureHistory(repoDir, [refs.base, refs.head], log))
  const fileOptions = await readConfigFromBase(repoDir, refs.base, refs.head, settings.configFile, log)
  const config: Config = {
    ...applyConfigFile(settings, fileOptions),
    base: refs.base,
    head: refs.head,
    mergeBase: settings.mergeBaseInput ?? refs.mergeBase
  }
  // valgrind only when counts are measured (a large package nobody else needs)
  const features = new Set(config.measure === 'time' ? [] : ['valgrind'])
  await log.group('Install build tools', () => installMissing(settings.install, features, hostSystem(), log))
  return config
}

/** The pipeline, with the base build cached when the runner has a cache, logging each finished round. */
export async function measureRefs(
  config: Config,
  refs: MeasuredRefs,
  { settings, services, io: { log } }: ActionContext
): Promise<PipelineResult> {
  const cacheStorage = settings.cacheBaseBuild ? services.cache() : null
  if (settings.cacheBaseBuild && !cacheStorage)
    log.info('base build cache: no cache service here; building both sides')
  const measured = await runPipeline(config, log, {
    credentials: 'refuse', // a token left in the checkout's config is the job's (docs/security.md, defence 2)
    baseBuildCache: cacheStorage ? { storage: cacheStorage, paths: settings.cachePaths } : undefined,
    onProgress: (result, progress, partial) => {
      if (!progress.roundDone) return
      const round = result.warmup ? 'warm-up round' : `round ${result.round + 1}`
      log.info(
        `${round} done · ${progress.completedRuns}/${progress.plannedRuns} runs · ${partial.samples.length} samples · ETA ${formatEta(progress.etaMs)}`
      )
    }
  })
  if (refs.baseLabel) measured.report.run.base.label = refs.baseLabel
  if (refs.headLabel) measured.report.run.head.label = refs.headLabel
  return measured
}

/** A shard's report is partial (K = its share): upload it for the merging job, which comments, sets the check and gates. */
export async function uploadShardResults(
  config: Config,
  refs: EventRefs,
  report: Report,
  written: WrittenOutputs,
  { settings, services, io: { log } }: ActionContext
): Promise<void> {
  const store = services.artifacts()
  if (!store) {
    log.info('no artifact service here: merge the shards with benchgate merge')
    return
  }
  await uploadShard(
    store,
    written.dir,
    {
      index: config.shard!.index,
      key: config.key,
      pullNumber: refs.pullNumber,
      headSha: report.run.head.sha ?? '',
      retentionDays: settings.retentionDays
    },
    log
  )
}

/** `measure` mode's hand-over for the comment job, and the report and samples when `upload-artifacts` asks. */
export async function uploadArtifacts(
  measured: PipelineResult,
  written: WrittenOutputs,
  config: Config,
  pullNumber: number | null,
  { settings, services, io: { log } }: ActionContext
): Promise<void> {
  const store = services.artifacts()
  if (!store) {
    log.info('artifacts: no artifact service here (not on GitHub Actions); reports stay in ' + written.dir)
    if (settings.mode === 'measure')
      throw new ConfigError("mode 'measure' needs the Actions artifact service")
    return
  }
  const suffix = config.key === 'default' ? '' : `-${config.key}`
  const options = { retentionDays: settings.retentionDays }
  const attempt = async (name: string, root: string, files?: string[]) => {
    try {
      const { size } = await store.upload(name, root, { ...options, files })
      log.info(`artifact '${name}' uploaded (${size} bytes)`)
    } catch (e) {
      if (settings.mode === 'measure' && name.startsWith('benchgate-pr')) throw e
      log.warn(`artifact '${name}' was not uploaded: ${(e as Error).message}`)
    }
  }
  if (settings.mode === 'measure') {
    if (pullNumber === null)
      throw new ConfigError("mode 'measure' runs on 'pull_request' events (it hands a PR's results over)")
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-pr-'))
    try {
      copyFileSync(written.results, join(dir, 'results.json'))
      writeHandOver(dir, { pullNumber, headSha: measured.report.run.head.sha ?? '', key: config.key })
      await attempt(handOverArtifactName(config.key), dir)
    } finally {
      rmSync(dir, { recursive: true, force: true }) // uploaded: a self-hosted runner keeps its /tmp
    }
  }
  if (settings.uploadArtifacts) {
    const reportFiles = [
      written.results,
      written.comment,
      written.summary,
      written.text,
      join(written.dir, 'report.html')
    ]
    await attempt(
      `benchgate-report${suffix}`,
      written.dir,
      reportFiles.filter((f) => existsSync(f))
    )
    if (existsSync(measured.samplesDir)) await attempt(`benchgate-samples${suffix}`, measured.samplesDir)
  }
}
