/**
 * `npm run bench:counts`: what count mode measures and what it costs (issue 15), on real binaries:
 *
 * 1. A/A: the example suites (spin, order book) counted twice; every count must be identical.
 * 2. spin_bench built with SPIN_SLOWDOWN=1.03 (3% more work per iteration) against 1.00.
 * 3. The order-book change (map -> array) through `benchgate run --measure both`: the count ratio
 *    beside the time ratio.
 * 4. Speed: a generated suite of 23, 69 and 138 benchmarks (mixed compute and memory work), the
 *    whole count measurement (base twice, head once) timed on this machine.
 *
 * 5. Attribution (issue 30): a generated 60-benchmark suite counted with and without keeping the
 *    loop dumps' per-function costs, and without cache/branch simulation; the attribution's own
 *    time and the bytes it adds to results.json.
 *
 * 6. How the passes run (docs/count-mode.md "How the passes run"): the 69-benchmark suite of 4,
 *    base twice and head once, counted one after another (sequential), two at a time (before) and
 *    all three at once (now), alternating with a rotating first variant, --reps times: wall and CPU
 *    seconds per repetition, medians, the median ratio, the load average, and whether the counts
 *    agree. Then where one pass's time goes (--where-reps times, alternating): valgrind start-up and
 *    translation, callgrind's instrumentation, the cache/branch simulation, the dumps, the warm-up
 *    repetition and benchgate's own reading of the dumps.
 *
 * Needs g++, libbenchmark-dev and valgrind.
 * Usage: npm run build && npm run bench:counts [-- --rounds N] [-- --attribution-only]
 *        [-- --passes-only [--reps N] [--where-reps N] [--changed K]]
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { attributionsFor } from '../src/analysis/attribution.js'
import { countSuite } from '../src/analysis/countSuite.js'
import { compareCounts } from '../src/analysis/counts.js'
import { renderHtml } from '../src/report/html/render.js'
import { toResultsJson } from '../src/report/json.js'
import { callgrindArgs, runCallgrindPass } from '../src/counts/callgrindPass.js'
import { measureCounts } from '../src/counts/measureCounts.js'
import type { Log } from '../src/log.js'
import type { CountMeasurement } from '../src/samples/countModel.js'
import { lastCommitRunArgs } from './lastCommitRun.js'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    'attribution-only': { type: 'boolean', default: false },
    'passes-only': { type: 'boolean', default: false },
    reps: { type: 'string', default: '5' },
    'where-reps': { type: 'string', default: '3' },
    changed: { type: 'string', default: '14' }
  }
})
const root = new URL('..', import.meta.url).pathname
const CLI = join(root, 'dist/cli.js')
const dir = mkdtempSync(join(tmpdir(), 'benchgate-bench-counts-'))
const quiet: Log = {
  info: () => {},
  warn: () => {},
  debug: () => {},
  group: <T>(_n: string, f: () => Promise<T>) => f()
} as unknown as Log
const pct = (x: number | null) => (x === null ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(3)}%`)

function compile(out: string, sources: string[], defines: string[] = []): string {
  const path = join(dir, out)
  execFileSync('g++', [
    '-O2',
    '-std=c++17',
    ...defines,
    ...sources,
    '-o',
    path,
    '-lbenchmark',
    '-lbenchmark_main',
    '-lpthread'
  ])
  return path
}

async function count(
  base: string,
  head: string,
  env: NodeJS.ProcessEnv = process.env,
  extra: { functions?: boolean; simulate?: boolean; jobs?: number } = {}
): Promise<{ m: CountMeasurement; seconds: number }> {
  const side = (binary: string) => ({ binary, cwd: dir, benchmarks: [] })
  const t0 = performance.now()
  const m = await measureCounts({
    sides: { base: side(base), head: side(head) },
    env,
    dir,
    timeoutMs: 3_600_000,
    log: quiet,
    ...extra
  })
  return { m, seconds: (performance.now() - t0) / 1000 }
}

if (values['attribution-only']) {
  await attributionCost()
  process.exit(0)
}
if (values['passes-only']) {
  await howThePassesRun()
  process.exit(0)
}

// 1 and 2: the spin example with a fixed calibration (its loop count would otherwise come from the clock)
const spinSources = ['spin_bench.cc', 'spin_work.cc', 'slowdown.cc'].map((f) =>
  join(root, 'bench-runner/examples/spin', f)
)
const spin = compile('spin', spinSources)
const spin3 = compile('spin-1.03', spinSources, ['-DSPIN_SLOWDOWN=1.03'])
const obSource = [join(root, 'bench-runner/examples/orderbook/orderbook_bench.cc')]
const orderbook = compile('orderbook', obSource)
const spinEnv = { ...process.env, SPIN_LOOPS_PER_US: '100' }

console.log('1. A/A, each example counted in two separate measurements (base twice + head once each):')
for (const [name, bin, env] of [
  ['spin_bench', spin, spinEnv],
  ['orderbook_bench', orderbook, process.env]
] as const) {
  const a = await count(bin, bin, env)
  const b = await count(bin, bin, env)
  for (const [bench, c] of compareCounts(a.m)) {
    const again = compareCounts(b.m).get(bench)
    console.log(
      `   ${name} ${bench}: ${c.instructions.base ?? `no count (${c.message})`} instructions/iteration, A/A change ${pct(c.instructions.change)}, ` +
        `base noise ${pct(c.instructions.noise)}, second measurement ${again?.instructions.base === c.instructions.base && c.instructions.base !== null ? 'identical' : `different (${again?.instructions.base})`}`
    )
  }
}

console.log('\n2. spin_bench, SPIN_SLOWDOWN 1.03 against 1.00 (3% more work per iteration):')
for (const [bench, c] of compareCounts((await count(spin, spin3, spinEnv)).m))
  console.log(
    `   ${bench}: instructions ${pct(c.instructions.change)}, estimated cycles ${pct(c.cycles.change)}, verdict ${c.verdict}`
  )

console.log(`\n3. Order book map -> array through benchgate run --measure both (${values.rounds} rounds):`)
const repo = join(dir, 'orderbook-repo')
execFileSync('bash', [
  '-c',
  'mkdir -p "$1" && cp -r "$2"/* "$1"/',
  'sh',
  repo,
  join(root, 'bench-runner/examples/orderbook')
])
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo })
const cmake = (array: boolean) =>
  `cmake_minimum_required(VERSION 3.16)\nproject(ob CXX)\nset(CMAKE_CXX_STANDARD 17)\nfind_package(benchmark REQUIRED)\n` +
  `add_executable(orderbook_bench orderbook_bench.cc)\ntarget_compile_definitions(orderbook_bench PRIVATE ORDERBOOK_USE_ARRAY=${array ? 1 : 0})\n` +
  'target_link_libraries(orderbook_bench PRIVATE benchmark::benchmark benchmark::benchmark_main)\n'
git('init', '-q', '-b', 'main')
git('config', 'user.email', 'bench@benchgate.invalid')
git('config', 'user.name', 'bench')
writeFileSync(join(repo, 'CMakeLists.txt'), cmake(false))
git('add', '.')
git('commit', '-qm', 'map')
writeFileSync(join(repo, 'CMakeLists.txt'), cmake(true))
git('commit', '-qam', 'array')
const out = join(dir, 'orderbook-out')
try {
  execFileSync(
    process.execPath,
    [
      ...lastCommitRunArgs(CLI, repo, 'orderbook_bench', out),
      '--measure',
      'both',
      '--rounds',
      values.rounds!,
      '--repetitions',
      '3'
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] }
  )
} catch {
  // exit 1 (a regression) is an answer, not a failure of this script
}
type Bench = {
  name: string
  verdict: string
  ratio: { estimate: number; ci: [number, number] } | null
  counts?: { instructions: { change: number }; cycles: { change: number } }
}
for (const b of (JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { benchmarks: Bench[] })
  .benchmarks) {
  const time = b.ratio
    ? `${b.ratio.estimate.toFixed(3)} [${b.ratio.ci.map((x) => x.toFixed(3)).join(', ')}] (${b.verdict})`
    : `– (${b.verdict})`
  console.log(
    `   ${b.name}: time ratio ${time}, instruction ratio ${(1 + (b.counts?.instructions.change ?? NaN)).toFixed(3)}, cycle ratio ${(1 + (b.counts?.cycles.change ?? NaN)).toFixed(3)}`
  )
}

console.log('\n4. Speed of the whole count measurement (base twice + head once, 2 passes in parallel):')
function suite(n: number): string {
  const kinds = [
    'std::vector<int> v(s.range(0), 1); for (auto _ : s) { long t = 0; for (int x : v) t += x; benchmark::DoNotOptimize(t); }',
    'std::vector<int> v(s.range(0)); for (auto _ : s) { for (size_t i = 0; i < v.size(); ++i) v[i] = int((i * 2654435761u) % 1000); std::sort(v.begin(), v.end()); benchmark::DoNotOptimize(v.data()); }',
    'for (auto _ : s) { std::map<int, int> m; for (int i = 0; i < s.range(0) / 8; ++i) m[(i * 7919) % 100003] = i; benchmark::DoNotOptimize(m.size()); }'
  ]
  const lines = [
    '#include <benchmark/benchmark.h>',
    '#include <algorithm>',
    '#include <map>',
    '#include <vector>'
  ]
  for (let i = 0; i < n; i++) {
    lines.push(
      `static void BM_${i}(benchmark::State& s) { ${kinds[i % 3]} }`,
      `BENCHMARK(BM_${i})->Arg(${1000 + ((i * 37) % 16) * 500});`
    )
  }
  return lines.join('\n') + '\n'
}
for (const n of [23, 69, 138]) {
  writeFileSync(join(dir, `suite-${n}.cc`), suite(n))
  const bin = compile(`suite-${n}`, [join(dir, `suite-${n}.cc`)])
  const { m, seconds } = await count(bin, bin)
  const counted = new Set(m.samples.map((s) => s.benchmark)).size
  console.log(
    `   ${n} benchmarks: ${seconds.toFixed(1)} s (${(seconds / n).toFixed(2)} s per benchmark), ${counted} counted, ${m.issues.length} issue(s)`
  )
}
await attributionCost()
await howThePassesRun()
console.log(`\n(work folder: ${dir})`)

/** 5: what issue 30's attribution adds to a count measurement of 60 benchmarks. */
async function attributionCost(): Promise<void> {
  const n = 60
  console.log(
    `\n5. Attribution on a generated suite of ${n} benchmarks (base twice + head once; head does 5% more work):`
  )
  writeFileSync(join(dir, `suite-${n}.cc`), suite(n))
  writeFileSync(join(dir, `suite-${n}-head.cc`), suite(n).replace(/s\.range\(0\)/g, '(s.range(0) * 21 / 20)'))
  const base = compile(`suite-${n}`, [join(dir, `suite-${n}.cc`)])
  const head = compile(`suite-${n}-head`, [join(dir, `suite-${n}-head.cc`)])
  const variants = [
    ['with attribution (functions kept)', { functions: true }],
    ['without attribution (totals only)', { functions: false }],
    ['without cache/branch simulation, no attribution', { functions: false, simulate: false }]
  ] as const
  const times = new Map<string, number[]>(variants.map(([label]) => [label, []]))
  // benchgate's own CPU time (reading and parsing the dumps; valgrind runs in child processes)
  const cpu = new Map<string, number[]>(variants.map(([label]) => [label, []]))
  let kept: CountMeasurement | null = null
  for (let round = 0; round < 5; round++)
    for (const [label, extra] of variants) {
      const c0 = process.cpuUsage()
      const { m, seconds } = await count(base, head, process.env, extra)
      const c1 = process.cpuUsage(c0)
      cpu.get(label)!.push((c1.user + c1.system) / 1e6)
      times.get(label)!.push(seconds)
      if (extra.functions) kept = m
    }
  for (const [label, t] of times) {
    const sorted = [...t].sort((a, b) => a - b)
    const c = [...cpu.get(label)!].sort((a, b) => a - b)
    const mid = Math.floor(t.length / 2)
    console.log(
      `   ${label}: median ${sorted[mid].toFixed(2)} s wall (runs ${t.map((x) => x.toFixed(2)).join(', ')}), ` +
        `benchgate's own CPU median ${c[mid].toFixed(3)} s`
    )
  }
  const suiteResult = countSuite(kept!, { metric: 'instructions', threshold: 0.01 })
  const t0 = performance.now()
  const attributed = attributionsFor(suiteResult.comparisons, kept!, {
    metric: 'instructions',
    threshold: 0.01
  })
  const ms = performance.now() - t0
  const run = { base: { label: 'base' }, head: { label: 'head' } }
  const withJson = JSON.stringify(
    toResultsJson({ suite: { ...suiteResult, comparisons: attributed }, run }, 'bench'),
    null,
    2
  )
  const without = JSON.stringify(
    toResultsJson(
      { suite: { ...suiteResult, comparisons: attributed.map(({ attribution: _a, ...c }) => c) }, run },
      'bench'
    ),
    null,
    2
  )
  // report.html (count mode has no timing samples: numbers, tables and icicles only)
  const html = (comparisons: typeof attributed) =>
    Buffer.byteLength(renderHtml({ suite: { ...suiteResult, comparisons }, run }, [], { now: new Date(0) }))
  const noTree = attributed.map((c) =>
    c.attribution ? { ...c, attribution: { ...c.attribution, tree: undefined } } : c
  )
  const bare = html(attributed.map(({ attribution: _a, ...c }) => c))
  const tables = html(noTree)
  const full = html(attributed)
  const trees = attributed.filter((c) => c.attribution?.tree)
  const nodes = trees.reduce((s, c) => s + c.attribution!.tree!.nodes.length, 0)
  console.log(
    `   report.html ${bare} bytes without attribution; + ${tables - bare} for the "where" tables; ` +
      `+ ${full - tables} for the icicles (${trees.length} call trees, ${nodes} nodes, ` +
      `${(nodes / Math.max(1, trees.length)).toFixed(1)} per tree); ${full} bytes in all`
  )
  const functions = kept!.samples.reduce((s, x) => s + (x.functions?.length ?? 0), 0)
  const treeless = JSON.stringify(
    toResultsJson({ suite: { ...suiteResult, comparisons: noTree }, run }, 'bench'),
    null,
    2
  ).length
  console.log(
    `   attribution of ${attributed.filter((c) => c.attribution).length} changed benchmarks: ${ms.toFixed(1)} ms; ` +
      `${functions} function entries kept over ${kept!.samples.length} samples; results.json ${without.length} → ${withJson.length} bytes (+${withJson.length - without.length})`
  )
  console.log(
    `   of which the call trees (attribution.tree): +${withJson.length - treeless} bytes of results.json`
  )
}

