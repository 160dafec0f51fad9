/**
 * Coverage and width of the suite summary (STATISTICS §10; docs/VALIDATION.md "Suite summary"): on the
 * validation study's simulated machine (noiseModel.ts), with this VM's slow phases (the `phases` preset,
 * Markov-modulated fast/slow speeds) and without them, for the shipped default design (per-benchmark pairs,
 * signed-rank) and for whole-suite rounds (unpaired), K = 6 and K = 69 benchmarks, all A/A, analysed by the
 * product's analyzeSuite. Each simulated session runs 40 rounds; the 10-, 20- and 40-round rows take the
 * first rounds of the same sessions (a benchmark's i-th run value is its round i's process, whatever comes
 * after). Per row, the suite's 99% interval by three methods on the same per-round log-ratios:
 *   new        the product's suiteSummary (t over rounds, widened for lag-1 autocorrelation);
 *   bootstrap  the studentized bootstrap over rounds it replaced (stats/bootstrap.ts, 4,000 resamples);
 *   plain t    Student's t over rounds without the widening (what the widening adds).
 * A planted change multiplies every head value by one factor, so it shifts every per-round log-ratio by the
 * same constant: coverage is the same as A/A, and only A/A is simulated.
 *
 *   npm run validate -- suite-summary [--quick] [--suites N] [--large-suites M] [--seed S] [--out FILE]
 *                                     [--design pairs|suite] [--without-phases]
 */
import { analyzeSuite } from '../../../src/analysis/suite.js'
import { perRoundLogRatios, suiteSummary } from '../../../src/analysis/suiteSummary.js'
import { DEFAULT_ANALYSIS_OPTIONS, type Comparison, type Interleave } from '../../../src/analysis/types.js'
import { bootstrapMeanInterval } from '../../../src/stats/bootstrap.js'
import { qt } from '../../../src/stats/tDistribution.js'
import { clopperPearson, type BinomialInterval } from '../model/binomial.js'
import { createSession, NOISE_PRESETS, simulateAbba, type NoiseModel } from '../model/noiseModel.js'

const ROUNDS = [10, 20, 40]
const LEVEL = 0.99
export const SUMMARY_METHODS = ['new', 'bootstrap', 'plain t'] as const
export type SummaryMethod = (typeof SUMMARY_METHODS)[number]
const NOISE: Record<string, NoiseModel> = {
  'slow phases': NOISE_PRESETS.phases,
  'no phases': NOISE_PRESETS.shared
}
const DESIGNS: Record<string, Interleave> = { 'pairs (default)': 'benchmark', 'whole suite': 'suite' }

export interface SummaryRow {
  design: string
  noise: string
  benchmarks: number
  rounds: number
  suites: number
  summarised: number
  coverage: Record<SummaryMethod, BinomialInterval>
  /** Median length of the interval, in percentage points of the ratio. */
  medianWidthPercent: Record<SummaryMethod, number>
}

/** The first `rounds` run values of each benchmark: what the same session would have given after `rounds`. */
function firstRounds(comparisons: readonly Comparison[], rounds: number): Comparison[] {
  return comparisons.map((c) =>
    c.series
      ? { ...c, series: { base: c.series.base.slice(0, rounds), head: c.series.head.slice(0, rounds) } }
      : c
  )
}

/** The three intervals (ln scale) of one suite's first `rounds` rounds, or null when it has no summary. */
function intervals(comparisons: readonly Comparison[], rounds: number, seed: number) {
  const cut = firstRounds(comparisons, rounds)
  const d = perRoundLogRatios(cut)
  const shipped = suiteSummary(cut, 1 - LEVEL)
  if (!d || !shipped || d.perRound.length !== rounds) return null
  const x = d.perRound
  const n = x.length
  const mean = x.reduce((a, v) => a + v, 0) / n
  const sd = Math.sqrt(x.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1))
  const h = (qt(1 - (1 - LEVEL) / 2, n - 1) * sd) / Math.sqrt(n)
  const out: Record<SummaryMethod, [number, number]> = {
    new: [Math.log(shipped.ci[0]), Math.log(shipped.ci[1])],
    bootstrap: bootstrapMeanInterval(x, LEVEL, seed).ci,
    'plain t': [mean - h, mean + h]
  }
  return out
}

