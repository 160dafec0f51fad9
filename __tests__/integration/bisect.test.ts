/**
 * `benchgate history bisect` end to end (docs/history.md, "Bisect"): a 7-commit push whose fourth
 * commit plants 8% more work in BM_Work, between commits that touch only a README or another
 * benchmark. Counted under valgrind (exact, so the test cannot flake on this noisy machine), each
 * commit measured against the range's start by the real `run` pipeline. Skipped, saying why, without
 * Google Benchmark or valgrind.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import type { BisectFile } from '../../src/commands/bisect.js'
import { cachedBuild } from '../helpers/buildCache.js'
import { describeIfCounting } from '../helpers/countTools.js'
import { captureIo } from '../helpers/io.js'
import { tempRepo, type TempRepo } from '../helpers/repo.js'

const describeIf = describeIfCounting('the history bisect test')

const SOURCE = (work: number, other: number) => `#include <benchmark/benchmark.h>
static void BM_Work(benchmark::State& s) {
  for (auto _ : s) { unsigned x = 0; for (int i = 0; i < ${work}; ++i) { x += i; benchmark::DoNotOptimize(x); } }
}
BENCHMARK(BM_Work);
static void BM_Other(benchmark::State& s) {
  for (auto _ : s) { unsigned x = 1; for (int i = 0; i < ${other}; ++i) { x *= 3; benchmark::DoNotOptimize(x); } }
}
BENCHMARK(BM_Other);
`
// Each distinct bench.cc compiled once per test run (buildCache.ts): the range's start is built for every
// measurement, and the docs-only commits build the start's or their parent's program again.
const BUILD = cachedBuild(
  'g++ -O1 bench.cc -o bench -lbenchmark -lbenchmark_main -lpthread',
  'bench.cc',
  'bench'
)

describeIf('history bisect on a fixture repository (real builds, real valgrind)', () => {
  let repo: TempRepo
  const shas: string[] = []
  beforeAll(() => {
    repo = tempRepo('benchgate-bisect-')
    shas.push(repo.commitFiles({ 'bench.cc': SOURCE(20_000, 10_000), 'README.md': 'v0\n' }, 'start'))
    const push: Array<[Record<string, string>, string]> = [
      [{ 'README.md': 'v1\n' }, 'docs'],
      [{ 'bench.cc': SOURCE(20_000, 12_000) }, 'BM_Other does more'],
      [{ 'README.md': 'v3\n' }, 'docs'],
      [{ 'bench.cc': SOURCE(21_600, 12_000) }, 'BM_Work: 8% more work (the planted step)'],
      [{ 'README.md': 'v5\n' }, 'docs'],
      [{ 'bench.cc': SOURCE(21_600, 14_000) }, 'BM_Other does more again'],
      [{ 'README.md': 'v7\n' }, 'docs']
    ]
    for (const [files, message] of push) shas.push(repo.commitFiles(files, message))
  })
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }))

  it('names the planted commit and says how many commits it measured; history record keeps the bisection', async () => {
    const store = join(repo.dir, '.store')
    const out = join(repo.dir, '.bisect')
    const io = captureIo()
    const code = await main(
      [
        'history',
        'bisect',
        '--store',
        store,
        '--benchmark',
        'BM_Work',
        '--range',
        `${shas[0]}..${shas[7]}`,
        '--out',
        out,
        '--',
        '--repo',
        repo.dir,
        '--build',
        BUILD,
        '--binary',
        'bench',
        '--measure',
        'counts'
      ],
      io
    )
    expect(io.err).toContain(
      `history bisect: ${shas[4]} carries the step of BM_Work (4 measurements of 7 commits in the range)`
    )
    expect(code).toBe(0)
    const file = JSON.parse(readFileSync(join(out, 'bisect.json'), 'utf8')) as BisectFile
    expect(file.outcome).toMatchObject({ answer: 'commit', commit: shas[4], after: shas[3], by: shas[4] })
    // The end first, then halving: c3 (like the start: only BM_Other changed), c5 and c4 (8% more instructions).
    expect(file.outcome.measured.map((m) => [m.head, m.answer])).toEqual([
      [shas[7], 'different'],
      [shas[3], 'same'],
      [shas[5], 'different'],
      [shas[4], 'different']
    ])
    for (const m of file.outcome.measured.filter((x) => x.answer === 'different')) {
      expect(m.verdict).toBe('regression')
      expect(m.change).toBeGreaterThan(0.07)
      expect(m.change).toBeLessThan(0.09)
    }
    expect(file.outcome.measured[1].change).toBe(0)
    // Each run's own reports; the store only read, until `history record` keeps the bisection there.
    expect(readdirSync(out).sort()).toEqual(['bisect.json', 'step-1', 'step-2', 'step-3', 'step-4'])
    expect(io.err).toContain(`benchgate history record ${join(out, 'bisect.json')} --store ${store}`)
    const recorded = captureIo()
    expect(await main(['history', 'record', join(out, 'bisect.json'), '--store', store], recorded)).toBe(0)
    const kept = readdirSync(join(store, 'bisections'))
    expect(kept).toHaveLength(1)
    expect(recorded.err).toContain(`in ${store} as bisections/${kept[0]}`)
    expect(JSON.parse(readFileSync(join(store, 'bisections', kept[0]), 'utf8'))).toEqual(file)
  }, 300_000)
})
