#!/usr/bin/env node
// npm run demo — benchgate's main job on an embedded demo, end to end, in a few minutes on 2 cores.
//
// Builds a throwaway git repository from bench-runner's order-book example (the JayBeams experiment):
// the base commit's BM_OrderBook uses the map-based order book, the head commit the array-based one.
// Then runs `benchgate run` on it (build both sides, ABBA rounds, analysis) and prints the report:
// expect a large, significant improvement.
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const has = (cmd) => spawnSync('sh', ['-c', 'command -v "$1"', 'sh', cmd]).status === 0

// 1. Tools: CMake, a C++ compiler and Google Benchmark; install them when we can (root + apt).
const missing = []
if (!has('cmake')) missing.push('cmake')
if (!has('g++')) missing.push('g++')
if (!existsSync('/usr/include/benchmark/benchmark.h')) missing.push('libbenchmark-dev')
if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0
  if (isRoot && has('apt-get')) {
    console.error(`demo: installing ${missing.join(' ')} with apt-get`)
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    })
  } else {
    console.error(
      `demo: missing ${missing.join(', ')}. Install them first, e.g.:\n  sudo apt-get install -y ${missing.join(' ')}`
    )
    process.exit(3)
  }
}

// 2. The demo repository: the order-book example with a plain Google Benchmark main.
const repo = mkdtempSync(join(tmpdir(), 'benchgate-demo-'))
cpSync(join(root, 'bench-runner/examples/orderbook'), repo, { recursive: true })
const cmake = (impl) => `cmake_minimum_required(VERSION 3.16)
project(orderbook_demo CXX)
set(CMAKE_CXX_STANDARD 17)
find_package(benchmark REQUIRED)
add_executable(orderbook_bench orderbook_bench.cc)
# The change under review: which order book BM_OrderBook uses (${impl}).
target_compile_definitions(orderbook_bench PRIVATE ORDERBOOK_USE_ARRAY=${impl === 'array' ? 1 : 0})
target_link_libraries(orderbook_bench PRIVATE benchmark::benchmark benchmark::benchmark_main)
`
const git = (...args) => execFileSync('git', args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] })
git('init', '-q', '-b', 'main')
git('config', 'user.email', 'demo@benchgate.invalid')
git('config', 'user.name', 'benchgate demo')
writeFileSync(join(repo, 'CMakeLists.txt'), cmake('map'))
writeFileSync(join(repo, '.gitignore'), 'build/\n')
git('add', '.')
git('commit', '-qm', 'Order book: map-based')
git('checkout', '-qb', 'array-order-book')
writeFileSync(join(repo, 'CMakeLists.txt'), cmake('array'))
git('commit', '-qam', 'Order book: switch to the array-based implementation')
console.error(`demo: repository ${repo}\n  main: map-based order book · array-order-book: array-based\n`)

// 3. The main job, exactly as a user runs it.
const cli = join(root, 'dist/cli.js')
if (!existsSync(cli)) {
  console.error('demo: dist/cli.js is missing; run `npm run build` first')
  process.exit(3)
}
const out = join(repo, 'benchgate-out')
const args = [
  cli,
  'run',
  '--repo',
  repo,
  '--base',
  'main',
  '--head',
  'array-order-book',
  '--build',
  'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build -j2 >/dev/null',
  '--binary',
  'build/orderbook_bench',
  '--filter',
  '^BM_OrderBook$',
  '--rounds',
  '10',
  '--repetitions',
  '3',
  '--min-time',
  '0.2',
  '--out',
  out
]
const run = spawnSync(process.execPath, args, { stdio: 'inherit' })
console.error(
  `\ndemo: the PR comment is in ${join(out, 'report.md')}; results in ${join(out, 'results.json')}`
)
const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
const bm = results.benchmarks.find((b) => b.name === 'BM_OrderBook')
if (bm?.ratio)
  console.error(
    `demo: BM_OrderBook head/base = ${bm.ratio.estimate.toFixed(3)} [${bm.ratio.ci.map((x) => x.toFixed(3)).join(', ')}], verdict ${bm.verdict}`
  )
process.exit(run.status ?? 3)
