/**
 * `npm run bench:shard`: wall time of a 60-benchmark suite measured as 1 shard and as 3 shards
 * (issue 16). The three shards run here one after another as separate `benchgate run --shard I/3`
 * processes (dist/cli.js), so the machine time is their sum and the wall time on three runners
 * would be the longest of them (plus the merge). Then the same with `--shard-weights` from the
 * 1-shard run, which balances by measured seconds instead of by name hash.
 *
 * The suite: 54 light benchmarks (Google Benchmark sizes their iterations to --min-time) and 6 heavy
 * ones with a fixed iteration count (each about ten times as long), one of them three times slower on head.
 * Needs g++ and libbenchmark-dev. Usage: npm run build && npm run bench:shard [-- --rounds N]
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } })
const CLI = new URL('../dist/cli.js', import.meta.url).pathname
const BUILD = 'g++ -O2 bench.cc -o bench -lbenchmark -lbenchmark_main -lpthread'

const source = (heavySlowdown: number) => `#include <benchmark/benchmark.h>
static void Spin(benchmark::State& s, int work) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < work; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
static void BM_Light(benchmark::State& s) { Spin(s, static_cast<int>(s.range(0))); }
BENCHMARK(BM_Light)->DenseRange(1000, 54000, 1000);
static void BM_Heavy(benchmark::State& s) { Spin(s, s.range(0) == 0 ? ${Math.round(200000 * heavySlowdown)} : 200000); }
BENCHMARK(BM_Heavy)->DenseRange(0, 5, 1)->Iterations(600);
`

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim()
}

/** Runs the CLI; returns its wall seconds and exit code (1 = regression found is expected). */
function cli(args: string[]): { seconds: number; code: number } {
  const t0 = performance.now()
  let code = 0
  try {
    execFileSync(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (e) {
    code = (e as { status?: number }).status ?? -1
    if (code !== 1)
      throw new Error(`benchgate ${args[0]} exited ${code}: ${(e as { stderr?: Buffer }).stderr}`)
  }
  return { seconds: (performance.now() - t0) / 1000, code }
}

type Results = {
  family_size: number
  benchmarks: Array<{ name: string; verdict: string }>
  run: { wallSeconds: number; measuringSeconds: number; shard?: { assigned: string[] } }
}
const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results

const repo = mkdtempSync(join(tmpdir(), 'benchgate-bench-shard-'))
try {
  git(repo, 'init', '-q', '-b', 'main')
  git(repo, 'config', 'user.email', 'bench@example.com')
  git(repo, 'config', 'user.name', 'bench')
  writeFileSync(join(repo, 'bench.cc'), source(1))
  git(repo, 'add', '.')
  git(repo, 'commit', '-qm', 'base')
  git(repo, 'tag', 'base')
  writeFileSync(join(repo, 'bench.cc'), source(3))
  git(repo, 'commit', '-qam', 'BM_Heavy/0 does 3x the work')
  const out = (name: string) => join(repo, '..', `${repo.split('/').pop()}-${name}`)
  const common = ['--repo', repo, '--base', 'base', '--build', BUILD, '--binary', 'bench']
  const measure = ['--rounds', values.rounds!, '--repetitions', '2', '--min-time', '0.01', '--format', 'json']

  const lines: string[] = []
  const say = (s: string) => {
    lines.push(s)
    console.log(s)
  }
  say(`suite: 60 benchmarks (54 light, 6 heavy), ${values.rounds} rounds × 2 repetitions, --min-time 0.01`)

  const one = cli(['run', ...common, ...measure, '--shard', '1/1', '--out', out('s1')])
  cli(['merge', out('s1'), '--out', out('m1')])
  const r1 = read(out('s1'))
  say(
    `1 shard : ${one.seconds.toFixed(1)} s wall (rounds ${r1.run.wallSeconds.toFixed(1)} s, inside benchmarks ${r1.run.measuringSeconds.toFixed(1)} s)`
  )

  const shardRuns = (label: string, extra: string[]) => {
    const runs = [1, 2, 3].map((i) => {
      const r = cli([
        'run',
        ...common,
        ...measure,
        '--shard',
        `${i}/3`,
        ...extra,
        '--out',
        out(`${label}${i}`)
      ])
      return { ...r, results: read(out(`${label}${i}`)) }
    })
    const merge = cli(['merge', ...[1, 2, 3].map((i) => out(`${label}${i}`)), '--out', out(`m${label}`)])
    const machine = runs.reduce((a, r) => a + r.seconds, 0)
    const wall = Math.max(...runs.map((r) => r.seconds)) + merge.seconds
    say(
      `3 shards (${label === 'h' ? 'hash' : 'weights'}): ${runs.map((r) => `${r.seconds.toFixed(1)} s (${r.results.run.shard!.assigned.length} benchmarks)`).join(', ')}; ` +
        `merge ${merge.seconds.toFixed(1)} s; machine time ${machine.toFixed(1)} s; projected wall time ${wall.toFixed(1)} s ` +
        `(${(one.seconds / wall).toFixed(2)}× faster than 1 shard)`
    )
    return read(out(`m${label}`))
  }
  const hash = shardRuns('h', [])
  const weighted = shardRuns('w', ['--shard-weights', join(out('m1'), 'results.json')])

  const m1 = read(out('m1'))
  const verdicts = (r: Results) =>
    r.benchmarks.map((b) => `${b.name}:${b.verdict}`).filter((v) => v.startsWith('BM_Heavy/0/'))
  const sameSet = (r: Results) =>
    JSON.stringify(r.benchmarks.map((b) => b.name)) === JSON.stringify(m1.benchmarks.map((b) => b.name))
  say(
    `same benchmark set: ${sameSet(hash) && sameSet(weighted)} (K = ${m1.family_size}, ${hash.family_size}, ${weighted.family_size}); ` +
      `planted change: 1 shard ${verdicts(m1)}, 3 shards ${verdicts(hash)} / ${verdicts(weighted)}`
  )
  for (const name of ['s1', 'm1', 'mh', 'mw', 'h1', 'h2', 'h3', 'w1', 'w2', 'w3'])
    rmSync(out(name), { recursive: true, force: true })
} finally {
  rmSync(repo, { recursive: true, force: true })
}
