// A build command for the end-to-end tests that compiles each distinct program once per test run: the
// same command on the same source copies the binary it made before from the run's cache
// (BENCHGATE_TEST_CACHE, runTmpdir.mjs). benchgate still runs the build command in each worktree and
// checks what it produced; only the compiler is spared. Without the cache (jest not started through
// jest.config.js) the command is returned unchanged.
import { createHash } from 'node:crypto'
import { shellQuote } from '../../src/report/shellQuote.js'

/** `command` (which reads `source` and writes `binary`, paths relative to the worktree), cached. */
export function cachedBuild(command: string, source: string, binary: string): string {
  const cache = process.env.BENCHGATE_TEST_CACHE
  if (!cache) return command
  const commandKey = createHash('sha256').update(command).digest('hex').slice(0, 16)
  const [src, bin, dir] = [source, binary, cache].map(shellQuote)
  return (
    `key=$(sha256sum ${src} | cut -c1-32)-${commandKey}; c=${dir}/$key; ` +
    `if [ -f "$c" ]; then mkdir -p "$(dirname ${bin})" && cp "$c" ${bin}; ` +
    `else ${command} && cp ${bin} "$c.$$" && mv "$c.$$" "$c"; fi`
  )
}
