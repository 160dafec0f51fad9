/**
 * The Action entry (action.yml -> dist/index.js): inputs -> settings, @actions/core for the log,
 * outputs, job summary and the step's result; GitHub services created from the environment the
 * runner provides. The only module besides src/cli.ts that knows where it runs.
 */
import * as core from '@actions/core'
import { readActionSettings } from './action/inputs.js'
import { runAction, type ActionEnv, type ActionIo, type ActionServices } from './action/main.js'
import { describeError } from './errors.js'
import { actionsArtifactStore, canUploadArtifacts } from './github/artifacts.js'
import { actionsCacheStorage } from './github/cacheStorage.js'
import { createGitHubClient, type GitHubClient } from './github/client.js'
import type { Log } from './log.js'
import { forLog } from './report/escape.js'

/** Log groups cannot nest in the Actions log: an inner group becomes a plain heading line. */
function actionsLog(): Log {
  let open = false
  return {
    // Log lines may quote untrusted text: none may start a runner command or carry a control (docs/security.md).
    info: (m) => core.info(forLog(m)),
    warn: (m) => core.warning(forLog(m)),
    debug: (m) => core.debug(forLog(m)),
    group: async (name, fn) => {
      if (open) {
        core.info(forLog(`── ${name}`))
        return fn()
      }
      open = true
      core.startGroup(forLog(name))
      try {
        return await fn()
      } finally {
        core.endGroup()
        open = false
      }
    }
  }
}

/** BENCHGATE_COMMENT_SETTLE_MS: a whole number of milliseconds (0–60,000), else the default wait. */
function settleMsOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const ms = /^\d{1,5}$/.test(value.trim()) ? Number(value) : NaN
  if (ms <= 60_000) return ms
  core.warning(
    forLog(
      `BENCHGATE_COMMENT_SETTLE_MS='${value.slice(0, 40)}' is not a whole number of milliseconds from 0 to 60000; the comment check waits 1–3 s`
    )
  )
  return undefined
}

export async function main(): Promise<void> {
  const env = process.env
  try {
    const settings = readActionSettings(
      (name) => core.getInput(name),
      env.GITHUB_WORKSPACE || process.cwd(),
      env.RUNNER_TEMP || process.cwd()
    )
    if (settings.token) core.setSecret(settings.token)
    const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/')
    const actionEnv: ActionEnv = {
      eventName: env.GITHUB_EVENT_NAME ?? '',
      eventPath: env.GITHUB_EVENT_PATH,
      sha: env.GITHUB_SHA,
      runId: env.GITHUB_RUN_ID,
      serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
      repository: env.GITHUB_REPOSITORY ?? '',
      commentSettleMs: settleMsOf(env.BENCHGATE_COMMENT_SETTLE_MS)
    }
    let client: GitHubClient | undefined
    const services: ActionServices = {
      github: () => {
        if (!settings.token) throw new Error("the 'github-token' input is empty")
        return (client ??= createGitHubClient(settings.token, { owner, repo }))
      },
      artifacts: () =>
        settings.mode === 'comment' || canUploadArtifacts(env)
          ? actionsArtifactStore(settings.token, { owner, repo })
          : null,
      cache: () => actionsCacheStorage()
    }
    const io: ActionIo = {
      log: actionsLog(),
      setOutput: (name, value) => core.setOutput(name, value),
      appendSummary: async (markdown) => {
        if (!env.GITHUB_STEP_SUMMARY) return
        await core.summary.addRaw(markdown, true).write()
      }
    }
    const outcome = await runAction(settings, actionEnv, io, services)
    if (outcome.failure) core.setFailed(forLog(outcome.failure))
  } catch (e) {
    core.setFailed(forLog(describeError(e).message))
  }
}

await main()
