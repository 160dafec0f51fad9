/**
 * npm run bench:history — the history at scale (issue 31), B benchmarks × C commits (default 1,000 ×
 * 1,000) of synthetic results (log-normal noise, sd 1% between runs, 8 runs per side; a +8% step in
 * every 50th series at commit C/2), through the built CLI (dist/cli.js; run `npm run build` first):
 *
 * 1. `history record results.json --store DIR --commit … --parent … --date …` as a workflow runs it,
 *    one process per commit, for the first N commits (default 100; a process per commit takes 1–3 s on
 *    this shared VM, so 1,000 would take most of an hour): time per commit; then the other C − N
 *    commits in this process through the same functions (validateResults, buildRecord, the store's add):
 *    time per commit without starting node. Store size per commit and per benchmark per commit.
 * 2. `history report` of the C commits (CLI): time, and the sizes of history.html and changes.json;
 *    then history.html in headless chromium (`#timing`): time to parse its data, build the cards, draw
 *    the first screen and one card, and chromium's whole run.
 * 3. The same into `--store git:benchgate-history` of a clone whose `origin` is a local bare repository
 *    (fetch, commit, push per record): N commits through the CLI, the rest in this process; time per
 *    commit (and over the last 100, as the branch grows), the bare repository's size before and after
 *    `git gc`, and `history report` of that store.
 *
 *   npm run bench:history -- [--benchmarks B] [--commits C] [--cli-commits N] [--cli dist/cli.js] [--keep]
 *   npm run bench:history -- --library [--benchmarks B] [--commits C] [--keep]
 *
 * `--library` instead writes records with the library (no results.json, no process per commit), reads
 * them back, analyses them and compacts them into months (the first measurement, docs/history.md).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { analyseHistory } from '../src/history/changes.js'
import { RECORD_FORMAT, RECORD_VERSION, type CommitRecord } from '../src/history/record.js'
import { buildRecord } from '../src/history/record.js'
import { FolderStore, openStore, type HistoryStore } from '../src/history/store.js'
import { validateResults } from '../src/report/readResults.js'

const args = process.argv.slice(2)
const opt = (name: string, def: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : def
}
const BENCHMARKS = Number(opt('benchmarks', '1000'))
const COMMITS = Number(opt('commits', '1000'))
const CLI_COMMITS = Math.min(COMMITS, Number(opt('cli-commits', '100')))
const ROOT = resolve(import.meta.dirname, '..')
const CLI = resolve(ROOT, opt('cli', 'dist/cli.js'))
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
const Z95 = 1.959963984540054

let state = 12345
const uniform = () => {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const z = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform())
const sha = (i: number) => createHash('sha1').update(`commit ${i}`).digest('hex')
const date = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 12 * 3_600_000).toISOString()
const name = (b: number) => `BM_Suite/bench_${String(b).padStart(4, '0')}/${64 << (b % 8)}`
const truth = (b: number, i: number) =>
  Math.log(1000 * (1 + b)) + (b % 50 === 0 && i >= COMMITS / 2 ? Math.log(1.08) : 0)

function folderBytes(dir: string): { bytes: number; files: number } {
  let bytes = 0
  let files = 0
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      bytes += statSync(join(e.parentPath, e.name)).size
      files++
    }
  return { bytes, files }
}
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1)
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
const perCommit = (bytes: number, commits: number) =>
  `${Math.round(bytes / commits)} bytes per commit, ${(bytes / commits / BENCHMARKS).toFixed(1)} per benchmark per commit`

/** The library measurement (`--library`): records written, read, analysed and compacted in-process. */
async function library(): Promise<void> {
  const record = (i: number): CommitRecord => ({
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    commit: sha(i),
    parent: sha(i - 1),
    date: date(i),
    measured_at: date(i),
    pr: i % 2 ? 1000 + i : null,
    tool_version: '0.1.0',
    fingerprint: { cpuModel: 'AMD EPYC 7763 64-Core Processor', numCpus: 4, libraryVersion: 'v1.9.5' },
    benchmarks: Array.from({ length: BENCHMARKS }, (_, b) => {
      const median = Math.exp(truth(b, i) + 0.01 * z())
      const ratio = Math.exp(truth(b, i) - truth(b, i - 1) + 0.003 * z())
      const half = Math.exp(Z95 * 0.003)
      return {
        name: name(b),
        metric: 'cpu_time',
        level: 'runs' as const,
        verdict: 'unchanged',
        location: { median, ci: [median * 0.99, median * 1.01] as [number, number], ci_level: 0.96, n: 20 },
        step: { ratio, ci: [ratio / half, ratio * half] as [number, number], conf_level: 0.95 }
      }
    })
  })
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'))
  const store = new FolderStore(dir)
  let t0 = performance.now()
  for (let i = 0; i < COMMITS; i++) await store.add(record(i))
  const written = folderBytes(dir)
  console.log(
    `${BENCHMARKS} benchmarks × ${COMMITS} commits: wrote ${written.files} records in ${seconds(t0)} s`
  )
  console.log(`store ${mb(written.bytes)}: ${perCommit(written.bytes, COMMITS)}`)
  t0 = performance.now()
  const records = await store.readAll()
  console.log(`read ${records.length} records in ${seconds(t0)} s`)
  t0 = performance.now()
  const changes = analyseHistory(records)
  const found = changes.series.flatMap((s) =>
    s.change_points.map((c) => ({ s: s.name, at: records.findIndex((r) => r.commit === c.to.commit) }))
  )
  const planted = changes.series.filter((_, b) => b % 50 === 0).length
  const hit = found.filter(
    (f) => Math.abs(f.at - COMMITS / 2) <= 1 && Number(/bench_(\d+)/.exec(f.s)![1]) % 50 === 0
  )
  console.log(
    `analysed in ${seconds(t0)} s: ${found.length} change points, ${hit.length} of ${planted} planted steps within ±1 commit, ` +
      `${found.length - hit.length} others (${BENCHMARKS * COMMITS} series-commits); ${changes.series.filter((s) => s.creep?.reported).length} creeping (${changes.series.filter((s, b) => s.creep?.reported && b % 50 === 0).length} of them with the step)`
  )
  t0 = performance.now()
  const c = await store.compact('2100-01')
  const compacted = folderBytes(dir)
  console.log(
    `compacted ${c.months.length} months in ${seconds(t0)} s: ${mb(compacted.bytes)} in ${compacted.files} files, ` +
      `largest ${mb(Math.max(...readdirSync(join(dir, 'months')).map((f) => statSync(join(dir, 'months', f)).size)))}`
  )
  if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true })
  else console.log(`kept ${dir}`)
}

