// Artifacts: the REST endpoints (list per run or repository, get, delete, download as a redirect
// to the blob) and the results service's twirp ArtifactService that @actions/artifact v6 uploads
// and downloads through.
import { createHash } from 'node:crypto'
import { blobUrl, newBlob } from './blobs.js'
import { DOCS, ghError, isoNow, twirpError, type Ctx } from './http.js'
import type { Kit } from './kit.js'
import type { FakeArtifact, ZipEntry } from './types.js'
import { makeZip, zipDirectory } from './zip.js'

const ART = '/twirp/github.actions.results.api.v1.ArtifactService'

function artifactJson(kit: Kit, a: FakeArtifact) {
  const { state, owner, repo, repoId, apiUrl } = kit
  const run = state.runs.get(a.runId)
  return {
    id: a.id,
    node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
    name: a.name,
    size_in_bytes: a.size,
    url: `${apiUrl}/repos/${owner}/${repo}/actions/artifacts/${a.id}`,
    archive_download_url: `${apiUrl}/repos/${owner}/${repo}/actions/artifacts/${a.id}/zip`,
    expired: a.expired,
    created_at: a.createdAt,
    updated_at: a.createdAt,
    expires_at: a.expiresAt,
    digest: a.digest,
    workflow_run: {
      id: a.runId,
      repository_id: repoId,
      head_repository_id: repoId,
      head_branch: run?.head_branch ?? 'main',
      head_sha: run?.head_sha ?? '0000000000000000000000000000000000000000'
    }
  }
}

const visibleArtifacts = (kit: Kit) => kit.state.artifacts.filter((a) => a.finalized)

function findArtifact(kit: Kit, ctx: Ctx): FakeArtifact {
  const id = kit.intParam(ctx, 'artifact_id')
  const a = visibleArtifacts(kit).find((x) => x.id === id)
  if (!a) throw ghError(404, 'Not Found', `${DOCS}/actions/artifacts`)
  return a
}

/** One page of an artifact list, as both list endpoints answer. */
function artifactPage(kit: Kit, ctx: Ctx, all: FakeArtifact[]) {
  const { page, headers } = kit.paginate(ctx, all)
  return {
    status: 200,
    body: { total_count: all.length, artifacts: page.map((a) => artifactJson(kit, a)) },
    headers
  }
}

export function addArtifactRestRoutes(kit: Kit): void {
  const { state, route, requireToken, requireWrite, requireRepo, intParam } = kit
  route('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const id = intParam(ctx, 'run_id')
    const name = ctx.query.get('name')
    let all = visibleArtifacts(kit).filter((a) => a.runId === id && (name === null || a.name === name))
    all = ctx.query.get('direction') === 'asc' ? all : [...all].reverse()
    return artifactPage(kit, ctx, all)
  })

  route('GET', '/repos/{owner}/{repo}/actions/artifacts', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const name = ctx.query.get('name')
    const all = [...visibleArtifacts(kit)].reverse().filter((a) => name === null || a.name === name)
    return artifactPage(kit, ctx, all)
  })

  route('GET', '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    return { status: 200, body: artifactJson(kit, findArtifact(kit, ctx)) }
  })

  route('DELETE', '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}', (ctx) => {
    requireWrite(ctx, `${DOCS}/actions/artifacts#delete-an-artifact`)
    requireRepo(ctx)
    const a = findArtifact(kit, ctx)
    state.artifacts = state.artifacts.filter((x) => x !== a)
    state.blobs.delete(a.blobKey)
    return { status: 204 }
  })

  route('GET', '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    if (ctx.params.archive_format !== 'zip')
      throw ghError(404, 'Not Found', `${DOCS}/actions/artifacts#download-an-artifact`)
    const a = findArtifact(kit, ctx)
    if (a.expired)
      throw ghError(410, 'Artifact has expired', `${DOCS}/actions/artifacts#download-an-artifact`)
    return { status: 302, headers: { location: blobUrl(kit, a.blobKey) } }
  })
}

/** The run a twirp request's backend ids belong to (they come from the runtime token). */
function runtimeIds(kit: Kit, ctx: Ctx) {
  const { state } = kit
  const b = ctx.json ?? {}
  const reg = state.backendRuns.get(b.workflow_run_backend_id)
  if (!reg) throw twirpError(404, 'not_found', 'workflow run not found')
  if (b.workflow_job_run_backend_id !== undefined && b.workflow_job_run_backend_id !== reg.jobBackendId)
    throw twirpError(400, 'invalid_argument', 'workflow job run backend id does not match the token')
  return reg
}

function monolith(a: FakeArtifact) {
  return {
    workflow_run_backend_id: a.workflowRunBackendId,
    workflow_job_run_backend_id: a.workflowJobRunBackendId,
    database_id: String(a.id),
    name: a.name,
    size: String(a.size),
    created_at: a.createdAt,
    ...(a.digest ? { digest: a.digest } : {})
  }
}

