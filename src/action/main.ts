/**
 * The Action's modes, each a short coordinator over the shared steps, with GitHub's side effects
 * injected (src/index.ts supplies the ActionIo; this folder knows nothing of @actions/core):
 * - `run`: measure, publish (files, job summary, sticky comment, check run, gate) — one job, one token;
 *   with `history-drift`, main's history is read first, before any PR code runs (driftSteps.ts);
 * - `measure`: the untrusted half of the fork-safe split — like `run` without comment or check run,
 *   plus the hand-over artifact for `comment`;
 * - `comment`: the trusted half, in a `workflow_run` workflow — downloads and checks the hand-over,
 *   re-judges it with its own options and publishes; never checks out or runs PR code;
 * - `merge`: the shards of a split suite (`shard: I/N` jobs upload theirs) into one published report
 *   (also fork-safe from `workflow_run`; never runs PR code);
 * - `record`: on a push to the default branch, measure the pushed commit against the push's
 *   `before` and add the results to the history store (docs/history.md).
 * Every mode ends in publish() (publish.ts): one order of side effects for all of them.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { judgeSuite } from '../analysis/judge.js'
import { judgementOf } from '../config/index.js'
import { ConfigError } from '../errors.js'
import { readMainDrift } from './driftSteps.js'
import { applyConfigFile, configFileOf, type ActionSettings } from './inputs.js'
import {
  configForRefs,
  measureRefs,
  refsToMeasure,
  uploadArtifacts,
  uploadShardResults
} from './measureSteps.js'
import { publish } from './publish.js'
import { trustedReproduce } from './trustedReproduce.js'
import { checkClaimedBase, receiveHandOver, receiveShards, workflowRunOf } from './trustedSteps.js'
import { recordResults, requirePushToDefaultBranch } from './recordSteps.js'
import type { ActionContext, ActionEnv, ActionIo, ActionOutcome, ActionServices } from './types.js'

export type { ActionEnv, ActionIo, ActionOutcome, ActionServices } from './types.js'

export async function runAction(
  settings: ActionSettings,
  env: ActionEnv,
  io: ActionIo,
  services: ActionServices
): Promise<ActionOutcome> {
  const ctx: ActionContext = { settings, env, payload: readEventPayload(env.eventPath), io, services }
  // The trusted modes download into a temporary folder that is removed on every exit path.
  if (settings.mode === 'comment') return withTempDir('benchgate-handover-', (dir) => commentMode(dir, ctx))
  if (settings.mode === 'merge') return withTempDir('benchgate-shards-', (root) => mergeMode(root, ctx))
  if (settings.mode === 'record') return recordMode(ctx)
  return measureMode(ctx)
}

/** `run` and `measure` (and a shard of either): measure, publish; `run` also comments and sets the check. */
async function measureMode(ctx: ActionContext): Promise<ActionOutcome> {
  const { settings, io } = ctx
  const refs = await refsToMeasure(ctx)
  if (!refs) return { failure: null }
  const config = await configForRefs(settings, refs, io.log)
  // A shard's report is partial: the merging job comments, sets the check and gates.
  const judged = settings.mode === 'run' && !config.shard
  const history = judged ? await readMainDrift(ctx) : undefined // before any PR code runs
  const measured = await measureRefs(config, refs, ctx)
  const { report, samples } = measured
  report.history = history
  const { written, failure } = await publish(
    {
      report,
      config,
      samples,
      pullNumber: judged ? refs.pullNumber : null,
      checkSha: judged ? (report.run.head.sha ?? null) : null,
      gateFailsJob: !config.shard
    },
    ctx
  )
  if (config.shard) {
    await uploadShardResults(config, refs, report, written, ctx)
    return { failure: null }
  }
  if (settings.mode === 'measure' || settings.uploadArtifacts)
    await io.log.group('Upload artifacts', () =>
      uploadArtifacts(measured, written, config, refs.pullNumber, ctx)
    )
  return { failure }
}

