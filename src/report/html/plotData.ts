/**
 * The data the HTML report's plots are drawn from: plot geometry only (bins, density curves, box
 * plot numbers, ECDF steps, time positions, a pairwise-difference histogram, correlograms). Every
 * statistic comes from the stats engine (`quantileType7`, `median`, `acf`) or from the finished
 * Comparison (the Hodges-Lehmann estimate and its CI), so a plot never disagrees with the table.
 *
 * Choices (JayBeams-style looks, kept small enough to embed for hundreds of benchmarks):
 * - Histograms share one set of bins for both sides (Freedman–Diaconis width on the pooled values,
 *   clamped to MIN_BINS..MAX_BINS), so the two sides overlay on one axis.
 * - Densities are Gaussian kernel estimates with R's default bandwidth `bw.nrd0` (Silverman's rule of
 *   thumb), evaluated on KDE_POINTS shared grid points spanning the data ± 3 bandwidths (R's cut = 3).
 * - Box plots: type-7 quartiles (as the summary table), whiskers to the most extreme values within the
 *   1.5·IQR Tukey fences (as `tukeyOutliers`), every value beyond them drawn as a point.
 * - The pairwise differences head − base are those of the values the test used (one per run at the run
 *   level), at most MAX_PAIRS of them taken by a deterministic systematic sample of the sorted pairs.
 * - The correlogram is `acf()` of the series the Ljung-Box test used, up to ACF_MAX_LAG lags.
 * - Time series longer than MAX_SERIES_POINTS per side are thinned by a deterministic stride
 *   (`total` says how many there were).
 */
import type { AnalysisOptions, Comparison } from '../../analysis/types.js'
import type { Sample, Side } from '../../samples/model.js'
import { SampleSeries, type BenchmarkSamples } from '../../samples/store.js'
import { acf } from '../../stats/acf.js'
import { MILD_FENCE } from '../../stats/outliers.js'
import { quantileType7, summarize } from '../../stats/summary.js'

/** Fewest and most histogram bins (a handful of samples still gets a shape; 500 would be noise). */
export const MIN_BINS = 5
export const MAX_BINS = 60
/** Grid points of each density curve. */
export const KDE_POINTS = 48
/** R's density(cut = 3): the curve spans the data ± 3 bandwidths. */
export const KDE_CUT = 3
/** Pairwise differences histogrammed at most (m·n can be millions). */
export const MAX_PAIRS = 20_000
/** Lags of the correlogram at most. */
export const ACF_MAX_LAG = 20
/** Points per side of the time series at most (beyond: a deterministic stride). */
export const MAX_SERIES_POINTS = 2_000

/** Shared histogram bins: bin i covers [lo + i·width, lo + (i+1)·width), the last one closed. */
export interface Histogram {
  lo: number
  width: number
  /** Counts per bin for each series given, in the order given. */
  counts: number[][]
}

/**
 * Histogram of one or more series on shared bins (Freedman & Diaconis 1981, "On the histogram as a
 * density estimator: L2 theory", Z. Wahrscheinlichkeitstheorie verw. Gebiete 57, 453–476:
 * width 2·IQR·n^(−1/3) over the pooled values). Falls back to Sturges' rule when the IQR is 0, and
 * to one bin when all values are equal.
 * @param series finite values; at least one value in all
 * @throws Error when there are no values at all
 * Complexity: O(N log N) for N pooled values.
 */
export function histogram(series: ReadonlyArray<ArrayLike<number>>): Histogram {
  const n = series.reduce((sum, s) => sum + s.length, 0)
  const pooled = new Float64Array(n)
  let at = 0
  for (const s of series) for (let i = 0; i < s.length; i++) pooled[at++] = s[i]
  pooled.sort() // typed arrays sort numerically
  if (n === 0) throw new Error('histogram: no values')
  const min = pooled[0]
  const max = pooled[n - 1]
  const range = max - min
  if (range === 0) {
    const width = Math.abs(min) * 1e-3 || 1
    return { lo: min - width / 2, width, counts: series.map((s) => [s.length]) }
  }
  const iqr = quantileType7(pooled, 0.75) - quantileType7(pooled, 0.25)
  let bins = iqr > 0 ? Math.ceil(range / (2 * iqr * Math.cbrt(1 / n))) : Math.ceil(Math.log2(n) + 1)
  bins = Math.min(MAX_BINS, Math.max(MIN_BINS, bins))
  const width = range / bins
  const counts = series.map((s) => {
    const c = new Array<number>(bins).fill(0)
    for (let i = 0; i < s.length; i++) c[Math.min(bins - 1, Math.floor((s[i] - min) / width))]++
    return c
  })
  return { lo: min, width, counts }
}

