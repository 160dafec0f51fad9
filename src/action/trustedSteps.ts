/**
 * The steps of the trusted modes (`comment`, `merge`), which never run PR code: what GitHub says of
 * the triggering run, and the artifacts that run left, each checked against GitHub before it is read.
 */
import { judgedOptions, optionsNotOurs } from '../analysis/judge.js'
import { judgementOf, type Config } from '../config/index.js'
import { ConfigError } from '../errors.js'
import {
  HAND_OVER_UNZIP_LIMITS,
  handOverArtifactName,
  checkHandOverMeta,
  readHandOver,
  type HandOver,
  type CheckedMeta,
  type TrustedRun
} from '../github/handOver.js'
import type { SampleList } from '../samples/store.js'
import type { Report } from '../report/model.js'
import { mergeShards } from '../shard/merge.js'
import { readShards } from '../shard/read.js'
import { downloadShards } from './shards.js'
import type { ActionContext } from './types.js'

/** The `workflow_run` event's record of the measured run (GitHub's word, not an artifact's). */
export interface WorkflowRun {
  id: number
  headSha: string
  /** PR numbers GitHub lists for the run (empty for fork PRs). */
  pullNumbers: number[]
  headBranch: string | null
  headRepository: string | null
}

/** The triggering run when this job runs from `workflow_run`, else null. */
export function workflowRunOf(eventName: string, payload: Record<string, unknown>): WorkflowRun | null {
  const run = payload.workflow_run as Record<string, unknown> | undefined
  if (eventName !== 'workflow_run' || !run) return null
  const repo = run.head_repository as { full_name?: unknown } | undefined
  return {
    id: Number(run.id),
    headSha: String(run.head_sha ?? ''),
    pullNumbers: Array.isArray(run.pull_requests)
      ? run.pull_requests.map((p) => Number((p as { number?: unknown }).number)).filter(Number.isSafeInteger)
      : [],
    headBranch: typeof run.head_branch === 'string' ? run.head_branch : null,
    headRepository: typeof repo?.full_name === 'string' ? repo.full_name : null
  }
}

function trustedRun(run: WorkflowRun, key: string): TrustedRun {
  const { headSha, pullNumbers, headBranch, headRepository } = run
  return { headSha, pullNumbers, key, headBranch, headRepository }
}

/**
 * The measure job's hand-over, downloaded into `dir`: pr.json is inflated and checked against GitHub
 * first, so a forged binding is refused before results.json is read. A missing artifact is a
 * failure to report (the measure job did not finish), not an error.
 */
export async function receiveHandOver(
  dir: string,
  run: WorkflowRun,
  { settings, services, io: { log } }: ActionContext
): Promise<HandOver | { failure: string }> {
  const artifacts = services.artifacts()
  if (!artifacts)
    throw new ConfigError("mode 'comment' needs the Actions artifact service (run it on GitHub Actions)")
  const name = handOverArtifactName(settings.config.key)
  const github = services.github()
  const trusted = trustedRun(run, settings.config.key)
  let checked: CheckedMeta | null = null
  const first = {
    names: ['pr.json'],
    check: async (d: string) => {
      checked = await checkHandOverMeta(d, trusted, github)
    }
  }
  try {
    await log.group(`Download '${name}' from run ${run.id}`, () =>
      artifacts.download(name, run.id, dir, HAND_OVER_UNZIP_LIMITS, first)
    )
  } catch (e) {
    if (checked === null && e instanceof ConfigError && !e.message.includes(`artifact '${name}'`)) throw e
    return {
      failure: `could not download artifact '${name}' from workflow run ${run.id} (${(e as Error).message}); did the measure job (mode: measure) finish and upload it?`
    }
  }
  return readHandOver(dir, trusted, github, checked)
}

/**
 * The base commit an artifact claims, checked against GitHub: the PR's base or its merge-base with
 * the measured head. A base GitHub does not confirm is labelled as the artifact's claim, with a
 * warning, rather than shown as fact (docs/security.md).
 * @returns the base when GitHub confirms it, else undefined (the reproduce line then names none)
 */
export async function checkClaimedBase(
  report: Report,
  { meta: { pullNumber }, pullBaseSha }: CheckedMeta,
  headSha: string,
  { services }: ActionContext
): Promise<string | undefined> {
  const claimed = report.run.base.sha
  if (!claimed) return undefined
  const confirmed =
    pullBaseSha === claimed ||
    (pullBaseSha !== null &&
      (await services
        .github()
        .mergeBase(pullBaseSha, headSha)
        .catch(() => null)) === claimed)
  if (confirmed) return claimed
  report.run.base = {
    ...report.run.base,
    label: `${report.run.base.label} (as claimed by the measuring job)`
  }
  report.suite.warnings.push({
    level: 'warning',
    code: 'base-as-claimed',
    message: `the measuring job says it measured base ${claimed.slice(0, 64)}, which is neither pull request #${pullNumber}'s base nor its merge-base with the head: shown as claimed`
  })
  return undefined
}

/**
 * The shards of `runId` downloaded under `root` (from `workflow_run`, each shard's pr.json checked
 * against GitHub's record of `run`) and merged into one report, judged with this job's options.
 */
export async function receiveShards(
  root: string,
  runId: number,
  run: WorkflowRun | null,
  config: Config,
  { settings, services, io: { log } }: ActionContext
): Promise<{ report: Report; samples: SampleList; pullNumber: number | null }> {
  const store = services.artifacts()
  if (!store)
    throw new ConfigError("mode 'merge' needs the Actions artifact service (run it on GitHub Actions)")
  const key = settings.config.key
  const trusted = run ? { run: trustedRun(run, key), github: services.github() } : null
  const downloaded = await log.group(`Download the shards of run ${runId}`, () =>
    downloadShards(store, runId, key, trusted, log, { root, expectedCount: config.shard?.count ?? null })
  )
  const shards = readShards(downloaded.dirs)
  const judge = judgementOf(config)
  const { report, samples } = mergeShards(shards, {
    allowMissing: settings.allowMissing,
    judge: judgedOptions(judge)
  })
  // The shards agree with each other (mergeShards checks); the merging job's options judge them.
  const notOurs = optionsNotOurs(shards[0].results.options, judge)
  if (notOurs.length)
    log.warn(`the shards were measured with other ${notOurs.join(', ')}: judged with this job's, not theirs`)
  return { report, samples, pullNumber: downloaded.pullNumber }
}
