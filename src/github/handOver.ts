/**
 * The fork-safe split's hand-over: `mode: measure` (in the `pull_request` workflow, read-only
 * token, runs the PR's code) leaves `pr.json` + `results.json` in an artifact; `mode: comment` (in a
 * `workflow_run` workflow with a write token, never checks out or runs PR code) reads them back.
 * Everything in the artifact was produced by untrusted code, so it is validated like user input:
 * sizes, schema, and the PR number checked against GitHub's own record of the run's head commit.
 * Running PR code with a write token (`pull_request_target` + checkout of the head) is the
 * "pwn request" pattern this split avoids.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '../errors.js'
import { fromResultsJson } from '../report/json.js'
import type { Report } from '../report/model.js'
import { checkMeasurementFacts, MAX_RESULTS_BYTES, validateResults } from '../report/readResults.js'
import { GitHubApiError, type GitHubClient, type PullHead } from './client.js'
import type { UnzipLimits } from './unzip.js'

export const HAND_OVER_FORMAT = 'benchgate-pr'
/** The whole artifact may not be larger than this (results are ~1 KB per benchmark). */
export const MAX_HAND_OVER_BYTES = MAX_RESULTS_BYTES + 64 * 1024
const MAX_META_BYTES = 4096
/** How the hand-over artifact is unzipped: it holds pr.json and results.json, nothing bigger than results. */
export const HAND_OVER_UNZIP_LIMITS: UnzipLimits = {
  maxBytes: MAX_HAND_OVER_BYTES,
  maxEntryBytes: MAX_RESULTS_BYTES,
  maxEntries: 100
}

export interface HandOverMeta {
  format: typeof HAND_OVER_FORMAT
  version: 1
  pullNumber: number
  headSha: string
  key: string
}

/** The artifact name for a report key: several independent reports can share one PR. */
export function handOverArtifactName(key: string): string {
  return key === 'default' ? 'benchgate-pr' : `benchgate-pr-${key}`
}

/** Writes `pr.json` next to the `results.json` already in `dir`. */
export function writeHandOver(dir: string, meta: Omit<HandOverMeta, 'format' | 'version'>): void {
  const full: HandOverMeta = { format: HAND_OVER_FORMAT, version: 1, ...meta }
  writeFileSync(join(dir, 'pr.json'), JSON.stringify(full, null, 2) + '\n')
}

export interface TrustedRun {
  /** The `workflow_run` event's head_sha (GitHub's record, not the artifact's claim). */
  headSha: string
  /** PR numbers GitHub lists for the run (empty for fork PRs). */
  pullNumbers: number[]
  /** The key this comment job reports (its own input, not the artifact's). */
  key: string
  /** The run's head branch and repository (`owner/name`), when the event gives them. */
  headBranch?: string | null
  headRepository?: string | null
}

/** pr.json as checked against GitHub, with what GitHub said of the PR's base (read once, not again). */
export interface CheckedMeta {
  meta: HandOverMeta
  /** The commit the PR's base branch points at, per GitHub; null when the API did not say. */
  pullBaseSha: string | null
}

export interface HandOver extends CheckedMeta {
  report: Report
  /** The benchgate version that wrote results.json (its own claim). */
  toolVersion: string
}

/**
 * Reads and validates a downloaded hand-over, then checks with the API that the PR it names really
 * has the measured commit as its head (unless `checked` is pr.json already checked so).
 * @throws ConfigError saying what was wrong with the artifact
 */
export async function readHandOver(
  dir: string,
  trusted: TrustedRun,
  client: GitHubClient,
  checked: CheckedMeta | null = null
): Promise<HandOver> {
  return {
    ...(checked ?? (await checkHandOverMeta(dir, trusted, client))),
    ...readHandOverResults(dir, trusted)
  }
}

/**
 * pr.json alone, checked against the trusted run and GitHub: done before results.json (or any
 * sample) is inflated, so a forged binding costs the attacker a refusal, not our disk.
 * @throws ConfigError saying what was wrong with pr.json
 */
