/**
 * End to end on a real Catch2 2.13 suite (Debian's catch2 package): `benchgate run` recognises the
 * binary (--harness auto), runs it with -r xml, analyses the mean Catch2 wrote per benchmark and
 * process, never decides a planted +10% or −30% the wrong way and flags nothing else; an A/A run is
 * clean. The loops are chains of dependent multiplies (helpers/catch2Suite.ts): a plain add loop moved
 * by up to 2× between base and head builds with where it landed in memory.
 *
 * Neither the planted changes' verdicts nor the direction of their estimates are asserted: a Catch2
 * process's value is the mean of its samples, and on this shared 2-core VM 3 of 10 processes had a
 * benchmark's mean inflated 15–20× (the process starved of CPU), which kept the rank test from
 * deciding a +10% (p = 0.14 in one run, estimate 1.094), sometimes a −30% (p = 0.015 > α/K, estimate
 * 0.699), and at load 8 estimated the +10% as 0.419. Count mode, which would decide them, is not
 * possible for Catch2 (docs/harnesses.md).
 *
 * Why these settings: every Catch2 process spends 1–3 s on this VM mostly in Catch2's own clock
 * estimation (busy waits fixed in the header; docs/harnesses.md) before its first benchmark, so a per-benchmark design (4 benchmarks
 * × 2 sides × rounds) would take minutes: the suite is run whole per process (--interleave suite),
 * 6 rounds and no adaptive top-up rounds (6 is the fewest at which the rank-sum test can decide at K = 4). Catch2's implementation and each distinct suite are compiled once per test run.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import { catch2MainObject, catch2Source, hasCatch2 } from '../helpers/catch2Suite.js'
import { cachedBuild } from '../helpers/buildCache.js'
import { captureIo } from '../helpers/io.js'
import { tempRepo, type TempRepo } from '../helpers/repo.js'

if (!hasCatch2) console.warn('skipping the Catch2 end-to-end tests: install catch2 (apt-get install catch2)')
const describeIf = hasCatch2 ? describe : describe.skip

type Bench = [string, string, number]

/** The mean Catch2's XML reporter wrote per `test case/benchmark` (ns), read independently of src/. */
function xmlMeans(xml: string): Map<string, number> {
  const means = new Map<string, number>()
  let testCase = ''
  for (const m of xml.matchAll(
    /<TestCase name="([^"]*)"|<BenchmarkResults name="([^"]*)"[^]*?<mean value="([^"]*)"/g
  ))
    if (m[1] !== undefined) testCase = m[1]
    else means.set(`${testCase}/${m[2]}`, Number(m[3]))
  return means
}
// Loop lengths: "Spin/plus ten" +10% and "Spin/minus thirty" −30% at head; the other two unchanged.
const SUITE = (plus: number, minus: number): Bench[] => [
  ['Spin', 'plus ten', plus],
  ['Spin', 'same a', 3000],
  ['Spin', 'minus thirty', minus],
  ['Other, with [brackets]', 'same b', 2000]
]

