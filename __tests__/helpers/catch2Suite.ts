// A small real Catch2 2.13 suite for the end-to-end harness tests: Catch2's implementation compiled
// once (about 13 s of CPU at -Og) into a cache folder keyed by the header's and main's content, reused after.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const CATCH2_HEADER = '/usr/include/catch2/catch.hpp'
export const hasCatch2 = existsSync(CATCH2_HEADER)

/**
 * The suite's main(): Catch2's samples and warm-up are left to Catch2 by benchgate, and a suite sets
 * its own defaults here. A short warm-up (10 ms instead of 100 ms per benchmark) keeps each process
 * short; the samples stay at Catch2's default 100: a sample of these loops lasts about 60 µs, so 100
 * cost no more than 5 (alternating 5 and 100 three times: 1.0–1.3 s of CPU a process either way, most
 * of it Catch2's clock estimation), and one preempted sample moves a mean of 100 samples 20 times less
 * (with 5, one process's mean came out 23× the others').
 */
const MAIN = `#define CATCH_CONFIG_RUNNER
#define CATCH_CONFIG_ENABLE_BENCHMARKING
#include <catch2/catch.hpp>
int main(int argc, char** argv) {
  Catch::Session session;
  session.configData().benchmarkWarmupTime = 10;
  int rc = session.applyCommandLine(argc, argv);
  if (rc != 0) return rc;
  return session.run();
}
`

/**
 * The object file of MAIN (compiled once per header and main). -Og: it compiled in 12.9 s against 18.6 s
 * at -O1, and a process ran as fast (2.80 and 2.74 s against 2.82 and 2.88 s); at -O0 (12.2 s) each process
 * took about a second more (Catch2's clock estimation sorts millions of samples in this object's code).
 */
export function catch2MainObject(): string {
  const key = createHash('sha256').update(readFileSync(CATCH2_HEADER)).update(MAIN).digest('hex').slice(0, 16)
  // The test run's cache folder (runTmpdir.mjs), else the temporary directory's.
  const dir = join(process.env.BENCHGATE_TEST_CACHE ?? tmpdir(), 'benchgate-catch2-cache')
  const obj = join(dir, `main-${key}.o`)
  if (existsSync(obj)) return obj
  mkdirSync(dir, { recursive: true })
  const src = join(dir, `main-${key}-${process.pid}.cc`)
  writeFileSync(src, MAIN)
  execFileSync('g++', ['-Og', '-c', src, '-o', `${obj}.${process.pid}`])
  renameSync(`${obj}.${process.pid}`, obj)
  return obj
}

/** A benchmark source: each entry is [test case, BENCHMARK name, loop length]. */
export function catch2Source(benchmarks: ReadonlyArray<[string, string, number]>): string {
  const cases = new Map<string, string[]>()
  for (const [tc, name, n] of benchmarks)
    cases.set(tc, [...(cases.get(tc) ?? []), `  BENCHMARK("${name}") { return spin(${n}); };`])
  return `#define CATCH_CONFIG_ENABLE_BENCHMARKING
#include <catch2/catch.hpp>
// a chain of dependent multiplies: bound by their latency, not by where the loop lands in memory
static unsigned spin(int n) { unsigned x = 1; for (int i = 0; i < n; ++i) { x = x * 1103515245u + 12345u; asm volatile("" : "+r"(x)); } return x; }
${[...cases].map(([tc, body]) => `TEST_CASE("${tc}") {\n${body.join('\n')}\n}`).join('\n')}
`
}
