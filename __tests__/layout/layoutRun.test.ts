/**
 * --randomize-layout end to end (issue 32) on real builds: the plain CMake project of the layout study
 * (validation/fixtures/layout, nothing in it knows benchgate) and a hand-written build that puts
 * $BENCHGATE_LINK_LAUNCHER before its link. No timing verdict is asserted (the machine is noisy):
 * what is checked is that every round got its own layout, the one the seed says, for both sides.
 * Runs with the unit suites (no timing depends on it). Skipped, saying why, without Google Benchmark.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import type { LayoutDraws } from '../../src/config/types.js'
import { layoutDraw, roundKey } from '../../src/layout/draws.js'
import { cachedBuild } from '../helpers/buildCache.js'
import { captureIo } from '../helpers/io.js'

const hasBenchmark = existsSync('/usr/include/benchmark/benchmark.h')
if (!hasBenchmark) console.warn('skipping --randomize-layout runs: install libbenchmark-dev')
const describeIf = hasBenchmark ? describe : describe.skip

const ROOT = join(import.meta.dirname, '..', '..')
const CMAKE_BUILD =
  'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build >/dev/null'
// bench.o (Google Benchmark's header, the costly compile) is the same on both sides and in both tests
// that use this build: compiled once per test run (buildCache.ts; bench.cpp's includes are this
// fixture's and never change in a run). kernels.o differs by side and the link, under test, always runs.
const PLAIN_BUILD =
  `mkdir -p build && ${cachedBuild('c++ -O2 -c bench.cpp -o build/bench.o', 'bench.cpp', 'build/bench.o')} && ` +
  'c++ -O2 -c kernels.cpp -o build/kernels.o && ' +
  'LINK c++ build/bench.o build/kernels.o -o build/bench -lbenchmark -lpthread'

/** The address of `symbol` in `binary` (nm). */
function address(binary: string, symbol: string): number {
  const line = execFileSync('nm', ['-C', binary], { encoding: 'utf8' })
    .split('\n')
    .find((l) => l.includes(` ${symbol}(`))
  if (!line) throw new Error(`${symbol} not in ${binary}`)
  return parseInt(line.split(' ')[0], 16)
}

describeIf('benchgate run --randomize-layout (real builds)', () => {
  let repo: string
  const git = (...a: string[]) => execFileSync('git', a, { cwd: repo, encoding: 'utf8' })
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'benchgate-layout-e2e-'))
    cpSync(join(ROOT, 'validation', 'fixtures', 'layout'), repo, { recursive: true })
    git('init', '-q', '-b', 'main')
    git('config', 'user.email', 'test@example.com')
    git('config', 'user.name', 'test')
    git('add', '.')
    git('commit', '-qm', 'base')
    git('tag', 'base')
    writeFileSync(
      join(repo, 'filler.inc'),
      '__attribute__((noinline, used)) int layout_filler(int x) { return x * 3 + 1; }\n'
    )
    git('commit', '-qam', 'head: the kernels move by 16 bytes')
  })
  afterAll(() => rmSync(repo, { recursive: true, force: true }))

  /** A short randomised run of BM_Branchy alone; returns the exit code, results.json and the work folder. */
  async function run(build: string, ...extra: string[]) {
    const out = mkdtempSync(join(tmpdir(), 'benchgate-layout-out-'))
    const work = mkdtempSync(join(tmpdir(), 'benchgate-layout-work-'))
    const io = captureIo()
    const code = await main(
      [
        ...[
          'run',
          // the timing rounds under test: not the default's count pass and budget (docs/budget.md)
          ...['--measure', 'time', '--no-budget'],
          '--repo',
          repo,
          '--base',
          'base',
          '--head',
          'main',
          '--build',
          build,
          '--binary',
          'build/bench'
        ],
        ...['--filter', 'BM_Branchy', '--rounds', '4', '--repetitions', '1', '--min-time', '0.005'],
        ...['--alpha', '0.25', '--correction', 'none', '--fail-on', 'never', '--format', 'json'],
        ...[
          '--randomize-layout',
          '--layout-seed',
          'e2e',
          '--out',
          out,
          '--work-dir',
          work,
          '--keep-worktrees'
        ],
        ...extra
      ],
      io
    )
    const file = join(out, 'results.json')
    const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
    const text = existsSync(join(out, 'report.txt')) ? readFileSync(join(out, 'report.txt'), 'utf8') : ''
    return { code, results, text, work, out, err: io.err }
  }

  /** The staged binary of each side was relinked last with the last round's draw for that side. */
  function expectLastLayout(work: string, rounds: number, draws: LayoutDraws) {
    for (const side of ['base', 'head'] as const) {
      const built = join(work, side, 'build', 'bench')
      const staged = join(work, 'bin', side, 'bench')
      const draw = layoutDraw('e2e', roundKey(rounds - 1, 0), side, draws)
      expect(address(staged, 'kernel_branchy') - address(built, 'kernel_branchy')).toBe(draw.text)
    }
  }

  it('relinks a plain CMake project (no edits) before every round with the seeded layouts', async () => {
    const r = await run(CMAKE_BUILD)
    try {
      expect(r.code).toBe(0)
      const rounds = r.results.run.rounds as number
      expect(rounds).toBeGreaterThanOrEqual(4)
      // every measured round and the warm-up got a layout
      // independent draws by default (docs/layout.md, "Shared or independent draws")
      expect(r.results.run.layout).toMatchObject({ seed: 'e2e', draws: 'independent', layouts: rounds + 1 })
      expect(r.results.run.layout.relinkMs).toBeGreaterThan(0)
      expectLastLayout(r.work, rounds, 'independent')
      expect(r.text.replace(/\s+/g, ' ')).toContain(
        `a fresh code layout every round: ${rounds + 1} layouts (independent draws, seed e2e)`
      )
    } finally {
      rmSync(r.work, { recursive: true, force: true })
      rmSync(r.out, { recursive: true, force: true })
    }
  }, 120_000)

  it('replays a hand-written link that calls $BENCHGATE_LINK_LAUNCHER, with shared draws', async () => {
    const r = await run(PLAIN_BUILD.replace('LINK', '"$BENCHGATE_LINK_LAUNCHER"'), '--layout-draws', 'shared')
    try {
      expect(r.code).toBe(0)
      expect(r.results.run.layout).toMatchObject({ draws: 'shared' })
      expectLastLayout(r.work, r.results.run.rounds, 'shared')
    } finally {
      rmSync(r.work, { recursive: true, force: true })
      rmSync(r.out, { recursive: true, force: true })
    }
  }, 120_000)

  it('stops before measuring, saying how to record the link, when the build linked without the recorder', async () => {
    const r = await run(PLAIN_BUILD.replace('LINK ', ''))
    try {
      expect(r.code).toBe(2)
      expect(r.err).toMatch(
        /--randomize-layout: the (base|head) build did not record the link of .*build\/bench/
      )
      expect(r.err).toContain('$BENCHGATE_LINK_LAUNCHER')
      expect(existsSync(join(r.out, 'samples', 'base-r000-b0000.json'))).toBe(false)
    } finally {
      rmSync(r.work, { recursive: true, force: true })
      rmSync(r.out, { recursive: true, force: true })
    }
  }, 120_000)
})