describeIf('benchgate run on a Catch2 suite (end to end)', () => {
  let repo: TempRepo
  let aaRepo: TempRepo
  let build: string
  const outs: string[] = []
  type Run = Awaited<ReturnType<typeof run>>
  let planted: Run
  let aa: Run

  const run = async (dir: string, head: string, ...extra: string[]) => {
    const out = mkdtempSync(join(tmpdir(), 'benchgate-catch2-out-'))
    outs.push(out)
    const io = captureIo()
    const code = await main(
      [
        ...['run', '--repo', dir, '--base', 'base', '--head', head, '--build', build, '--binary', 'bench'],
        ...'--interleave suite --rounds 6 --max-rounds 6 --format json'.split(' '),
        ...['--out', out, ...extra]
      ],
      io
    )
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
    const verdicts = Object.fromEntries(
      results.benchmarks.map((b: { name: string; verdict: string }) => [b.name, b.verdict])
    )
    return { code, io, out, results, verdicts }
  }

  beforeAll(async () => {
    // Each distinct bench.cc compiled once per test run (base and the A/A commit share it): buildCache.ts.
    build = cachedBuild(
      `g++ -O2 -c bench.cc -o bench.o && g++ bench.o ${catch2MainObject()} -o bench`,
      'bench.cc',
      'bench'
    )
    repo = tempRepo('benchgate-catch2-')
    repo.commitFiles({ 'bench.cc': catch2Source(SUITE(6000, 6000)) }, 'base')
    repo.git('tag', 'base')
    repo.commitFiles({ 'bench.cc': catch2Source(SUITE(6600, 4200)) }, '+10% and -30%')
    // The A/A in a repository of its own, so the two runs' worktrees never share a .git.
    aaRepo = tempRepo('benchgate-catch2-aa-')
    aaRepo.commitFiles({ 'bench.cc': catch2Source(SUITE(6000, 6000)) }, 'base')
    aaRepo.git('tag', 'base')
    aaRepo.commitFiles({ README: 'docs only\n' }, 'A/A')
    // The two runs at the same time: most of a Catch2 process is its clock estimation, a busy wait of a
    // fixed 0.6–1.2 s of wall-clock time, so two runs side by side take about the wall time of one and
    // less CPU than two in a row. Each is then measured on a busier machine, as on a shared CI runner:
    // the assertions below hold there too (none needs a decided timing verdict).
    // No warm-up round in either: each Catch2 process costs 1.0–2.6 s of CPU, mostly the clock
    // estimation; the warm-up round is tested with Google Benchmark (run.test.ts), and a cold first
    // round could only make identical code look different, so the A/A is no easier to pass without it.
    ;[planted, aa] = await Promise.all([
      run(repo.dir, 'main', '--warmup-rounds', '0'),
      run(aaRepo.dir, 'main', '--measure-identical', '--warmup-rounds', '0')
    ])
  }, 400_000)
  afterAll(() => {
    for (const d of [repo?.dir, aaRepo?.dir, ...outs]) if (d) rmSync(d, { recursive: true, force: true })
  })

  it('estimates the planted +10% and −30%, flags nothing else, and names Catch2', () => {
    const { code, out, results, verdicts } = planted
    const row = (name: string) => results.benchmarks.find((b: { name: string }) => b.name === name)
    console.log(
      'catch2 e2e',
      Object.keys(verdicts).map(
        (n) => `${n}: ${row(n).ratio.estimate.toFixed(3)} p=${row(n).p_value} ${verdicts[n]}`
      )
    )
    expect(Object.keys(verdicts).sort()).toEqual([
      'Other, with [brackets]/same b',
      'Spin/minus thirty',
      'Spin/plus ten',
      'Spin/same a'
    ])
    // What a planted +10% or −30% shows by timing is not asserted: a Catch2 process's value is the mean
    // of its samples, and on this shared 2-core VM starved processes inflate it 15–20× (a +10% was
    // estimated 1.094, 1.098 and 1.801, and at load 8 0.419); a test may expect a decided timing
    // verdict only of an effect ≥ 10× or in count mode, which Catch2's clock-chosen iterations rule out
    // (docs/harnesses.md). What is asserted: every value analysed is the mean Catch2 wrote for that
    // benchmark in that process, and a decided verdict is never the wrong one.
    for (const side of ['base', 'head'] as const)
      for (const name of Object.keys(verdicts)) {
        const written = Array.from({ length: 6 }, (_, r) =>
          xmlMeans(readFileSync(join(out, 'samples', `${side}-r00${r}.xml`), 'utf8')).get(name)
        )
        expect(row(name).series[side]).toEqual(written)
      }
    // Catch2's means are wall-clock time, so they are analysed and labelled as real time.
    for (const name of Object.keys(verdicts)) expect(row(name).metric).toBe('real_time')
    expect(['regression', 'inconclusive']).toContain(verdicts['Spin/plus ten'])
    expect(['improvement', 'inconclusive']).toContain(verdicts['Spin/minus thirty'])
    for (const same of ['Spin/same a', 'Other, with [brackets]/same b'])
      expect(['unchanged', 'negligible', 'inconclusive']).toContain(verdicts[same])
    expect(code).toBe(verdicts['Spin/plus ten'] === 'regression' ? 1 : 0)
    expect(results.provenance.head.harness).toBe('Catch2')
    expect(readdirSync(join(out, 'samples'))).toContain('head-r005.xml')
  })

  it('an A/A run is clean', () => {
    const { code, verdicts } = aa
    expect(Object.keys(verdicts)).toHaveLength(4)
    for (const v of Object.values(verdicts)) expect(['unchanged', 'negligible', 'inconclusive']).toContain(v)
    expect(code).toBe(0)
  })
})
