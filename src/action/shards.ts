/**
 * The Action's side of sharding (docs/results-format.md): a shard job (`shard: I/N`, modes run or measure) uploads
 * its output folder as artifact `benchgate-shard[-KEY]-I`; the merging job (`mode: merge`) downloads
 * every shard's artifact and checks it. Shard artifacts were produced by the PR's code: in a
 * `workflow_run` (fork-safe) merge each one is checked like the comment mode's hand-over (pr.json
 * against GitHub's record of the run), and everything is parsed as untrusted input; nothing is run.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError } from '../errors.js'
import { directorySize, type ArtifactStore } from '../github/artifacts.js'
import type { GitHubClient } from '../github/client.js'
import type { UnzipLimits } from '../github/unzip.js'
import { readHandOver, writeHandOver, type TrustedRun } from '../github/handOver.js'
import type { Log } from '../log.js'
import { validateResults } from '../report/readResults.js'

/** A shard artifact (results.json, samples/, pr.json) may not be larger than this. */
export const MAX_SHARD_ARTIFACT_BYTES = 512 * 1024 * 1024
/** How a shard artifact is unzipped: one sample file per side and round (rounds ≤ 10,000), results, pr.json. */
export const SHARD_UNZIP_LIMITS: UnzipLimits = {
  maxBytes: MAX_SHARD_ARTIFACT_BYTES,
  maxEntryBytes: 256 * 1024 * 1024,
  maxEntries: 2 * 10_000 + 16
}

export function shardArtifactName(key: string, index: number): string {
  return `benchgate-shard${key === 'default' ? '' : `-${key}`}-${index}`
}

/** Uploads a shard's results.json, samples/ and (for a PR) pr.json as its shard artifact. */
export async function uploadShard(
  store: ArtifactStore,
  outDir: string,
  shard: { index: number; key: string; pullNumber: number | null; headSha: string; retentionDays?: number },
  log: Log
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-shard-'))
  try {
    copyFileSync(join(outDir, 'results.json'), join(dir, 'results.json'))
    const samples = join(outDir, 'samples')
    if (existsSync(samples)) {
      mkdirSync(join(dir, 'samples'))
      for (const f of readdirSync(samples)) copyFileSync(join(samples, f), join(dir, 'samples', f))
    }
    if (shard.pullNumber !== null)
      writeHandOver(dir, { pullNumber: shard.pullNumber, headSha: shard.headSha, key: shard.key })
    const name = shardArtifactName(shard.key, shard.index)
    const { size } = await store.upload(name, dir, { retentionDays: shard.retentionDays })
    log.info(`shard artifact '${name}' uploaded (${size} bytes): the merging job (mode: merge) reads it`)
  } finally {
    rmSync(dir, { recursive: true, force: true }) // uploaded: a self-hosted runner keeps its /tmp
  }
}

/** All shard artifacts of one merge together may not inflate to more than this (each is also capped). */
export const MAX_SHARDS_TOTAL_BYTES = 1024 * 1024 * 1024

export interface ShardDownload {
  /** The shard count the merging job expects (its `shard: I/N` input), or null to take shard 1's word. */
  expectedCount?: number | null
  /** Folder to download into (the caller removes it); default a new temporary folder. */
  root?: string
}

/**
 * Downloads shard 1's artifact of run `runId`, then shards 2..N, N being the merging job's own count
 * when it gives one (shard 1 must agree) or else shard 1's claim. With `trusted` (the fork-safe
 * workflow_run merge) each shard's pr.json is checked against GitHub as soon as it is downloaded,
 * before the next download; all shards share one byte budget ({@link MAX_SHARDS_TOTAL_BYTES}).
 * A shard whose artifact is absent is left out (the merge names it, or reports the gap with allow-missing).
 * @returns the downloaded shard folders and the PR number the shards name (null when none)
 */
export async function downloadShards(
  store: ArtifactStore,
  runId: number,
  key: string,
  trusted: { run: TrustedRun; github: GitHubClient } | null,
  log: Log,
  options: ShardDownload = {}
): Promise<{ dirs: string[]; pullNumber: number | null }> {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'benchgate-shards-'))
  let budget = MAX_SHARDS_TOTAL_BYTES
  let pullNumber: number | null = null
  const fetch = async (index: number): Promise<string | null> => {
    const dir = join(root, `shard-${index}`)
    const name = shardArtifactName(key, index)
    let checked = false
    // pr.json (and results.json) first: a shard that names the wrong PR is refused before its samples are inflated.
    const first = trusted && {
      names: ['pr.json', 'results.json'],
      check: async (d: string) => {
        pullNumber = await checkShardPr(d, trusted, pullNumber)
        checked = true
      }
    }
    try {
      const limits = { ...SHARD_UNZIP_LIMITS, maxBytes: Math.min(SHARD_UNZIP_LIMITS.maxBytes, budget) }
      await store.download(name, runId, dir, limits, first || undefined)
    } catch (e) {
      // A refused pr.json is the merge's error; an artifact that cannot be had is a missing shard.
      if (first && !checked && e instanceof ConfigError && !e.message.includes(`artifact '${name}'`)) throw e
      log.warn(`shard artifact '${name}' of run ${runId} could not be downloaded: ${(e as Error).message}`)
      return null
    }
    budget -= directorySize(dir)
    if (trusted && !checked) pullNumber = await checkShardPr(dir, trusted, pullNumber)
    return dir
  }
  const first = await fetch(1)
  if (!first)
    throw new ConfigError(
      `no shard artifact '${shardArtifactName(key, 1)}' in run ${runId}: did the shard jobs (shard: I/N) finish and upload?`
    )
  const count = shardCount(first, key, options.expectedCount ?? null)
  const dirs = [first]
  for (let i = 2; i <= count; i++) {
    const dir = await fetch(i)
    if (dir) dirs.push(dir)
  }
  log.info(`downloaded ${dirs.length} of ${count} shard artifacts`)
  return { dirs, pullNumber }
}

/** N: the merging job's count when it has one (shard 1 must say the same), else shard 1's (schema-bounded). */
function shardCount(first: string, key: string, expected: number | null): number {
  const results = join(first, 'results.json')
  const claimed = existsSync(results)
    ? (validateResults(readFileSync(results, 'utf8'), `${shardArtifactName(key, 1)}/results.json`).run.shard
        ?.count ?? 1)
    : 1
  if (expected !== null && claimed !== expected)
    throw new ConfigError(
      `${shardArtifactName(key, 1)} says the run had ${claimed} shards, but this job expects ${expected} (its input shard): refusing the shards`
    )
  return expected ?? claimed
}

/** Checks one shard's pr.json against GitHub; every shard must name the same pull request. */
async function checkShardPr(
  dir: string,
  trusted: { run: TrustedRun; github: GitHubClient },
  pullNumber: number | null
): Promise<number> {
  const { meta } = await readHandOver(dir, trusted.run, trusted.github)
  if (pullNumber !== null && meta.pullNumber !== pullNumber)
    throw new ConfigError(
      `the shard artifacts name different pull requests (#${pullNumber}, #${meta.pullNumber})`
    )
  return meta.pullNumber
}
