/**
 * A record is dated by its commit (docs/history.md, "What a record holds"): the committer date from
 * git, so a re-run of the record job, measured later, names the same date and the same file.
 */
import { git } from '../git/exec.js'
import type { ResultsJson } from '../report/json.js'
import { FULL_SHA, type RecordMeta } from './record.js'

/**
 * `meta` with `date` set to the committer date of the recorded commit (--commit, else the results'
 * head) as git in `repoDir` knows it; unchanged when --date was given, the commit is not a full SHA
 * (buildRecord refuses it) or not in the repository (buildRecord then asks for --date).
 */
export async function withCommitDate(
  results: ResultsJson,
  meta: RecordMeta,
  repoDir: string
): Promise<RecordMeta> {
  const commit = meta.commit ?? results.run.head.sha
  if (meta.date !== undefined || !commit || !FULL_SHA.test(commit)) return meta
  const r = await git(repoDir, ['show', '-s', '--format=%cI', `${commit}^{commit}`])
  const date = r.code === 0 ? r.stdout.trim() : ''
  return date ? { ...meta, date } : meta
}