/** Median of a non-empty list. */
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** CPU seconds (user + system) of this process's ended children, from /proc/self/stat (Linux). */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /, '')
    .split(' ')
  // after "pid (comm) ": cutime and cstime are fields 16 and 17, in clock ticks (100 per second on Linux)
  return (Number(fields[13]) + Number(fields[14])) / 100
}

/** This process's own CPU seconds (benchgate: reading and parsing the dumps). */
function ownCpuSeconds(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

/** The 69-benchmark suite, and a head whose first `changed` benchmarks do a little more work (a PR's shape). */
function passesSuite(n: number, changed: number): { base: string; head: string } {
  writeFileSync(join(dir, `passes-${n}.cc`), suite(n))
  let i = 0
  const head = suite(n).replace(/->Arg\((\d+)\)/g, (all, arg: string) =>
    i++ < changed ? `->Arg(${Number(arg) + 4})` : all
  )
  writeFileSync(join(dir, `passes-${n}-head.cc`), head)
  return {
    base: compile(`passes-${n}`, [join(dir, `passes-${n}.cc`)]),
    head: compile(`passes-${n}-head`, [join(dir, `passes-${n}-head.cc`)])
  }
}

/** 6: the three passes one after another, two at a time and all at once; then where one pass's time goes. */
async function howThePassesRun(): Promise<void> {
  const n = 69
  const reps = Number(values.reps)
  const changed = Number(values.changed)
  const { base, head } = passesSuite(n, changed)
  console.log(
    `\n6. How the passes run: the ${n}-benchmark suite of 4 (head changes ${changed} of them), base twice + head once, ` +
      `${reps} repetitions alternating, ${availableParallelism()} cores:`
  )
  const variants = [
    ['sequential: one after another', { jobs: 1 }],
    ['before: two at a time', { jobs: 2 }],
    ['now: all three at once', {}]
  ] as const
  const wall: number[][] = variants.map(() => [])
  const cpu: number[][] = variants.map(() => [])
  const own: number[][] = variants.map(() => [])
  const preamble: number[][] = variants.map(() => [])
  const measured: CountMeasurement[][] = variants.map(() => [])
  const loads: number[] = []
  for (let rep = 0; rep < reps; rep++) {
    loads.push(loadavg()[0])
    // each repetition starts with another variant, so a load that rises or falls favours none
    for (let k = 0; k < variants.length; k++) {
      const v = (rep + k) % variants.length
      const c0 = childrenCpuSeconds()
      const o0 = ownCpuSeconds()
      const { m, seconds } = await count(base, head, process.env, variants[v][1])
      cpu[v].push(childrenCpuSeconds() - c0)
      own[v].push(ownCpuSeconds() - o0)
      wall[v].push(seconds)
      preamble[v].push(seconds - m.method.wallSeconds)
      measured[v].push(m)
    }
    loads.push(loadavg()[0])
    console.log(
      `   rep ${rep + 1}: ${variants.map(([label], v) => `${label.split(':')[0]} ${wall[v][rep].toFixed(2)} s`).join(', ')}; ` +
        `now/sequential ${(wall[2][rep] / wall[0][rep]).toFixed(2)}, now/before ${(wall[2][rep] / wall[1][rep]).toFixed(2)} ` +
        `(load average ${loads[loads.length - 2].toFixed(1)} → ${loads[loads.length - 1].toFixed(1)})`
    )
  }
  for (const [v, [label]] of variants.entries())
    console.log(
      `   ${label}: median ${median(wall[v]).toFixed(2)} s (${Math.min(...wall[v]).toFixed(2)}–${Math.max(...wall[v]).toFixed(2)}), ` +
        `valgrind CPU median ${median(cpu[v]).toFixed(1)} s, benchgate's own CPU ${median(own[v]).toFixed(2)} s, ` +
        `before the passes (version, probe) ${(median(preamble[v]) * 1000).toFixed(0)} ms`
    )
  const ratio = (a: number, b: number) => median(wall[a].map((t, i) => t / wall[b][i])).toFixed(2)
  console.log(
    `   median ratio of each repetition's pair: now/sequential ${ratio(2, 0)}, now/before ${ratio(2, 1)}, ` +
      `before/sequential ${ratio(1, 0)}; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`
  )
  console.log(`   ${countAgreement(measured.flat())}`)
  if (Number(values['where-reps']) > 0) await whereTheTimeGoes(base, Number(values['where-reps']))
}

/**
 * Whether the measurements agree: the executed events (Ir Dr Dw Bc) of every benchmark, side and pass
 * the same in all of them; the misses (which the simulated caches and predictor make depend on
 * addresses) compared with the base's own two passes.
 */
function countAgreement(ms: readonly CountMeasurement[]): string {
  const executed = ['Ir', 'Dr', 'Dw', 'Bc']
  const key = (s: CountMeasurement['samples'][number]) => `${s.benchmark} ${s.side} ${s.pass}`
  const first = new Map(ms[0].samples.map((s) => [key(s), s]))
  let differ = 0
  let missesDiffer = 0
  for (const m of ms.slice(1))
    for (const s of m.samples) {
      const r = first.get(key(s))
      if (!r || executed.some((e) => r.events[e] !== s.events[e])) differ++
      else if (Object.keys(s.events).some((e) => r.events[e] !== s.events[e])) missesDiffer++
    }
  const within = ms.map(
    (m) =>
      m.samples.filter((s) => {
        const again = m.samples.find((t) => t.benchmark === s.benchmark && t.side === 'base' && t.pass === 1)
        return (
          s.side === 'base' &&
          s.pass === 0 &&
          again &&
          Object.keys(s.events).some((e) => again.events[e] !== s.events[e])
        )
      }).length
  )
  const samples = ms.reduce((sum, m) => sum + m.samples.length, 0) - ms[0].samples.length
  return (
    `counts: executed events (Ir Dr Dw Bc) ${differ === 0 ? 'identical' : `DIFFERENT in ${differ} samples`} in all ${ms.length} measurements ` +
    `(${samples} samples against the first); cache/branch misses differ in ${missesDiffer}, as between the base's two passes of one ` +
    `measurement (${median(within)} of ${ms[0].samples.filter((s) => s.side === 'base' && s.pass === 0).length} benchmarks, median)`
  )
}

/**
 * Where one pass's time goes: the base's pass of section 6 run several ways, alternating, valgrind's
 * CPU seconds for each (median of `reps`); each step adds one part of a counted pass to the one before.
 */
async function whereTheTimeGoes(binary: string, reps: number): Promise<void> {
  const work = join(dir, 'where')
  const run = ['--benchmark_format=json', '--benchmark_min_time=0.000000001']
  const noDumps = (args: string[]) =>
    args.filter((a) => !a.startsWith('--dump-after') && !a.startsWith('--dump-before'))
  const callgrind = (simulate: boolean) => callgrindArgs(join(work, 'callgrind.out.%p'), simulate)
  const steps: Array<[string, () => Promise<void> | void]> = [
    [
      'valgrind start-up and translation, no tool (--tool=none), the pass run',
      () => valgrind(['--tool=none', binary, ...run, '--benchmark_repetitions=2'])
    ],
    [
      'callgrind, listing the benchmarks only (start-up, translation of the start)',
      () => valgrind([...callgrind(true), binary, '--benchmark_list_tests'])
    ],
    [
      'callgrind, the pass without simulation or dumps',
      () => valgrind([...noDumps(callgrind(false)), binary, ...run, '--benchmark_repetitions=2'])
    ],
    [
      'callgrind, the pass with simulation, without dumps',
      () => valgrind([...noDumps(callgrind(true)), binary, ...run, '--benchmark_repetitions=2'])
    ],
    [
      'callgrind, the pass with simulation and dumps, one repetition (no warm-up)',
      () => valgrind([...callgrind(true), binary, ...run, '--benchmark_repetitions=1'])
    ],
    [
      'a pass as counted (simulation, dumps, warm-up), read by benchgate',
      async () => {
        await runCallgrindPass({
          side: 'base',
          pass: 0,
          binary,
          cwd: dir,
          env: process.env,
          iterationFlags: [run[1]],
          dir: work,
          timeoutMs: 3_600_000
        })
      }
    ]
  ]
  const cpu: number[][] = steps.map(() => [])
  const own: number[] = []
  for (let rep = 0; rep < reps; rep++)
    for (let k = 0; k < steps.length; k++) {
      const v = (rep + k) % steps.length
      rmSync(work, { recursive: true, force: true })
      mkdirSync(work)
      const c0 = childrenCpuSeconds()
      const o0 = ownCpuSeconds()
      await steps[v][1]()
      cpu[v].push(childrenCpuSeconds() - c0)
      if (v === steps.length - 1) own.push(ownCpuSeconds() - o0)
    }
  console.log(
    `   where one pass's time goes (valgrind CPU seconds, median of ${reps}, alternating; load average ${loadavg()[0].toFixed(1)}):`
  )
  for (const [v, [label]] of steps.entries())
    console.log(
      `     ${label}: ${median(cpu[v]).toFixed(2)} s (${cpu[v].map((x) => x.toFixed(2)).join(', ')})`
    )
  console.log(`     benchgate reading that pass's JSON and dumps (its own CPU): ${median(own).toFixed(2)} s`)
}

function valgrind(args: string[]): void {
  execFileSync('valgrind', args, { stdio: 'ignore', cwd: dir })
}
