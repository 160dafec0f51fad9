/**
 * `--history-store STORE` of `run` and `compare` (docs/history.md): main's drift over its last 30 recorded
 * commits (history/drift.ts), for the report's footnotes. The CLI trusts its user; a store that cannot
 * be read is said on stderr and the report is written without the footnotes.
 */
import { mainDrift } from '../history/drift.js'
import { leftOutNote } from '../history/files.js'
import { openStore } from '../history/store.js'
import { forLog } from '../report/escape.js'
import type { Report } from '../report/model.js'
import type { Io } from './io.js'

/** Sets `report.history` from `store` (a folder, or git:BRANCH of the repository at `repoDir`). */
export async function addMainDrift(
  report: Report,
  store: string | null,
  repoDir: string,
  io: Io
): Promise<void> {
  if (store === null) return
  try {
    const { records, problems } = await openStore(store, repoDir).read()
    report.history = mainDrift(records)
    io.stderr(
      forLog(
        `main's history (${store}): ${records.length} recorded commits, ${report.history.drifted.length} benchmarks drifted${leftOutNote(problems)}\n`
      )
    )
  } catch (e) {
    io.stderr(`main's history was not read from ${store} (${(e as Error).message}); no drift footnotes\n`)
  }
}
