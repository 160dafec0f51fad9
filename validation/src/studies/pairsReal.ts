/**
 * Pairs on this VM (issue 34; docs/VALIDATION.md "Pairs"): real `benchgate run`s of a two-benchmark
 * fixture, each design given the same time budget, alternating designs so the machine's state is
 * shared. Fixtures: `planted` (BM_Planted's loop 8% longer at head, BM_Same's source changed only in a
 * comment, so only its code layout may move) and `A/A` (head = base plus a comment; identical
 * programs, measured with --measure-identical). Designs: suite/unpaired (`--interleave suite`),
 * benchmark/paired (`--interleave benchmark`), and benchmark/unpaired (the same samples compared
 * again with `--interleave suite`).
 *
 *   npm run validate -- pairs-real [--runs N] [--budget S] [--out FILE]
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const SOURCE = (work: number, comment: string) => `#include <benchmark/benchmark.h>
static void BM_Planted(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < ${work}; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Planted);
// ${comment}
static void BM_Same(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; for (int i = 0; i < 5000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }
BENCHMARK(BM_Same);
`
const BUILD = 'g++ -O2 bench.cc -o bench -lbenchmark -lbenchmark_main -lpthread'

export interface RealOutcome {
  fixture: 'planted' | 'A/A'
  design: string
  run: number
  rounds: number
  benchmarks: Array<{ name: string; verdict: string; ratio: number; ci: [number, number]; test?: string }>
}

function fixtureRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-pairs-'))
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, encoding: 'utf8' })
  git('init', '-q', '-b', 'main')
  git('config', 'user.email', 'study@example.com')
  git('config', 'user.name', 'study')
  writeFileSync(join(dir, 'bench.cc'), SOURCE(5000, 'the same loop'))
  git('add', '.')
  git('commit', '-qm', 'base')
  git('tag', 'base')
  writeFileSync(join(dir, 'bench.cc'), SOURCE(5000, 'the same loop') + '// a comment\n')
  git('commit', '-qam', 'A/A: a comment')
  git('tag', 'aa')
  writeFileSync(join(dir, 'bench.cc'), SOURCE(5400, 'the same loop, comment changed'))
  git('commit', '-qam', 'planted: BM_Planted 8% more work')
  git('tag', 'planted')
  return dir
}

/** The shipped CLI (dist/cli.js, rebuilt from src/ with `npm run build`), as a user runs it. */
const CLI = join(import.meta.dirname, '..', '..', '..', 'dist', 'cli.js')
const cli = (argv: string[]): string =>
  execFileSync(process.execPath, [CLI, ...argv], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 1 << 28
  })

async function runOnce(repo: string, out: string, head: string, interleave: string, budget: number) {
  const argv = [
    'run',
    '--repo',
    repo,
    '--base',
    'base',
    '--head',
    head,
    '--build',
    BUILD,
    '--binary',
    'bench'
  ]
  argv.push('--rounds', '2000', '--time-budget', String(budget), '--repetitions', '3', '--min-time', '0.01')
  argv.push(
    '--measure-identical',
    '--interleave',
    interleave,
    '--out',
    out,
    '--format',
    'json',
    '--fail-on',
    'never'
  )
  cli(argv)
}

function outcome(file: string): Pick<RealOutcome, 'rounds' | 'benchmarks'> {
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    benchmarks: Array<{
      name: string
      verdict: string
      ratio: { estimate: number; ci: [number, number] } | null
      test?: string
      runs: { base: number }
    }>
  }
  return {
    rounds: Math.max(...r.benchmarks.map((b) => b.runs.base)),
    benchmarks: r.benchmarks.map((b) => ({
      name: b.name,
      verdict: b.verdict,
      ratio: b.ratio?.estimate ?? NaN,
      ci: b.ratio?.ci ?? [NaN, NaN],
      test: b.test
    }))
  }
}

export async function realPairs(
  runs: number,
  budget: number,
  log: (s: string) => void
): Promise<RealOutcome[]> {
  const repo = fixtureRepo()
  const work = mkdtempSync(join(tmpdir(), 'benchgate-pairs-out-'))
  const results: RealOutcome[] = []
  try {
    for (let run = 0; run < runs; run++)
      for (const [fixture, head] of [
        ['planted', 'planted'],
        ['A/A', 'aa']
      ] as const)
        for (const interleave of run % 2 === 0 ? ['suite', 'benchmark'] : ['benchmark', 'suite']) {
          const out = join(work, `${run}-${head}-${interleave}`)
          await runOnce(repo, out, head, interleave, budget)
          const design = interleave === 'suite' ? 'suite/unpaired' : 'benchmark/paired'
          results.push({ fixture, design, run, ...outcome(join(out, 'results.json')) })
          if (interleave === 'benchmark') {
            // The same samples, analysed unpaired: what pairing alone buys.
            const samples = join(out, 'samples')
            const again = join(out, 'unpaired.json')
            writeFileSync(
              again,
              cli([
                'compare',
                samples,
                samples,
                '--interleave',
                'suite',
                '--format',
                'json',
                '--fail-on',
                'never'
              ])
            )
            results.push({ fixture, design: 'benchmark/unpaired', run, ...outcome(again) })
          }
          for (const r of results.slice(interleave === 'benchmark' ? -2 : -1))
            log(
              `${r.fixture} ${r.design} run ${r.run}: ${r.rounds} rounds; ` +
                r.benchmarks
                  .map(
                    (b) =>
                      `${b.name} ${b.verdict} ${b.ratio.toFixed(3)} [${b.ci[0].toFixed(3)}, ${b.ci[1].toFixed(3)}]`
                  )
                  .join('; ')
            )
        }
  } finally {
    rmSync(repo, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
  }
  return results
}

/** The real pairs study's results (pairs-real.json). */
export interface PairsRealResults {
  meta: { budgetSeconds: number; runs: number; seconds: number }
  results: RealOutcome[]
}

/** `runs` runs of every fixture and design, `budget` seconds each; `log` hears every run. */
export async function runPairsRealStudy(
  o: { runs: number; budget: number },
  log: (line: string) => void
): Promise<PairsRealResults> {
  const t0 = Date.now()
  const results = await realPairs(o.runs, o.budget, log)
  return { meta: { budgetSeconds: o.budget, runs: o.runs, seconds: (Date.now() - t0) / 1000 }, results }
}
