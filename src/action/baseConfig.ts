/**
 * The Action's config file (benchgate.json) comes from the BASE commit, never from the pull
 * request's checkout: the gate that judges a PR must not be set by the PR (`fail-on: never`,
 * `min-effect: 0.9`, a `filter` that skips the slow benchmark). A change to the file in a PR takes
 * effect once it is merged, and the log says so. Read with `git cat-file` as argv entries, no shell.
 */
import { isAbsolute } from 'node:path'
import { parseConfigFile, readConfigFile, type RawOptions } from '../config/index.js'
import { ConfigError } from '../errors.js'
import { git } from '../git/exec.js'
import { resolveCommit } from '../git/resolve.js'
import type { Log } from '../log.js'

/**
 * The options of `file` (relative to `repoDir`) as committed in `baseRef`, or undefined when the
 * base has no such file and it is not `required`. An absolute path is a file of the runner (not of
 * either commit) and is read from disk.
 * @throws ConfigError (invalid JSON/options, a required file missing); JobError (unknown base ref)
 */
export async function readConfigFromBase(
  repoDir: string,
  baseRef: string,
  headRef: string,
  file: { path: string; required: boolean },
  log: Log
): Promise<RawOptions | undefined> {
  if (isAbsolute(file.path)) {
    log.info(`config file: ${file.path} (an absolute path: read from the runner's disk)`)
    return readConfigFile(file.path, file.required)
  }
  const base = await resolveCommit(repoDir, baseRef, 'base')
  const short = base.slice(0, 7)
  const text = await showFile(repoDir, base, file.path)
  if (text === null) {
    if (file.required)
      throw new ConfigError(
        `config file ${file.path} (input 'config-file') is not in the base commit ${short}: it is read from the base, not from the pull request; commit it to the base branch first`
      )
    log.info(`config file: the base commit ${short} has no ${file.path}; using the inputs and defaults`)
  } else {
    log.info(
      `config file: ${file.path} read from the base commit ${short} (the pull request's copy is not used, so a PR cannot change the gate that judges it)`
    )
  }
  const head = await resolveCommit(repoDir, headRef, 'head').catch(() => null)
  if (head && (await showFile(repoDir, head, file.path)) !== text)
    log.warn(`this change edits ${file.path}: the edit takes effect once it is merged into the base branch`)
  return text === null ? undefined : parseConfigFile(text, `${file.path} (base commit ${short})`)
}

/** The file's content at `commit`, or null when the commit has no such file. */
async function showFile(repoDir: string, commit: string, path: string): Promise<string | null> {
  // `./` makes the path relative to repoDir (the repository-path input), like reading from disk.
  const object = `${commit}:./${path.replace(/^\.\//, '')}`
  const exists = await git(repoDir, ['cat-file', '-e', object])
  if (exists.code !== 0) return null
  const r = await git(repoDir, ['cat-file', 'blob', object])
  return r.code === 0 ? r.stdout : null
}
