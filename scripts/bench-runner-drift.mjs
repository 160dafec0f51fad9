#!/usr/bin/env node
// npm run bench:runner-drift — does the harness slow down later benchmarks?
//
// Builds bench-runner's drift_bench (200 identical copies of one benchmark,
// registered in one process), runs it through bench-runner with a sample file,
// and fits time against copy index by ordinary least squares. A harness that
// keeps growing bookkeeping shows a positive slope. Prints the slope relative
// to the mean (per copy and over all 200 copies) with its 95% confidence
// interval, per process and pooled.
//
// Options: --runs=N (processes, default 3), --min-time=S (per copy, default 0.02),
//          --cpu=N (pass --benchgate_cpu=N), --binary=PATH (skip the build).
// This is a benchmark, not a test: it prints numbers and exits 0 unless it
// could not run.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const COPIES = 200
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const source = join(root, 'bench-runner')
const build = join(source, 'build')

const options = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    if (!m) throw new Error(`unknown argument ${arg}`)
    return [m[1], m[2] ?? 'true']
  })
)
const runs = Number(options.runs ?? 3)
const minTime = options['min-time'] ?? '0.02'

function sh(command, args, extra = {}) {
  const r = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...extra })
  if (r.error) throw r.error
  return r
}

function buildBinary() {
  if (options.binary) return options.binary
  for (const args of [
    ['-S', source, '-B', build, '-DCMAKE_BUILD_TYPE=Release'],
    ['--build', build, '-j2', '--target', 'drift_bench']
  ]) {
    const r = sh('cmake', args, { stdio: 'inherit' })
    if (r.status !== 0) {
      console.error('bench-runner-drift: build failed (sudo apt-get install -y cmake g++ libbenchmark-dev)')
      process.exit(3)
    }
  }
  return join(build, 'examples', 'drift_bench')
}

/** Two-sided 95% quantile of Student's t (Cornish-Fisher expansion; exact to ~1e-4 for df >= 10). */
function t975(df) {
  const z = 1.959963984540054
  const z3 = z ** 3
  const z5 = z ** 5
  const z7 = z ** 7
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
  )
}

/**
 * OLS of y on x. `groups` (optional) gives each point's process; each group is
 * centred on its own means (fixed effects), costing one degree of freedom each.
 */
function ols(points) {
  const byGroup = new Map()
  for (const p of points) {
    const g = byGroup.get(p.g) ?? []
    g.push(p)
    byGroup.set(p.g, g)
  }
  let sxx = 0
  let sxy = 0
  const centred = []
  for (const g of byGroup.values()) {
    const mx = g.reduce((s, p) => s + p.x, 0) / g.length
    const my = g.reduce((s, p) => s + p.y, 0) / g.length
    for (const p of g) centred.push({ x: p.x - mx, y: p.y - my })
  }
  for (const p of centred) {
    sxx += p.x * p.x
    sxy += p.x * p.y
  }
  const slope = sxy / sxx
  const ssr = centred.reduce((s, p) => s + (p.y - slope * p.x) ** 2, 0)
  const df = centred.length - 1 - byGroup.size
  const se = Math.sqrt(ssr / df / sxx)
  const half = t975(df) * se
  return { slope, lo: slope - half, hi: slope + half, df }
}

function pct(v) {
  return `${v >= 0 ? '+' : ''}${(v * 100).toFixed(4)}%`
}

function describe(label, fit) {
  const span = COPIES - 1
  return (
    `${label.padEnd(12)} per copy ${pct(fit.slope)} [${pct(fit.lo)}, ${pct(fit.hi)}]` +
    `   over ${COPIES} copies ${pct(fit.slope * span)} [${pct(fit.lo * span)}, ${pct(fit.hi * span)}]` +
    `   (df ${fit.df})`
  )
}

const binary = buildBinary()
const dir = mkdtempSync(join(tmpdir(), 'benchgate-drift-'))
const all = { real: [], cpu: [] }
console.log(`drift_bench: ${COPIES} identical copies, ${runs} process(es), min_time ${minTime}s per copy`)
for (let run = 0; run < runs; run++) {
  const file = join(dir, `run${run}.jsonl`)
  const args = [`--benchgate_samples=${file}`, `--benchgate_context=run=${run}`, '--benchmark_format=json']
  if (options.cpu) args.push(`--benchgate_cpu=${options.cpu}`)
  const r = sh(binary, args, { env: { ...process.env, DRIFT_MIN_TIME: minTime }, maxBuffer: 1 << 28 })
  if (r.status !== 0) {
    console.error(`bench-runner-drift: ${binary} exited with ${r.status}\n${r.stderr}`)
    process.exit(3)
  }
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  const samples = lines.filter((l) => l.type === 'sample' && l.error === null)
  if (samples.length !== COPIES) throw new Error(`expected ${COPIES} samples, got ${samples.length}`)
  for (const metric of ['real', 'cpu']) {
    const ys = samples.map((s) => s[`${metric}_time_ns`])
    const mean = ys.reduce((a, b) => a + b, 0) / ys.length
    // Relative to this process's mean, so the slope reads as a fraction per copy.
    const points = samples.map((s, i) => ({
      x: Number(/copy:(\d+)/.exec(s.name)[1]) || i,
      y: ys[i] / mean,
      g: run
    }))
    all[metric].push(...points)
    if (metric === 'real') {
      console.log(`run ${run}: mean real ${mean.toFixed(1)} ns/iteration`)
    }
    console.log('  ' + describe(`${metric} run ${run}`, ols(points)))
  }
}
console.log('pooled (each process centred on its own mean):')
for (const metric of ['real', 'cpu']) console.log('  ' + describe(`${metric} all`, ols(all[metric])))
rmSync(dir, { recursive: true, force: true })
