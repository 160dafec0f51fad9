/**
 * Workflow artifacts through `@actions/artifact`: the reports and raw samples of a run, and the
 * hand-over between the two halves of the fork-safe split (see forkSafe.ts). Uploading needs the
 * runner's ACTIONS_RUNTIME_TOKEN; downloading another run's artifact needs a token with actions:read.
 */
import { DefaultArtifactClient } from '@actions/artifact'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export interface ArtifactStore {
  /** Uploads `files` (absolute paths under `rootDir`, default: every file under it) as one artifact. */
  upload(
    name: string,
    rootDir: string,
    options?: { files?: string[]; retentionDays?: number }
  ): Promise<{ size: number }>
  /**
   * Downloads the artifact `name` of workflow run `runId` into `destDir`, refusing one larger than
   * `maxBytes` before downloading it.
   */
  download(name: string, runId: number, destDir: string, maxBytes: number): Promise<{ size: number }>
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
    async download(name, runId, destDir, maxBytes) {
      const findBy = {
        token,
        workflowRunId: runId,
        repositoryOwner: repository.owner,
        repositoryName: repository.repo
      }
      const { artifact } = await client.getArtifact(name, { findBy })
      if (artifact.size > maxBytes)
        throw new Error(
          `artifact '${name}' of run ${runId} is ${artifact.size} bytes, more than the ${maxBytes} accepted`
        )
      await client.downloadArtifact(artifact.id, { path: destDir, findBy })
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
