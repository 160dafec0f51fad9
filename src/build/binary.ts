/**
 * Finding the benchmark binary a build produced and asking it what it is: a bench-runner binary
 * (benchgate's own main, streaming samples) or a plain Google Benchmark binary.
 */
import { accessSync, constants, readdirSync, realpathSync, statSync } from 'node:fs'
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { JobError } from '../errors.js'
import { childEnvironment } from '../process/childEnv.js'
import { describeExit, headLines, runProcess, type ProcessResult } from '../process/spawn.js'
import { probeHarness } from '../harness/detect.js'
import {
  HARNESS_LABEL,
  selectedNames,
  unionCatalog,
  type HarnessChoice,
  type HarnessKind
} from '../harness/types.js'

/** Default time limit for one probe of a binary (ms): probes only print a version or a list. */
export const PROBE_TIMEOUT_MS = 30_000

/** How a bench-runner binary identifies itself on `--benchgate_version`. */
export const RUNNER_VERSION_RE = /^benchgate-runner (\S+)\s*$/m

function isInside(root: string, p: string): boolean {
  const rel = relative(root, p)
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel))
}

/**
 * The absolute path of the benchmark binary `relPath` inside `worktree`, after the build.
 * The path must stay inside the worktree, lexically and after resolving symlinks (both sides must
 * run their own build's binary).
 *
 * @param worktree the side's worktree (absolute)
 * @param relPath the binary's path relative to the worktree, as configured (e.g. `build/bench/bench_all`)
 * @returns the binary's absolute real path
 * @throws JobError code 2 'binary-path' (absolute path, `..` or symlink escaping the worktree, a
 *   directory), code 2 'not-executable', code 3 'binary-not-found'
 */
export function locateBinary(worktree: string, relPath: string): string {
  if (relPath.trim() === '') {
    throw new JobError('binary-path', 'The benchmark binary path is empty.', { subject: 'binary' })
  }
  if (isAbsolute(relPath)) {
    throw new JobError('binary-path', `The benchmark binary path ${relPath} is absolute.`, {
      subject: relPath,
      hint: 'Give it relative to the repository root (e.g. build/bench/bench_all), so each side runs its own build.'
    })
  }
  let root: string
  try {
    root = realpathSync(worktree)
  } catch (e) {
    throw new JobError('binary-not-found', `The worktree ${worktree} does not exist.`, {
      subject: worktree,
      cause: e
    })
  }
  const candidate = resolve(root, relPath)
  if (!isInside(root, candidate)) {
    throw new JobError(
      'binary-path',
      `The benchmark binary path ${relPath} leads out of the worktree (${root}).`,
      {
        subject: relPath,
        hint: 'Give a path inside the repository, relative to its root.'
      }
    )
  }
  let real: string
  try {
    real = realpathSync(candidate)
  } catch {
    const similar = findByName(root, basename(relPath))
    throw new JobError(
      'binary-not-found',
      `The benchmark binary ${relPath} was not found after the build (looked for ${candidate}).`,
      {
        subject: relPath,
        hint:
          similar.length > 0
            ? `Files with that name in the worktree: ${similar.join(', ')}. Is the path relative to the repository root?`
            : 'Check that the build command builds it and that the path is relative to the repository root.'
      }
    )
  }
  if (!isInside(root, real)) {
    throw new JobError(
      'binary-path',
      `The benchmark binary ${relPath} is a symlink to ${real}, outside the worktree ${root}.`,
      {
        subject: relPath,
        hint: 'Point to the binary the build produces inside the repository, so each side runs its own build.'
      }
    )
  }
  const st = statSync(real)
  if (!st.isFile()) {
    throw new JobError('binary-path', `The benchmark binary path ${relPath} is not a file (${real}).`, {
      subject: relPath
    })
  }
  try {
    accessSync(real, constants.X_OK)
  } catch {
    throw new JobError(
      'not-executable',
      `The benchmark binary ${real} is not executable (mode ${(st.mode & 0o777).toString(8)}).`,
      {
        subject: relPath,
        hint: 'Point to the linked executable, not a library, object file or script without the execute bit.'
      }
    )
  }
  return real
}

/** Up to 5 worktree-relative paths of files called `name` (bounded search, skips .git). */
function findByName(root: string, name: string, maxEntries = 20_000): string[] {
  const found: string[] = []
  const queue = [root]
  let seen = 0
  while (queue.length > 0 && found.length < 5 && seen < maxEntries) {
    const dir = queue.shift() as string
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      continue
    }
    for (const e of entries) {
      seen++
      if (e.name === '.git') continue
      const p = join(dir, e.name)
      if (e.isDirectory()) queue.push(p)
      else if (e.name === name) found.push(relative(root, p))
    }
  }
  return found
}

