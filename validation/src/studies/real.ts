/**
 * Study 2: real runs on this machine. spin_bench builds that differ only in SPIN_SLOWDOWN (1.0,
 * 1.02, 1.05, 1.10; one shared calibration file, so only the work factor differs) at ~100 µs and
 * ~2 ms per iteration, and A/A runs of the order-book example. Every comparison is measured twice:
 *
 * - benchgate: the shipped path — `stageBinaries`, `planRounds`, `runRounds` (bench-runner mode),
 *   `collectRun` (`readSampleFile`) per finished process, `analyzeSuite` — with the call shapes of src/pipeline/;
 * - traditional: one base process, then one head process (`runBenchmarkProcess`), each with as many
 *   repetitions as the ABBA rounds measured per side (same benchmark time), Mann-Whitney at 0.05.
 *
 * Results are appended to a JSON file after every comparison (a crash loses at most one), and a
 * rerun with the same file resumes where it stopped.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { analyzeSuite } from '../../../src/analysis/suite.js'
import { median } from '../../../src/stats/summary.js'
import {
  DEFAULT_ANALYSIS_OPTIONS,
  type AnalysisOptions,
  type SuiteResult
} from '../../../src/analysis/types.js'
import { DEFAULT_CONFIG } from '../../../src/config/index.js'
import { silentLog } from '../../../src/log.js'
import { planRounds, runBenchmarkProcess, runRounds, stageBinaries } from '../../../src/measure/index.js'
import { collectRun } from '../../../src/measure/collect.js'
import type { Provenance, Sample, SampleIssue, Side } from '../../../src/samples/model.js'
import { benchgateOutcome, traditionalOutcome, type Outcome } from '../model/outcome.js'
import { ABBA_VARIANTS, SEQ_BENCHGATE, SEQ_MW } from './simulation.js'

export interface RealCell {
  id: string
  /** 'spin' (two builds) or 'orderbook' (A/A, one build). */
  kind: 'spin' | 'orderbook'
  /** Head work factor (1.0 = A/A). */
  factor: number
  target: number
}

/** Full study: ≥ 30 comparisons for A/A and 2%, 20 at +5% (the detection target), fewer where the answer is obvious. */
export const FULL_CELLS: RealCell[] = [
  { id: 'spin-1.00', kind: 'spin', factor: 1.0, target: 30 },
  { id: 'spin-1.02', kind: 'spin', factor: 1.02, target: 30 },
  { id: 'spin-1.05', kind: 'spin', factor: 1.05, target: 20 },
  { id: 'spin-1.10', kind: 'spin', factor: 1.1, target: 4 },
  { id: 'orderbook-aa', kind: 'orderbook', factor: 1.0, target: 30 }
]
/** --quick: the same code paths, 8 comparisons (~40 s each on an idle 2-core VM, ~80 s on a contended one). */
export const QUICK_CELLS: RealCell[] = [
  { id: 'spin-1.00', kind: 'spin', factor: 1.0, target: 2 },
  { id: 'spin-1.02', kind: 'spin', factor: 1.02, target: 2 },
  { id: 'spin-1.05', kind: 'spin', factor: 1.05, target: 1 },
  { id: 'spin-1.10', kind: 'spin', factor: 1.1, target: 1 },
  { id: 'orderbook-aa', kind: 'orderbook', factor: 1.0, target: 2 }
]

export const SPIN_FILTER = '^BM_Spin/(100us|2ms)'
/** BM_OrderBook is BM_OrderBook_Map under another name (ORDERBOOK_IMPL=map): measured once. */
export const ORDERBOOK_FILTER = '^BM_OrderBook_(Array|Map)$'

/** Analysis variants measured only in the real study (the simulation has no separate CPU time). */
export const REAL_ONLY_VARIANTS: Record<string, Partial<AnalysisOptions>> = {
  'benchgate, cpu_time': { metric: 'cpu_time' }
}

