// A small real Catch2 2.13 suite for the end-to-end harness tests: Catch2's implementation compiled
// once (about 20 s of CPU) into a cache folder keyed by the header's and main's content, reused after.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const CATCH2_HEADER = '/usr/include/catch2/catch.hpp'
export const hasCatch2 = existsSync(CATCH2_HEADER)

/**
 * The suite's main(): Catch2's samples and warm-up are left to Catch2 by benchgate, and a suite sets
 * its own defaults here (fewer samples and a short warm-up keep each process short: with 5 samples
 * instead of 20 a process used 0.6 s of user CPU instead of 1.1 s at load 3; most of a process is
 * Catch2's clock estimation, a busy wait of about 1.6 s that costs more CPU on a quiet machine).
 */
const MAIN = `#define CATCH_CONFIG_RUNNER
#define CATCH_CONFIG_ENABLE_BENCHMARKING
#include <catch2/catch.hpp>
int main(int argc, char** argv) {
  Catch::Session session;
  session.configData().benchmarkWarmupTime = 10;
  session.configData().benchmarkSamples = 5;
  int rc = session.applyCommandLine(argc, argv);
  if (rc != 0) return rc;
  return session.run();
}
`

/** The object file of MAIN (compiled once per header and main; g++ -O1). */
export function catch2MainObject(): string {
  const key = createHash('sha256').update(readFileSync(CATCH2_HEADER)).update(MAIN).digest('hex').slice(0, 16)
  // The test run's cache folder (runTmpdir.mjs), else the temporary directory's.
  const dir = join(process.env.BENCHGATE_TEST_CACHE ?? tmpdir(), 'benchgate-catch2-cache')
  const obj = join(dir, `main-${key}.o`)
  if (existsSync(obj)) return obj
  mkdirSync(dir, { recursive: true })
  const src = join(dir, `main-${key}-${process.pid}.cc`)
  writeFileSync(src, MAIN)
  execFileSync('g++', ['-O1', '-c', src, '-o', `${obj}.${process.pid}`])
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
