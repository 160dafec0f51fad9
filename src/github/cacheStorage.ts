/**
 * The base-build cache on GitHub's cache service (@actions/cache). Available only on runners that
 * provide the service (GitHub-hosted, or GHES with caching); elsewhere the Action just builds.
 */
import * as cache from '@actions/cache'
import type { CacheStorage } from '../build/cache.js'

export function actionsCacheStorage(): CacheStorage | null {
  if (!cache.isFeatureAvailable()) return null
  return {
    async restore(paths, key) {
      // Exact key only: a base build from another commit is not this commit's build.
      const hit = await cache.restoreCache(paths, key)
      return hit === key
    },
    async save(paths, key) {
      await cache.saveCache(paths, key)
    }
  }
}