/** One process's repetitions of one benchmark (kept for calibration and re-analysis). */
export interface ProcessRecord {
  side: Side
  round: number
  /** Start of the process, s after the comparison started. */
  t: number
  values: number[]
}

export interface RealComparison {
  cell: string
  index: number
  startedAt: string
  design: { rounds: number; warmupRounds: number; repetitions: number; minTime: number }
  abba: {
    completedRounds: number
    wallMs: number
    /** Sum of all process durations (measured + warm-up), ms. */
    processMs: number
    measuringMs: number
    warmupMs: number
    /** wallMs − processMs: time outside the benchmark processes (spawn bookkeeping, parsing, callbacks). */
    orchestrationMs: number
    analysisMs: number
    issues: number
  }
  traditional: { repetitions: number; processMs: number; wallMs: number; issues: number }
  /** benchmark -> method -> outcome. */
  outcomes: Record<string, Record<string, Outcome>>
  /** benchmark -> ABBA processes (measured rounds), then the two sequential processes. */
  processes: Record<string, { abba: ProcessRecord[]; sequential: ProcessRecord[] }>
  /** The machine's 1-minute load average at the start and the end (absent in comparisons before 2026-11-23 18:00). */
  loadAverage?: { start: number; end: number }
  /** benchmark -> median real time / CPU time over its ABBA samples: > 1 when the process waited for a core. */
  realOverCpu?: Record<string, number>
}

export interface RealResults {
  machine: MachineInfo
  cells: RealCell[]
  comparisons: RealComparison[]
}

export interface MachineInfo {
  cpu: string
  cpus: number
  kernel: string
  compiler: string
  benchmarkLibrary: string
  governor: string
  date: string
}

export interface RealOptions {
  workDir: string
  cells: RealCell[]
  rounds: number
  warmupRounds: number
  repetitions: number
  minTime: number
  /** Load existing results (resume) and save after each comparison. */
  load: () => RealResults | undefined
  save: (r: RealResults) => void
  progress: (msg: string) => void
}

const SOURCE = join(
  import.meta.dirname ?? new URL('.', import.meta.url).pathname,
  '..',
  '..',
  '..',
  'bench-runner'
)

