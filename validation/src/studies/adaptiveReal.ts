/**
 * Real runs of adaptive rounds against the fixed design of the same maximum length (docs/adaptive.md,
 * docs/VALIDATION.md "Adaptive rounds"), through the shipped CLI (dist/cli.js) on bench-runner's
 * examples, one after the other on this machine:
 *
 *   npm run validate -- adaptive-real [--example spin|orderbook|all] [--rounds 20] [--max-rounds 60]
 *                                     [--work DIR] [--futility-power P]
 *
 * Each example is a throwaway git repository holding bench-runner/ whose head commit changes one CMake
 * option: spin `SPIN_SLOWDOWN` 1.00 -> 1.03 (all three BM_Spin benchmarks 3% slower), order book
 * `ORDERBOOK_IMPL` map -> array (BM_OrderBook becomes the array book; BM_OrderBook_Array and
 * BM_OrderBook_Map are unchanged code). Both designs run `benchgate run` with the same build command,
 * 3 repetitions × 0.05 s. Benchmark time = Σ iterations × real time over the measured samples (warm-up
 * excluded), the same measure for both designs.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { OWN_FILE_NAME, readSampleFile } from '../../../src/samples/index.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

interface Example {
  name: string
  target: string
  option: string
  base: string
  head: string
}

const EXAMPLES: Example[] = [
  { name: 'spin', target: 'spin_bench', option: 'SPIN_SLOWDOWN', base: '1.00', head: '1.03' },
  { name: 'orderbook', target: 'orderbook_bench', option: 'ORDERBOOK_IMPL', base: 'map', head: 'array' }
]

interface ResultsFile {
  benchmarks: Array<{
    name: string
    verdict: string
    ratio: { estimate: number; ci: [number, number] } | null
    adaptive?: { rounds: number; stop_reason: string }
  }>
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 })
  if (r.error) throw r.error
  // benchgate exits 1 on a regression: that is a result here, not a failure.
  if (r.status !== 0 && !(cmd === process.execPath && r.status === 1))
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stderr}`)
  return r.stdout
}

/** The example's repository: main = base option value, branch `change` = head value. */
function makeRepo(ex: Example, dir: string): void {
  cpSync(join(ROOT, 'bench-runner'), join(dir, 'bench-runner'), {
    recursive: true,
    filter: (src) => !src.startsWith(join(ROOT, 'bench-runner', 'build'))
  })
  const git = (...a: string[]) => run('git', a, dir)
  git('init', '-q', '-b', 'main')
  git('config', 'user.email', 'validate@benchgate.invalid')
  git('config', 'user.name', 'benchgate validation')
  writeFileSync(join(dir, 'CHANGE'), `-D${ex.option}=${ex.base}\n`)
  writeFileSync(join(dir, '.gitignore'), 'build/\n')
  git('add', '.')
  git('commit', '-qm', `base: ${ex.option}=${ex.base}`)
  git('checkout', '-qb', 'change')
  writeFileSync(join(dir, 'CHANGE'), `-D${ex.option}=${ex.head}\n`)
  git('commit', '-qam', `head: ${ex.option}=${ex.head}`)
  git('checkout', '-q', 'main')
}

/** Seconds inside benchmark code: Σ iterations × real time over the measured (non-warm-up) samples. */
function benchmarkSeconds(samplesDir: string): number {
  let total = 0
  for (const f of readdirSync(samplesDir)) {
    const m = OWN_FILE_NAME.exec(f)
    if (!m) continue
    const round = Number(m[2])
    const parsed = readSampleFile(join(samplesDir, f), { side: m[1] as 'base' | 'head', round, run: round })
    for (const s of parsed.samples) total += (s.iterations * s.realTimeNs) / 1e9
  }
  return total
}

function fmt(r: ResultsFile['benchmarks'][number]): string {
  const pct = (v: number) => `${v >= 1 ? '+' : '−'}${(Math.abs(v - 1) * 100).toFixed(1)}%`
  const ci = r.ratio ? ` ${pct(r.ratio.estimate)} [${pct(r.ratio.ci[0])}, ${pct(r.ratio.ci[1])}]` : ''
  return `${r.verdict}${ci}`
}

