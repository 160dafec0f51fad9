/**
 * Which benchmarks shard I of N measures. Every shard lists the same head binary, so every shard
 * computes the same split from the same list, without talking to the others:
 * - rule 'hash': the names ordered by their sha256 (a stable pseudo-random order that does not
 *   depend on registration order or machine), dealt round-robin: shard sizes differ by at most one;
 * - rule 'weights': last known seconds per benchmark (a previous results file), split greedily
 *   longest first onto the shard with the least time so far (LPT, within 4/3 of the best split);
 *   benchmarks without a known time count as the median known time.
 */
import { createHash } from 'node:crypto'
import type { ShardRule } from '../report/shard.js'

export interface ShardSpec {
  /** 1-based. */
  index: number
  count: number
}

export interface ShardSplit {
  rule: ShardRule
  /** sha256 of the weights used (rule 'weights'). */
  weightsDigest?: string
  /** shards[i] = the sorted names of shard i + 1. */
  shards: string[][]
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

/**
 * Splits `names` into `count` shards, by hash or by `weights` (seconds per benchmark) when given.
 * The result depends only on the set of names, the count and the weights (never their order).
 */
export function splitBenchmarks(
  names: readonly string[],
  count: number,
  weights?: ReadonlyMap<string, number>
): ShardSplit {
  const unique = [...new Set(names)].sort()
  const shards: string[][] = Array.from({ length: count }, () => [])
  if (!weights) {
    const keyed = unique.map((n) => ({ n, h: sha256(n) }))
    keyed.sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : a.n < b.n ? -1 : 1))
    keyed.forEach(({ n }, i) => shards[i % count].push(n))
    return { rule: 'hash', shards: shards.map((s) => s.sort()) }
  }
  const known = unique.map((n) => weights.get(n)).filter((w): w is number => w !== undefined && w >= 0)
  known.sort((a, b) => a - b)
  const fallback = known.length ? known[Math.floor((known.length - 1) / 2)] : 1
  const weighted = unique.map((n) => {
    const w = weights.get(n)
    return { n, w: w !== undefined && w >= 0 ? w : fallback }
  })
  weighted.sort((a, b) => b.w - a.w || (a.n < b.n ? -1 : 1))
  const load = new Array<number>(count).fill(0)
  for (const { n, w } of weighted) {
    let best = 0
    for (let i = 1; i < count; i++) if (load[i] < load[best]) best = i
    shards[best].push(n)
    load[best] += w
  }
  return {
    rule: 'weights',
    weightsDigest: sha256(JSON.stringify(weighted.map(({ n, w }) => [n, w]))),
    shards: shards.map((s) => s.sort())
  }
}

/** The weights of a previous results file: `run.merged.seconds`, else `run.shard.seconds`, else null. */
export function weightsOf(run: {
  merged?: { seconds: Record<string, number> }
  shard?: { seconds: Record<string, number> }
}): Map<string, number> | null {
  const seconds = run.merged?.seconds ?? run.shard?.seconds
  return seconds ? new Map(Object.entries(seconds)) : null
}

/** Seconds of benchmark time per benchmark: Σ iterations × real time over the samples given. */
export function secondsPerBenchmark(
  samples: ReadonlyArray<{ benchmark: string; iterations: number; realTimeNs: number }>
): Record<string, number> {
  const total = new Map<string, number>()
  for (const s of samples) total.set(s.benchmark, (total.get(s.benchmark) ?? 0) + s.iterations * s.realTimeNs)
  // Rounded to the microsecond: the file stays short and merging stays exact.
  return Object.fromEntries([...total.keys()].sort().map((n) => [n, Math.round(total.get(n)! / 1e3) / 1e6]))
}
