// The test run's own temporary folder (jest globalSetup / globalTeardown, jest.config.js): every test
// process's os.tmpdir() is a fresh folder made for this run, and the run fails, listing them, when tests
// leave anything in it. Beside it, a cache the tests share for the run (buildCache.ts), removed at the
// end. Set here, not in the npm script, so jest's own cache stays where it was (warm).
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = 'BENCHGATE_TEST_RUN_ROOT'
/** Tools' own caches, made in os.tmpdir() by the tools the tests start (tsx-<uid>: tsx's compile cache). */
const TOOL_CACHES = /^tsx-\d+$/

export function setup() {
  const root = mkdtempSync(join(tmpdir(), 'benchgate-test-run-'))
  mkdirSync(join(root, 'tmp'))
  mkdirSync(join(root, 'cache'))
  process.env[ROOT] = root
  process.env.BENCHGATE_TEST_CACHE = join(root, 'cache')
  process.env.TMPDIR = join(root, 'tmp') // workers start after globalSetup and inherit it; os.tmpdir() reads it
}

export function teardown() {
  const root = process.env[ROOT]
  if (!root) return
  const left = readdirSync(join(root, 'tmp'))
    .filter((name) => !TOOL_CACHES.test(name))
    .sort()
  rmSync(root, { recursive: true, force: true })
  if (left.length > 0) {
    const shown = left.slice(0, 40).join('\n  ')
    const more = left.length > 40 ? `\n  … and ${left.length - 40} more` : ''
    throw new Error(
      `tests left ${left.length} entries in the temporary folder (removed now; remove them in the test that made them):\n  ${shown}${more}`
    )
  }
}
