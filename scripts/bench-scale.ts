/**
 * npm run bench:scale — benchgate at scale (issue 18): a generated suite of N benchmarks
 * (default 10,000), P processes × 3 repetitions per side (default 20), written as sample files,
 * then `benchgate compare` through the built CLI (dist/cli.js; run `npm run build` first) under
 * /usr/bin/time -v. Prints wall time, peak resident memory, bytes per sample (peak minus an idle
 * CLI's, over the samples), the PR comment's size (report.md) and whether every regression is in
 * it, and the HTML report's size. Then the speed of reading one Google Benchmark JSON file with a
 * NaN counter: JSON.parse alone (invalid, for scale), benchgate's reader, and JSON5.
 *
 *   npm run bench:scale -- [--benchmarks N] [--processes P] [--format jsonl|gbench|csv] [--cli dist/cli.js[,other/cli.js]] [--keep]
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import JSON5 from 'json5'
import { parseLenientJson } from '../src/samples/json.js'

const args = process.argv.slice(2)
const opt = (name: string, def: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : def
}
const BENCHMARKS = Number(opt('benchmarks', '10000'))
const PROCESSES = Number(opt('processes', '20'))
const REPETITIONS = 3
const FORMAT = opt('format', 'jsonl') as 'jsonl' | 'gbench' | 'csv'
/** One or more built CLIs (comma-separated), each run on the same generated suite: before/after side by side. */
const CLIS = opt('cli', 'dist/cli.js').split(',')
/** One benchmark in this many is 8% slower on head, one in this many 8% faster. */
const REGRESSION_EVERY = 500
const IMPROVEMENT_EVERY = 700

/** Seeded uniform generator (mulberry32), so every run measures the same suite. */
function uniform(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296
  }
}
const rnd = uniform(18)
const normal = (): number => Math.sqrt(-2 * Math.log(rnd())) * Math.cos(2 * Math.PI * rnd())
const nameOf = (b: number): string => `BM_Scale/family_${Math.floor(b / 100)}/case:${b % 100}`
const factor = (b: number): number =>
  b % REGRESSION_EVERY === 7 ? 1.08 : b % IMPROVEMENT_EVERY === 3 ? 0.92 : 1

/** One process's file: every benchmark, REPETITIONS repetitions, lognormal process and repetition noise. */
function processFile(side: 'base' | 'head'): string {
  const lines: string[] = []
  if (FORMAT === 'jsonl')
    lines.push(
      `{"type":"context","format":"benchgate-samples","version":1,"context":{"side":"${side}"},"host":"scale"}`
    )
  if (FORMAT === 'csv') lines.push('benchmark,nanoseconds')
  const gb: string[] = []
  for (let b = 0; b < BENCHMARKS; b++) {
    const base = 1000 * (1 + (b % 97)) * (side === 'head' ? factor(b) : 1) * Math.exp(0.01 * normal())
    for (let r = 0; r < REPETITIONS; r++) {
      const t = base * Math.exp(0.005 * normal())
      const name = nameOf(b)
      if (FORMAT === 'jsonl')
        lines.push(
          `{"type":"sample","name":"${name}","repetition_index":${r},"iterations":1000,"real_time_ns":${t},"cpu_time_ns":${t},"threads":1,"counters":{},"error":null,"skipped":null}`
        )
      else if (FORMAT === 'csv') lines.push(`${name},${t}`)
      else
        gb.push(
          `{"name":"${name}","run_name":"${name}","run_type":"iteration","repetitions":3,"repetition_index":${r},"threads":1,"iterations":1000,"real_time":${t},"cpu_time":${t},"time_unit":"ns"}`
        )
    }
  }
  if (FORMAT === 'jsonl')
    lines.push(`{"type":"totals","benchmarks":${BENCHMARKS},"samples":${BENCHMARKS * REPETITIONS}}`)
  if (FORMAT === 'gbench') return `{"context":{"host_name":"scale"},"benchmarks":[\n${gb.join(',\n')}\n]}\n`
  return lines.join('\n') + '\n'
}