export function addArtifactTwirpRoutes(kit: Kit): void {
  const { state, twirp, newId } = kit
  twirp(`${ART}/CreateArtifact`, (ctx) => {
    const reg = runtimeIds(kit, ctx)
    const b = ctx.json
    if (typeof b.name !== 'string' || b.name === '')
      throw twirpError(400, 'invalid_argument', 'name is required')
    if (state.artifacts.some((a) => a.runId === reg.runId && a.name === b.name && a.finalized))
      throw twirpError(409, 'already_exists', 'an artifact with this name already exists on the workflow run')
    state.artifacts = state.artifacts.filter((a) => !(a.runId === reg.runId && a.name === b.name))
    const blobKey = `actions-results/${b.workflow_run_backend_id}/workflow-job-run-${b.workflow_job_run_backend_id}/artifacts/${createHash('sha256').update(b.name).digest('hex')}.zip`
    newBlob(kit, blobKey, true)
    const created = new Date()
    state.artifacts.push({
      id: newId() + 1000000000,
      name: b.name,
      runId: reg.runId,
      workflowRunBackendId: b.workflow_run_backend_id,
      workflowJobRunBackendId: b.workflow_job_run_backend_id,
      blobKey,
      mimeType: b.mime_type ?? 'application/zip',
      size: 0,
      digest: null,
      finalized: false,
      expired: false,
      createdAt: created.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      expiresAt:
        b.expires_at ?? new Date(created.getTime() + 90 * 86400e3).toISOString().replace(/\.\d{3}Z$/, 'Z')
    })
    return { status: 200, body: { ok: true, signed_upload_url: blobUrl(kit, blobKey) } }
  })

  twirp(`${ART}/FinalizeArtifact`, (ctx) => {
    const reg = runtimeIds(kit, ctx)
    const b = ctx.json
    const a = state.artifacts.find((x) => x.runId === reg.runId && x.name === b.name && !x.finalized)
    if (!a) throw twirpError(404, 'not_found', 'artifact not found')
    const blob = state.blobs.get(a.blobKey)
    if (!blob?.data) throw twirpError(400, 'failed_precondition', 'artifact blob was not uploaded')
    if (String(blob.data.length) !== String(b.size ?? '0'))
      throw twirpError(
        400,
        'invalid_argument',
        `size mismatch: uploaded ${blob.data.length}, declared ${b.size}`
      )
    const actual = `sha256:${createHash('sha256').update(blob.data).digest('hex')}`
    if (b.hash !== undefined && b.hash !== actual) throw twirpError(400, 'invalid_argument', 'hash mismatch')
    a.size = blob.data.length
    a.digest = actual
    a.finalized = true
    blob.writable = false
    return { status: 200, body: { ok: true, artifact_id: String(a.id) } }
  })

  twirp(`${ART}/ListArtifacts`, (ctx) => {
    const reg = runtimeIds(kit, ctx)
    const b = ctx.json
    const list = visibleArtifacts(kit).filter(
      (a) =>
        a.runId === reg.runId &&
        !a.expired &&
        (b.name_filter === undefined || a.name === b.name_filter) &&
        (b.id_filter === undefined || String(a.id) === String(b.id_filter))
    )
    return { status: 200, body: { artifacts: list.map(monolith) } }
  })

  twirp(`${ART}/GetSignedArtifactURL`, (ctx) => {
    const reg = runtimeIds(kit, ctx)
    const a = visibleArtifacts(kit).find((x) => x.runId === reg.runId && x.name === ctx.json.name)
    if (!a) throw twirpError(404, 'not_found', 'artifact not found')
    return { status: 200, body: { signed_url: blobUrl(kit, a.blobKey) } }
  })

  twirp(`${ART}/DeleteArtifact`, (ctx) => {
    const reg = runtimeIds(kit, ctx)
    const a = visibleArtifacts(kit).find((x) => x.runId === reg.runId && x.name === ctx.json.name)
    if (!a) throw twirpError(404, 'not_found', 'artifact not found')
    state.artifacts = state.artifacts.filter((x) => x !== a)
    state.blobs.delete(a.blobKey)
    return { status: 200, body: { ok: true, artifact_id: String(a.id) } }
  })
}

/** FakeGitHub.seedArtifact: an artifact as if uploaded (and finalized) by run `spec.runId`. */
export function seedArtifact(
  kit: Kit,
  spec: { name: string; runId?: number; dir?: string; entries?: ZipEntry[]; zip?: Buffer; expired?: boolean }
): FakeArtifact {
  const { state, runtimeToken, newId } = kit
  const zip = spec.zip ?? (spec.dir ? zipDirectory(spec.dir) : makeZip(spec.entries ?? []))
  const forRun = spec.runId ?? kit.runId
  runtimeToken(forRun)
  const [rb, reg] = [...state.backendRuns].find(([, v]) => v.runId === forRun)!
  const blobKey = `actions-results/${rb}/workflow-job-run-${reg.jobBackendId}/artifacts/seeded-${newId()}.zip`
  newBlob(kit, blobKey, false, zip, 'application/zip')
  const a: FakeArtifact = {
    id: newId() + 1000000000,
    name: spec.name,
    runId: forRun,
    workflowRunBackendId: rb,
    workflowJobRunBackendId: reg.jobBackendId,
    blobKey,
    mimeType: 'application/zip',
    size: zip.length,
    digest: `sha256:${createHash('sha256').update(zip).digest('hex')}`,
    finalized: true,
    expired: spec.expired ?? false,
    createdAt: isoNow(),
    expiresAt: new Date(Date.now() + 90 * 86400e3).toISOString().replace(/\.\d{3}Z$/, 'Z')
  }
  state.artifacts.push(a)
  return a
}

/** FakeGitHub.artifactBytes: the zip of a finalized artifact, by id or name. */
export function artifactBytes(kit: Kit, idOrName: number | string): Buffer {
  const { state } = kit
  const a = state.artifacts.find(
    (x) => (typeof idOrName === 'number' ? x.id === idOrName : x.name === idOrName) && x.finalized
  )
  const data = a && state.blobs.get(a.blobKey)?.data
  if (!data) throw new Error(`no stored artifact ${idOrName}`)
  return data
}