/** R's `bw.nrd0`: 0.9 · min(sd, IQR/1.34) · n^(−1/5), with R's fallbacks when that is 0. */
export function bandwidthNrd0(values: ArrayLike<number>): number {
  const n = values.length
  if (n < 2) return Math.abs(values[0] ?? 0) * 0.1 || 1
  const s = summarize(values)
  const sd = s.sd ?? 0
  let lo = Math.min(sd, (s.q3 - s.q1) / 1.34)
  if (!(lo > 0)) lo = sd || Math.abs(s.min) || 1
  return 0.9 * lo * Math.pow(n, -0.2)
}

/** Density curves of several series on one grid: y[i][k] is series i's density at x0 + k·dx (empty for an empty series). */
export interface Densities {
  x0: number
  dx: number
  y: number[][]
  /** Bandwidth of each series. */
  bw: number[]
}

/**
 * Gaussian kernel density estimates (Silverman 1986, "Density Estimation for Statistics and Data
 * Analysis", Chapman & Hall, §3.4) with bandwidth `bw.nrd0`, all on one grid of `points` points from
 * the smallest value − 3·bw to the largest + 3·bw.
 * @param series non-empty finite series
 * Complexity: O(points · N).
 */
export function densities(series: ReadonlyArray<ArrayLike<number>>, points = KDE_POINTS): Densities {
  const bw = series.map((s) => (s.length ? bandwidthNrd0(s) : 0))
  let lo = Infinity
  let hi = -Infinity
  series.forEach((s, i) => {
    for (let k = 0; k < s.length; k++) {
      lo = Math.min(lo, s[k] - KDE_CUT * bw[i])
      hi = Math.max(hi, s[k] + KDE_CUT * bw[i])
    }
  })
  const dx = (hi - lo) / (points - 1)
  const norm = 1 / Math.sqrt(2 * Math.PI)
  const y = series.map((s, i) => {
    if (s.length === 0) return []
    const h = bw[i]
    const out: number[] = []
    for (let k = 0; k < points; k++) {
      const x = lo + k * dx
      let sum = 0
      for (let j = 0; j < s.length; j++) {
        const z = (x - s[j]) / h
        sum += Math.exp(-0.5 * z * z)
      }
      out.push((sum * norm) / (s.length * h))
    }
    return out
  })
  return { x0: lo, dx, y, bw }
}

/** Box plot numbers: type-7 quartiles, whiskers at the extreme values within the Tukey fences. */
export interface BoxStats {
  min: number
  q1: number
  median: number
  q3: number
  max: number
  whiskerLow: number
  whiskerHigh: number
  /** Values beyond the 1.5·IQR fences, ascending. */
  outliers: number[]
}

/**
 * The box plot of one series (Tukey 1977, "Exploratory Data Analysis", ch. 2; fences as
 * `tukeyOutliers`, quartiles as the summary table).
 * @param values non-empty, finite
 * Complexity: O(n log n).
 */
export function boxStats(values: ArrayLike<number>): BoxStats {
  const sorted = Array.from(values).sort((a, b) => a - b)
  if (sorted.length === 0) throw new Error('boxStats: no values')
  const q1 = quantileType7(sorted, 0.25)
  const q3 = quantileType7(sorted, 0.75)
  const lowFence = q1 - MILD_FENCE * (q3 - q1)
  const highFence = q3 + MILD_FENCE * (q3 - q1)
  const inside = sorted.filter((v) => v >= lowFence && v <= highFence)
  return {
    min: sorted[0],
    q1,
    median: quantileType7(sorted, 0.5),
    q3,
    max: sorted[sorted.length - 1],
    whiskerLow: inside[0],
    whiskerHigh: inside[inside.length - 1],
    outliers: sorted.filter((v) => v < lowFence || v > highFence)
  }
}

/** ECDF steps: F(x) = count[i] / n for x in [x[i], x[i+1]); x strictly ascending. */
export interface Ecdf {
  x: number[]
  /** Cumulative counts (number of values ≤ x[i]). */
  count: number[]
  n: number
}

