/** What the Action's modes are given: the settings, the event, the runner's I/O and GitHub's services. */
import type { CacheStorage } from '../build/cache.js'
import type { ArtifactStore } from '../github/artifacts.js'
import type { GitHubClient } from '../github/client.js'
import type { Log } from '../log.js'
import type { ActionSettings } from './inputs.js'

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
  /**
   * How long to wait after writing the PR comment before checking that a concurrent matrix job left
   * this job's section in place (BENCHGATE_COMMENT_SETTLE_MS), or undefined: 1–3 s at random.
   */
  commentSettleMs?: number
}

/** What the entry point does last: `setFailed(failure)` when it is not null. */
export interface ActionOutcome {
  failure: string | null
}

/** Everything a mode's steps may use, passed as one named value. */
export interface ActionContext {
  settings: ActionSettings
  env: ActionEnv
  /** The triggering event's payload (`{}` when there is none). */
  payload: Record<string, unknown>
  io: ActionIo
  services: ActionServices
}
