/**
 * Builds both sides in their worktrees, the base from the base-build cache when it holds this exact
 * build (commit, command, binary, cached paths, compiler); a fresh base build is saved to it.
 */
import { resolve, join } from 'node:path'
import type { Log } from '../log.js'
import type { Side } from '../samples/model.js'
import { locateBinary } from './binary.js'
import { runBuild, type BuildResult } from './build.js'
import { baseBuildCacheKey, compilerIdentity, type BaseBuildCache } from './cache.js'

export interface BuildSidesOptions {
  trees: Record<Side, string>
  baseSha: string
  /** The build command (a shell command line, run in each worktree). */
  command: string
  /** The benchmark binary, relative to the worktree (checked after a cache restore). */
  binary: string
  /** Environment of the build command (credential-free: see process/childEnv.ts). */
  env: NodeJS.ProcessEnv
  /** Build logs go to `<outDir>/build-<side>.log`. */
  outDir: string
  timeoutMs: number
  signal?: AbortSignal
  cache?: BaseBuildCache
  log: Log
  /**
   * Called once head is built, before the base: a failed head build, a wrong binary path or a filter
   * that matches nothing is found in one build, not two. It may throw to stop the job.
   */
  afterHead?: (head: BuildResult) => Promise<void>
}

/** Builds head first (mistakes show after one build), then the base, from the cache when it can. */
export async function buildBothSides(options: BuildSidesOptions): Promise<Record<Side, BuildResult>> {
  const out = {} as Record<Side, BuildResult>
  for (const side of ['head', 'base'] as const) {
    if (side === 'base' && options.cache) {
      const cached = await restoreBaseBuild(options.cache, options)
      if (cached) {
        out.base = cached
        continue
      }
    }
    out[side] = await runBuild({
      side,
      cwd: options.trees[side],
      command: options.command,
      env: options.env,
      log: options.log,
      logPath: join(options.outDir, `build-${side}.log`),
      timeoutMs: options.timeoutMs,
      signal: options.signal
    })
    options.log.info(
      `${side} build ${out[side].ok ? 'succeeded' : 'FAILED'} in ${(out[side].durationMs / 1000).toFixed(1)} s`
    )
    if (side === 'base' && out.base.ok && options.cache) await saveBaseBuild(options.cache, options)
    if (side === 'head') await options.afterHead?.(out.head)
  }
  return out
}

/** The cache key of this base build (commit, command, binary, cached paths, compiler). */
function baseCacheKey(cache: BaseBuildCache, o: BuildSidesOptions): string {
  return baseBuildCacheKey({
    baseSha: o.baseSha,
    build: o.command,
    binary: o.binary,
    paths: cache.paths,
    compiler: compilerIdentity()
  })
}

/** A cache hit counts only when the binary is really there afterwards; anything else means: build. */
async function restoreBaseBuild(
  cache: BaseBuildCache,
  options: BuildSidesOptions
): Promise<BuildResult | null> {
  const { log } = options
  const tree = options.trees.base
  const key = baseCacheKey(cache, options)
  try {
    const hit = await cache.storage.restore(
      cache.paths.map((p) => resolve(tree, p)),
      key
    )
    if (!hit) {
      log.info(`base build cache: no entry for ${key}; building`)
      return null
    }
    locateBinary(tree, options.binary)
    log.info(`base build cache: restored ${key}; the base build is skipped`)
    return {
      side: 'base',
      ok: true,
      exitCode: 0,
      signal: null,
      timedOut: false,
      durationMs: 0,
      logTail: '',
      logPath: '',
      outcome: 'restored from cache'
    }
  } catch (e) {
    log.warn(`base build cache: could not use ${key} (${(e as Error).message}); building instead`)
    return null
  }
}

async function saveBaseBuild(cache: BaseBuildCache, o: BuildSidesOptions): Promise<void> {
  const { log } = o
  const tree = o.trees.base
  const key = baseCacheKey(cache, o)
  try {
    await cache.storage.save(
      cache.paths.map((p) => resolve(tree, p)),
      key
    )
    log.info(`base build cache: saved ${key}`)
  } catch (e) {
    log.warn(`base build cache: could not save ${key}: ${(e as Error).message}`)
  }
}
