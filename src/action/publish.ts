/**
 * The one step every Action mode ends with: the report files, the job summary and the step's
 * outputs, the sticky PR comment, the check run on the head commit, and whether the gate fails the
 * job. Each mode says only where the report goes (Publication); the order and wording are here.
 */
import type { SuiteResult } from '../analysis/types.js'
import type { Config } from '../config/index.js'
import { gate, type GateResult } from '../gate.js'
import { GitHubApiError, type GitHubClient } from '../github/client.js'
import {
  CHECK_SUMMARY_MAX_CHARS,
  checkRunName,
  checkRunTitle,
  recordedCommentIds,
  upsertCheckRun
} from '../github/checks.js'
import { upsertStickyComment, type StickyCommentResult } from '../github/comment.js'
import type { Log } from '../log.js'
import { writeOutputs, type WrittenOutputs } from '../output.js'
import { COMMENT_MAX_CHARS, commentMarker, renderMarkdown } from '../report/markdown.js'
import { NO_BASELINE } from '../report/wording.js'
import type { Report } from '../report/model.js'
import type { SampleList } from '../samples/store.js'
import type { ActionSettings } from './inputs.js'
import type { ActionContext, ActionEnv, ActionIo } from './types.js'

/** GitHub's limit for one step's job summary is 1 MiB. */
export const SUMMARY_MAX_BYTES = 1024 * 1024

/** Where a mode's finished report goes. */
export interface Publication {
  report: Report
  /** The judging options: output folder, HTML copy, and the gate's thresholds. */
  config: Pick<Config, 'out' | 'html' | 'failOn' | 'failOnSuite'>
  /** The raw samples, for report.html's plots (absent: no plots). */
  samples?: SampleList
  /** The pull request to comment on; null: no comment. */
  pullNumber: number | null
  /** The commit that gets the check run; null (or not a full SHA): no check run. */
  checkSha: string | null
  /** Whether a failed gate fails this job (the fork-safe trusted jobs stay green: their check run carries it). */
  gateFailsJob: boolean
}

export interface Published {
  written: WrittenOutputs
  /** Why the job fails (a required comment that could not be posted, or the gate), or null. */
  failure: string | null
}

export async function publish(
  publication: Publication,
  { settings, env, io, services }: ActionContext
): Promise<Published> {
  const { log } = io
  // Rendered once: written to report.md and summary.md, and posted from here (never read back).
  const markdown = {
    comment: renderMarkdown(publication.report, { maxChars: COMMENT_MAX_CHARS }),
    summary: renderMarkdown(publication.report, { maxChars: Infinity })
  }
  const written = writeOutputs(publication.report, publication.config.out, {
    samples: publication.samples,
    html: publication.config.html,
    markdown
  })
  await io.appendSummary(summaryMarkdown(publication.report, markdown.summary))
  setReportOutputs(io, publication.report.suite, written)
  const verdict = gate(publication.report.suite, publication.config.failOn, publication.config.failOnSuite)
  let commentFailure: string | null = null
  let commentId: number | null = null
  const pullNumber = publication.pullNumber
  const sha =
    publication.checkSha !== null && /^[0-9a-f]{40}$/.test(publication.checkSha) ? publication.checkSha : null
  if (pullNumber !== null && settings.comment !== 'never') {
    const result = await log.group(`Comment on pull request #${pullNumber}`, async () =>
      postComment(
        services.github(),
        settings,
        {
          pullNumber,
          recorded: await ownComments(services.github(), pullNumber, sha, log),
          settleMs: env.commentSettleMs ?? COMMENT_SETTLE_MS()
        },
        publication.report,
        markdown.comment,
        log
      )
    )
    if (result.url) io.setOutput('comment-url', result.url)
    if (result.action === 'failed' && settings.commentRequired) commentFailure = result.reason!
    commentId = result.id ?? null
  }
  if (sha !== null)
    await log.group('Check run', () =>
      postCheckRun(
        services.github(),
        env,
        publication.report,
        markdown.comment,
        { sha, commentId },
        verdict.conclusion,
        log
      )
    )
  const gateFailure = publication.gateFailsJob && !verdict.pass ? verdict.reason : null
  return { written, failure: commentFailure ?? gateFailure }
}

/** The `benchgate` check run on the head commit; a token that may not write checks gets a warning. */
async function postCheckRun(
  github: GitHubClient,
  env: ActionEnv,
  report: Report,
  comment: string,
  on: { sha: string; commentId: number | null },
  conclusion: GateResult['conclusion'],
  log: Log
): Promise<void> {
  // The comment's Markdown usually fits; rendering 2,000 benchmarks again costs seconds.
  const name = checkRunName(report.run.key ?? 'default')
  const result = await upsertCheckRun(github, {
    key: report.run.key ?? 'default',
    headSha: on.sha,
    commentId: on.commentId,
    conclusion,
    title: checkRunTitle(report.suite),
    summary:
      comment.length <= CHECK_SUMMARY_MAX_CHARS
        ? comment
        : renderMarkdown(report, { maxChars: CHECK_SUMMARY_MAX_CHARS }),
    detailsUrl: env.runId ? `${env.serverUrl}/${env.repository}/actions/runs/${env.runId}` : undefined
  })
  if (result.action === 'failed') log.warn(`the check run '${name}' was not posted: ${result.reason}`)
  else log.info(`check run '${name}' ${result.action}: ${conclusion} ${result.url ?? ''}`)
}

/**
 * The comment ids our check runs recorded on this pull request: the only comments we may edit
 * (docs/security.md, defence 16). Without a check run to read, none: a new comment is posted.
 */
async function ownComments(
  github: GitHubClient,
  pullNumber: number,
  sha: string | null,
  log: Log
): Promise<Set<number>> {
  if (sha === null) return new Set()
  try {
    return await recordedCommentIds(github, pullNumber, sha)
  } catch (e) {
    if (!(e instanceof GitHubApiError)) throw e
    log.warn(
      `could not read the check runs that record benchgate's comment (${e.message}); posting a new comment. Give the job 'permissions: checks: read'`
    )
    return new Set()
  }
}

/**
 * After writing the comment, wait 1–3 s (at random, so two matrix jobs do not check in step) and make
 * sure a concurrent matrix job did not overwrite our section.
 */
const COMMENT_SETTLE_MS = () => 1000 + Math.floor(Math.random() * 2000)

async function postComment(
  github: GitHubClient,
  settings: ActionSettings,
  { pullNumber, recorded, settleMs }: { pullNumber: number; recorded: ReadonlySet<number>; settleMs: number },
  report: Report,
  comment: string,
  log: Log
): Promise<StickyCommentResult> {
  const c = report.suite.counts
  const result = await upsertStickyComment(
    github,
    {
      pullNumber,
      recorded,
      marker: commentMarker(report.run.key),
      body: comment,
      key: report.run.key ?? 'default',
      render: (maxChars) => renderMarkdown(report, { maxChars }),
      settleMs,
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

/** The uncut report (`uncut`, rendered already) for the job summary, cut only if it would pass GitHub's 1 MiB limit. */
export function summaryMarkdown(report: Report, uncut: string): string {
  let maxChars = Infinity
  for (;;) {
    const text = maxChars === Infinity ? uncut : renderMarkdown(report, { maxChars })
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
export function setCountOutputs(io: ActionIo, suite: SuiteResult | null): void {
  const c = suite?.counts
  const verdict =
    !c || suite.warnings.some((w) => w.code === NO_BASELINE)
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