/**
 * results.json of commit i (as `benchgate compare` writes it: no SHAs, so record takes --commit), from
 * the committed 3-benchmark fixture's first benchmark, repeated with this commit's numbers.
 */
function resultsOf(
  template: Record<string, unknown> & { benchmarks: Array<Record<string, unknown>> },
  i: number
): string {
  const [proto] = template.benchmarks
  const benchmarks = Array.from({ length: BENCHMARKS }, (_, b) => {
    const run = () => Math.exp(truth(b, i) + 0.01 * z())
    const head = Array.from({ length: 8 }, run)
    const base = Array.from({ length: 8 }, () => Math.exp(truth(b, i - 1) + 0.01 * z()))
    const sorted = [...head].sort((x, y) => x - y)
    const median = (sorted[3] + sorted[4]) / 2
    const ratio = Math.exp(truth(b, i) - truth(b, i - 1) + 0.003 * z())
    const half = Math.exp(Z95 * 0.003)
    return {
      ...proto,
      name: name(b),
      verdict: 'unchanged',
      location: { base: base[0], head: median },
      series: { base, head },
      median: { base: base[0], head: median },
      ratio: { estimate: ratio, ci: [ratio / half, ratio * half] },
      conf_level: 0.95 // the level of that interval (the fixture's is Bonferroni-widened for its 3 benchmarks)
    }
  })
  return JSON.stringify({ ...template, benchmarks })
}

interface Timed {
  ms: number[]
  stderr: string
}

/** Runs the CLI once per commit: `history record` of that commit's results into `store`. */
function recordAll(
  store: string,
  commits: number,
  cwd: string,
  results: string,
  template: Parameters<typeof resultsOf>[0]
): Timed {
  const ms: number[] = []
  let stderr = ''
  state = 12345 // the same numbers in both stores
  for (let i = 0; i < commits; i++) {
    writeFileSync(results, resultsOf(template, i))
    const t0 = performance.now()
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'history',
        'record',
        results,
        '--store',
        store,
        '--commit',
        sha(i),
        '--parent',
        sha(i - 1),
        '--date',
        date(i),
        ...(i % 2 ? ['--pr', String(1000 + i)] : [])
      ],
      { cwd, encoding: 'utf8' }
    )
    ms.push(performance.now() - t0)
    if (r.status !== 0) throw new Error(`history record of commit ${i} exited ${r.status}: ${r.stderr}`)
    stderr = r.stderr
    if ((i + 1) % 100 === 0) console.log(`  ${store}: ${i + 1} commits recorded`)
  }
  return { ms, stderr }
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b)
  return `median ${(s[Math.floor(s.length / 2)] / 1000).toFixed(2)} s, p90 ${(s[Math.floor(s.length * 0.9)] / 1000).toFixed(2)} s, total ${(ms.reduce((a, b) => a + b, 0) / 1000).toFixed(0)} s`
}

function report(store: string, cwd: string, out: string, label: string): void {
  const t0 = performance.now()
  const r = spawnSync(process.execPath, [CLI, 'history', 'report', '--store', store, '--out', out], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28
  })
  if (r.status !== 0) throw new Error(`history report exited ${r.status}: ${r.stderr}`)
  const size = (f: string) => statSync(join(cwd, out, f)).size
  console.log(
    `history report (${label}) in ${seconds(t0)} s: history.html ${mb(size('history.html'))}, changes.json ${mb(size('changes.json'))}, summary.md ${(size('summary.md') / 1e3).toFixed(0)} kB; ${r.stderr.trim()}`
  )
}

