/**
 * Faults during a run, end to end (real git repository, real g++ builds, real benchmark processes,
 * `benchgate run` through the CLI): a head process that hangs (--run-timeout), head processes
 * killed in some rounds, SIGINT and SIGTERM to benchgate mid-run, and the disk filling up under
 * --out. Each test states what is kept, what is reported and the exit code. (A base or head that
 * fails to build: run.test.ts — exit 3 "the head build failed" vs exit 0 with every head benchmark
 * `new` and "the base build failed".) Skipped when Google Benchmark is not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import { captureIo } from '../helpers/io.js'
import { tempRepo, type TempRepo } from '../helpers/repo.js'
import { cachedBuild } from '../helpers/buildCache.js'

const hasBenchmark = existsSync('/usr/include/benchmark/benchmark.h')
const describeIf = hasBenchmark ? describe : describe.skip

/**
 * Counts this process's invocations in a file of its working directory: head's timing before the base
 * build is 1 (docs/statistics.md §10), the warm-up 2, round 1 is 3, ...; base has no timing run.
 */
const COUNTER = `#include <benchmark/benchmark.h>
#include <csignal>
#include <cstdio>
#include <unistd.h>
static int Invocation() {
  static int n = -1;
  if (n >= 0) return n;
  n = 0;
  if (FILE* f = std::fopen("invocations", "r")) { if (std::fscanf(f, "%d", &n) != 1) n = 0; std::fclose(f); }
  if (FILE* f = std::fopen("invocations", "w")) { std::fprintf(f, "%d", ++n); std::fclose(f); }
  return n;
}
static void Spin(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < 20000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
`
const PLAIN = `${COUNTER}
static void BM_A(benchmark::State& s) { Spin(s); }
BENCHMARK(BM_A);
static void BM_B(benchmark::State& s) { Spin(s); }
BENCHMARK(BM_B);
`
/** Hangs (sleeps forever) in its 4th invocation: head's round 2. */
const HANGS = PLAIN.replace(
  'static void BM_A(benchmark::State& s) {',
  'static void BM_A(benchmark::State& s) { if (Invocation() == 4) for (;;) pause();'
)
/** Kills itself with SIGKILL after BM_A in invocations 4, 6 and 7 (head's rounds 2, 4 and 5), a fixed irregular pattern. */
const KILLED = PLAIN.replace(
  'static void BM_B(benchmark::State& s) {',
  'static void BM_B(benchmark::State& s) { { int n = Invocation(); if (n == 4 || n == 6 || n == 7) raise(SIGKILL); }'
)
// Each distinct program compiled once per test run (buildCache.ts).
const BUILD = cachedBuild(
  'g++ -O2 bench.cc -o bench -lbenchmark -lbenchmark_main -lpthread',
  'bench.cc',
  'bench'
)

const capture = captureIo

