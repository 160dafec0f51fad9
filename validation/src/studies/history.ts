/**
 * History on main (issue 31, STATISTICS.md §11; docs/VALIDATION.md "History on main"): simulated
 * histories of 50 series × 100 commits, analysed by the product's `analyseHistory` with its defaults.
 *
 *   npm run validate -- history [--quick] [--histories N] [--seed S] [--out FILE]
 *
 * Noise as measured for the history (docs/history.md, the noise of `__tests__/history/synthetic.ts` and
 * `npm run bench:history`): log-normal, sd 1% per record on the location (the median of run medians)
 * and sd 0.3% on a paired step, whose 95% interval is ±1.96 sd on the log scale. Planted per history:
 * steps of ±5% and ±10% in 8 series at known commits (half before, half after the environment change),
 * a creep of +0.3% per commit over the last 30 commits in one series, and an environment change (a new
 * CPU model from commit 65 on) that makes every series 4% slower. A paired step is measured on one
 * runner, so the environment change does not move it: its log ratio is the difference of the true code
 * locations plus noise.
 */
import { median } from '../../../src/stats/summary.js'
import { createHash } from 'node:crypto'
import { analyseHistory, type Changes } from '../../../src/history/changes.js'
import { RECORD_FORMAT, RECORD_VERSION, type CommitRecord } from '../../../src/history/record.js'
import { clopperPearson, type BinomialInterval } from '../model/binomial.js'
import { createRng, type Rng } from '../model/rng.js'

export const HISTORY_SERIES = 50
export const HISTORY_COMMITS = 100
/** sd of ln(location) per record, and of ln(paired step): docs/history.md's measured-noise figures. */
export const SD_LOCATION = 0.01
export const SD_STEP = 0.003
/** The environment change: a new fingerprint from this commit on, every series slower by this factor. */
export const ENV_COMMIT = 65
export const ENV_SHIFT = 1.04
/** The creep: +0.3% per commit from CREEP_FROM on (the last 30 steps, the default window). */
export const CREEP_PER_COMMIT = 1.003
export const CREEP_FROM = 70
export const CREEP_SERIES = 8
/** The planted steps: series k (k < 8) changes by `size` at commit `at`. */
export const PLANTED_STEPS: ReadonlyArray<{ size: number; at: number }> = [
  { size: 0.05, at: 20 },
  { size: -0.05, at: 40 },
  { size: 0.1, at: 30 },
  { size: -0.1, at: 55 },
  { size: 0.05, at: 75 },
  { size: -0.05, at: 88 },
  { size: 0.1, at: 80 },
  { size: -0.1, at: 92 }
]
/** The target for false change points: at most 1 per 5,000 series-commits (issue 31). */
export const FALSE_CP_TARGET = 1 / 5000
const Z95 = 1.959963984540054

/** True ln(location) of series k at commit i, without the environment (code only). */
export function codeTruth(k: number, i: number): number {
  const base = Math.log(1000) + 0.05 * k
  const step = PLANTED_STEPS[k]
  if (step) return base + (i >= step.at ? Math.log(1 + step.size) : 0)
  if (k === CREEP_SERIES) return base + Math.max(0, i - CREEP_FROM + 1) * Math.log(CREEP_PER_COMMIT)
  return base
}

const seriesName = (k: number) => `BM_Sim/${String(k).padStart(2, '0')}`
const shaOf = (h: number, i: number) => createHash('sha1').update(`history ${h} commit ${i}`).digest('hex')

