/**
 * The base-build cache: the base commit's build outputs, restored instead of rebuilding when the
 * same commit was built before with the same command and compiler. Only the base side is ever
 * cached — nothing built from a pull request's head is saved. The storage is injected (the Action
 * passes @actions/cache; local runs pass nothing and just build).
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { arch, platform } from 'node:os'

/** Where cached files live: `restore`/`save` take absolute paths. */
export interface CacheStorage {
  /** Restores `paths` saved under exactly `key`; true on a hit. */
  restore(paths: string[], key: string): Promise<boolean>
  save(paths: string[], key: string): Promise<void>
}

export interface BaseBuildCache {
  storage: CacheStorage
  /** Paths to cache, relative to the base worktree (e.g. `build`). */
  paths: string[]
}

export interface CacheKeyParts {
  baseSha: string
  build: string
  binary: string
  paths: readonly string[]
  /** e.g. the first line of `c++ --version`. */
  compiler: string
  os?: string
  arch?: string
}

/**
 * `benchgate-base-<os>-<arch>-<base sha>-<hash>`: the hash covers everything else that changes the
 * build's output (build command, binary path, cached paths, compiler version, CC/CXX).
 */
export function baseBuildCacheKey(parts: CacheKeyParts): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([parts.build, parts.binary, [...parts.paths], parts.compiler]))
    .digest('hex')
    .slice(0, 16)
  return `benchgate-base-${parts.os ?? platform()}-${parts.arch ?? arch()}-${parts.baseSha}-${hash}`
}

/**
 * The compiler the build will most likely use, as one line: `$CXX`/`$CC` if set, else `c++`, `g++`,
 * `clang++`, `cc`. Includes the variables themselves, since they change the build.
 */
export function compilerIdentity(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.CXX, env.CC, 'c++', 'g++', 'clang++', 'cc'].filter((c): c is string => Boolean(c))
  for (const compiler of candidates) {
    try {
      const version = execFileSync(compiler, ['--version'], {
        encoding: 'utf8',
        timeout: 10_000,
        stdio: ['ignore', 'pipe', 'ignore']
      })
      return `${compiler}: ${version.split('\n')[0].trim()} (CC=${env.CC ?? ''} CXX=${env.CXX ?? ''})`
    } catch {
      // try the next one
    }
  }
  return `unknown compiler (CC=${env.CC ?? ''} CXX=${env.CXX ?? ''})`
}