export interface ProbeResult {
  kind: HarnessKind
  /** bench-runner's version (from `benchgate-runner <version>`), Catch2's (`--libidentify`). */
  version?: string
  /** Benchmark names from `--benchmark_list_tests=true` (or the harness's listing), in registration order. */
  benchmarks: string[]
  /** Catch2: each benchmark's test case; nanobench: its names (harness/types.ts Catalog). */
  catalog?: Map<string, string>
}

export interface ProbeOptions {
  /** Default: this process's, without credentials (childEnvironment). */
  env?: NodeJS.ProcessEnv
  /** Per probe process; default {@link PROBE_TIMEOUT_MS}. */
  timeoutMs?: number
  /** The binary's library (docs/harnesses.md); default: Google Benchmark, probed as below. */
  harness?: HarnessChoice
}

/**
 * Asks the binary what it is, without running any benchmark:
 *
 * 1. `--benchgate_version --benchmark_list_tests=true --benchmark_filter=<matches nothing>`:
 *    bench-runner prints `benchgate-runner <version>` and exits 0. `benchmark_main` rejects the
 *    unknown flag (non-zero exit). The list/filter flags are a seat belt: a custom `main` that
 *    ignores unknown flags lists nothing instead of running the whole suite.
 * 2. `--benchmark_list_tests=true`: one benchmark name per line, exit 0.
 *
 * @param path the binary (absolute)
 * @param cwd the side's working directory (static initialisers may read relative files)
 * @throws JobError code 3: 'not-a-benchmark' (quoting the head of its output), 'no-benchmarks',
 *   'probe-failed' (timeout, crash, could not start)
 */
export async function probeBinary(
  path: string,
  cwd: string,
  options: ProbeOptions = {}
): Promise<ProbeResult> {
  if (options.harness === undefined || options.harness === 'gbench') return probeGbench(path, cwd, options)
  return probeHarness(path, cwd, options.harness, {
    env: options.env ?? childEnvironment(),
    timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS,
    probeGbench: () => probeGbench(path, cwd, options)
  })
}

/** Google Benchmark's probe (see probeBinary). */
async function probeGbench(path: string, cwd: string, options: ProbeOptions): Promise<ProbeResult> {
  const env = options.env ?? childEnvironment()
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
  const probe = (args: string[]): Promise<ProcessResult> =>
    runProcess(path, args, { cwd, env, stdout: 'capture', stderr: 'capture', timeoutMs, killGraceMs: 500 })
  const shown = (r: ProcessResult): string =>
    headLines(`${r.stdout}${r.stderr ? `\n${r.stderr}` : ''}`.trim(), 10)

  const first = await probe([
    '--benchgate_version',
    '--benchmark_list_tests=true',
    '--benchmark_filter=^benchgate-probe-matches-nothing$'
  ])
  if (first.spawnError || first.timedOut) {
    throw new JobError(
      'probe-failed',
      `Could not run the benchmark binary ${path}: ${describeExit(first, timeoutMs)}.`,
      {
        subject: path,
        hint: first.timedOut
          ? 'Does it do heavy work before main()? It should answer --benchmark_list_tests quickly.'
          : undefined
      }
    )
  }
  const m = RUNNER_VERSION_RE.exec(first.stdout)
  let kind: ProbeResult['kind']
  let version: string | undefined
  if (first.exitCode === 0 && m) {
    kind = 'bench-runner'
    version = m[1]
  } else if (first.exitCode !== 0 || /Failed to match any benchmarks/.test(first.stderr)) {
    // benchmark_main refuses the unknown flag; a tolerant custom main matched nothing
    kind = 'google-benchmark'
  } else {
    throw notABenchmark(path, '--benchgate_version', first, shown(first))
  }

  const list = await probe(['--benchmark_list_tests=true'])
  if (list.exitCode !== 0) {
    if (kind === 'google-benchmark' && !list.timedOut && !list.spawnError && list.signal === null) {
      throw notABenchmark(path, '--benchmark_list_tests=true', list, shown(list))
    }
    throw new JobError(
      'probe-failed',
      `Listing the benchmarks of ${path} failed: ${describeExit(list, timeoutMs)}.`,
      {
        subject: path,
        hint: shown(list) ? `Its output began:\n${shown(list)}` : undefined
      }
    )
  }
  const benchmarks = list.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  if (benchmarks.length === 0) {
    throw new JobError('no-benchmarks', `The benchmark binary ${path} registers no benchmarks.`, {
      subject: path,
      hint: 'Check that the benchmark sources are compiled into it (BENCHMARK(...) registrations).'
    })
  }
  if (benchmarks.some((b) => b.startsWith('-')))
    throw notABenchmark(path, '--benchmark_list_tests=true', list, shown(list))
  return version === undefined ? { kind, benchmarks } : { kind, version, benchmarks }
}

