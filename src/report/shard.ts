/**
 * Sharded runs in a results file (issue 16): what one shard recorded (`run.shard`, so that
 * `benchgate merge` can check coverage and re-analyse), what a merge recorded (`run.merged`), their
 * validation as untrusted input (shard artifacts may come from a fork) and the report line.
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

const MAX_TEXT = 4096

/** Validates `run.shard` and `run.merged` of an untrusted results file; `fail(path, what)` throws. */
export function validateShardFields(
  run: Record<string, unknown>,
  fail: (path: string, what: string) => never
): void {
  const obj = (v: unknown, path: string): Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : fail(path, 'expected an object')
  const int = (v: unknown, path: string, min: number): number =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= 100_000
      ? v
      : fail(path, `expected a whole number from ${min} to 100000`)
  const num = (v: unknown, path: string): void => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) fail(path, 'expected a finite number ≥ 0')
  }
  const optNum = (v: unknown, path: string): void => {
    if (v !== undefined) num(v, path)
  }
  const str = (v: unknown, path: string): void => {
    if (typeof v !== 'string' || v.length > MAX_TEXT)
      fail(path, `expected a string of at most ${MAX_TEXT} characters`)
  }
  const names = (v: unknown, path: string): void => {
    if (!Array.isArray(v) || v.length > 100_000) fail(path, 'expected a list of benchmark names')
    ;(v as unknown[]).forEach((n, i) => str(n, `${path}[${i}]`))
  }
  const seconds = (v: unknown, path: string): void => {
    for (const [k, s] of Object.entries(obj(v, path))) num(s, `${path}[${JSON.stringify(k.slice(0, 80))}]`)
  }
  if (run.shard !== undefined) {
    const s = obj(run.shard, '$.run.shard')
    const count = int(s.count, '$.run.shard.count', 1)
    if (int(s.index, '$.run.shard.index', 1) > count) fail('$.run.shard.index', 'expected 1 to count')
    if (s.rule !== 'hash' && s.rule !== 'weights') fail('$.run.shard.rule', 'expected hash or weights')
    if (s.weightsDigest !== undefined) str(s.weightsDigest, '$.run.shard.weightsDigest')
    names(s.benchmarks, '$.run.shard.benchmarks')
    names(s.assigned, '$.run.shard.assigned')
    if (!Array.isArray(s.issues)) fail('$.run.shard.issues', 'expected a list')
    ;(s.issues as unknown[]).forEach((x, i) => {
      const o = obj(x, `$.run.shard.issues[${i}]`)
      str(o.benchmark, `$.run.shard.issues[${i}].benchmark`)
      str(o.message, `$.run.shard.issues[${i}].message`)
      if (o.side !== 'base' && o.side !== 'head')
        fail(`$.run.shard.issues[${i}].side`, 'expected base or head')
      if (!['error', 'skipped', 'invalid', 'truncated', 'crashed'].includes(o.kind as string))
        fail(`$.run.shard.issues[${i}].kind`, 'expected error, skipped, invalid, truncated or crashed')
      for (const k of ['round', 'run'])
        if (typeof o[k] !== 'number' || !Number.isInteger(o[k]))
          fail(`$.run.shard.issues[${i}].${k}`, 'expected a whole number')
      if (o.source !== undefined) str(o.source, `$.run.shard.issues[${i}].source`)
    })
    seconds(s.seconds, '$.run.shard.seconds')
  }
  if (run.merged !== undefined) {
    const m = obj(run.merged, '$.run.merged')
    int(m.count, '$.run.merged.count', 1)
    for (const k of ['machineSeconds', 'wallSeconds']) num(m[k], `$.run.merged.${k}`)
    if (!Array.isArray(m.shards) || m.shards.length > 100_000) fail('$.run.merged.shards', 'expected a list')
    ;(m.shards as unknown[]).forEach((x, i) => {
      const p = `$.run.merged.shards[${i}]`
      const o = obj(x, p)
      int(o.index, `${p}.index`, 1)
      int(o.benchmarks, `${p}.benchmarks`, 0)
      for (const k of ['host', 'cpu']) if (o[k] !== undefined) str(o[k], `${p}.${k}`)
      for (const k of ['rounds', 'measuringSeconds', 'wallSeconds']) optNum(o[k], `${p}.${k}`)
    })
    if (!Array.isArray(m.missing)) fail('$.run.merged.missing', 'expected a list')
    ;(m.missing as unknown[]).forEach((x, i) => {
      const o = obj(x, `$.run.merged.missing[${i}]`)
      int(o.index, `$.run.merged.missing[${i}].index`, 1)
      names(o.benchmarks, `$.run.merged.missing[${i}].benchmarks`)
    })
    seconds(m.seconds, '$.run.merged.seconds')
  }
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
