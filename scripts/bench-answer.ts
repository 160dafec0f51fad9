/**
 * npm run bench:answer [-- --quick] [--variants time,both,budget] [--repeat N]: the whole answer, end to end.
 *
 * Builds a throwaway git repository from bench/answer-fixture (69 Google Benchmark benchmarks; the head
 * commit plants +8% work in BM_Checksum/16384 and BM_Polynomial/4096, −20% in BM_SortInts/8192, and moves
 * the code of the three BM_Layout* benchmarks without changing their instructions) and runs the real CLI
 * (`dist/cli.js run`, as a user would) once per design, the designs alternating when repeated:
 *   time    the defaults before the budget design (--measure time --no-budget)
 *   both    --measure both --no-budget
 *   budget  --measure both --budget: the defaults where valgrind is installed (docs/budget.md)
 *   adaptive --measure both --adaptive --no-budget
 * Per design it prints the seconds to the answer (the whole CLI run: builds, count pass, rounds,
 * analysis), the rounds, the share of benchmarks decided by timing, by counts, and undecided (with the
 * reasons), and whether the planted changes were found and nothing else flagged as a regression or
 * improvement. `--quick`: 12 of the benchmarks (the planted ones, a layout one, eight others) and a
 * 90 s time budget, a smoke test of a few minutes. Needs cmake, g++, libbenchmark-dev and (for the
 * designs with counts) valgrind; `npm run build` first.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { lastCommitRunArgs } from './lastCommitRun.js'

const root = join(import.meta.dirname, '..')
const CLI = join(root, 'dist/cli.js')
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    variants: { type: 'string', default: 'time,both,budget' },
    repeat: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false }
  }
})

const PLANTED: Record<string, 'regression' | 'improvement'> = {
  'BM_Checksum/16384': 'regression',
  'BM_Polynomial/4096': 'regression',
  'BM_SortInts/8192': 'improvement'
}
const LAYOUT = ['BM_LayoutLoop/65536', 'BM_LayoutBranchy/65536', 'BM_LayoutCalls/65536']
const QUICK_FILTER =
  '^(BM_Checksum/16384|BM_Polynomial/4096|BM_SortInts/8192|BM_LayoutLoop/65536|BM_MapLookup/512|' +
  'BM_HashLookup/4096|BM_Histogram/16384|BM_PrefixSum/16384|BM_MatMul/32|BM_Fibonacci/32768|' +
  'BM_StringConcat/512|BM_Gcd/1024)$'

const DECIDED = ['regression', 'improvement', 'unchanged', 'negligible', 'timing-only']

/** Each design spelled out, so the comparison stays the same whatever the defaults are. */
const DESIGNS: Record<string, string[]> = {
  time: ['--measure', 'time', '--no-budget'],
  both: ['--measure', 'both', '--no-budget'],
  budget: ['--measure', 'both', '--budget'],
  adaptive: ['--measure', 'both', '--adaptive', '--no-budget']
}

const variants = values.variants!.split(',').map((v) => v.trim())
for (const v of variants)
  if (!(v in DESIGNS)) throw new Error(`unknown variant '${v}' (${Object.keys(DESIGNS).join(', ')})`)
const repeat = Number(values.repeat)

const dir = mkdtempSync(join(tmpdir(), 'benchgate-answer-'))
const repo = fixtureRepo(dir)
console.log(
  `bench:answer: ${values.quick ? '12 of the 69 benchmarks, time budget 90 s (--quick)' : '69 benchmarks'}; ` +
    `load average at start ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} on ${(spawnSync('nproc').stdout ?? '?').toString().trim()} cores`
)
const results: Record<string, Answer[]> = {}
for (let r = 0; r < repeat; r++) {
  // Alternate the order between repeats, so a slow phase of the machine does not always hit one design.
  const order = r % 2 === 0 ? variants : [...variants].reverse()
  for (const v of order) (results[v] ??= []).push(runOnce(v, r))
}
for (const v of variants) for (const a of results[v]) print(v, a)
if (values.keep) console.log(`\nkept ${dir}`)
else rmSync(dir, { recursive: true, force: true })

interface Answer {
  seconds: number
  rounds: number
  load: number
  benchmarks: number
  byTiming: number
  byCounts: number
  undecided: Map<string, number>
  plantedFound: string[]
  plantedMissed: string[]
  falseFlags: string[]
  layout: string[]
}

function runOnce(variant: string, r: number): Answer {
  const out = join(dir, `out-${variant}-${r}`)
  const args = [
    ...lastCommitRunArgs(CLI, repo, 'answer_bench', out),
    ...(values.quick ? ['--filter', QUICK_FILTER, '--time-budget', '90'] : []),
    ...DESIGNS[variant]
  ]
  const started = Date.now()
  const load = loadavg()[0]
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 })
  const seconds = (Date.now() - started) / 1000
  if (run.status !== 0 && run.status !== 1) {
    throw new Error(`${variant}: the CLI exited ${run.status}:\n${run.stderr.slice(-3000)}`)
  }
  return answerOf(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Results, seconds, load)
}

