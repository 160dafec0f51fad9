/**
 * The Action's three modes over the shared pipeline, with GitHub's side effects injected:
 * - `run`: measure, report (job summary, sticky comment, artifacts), gate — one job, one token;
 * - `measure`: the untrusted half of the fork-safe split — like `run` without commenting, plus the
 *   hand-over artifact for `comment`;
 * - `comment`: the trusted half, in a `workflow_run` workflow — downloads and validates the
 *   hand-over, posts the comment and a check run; never checks out or runs PR code;
 * - `merge`: the shards of a split suite (`shard: I/N` jobs upload their output) into one report,
 *   comment, check and gate (also fork-safe from `workflow_run`; never runs PR code).
 * Knows nothing of @actions/core: src/index.ts supplies the ActionIo.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SuiteResult } from '../analysis/types.js'
import type { CacheStorage } from '../build/cache.js'
import type { Config } from '../config/index.js'
import { ConfigError } from '../errors.js'
import { gate, type GateResult } from '../gate.js'
import { ensureHistory } from '../git/fetch.js'
import type { ArtifactStore } from '../github/artifacts.js'
import type { GitHubClient } from '../github/client.js'
import { CHECK_SUMMARY_MAX_CHARS, checkRunName, upsertCheckRun } from '../github/checks.js'
import { upsertStickyComment, type StickyCommentResult } from '../github/comment.js'
import { forkRefusal, refsFromEvent, type EventRefs } from '../github/event.js'
import {
  HAND_OVER_UNZIP_LIMITS,
  handOverArtifactName,
  checkHandOverMeta,
  readHandOver,
  type HandOverMeta,
  writeHandOver
} from '../github/handOver.js'
import type { Log } from '../log.js'
import { writeOutputs, type WrittenOutputs } from '../output.js'
import { runPipeline } from '../pipeline.js'
import { commentMarker, headline, renderMarkdown } from '../report/markdown.js'
import type { Report } from '../report/model.js'
import { formatEta } from '../measure/index.js'
import { readShards } from '../shard/read.js'
import { mergeShards } from '../shard/merge.js'
import { readConfigFromBase } from './baseConfig.js'
import { judgementOf, optionsNotOurs, pick, rejudgeSuite, trustedReproduce } from './rejudge.js'
import { applyConfigFile, configFileOf, type ActionSettings } from './inputs.js'
import { downloadShards, uploadShard } from './shards.js'
import { hostSystem, installMissing } from './install.js'

/** GitHub's limit for one step's job summary is 1 MiB. */
export const SUMMARY_MAX_BYTES = 1024 * 1024

export interface ActionIo {
  log: Log
  setOutput(name: string, value: string): void
  /** Appends Markdown to this step's job summary. */
  appendSummary(markdown: string): Promise<void>
}

/** GitHub services, created lazily by the entry point (tests point them at a local fake). */
export interface ActionServices {
  github(): GitHubClient
  artifacts(): ArtifactStore | null
  /** The base-build cache storage, or null when no cache service is available. */
  cache(): CacheStorage | null
}

export interface ActionEnv {
  eventName: string
  eventPath: string | undefined
  sha: string | undefined
  runId: string | undefined
  serverUrl: string
  repository: string
}

/** What the entry point does last: `setFailed(failure)` when it is not null. */
export interface ActionOutcome {
  failure: string | null
}

export async function runAction(
  settings: ActionSettings,
  env: ActionEnv,
  io: ActionIo,
  services: ActionServices
): Promise<ActionOutcome> {
  const payload = readEventPayload(env.eventPath)
  // The trusted modes download into a temporary folder that is removed on every exit path.
  if (settings.mode === 'comment')
    return withTempDir('benchgate-handover-', (dir) => commentMode(dir, settings, env, payload, io, services))
  if (settings.mode === 'merge')
    return withTempDir('benchgate-shards-', (root) => mergeMode(root, settings, env, payload, io, services))
  return measureMode(settings, env, payload, io, services)
}

