// The count-mode end-to-end tests need Google Benchmark's headers and valgrind: without them they are
// skipped, saying which tests and what to install.
import { describe } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** `describe` where Google Benchmark and valgrind are installed, else `describe.skip` with a warning naming `what`. */
export function describeIfCounting(what: string): typeof describe.skip {
  const hasBenchmark = existsSync('/usr/include/benchmark/benchmark.h')
  const hasValgrind = spawnSync('valgrind', ['--version']).status === 0
  if (hasBenchmark && hasValgrind) return describe
  console.warn(
    `skipping ${what}: install libbenchmark-dev and valgrind (apt-get install libbenchmark-dev valgrind)`
  )
  return describe.skip
}