export async function checkHandOverMeta(
  dir: string,
  trusted: TrustedRun,
  client: GitHubClient
): Promise<CheckedMeta> {
  const meta = parseMeta(readBounded(join(dir, 'pr.json'), MAX_META_BYTES))
  if (meta.headSha !== trusted.headSha)
    throw new ConfigError(
      `pr.json names head commit ${meta.headSha}, but the measuring run was for ${trusted.headSha}: refusing the artifact`
    )
  if (meta.key !== trusted.key)
    throw new ConfigError(
      `pr.json is for report key '${meta.key}', but this job reports key '${trusted.key}'`
    )
  if (trusted.pullNumbers.length > 0 && !trusted.pullNumbers.includes(meta.pullNumber))
    throw new ConfigError(
      `pr.json names pull request #${meta.pullNumber}, which is not among the run's pull requests (${trusted.pullNumbers.map((n) => '#' + n).join(', ')})`
    )
  const pull = await pullHead(client, meta.pullNumber)
  checkPullHead(meta.pullNumber, pull, trusted)
  return { meta, pullBaseSha: pull.baseSha ?? null }
}

/** results.json of a hand-over whose pr.json was checked: bounded, schema-valid, for the run's head. */
function readHandOverResults(dir: string, trusted: TrustedRun): Omit<HandOver, keyof CheckedMeta> {
  const resultsText = readBounded(join(dir, 'results.json'), MAX_RESULTS_BYTES)
  const json = validateResults(resultsText, 'results.json in the artifact')
  checkMeasurementFacts(json, 'results.json in the artifact')
  if (json.run.head.sha !== trusted.headSha)
    throw new ConfigError(
      `results.json measured head ${json.run.head.sha ?? '(none)'}, but the measuring run was for ${trusted.headSha}: refusing the artifact`
    )
  const report = fromResultsJson(json)
  // The comment's marker and key are this job's, never the artifact's.
  report.run.key = trusted.key
  return { report, toolVersion: json.tool.version }
}

/**
 * The PR must be the run's: same head commit, and (for a PR GitHub does not list for the run, as for
 * a fork's) the same head branch and repository, so a fork cannot name another PR that happens to
 * point at the same commit.
 */
function checkPullHead(pullNumber: number, head: PullHead, trusted: TrustedRun): void {
  const refuse = (what: string, theirs: string, ours: string) =>
    new ConfigError(
      `pull request #${pullNumber} has head ${what}${theirs}, not the measured ${ours} (a newer push, or a forged number): not commenting`
    )
  if (head.sha !== trusted.headSha) throw refuse('', head.sha, trusted.headSha)
  if (trusted.pullNumbers.length > 0) return
  if (trusted.headBranch && head.ref !== trusted.headBranch)
    throw refuse('branch ', head.ref, trusted.headBranch)
  if (trusted.headRepository && head.repository && head.repository !== trusted.headRepository)
    throw refuse('repository ', head.repository, trusted.headRepository)
}

/** The PR's head; a PR that does not exist is the artifact's error, said as such. */
async function pullHead(client: GitHubClient, pullNumber: number): Promise<PullHead> {
  try {
    return await client.getPullHead(pullNumber)
  } catch (e) {
    if (e instanceof GitHubApiError && e.status === 404)
      throw new ConfigError(
        `pr.json names pull request #${pullNumber}, which does not exist in this repository: refusing the artifact`
      )
    throw e
  }
}

function readBounded(path: string, maxBytes: number): string {
  let size: number
  try {
    const st = statSync(path)
    if (!st.isFile()) throw new Error('not a regular file')
    size = st.size
  } catch (e) {
    throw new ConfigError(`the artifact has no usable ${path.split('/').pop()}: ${(e as Error).message}`)
  }
  if (size > maxBytes) throw new ConfigError(`${path} is ${size} bytes, more than the ${maxBytes} accepted`)
  return readFileSync(path, 'utf8')
}

function parseMeta(text: string): HandOverMeta {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch (e) {
    throw new ConfigError(`pr.json is not valid JSON: ${(e as Error).message}`)
  }
  const m = v as Record<string, unknown>
  const bad = (what: string) => new ConfigError(`pr.json: ${what}`)
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad('expected a JSON object')
  if (m.format !== HAND_OVER_FORMAT || m.version !== 1)
    throw bad(`expected format '${HAND_OVER_FORMAT}' version 1`)
  if (!Number.isSafeInteger(m.pullNumber) || (m.pullNumber as number) < 1)
    throw bad('pullNumber must be a positive integer')
  if (typeof m.headSha !== 'string' || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(m.headSha))
    throw bad('headSha must be a full hexadecimal commit SHA')
  if (typeof m.key !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(m.key))
    throw bad('key must be 1–64 of [A-Za-z0-9._-]')
  return {
    format: HAND_OVER_FORMAT,
    version: 1,
    pullNumber: m.pullNumber as number,
    headSha: m.headSha,
    key: m.key
  }
}