export interface AdaptiveRealOptions {
  example: 'spin' | 'orderbook' | 'all'
  rounds: number
  maxRounds: number
  /** null: a fresh temporary directory. */
  work: string | null
  /** Passed to `benchgate run --futility-power`; null: its default. */
  futilityPower: number | null
}

/**
 * Runs each example both ways and returns the report (one table per example); `log` hears each line
 * as it is made.
 */
export function runAdaptiveRealStudy(o: AdaptiveRealOptions, log: (line: string) => void): string[] {
  const which = o.example
  const rounds = String(o.rounds)
  const maxRounds = String(o.maxRounds)
  const work = resolve(o.work ?? mkdtempSync(join(tmpdir(), 'benchgate-adaptive-real-')))
  const futility = o.futilityPower === null ? [] : ['--futility-power', String(o.futilityPower)]
  mkdirSync(work, { recursive: true })
  const env = { ...process.env, SPIN_CALIBRATION_FILE: join(work, 'spin-calibration.txt') }
  const cli = join(ROOT, 'dist', 'cli.js')
  const lines: string[] = []
  const say = (s: string) => {
    lines.push(s)
    log(s)
  }
  for (const ex of EXAMPLES.filter((e) => which === 'all' || e.name === which)) {
    const repo = join(work, ex.name)
    rmSync(repo, { recursive: true, force: true })
    mkdirSync(repo)
    makeRepo(ex, repo)
    const build =
      'cmake -S bench-runner -B build -DCMAKE_BUILD_TYPE=Release -DBENCHGATE_BUILD_TESTS=OFF ' +
      `-DBENCHGATE_INSTALL=OFF $(cat CHANGE) >/dev/null && cmake --build build --target ${ex.target} -j2 >/dev/null`
    const common = [
      cli,
      'run',
      '--base',
      'main',
      '--head',
      'change',
      '--build',
      build,
      '--binary',
      `build/examples/${ex.target}`,
      '--repetitions',
      '3',
      '--min-time',
      '0.05',
      '--time-budget',
      '7200',
      // An A/A example builds the same program on both sides: measure it anyway, that is the study.
      '--measure-identical',
      '--format',
      'json'
    ]
    const results: Record<string, { file: ResultsFile; seconds: number; wall: number }> = {}
    for (const [design, extra] of [
      ['adaptive', ['--rounds', rounds, '--adaptive', '--max-rounds', maxRounds, ...futility]],
      ['fixed', ['--rounds', maxRounds]]
    ] as const) {
      const out = join(work, `${ex.name}-${design}`)
      rmSync(out, { recursive: true, force: true })
      const t0 = Date.now()
      run(process.execPath, [...common, ...extra, '--out', out], repo, env)
      results[design] = {
        file: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsFile,
        seconds: benchmarkSeconds(join(out, 'samples')),
        wall: (Date.now() - t0) / 1000
      }
    }
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
    say(
      `${ex.name} (${ex.option} ${ex.base} -> ${ex.head}; load average ${load} at the end): --rounds ${rounds} --adaptive --max-rounds ${maxRounds} vs --rounds ${maxRounds}`
    )
    say('| benchmark | fixed | adaptive | rounds | why it stopped | agree |')
    say('|---|---|---|---|---|---|')
    let agree = 0
    for (const f of results.fixed.file.benchmarks) {
      const a = results.adaptive.file.benchmarks.find((x) => x.name === f.name)
      const same = a?.verdict === f.verdict
      if (same) agree++
      say(
        `| ${f.name} | ${fmt(f)} | ${a ? fmt(a) : 'missing'} | ${a?.adaptive?.rounds ?? '–'} | ${a?.adaptive?.stop_reason ?? '–'} | ${same ? 'yes' : '**no**'} |`
      )
    }
    const share = results.adaptive.seconds / results.fixed.seconds
    say(
      `verdicts agree ${agree}/${results.fixed.file.benchmarks.length}; benchmark time adaptive ${results.adaptive.seconds.toFixed(1)} s, ` +
        `fixed ${results.fixed.seconds.toFixed(1)} s: **${(100 * share).toFixed(0)}%** ` +
        `(wall ${results.adaptive.wall.toFixed(0)} s vs ${results.fixed.wall.toFixed(0)} s, builds included)`
    )
    say('')
  }
  return lines
}
