// Synthetic histories for the history tests: records as `history record` writes them, with log-normal
// noise on the locations and on the paired steps (each step's 95% interval matching its noise).
import { createHash } from 'node:crypto'
import type { CommitRecord, Fingerprint } from '../../src/history/record.js'
import { headLocation, RECORD_FORMAT, RECORD_VERSION, stepStandardError } from '../../src/history/record.js'
import type { SuiteResult } from '../../src/analysis/types.js'
import { toResultsJson, type BenchmarkResultJson } from '../../src/report/json.js'
import { hodgesLehmannRatio } from '../../src/stats/hodgesLehmann.js'
import { seededRandom } from '../helpers/r.js'

export const sha = (i: number): string => createHash('sha1').update(`commit ${i}`).digest('hex')

/** Standard normal from a uniform source (Box-Muller). */
export function normal(rand: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand())
}

export interface SeriesPlan {
  name: string
  /** True log-location at commit i (without noise). */
  truth: (i: number) => number
}

export interface HistoryPlan {
  commits: number
  series: SeriesPlan[]
  /** Fingerprint of commit i. */
  fingerprint?: (i: number) => Fingerprint
  /** sd of the log-location noise (default 0.01) and of a paired step (default 0.003). */
  sdLocation?: number
  sdStep?: number
  seed?: number
  start?: Date
}

const Z95 = 1.959963984540054

/** One record per commit; commit i's parent is commit i − 1; one hour apart, each measured half an hour after its commit; PR i on even commits. */
export function syntheticHistory(plan: HistoryPlan): CommitRecord[] {
  const z = normal(seededRandom(plan.seed ?? 1))
  const sdLoc = plan.sdLocation ?? 0.01
  const sdStep = plan.sdStep ?? 0.003
  const start = (plan.start ?? new Date('2026-09-01T00:00:00Z')).getTime()
  const fp = plan.fingerprint ?? (() => ({ cpuModel: 'EPYC 7763', numCpus: 4 }))
  return Array.from({ length: plan.commits }, (_, i) => ({
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    commit: sha(i),
    parent: sha(i - 1),
    date: new Date(start + i * 3_600_000).toISOString(),
    measured_at: new Date(start + i * 3_600_000 + 1_800_000).toISOString(), // half an hour later
    pr: i % 2 === 0 ? 1000 + i : null,
    tool_version: '0.1.0',
    fingerprint: fp(i),
    benchmarks: plan.series.map((s) => {
      const median = Math.exp(s.truth(i) + sdLoc * z())
      const ratio = Math.exp(s.truth(i) - s.truth(i - 1) + sdStep * z())
      const half = Math.exp(Z95 * sdStep)
      return {
        name: s.name,
        metric: 'cpu_time',
        level: 'runs' as const,
        verdict: 'unchanged',
        location: { median, ci: [median * 0.99, median * 1.01] as [number, number], ci_level: 0.99, n: 12 },
        step: { ratio, ci: [ratio / half, ratio * half] as [number, number], conf_level: 0.95 }
      }
    })
  }))
}

/** A flat series at ln(1000 ns) (+ an offset per series). */
export const flat = (name: string, offset = 0): SeriesPlan => ({ name, truth: () => Math.log(1000) + offset })

/**
 * A history measured as `benchgate run` measures it: per commit `runs` process runs a side with
 * log-normal noise `sd` (the base side at the parent's truth), the location the median of the head's
 * runs, the step the Hodges-Lehmann ratio with its interval at the suite's simultaneous level
 * (`conf_level`, Bonferroni over K benchmarks) and its standard error from the runs (history/record.ts).
 */
export function measuredHistory(plan: {
  commits: number
  series: SeriesPlan[]
  runs: number
  sd: number
  seed?: number
}): CommitRecord[] {
  const z = normal(seededRandom(plan.seed ?? 1))
  const confLevel = 1 - 0.01 / plan.series.length
  const runs = (mean: number) => Array.from({ length: plan.runs }, () => Math.exp(mean + plan.sd * z()))
  return syntheticHistory({ commits: plan.commits, series: plan.series }).map((r, i) => ({
    ...r,
    benchmarks: plan.series.map((s) => {
      const head = runs(s.truth(i))
      const base = runs(s.truth(i - 1))
      const hl = hodgesLehmannRatio(head, base, { confLevel })
      const results = { level: 'runs', series: { base, head } } as BenchmarkResultJson
      return {
        name: s.name,
        metric: 'cpu_time',
        level: 'runs' as const,
        verdict: 'unchanged',
        location: headLocation(results),
        step: { ratio: hl.estimate, ci: hl.ci, conf_level: hl.confLevel, se_log: stepStandardError(results)! }
      }
    })
  }))
}

/** The results.json text of an analysed suite as `benchgate compare` writes it: labels, no commit SHAs. */
export function resultsText(suite: SuiteResult): string {
  const run = {
    base: { label: 'base' },
    head: { label: 'head' },
    key: 'default',
    reproduce: 'npx benchgate compare base head'
  }
  return JSON.stringify(toResultsJson({ suite, run }, '0.1.0'))
}
