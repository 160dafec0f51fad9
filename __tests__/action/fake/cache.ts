// The results service's twirp CacheService (v2, what @actions/cache v6 uses on GitHub-hosted
// runners): create, finalize, and look up by exact key, then by restore-key prefixes, newest first.
import { createHash } from 'node:crypto'
import { blobUrl, newBlob } from './blobs.js'
import { twirpError } from './http.js'
import type { Kit } from './kit.js'

const CACHE = '/twirp/github.actions.results.api.v1.CacheService'

export function addCacheRoutes(kit: Kit): void {
  const { state, twirp, newId } = kit
  twirp(`${CACHE}/CreateCacheEntry`, (ctx) => {
    const b = ctx.json
    if (typeof b.key !== 'string' || typeof b.version !== 'string')
      throw twirpError(400, 'invalid_argument', 'key and version are required')
    if (state.caches.some((c) => c.key === b.key && c.version === b.version && c.finalized))
      throw twirpError(
        409,
        'already_exists',
        'cache entry with the same key, version, and scope already exists'
      )
    state.caches = state.caches.filter((c) => !(c.key === b.key && c.version === b.version))
    const blobKey = `actions-cache/${createHash('sha256').update(`${b.key}\0${b.version}`).digest('hex')}`
    newBlob(kit, blobKey, true)
    state.caches.push({
      id: newId(),
      key: b.key,
      version: b.version,
      blobKey,
      sizeBytes: 0,
      finalized: false,
      createdAt: new Date().toISOString()
    })
    return { status: 200, body: { ok: true, signed_upload_url: blobUrl(kit, blobKey) } }
  })
  twirp(`${CACHE}/FinalizeCacheEntryUpload`, (ctx) => {
    const b = ctx.json
    const c = state.caches.find((x) => x.key === b.key && x.version === b.version && !x.finalized)
    if (!c) throw twirpError(404, 'not_found', 'cache entry not found')
    const blob = state.blobs.get(c.blobKey)
    if (!blob?.data) throw twirpError(400, 'failed_precondition', 'cache blob was not uploaded')
    if (String(blob.data.length) !== String(b.size_bytes))
      throw twirpError(400, 'invalid_argument', 'size mismatch')
    c.sizeBytes = blob.data.length
    c.finalized = true
    blob.writable = false
    return { status: 200, body: { ok: true, entry_id: String(c.id) } }
  })
  twirp(`${CACHE}/GetCacheEntryDownloadURL`, (ctx) => {
    const b = ctx.json
    const done = state.caches.filter((c) => c.finalized && c.version === b.version).reverse()
    let hit = done.find((c) => c.key === b.key)
    if (!hit)
      // like the service: exact primary key, then each restore key as a prefix (newest first)
      for (const prefix of (b.restore_keys as string[] | undefined) ?? []) {
        hit = done.find((c) => c.key.startsWith(prefix))
        if (hit) break
      }
    if (!hit) return { status: 200, body: { ok: false } }
    return {
      status: 200,
      body: { ok: true, signed_download_url: blobUrl(kit, hit.blobKey), matched_key: hit.key }
    }
  })
}