/** history.html in headless chromium: the page's own timings (#timing) and the whole load. */
function pageTiming(page: string, dir: string): void {
  if (!CHROMIUM) return console.log('chromium not found: page timing skipped')
  const t0 = performance.now()
  const r = spawnSync(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--user-data-dir=${join(dir, 'profile')}`,
      '--window-size=1280,900',
      '--dump-dom',
      `${pathToFileURL(page).href}#timing`
    ],
    { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 180_000 }
  )
  const wall = seconds(t0)
  const m = /<pre id="selftest">([^<]*)<\/pre>/.exec(r.stdout)
  if (!m) return console.log(`history.html: no timing in chromium's output (exit ${r.status})`)
  const t = JSON.parse(m[1].replace(/&quot;/g, '"')) as Record<string, number | string[]>
  const f = (k: string) => Math.round(t[k] as number)
  console.log(
    `history.html in headless chromium (${t.cards} cards × ${t.commits} commits): parse ${f('parse')} ms, build the cards ${f('build')} ms, draw the first screen ${f('firstScreen')} ms, ` +
      `draw a card ${(t.drawEach as number).toFixed(1)} ms; chromium start to DOM dump ${wall} s; errors: ${JSON.stringify(t.errors)}`
  )
}

/** The commits from..C−1 recorded in this process, through the functions `history record` runs (its milliseconds each). */
async function recordInProcess(
  store: HistoryStore,
  from: number,
  template: Parameters<typeof resultsOf>[0]
): Promise<number[]> {
  const ms: number[] = []
  for (let i = from; i < COMMITS; i++) {
    const text = resultsOf(template, i)
    const t0 = performance.now()
    const meta = { commit: sha(i), parent: sha(i - 1), date: date(i), ...(i % 2 ? { pr: 1000 + i } : {}) }
    await store.add(buildRecord(validateResults(text, 'results.json'), meta, 'results.json'))
    ms.push(performance.now() - t0)
    if ((i + 1) % 100 === 0) console.log(`  ${store.name}: ${i + 1} commits recorded`)
  }
  return ms
}

async function cli(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`)
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-cli-'))
  const template = JSON.parse(readFileSync(join(ROOT, '__tests__/fixtures/history/results.json'), 'utf8'))
  const results = join(dir, 'results.json')
  writeFileSync(results, resultsOf(template, 0))
  console.log(`${BENCHMARKS} benchmarks: results.json ${mb(statSync(results).size)} per commit`)

  // 1. Folder store: N commits through the CLI, the rest in this process.
  const folder = join(dir, 'store')
  const t = recordAll(folder, CLI_COMMITS, dir, results, template)
  console.log(
    `folder store: ${CLI_COMMITS} × history record (one process each), ${stats(t.ms)} (${t.stderr.trim()})`
  )
  if (CLI_COMMITS < COMMITS) {
    const ms = await recordInProcess(new FolderStore(folder), CLI_COMMITS, template)
    console.log(
      `folder store: ${COMMITS - CLI_COMMITS} more in this process (validate, build, add), ${stats(ms)}`
    )
  }
  const written = folderBytes(folder)
  console.log(
    `folder store ${mb(written.bytes)} in ${written.files} files: ${perCommit(written.bytes, COMMITS)}`
  )

  // 2. Its report, and the page in chromium.
  mkdirSync(join(dir, 'out'), { recursive: true })
  report(folder, dir, 'out/folder', `folder store, ${COMMITS} commits`)
  pageTiming(join(dir, 'out/folder/history.html'), dir)

  // 3. git store: a clone of a local bare origin; each record is fetched, committed and pushed.
  const origin = join(dir, 'origin.git')
  const work = join(dir, 'work')
  const git = (cwd: string, ...a: string[]) =>
    execFileSync('git', a, { cwd, encoding: 'utf8', stdio: 'pipe' })
  git(dir, 'init', '--quiet', '--bare', origin)
  git(dir, 'clone', '--quiet', origin, work)
  const g = recordAll('git:benchgate-history', CLI_COMMITS, work, results, template)
  console.log(
    `git store: ${CLI_COMMITS} × history record (fetch, commit, push to a local bare origin), ${stats(g.ms)}`
  )
  if (CLI_COMMITS < COMMITS) {
    const ms = await recordInProcess(openStore('git:benchgate-history', work), CLI_COMMITS, template)
    console.log(
      `git store: ${COMMITS - CLI_COMMITS} more in this process (validate, build, fetch, commit, push), ${stats(ms)}; ` +
        `the last 100: ${stats(ms.slice(-100))}`
    )
  }
  const before = folderBytes(origin).bytes
  git(origin, 'gc', '--quiet')
  const after = folderBytes(origin).bytes
  console.log(
    `bare origin ${mb(before)} as pushed (${perCommit(before, COMMITS)}); after git gc ${mb(after)} (${perCommit(after, COMMITS)})`
  )
  report('git:benchgate-history', work, 'out-git', `git store, ${COMMITS} commits`)
  if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true })
  else console.log(`kept ${dir}`)
}

await (args.includes('--library') ? library() : cli())
