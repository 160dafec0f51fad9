/** The job's workspace: base and head checked out in a work folder, cleaned up on every exit path. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Config } from '../config/index.js'
import { createWorktrees, type Worktrees } from '../git/worktrees.js'
import type { Log } from '../log.js'
import { childEnvironment } from '../process/childEnv.js'
import { onTerminate } from '../process/terminate.js'
import type { Side } from '../samples/model.js'

/** Where the job runs: the two checked-out trees, its folders, and the one environment both sides' children get. */
export interface Workspace {
  trees: Record<Side, string>
  workDir: string
  outDir: string
  samplesDir: string
  /** PR code (builds, probes, benchmarks) never sees the step's credentials. */
  childEnv: NodeJS.ProcessEnv
  log: Log
}

/**
 * Checks out base and head in a work folder and runs `job` there; the worktrees and a temporary
 * work folder go on every exit path (Ctrl-C included).
 */
export async function inWorkspace<T>(
  config: Config,
  repoDir: string,
  commits: { baseSha: string; headSha: string },
  log: Log,
  job: (ws: Workspace) => Promise<T>
): Promise<T> {
  const workDir = config.workDir ? resolve(config.workDir) : mkdtempSync(join(tmpdir(), 'benchgate-'))
  mkdirSync(workDir, { recursive: true })
  const removeWorkDir = () => {
    if (!config.workDir && !config.keepWorktrees) rmSync(workDir, { recursive: true, force: true })
  }
  let unregisterWorkDir = () => {}
  const outDir = resolve(config.out)
  const samplesDir = join(outDir, 'samples')
  mkdirSync(samplesDir, { recursive: true })
  let worktrees: Worktrees | undefined
  try {
    worktrees = await log.group('Check out base and head', () =>
      createWorktrees({
        repoDir,
        workDir,
        baseSha: commits.baseSha,
        headSha: commits.headSha,
        keep: config.keepWorktrees,
        log
      })
    )
    // Registered after the worktrees' own clean-up, so on Ctrl-C git removes them before the folder goes.
    unregisterWorkDir = onTerminate(removeWorkDir)
    const trees = { base: worktrees.base, head: worktrees.head }
    return await job({ trees, workDir, outDir, samplesDir, childEnv: childEnvironment(), log })
  } finally {
    worktrees?.cleanup()
    unregisterWorkDir()
    removeWorkDir()
    if (config.keepWorktrees && worktrees) log.info(`worktrees kept in ${workDir}`)
  }
}

/** Where --randomize-layout keeps its link recorder, recorded links and relink scratch. */
export function layoutDir(ws: Workspace): string {
  return join(ws.workDir, 'layout')
}
