// Temporary folders for a test file, removed after its tests: call at the top level of the file.
import { afterAll } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function tempDirs(defaultPrefix: string): {
  /** A new folder under the system's temporary folder. */
  temp: (prefix?: string) => string
  /** Removes `dir` with the others (a folder made elsewhere, e.g. tempRepo's). */
  track: (dir: string) => void
} {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
  return {
    temp: (prefix = defaultPrefix) => {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      dirs.push(dir)
      return dir
    },
    track: (dir) => void dirs.push(dir)
  }
}
