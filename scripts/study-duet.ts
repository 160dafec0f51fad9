/**
 * npm run study:duet [-- --rounds 6 --duet-rounds 9 --blocks 4 --planted 3 --pinned]: duet against sequential pairs, side by side on
 * this machine (docs/VALIDATION.md "Duet"). Builds bench/duet-fixture (a CPU-bound and a memory-bound
 * Google Benchmark benchmark) twice, at 100% and at 100 + planted % of the work, and runs benchgate's own
 * rounds loop (src/measure/rounds.ts, per-benchmark units, the default settings: 1 warm-up round,
 * 3 repetitions × 0.05 s) in blocks that alternate the designs and the two conditions: A/A (the base
 * binary on both sides) and the planted change. Per design, benchmark and condition it prints the pairs,
 * the wall seconds per round, the spread (SD) of ln(head/base), the base/head correlation of the log
 * run values, and the verdict of benchgate's analysis (compare(), signed-rank of the pairs) on all the
 * pairs, and on the pairs each design measured in the same wall time (the sequential design's time).
 * Writes the raw pairs to --out (JSON) for the simulation (scripts/r/duet-sim.R). Needs g++ and
 * libbenchmark-dev, taskset and 2 CPUs.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { mean, sampleCorrelation, sampleStandardDeviation } from 'simple-statistics'
import { compare } from '../src/analysis/comparison.js'
import { duetCores, usableCpus } from '../src/measure/duet.js'
import { planRounds } from '../src/measure/plan.js'
import { runRounds } from '../src/measure/rounds.js'
import type { RunResult } from '../src/measure/benchmark.js'

const root = join(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    'duet-rounds': { type: 'string' },
    blocks: { type: 'string', default: '4' },
    planted: { type: 'string', default: '3' },
    out: { type: 'string', default: join(tmpdir(), 'duet-study.json') },
    pinned: { type: 'boolean', default: false }
  }
})
const ROUNDS = Number(values.rounds)
/** Duet's rounds per block (default: as many as the sequential design's); more to give both the same wall time. */
const DUET_ROUNDS = Number(values['duet-rounds'] ?? values.rounds)
const BLOCKS = Number(values.blocks)
const PLANTED = Number(values.planted)
const BENCHMARKS = ['BM_Cpu/200000', 'BM_Memory/20000']
/**
 * pairs: sequential, unpinned (the default); duet; pinned (--pinned): sequential pairs pinned to duet's
 * first CPU, as `--cpu` does, to tell what pinning alone does from what running at the same time does.
 */
const ALL_DESIGNS = ['pairs', 'duet', 'pinned'] as const
const DESIGNS = values.pinned ? ALL_DESIGNS : ALL_DESIGNS.slice(0, 2)
const CONDITIONS = ['A/A', `+${PLANTED}%`] as const
type Design = (typeof ALL_DESIGNS)[number]
type Condition = (typeof CONDITIONS)[number]

const dir = mkdtempSync(join(tmpdir(), 'duet-study-'))
/** Builds into `<dir>/<name>/bench`: names of 4 letters, as both sides' paths must be of equal length. */
function build(percent: number, name: string): string {
  mkdirSync(join(dir, name))
  const out = join(dir, name, 'bench')
  execFileSync('g++', [
    '-O2',
    '-std=c++17',
    `-DWORK_PERCENT=${percent}`,
    join(root, 'bench/duet-fixture/duet_bench.cc'),
    '-o',
    out,
    '-lbenchmark',
    '-lpthread'
  ])
  return out
}
const binaries = { base: build(100, 'base'), planted: build(100 + PLANTED, 'head') }
mkdirSync(join(dir, 'same'))
copyFileSync(binaries.base, join(dir, 'same', 'bench')) // A/A: the same program as its own copy
chmodSync(join(dir, 'same', 'bench'), 0o755)
const cores = duetCores(usableCpus()).cores

/** One value per process: the median CPU time of its repetitions (benchgate's run value), and its real time. */
function runValue(r: RunResult): { cpu: number; real: number } | null {
  if (!r.ok) return null
  const rows = (JSON.parse(readFileSync(r.outFile, 'utf8')) as { benchmarks: Record<string, unknown>[] })
    .benchmarks
  const reps = rows.filter((b) => b.run_type === 'iteration')
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  return {
    cpu: med(reps.map((b) => b.cpu_time as number)),
    real: med(reps.map((b) => b.real_time as number))
  }
}

interface Pair {
  design: Design
  condition: Condition
  benchmark: string
  round: number
  base: { cpu: number; real: number }
  head: { cpu: number; real: number }
}
const pairs: Pair[] = []
const wall: Record<string, number[]> = {}
const load: number[] = [loadavg()[0]]
let nextRound = 0