/** `comment`: the measure job's hand-over, re-judged with this job's options (the artifact's verdicts are not believed). */
async function commentMode(dir: string, ctx: ActionContext): Promise<ActionOutcome> {
  const run = workflowRunOf(ctx.env.eventName, ctx.payload)
  if (!run)
    throw new ConfigError(
      `mode 'comment' runs in a workflow triggered by 'workflow_run' (see examples/workflows/benchgate-comment.yml); this run was triggered by '${ctx.env.eventName}'`
    )
  const received = await receiveHandOver(dir, run, ctx)
  if ('failure' in received) return received
  const { meta, report, toolVersion } = received
  const config = ctx.settings.config
  judgeSuite(report.suite, judgementOf(config), {
    measuredWith: toolVersion,
    repetitions: report.run.repetitions
  })
  const base = await checkClaimedBase(report, received, run.headSha, ctx)
  report.run.reproduce = trustedReproduce(config, base, run.headSha)
  report.history = await readMainDrift(ctx)
  const { failure } = await publish(
    {
      report,
      config: { ...config, html: null },
      pullNumber: meta.pullNumber,
      checkSha: run.headSha,
      gateFailsJob: false
    },
    ctx
  )
  return { failure }
}

/**
 * `merge`: one report from the shard jobs' artifacts. From `workflow_run` (fork-safe: the shards ran
 * PR code) they come from the triggering run, each shard's pr.json checked against GitHub, and the
 * job stays green (the check run carries the verdict); in the shards' own workflow, from this run.
 */
async function mergeMode(root: string, ctx: ActionContext): Promise<ActionOutcome> {
  const { settings, env, payload } = ctx
  const run = workflowRunOf(env.eventName, payload)
  const pr = payload.pull_request as { number?: unknown; head?: { sha?: unknown } } | undefined
  const headSha = run ? run.headSha : String(pr?.head?.sha ?? env.sha ?? '')
  // From workflow_run the checkout (if any) is the default branch's: its benchgate.json is trusted, as in comment mode.
  const config = run ? applyConfigFile(settings, configFileOf(settings)) : settings.config
  if (run && !config.shard)
    throw new ConfigError(
      "a fork-safe merge (workflow_run) needs the shard count from this job: set input 'shard' to 1/N (N the measure workflow's matrix size) or 'shard' in the default branch's benchgate.json; a shard's own count is not believed"
    )
  const merged = await receiveShards(root, run ? run.id : Number(env.runId), run, config, ctx)
  const { report, samples } = merged
  if (run && report.run.head.sha !== headSha)
    throw new ConfigError(
      `the shards measured ${report.run.head.sha}, not the run's head ${headSha}: not commenting`
    )
  report.run.key = settings.config.key
  if (run) report.run.reproduce = trustedReproduce(config, report.run.base.sha, headSha)
  report.history = await readMainDrift(ctx)
  const pullNumber = run
    ? merged.pullNumber
    : Number.isSafeInteger(pr?.number)
      ? (pr!.number as number)
      : null
  const published = await publish(
    { report, config, samples, pullNumber, checkSha: headSha, gateFailsJob: !run },
    ctx
  )
  return { failure: published.failure }
}

/**
 * `record`: the pushed commit against the push's `before`, published as a summary (no comment, no
 * check, no gate: main already has the commit), then added to the history store. A branch's first
 * push has nothing to compare with and records nothing.
 */
async function recordMode(ctx: ActionContext): Promise<ActionOutcome> {
  const { settings, io } = ctx
  requirePushToDefaultBranch(ctx)
  const refs = await refsToMeasure(ctx)
  if (!refs) return { failure: null }
  // Every benchmark timed: the history's trends need each one's absolute location (docs/budget.md).
  const config = { ...(await configForRefs(settings, refs, io.log)), budget: false }
  const { report, samples } = await measureRefs(config, refs, ctx)
  const { written } = await publish(
    { report, config, samples, pullNumber: null, checkSha: null, gateFailsJob: false },
    ctx
  )
  const path = await io.log.group(`Record in ${settings.historyStore}`, () =>
    recordResults(written.results, ctx)
  )
  if (path) io.setOutput('history-record', path)
  return { failure: null }
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

function readEventPayload(path: string | undefined): Record<string, unknown> {
  if (!path || !existsSync(path)) return {}
  try {
    const v = JSON.parse(readFileSync(path, 'utf8'))
    return typeof v === 'object' && v !== null ? v : {}
  } catch (e) {
    throw new ConfigError(`cannot read the event payload ${path}: ${(e as Error).message}`)
  }
}
