/**
 * Count mode's measurement (docs/statistics.md §9, docs/count-mode.md): base counted twice (the
 * determinism check), head once, each pass one valgrind process over the side's benchmarks. Counts
 * do not depend on what else runs on the machine, so the three passes run at once, whatever the
 * number of cores: on two cores that ends in about half the time of one after another, where two at
 * a time leave a core idle for the third pass (docs/count-mode.md "How the passes run").
 */
import { join } from 'node:path'
import type { Log } from '../log.js'
import { runProcess } from '../process/spawn.js'
import { exactNameFilter } from '../samples/nameFilter.js'
import type { CountIssue, CountMeasurement, CountSample } from '../samples/countModel.js'
import type { Side } from '../samples/model.js'
import {
  COUNT_REPETITIONS,
  missingValgrind,
  runCallgrindPass,
  type CallgrindPassResult
} from './callgrindPass.js'
import { runConcurrently } from './concurrent.js'

export const CYCLES_FORMULA =
  'Ir + 10·Bm + 10·L1m + 100·LLm (KCachegrind\'s "Cycle Estimation" without bus events and L2)'

export interface CountSide {
  binary: string
  cwd: string
  /**
   * The benchmarks the binary lists under the run's filter (`--benchmark_list_tests`): a pass that
   * did not report one of them ended early, so it crashed there; it is not new or removed.
   */
  benchmarks: readonly string[]
}

export interface MeasureCountsOptions {
  sides: Record<Side, CountSide>
  env: NodeJS.ProcessEnv
  filter?: string
  /** Dumps, JSON and logs of every pass go below this folder. */
  dir: string
  /** Per pass. */
  timeoutMs: number
  log: Log
  signal?: AbortSignal
  valgrind?: string
  /** Keep the loop dumps' per-function costs (docs/count-mode.md; default true). */
  functions?: boolean
  /** Cache and branch simulation (default true; false only to measure its cost in scripts/bench-counts.ts). */
  simulate?: boolean
  /**
   * At most this many valgrind processes at once (default: all three passes). Fewer only to measure
   * the passes one after another or two at a time in scripts/bench-counts.ts; the counts are the same.
   */
  jobs?: number
}

/** The three passes: base, head, and base again for the determinism check. */
const PASSES: ReadonlyArray<{ side: Side; pass: number }> = [
  { side: 'base', pass: 0 },
  { side: 'head', pass: 0 },
  { side: 'base', pass: 1 }
]

/**
 * Counts both sides.
 * @throws JobError 3 'missing-tool' without valgrind, 'count-failed' when a pass cannot run at all
 */
export async function measureCounts(options: MeasureCountsOptions): Promise<CountMeasurement> {
  // the version check and the native probe are independent: neither waits for the other
  const [valgrindVersion, iterationFlags] = await Promise.all([
    valgrindVersionOf(options.valgrind ?? 'valgrind', options.env),
    fixedIterationFlags(options.sides, options.env)
  ])
  const jobs = Math.max(1, Math.min(options.jobs ?? PASSES.length, PASSES.length))
  options.log.info(
    `counting instructions under ${valgrindVersion} (${iterationFlags.join(' ')}, ` +
      `${COUNT_REPETITIONS} repetitions: one warm-up, one counted): base twice, head once, ` +
      (jobs === PASSES.length ? 'all at once' : jobs === 1 ? 'one after another' : `${jobs} at a time`)
  )
  const started = performance.now()
  const results = await runConcurrently(
    PASSES.map(
      ({ side, pass }) =>
        (signal: AbortSignal) =>
          runCallgrindPass({
            side,
            pass,
            binary: options.sides[side].binary,
            cwd: options.sides[side].cwd,
            env: options.env,
            iterationFlags,
            filter: options.filter,
            dir: join(options.dir, 'counts'),
            timeoutMs: options.timeoutMs,
            signal,
            valgrind: options.valgrind,
            // only pass 0 is attributed (analysis/attribution.ts): the determinism pass parses no profiles
            functions: options.functions !== false && pass === 0,
            simulate: options.simulate
          })
    ),
    jobs,
    options.signal
  )
  const samples: CountSample[] = results.flatMap((r) => r.samples)
  const issues: CountIssue[] = [
    ...results.flatMap((r) => r.issues),
    ...lostBenchmarks(options.sides, results)
  ]
  const wallSeconds = (performance.now() - started) / 1000
  options.log.info(
    `counted ${new Set(samples.map((s) => s.benchmark)).size} benchmark(s) in ${wallSeconds.toFixed(1)} s`
  )
  return {
    samples,
    issues,
    method: {
      tool: 'callgrind',
      valgrindVersion,
      iterationFlags,
      repetitions: COUNT_REPETITIONS,
      caches: results.find((r) => r.caches.length > 0)?.caches ?? [],
      cyclesFormula: CYCLES_FORMULA,
      wallSeconds
    }
  }
}

