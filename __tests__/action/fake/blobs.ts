// A blob store standing in for Azure Blob Storage (`/blob/...`): the signed URLs the twirp API and
// the REST artifact download hand out, and enough of Put Block / Put Block List / Put Blob / GET
// for @azure/storage-blob's BlockBlobClient.
import { createHash, randomUUID } from 'node:crypto'
import { HttpError, type Handler } from './http.js'
import type { Kit } from './kit.js'
import type { FakeBlob } from './types.js'

const sas = () =>
  `sv=2025-01-05&se=${encodeURIComponent(new Date(Date.now() + 3600e3).toISOString())}&sr=b&sp=rcw&sig=${randomUUID().replace(/-/g, '')}`

/** Stores an empty (or `data`) blob under `key`; `writable` while its upload URL may write. */
export function newBlob(
  kit: Kit,
  key: string,
  writable: boolean,
  data?: Buffer,
  contentType?: string
): FakeBlob {
  const b: FakeBlob = {
    blocks: new Map(),
    writable,
    data,
    contentType,
    etag: `"0x8DC${randomUUID().slice(0, 12).toUpperCase()}"`,
    lastModified: new Date().toUTCString()
  }
  kit.state.blobs.set(key, b)
  return b
}

/** A signed URL of the blob `key`. */
export const blobUrl = (kit: Kit, key: string) => `${kit.url}/blob/${key}?${sas()}`

const blobHeaders = (b: FakeBlob): Record<string, string> => ({
  etag: b.etag,
  'last-modified': b.lastModified,
  'x-ms-request-id': randomUUID(),
  'x-ms-version': '2025-01-05',
  'x-ms-request-server-encrypted': 'true',
  date: new Date().toUTCString()
})
const touch = (b: FakeBlob) => {
  b.etag = `"0x8DC${randomUUID().slice(0, 12).toUpperCase()}"`
  b.lastModified = new Date().toUTCString()
}

/** Serves `/blob/{key}?...&sig=`: GET/HEAD (with ranges) and the PUTs of an upload. */
export function blobHandler(kit: Kit): Handler {
  const { state } = kit
  return (ctx) => {
    const key = ctx.path.slice('/blob/'.length)
    const q = ctx.query
    if (!q.get('sig')) throw new HttpError(403, { code: 'AuthenticationFailed' })
    const blob = state.blobs.get(key)
    if (!blob) throw new HttpError(404, { code: 'BlobNotFound' }, { 'x-ms-error-code': 'BlobNotFound' })
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      if (!blob.data)
        throw new HttpError(404, { code: 'BlobNotFound' }, { 'x-ms-error-code': 'BlobNotFound' })
      const headers: Record<string, string> = {
        ...blobHeaders(blob),
        'content-type': blob.contentType ?? 'application/octet-stream',
        'x-ms-blob-type': 'BlockBlob',
        'accept-ranges': 'bytes'
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(
        String(ctx.req.headers['x-ms-range'] ?? ctx.req.headers.range ?? '')
      )
      if (range) {
        const start = Number(range[1])
        const end = range[2] ? Math.min(Number(range[2]), blob.data.length - 1) : blob.data.length - 1
        const part = blob.data.subarray(start, end + 1)
        headers['content-range'] = `bytes ${start}-${end}/${blob.data.length}`
        return { status: 206, headers, raw: part }
      }
      return { status: 200, headers, raw: blob.data }
    }
    if (ctx.method !== 'PUT') throw new HttpError(405, { code: 'UnsupportedHttpVerb' })
    if (!blob.writable) throw new HttpError(403, { code: 'AuthorizationPermissionMismatch' })
    const comp = q.get('comp')
    if (comp === 'block') {
      const id = q.get('blockid')
      if (!id) throw new HttpError(400, { code: 'InvalidQueryParameterValue' })
      blob.blocks.set(id, ctx.raw)
      return {
        status: 201,
        headers: { ...blobHeaders(blob), 'x-ms-content-crc64': Buffer.alloc(8).toString('base64'), etag: '' }
      }
    }
    if (comp === 'blocklist') {
      const xml = ctx.raw.toString('utf8')
      const ids = [...xml.matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g)].map((m) => m[2])
      const parts: Buffer[] = []
      for (const id of ids) {
        const part = blob.blocks.get(id)
        if (!part)
          throw new HttpError(400, { code: 'InvalidBlockList' }, { 'x-ms-error-code': 'InvalidBlockList' })
        parts.push(part)
      }
      blob.data = Buffer.concat(parts)
      blob.blocks.clear()
      blob.contentType = String(
        ctx.req.headers['x-ms-blob-content-type'] ?? blob.contentType ?? 'application/octet-stream'
      )
      touch(blob)
      return { status: 201, headers: blobHeaders(blob) }
    }
    if (comp) throw new HttpError(400, { code: 'UnsupportedQueryParameter' })
    if (String(ctx.req.headers['x-ms-blob-type'] ?? '') !== 'BlockBlob')
      throw new HttpError(
        400,
        { code: 'MissingRequiredHeader' },
        { 'x-ms-error-code': 'MissingRequiredHeader' }
      )
    blob.data = ctx.raw
    blob.contentType = String(
      ctx.req.headers['x-ms-blob-content-type'] ??
        ctx.req.headers['content-type'] ??
        'application/octet-stream'
    )
    touch(blob)
    return {
      status: 201,
      headers: { ...blobHeaders(blob), 'content-md5': createHash('md5').update(ctx.raw).digest('base64') }
    }
  }
}