/** One simulated history: one record per commit, commit i measured against commit i − 1. */
export function simulateHistory(h: number, rng: Rng): CommitRecord[] {
  const half = Math.exp(Z95 * SD_STEP)
  return Array.from({ length: HISTORY_COMMITS }, (_, i) => ({
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    commit: shaOf(h, i),
    parent: shaOf(h, i - 1),
    date: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
    pr: 1000 + i,
    tool_version: '0.1.0',
    fingerprint: { cpuModel: i >= ENV_COMMIT ? 'Intel Xeon 8370C' : 'AMD EPYC 7763', numCpus: 4 },
    benchmarks: Array.from({ length: HISTORY_SERIES }, (_, k) => {
      const env = i >= ENV_COMMIT ? Math.log(ENV_SHIFT) : 0
      const median = Math.exp(codeTruth(k, i) + env + SD_LOCATION * rng.normal())
      const ratio = Math.exp(codeTruth(k, i) - codeTruth(k, i - 1) + SD_STEP * rng.normal())
      return {
        name: seriesName(k),
        metric: 'cpu_time',
        level: 'runs' as const,
        verdict: 'unchanged',
        location: { median, ci: [median * 0.99, median * 1.01] as [number, number], ci_level: 0.96, n: 20 },
        step: { ratio, ci: [ratio / half, ratio * half] as [number, number], conf_level: 0.95 }
      }
    })
  }))
}

/** What one history's analysis found, against what was planted. */
export interface HistoryTally {
  /** Per planted step (PLANTED_STEPS order): offset of the nearest change point, null when none. */
  offsets: Array<number | null>
  /** Change points not within ±1 of a planted step (the creep series excluded), and those within ±1 of the environment change. */
  falsePoints: number
  falseAtEnvironment: number
  /** Change points in the creeping series (a trend is a real change; not counted as false). */
  creepSeriesPoints: number
  /** The environment change labelled as such, at the right commit, naming cpuModel only. */
  environmentLabelled: boolean
  creepReported: boolean
  creepChange: number | null
  /** Series flat over the creep window (no planted change in it) and those reported as creeping. */
  flatSeries: number
  falseCreeps: number
}

/** Compares the findings of one history with its plan. */
export function tallyHistory(records: readonly CommitRecord[], changes: Changes): HistoryTally {
  const index = new Map(records.map((r, i) => [r.commit, i]))
  const t: HistoryTally = {
    offsets: PLANTED_STEPS.map(() => null),
    falsePoints: 0,
    falseAtEnvironment: 0,
    creepSeriesPoints: 0,
    environmentLabelled: false,
    creepReported: false,
    creepChange: null,
    flatSeries: 0,
    falseCreeps: 0
  }
  const env = changes.environment_changes
  t.environmentLabelled =
    env.length === 1 &&
    index.get(env[0].to.commit) === ENV_COMMIT &&
    index.get(env[0].from.commit) === ENV_COMMIT - 1 &&
    Object.keys(env[0].fields).join() === 'cpuModel'
  const windowStart = HISTORY_COMMITS - changes.options.window - 1
  for (const s of changes.series) {
    const k = Number(s.name.slice(s.name.lastIndexOf('/') + 1))
    const at = s.change_points.map((c) => index.get(c.to.commit)!)
    if (k === CREEP_SERIES) {
      t.creepSeriesPoints += at.length
      t.creepReported = s.creep?.reported ?? false
      t.creepChange = s.creep?.change ?? null
      continue
    }
    const step = PLANTED_STEPS[k]
    if (step && at.length) {
      const nearest = at.reduce((a, b) => (Math.abs(b - step.at) < Math.abs(a - step.at) ? b : a))
      t.offsets[k] = nearest - step.at
    }
    const wrong = at.filter((i) => !step || Math.abs(i - step.at) > 1)
    t.falsePoints += wrong.length
    t.falseAtEnvironment += wrong.filter((i) => Math.abs(i - ENV_COMMIT) <= 1).length
    if (codeTruth(k, windowStart) === codeTruth(k, HISTORY_COMMITS - 1)) {
      t.flatSeries++
      if (s.creep?.reported) t.falseCreeps++
    }
  }
  return t
}

export interface StepRow {
  size: number
  planted: number
  /** Found within ±1 commit, with its 95% Clopper-Pearson band. */
  found: BinomialInterval
  /** Median offset (commits) of the nearest change point, over the steps with any change point. */
  medianOffset: number | null
}