async function block(design: Design, condition: Condition, b: number): Promise<void> {
  const head = condition === 'A/A' ? join(dir, 'same', 'bench') : binaries.planted
  const seen = new Map<string, Partial<Pair>>()
  const first = nextRound
  const r = await runRounds({
    kind: 'google-benchmark',
    repetitions: 3,
    minTimeSeconds: 0.05,
    plan: planRounds({ rounds: design === 'duet' ? DUET_ROUNDS : ROUNDS, warmup: 1, firstRound: first }),
    sides: {
      base: { binary: binaries.base, cwd: dirname(binaries.base) },
      head: { binary: head, cwd: dirname(head) }
    },
    samplesDir: join(dir, `samples-${design}-${b}-${condition === 'A/A' ? 'aa' : 'planted'}`),
    perBenchmark: { base: BENCHMARKS, head: BENCHMARKS },
    ...(design === 'duet' ? { duet: cores } : design === 'pinned' ? { cpu: cores[0] } : {}),
    env: process.env,
    log: { info: () => {}, warn: (m) => console.error(m), debug: () => {}, group: (_n, fn) => fn() },
    onRunComplete: (res) => {
      if (res.warmup) return
      const name = BENCHMARKS[Number(/-b(\d+)\./.exec(res.outFile)![1])]
      const key = `${res.round} ${name}`
      const p = seen.get(key) ?? { design, condition, benchmark: name, round: res.round }
      const v = runValue(res)
      if (v) p[res.side] = v
      seen.set(key, p)
    }
  })
  nextRound += r.completedRounds
  for (const p of seen.values()) if (p.base && p.head) pairs.push(p as Pair)
  ;(wall[`${design} ${condition}`] ??= []).push(r.wallMs / 1000 / (r.completedRounds + 1)) // the warm-up round too
  load.push(loadavg()[0])
}

const started = Date.now()
for (let b = 0; b < BLOCKS; b++)
  for (const condition of CONDITIONS)
    for (const design of b % 2 === 0 ? DESIGNS : [...DESIGNS].reverse()) await block(design, condition, b)
const minutes = (Date.now() - started) / 60000

const pct = (x: number) => `${(100 * x).toFixed(2)}%`

/** benchgate's verdict on these pairs (the signed-rank test of the rounds, α = 0.01 over the K = 2 benchmarks). */
function verdictOf(ps: Pair[]): string {
  const obs = (side: 'base' | 'head') =>
    ps.map((p, i) => ({ value: p[side].cpu, round: i, run: i, repetition: 0 }))
  return compare(ps[0].benchmark, obs('base'), obs('head'), {
    alpha: 0.01 / BENCHMARKS.length,
    interleave: 'duet'
  }).verdict
}

const secondsPerRound = (design: Design) => mean(CONDITIONS.flatMap((c) => wall[`${design} ${c}`] ?? []))
const equalTime = secondsPerRound('pairs') / secondsPerRound('duet') // duet rounds in one sequential round's time
console.log(
  `duet study: ${BLOCKS} blocks × ${ROUNDS} rounds (duet ${DUET_ROUNDS}) per design and condition, CPUs ${cores.join(',')}, ` +
    `${minutes.toFixed(1)} min; load average (1 min) ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on ${usableCpus().length} CPUs`
)
console.log(
  `wall s per round (both benchmarks, both sides): pairs ${secondsPerRound('pairs').toFixed(2)}, ` +
    `duet ${secondsPerRound('duet').toFixed(2)} (duet measures ${equalTime.toFixed(2)}× the pairs in equal time)` +
    (values.pinned ? `, pinned pairs ${secondsPerRound('pinned').toFixed(2)}` : '')
)
console.log(
  'design | benchmark | condition | pairs | SD ln(h/b) cpu | SD real | cor(base, head) cpu | mean ln(h/b) | verdict (all) | verdict (equal time)'
)
for (const benchmark of BENCHMARKS)
  for (const condition of CONDITIONS)
    for (const design of DESIGNS) {
      const ps = pairs.filter(
        (p) => p.design === design && p.condition === condition && p.benchmark === benchmark
      )
      if (ps.length < 3) continue
      const lr = ps.map((p) => Math.log(p.head.cpu / p.base.cpu))
      const lrReal = ps.map((p) => Math.log(p.head.real / p.base.real))
      const rho = sampleCorrelation(
        ps.map((p) => Math.log(p.base.cpu)),
        ps.map((p) => Math.log(p.head.cpu))
      )
      // Equal wall time: the sequential design's pairs, and as many of duet's as fit in the same time.
      const nSeq = pairs.filter(
        (p) => p.design === 'pairs' && p.condition === condition && p.benchmark === benchmark
      ).length
      const nEqual = design === 'duet' ? Math.min(ps.length, Math.round(nSeq * equalTime)) : ps.length
      console.log(
        [
          design,
          benchmark,
          condition,
          ps.length,
          pct(sampleStandardDeviation(lr)),
          pct(sampleStandardDeviation(lrReal)),
          rho.toFixed(2),
          pct(mean(lr)),
          verdictOf(ps),
          `${verdictOf(ps.slice(0, nEqual))} (${nEqual})`
        ].join(' | ')
      )
    }
writeFileSync(values.out!, JSON.stringify({ cores, load, minutes, wall, equalTime, pairs }, null, 1))
console.log(`raw pairs: ${values.out}`)
rmSync(dir, { recursive: true, force: true })
