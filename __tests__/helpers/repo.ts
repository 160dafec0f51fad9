// A throwaway git repository for the end-to-end tests.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TempRepo {
  dir: string
  /** Runs git in the repository; returns its trimmed stdout. */
  git(...args: string[]): string
  /** Writes the files (path -> content), commits everything, and returns the new commit's SHA. */
  commitFiles(files: Record<string, string>, message: string): string
}

/** A new repository on branch main with a committer identity set. */
export function tempRepo(prefix: string): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim()
  git('init', '-q', '-b', 'main')
  git('config', 'user.email', 'test@example.com')
  git('config', 'user.name', 'test')
  return {
    dir,
    git,
    commitFiles(files, message) {
      for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content)
      git('add', '.')
      git('commit', '-qm', message)
      return git('rev-parse', 'HEAD')
    }
  }
}