/** The empirical CDF of one series, one step per distinct value. Complexity: O(n log n). */
export function ecdf(values: ArrayLike<number>): Ecdf {
  const sorted = Array.from(values).sort((a, b) => a - b)
  const x: number[] = []
  const count: number[] = []
  for (let i = 0; i < sorted.length; i++) {
    if (x.length > 0 && sorted[i] === x[x.length - 1]) count[count.length - 1] = i + 1
    else {
      x.push(sorted[i])
      count.push(i + 1)
    }
  }
  return { x, count, n: sorted.length }
}

/** The head − base pairwise differences, histogrammed. */
export interface PairwiseDifferences {
  histogram: Histogram
  /** Differences histogrammed, and how many pairs there are in all (m·n). */
  used: number
  total: number
}

/**
 * Every difference head_j − base_i (the set whose median is the Hodges-Lehmann shift), or, when
 * there are more than `maxPairs`, a deterministic systematic sample of them: the pairs of the
 * sorted samples are numbered i·n + j and every (m·n / maxPairs)-th is taken, which spreads the
 * sample evenly over both distributions.
 * @param base the m base values; head the n head values (both non-empty)
 * Complexity: O(min(m·n, maxPairs) log).
 */
export function pairwiseDifferences(
  base: ArrayLike<number>,
  head: ArrayLike<number>,
  maxPairs = MAX_PAIRS
): PairwiseDifferences {
  const b = Array.from(base).sort((x, y) => x - y)
  const h = Array.from(head).sort((x, y) => x - y)
  const total = b.length * h.length
  const used = Math.min(total, maxPairs)
  const step = total / used
  const diffs = new Float64Array(used)
  for (let k = 0; k < used; k++) {
    const q = Math.floor(k * step)
    diffs[k] = h[q % h.length] - b[Math.floor(q / h.length)]
  }
  return { histogram: histogram([diffs]), used, total }
}

/**
 * The paired design's differences head_i − base_i, one per round (docs/statistics.md §13): the set whose
 * Walsh averages give the Hodges-Lehmann shift. `series` holds the pairs in round order.
 */
export function pairedDifferences(base: ArrayLike<number>, head: ArrayLike<number>): PairwiseDifferences {
  const n = Math.min(base.length, head.length)
  const diffs = Float64Array.from({ length: n }, (_, i) => head[i] - base[i])
  return { histogram: histogram([diffs]), used: n, total: n }
}

/**
 * Where each sample sits on a shared time axis, in rounds. In ABBA round r the side that ran first
 * (base in even rounds) takes [r, r + 0.5) and the other [r + 0.5, r + 1); a side's samples of one
 * round are spread evenly over its half, in run and repetition order. Samples of unknown round
 * (files given to `compare`) are placed at their index instead (`axis: 'index'`).
 * @param samples one side's samples of one benchmark, in time order
 */
export function timePositions(
  samples: ReadonlyArray<Pick<Sample, 'round'>>,
  side: Side
): { axis: 'rounds' | 'index'; x: number[] } {
  return roundPositions(
    samples.map((s) => s.round),
    side
  )
}

/** timePositions from the samples' rounds alone. */
function roundPositions(rounds: readonly number[], side: Side): { axis: 'rounds' | 'index'; x: number[] } {
  if (rounds.some((r) => r < 0)) return { axis: 'index', x: rounds.map((_r, i) => i) }
  const perRound = new Map<number, number>()
  for (const r of rounds) perRound.set(r, (perRound.get(r) ?? 0) + 1)
  const seen = new Map<number, number>()
  const x = rounds.map((r) => {
    const k = seen.get(r) ?? 0
    seen.set(r, k + 1)
    const first = (r % 2 === 0) === (side === 'base')
    return r + (first ? 0 : 0.5) + ((k + 0.5) / (perRound.get(r) as number)) * 0.5
  })
  return { axis: 'rounds', x }
}

/** One side's plot data. */
export interface SidePlot {
  /** Raw values (metric of the analysis, ns) in time order, thinned beyond MAX_SERIES_POINTS. */
  values: number[]
  /** Their time positions (see timePositions) and round numbers (-1 unknown). */
  x: number[]
  rounds: number[]
  /** Samples before thinning. */
  total: number
  axis: 'rounds' | 'index'
  box: BoxStats
  ecdf: Ecdf
  /** Correlogram of the analysed series (r_1..r_h) with its ±1.96/√n band; null below 3 values. */
  acf: { r: number[]; band: number; n: number } | null
}

