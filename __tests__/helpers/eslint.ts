/**
 * eslint as `npm run lint` runs it, on planted text: the architecture tests check that a rule fails on
 * a planted violation and passes the real file.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

const root = join(import.meta.dirname, '..', '..')
const eslintBin = join(root, 'node_modules', '.bin', 'eslint')

/**
 * Lints `text` as if it were the file `path` (relative to the repository root).
 * @returns whether eslint failed, and its messages as "ruleId: message" lines
 */
export async function lintAs(path: string, text: string): Promise<{ failed: boolean; output: string }> {
  const child = promisify(execFile)(eslintBin, ['--stdin', '--stdin-filename', path, '--format', 'json'], {
    cwd: root
  })
  child.child.stdin!.end(text)
  let failed = false
  let stdout: string
  try {
    stdout = (await child).stdout
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string }
    // eslint exits 1 for lint errors; anything else (2: crash, bad config) must fail the test.
    if (err.code !== 1) throw new Error(`eslint crashed (exit ${err.code}): ${err.stderr}`)
    failed = true
    stdout = err.stdout ?? ''
  }
  const results = JSON.parse(stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>
  const output = results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`)).join('\n')
  return { failed, output }
}