function notABenchmark(path: string, flag: string, r: ProcessResult, output: string): JobError {
  return new JobError(
    'not-a-benchmark',
    `${path} is not a Google Benchmark binary: it answered ${flag} with ${describeExit(r)}` +
      (output ? ` and printed:\n${output}` : ' and printed nothing.'),
    {
      subject: path,
      hint: 'Point the binary option at an executable linked with benchmark_main (or benchgate::runner).'
    }
  )
}

/** How many of the binary's benchmark names a "filter matches nothing" error shows. */
const NAMES_SHOWN = 8

/**
 * Stops the job when `filter` selects none of the binary's benchmarks, with the binary's own words
 * (Google Benchmark: "Failed to match any benchmarks against regex: …") and a few names it has.
 * @param all the binary's benchmarks without the filter (from the probe)
 * @returns the benchmarks the filter selects (all of them when the listing itself failed: the run reports that)
 * @throws JobError code 2 'filter-matches-nothing'
 */
export async function checkFilterMatches(
  path: string,
  cwd: string,
  filter: string,
  all: readonly string[],
  env: NodeJS.ProcessEnv,
  kind: HarnessKind = 'google-benchmark'
): Promise<string[]> {
  if (kind === 'catch2' || kind === 'nanobench') return filteredByName(filter, all)
  const r = await runProcess(path, ['--benchmark_list_tests=true', `--benchmark_filter=${filter}`], {
    cwd,
    env,
    stdout: 'capture',
    stderr: 'capture',
    timeoutMs: PROBE_TIMEOUT_MS,
    killGraceMs: 500
  })
  // A failing listing is reported where the benchmarks are listed for the run; here only "none" stops.
  const names = r.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  if (r.exitCode !== 0) return [...all]
  if (names.length > 0) return names
  return matchesNothing(filter, all, headLines(r.stderr.trim(), 3))
}

/** Catch2 and nanobench: the filter is read as a regular expression over the names the probe listed. */
function filteredByName(filter: string, all: readonly string[]): string[] {
  const names = selectedNames(filter, all)
  if (names === undefined)
    throw new JobError(
      'invalid-option',
      `--filter ${JSON.stringify(filter)} is not a valid regular expression.`,
      {
        subject: filter
      }
    )
  if (names.length > 0) return names
  return matchesNothing(filter, all, '')
}

function matchesNothing(filter: string, all: readonly string[], said: string): never {
  const shown =
    all.slice(0, NAMES_SHOWN).join(', ') + (all.length > NAMES_SHOWN ? `, … (${all.length} in all)` : '')
  throw new JobError(
    'filter-matches-nothing',
    `--filter ${JSON.stringify(filter)} matches none of head's ${all.length} benchmark(s)` +
      (said ? `; the binary said: ${said}` : '.'),
    {
      subject: filter,
      hint: `The filter is a regular expression over benchmark names (POSIX ERE, as --benchmark_filter). Benchmarks here: ${shown}`
    }
  )
}

/**
 * How both sides run (they must run the same way): bench-runner only when both binaries are, and
 * one harness on both sides, with one catalog (Catch2, nanobench) for both.
 * @throws JobError 'not-a-benchmark' when the two binaries are built with different libraries
 */
export function bothSidesRun(
  base: ProbeResult,
  head: ProbeResult
): { kind: HarnessKind; catalog?: Map<string, string> } {
  const gbench = (k: HarnessKind) => k === 'bench-runner' || k === 'google-benchmark'
  if (gbench(base.kind) && gbench(head.kind))
    return {
      kind: base.kind === 'bench-runner' && head.kind === 'bench-runner' ? 'bench-runner' : 'google-benchmark'
    }
  if (base.kind !== head.kind)
    throw new JobError(
      'not-a-benchmark',
      `base's binary is built with ${HARNESS_LABEL[base.kind]} and head's with ${HARNESS_LABEL[head.kind]}: they cannot be compared.`,
      { hint: 'Compare from a base that already uses the new library.' }
    )
  return { kind: head.kind, catalog: unionCatalog(base.catalog, head.catalog) }
}
