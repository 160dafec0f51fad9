/**
 * Workflow artifacts through `@actions/artifact`: the reports and raw samples of a run, and the
 * hand-over between the two halves of the fork-safe split (see forkSafe.ts). Uploading needs the
 * runner's ACTIONS_RUNTIME_TOKEN; downloading another run's artifact needs a token with actions:read.
 * A downloaded artifact is untrusted: it is fetched still zipped and unzipped within limits (unzip.ts).
 */
import { DefaultArtifactClient } from '@actions/artifact'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractZipBounded, type UnzipLimits } from './unzip.js'

export interface ArtifactStore {
  /** Uploads `files` (absolute paths under `rootDir`, default: every file under it) as one artifact. */
  upload(
    name: string,
    rootDir: string,
    options?: { files?: string[]; retentionDays?: number }
  ): Promise<{ size: number }>
  /**
   * Downloads the artifact `name` of workflow run `runId` into `destDir`: refused before downloading
   * when its zip is larger than `limits.maxBytes`, and unzipped within `limits`. With `first`, the
   * entries it names are extracted alone, `first.check` is awaited (it throws to refuse), and only
   * then is the rest inflated.
   */
  download(
    name: string,
    runId: number,
    destDir: string,
    limits: UnzipLimits,
    first?: { names: readonly string[]; check: (dir: string) => Promise<void> }
  ): Promise<{ size: number }>
}

/** Can this job upload artifacts (it runs on an Actions runner that provides the results service)? */
export function canUploadArtifacts(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL)
}

export function actionsArtifactStore(
  token: string,
  repository: { owner: string; repo: string }
): ArtifactStore {
  const client = new DefaultArtifactClient()
  return {
    async upload(name, rootDir, options = {}) {
      const files = options.files ?? listFiles(rootDir)
      if (files.length === 0) throw new Error(`nothing to upload in ${rootDir}`)
      // A re-run of the job finds the previous attempt's artifact under the same name: replace it.
      await client.deleteArtifact(name).catch(() => undefined)
      const r = await client.uploadArtifact(name, files, rootDir, { retentionDays: options.retentionDays })
      return { size: r.size ?? 0 }
    },
    async download(name, runId, destDir, limits, first) {
      const findBy = {
        token,
        workflowRunId: runId,
        repositoryOwner: repository.owner,
        repositoryName: repository.repo
      }
      const { artifact } = await client.getArtifact(name, { findBy })
      if (artifact.size > limits.maxBytes)
        throw new Error(
          `artifact '${name}' of run ${runId} is ${artifact.size} bytes, more than the ${limits.maxBytes} accepted`
        )
      // skipDecompress: @actions/artifact would inflate the zip with no limit; we unzip it ourselves.
      const zipDir = mkdtempSync(join(tmpdir(), 'benchgate-zip-'))
      try {
        await client.downloadArtifact(artifact.id, { path: zipDir, findBy, skipDecompress: true })
        const [zip, ...more] = readdirSync(zipDir)
        if (!zip || more.length > 0)
          throw new Error(`artifact '${name}' of run ${runId} did not download as one zip file`)
        const what = `artifact '${name}' of run ${runId}`
        if (first) {
          const done = await extractZipBounded(
            join(zipDir, zip),
            destDir,
            { ...limits, only: first.names },
            what
          )
          await first.check(destDir)
          const rest = { ...limits, maxBytes: limits.maxBytes - done.bytes, skip: first.names }
          await extractZipBounded(join(zipDir, zip), destDir, rest, what)
        } else await extractZipBounded(join(zipDir, zip), destDir, limits, what)
      } finally {
        rmSync(zipDir, { recursive: true, force: true })
      }
      return { size: artifact.size }
    }
  }
}

/** Every regular file under `dir`, as absolute paths (symbolic links are not followed). */
export function listFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(path))
    else if (entry.isFile()) out.push(path)
  }
  return out
}

/** Total size in bytes of the regular files under `dir`. */
export function directorySize(dir: string): number {
  return listFiles(dir).reduce((sum, f) => sum + statSync(f).size, 0)
}
