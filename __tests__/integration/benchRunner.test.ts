/**
 * End to end through a bench-runner binary: bench-runner's calibrated spin example, head built with
 * SPIN_SLOWDOWN=10 (exactly ten times the work: decided on every run through this VM's half-speed phases, issue 33), measured by `benchgate run` in bench-runner mode (JSONL
 * samples). Skipped, with the reason printed, only when CMake or Google Benchmark is missing.
 *
 * The two sides differ only in SPIN_SLOWDOWN, so both are built in one CMake build tree of the
 * bench-runner sources (the test repository's, identical on both sides): each side's build command
 * reconfigures it with its worktree's slowdown.txt and copies spin_bench into its worktree, so the
 * base build recompiles slowdown.cc alone (SPIN_SLOWDOWN reaches that file only), not the whole project again.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import { shellQuote } from '../../src/report/shellQuote.js'
import type { Io } from '../../src/commands/io.js'
import { tempRepo } from '../helpers/repo.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const ready =
  existsSync('/usr/include/benchmark/benchmark.h') && spawnSync('cmake', ['--version']).status === 0
if (!ready) console.warn('skipping the bench-runner end-to-end test: install cmake and libbenchmark-dev')
const itIf = ready ? it : it.skip

let repo: string
let shared: string
beforeAll(() => {
  if (!ready) return
  const r = tempRepo('benchgate-runner-e2e-')
  repo = r.dir
  for (const part of ['CMakeLists.txt', 'cmake', 'include', 'src', 'examples'])
    cpSync(join('bench-runner', part), join(repo, part), { recursive: true })
  r.commitFiles({ 'slowdown.txt': '1.0\n' }, 'base')
  r.commitFiles({ 'slowdown.txt': '10\n' }, 'head: ten times the spin work')
  shared = temp('benchgate-runner-build-')
})
afterAll(() => {
  if (repo) rmSync(repo, { recursive: true, force: true })
})

itIf(
  'finds the calibrated tenfold regression through a bench-runner binary, with a ratio CI containing 10',
  async () => {
    const out = temp('benchgate-out-')
    let err = ''
    const io: Io = { stdout: () => {}, stderr: (t) => void (err += t), colour: false, isTTY: false }
    const [src, tree] = [shellQuote(repo), shellQuote(shared)]
    // -O1, not Release's -O3: the spin loop is still optimised and the work still scales with
    // SPIN_SLOWDOWN, and the two builds cost about a quarter less CPU; the second side recompiles only
    // slowdown.cc (examples/CMakeLists.txt).
    const build =
      `cmake -S ${src} -B ${tree} -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DBENCHGATE_BUILD_TESTS=OFF -DSPIN_SLOWDOWN="$(cat slowdown.txt)" >/dev/null && ` +
      `cmake --build ${tree} --target spin_bench -j2 >/dev/null && mkdir -p build/examples && cp ${tree}/examples/spin_bench build/examples/`
    const argv = [
      'run',
      // the timing rounds under test: not the default's count pass and budget (docs/budget.md)
      ...['--measure', 'time', '--no-budget'],
      '--repo',
      repo,
      '--base',
      'HEAD~1',
      '--build',
      build,
      '--binary',
      'build/examples/spin_bench'
    ]
    argv.push(
      '--filter',
      '^BM_Spin/100us',
      '--rounds',
      '20',
      // One repetition a process: the CI is of the 20 runs per side, and each run already spins for at
      // least 0.05 s (spin_bench's own MinTime, SPIN_MIN_TIME's default, wins over --min-time).
      '--repetitions',
      '1',
      '--min-time',
      '0.02',
      '--out',
      out
    )
    const code = await main(argv, io)
    expect(err).toMatch(/benchgate: fail: 1 regression/)
    expect(code).toBe(1)
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    expect(results.benchmarks).toHaveLength(1)
    const spin = results.benchmarks[0]
    expect(spin.verdict).toBe('regression')
    expect(spin.ratio.ci[0]).toBeLessThan(10)
    expect(spin.ratio.ci[1]).toBeGreaterThan(10)
    // bench-runner's JSONL was used (not --benchmark_out JSON) and its provenance reached the report.
    expect(readdirSync(join(out, 'samples')).some((f) => f.endsWith('.jsonl'))).toBe(true)
    expect(results.provenance.head.compiler).toMatch(/GCC|Clang/)
  },
  240_000
)