interface Bench {
  name: string
  verdict: string
  timing_verdict?: string
  inconclusive_reason?: string | null
  advice?: { kind: string } | null
  adaptive?: { stop_reason: string }
  counts?: { verdict: string }
  warnings: { code: string }[]
}
interface Results {
  run: { rounds?: number }
  benchmarks: Bench[]
}

function answerOf(res: Results, seconds: number, load: number): Answer {
  const a: Answer = {
    seconds,
    rounds: res.run.rounds ?? 0,
    load,
    benchmarks: res.benchmarks.length,
    byTiming: 0,
    byCounts: 0,
    undecided: new Map(),
    plantedFound: [],
    plantedMissed: [],
    falseFlags: [],
    layout: []
  }
  for (const b of res.benchmarks) {
    const settled = b.warnings.some((w) => w.code === 'settled-by-counts')
    // Counts decided it: the settled ones, and a verdict the counts set over timing's (docs/statistics.md §10).
    if (settled || (b.timing_verdict !== undefined && b.timing_verdict !== b.verdict)) a.byCounts++
    else if (DECIDED.includes(b.verdict)) a.byTiming++
    else a.undecided.set(reasonOf(b), (a.undecided.get(reasonOf(b)) ?? 0) + 1)
    const planted = PLANTED[b.name]
    const flagged = b.verdict === 'regression' || b.verdict === 'improvement'
    if (planted) (b.verdict === planted ? a.plantedFound : a.plantedMissed).push(`${b.name} ${b.verdict}`)
    else if (LAYOUT.includes(b.name)) a.layout.push(`${b.name.split('/')[0]} ${b.verdict}`)
    else if (flagged) a.falseFlags.push(`${b.name} ${b.verdict}`)
  }
  return a
}

function reasonOf(b: Bench): string {
  if (b.adaptive?.stop_reason === 'futile')
    return b.warnings.some((w) => w.code === 'budget-undecidable')
      ? 'cannot be decided within the budget'
      : 'futile'
  if (b.adaptive?.stop_reason === 'time-budget') return 'time budget ran out'
  if (
    b.counts &&
    b.counts.verdict !== 'regression' &&
    b.counts.verdict !== 'improvement' &&
    b.verdict === 'inconclusive'
  )
    return `code path unchanged, timing ${b.advice?.kind ?? b.inconclusive_reason ?? 'inconclusive'}`
  return `${b.verdict}: ${b.advice?.kind ?? b.inconclusive_reason ?? '?'}`
}

function print(variant: string, a: Answer): void {
  const pct = (n: number) => `${((100 * n) / Math.max(1, a.benchmarks)).toFixed(0)}%`
  const undecided = [...a.undecided.values()].reduce((x, y) => x + y, 0)
  console.log(
    `\n${variant.padEnd(8)} ${a.seconds.toFixed(0)} s to the answer (load ${a.load.toFixed(1)} at start), ${a.rounds} rounds, ` +
      `${a.benchmarks} benchmarks: by timing ${a.byTiming} (${pct(a.byTiming)}), by counts ${a.byCounts} (${pct(a.byCounts)}), ` +
      `undecided ${undecided} (${pct(undecided)})`
  )
  for (const [why, n] of a.undecided) console.log(`         undecided ${n}: ${why}`)
  console.log(
    `         planted found ${a.plantedFound.length}/${Object.keys(PLANTED).length}` +
      (a.plantedMissed.length ? ` (missed: ${a.plantedMissed.join(', ')})` : '') +
      `; other benchmarks flagged: ${a.falseFlags.length ? a.falseFlags.join(', ') : 'none'}` +
      `; layout-only: ${a.layout.join(', ') || '–'}`
  )
}

/** A git repository whose HEAD~1 builds the fixture's base and HEAD its head (ANSWER_HEAD=1). */
function fixtureRepo(parent: string): string {
  const repo = join(parent, 'repo')
  cpSync(join(root, 'bench/answer-fixture'), repo, { recursive: true })
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] })
  const cmakeLists = join(repo, 'CMakeLists.txt')
  const base = readFileSync(cmakeLists, 'utf8')
  git('init', '-q', '-b', 'main')
  git('config', 'user.email', 'bench@benchgate.invalid')
  git('config', 'user.name', 'bench')
  writeFileSync(join(repo, '.gitignore'), 'build/\n')
  git('add', '.')
  git('commit', '-qm', 'base')
  writeFileSync(cmakeLists, base.replace('set(ANSWER_HEAD 0', 'set(ANSWER_HEAD 1'))
  git('commit', '-qam', 'head: the planted changes')
  return repo
}