/** Configures and builds spin_bench and orderbook_bench with one SPIN_SLOWDOWN in `<workDir>/build-<f>`. */
export function ensureBuild(workDir: string, factor: number, log: (m: string) => void): string {
  const dir = join(workDir, `build-${factor.toFixed(2)}`)
  const spin = join(dir, 'examples', 'spin_bench')
  const ob = join(dir, 'examples', 'orderbook_bench')
  if (existsSync(spin) && existsSync(ob)) return dir
  log(`building spin_bench with SPIN_SLOWDOWN=${factor.toFixed(2)} in ${dir}`)
  for (const args of [
    [
      '-S',
      SOURCE,
      '-B',
      dir,
      '-DCMAKE_BUILD_TYPE=Release',
      '-DBENCHGATE_BUILD_TESTS=OFF',
      '-DBENCHGATE_INSTALL=OFF',
      `-DSPIN_SLOWDOWN=${factor.toFixed(2)}`
    ],
    ['--build', dir, '--target', 'spin_bench', 'orderbook_bench', '-j2']
  ]) {
    const r = spawnSync('cmake', args, { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`cmake ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`)
  }
  return dir
}

export function machineInfo(): MachineInfo {
  const sh = (cmd: string) => spawnSync('sh', ['-c', cmd], { encoding: 'utf8' }).stdout?.trim() ?? ''
  return {
    cpu:
      sh("lscpu | sed -n 's/^Model name: *//p' | head -1") +
      ` (${sh("lscpu | sed -n 's/^Hypervisor vendor: *//p'") || 'bare metal'})`,
    cpus: Number(sh('nproc')) || 0,
    kernel: sh('uname -sr'),
    compiler: sh('c++ --version | head -1'),
    benchmarkLibrary: sh("dpkg-query -W -f='${Version}' libbenchmark-dev 2>/dev/null") || 'unknown',
    governor:
      sh('cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null') || 'none exposed (VM)',
    date: new Date().toISOString()
  }
}

/** The order of comparisons: cells interleaved round-robin, so a study cut short stays balanced. */
export function schedule(cells: readonly RealCell[], done: Record<string, number>): RealCell[] {
  const left = new Map(cells.map((c) => [c.id, Math.max(0, c.target - (done[c.id] ?? 0))]))
  const out: RealCell[] = []
  for (;;) {
    let added = false
    for (const c of cells) {
      const n = left.get(c.id) ?? 0
      if (n > 0) {
        out.push(c)
        left.set(c.id, n - 1)
        added = true
      }
    }
    if (!added) return out
  }
}

/** Benchmark names without the `/min_time:0.050` suffix Google Benchmark appends for MinTime(). */
export function shortName(name: string): string {
  return name.replace(/\/min_time:[0-9.]+$/, '')
}

function processRecords(
  samples: readonly Sample[],
  benchmark: string,
  startedAt: Map<string, number>
): ProcessRecord[] {
  const byRun = new Map<string, ProcessRecord>()
  for (const s of samples) {
    if (s.benchmark !== benchmark) continue
    const key = `${s.side}:${s.run}`
    let p = byRun.get(key)
    if (!p) byRun.set(key, (p = { side: s.side, round: s.round, t: startedAt.get(key) ?? 0, values: [] }))
    p.values[s.repetition] = s.realTimeNs
  }
  return [...byRun.values()].sort((a, b) => a.t - b.t)
}

/** Where one comparison runs: staged binaries, worktree-like directories, samples, environment. */
interface Setup {
  staged: Record<Side, string>
  cwd: Record<Side, string>
  samplesDir: string
  env: NodeJS.ProcessEnv
  filter: string
  /** Date.now() when the comparison started (process start times are relative to it). */
  t0: number
}

/** What one way of measuring collected: its samples and issues, and when each process started. */
interface Measured {
  samples: Sample[]
  issues: SampleIssue[]
  starts: Map<string, number>
}

function setUp(cell: RealCell, o: RealOptions, builds: Record<string, string>): Setup {
  const baseBuild = builds['1.00']
  const headBuild = builds[cell.factor.toFixed(2)]
  const exe = cell.kind === 'spin' ? 'spin_bench' : 'orderbook_bench'
  const workDir = join(o.workDir, 'run')
  rmSync(workDir, { recursive: true, force: true })
  const cwd = { base: join(workDir, 'wt', 'base'), head: join(workDir, 'wt', 'head') }
  for (const d of Object.values(cwd)) mkdirSync(d, { recursive: true })
  const samplesDir = join(workDir, 'samples')
  mkdirSync(samplesDir, { recursive: true })
  const env = {
    ...process.env,
    SPIN_CALIBRATION_FILE: join(o.workDir, 'spin-calibration.txt'),
    SPIN_MIN_TIME: String(o.minTime)
  }
  const staged = stageBinaries({
    workDir,
    base: join(baseBuild, 'examples', exe),
    head: join(headBuild, 'examples', exe)
  })
  const filter = cell.kind === 'spin' ? SPIN_FILTER : ORDERBOOK_FILTER
  return { staged, cwd, samplesDir, env, filter, t0: Date.now() }
}

/** benchgate: ABBA rounds as src/pipeline/ runs them, then the shipped analysis. */
async function measureAbba(s: Setup, o: RealOptions) {
  const m: Measured = { samples: [], issues: [], starts: new Map() }
  const provenance: Record<Side, Provenance> = { base: {}, head: {} }
  const rounds = await runRounds({
    plan: planRounds({ rounds: o.rounds, warmup: o.warmupRounds }),
    sides: {
      base: { binary: s.staged.base, cwd: s.cwd.base },
      head: { binary: s.staged.head, cwd: s.cwd.head }
    },
    samplesDir: s.samplesDir,
    env: s.env,
    kind: 'bench-runner',
    repetitions: o.repetitions,
    minTimeSeconds: o.minTime,
    filter: s.filter,
    runTimeoutMs: DEFAULT_CONFIG.runTimeoutSeconds * 1000,
    timeBudgetMs:
      DEFAULT_CONFIG.timeBudgetSeconds === null ? undefined : DEFAULT_CONFIG.timeBudgetSeconds * 1000,
    log: silentLog,
    onRunComplete: (result) => {
      if (!result.warmup) {
        collectRun(result, m.samples, m.issues, provenance)
        m.starts.set(`${result.side}:${result.run}`, (result.startedAt - s.t0) / 1000)
      }
    }
  })
  const processMs = rounds.runs.reduce((a, r) => a + r.durationMs, 0)
  const a0 = Date.now()
  const suite = analyzeSuite({ samples: m.samples, issues: m.issues, provenance }, DEFAULT_CONFIG.analysis)
  const abba: RealComparison['abba'] = {
    completedRounds: rounds.completedRounds,
    wallMs: rounds.wallMs,
    processMs,
    measuringMs: rounds.measuringMs,
    warmupMs: rounds.warmupMs,
    orchestrationMs: rounds.wallMs - processMs,
    analysisMs: Date.now() - a0,
    issues: m.issues.length
  }
  return { measured: m, suite, abba }
}

/** traditional: base, then head, each one process with `repetitions` repetitions. */
async function measureSequential(s: Setup, o: RealOptions, repetitions: number) {
  const m: Measured = { samples: [], issues: [], starts: new Map() }
  const provenance: Record<Side, Provenance> = { base: {}, head: {} }
  const s0 = Date.now()
  let processMs = 0
  for (const side of ['base', 'head'] as const) {
    const result = await runBenchmarkProcess({
      kind: 'bench-runner',
      repetitions,
      minTimeSeconds: o.minTime,
      filter: s.filter,
      side,
      binary: s.staged[side],
      cwd: s.cwd[side],
      round: 0,
      run: 0,
      outFile: join(s.samplesDir, `${side}-seq.jsonl`),
      env: s.env,
      timeoutMs: DEFAULT_CONFIG.runTimeoutSeconds * 1000
    })
    processMs += result.durationMs
    m.starts.set(`${side}:0`, (result.startedAt - s.t0) / 1000)
    collectRun(result, m.samples, m.issues, provenance)
  }
  const traditional: RealComparison['traditional'] = {
    repetitions,
    processMs,
    wallMs: Date.now() - s0,
    issues: m.issues.length
  }
  return { measured: m, traditional }
}

/** Per benchmark: every method's outcome, the processes it ran, and its median real/CPU time. */
function judge(suite: SuiteResult, abba: Measured, seq: Measured) {
  const outcomes: RealComparison['outcomes'] = {}
  const processes: RealComparison['processes'] = {}
  const realOverCpu: Record<string, number> = {}
  const alpha = DEFAULT_ANALYSIS_OPTIONS.alpha
  for (const c of suite.comparisons) {
    const name = shortName(c.benchmark)
    const mine = abba.samples.filter((s) => s.benchmark === c.benchmark)
    realOverCpu[name] = median(mine.map((s) => s.realTimeNs / s.cpuTimeNs))
    const per: Record<string, Outcome> = {}
    // Per-comparison rates: each benchmark analysed as a suite of one (as in the simulation) ...
    for (const [variant, opts] of Object.entries({ ...ABBA_VARIANTS, ...REAL_ONLY_VARIANTS })) {
      const options = { ...DEFAULT_CONFIG.analysis, ...opts }
      per[variant] = benchgateOutcome(analyzeSuite({ samples: mine }, options).comparisons[0], options.alpha)
    }
    // ... and as the shipped report judged it, Holm over the binary's benchmarks.
    per['benchgate (suite, Holm)'] = benchgateOutcome(c, alpha)
    const seqMine = seq.samples.filter((s) => s.benchmark === c.benchmark)
    const base = seqMine.filter((s) => s.side === 'base').map((s) => s.realTimeNs)
    const head = seqMine.filter((s) => s.side === 'head').map((s) => s.realTimeNs)
    if (base.length >= 2 && head.length >= 2) {
      per[SEQ_MW] = traditionalOutcome(base, head)
      per[SEQ_BENCHGATE] = benchgateOutcome(
        analyzeSuite({ samples: seqMine }, DEFAULT_CONFIG.analysis).comparisons[0],
        alpha
      )
    }
    outcomes[name] = per
    processes[name] = {
      abba: processRecords(mine, c.benchmark, abba.starts),
      sequential: processRecords(seqMine, c.benchmark, seq.starts)
    }
  }
  return { outcomes, processes, realOverCpu }
}

/** One comparison of the cell: benchgate's ABBA rounds, then the traditional base-then-head runs. */
async function runComparison(
  cell: RealCell,
  index: number,
  o: RealOptions,
  builds: Record<string, string>
): Promise<RealComparison> {
  const setup = setUp(cell, o, builds)
  const startedAt = new Date().toISOString()
  const loadAtStart = loadavg()[0]
  const abba = await measureAbba(setup, o)
  // the same repetitions per side as the ABBA rounds measured
  const seq = await measureSequential(setup, o, abba.abba.completedRounds * o.repetitions)
  const { outcomes, processes, realOverCpu } = judge(abba.suite, abba.measured, seq.measured)
  return {
    cell: cell.id,
    index,
    startedAt,
    design: {
      rounds: o.rounds,
      warmupRounds: o.warmupRounds,
      repetitions: o.repetitions,
      minTime: o.minTime
    },
    abba: abba.abba,
    traditional: seq.traditional,
    outcomes,
    processes,
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
    realOverCpu
  }
}

export async function runRealStudy(o: RealOptions): Promise<RealResults> {
  const results: RealResults = o.load() ?? { machine: machineInfo(), cells: o.cells, comparisons: [] }
  results.cells = o.cells
  mkdirSync(o.workDir, { recursive: true })
  const builds: Record<string, string> = {}
  for (const f of [...new Set([1.0, ...o.cells.map((c) => c.factor)])])
    builds[f.toFixed(2)] = ensureBuild(o.workDir, f, o.progress)
  const done: Record<string, number> = {}
  for (const c of results.comparisons) done[c.cell] = (done[c.cell] ?? 0) + 1
  const todo = schedule(o.cells, done)
  o.progress(
    `real study: ${todo.length} comparisons to run (${results.comparisons.length} already in the results file)`
  )
  const t0 = Date.now()
  for (let i = 0; i < todo.length; i++) {
    const cell = todo[i]
    const index = done[cell.id] ?? 0
    done[cell.id] = index + 1
    const c = await runComparison(cell, index, o, builds)
    results.comparisons.push(c)
    o.save(results)
    const per = (Date.now() - t0) / (i + 1)
    const eta = (per * (todo.length - i - 1)) / 1000
    const summary = Object.entries(c.outcomes)
      .map(
        ([b, m]) =>
          `${b}: ${m.benchgate.verdict} ${((m.benchgate.estimate - 1) * 100).toFixed(2)}% | seq ${m[SEQ_MW]?.alarm ?? '-'} ${(((m[SEQ_MW]?.estimate ?? 1) - 1) * 100).toFixed(2)}%`
      )
      .join('; ')
    o.progress(
      `[${i + 1}/${todo.length}] ${cell.id} #${index}: ${summary} ` +
        `(overhead ${((100 * c.abba.orchestrationMs) / c.abba.processMs).toFixed(2)}%, ${(per / 1000).toFixed(0)} s each, ETA ${Math.round(eta / 60)} min)`
    )
  }
  return results
}
