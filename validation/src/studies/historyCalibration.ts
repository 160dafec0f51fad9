/**
 * History calibration (docs/statistics.md §11, docs/history.md "Calibration"): change points and creep
 * of the product's `analyseHistory` on long simulated histories, per noise shape.
 *
 *   npm run validate -- history-calibration [--histories N] [--commits C] [--series S] [--creep-series N] [--long] [--seed S] [--out FILE]
 *
 * Change points: per noise shape (Gaussian, t₃, outlier runs, AR(1) 0.3 and 0.6; sd 1% of the log
 * location in every shape), N flat histories and N with steps, S series × C commits each. A stepped
 * series has a step every 150–350 commits, of +2%, +3% and +5% in turn. Counted: false change points
 * per 1,000 series-commits on the flat histories; on the stepped ones the share of reported points not
 * within ±1 commit of a planted step, and the steps found within ±1 commit, by size.
 *
 * Delay: per noise shape, N histories of S series whose every series steps at commit DELAY_AT (+2%,
 * +3% or +5%, by history in turn), analysed on its first DELAY_AT + d commits for d in DELAY_GRID: the
 * delay of a series is the first d at which a point within ±1 commit of the step is reported.
 *
 * Creep: per commit 8 process runs a side with 1.5% noise (log-normal); the record keeps the median of
 * the head's runs, the Hodges-Lehmann step and its standard error from the runs (history/record.ts
 * stepStandardError); 60 commits, a creep of +0.2%, +0.4% or +1% a commit over the last 30, or none.
 */
import { createHash } from 'node:crypto'
import { analyseHistory } from '../../../src/history/changes.js'
import {
  RECORD_FORMAT,
  RECORD_VERSION,
  stepStandardError,
  type CommitRecord
} from '../../../src/history/record.js'
import type { BenchmarkResultJson } from '../../../src/report/json.js'
import { hodgesLehmannRatio } from '../../../src/stats/hodgesLehmann.js'
import { median } from '../../../src/stats/summary.js'
import { clopperPearson, type BinomialInterval } from '../model/binomial.js'
import { createRng, type Rng } from '../model/rng.js'
import { SD_LOCATION, SD_STEP } from './history.js'

export const NOISE_SHAPES = ['gaussian', 't3', 'outliers', 'ar0.3', 'ar0.6'] as const
export type NoiseShape = (typeof NOISE_SHAPES)[number]
export const STEP_SIZES = [0.02, 0.03, 0.05] as const
export const CREEP_RATES = [0, 0.002, 0.004, 0.01] as const
/** sd of ln(location) in every shape, and of a paired step: the history study's measured-noise figures. */
const SD = SD_LOCATION
/** Outlier runs: a run starts at a commit with this probability, lasts 1–3 commits, +8%. */
export const OUTLIER_START = 0.01
export const OUTLIER_SIZE = Math.log(1.08)
/** Creep study: runs a side, noise per run, commits, and the window (the default 30). */
export const CREEP_RUNS = 8
export const CREEP_NOISE = 0.015
export const CREEP_COMMITS = 60
export const CREEP_WINDOW = 30
/** A reported point within this many commits of a planted step (but not ±1) is that step misplaced, not a false change. */
export const NEAR = 10

/** Delay study: the step's commit (the history before it), and the commits after it analysed. */
export const DELAY_AT = 500
export const DELAY_GRID = [5, 6, 7, 8, 10, 12, 15, 20, 30, 50, 100] as const

/** A noise generator for one series: the log-scale noise of commit 0, 1, 2, … */
export function noiseOf(shape: NoiseShape, rng: Rng): () => number {
  if (shape === 'gaussian') return () => SD * rng.normal()
  if (shape === 't3')
    return () => {
      const chi = rng.normal() ** 2 + rng.normal() ** 2 + rng.normal() ** 2
      return (SD * rng.normal()) / Math.sqrt(chi) // t₃/√3: variance 3/3 = 1
    }
  if (shape === 'outliers') {
    let left = 0
    return () => {
      if (left === 0 && rng.uniform() < OUTLIER_START) left = 1 + Math.floor(3 * rng.uniform())
      const out = left > 0 ? OUTLIER_SIZE : 0
      if (left > 0) left--
      return SD * rng.normal() + out
    }
  }
  const rho = shape === 'ar0.3' ? 0.3 : 0.6
  let e = SD * rng.normal()
  return () => {
    const now = e
    e = rho * e + Math.sqrt(1 - rho * rho) * SD * rng.normal()
    return now
  }
}