/** `valgrind --version`, or the missing-tool error naming the package. */
async function valgrindVersionOf(valgrind: string, env: NodeJS.ProcessEnv): Promise<string> {
  const r = await runProcess(valgrind, ['--version'], {
    cwd: process.cwd(),
    env,
    stdout: 'capture',
    stderr: 'capture',
    timeoutMs: 30_000
  })
  if (r.spawnError || r.exitCode !== 0) throw missingValgrind(r.spawnError)
  return r.stdout.trim()
}

/** Where both binaries prove it works: one iteration per repetition, whatever MinTime() says in code (≥ 1.8). */
const ONE_ITERATION = ['--benchmark_min_time=1x']
/** Else a minimum time of 1 ns, which Google Benchmark 1.7 meets after its first iteration. */
const ONE_NANOSECOND = ['--benchmark_min_time=0.000000001']

/**
 * The flags that make every benchmark run exactly one iteration per repetition, for both sides
 * alike: `--benchmark_min_time=1x` where both binaries show it works, else a minimum time of 1 ns.
 * "Works" is proved by running one listed benchmark natively with `1x` and reading one iteration
 * from its JSON: an exit code proves nothing, because a 1.7 binary whose own main() calls
 * Initialize but not ReportUnrecognizedArguments only warns about "1x" and then runs every
 * benchmark for the default minimum time (under valgrind: for ever).
 */
export async function fixedIterationFlags(
  sides: Record<Side, CountSide>,
  env: NodeJS.ProcessEnv
): Promise<string[]> {
  const [base, head] = await Promise.all([
    runsOneIteration(sides.base, env),
    runsOneIteration(sides.head, env)
  ])
  return base && head ? ONE_ITERATION : ONE_NANOSECOND
}

/** Runs the side's first listed benchmark once with `1x`: true when it reported exactly one iteration. */
async function runsOneIteration(
  { binary, cwd, benchmarks }: CountSide,
  env: NodeJS.ProcessEnv
): Promise<boolean> {
  const filter = benchmarks.length > 0 ? exactNameFilter([benchmarks[0]]) : undefined
  if (filter === undefined) return false
  const r = await runProcess(
    binary,
    [
      ...ONE_ITERATION,
      `--benchmark_filter=${filter}`,
      '--benchmark_repetitions=1',
      '--benchmark_format=json'
    ],
    { cwd, env, stdout: 'capture', stderr: 'ignore', timeoutMs: 30_000 }
  )
  if (r.exitCode !== 0) return false
  try {
    const runs = (JSON.parse(r.stdout) as { benchmarks?: { iterations?: unknown; run_type?: string }[] })
      .benchmarks
    const iterations = (runs ?? []).filter((b) => b.run_type !== 'aggregate').map((b) => b.iterations)
    return iterations.length > 0 && iterations.every((n) => n === 1)
  } catch {
    return false
  }
}

/** A pass that ended early lost the benchmarks after it: listed on that side, never reported. */
function lostBenchmarks(
  sides: Record<Side, CountSide>,
  results: readonly CallgrindPassResult[]
): CountIssue[] {
  const issues: CountIssue[] = []
  PASSES.forEach(({ side, pass }, i) => {
    const r = results[i]
    const seen = new Set([...r.samples, ...r.issues].map((x) => x.benchmark))
    for (const b of sides[side].benchmarks)
      if (!seen.has(b))
        issues.push({
          benchmark: b,
          side,
          pass,
          kind: 'crashed',
          message: `not reported by the ${side} count pass (it ended early)`
        })
  })
  return issues
}