/** Everything drawn for one benchmark. */
export interface BenchmarkPlotData {
  benchmark: string
  /** The series the test used: every repetition or one median per run. */
  level: Comparison['level']
  base: SidePlot | null
  head: SidePlot | null
  histogram: Histogram | null
  densities: Densities | null
  /** Differences of the analysed values with the Comparison's HL shift and CI; null unless both sides. */
  differences: (PairwiseDifferences & { estimate: number | null; ci: [number, number] | null }) | null
}

/** One side's usable values (finite, positive) in time order, with their rounds. */
function sideValues(
  series: SampleSeries | null,
  metric: AnalysisOptions['metric']
): { values: number[]; rounds: number[] } {
  const values: number[] = []
  const rounds: number[] = []
  if (!series) return { values, rounds }
  for (const k of series.timeOrder()) {
    const v = metric === 'cpu_time' ? series.cpuTimeNs(k) : series.realTimeNs(k)
    if (!(Number.isFinite(v) && v > 0)) continue
    values.push(v)
    rounds.push(series.round(k))
  }
  return { values, rounds }
}

/** An array of one benchmark's samples as its two series (the name is not looked at). */
function asSeries(comparison: Comparison, samples: readonly Sample[]): Pick<BenchmarkSamples, Side> {
  const out: Pick<BenchmarkSamples, Side> = { base: null, head: null }
  for (const s of samples) (out[s.side] ??= new SampleSeries(comparison.benchmark, s.side)).add(s)
  return out
}

/**
 * The plot data of one benchmark from its Comparison and its raw samples (both sides, any order,
 * or its series from a SampleStore). Samples with non-finite or non-positive values are left out
 * (the analysis refuses them).
 */
export function benchmarkPlotData(
  comparison: Comparison,
  samples: readonly Sample[] | Pick<BenchmarkSamples, Side>,
  metric: AnalysisOptions['metric']
): BenchmarkPlotData {
  const sides = Array.isArray(samples)
    ? asSeries(comparison, samples)
    : (samples as Pick<BenchmarkSamples, Side>)
  const raw = { base: sideValues(sides.base, metric), head: sideValues(sides.head, metric) }
  const level = comparison.level
  const side = (side: Side): SidePlot | null => {
    const { values, rounds } = raw[side]
    if (values.length === 0) return null
    const pos = roundPositions(rounds, side)
    const keep = thin(values.length, MAX_SERIES_POINTS)
    // The series the analysis tested (one median per run at the run level), never recomputed here.
    const series = comparison.series?.[side] ?? []
    let correlogram: SidePlot['acf'] = null
    if (series.length >= 3) {
      const a = acf(series, Math.min(series.length - 1, ACF_MAX_LAG))
      correlogram = { r: a.r, band: a.band, n: a.n }
    }
    return {
      values: keep.map((i) => values[i]),
      x: keep.map((i) => pos.x[i]),
      rounds: keep.map((i) => rounds[i]),
      total: values.length,
      axis: pos.axis,
      box: boxStats(values),
      ecdf: ecdf(values),
      acf: correlogram
    }
  }
  const base = side('base')
  const head = side('head')
  // Both sides always (an absent side has empty counts and an empty curve), base first.
  const both = [raw.base.values, raw.head.values]
  const any = both[0].length + both[1].length > 0
  let differences: BenchmarkPlotData['differences'] = null
  if (comparison.series && comparison.series.base.length > 0 && comparison.series.head.length > 0) {
    const d = comparison.pairs
      ? pairedDifferences(comparison.series.base, comparison.series.head)
      : pairwiseDifferences(comparison.series.base, comparison.series.head)
    differences = { ...d, estimate: comparison.shift?.estimate ?? null, ci: comparison.shift?.ci ?? null }
  }
  return {
    benchmark: comparison.benchmark,
    level,
    base,
    head,
    histogram: any ? histogram(both) : null,
    densities: any ? densities(both) : null,
    differences
  }
}

/** Indices 0..n−1, or `max` of them at an even stride (first and last kept). */
export function thin(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_v, i) => i)
  return Array.from({ length: max }, (_v, k) => Math.round((k * (n - 1)) / (max - 1)))
}
