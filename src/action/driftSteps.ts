/**
 * Main's drift for the PR comment (`history-drift`): the history store read by a job that
 * comments — `run` before it builds any PR code, `comment` and `merge`, which never run PR code — so
 * what the comment says of main comes from the store, never from a pull request's artifact
 * (docs/security.md). A git: store is a plain fetch of the branch, with the token in that fetch's
 * environment only (a private repository needs it; docs/security.md, defence 2); a store that cannot
 * be read is a warning, never a failure: the drift is context, not the gate.
 */
import { mainDrift } from '../history/drift.js'
import { leftOutNote } from '../history/files.js'
import { openStore } from '../history/store.js'
import type { MainDrift } from '../report/model.js'
import { storeCredential } from './recordSteps.js'
import type { ActionContext } from './types.js'

/** Main's drift over the last `history-drift` recorded commits, or undefined when not asked or not readable. */
export async function readMainDrift(ctx: ActionContext): Promise<MainDrift | undefined> {
  const { settings, io } = ctx
  const window = settings.historyDrift
  if (window === null) return undefined
  const store = settings.historyStore
  try {
    return await io.log.group(`Read main's history from ${store}`, async () => {
      const { records, problems } = await openStore(
        store,
        settings.config.repoDir,
        storeCredential(ctx)
      ).read()
      const drift = mainDrift(records, { window })
      io.log.info(
        `${records.length} recorded commits; ${drift.drifted.length} benchmarks drifted over main's last ${window}`
      )
      if (problems.length) io.log.warn(`main's history in ${store}${leftOutNote(problems).slice(1)}`)
      return drift
    })
  } catch (e) {
    io.log.warn(
      `main's history was not read from ${store} (${(e as Error).message}); the report says nothing of main's drift`
    )
    return undefined
  }
}