/** Planted steps of one series: commit index and size, 150–350 commits apart, sizes in turn. */
export function plantSteps(commits: number, rng: Rng, first: number): Array<{ at: number; size: number }> {
  const out: Array<{ at: number; size: number }> = []
  let at = 150 + Math.floor(200 * rng.uniform())
  let k = first
  while (at < commits - 150) {
    out.push({ at, size: STEP_SIZES[k++ % STEP_SIZES.length] })
    at += 150 + Math.floor(200 * rng.uniform())
  }
  return out
}

const shaOf = (tag: string, i: number) => createHash('sha1').update(`${tag} ${i}`).digest('hex')

/** A history of `series.length` series: location truth + noise, paired steps truth difference + 0.3%. */
function records(
  tag: string,
  commits: number,
  series: Array<{ truth: (i: number) => number; noise: () => number }>,
  rng: Rng
): CommitRecord[] {
  return Array.from({ length: commits }, (_, i) => ({
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    commit: shaOf(tag, i),
    parent: shaOf(tag, i - 1),
    date: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    measured_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    pr: null,
    tool_version: '0.1.0',
    fingerprint: { cpuModel: 'AMD EPYC 7763', numCpus: 4 },
    benchmarks: series.map((s, k) => {
      const median = Math.exp(s.truth(i) + s.noise())
      const ratio = Math.exp(s.truth(i) - s.truth(i - 1) + SD_STEP * rng.normal())
      const half = Math.exp(3.4 * SD_STEP)
      return {
        name: `BM_Sim/${k}`,
        metric: 'cpu_time',
        level: 'runs' as const,
        verdict: 'unchanged',
        location: { median, ci: null, ci_level: null, n: 8 },
        step: {
          ratio,
          ci: [ratio / half, ratio * half] as [number, number],
          conf_level: 0.9997,
          se_log: SD_STEP
        }
      }
    })
  }))
}

/** What the analysis of one history found against its plan. */
interface Tally {
  seriesCommits: number
  reported: number
  falsePoints: number
  /** Of the false points, those with no planted step within ±NEAR commits (the others: a step misplaced). */
  farPoints: number
  /** Per step size: planted, found within ±1 commit. */
  planted: number[]
  found: number[]
}

/** One history of a shape, flat or stepped, analysed and tallied. */
function tallyOne(shape: NoiseShape, stepped: boolean, h: number, o: CalibrationOptions, rng: Rng): Tally {
  const plans = Array.from({ length: o.series }, (_, k) => ({
    steps: stepped ? plantSteps(o.commits, rng, k) : [],
    noise: noiseOf(shape, rng.fork())
  }))
  const truth = (steps: Array<{ at: number; size: number }>) => (i: number) =>
    Math.log(1000) + steps.reduce((a, s) => a + (i >= s.at ? Math.log1p(s.size) : 0), 0)
  const tag = `${shape} ${stepped ? 'stepped' : 'flat'} ${h}`
  const recs = records(
    tag,
    o.commits,
    plans.map((p) => ({ truth: truth(p.steps), noise: p.noise })),
    rng
  )
  const changes = analyseHistory(recs)
  const index = new Map(recs.map((r, i) => [r.commit, i]))
  const t: Tally = {
    seriesCommits: o.series * o.commits,
    reported: 0,
    falsePoints: 0,
    farPoints: 0,
    planted: STEP_SIZES.map(() => 0),
    found: STEP_SIZES.map(() => 0)
  }
  for (const s of changes.series) {
    const steps = plans[Number(s.name.slice(s.name.lastIndexOf('/') + 1))].steps
    const at = s.change_points.map((c) => index.get(c.to.commit)!)
    t.reported += at.length
    t.falsePoints += at.filter((i) => !steps.some((p) => Math.abs(i - p.at) <= 1)).length
    t.farPoints += at.filter((i) => !steps.some((p) => Math.abs(i - p.at) <= NEAR)).length
    for (const p of steps) {
      const k = STEP_SIZES.indexOf(p.size as (typeof STEP_SIZES)[number])
      t.planted[k]++
      if (at.some((i) => Math.abs(i - p.at) <= 1)) t.found[k]++
    }
  }
  return t
}

