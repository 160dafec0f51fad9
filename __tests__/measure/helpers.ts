// Shared test helpers for the git / build / run tests: temporary directories, throwaway git repos,
// fake binaries (shell scripts), a tiny real Google Benchmark binary, a recording Log.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Log } from '../../src/log.js'

/** A fresh, symlink-free temporary directory; remove it with `rmTmp`. */
export function makeTmp(prefix = 'benchgate-test-'): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)))
}

export function rmTmp(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

const gitEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LC_ALL: 'C',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com'
  }
  for (const v of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete env[v]
  return env
}

/** Runs git (argument array, no shell) in `cwd`; throws on failure; returns trimmed stdout. */
export function g(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: gitEnv(), encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${r.stderr}`)
  return r.stdout.trim()
}

/** Writes `content` to `repo/file` and commits it; returns the new commit's SHA. */
export function commitFile(repo: string, file: string, content: string, message = `edit ${file}`): string {
  const p = join(repo, file)
  mkdirSync(dirname(p), { recursive: true })
  writeFileSync(p, content)
  g(repo, 'add', '--', file)
  g(repo, 'commit', '-q', '-m', message)
  return g(repo, 'rev-parse', 'HEAD')
}

/** A repository with branch `main` holding one commit (file `version.txt` = "v1"). */
export function makeRepo(dir: string): { repo: string; first: string } {
  const repo = join(dir, 'repo')
  mkdirSync(repo)
  g(repo, 'init', '-q', '-b', 'main')
  g(repo, 'config', 'commit.gpgsign', 'false')
  const first = commitFile(repo, 'version.txt', 'v1\n', 'first')
  return { repo, first }
}

/** Writes an executable /bin/sh script. */
export function writeScript(path: string, body: string): string {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `#!/bin/sh\n${body}\n`)
  chmodSync(path, 0o755)
  return path
}

export interface RecordingLog extends Log {
  lines: string[]
}

/** A Log that records "info: ...", "warn: ...", "debug: ..." lines. */
export function recordingLog(): RecordingLog {
  const lines: string[] = []
  return {
    lines,
    info: (m) => lines.push(`info: ${m}`),
    warn: (m) => lines.push(`warn: ${m}`),
    debug: (m) => lines.push(`debug: ${m}`),
    group: (name, fn) => {
      lines.push(`group: ${name}`)
      return fn()
    }
  }
}

export const hasBenchmarkHeader = existsSync('/usr/include/benchmark/benchmark.h')
export const noBenchmarkReason =
  'SKIPPED: /usr/include/benchmark/benchmark.h is missing: install libbenchmark-dev to run the real Google Benchmark tests'

/**
 * Compiles a tiny Google Benchmark binary (benchmarks BM_Spin and BM_Spin/8) into `dir`.
 * Returns its path, or undefined (with a printed reason) when the header is missing.
 */
export function compileGoogleBenchmark(dir: string, name = 'bench'): string | undefined {
  if (!hasBenchmarkHeader) {
    console.warn(noBenchmarkReason)
    return undefined
  }
  const src = join(dir, `${name}.cc`)
  writeFileSync(
    src,
    [
      '#include <benchmark/benchmark.h>',
      'static void BM_Spin(benchmark::State& state) {',
      '  long n = state.range(0);',
      '  for (auto _ : state) { long s = 0; for (long i = 0; i < n; ++i) benchmark::DoNotOptimize(s += i); }',
      '}',
      'BENCHMARK(BM_Spin)->Arg(1)->Arg(8);',
      'BENCHMARK_MAIN();',
      ''
    ].join('\n')
  )
  const out = join(dir, name)
  const r = spawnSync('g++', ['-O1', src, '-o', out, '-lbenchmark', '-lpthread'], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`compiling the test benchmark failed:\n${r.stderr}`)
  return out
}

/** Resolves after `ms`. */
export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/**
 * Command line prefix to run a TypeScript fixture in a separate Node process (node + the tsx
 * loader, so signals reach the script's own process; the `tsx` wrapper would relay them).
 */
export const NODE_TS: [string, string[]] = [process.execPath, ['--import', 'tsx']]