describeIf('faults during a run (end to end)', () => {
  let repo: TempRepo
  const outs: string[] = []
  const newOut = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'benchgate-fault-out-'))
    outs.push(d)
    return d
  }
  beforeAll(() => {
    repo = tempRepo('benchgate-faults-')
    repo.commitFiles({ 'bench.cc': PLAIN }, 'base')
    repo.git('tag', 'base')
    for (const [branch, source] of [
      ['hangs', HANGS],
      ['killed', KILLED],
      ['same', PLAIN]
    ]) {
      repo.git('checkout', '-qb', branch, 'base')
      // 'same' changes only a README: base's program (compiled once, buildCache.ts), measured anyway
      repo.commitFiles(branch === 'same' ? { README: 'unchanged code\n' } : { 'bench.cc': source }, branch)
    }
    repo.git('checkout', '-q', 'main')
  })
  afterAll(() => {
    rmSync(repo.dir, { recursive: true, force: true })
    for (const d of outs) rmSync(d, { recursive: true, force: true })
  })
  const args = (head: string, out: string, ...extra: string[]) => [
    ...['run', '--repo', repo.dir, '--base', 'base', '--head', head, '--build', BUILD, '--binary', 'bench'],
    // the timing rounds under test: not the default's count pass and budget (docs/budget.md)
    ...['--measure', 'time', '--no-budget'],
    ...[
      // These faults are of whole-suite processes (a process killed after BM_A loses the rest).
      '--interleave',
      'suite',
      '--rounds',
      '6',
      // One repetition a process: each fault is of a process, whatever it repeats inside.
      '--repetitions',
      '1',
      // No verdict is asserted here: the shortest processes that still report samples.
      '--min-time',
      '0.002',
      '--out',
      out,
      '--format',
      'json',
      ...extra
    ]
  ]
  const results = (out: string) =>
    JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
      run: { stoppedEarly?: string | null; rounds?: number }
      warnings: Array<{ message: string }>
      benchmarks: Array<{ name: string; verdict: string; runs: { base: number; head: number } }>
    }

  it('a head process that hangs is killed by --run-timeout; the other rounds are kept and the timeout reported', async () => {
    const out = newOut()
    const io = capture()
    const started = Date.now()
    const code = await main(args('hangs', out, '--run-timeout', '3'), io)
    expect(Date.now() - started).toBeLessThan(100_000)
    const r = results(out)
    for (const b of r.benchmarks) expect(b.runs).toEqual({ base: 6, head: 5 }) // round 2's head run lost
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/head process of round 2 timed out/)
    expect([0, 1]).toContain(code) // the measurement went on: the gate decides, not the fault
  }, 180_000)

  it('head processes killed (SIGKILL) in rounds 2, 4 and 5 after BM_A: every sample written before is kept', async () => {
    const out = newOut()
    const io = capture()
    const code = await main(args('killed', out), io)
    const r = results(out)
    const runs = Object.fromEntries(r.benchmarks.map((b) => [b.name, b.runs]))
    // Google Benchmark buffers its JSON file: a killed process may leave it empty, so BM_A of a
    // killed round can be lost too; BM_B of a killed round always is.
    expect(runs.BM_B).toEqual({ base: 6, head: 3 })
    expect(runs.BM_A.base).toBe(6)
    expect(runs.BM_A.head).toBeGreaterThanOrEqual(3)
    const warnings = r.warnings.map((w) => w.message).join('\n')
    for (const round of [2, 4, 5])
      expect(warnings).toContain(`head process of round ${round} was killed by SIGKILL`)
    expect(r.benchmarks.every((b) => b.verdict !== 'new' && b.verdict !== 'removed')).toBe(true)
    expect([0, 1]).toContain(code)
  }, 180_000)

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} to benchgate mid-run: it stops measuring, analyses what it measured and says so`, async () => {
      const out = newOut()
      // The built CLI (dist/ is rebuilt with every src change), as a user or the Action runs it.
      // Its own temporary folder (worktrees, builds, staged binaries) must be gone once it exits.
      const temp = mkdtempSync(join(tmpdir(), 'benchgate-fault-tmp-'))
      outs.push(temp)
      const child = spawn(
        process.execPath,
        ['dist/cli.js', ...args('same', out, '--rounds', '40', '--measure-identical')],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: temp } }
      )
      let stderr = ''
      let stdout = ''
      child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()))
      const sent = new Promise<void>((resolve) => {
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString()
          if (/round 3\/40/.test(stderr) && !child.killed) {
            child.kill(signal)
            resolve()
          }
        })
      })
      const [code, killedBy] = await new Promise<[number | null, string | null]>((resolve) =>
        child.on('exit', (c, s) => resolve([c, s]))
      )
      await sent
      expect([killedBy, stderr.slice(-600)]).toEqual([
        null,
        expect.stringMatching(/benchgate: (pass|fail|undecided)[^]*stopped by SIG/)
      ])
      expect(stderr).toContain(`interrupted (${signal}): analysing what was measured so far`)
      const r = results(out)
      expect(r.run.stoppedEarly).toMatch(/^interrupted after \d+ rounds/)
      const rounds = r.benchmarks[0].runs.base
      expect(rounds).toBeGreaterThanOrEqual(3)
      expect(rounds).toBeLessThan(40)
      expect(JSON.parse(stdout).format).toBe('benchgate-results')
      // Reported, but not a pass: 128 + the signal's number, as a shell says it.
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143)
      expect(readdirSync(temp)).toEqual([])
    }, 180_000)
  }

  it('Ctrl-C twice: it quits at once, and its temporary folder is still removed', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'benchgate-fault-tmp-'))
    outs.push(temp)
    const child = spawn(
      process.execPath,
      ['dist/cli.js', ...args('same', newOut(), '--rounds', '40', '--measure-identical')],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: temp } }
    )
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
      if (/round 2\/40/.test(stderr) && !child.killed) {
        child.kill('SIGINT')
        child.kill('SIGINT')
      }
    })
    const [, killedBy] = await new Promise<[number | null, string | null]>((resolve) =>
      child.on('exit', (c, s) => resolve([c, s]))
    )
    // Usually the second Ctrl-C lands before the analysis ends and kills it; either way nothing stays.
    expect(['SIGINT', null]).toContain(killedBy)
    expect(readdirSync(temp)).toEqual([])
  }, 180_000)

  describe('the disk fills up under --out (a 192 KiB tmpfs)', () => {
    const mnt = mkdtempSync(join(tmpdir(), 'benchgate-full-'))
    let mounted = false
    beforeAll(() => {
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192k', 'tmpfs', mnt], { stdio: 'ignore' })
        mounted = true
      } catch {
        console.warn('skipping the disk-full test: cannot mount a tmpfs (needs root)')
      }
    })
    afterAll(() => {
      if (mounted) execFileSync('umount', [mnt])
      rmSync(mnt, { recursive: true, force: true })
    })

    it('stops at the round that filled it, with exit 3 and a message naming the full disk, not a stack trace', async () => {
      if (!mounted) return
      const out = join(mnt, 'out')
      mkdirSync(out)
      writeFileSync(join(mnt, 'filler'), Buffer.alloc(150 * 1024)) // leave ~40 KiB: full after a few rounds
      const io = capture()
      let code: number | undefined
      let thrown: unknown
      try {
        code = await main(args('same', out, '--rounds', '40', '--measure-identical'), io)
      } catch (e) {
        thrown = e
      }
      expect(thrown).toBeUndefined()
      expect(io.err).toMatch(/benchgate: the disk is full \(.*ENOSPC: no space left on device/)
      // Noticed after the round that filled it, not after all 40 rounds were measured and thrown away.
      expect(io.err).toMatch(
        /KiB free under .* after (warm-up|round \d+) (base|head).*stopped before measuring/
      )
      const stoppedAt = /after (?:warm-up|round (\d+)) (?:base|head)/.exec(io.err)
      expect(Number(stoppedAt?.[1] ?? 0)).toBeLessThan(10) // of 40 rounds
      // Head's sample files could not be written: its benchmarks are failed, never 'removed'.
      expect(io.err).not.toMatch(/\d+ removed/)
      expect(io.err).not.toMatch(/^\s+at .*\(.*\.ts:\d+:\d+\)/m) // no stack trace
      expect(code).toBe(3)
    }, 180_000)
  })
})
