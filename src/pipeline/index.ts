/**
 * The main job, step by step: commits and worktrees -> build (head first) -> probe -> list -> count ->
 * rounds (ABBA) -> analyse -> the Report; one module of this folder per step, runPipeline reads as them.
 * Receives a Config and a Log; knows nothing of the Action or the terminal. Writing the report and the
 * gate are the callers' last step (commands/finish.ts, action/publish.ts).
 */
import { resolvedMeasure } from '../measure/measureMode.js'
import { resolve } from 'node:path'
import { requireRunOptions, type Config } from '../config/index.js'
import { checkPersistedCredentials } from '../git/credentials.js'
import { isDirty, resolveCommits } from '../git/resolve.js'
import type { Log } from '../log.js'
import type { Report } from '../report/model.js'
import { buildSides } from './build.js'
import { measureBuilt } from './measure.js'
import { duetOf, reproduceLine, withRunDesign } from './reproduce.js'
import type { PipelineHooks, PipelineResult } from './types.js'
import { inWorkspace } from './workspace.js'

export type { PipelineHooks, PipelineResult } from './types.js'

/**
 * Runs the whole job for one base/head pair, step by step: resolve the commits, check them out,
 * build (head first), stop early when there is nothing to measure, probe, list, count, measure, analyse.
 * @throws JobError (code 2: bad refs/options; code 3: head build failed, no samples, …)
 */
export async function runPipeline(
  asked: Config,
  log: Log,
  hooks: PipelineHooks = {}
): Promise<PipelineResult> {
  const config = await resolvedMeasure(withRunDesign(asked), log)
  const { base } = requireRunOptions(config)
  // Before anything is built: duet needs two CPUs (counts are not timed, so a count-only run does not).
  const duet =
    asked.analysis.interleave === 'duet' && config.measure !== 'counts' ? duetOf(config, log) : null
  const repoDir = resolve(config.repoDir)
  const commits = await log.group('Resolve commits', () =>
    resolveCommits({ repoDir, base, head: config.head, mergeBase: config.mergeBase })
  )
  const dirty = (await isDirty(repoDir))
    ? 'the repository has uncommitted changes: they are not measured (benchgate measures commits)'
    : null
  if (dirty) log.warn(dirty)
  // Before anything is checked out or built: the worktrees share this config (docs/security.md, defence 2).
  const credentials = await checkPersistedCredentials(repoDir, hooks.credentials ?? 'warn')
  for (const m of [credentials.warning, credentials.note]) if (m) log.warn(m)
  return inWorkspace(config, repoDir, commits, log, async (ws) => {
    const built = await buildSides(
      ws,
      config,
      asked.analysis.interleave,
      commits.baseSha,
      hooks,
      asked.measure === 'auto'
    )
    const { plan } = built
    const run: Report['run'] = {
      base: { label: commits.baseRef, sha: commits.baseSha },
      head: { label: commits.headRef, sha: commits.headSha },
      mergeBase: commits.mergeBaseUsed,
      key: config.key,
      reproduce: reproduceLine(plan, asked, commits)
    }
    const result = await measureBuilt(ws, built, run, hooks, asked.measure === 'auto', duet)
    if (built.raised)
      result.report.suite.warnings.push({ level: 'info', code: 'rounds-raised', message: built.raised })
    if (built.budget)
      result.report.suite.warnings.push({ level: 'warning', code: 'budget-short', message: built.budget })
    // Said in the report and results.json too, not only on stderr: the numbers are of the commits.
    if (dirty) result.report.suite.warnings.push({ level: 'warning', code: 'dirty-tree', message: dirty })
    if (credentials.warning)
      result.report.suite.warnings.push({
        level: 'warning',
        code: 'persisted-credential',
        message: credentials.warning
      })
    return result
  })
}