function cell(design: string, noise: string, k: number, suites: number, seed: number): SummaryRow[] {
  const benchmarks = Array.from({ length: k }, (_, i) => ({
    name: `BM_Sim/${i}`,
    lambdaNs: [1e3, 1e4, 1e5, 3e3, 3e4, 3e5][i % 6],
    ratio: 1
  }))
  const rows = ROUNDS.map((rounds) => ({
    covered: Object.fromEntries(SUMMARY_METHODS.map((m) => [m, 0])) as Record<SummaryMethod, number>,
    widths: Object.fromEntries(SUMMARY_METHODS.map((m) => [m, [] as number[]])) as Record<
      SummaryMethod,
      number[]
    >,
    rounds,
    summarised: 0
  }))
  for (let s = 0; s < suites; s++) {
    const samples = simulateAbba(createSession(NOISE[noise], seed + s), {
      benchmarks,
      rounds: Math.max(...ROUNDS),
      repetitions: 3,
      minTimeSeconds: 0.01,
      interleave: DESIGNS[design],
      gapSeconds: 0.002
    })
    const { comparisons } = analyzeSuite(
      { samples },
      { ...DEFAULT_ANALYSIS_OPTIONS, interleave: DESIGNS[design] }
    )
    for (const row of rows) {
      const ci = intervals(comparisons, row.rounds, seed + s)
      if (!ci) continue
      row.summarised++
      for (const m of SUMMARY_METHODS) {
        if (ci[m][0] <= 0 && 0 <= ci[m][1]) row.covered[m]++
        row.widths[m].push((Math.exp(ci[m][1]) - Math.exp(ci[m][0])) * 100)
      }
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
  return rows.map((r) => ({
    design,
    noise,
    benchmarks: k,
    rounds: r.rounds,
    suites,
    summarised: r.summarised,
    coverage: Object.fromEntries(
      SUMMARY_METHODS.map((m) => [m, clopperPearson(r.covered[m], r.summarised)])
    ) as Record<SummaryMethod, BinomialInterval>,
    medianWidthPercent: Object.fromEntries(SUMMARY_METHODS.map((m) => [m, median(r.widths[m])])) as Record<
      SummaryMethod,
      number
    >
  }))
}

/** The suite-summary study's results (suite-summary.json): what the run was, and its rows. */
export interface SummaryResults {
  meta: string
  rows: SummaryRow[]
}

/**
 * Every cell of one design (`pairs`, `suite`) or both: slow phases at K = 6 and 69, and (`withoutPhases`)
 * the same machine without phases at K = 6.
 */
export function runSuiteSummaryStudy(
  o: {
    suites: number
    largeSuites: number
    seed: number
    design?: 'pairs' | 'suite'
    withoutPhases?: boolean
  },
  log: (line: string) => void
): SummaryResults {
  const t0 = Date.now()
  const rows: SummaryRow[] = []
  const designs = Object.keys(DESIGNS).filter(
    (d) => o.design === undefined || (o.design === 'pairs') === d.startsWith('pairs')
  )
  const cells: ReadonlyArray<readonly [string, number]> = [
    ['slow phases', 6],
    ...(o.withoutPhases ? [['no phases', 6] as const] : []),
    ['slow phases', 69]
  ]
  for (const design of designs)
    for (const [noise, k] of cells) {
      rows.push(...cell(design, noise, k, k > 6 ? o.largeSuites : o.suites, o.seed))
      log(`${design}, ${noise}, K = ${k}: done at ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  const meta =
    `A/A suites of 6 benchmarks (${o.suites} per cell) and of 69 (${o.largeSuites} per cell), 1 µs–300 µs, ` +
    `40 ABBA rounds × 3 repetitions of 0.01 s each (the 10- and 20-round rows are the first rounds of the same ` +
    `sessions), default options (α = 0.01: a 99% interval), seed ${o.seed}, ` +
    `${((Date.now() - t0) / 1000).toFixed(0)} s of computing (\`npm run validate -- suite-summary\`).`
  return { meta, rows }
}