/** `run` and `measure`: everything up to the report; `run` also comments. */
async function measureMode(
  settings: ActionSettings,
  env: ActionEnv,
  payload: Record<string, unknown>,
  io: ActionIo,
  services: ActionServices
): Promise<ActionOutcome> {
  const refs = await refsToMeasure(settings, env, payload, io)
  if (!refs) return { failure: null }
  const config = await configForRefs(settings, refs, io.log)
  const { report, samplesDir, samples } = await measure(config, settings, services, io.log)
  if (refs.baseLabel) report.run.base.label = refs.baseLabel
  if (refs.headLabel) report.run.head.label = refs.headLabel

  const written = writeOutputs(report, config.out, { samples, html: config.html })
  await io.appendSummary(summaryMarkdown(report))
  setReportOutputs(io, report.suite, written)
  if (config.shard) {
    await uploadShardResults(config.shard.index, config, settings, services, refs, report, written, io.log)
    return { failure: null }
  }
  const verdict = gate(report.suite, config.failOn, config.failOnSuite)
  let commentFailure: string | null = null
  if (settings.mode === 'run' && refs.pullNumber !== null && settings.comment !== 'never') {
    const result = await io.log.group('Comment on the pull request', () =>
      postComment(services.github(), settings, refs.pullNumber!, report, written, io.log)
    )
    if (result.url) io.setOutput('comment-url', result.url)
    if (result.action === 'failed' && settings.commentRequired) commentFailure = result.reason!
  }
  // The measure half runs PR code with a read-only token: the check run is the comment half's job.
  const headSha = report.run.head.sha ?? ''
  if (settings.mode === 'run' && /^[0-9a-f]{40}$/.test(headSha)) {
    await io.log.group('Check run', () =>
      postCheckRun(services.github(), env, report, written, headSha, verdict.conclusion, io.log)
    )
  }
  if (settings.mode === 'measure' || settings.uploadArtifacts) {
    await io.log.group('Upload artifacts', () =>
      uploadArtifacts(settings, services, written, samplesDir, config, refs.pullNumber, report, io.log)
    )
  }
  return { failure: commentFailure ?? (verdict.pass ? null : verdict.reason) }
}

/**
 * Base and head from the event and the inputs, or null when a push has nothing to compare with (the
 * summary says so). A fork's head under a privileged event is refused before anything is fetched.
 * @throws ConfigError for a refused fork or a missing base
 */
async function refsToMeasure(
  settings: ActionSettings,
  env: ActionEnv,
  payload: Record<string, unknown>,
  io: ActionIo
): Promise<(EventRefs & { base: string }) | null> {
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
async function configForRefs(
  settings: ActionSettings,
  refs: EventRefs & { base: string },
  log: Log
): Promise<Config> {
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
function measure(config: Config, settings: ActionSettings, services: ActionServices, log: Log) {
  const cacheStorage = settings.cacheBaseBuild ? services.cache() : null
  if (settings.cacheBaseBuild && !cacheStorage)
    log.info('base build cache: no cache service here; building both sides')
  let roundsDone = -1
  return runPipeline(config, log, {
    baseBuildCache: cacheStorage ? { storage: cacheStorage, paths: settings.cachePaths } : undefined,
    onProgress: (result, progress, partial) => {
      // One line per finished round (a round ends with its second process).
      const last = result.warmup ? 'head' : result.round % 2 === 0 ? 'head' : 'base'
      if (result.side !== last || result.round === roundsDone) return
      roundsDone = result.round
      const round = result.warmup ? 'warm-up round' : `round ${result.round + 1}`
      log.info(
        `${round} done · ${progress.completedRuns}/${progress.plannedRuns} runs · ${partial.samples.length} samples · ETA ${formatEta(progress.etaMs)}`
      )
    }
  })
}

/** A shard's report is partial (K = its share): upload it for the merging job, which comments, sets the check and gates. */
async function uploadShardResults(
  shardIndex: number,
  config: Config,
  settings: ActionSettings,
  services: ActionServices,
  refs: EventRefs,
  report: Report,
  written: WrittenOutputs,
  log: Log
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
      index: shardIndex,
      key: config.key,
      pullNumber: refs.pullNumber,
      headSha: report.run.head.sha ?? '',
      retentionDays: settings.retentionDays
    },
    log
  )
}

