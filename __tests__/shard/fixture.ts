// Simulated shards of one run: samples of a suite, split as `run --shard I/N` would, each shard's
// results file as `run` writes it, and (writeShardDir) its output folder with Google Benchmark JSON
// sample files, the layout `benchgate merge` reads.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { toResultsJson, type ResultsJson } from '../../src/report/json.js'
import type { Sample } from '../../src/samples/model.js'
import { secondsPerBenchmark, splitBenchmarks } from '../../src/shard/assign.js'
import { measure } from '../helpers/samples.js'
import { gbenchIteration } from '../helpers/gbenchJson.js'

export const SHA = { base: 'a'.repeat(40), head: 'b'.repeat(40) }

/** `count` benchmarks over `rounds` rounds; BM_Slow_3 is 10% slower on head. */
export function suiteSamples(count: number, rounds = 10, seed = 1): Sample[] {
  return Array.from({ length: count }, (_, i) => {
    const name = i === 3 ? 'BM_Slow_3' : `BM_Case/${i}`
    return measure(name, i === 3 ? 1.1 : 1, 0.02, 0, rounds, seed + i)
  }).flat()
}

/** The shards' results files (and their samples) for the suite in `samples`, split N ways by hash. */
export function shardResults(
  samples: Sample[],
  count: number,
  weights?: Map<string, number>
): Array<{ results: ResultsJson; samples: Sample[] }> {
  const names = [...new Set(samples.map((s) => s.benchmark))].sort()
  const split = splitBenchmarks(names, count, weights)
  return split.shards.map((assigned, i) => {
    const mine = samples.filter((s) => assigned.includes(s.benchmark))
    const suite = analyzeSuite({ samples: mine, provenance: { base: {}, head: { host: `runner-${i + 1}` } } })
    const results = toResultsJson(
      {
        suite,
        run: {
          base: { label: 'main', sha: SHA.base },
          head: { label: 'feature', sha: SHA.head },
          rounds: 10,
          repetitions: 3,
          key: 'default',
          reproduce: `npx benchgate run --base aaaa --shard ${i + 1}/${count}`,
          measuringSeconds: 10 + i,
          wallSeconds: 20 + i,
          shard: {
            index: i + 1,
            count,
            rule: split.rule,
            ...(split.weightsDigest && { weightsDigest: split.weightsDigest }),
            benchmarks: names,
            assigned,
            issues: [],
            seconds: secondsPerBenchmark(mine)
          }
        }
      },
      'test',
      new Date(0)
    )
    return { results: JSON.parse(JSON.stringify(results)) as ResultsJson, samples: mine }
  })
}

/** Writes one shard's output folder: results.json and samples/<side>-r<round>.json (Google Benchmark JSON). */
export function writeShardDir(dir: string, shard: { results: ResultsJson; samples: Sample[] }): void {
  mkdirSync(join(dir, 'samples'), { recursive: true })
  writeFileSync(join(dir, 'results.json'), JSON.stringify(shard.results, null, 2))
  const files = new Map<string, Sample[]>()
  for (const s of shard.samples) {
    const file = `${s.side}-r${String(s.round).padStart(3, '0')}.json`
    files.set(file, [...(files.get(file) ?? []), s])
  }
  for (const [file, list] of files) {
    const benchmarks = list.map((s) =>
      gbenchIteration(s.benchmark, s.realTimeNs, {
        repetition: s.repetition,
        repetitions: 3,
        threads: s.threads,
        iterations: s.iterations,
        cpuNs: s.cpuTimeNs
      })
    )
    writeFileSync(join(dir, 'samples', file), JSON.stringify({ context: { host_name: 'x' }, benchmarks }))
  }
}