export interface ShapeRow {
  shape: NoiseShape
  /** Flat histories: false change points, as a rate per series-commit with its 95% band. */
  falsePerSeriesCommit: BinomialInterval
  /** Stepped histories: reported points not within ±1 commit of a planted step. */
  falseShare: BinomialInterval
  /** Stepped histories: reported points with no planted step within ±NEAR commits. */
  farShare: BinomialInterval
  /** Stepped histories, per size (STEP_SIZES): found within ±1 commit. */
  detection: BinomialInterval[]
}

export interface DelayRow {
  shape: NoiseShape
  /** Per size (STEP_SIZES): series stepped, and per series the commits after the step until it was reported (null: not by the grid's end). */
  delays: Array<Array<number | null>>
}

export interface CreepRow {
  /** Creep per commit over the last 30 commits (0: flat, the false rate). */
  rate: number
  reported: BinomialInterval
  /** Of the reported, by the paired steps alone (the rest by the trend). */
  byPairedSteps: number
  medianChange: number | null
}

export interface CalibrationResults {
  meta: string
  histories: number
  commits: number
  series: number
  q: number
  delta: number
  shapes: ShapeRow[]
  /** Absent from results written before the delay study. */
  delay?: DelayRow[]
  creep: CreepRow[]
}

export interface CalibrationOptions {
  histories: number
  commits: number
  series: number
  creepSeries: number
  seed: number
}

/** The delays of one history's series (each steps by `size` at DELAY_AT). */
function delaysOf(
  shape: NoiseShape,
  size: number,
  h: number,
  o: CalibrationOptions,
  rng: Rng
): Array<number | null> {
  const truth = (i: number) => Math.log(1000) + (i >= DELAY_AT ? Math.log1p(size) : 0)
  const last = DELAY_GRID[DELAY_GRID.length - 1]
  const recs = records(
    `delay ${shape} ${h}`,
    DELAY_AT + last,
    Array.from({ length: o.series }, () => ({ truth, noise: noiseOf(shape, rng.fork()) })),
    rng
  )
  const delays: Array<number | null> = new Array<number | null>(o.series).fill(null)
  for (const d of DELAY_GRID) {
    const seen = recs.slice(0, DELAY_AT + d)
    const index = new Map(seen.map((r, i) => [r.commit, i]))
    analyseHistory(seen).series.forEach((s) => {
      const k = Number(s.name.slice(s.name.lastIndexOf('/') + 1))
      const found = s.change_points.some((c) => Math.abs(index.get(c.to.commit)! - DELAY_AT) <= 1)
      if (found && delays[k] === null) delays[k] = d
    })
  }
  return delays
}

function delayRows(o: CalibrationOptions, root: Rng, log: (line: string) => void): DelayRow[] {
  return NOISE_SHAPES.map((shape) => {
    const delays: Array<Array<number | null>> = STEP_SIZES.map(() => [])
    for (let h = 0; h < o.histories; h++) {
      const k = h % STEP_SIZES.length
      delays[k].push(...delaysOf(shape, STEP_SIZES[k], h, o, root.fork()))
    }
    log(`delay ${shape}: done`)
    return { shape, delays }
  })
}

/** One creeping history of `o.creepSeries` series at `rate` per commit: runs simulated, steps from them. */
function creepHistory(rate: number, h: number, o: CalibrationOptions, rng: Rng): CommitRecord[] {
  const truth = (i: number) =>
    Math.log(1000) + Math.max(0, i - (CREEP_COMMITS - CREEP_WINDOW) + 1) * Math.log1p(rate)
  const runs = (mean: number) =>
    Array.from({ length: CREEP_RUNS }, () => Math.exp(mean + CREEP_NOISE * rng.normal()))
  return Array.from({ length: CREEP_COMMITS }, (_, i) => ({
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    commit: shaOf(`creep ${rate} ${h}`, i),
    parent: shaOf(`creep ${rate} ${h}`, i - 1),
    date: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    measured_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    pr: null,
    tool_version: '0.1.0',
    fingerprint: { cpuModel: 'AMD EPYC 7763', numCpus: 4 },
    benchmarks: Array.from({ length: o.creepSeries }, (_, k) => {
      const head = runs(truth(i))
      const base = runs(truth(i - 1))
      const hl = hodgesLehmannRatio(head, base, { confLevel: 0.999 })
      const se = stepStandardError({ level: 'runs', series: { base, head } } as BenchmarkResultJson)!
      return {
        name: `BM_Creep/${k}`,
        metric: 'cpu_time',
        level: 'runs' as const,
        verdict: 'unchanged',
        location: { median: median(head), ci: null, ci_level: null, n: CREEP_RUNS },
        step: { ratio: hl.estimate, ci: hl.ci, conf_level: hl.confLevel, se_log: se }
      }
    })
  }))
}