/** Runs `job` with a new temporary folder, removed on every exit path (an artifact's files are not left behind). */
async function withTempDir<T>(prefix: string, job: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  try {
    return await job(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function commentMode(
  dir: string,
  settings: ActionSettings,
  env: ActionEnv,
  payload: Record<string, unknown>,
  io: ActionIo,
  services: ActionServices
): Promise<ActionOutcome> {
  const { log } = io
  const run = payload.workflow_run as Record<string, unknown> | undefined
  if (env.eventName !== 'workflow_run' || !run) {
    throw new ConfigError(
      `mode 'comment' runs in a workflow triggered by 'workflow_run' (see examples/workflows/benchgate-comment.yml); this run was triggered by '${env.eventName}'`
    )
  }
  const runId = Number(run.id)
  const headSha = String(run.head_sha ?? '')
  const pullNumbers = Array.isArray(run.pull_requests)
    ? run.pull_requests.map((p) => Number((p as { number?: unknown }).number)).filter(Number.isSafeInteger)
    : []
  const key = settings.config.key
  const artifacts = services.artifacts()
  if (!artifacts)
    throw new ConfigError("mode 'comment' needs the Actions artifact service (run it on GitHub Actions)")
  const name = handOverArtifactName(key)
  const github = services.github()
  const trusted = { headSha, pullNumbers, key, ...runHead(run) }
  // pr.json is inflated and checked against GitHub first: a forged binding is refused before results.json.
  let checked: HandOverMeta | null = null
  const first = {
    names: ['pr.json'],
    check: async (d: string) => {
      checked = await checkHandOverMeta(d, trusted, github)
    }
  }
  try {
    await log.group(`Download '${name}' from run ${runId}`, () =>
      artifacts.download(name, runId, dir, HAND_OVER_UNZIP_LIMITS, first)
    )
  } catch (e) {
    if (checked === null && e instanceof ConfigError && !e.message.includes(`artifact '${name}'`)) throw e
    return {
      failure: `could not download artifact '${name}' from workflow run ${runId} (${(e as Error).message}); did the measure job (mode: measure) finish and upload it?`
    }
  }
  const { meta, report, toolVersion } = await readHandOver(dir, trusted, github, checked)
  // Judged here, with this job's options, from the per-run values: the artifact's verdicts are not believed.
  rejudgeSuite(report.suite, judgementOf(settings.config), toolVersion)
  report.run.reproduce = trustedReproduce(settings.config, report.run.base.sha, headSha)
  const written = writeOutputs(report, settings.config.out)
  await io.appendSummary(summaryMarkdown(report))
  setReportOutputs(io, report.suite, written)
  const result = await log.group(`Comment on pull request #${meta.pullNumber}`, () =>
    postComment(github, settings, meta.pullNumber, report, written, log)
  )
  if (result.url) io.setOutput('comment-url', result.url)
  const verdict = gate(report.suite, settings.config.failOn, settings.config.failOnSuite)
  await log.group('Check run', () =>
    postCheckRun(github, env, report, written, headSha, verdict.conclusion, log)
  )
  if (result.action === 'failed' && settings.commentRequired) return { failure: result.reason! }
  return { failure: null }
}

/**
 * `merge`: one report, comment and check from the shard jobs' artifacts. In a `workflow_run`
 * workflow (fork-safe: the shards ran PR code) the artifacts come from the triggering run and each
 * shard's pr.json is checked against GitHub; in the shards' own workflow, from this run.
 */
async function mergeMode(
  root: string,
  settings: ActionSettings,
  env: ActionEnv,
  payload: Record<string, unknown>,
  io: ActionIo,
  services: ActionServices
): Promise<ActionOutcome> {
  const { log } = io
  const store = services.artifacts()
  if (!store)
    throw new ConfigError("mode 'merge' needs the Actions artifact service (run it on GitHub Actions)")
  const key = settings.config.key
  const wr = payload.workflow_run as Record<string, unknown> | undefined
  const pr = payload.pull_request as { number?: unknown; head?: { sha?: unknown } } | undefined
  const forkSafe = env.eventName === 'workflow_run' && wr !== undefined
  const runId = Number(forkSafe ? wr.id : env.runId)
  const headSha = String((forkSafe ? wr.head_sha : (pr?.head?.sha ?? env.sha)) ?? '')
  // From workflow_run the checkout (if any) is the default branch's: its benchgate.json is trusted, as in comment mode.
  const config = forkSafe ? applyConfigFile(settings, configFileOf(settings)) : settings.config
  const github = services.github()
  if (forkSafe && !config.shard)
    throw new ConfigError(
      "a fork-safe merge (workflow_run) needs the shard count from this job: set input 'shard' to 1/N (N the measure workflow's matrix size) or 'shard' in the default branch's benchgate.json; a shard's own count is not believed"
    )
  const pullNumbers =
    forkSafe && Array.isArray(wr.pull_requests)
      ? wr.pull_requests.map((p) => Number((p as { number?: unknown }).number)).filter(Number.isSafeInteger)
      : []
  const downloaded = await log.group(`Download the shards of run ${runId}`, () =>
    downloadShards(
      store,
      runId,
      key,
      forkSafe ? { run: { headSha, pullNumbers, key, ...runHead(wr) }, github } : null,
      log,
      {
        root,
        expectedCount: config.shard?.count ?? null
      }
    )
  )
  const shards = readShards(downloaded.dirs)
  const judge = judgementOf(config)
  const { report, samples } = mergeShards(shards, { allowMissing: settings.allowMissing, judge: pick(judge) })
  // The shards agree with each other (mergeShards checks); the merging job's options judge them.
  const notOurs = optionsNotOurs(shards[0].results.options, judge)
  if (notOurs.length)
    log.warn(`the shards were measured with other ${notOurs.join(', ')}: judged with this job's, not theirs`)
  if (forkSafe && report.run.head.sha !== headSha)
    throw new ConfigError(
      `the shards measured ${report.run.head.sha}, not the run's head ${headSha}: not commenting`
    )
  report.run.key = key
  if (forkSafe) report.run.reproduce = trustedReproduce(config, report.run.base.sha, headSha)
  const written = writeOutputs(report, config.out, { samples, html: config.html })
  await io.appendSummary(summaryMarkdown(report))
  setReportOutputs(io, report.suite, written)
  const pullNumber = forkSafe
    ? downloaded.pullNumber
    : Number.isSafeInteger(pr?.number)
      ? (pr!.number as number)
      : null
  const verdict = gate(report.suite, config.failOn, config.failOnSuite)
  let commentFailure: string | null = null
  if (pullNumber !== null && settings.comment !== 'never') {
    const result = await log.group(`Comment on pull request #${pullNumber}`, () =>
      postComment(github, settings, pullNumber, report, written, log)
    )
    if (result.url) io.setOutput('comment-url', result.url)
    if (result.action === 'failed' && settings.commentRequired) commentFailure = result.reason!
  }
  if (/^[0-9a-f]{40}$/.test(headSha))
    await log.group('Check run', () =>
      postCheckRun(github, env, report, written, headSha, verdict.conclusion, log)
    )
  // As in comment mode, the fork-safe job stays green: the check run carries the verdict.
  return { failure: commentFailure ?? (forkSafe || verdict.pass ? null : verdict.reason) }
}

/** The `benchgate` check run on the head commit; a token that may not write checks gets a warning. */
async function postCheckRun(
  github: GitHubClient,
  env: ActionEnv,
  report: Report,
  written: WrittenOutputs,
  headSha: string,
  conclusion: GateResult['conclusion'],
  log: Log
): Promise<void> {
  // The comment's Markdown usually fits; rendering 2,000 benchmarks again costs seconds.
  const comment = readFileSync(written.comment, 'utf8')
  const name = checkRunName(report.run.key ?? 'default')
  const result = await upsertCheckRun(github, {
    key: report.run.key ?? 'default',
    headSha,
    conclusion,
    title: headline(report.suite),
    summary:
      comment.length <= CHECK_SUMMARY_MAX_CHARS
        ? comment
        : renderMarkdown(report, { maxChars: CHECK_SUMMARY_MAX_CHARS }),
    detailsUrl: env.runId ? `${env.serverUrl}/${env.repository}/actions/runs/${env.runId}` : undefined
  })
  if (result.action === 'failed') log.warn(`the check run '${name}' was not posted: ${result.reason}`)
  else log.info(`check run '${name}' ${result.action}: ${conclusion} ${result.url ?? ''}`)
}

/** After writing the comment, wait 1–3 s and make sure a concurrent matrix job did not overwrite our section. */
const COMMENT_SETTLE_MS = () => 1000 + Math.floor(Math.random() * 2000)

async function postComment(
  github: GitHubClient,
  settings: ActionSettings,
  pullNumber: number,
  report: Report,
  written: WrittenOutputs,
  log: Log
): Promise<StickyCommentResult> {
  const c = report.suite.counts
  const result = await upsertStickyComment(
    github,
    {
      pullNumber,
      marker: commentMarker(report.run.key),
      body: readFileSync(written.comment, 'utf8'),
      key: report.run.key ?? 'default',
      render: (maxChars) => renderMarkdown(report, { maxChars }),
      settleMs: COMMENT_SETTLE_MS(),
      mode: settings.comment,
      changed: c.regression + c.improvement + c.failed + c.new + c.removed > 0,
      author: settings.commentAuthor || undefined
    },
    log
  )
  if (result.action === 'failed')
    log.warn(`the PR comment was not posted: ${result.reason}; the job summary has the report`)
  else
    log.info(
      `PR comment ${result.action}${result.url ? ': ' + result.url : ''}${result.reason ? ` (${result.reason})` : ''}`
    )
  return result
}

async function uploadArtifacts(
  settings: ActionSettings,
  services: ActionServices,
  written: WrittenOutputs,
  samplesDir: string,
  config: Config,
  pullNumber: number | null,
  report: Report,
  log: Log
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
    copyFileSync(written.results, join(dir, 'results.json'))
    writeHandOver(dir, { pullNumber, headSha: report.run.head.sha ?? '', key: config.key })
    await attempt(handOverArtifactName(config.key), dir)
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
    if (existsSync(samplesDir)) await attempt(`benchgate-samples${suffix}`, samplesDir)
  }
}

/** The uncut report for the job summary, cut only if it would pass GitHub's 1 MiB limit. */
export function summaryMarkdown(report: Report): string {
  let maxChars = Infinity
  for (;;) {
    const text = renderMarkdown(report, { maxChars })
    const bytes = Buffer.byteLength(text, 'utf8')
    if (bytes <= SUMMARY_MAX_BYTES - 1024) return text
    maxChars = Math.floor(Math.min(text.length, maxChars) * ((SUMMARY_MAX_BYTES - 1024) / bytes) * 0.98)
  }
}

function setReportOutputs(io: ActionIo, suite: SuiteResult, written: WrittenOutputs): void {
  setCountOutputs(io, suite)
  io.setOutput('results-path', written.results)
  io.setOutput('report-path', written.summary)
  if (written.html) io.setOutput('html-path', written.html)
}

/** verdict: the most important outcome (regression > failed > improvement > inconclusive > unchanged). */
function setCountOutputs(io: ActionIo, suite: SuiteResult | null): void {
  const c = suite?.counts
  const verdict =
    !c || suite.warnings.some((w) => w.code === 'no-baseline')
      ? 'no-baseline'
      : c.regression
        ? 'regression'
        : c.failed
          ? 'failed'
          : c.improvement
            ? 'improvement'
            : c.inconclusive
              ? 'inconclusive'
              : 'unchanged'
  io.setOutput('verdict', verdict)
  io.setOutput('regressions', String(c?.regression ?? 0))
  io.setOutput('improvements', String(c?.improvement ?? 0))
  io.setOutput('inconclusive', String(c?.inconclusive ?? 0))
}

/** The measured run's head branch and repository, as the workflow_run event gives them (GitHub's record). */
function runHead(run: Record<string, unknown>): { headBranch: string | null; headRepository: string | null } {
  const repo = run.head_repository as { full_name?: unknown } | undefined
  return {
    headBranch: typeof run.head_branch === 'string' ? run.head_branch : null,
    headRepository: typeof repo?.full_name === 'string' ? repo.full_name : null
  }
}

function readEventPayload(path: string | undefined): Record<string, unknown> {
  if (!path || !existsSync(path)) return {}
  try {
    const v = JSON.parse(readFileSync(path, 'utf8'))
    return typeof v === 'object' && v !== null ? v : {}
  } catch (e) {
    throw new ConfigError(`cannot read the event payload ${path}: ${(e as Error).message}`)
  }
}
