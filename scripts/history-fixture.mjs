#!/usr/bin/env node
// Writes Google Benchmark JSON runs for a base and a head side (N benchmarks, R runs of 3 repetitions,
// head `--slower` times the base on every benchmark), for `benchgate compare` to turn into a results.json:
// the fixture of __tests__/history and the size measurement of docs/history.md.
//   node scripts/history-fixture.mjs DIR [--benchmarks N] [--runs R] [--slower 1.05] [--seed S]
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    benchmarks: { type: 'string', default: '3' },
    runs: { type: 'string', default: '8' },
    slower: { type: 'string', default: '1.05' },
    seed: { type: 'string', default: '1' }
  }
})
const dir = positionals[0]
const n = Number(values.benchmarks)
const runs = Number(values.runs)
const slower = Number(values.slower)
let state = Number(values.seed) >>> 0 || 1
const rand = () => (state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32
const noise = () => Math.exp(0.01 * (rand() + rand() + rand() - 1.5))
const context = {
  date: '2026-11-26T16:00:00+00:00',
  host_name: 'runner',
  executable: './build/bench',
  num_cpus: 4,
  mhz_per_cpu: 2445,
  cpu_scaling_enabled: false,
  caches: [],
  load_avg: [0.4, 0.5, 0.4],
  library_version: 'v1.9.5',
  library_build_type: 'release',
  json_schema_version: 1
}
for (const side of ['base', 'head']) {
  mkdirSync(join(dir, side), { recursive: true })
  for (let r = 0; r < runs; r++) {
    const benchmarks = []
    for (let b = 0; b < n; b++) {
      const base = 1000 * (b + 1)
      for (let rep = 0; rep < 3; rep++) {
        const t = base * (side === 'head' ? slower : 1) * noise()
        benchmarks.push({
          name: `BM_Bench${String(b).padStart(3, '0')}/${64 << (b % 6)}`,
          run_name: `BM_Bench${String(b).padStart(3, '0')}/${64 << (b % 6)}`,
          run_type: 'iteration',
          repetitions: 3,
          repetition_index: rep,
          threads: 1,
          iterations: 1000,
          real_time: t,
          cpu_time: t,
          time_unit: 'ns'
        })
      }
    }
    writeFileSync(
      join(dir, side, `run-${String(r).padStart(2, '0')}.json`),
      JSON.stringify({ context, benchmarks }, null, 1)
    )
  }
}
