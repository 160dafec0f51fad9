/**
 * npm run bench:history — the history at scale (issue 31): B benchmarks × C commits (default 1,000 ×
 * 1,000) of synthetic records (log-normal noise, sd 1% on the locations, 0.3% on the paired steps; a
 * +8% step in every 50th series at commit C/2), written to a folder store one record per commit, then
 * read back and analysed. Prints the time to write, the store's size (per commit and per benchmark per
 * commit), the time to read it and to find the change points, and the size after compaction into months.
 *
 *   npm run bench:history -- [--benchmarks B] [--commits C] [--keep]
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { analyseHistory } from '../src/history/changes.js'
import { RECORD_FORMAT, RECORD_VERSION, type CommitRecord } from '../src/history/record.js'
import { FolderStore } from '../src/history/store.js'

const args = process.argv.slice(2)
const opt = (name: string, def: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : def
}
const BENCHMARKS = Number(opt('benchmarks', '1000'))
const COMMITS = Number(opt('commits', '1000'))
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
const truth = (b: number, i: number) =>
  Math.log(1000 * (1 + b)) + (b % 50 === 0 && i >= COMMITS / 2 ? Math.log(1.08) : 0)

function record(i: number): CommitRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    commit: sha(i),
    parent: sha(i - 1),
    date: new Date(Date.UTC(2024, 0, 1) + i * 12 * 3_600_000).toISOString(),
    pr: i % 2 ? 1000 + i : null,
    tool_version: '0.1.0',
    fingerprint: { cpuModel: 'AMD EPYC 7763 64-Core Processor', numCpus: 4, libraryVersion: 'v1.9.5' },
    benchmarks: Array.from({ length: BENCHMARKS }, (_, b) => {
      const median = Math.exp(truth(b, i) + 0.01 * z())
      const ratio = Math.exp(truth(b, i) - truth(b, i - 1) + 0.003 * z())
      const half = Math.exp(Z95 * 0.003)
      return {
        name: `BM_Suite/bench_${String(b).padStart(4, '0')}/${64 << (b % 8)}`,
        metric: 'cpu_time',
        level: 'runs' as const,
        verdict: 'unchanged',
        location: { median, ci: [median * 0.99, median * 1.01] as [number, number], ci_level: 0.96, n: 20 },
        step: { ratio, ci: [ratio / half, ratio * half] as [number, number], conf_level: 0.95 }
      }
    })
  }
}

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
const dir = mkdtempSync(join(tmpdir(), 'bench-history-'))
const store = new FolderStore(dir)
let t0 = performance.now()
for (let i = 0; i < COMMITS; i++) await store.add(record(i))
const written = folderBytes(dir)
console.log(
  `${BENCHMARKS} benchmarks × ${COMMITS} commits: wrote ${written.files} records in ${seconds(t0)} s`
)
console.log(
  `store ${(written.bytes / 1e6).toFixed(1)} MB: ${Math.round(written.bytes / COMMITS)} bytes per commit, ` +
    `${(written.bytes / COMMITS / BENCHMARKS).toFixed(1)} per benchmark per commit`
)
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
  `compacted ${c.months.length} months in ${seconds(t0)} s: ${(compacted.bytes / 1e6).toFixed(1)} MB in ${compacted.files} files, ` +
    `largest ${(Math.max(...readdirSync(join(dir, 'months')).map((f) => statSync(join(dir, 'months', f)).size)) / 1e6).toFixed(1)} MB`
)
if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true })
else console.log(`kept ${dir}`)