/** The history study's results (history.json). */
export interface HistoryResults {
  meta: string
  histories: number
  steps: StepRow[]
  /** Per planted step (PLANTED_STEPS order): found within ±1 commit. */
  byStep: Array<{ size: number; at: number; found: BinomialInterval }>
  falsePoints: { rate: BinomialInterval; target: number; atEnvironment: number }
  environment: { labelled: number; histories: number }
  creep: { detected: BinomialInterval; medianChange: number | null; changePoints: number }
  falseCreep: BinomialInterval
}

/** The median, or null for none. */
const medianOrNull = (xs: number[]): number | null => (xs.length ? median(xs) : null)

/** Sums the tallies of every history into the published table. */
export function summariseHistories(tallies: readonly HistoryTally[], meta: string): HistoryResults {
  const n = tallies.length
  const sizes = [...new Set(PLANTED_STEPS.map((s) => s.size))]
  const steps = sizes.map((size) => {
    const offsets = tallies.flatMap((t) => t.offsets.filter((_, k) => PLANTED_STEPS[k].size === size))
    const found = offsets.filter((o) => o !== null && Math.abs(o) <= 1).length
    return {
      size,
      planted: offsets.length,
      found: clopperPearson(found, offsets.length),
      medianOffset: medianOrNull(offsets.filter((o): o is number => o !== null))
    }
  })
  const byStep = PLANTED_STEPS.map((p, k) => ({
    ...p,
    found: clopperPearson(
      tallies.filter((t) => t.offsets[k] !== null && Math.abs(t.offsets[k]) <= 1).length,
      n
    )
  }))
  const sum = (f: (t: HistoryTally) => number) => tallies.reduce((a, t) => a + f(t), 0)
  const seriesCommits = n * (HISTORY_SERIES - 1) * HISTORY_COMMITS
  return {
    meta,
    histories: n,
    steps,
    byStep,
    falsePoints: {
      rate: clopperPearson(
        sum((t) => t.falsePoints),
        seriesCommits
      ),
      target: FALSE_CP_TARGET,
      atEnvironment: sum((t) => t.falseAtEnvironment)
    },
    environment: { labelled: sum((t) => (t.environmentLabelled ? 1 : 0)), histories: n },
    creep: {
      detected: clopperPearson(
        sum((t) => (t.creepReported ? 1 : 0)),
        n
      ),
      medianChange: medianOrNull(tallies.flatMap((t) => (t.creepChange === null ? [] : [t.creepChange]))),
      changePoints: sum((t) => t.creepSeriesPoints)
    },
    falseCreep: clopperPearson(
      sum((t) => t.falseCreeps),
      sum((t) => t.flatSeries)
    )
  }
}

/** `histories` simulated histories from `seed`; `log` hears the progress. */
export function runHistoryStudy(
  o: { histories: number; seed: number },
  log: (line: string) => void
): HistoryResults {
  const t0 = Date.now()
  const root = createRng(o.seed)
  const tallies: HistoryTally[] = []
  for (let h = 0; h < o.histories; h++) {
    const records = simulateHistory(h, root.fork())
    tallies.push(tallyHistory(records, analyseHistory(records)))
    if ((h + 1) % 10 === 0) log(`history ${h + 1}/${o.histories}: ${((Date.now() - t0) / 1000).toFixed(0)} s`)
  }
  const meta =
    `${o.histories} simulated histories of ${HISTORY_SERIES} series × ${HISTORY_COMMITS} commits ` +
    `(noise sd ${SD_LOCATION * 100}% per record on the location, ${SD_STEP * 100}% on a paired step, as measured in docs/history.md), ` +
    `analysed by \`analyseHistory\` with its defaults (q = 0.01, creep window 30, δ = 2%, 99% creep interval), seed ${o.seed}, ` +
    `${((Date.now() - t0) / 1000).toFixed(0)} s of computing (\`npm run validate -- history\`).`
  return summariseHistories(tallies, meta)
}
