/**
 * Sharded runs in a results file (docs/results-format.md): what one shard recorded (`run.shard`, so that
 * `benchgate merge` can check coverage and re-analyse), what a merge recorded (`run.merged`) and the report line. As untrusted
 * input (shard artifacts may come from a fork) both are checked by the results schema (resultsSchema.ts).
 */
import type { SampleIssue } from '../samples/model.js'
import { mdText } from './escape.js'
import { capText, cleanText } from './names.js'

/** How a shard's share was chosen. */
export type ShardRule = 'hash' | 'weights'

/** What `benchgate run --shard I/N` records in results.json `run.shard`. */
export interface ShardRecord {
  /** 1-based shard number I of N. */
  index: number
  count: number
  rule: ShardRule
  /** sha256 of the weights the split used (rule 'weights'): every shard must have used the same. */
  weightsDigest?: string
  /** Every benchmark the head binary listed (after --filter), sorted: the list merging must cover. */
  benchmarks: string[]
  /** This shard's share of `benchmarks`, sorted. */
  assigned: string[]
  /** The analysis input's problems (crashed runs, bad entries), so a merge re-analyses with them. */
  issues: SampleIssue[]
  /** Seconds of benchmark time per benchmark, both sides, all rounds: weights for the next split. */
  seconds: Record<string, number>
}

/** One shard as a merged report shows it. */
export interface ShardSummary {
  index: number
  /** Where it ran (host name, CPU model), from its head provenance; untrusted text. */
  host?: string
  cpu?: string
  benchmarks: number
  rounds?: number
  measuringSeconds?: number
  wallSeconds?: number
}

/** What `benchgate merge` records in results.json `run.merged`. */
export interface MergeInfo {
  count: number
  shards: ShardSummary[]
  /** Shards not given (only with --allow-missing) and the benchmarks nobody measured. */
  missing: Array<{ index: number; benchmarks: string[] }>
  /** Σ of the shards' wall times (machine time), and the longest (the wall time when run in parallel). */
  machineSeconds: number
  wallSeconds: number
  /** Every measured benchmark's seconds (the union of the shards'): a weights file for the next split. */
  seconds: Record<string, number>
}

/** "3 shards (1/3 on host (cpu): 20 benchmarks, 41 s; …) · machine time 2.1 min, wall time 45 s" (escaped Markdown, or plain text). */
export function mergedLine(m: MergeInfo, markdown = true): string {
  const esc = (t: string) => (markdown ? mdText(capText(t, 80)) : cleanText(t, 80))
  const bold = (t: string) => (markdown ? `**${t}**` : t)
  const shards = m.shards.map((s) => {
    const where = [s.host, s.cpu].filter(Boolean).map((t) => esc(String(t)))
    const place = where.length ? ` on ${where[0]}${where[1] ? ` (${where[1]})` : ''}` : ''
    const time = s.wallSeconds !== undefined ? `, ${formatSeconds(s.wallSeconds)}` : ''
    return `${s.index}/${m.count}${place}: ${s.benchmarks} benchmarks${time}`
  })
  const missing = m.missing.length
    ? ` · ${bold(`missing: ${m.missing.map((g) => `shard ${g.index}/${m.count} (${g.benchmarks.length} benchmarks not measured)`).join(', ')}`)}`
    : ''
  return (
    `${m.count} shards (${shards.join('; ')}) · machine time ${formatSeconds(m.machineSeconds)}, ` +
    `wall time ${formatSeconds(m.wallSeconds)} in parallel${missing}`
  )
}

/** "45 s", "2.1 min", "1.3 h". */
export function formatSeconds(s: number): string {
  if (s < 120) return `${s.toFixed(s < 10 ? 1 : 0)} s`
  if (s < 7200) return `${(s / 60).toFixed(1)} min`
  return `${(s / 3600).toFixed(1)} h`
}