function creepRows(o: CalibrationOptions, root: Rng, log: (line: string) => void): CreepRow[] {
  return CREEP_RATES.map((rate) => {
    let reported = 0
    let byPaired = 0
    let n = 0
    const changes: number[] = []
    for (let h = 0; h < o.histories; h++) {
      const c = analyseHistory(creepHistory(rate, h, o, root.fork()))
      for (const s of c.series) {
        n++
        if (!s.creep?.reported) continue
        reported++
        if (s.creep.witness === 'paired steps') byPaired++
        changes.push(s.creep.change)
      }
    }
    log(`creep ${rate * 100}% per commit: ${reported}/${n} reported`)
    return {
      rate,
      reported: clopperPearson(reported, n),
      byPairedSteps: byPaired,
      medianChange: changes.length ? median(changes) : null
    }
  })
}

/** The whole study; `log` hears the progress. */
export function runCalibrationStudy(o: CalibrationOptions, log: (line: string) => void): CalibrationResults {
  const t0 = Date.now()
  const root = createRng(o.seed)
  const shapes = NOISE_SHAPES.map((shape): ShapeRow => {
    const flat: Tally[] = []
    const stepped: Tally[] = []
    for (let h = 0; h < o.histories; h++) {
      flat.push(tallyOne(shape, false, h, o, root.fork()))
      stepped.push(tallyOne(shape, true, h, o, root.fork()))
    }
    const sum = (ts: Tally[], f: (t: Tally) => number) => ts.reduce((a, t) => a + f(t), 0)
    log(
      `${shape}: ${sum(flat, (t) => t.falsePoints)} false on flat histories, ${((Date.now() - t0) / 1000).toFixed(0)} s`
    )
    return {
      shape,
      falsePerSeriesCommit: clopperPearson(
        sum(flat, (t) => t.falsePoints),
        sum(flat, (t) => t.seriesCommits)
      ),
      falseShare: clopperPearson(
        sum(stepped, (t) => t.falsePoints),
        sum(stepped, (t) => t.reported)
      ),
      farShare: clopperPearson(
        sum(stepped, (t) => t.farPoints),
        sum(stepped, (t) => t.reported)
      ),
      detection: STEP_SIZES.map((_, k) =>
        clopperPearson(
          sum(stepped, (t) => t.found[k]),
          sum(stepped, (t) => t.planted[k])
        )
      )
    }
  })
  const creep = creepRows(o, root, log)
  const delay = delayRows(o, root.fork(), log)
  const meta =
    `${o.histories} flat and ${o.histories} stepped histories per noise shape, ${o.series} series × ${o.commits.toLocaleString('en-US')} commits each ` +
    `(sd ${SD * 100}% of the log location; steps every 150–350 commits, +2%, +3%, +5% in turn); delay: ${o.histories} histories of ${o.series} series per noise shape stepping at commit ${DELAY_AT}, analysed ${DELAY_GRID.join(', ')} commits after it; creep: ${o.histories} histories of ${o.creepSeries} series × ${CREEP_COMMITS} commits per rate, ` +
    `${CREEP_RUNS} runs a side at ${CREEP_NOISE * 100}% noise; \`analyseHistory\` with its defaults (q = 0.01, δ = 2%, creep window 30 at 99%), seed ${o.seed}, ` +
    `${((Date.now() - t0) / 1000).toFixed(0)} s of computing (\`npm run validate -- history-calibration\`).`
  return {
    meta,
    histories: o.histories,
    commits: o.commits,
    series: o.series,
    q: 0.01,
    delta: 0.02,
    shapes,
    delay,
    creep
  }
}
