/**
 * npm run bench:stats — speed of the statistics engine, side by side with R in one run.
 *
 * 1. Our full compare() (Mann-Whitney + Hodges-Lehmann shift and ratio with CIs + power + diagnostics)
 *    vs R's wilcox.test(x, y, conf.int = TRUE) alone, on the same lognormal data, m = n = 1e3, 1e4, 1e5.
 *    R's time is measured inside R (system.time), so R's start-up is not counted against it.
 * 2. compare() over a suite of 100 benchmarks × 2 sides × 1,000 samples (analyzeSuite, Holm).
 * Targets (issue 2): 1e5 in < 1 s and ≥ 10× faster than R; the suite in < 2 s; memory O(m + n).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { compare } from '../src/analysis/comparison.js'
import { analyzeSuite } from '../src/analysis/suite.js'
import type { Observation } from '../src/analysis/types.js'
import type { Sample } from '../src/samples/model.js'

/** Seeded lognormal generator (mulberry32 + Box-Muller), so every run measures the same data. */
function lognormal(seed: number, mu: number, sigma: number): () => number {
  let a = seed >>> 0
  const u = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296
  }
  return () => Math.exp(mu + sigma * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()))
}

/** Observations as benchgate's runner produces them: `runs` processes × `reps` repetitions. */
function observations(values: number[], runs: number): Observation[] {
  const reps = Math.ceil(values.length / runs)
  return values.map((value, i) => ({
    value,
    round: Math.floor(i / reps),
    run: Math.floor(i / reps),
    repetition: i % reps
  }))
}

function timeR(x: number[], y: number[]): number | null {
  if (spawnSync('Rscript', ['--version']).status !== 0) return null
  const dir = mkdtempSync(join(tmpdir(), 'bench-stats-'))
  try {
    writeFileSync(join(dir, 'x.txt'), x.join('\n'))
    writeFileSync(join(dir, 'y.txt'), y.join('\n'))
    const script = `x <- scan("${dir}/x.txt", quiet=TRUE); y <- scan("${dir}/y.txt", quiet=TRUE)
t <- system.time(w <- wilcox.test(x, y, conf.int = TRUE))[["elapsed"]]; cat(t, "\\n")`
    const r = spawnSync('Rscript', ['--vanilla', '-e', script], { encoding: 'utf8', maxBuffer: 1 << 26 })
    return r.status === 0 ? Number(r.stdout.trim()) : null
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function best(fn: () => void, times: number): number {
  let min = Infinity
  for (let i = 0; i < times; i++) {
    const t0 = performance.now()
    fn()
    min = Math.min(min, performance.now() - t0)
  }
  return min / 1000
}

console.log(
  'benchgate bench:stats — compare() vs R wilcox.test(conf.int = TRUE), same lognormal(5, 0.2) data\n'
)
console.log('   m = n   compare() s   R wilcox s   R / ours   heap Δ MB')
for (const size of [1_000, 10_000, 100_000]) {
  const base = Array.from({ length: size }, lognormal(1, 5, 0.2))
  const head = Array.from({ length: size }, lognormal(2, 5.01, 0.2))
  const b = observations(base, 20)
  const h = observations(head, 20)
  // Mann-Whitney, as the R call it is timed against (compare() would pair these rounds by default).
  compare('warm-up', b, h, { interleave: 'suite' })
  const heap0 = process.memoryUsage().heapUsed
  const ours = best(() => compare('BM_Lognormal', b, h, { interleave: 'suite' }), size >= 100_000 ? 3 : 5)
  const heap = (process.memoryUsage().heapUsed - heap0) / 2 ** 20
  const r = timeR(head, base)
  const ratio = r === null ? 'n/a' : `${(r / ours).toFixed(1)}×`
  console.log(
    `${String(size).padStart(8)}   ${ours.toFixed(4).padStart(11)}   ${r === null ? '(no R)'.padStart(10) : r.toFixed(3).padStart(10)}   ${ratio.padStart(8)}   ${heap.toFixed(1).padStart(9)}`
  )
}

const samples: Sample[] = []
for (let bench = 0; bench < 100; bench++) {
  for (const side of ['base', 'head'] as const) {
    const draw = lognormal(
      bench * 2 + (side === 'head' ? 1 : 0) + 100,
      5 + (bench % 10 === 0 && side === 'head' ? 0.05 : 0),
      0.2
    )
    for (let i = 0; i < 1000; i++) {
      const run = Math.floor(i / 50)
      const v = draw()
      samples.push({
        benchmark: `BM_Suite/${bench}`,
        side,
        round: run,
        run,
        repetition: i % 50,
        iterations: 1,
        realTimeNs: v,
        cpuTimeNs: v,
        threads: 1
      })
    }
  }
}
analyzeSuite({ samples })
const suiteTime = best(() => analyzeSuite({ samples }), 3)
console.log(`\nanalyzeSuite: 100 benchmarks × 2 sides × 1,000 samples: ${suiteTime.toFixed(3)} s (best of 3)`)