/** Runs a command under /usr/bin/time -v: wall seconds, peak RSS in bytes, exit code, stdout. */
function timed(argv: string[]): { seconds: number; rssBytes: number; code: number; stdout: string } {
  const r = spawnSync('/usr/bin/time', ['-v', ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 })
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(r.stderr)
  if (!rss || !wall) throw new Error(`/usr/bin/time gave no numbers:\n${r.stderr.slice(-2000)}`)
  const seconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3])
  return { seconds, rssBytes: Number(rss[1]) * 1024, code: r.status ?? -1, stdout: r.stdout }
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`
const dir = mkdtempSync(join(tmpdir(), 'benchgate-scale-'))
try {
  const samples = 2 * BENCHMARKS * PROCESSES * REPETITIONS
  console.log(
    `suite: ${BENCHMARKS.toLocaleString('en')} benchmarks × ${PROCESSES} processes × ${REPETITIONS} repetitions per side ` +
      `= ${samples.toLocaleString('en')} samples, ${FORMAT} files`
  )
  const ext = FORMAT === 'jsonl' ? 'jsonl' : FORMAT === 'csv' ? 'csv' : 'json'
  let bytes = 0
  const t0 = performance.now()
  for (const side of ['base', 'head'] as const) {
    mkdirSync(join(dir, side))
    for (let p = 0; p < PROCESSES; p++) {
      const file = join(dir, side, `${side}-r${String(p).padStart(3, '0')}.${ext}`)
      writeFileSync(file, processFile(side))
      bytes += statSync(file).size
    }
  }
  console.log(`generated ${mb(bytes)} of sample files in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

  for (const [n, CLI] of CLIS.entries()) {
    console.log(`${CLI}:`)
    const idle = timed([process.execPath, CLI, '--version'])
    const out = join(dir, `out-${n}`)
    const run = timed([
      process.execPath,
      CLI,
      'compare',
      join(dir, 'base'),
      join(dir, 'head'),
      '--out',
      out,
      '--format',
      'json'
    ])
    const results = JSON.parse(run.stdout) as {
      counts: Record<string, number>
      benchmarks: Array<{ name: string; verdict: string }>
    }
    const comment = readFileSync(join(out, 'report.md'), 'utf8')
    const regressions = results.benchmarks.filter((b) => b.verdict === 'regression').map((b) => b.name)
    // The comment escapes Markdown-active characters as entities (`_` is `&#95;`).
    const escaped = (n: string): string =>
      n.replace(/_/g, '&#95;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    const listed = regressions.filter((n) => comment.includes(n) || comment.includes(escaped(n))).length
    const html = statSync(join(out, 'report.html')).size
    console.log(
      `compare (exit ${run.code}): ${run.seconds.toFixed(1)} s wall, peak RSS ${mb(run.rssBytes)} (idle CLI ${mb(idle.rssBytes)})`
    )
    console.log(
      `  bytes per sample: ${((run.rssBytes - idle.rssBytes) / samples).toFixed(0)} (peak RSS minus idle, over ${samples.toLocaleString('en')} samples)`
    )
    console.log(
      `  verdicts: ${Object.entries(results.counts)
        .filter(([, n]) => n > 0)
        .map(([v, n]) => `${v} ${n}`)
        .join(', ')}`
    )
    console.log(
      `  PR comment (report.md): ${comment.length.toLocaleString('en')} characters (limit 65,536); regressions listed ${listed} of ${regressions.length}`
    )
    console.log(`  HTML report: ${mb(html)}`)
  }
  console.log(`  targets (issue 18): < 30 s, < 1 GB, <= 200 bytes per sample`)

  // Reading one Google Benchmark JSON file that holds a NaN counter (so JSON.parse alone refuses it).
  const gbEntries: string[] = []
  for (let b = 0; b < BENCHMARKS; b++)
    for (let r = 0; r < REPETITIONS; r++)
      gbEntries.push(
        `{"name":"${nameOf(b)}","run_name":"${nameOf(b)}","run_type":"iteration","repetitions":3,"repetition_index":${r},"threads":1,"iterations":1000,"real_time":1.2345678901234567e+03,"cpu_time":1.2345678901234567e+03,"time_unit":"ns","rate":${b === 0 ? 'NaN' : '1.0e+00'}}`
      )
  const gbText = `{"context":{"host_name":"scale"},"benchmarks":[\n${gbEntries.join(',\n')}\n]}\n`
  const time = (f: () => unknown): string => {
    const s = performance.now()
    f()
    return `${(performance.now() - s).toFixed(0)} ms`
  }
  console.log(`Google Benchmark JSON, ${mb(gbText.length)}, one NaN counter:`)
  console.log(
    `  JSON.parse on the same text without the NaN: ${time(() => JSON.parse(gbText.replaceAll('NaN', '0')))}`
  )
  console.log(`  benchgate's reader (rewrite pass + JSON.parse): ${time(() => parseLenientJson(gbText))}`)
  console.log(`  JSON5.parse: ${time(() => JSON5.parse(gbText))}`)
  const longName = `{"benchmarks":[{"name":"BM_${'x'.repeat(1 << 20)}","c":NaN}]}`
  console.log(
    `  a 1 MB name: benchgate ${time(() => parseLenientJson(longName))}, JSON5 ${time(() => JSON5.parse(longName))}`
  )
} finally {
  if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true })
  else console.log(`files kept in ${dir}`)
}
