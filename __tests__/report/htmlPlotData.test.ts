import { describe, expect, it } from '@jest/globals'
import { quantile as ssQuantile } from 'simple-statistics'
import {
  ACF_MAX_LAG,
  MAX_BINS,
  bandwidthNrd0,
  benchmarkPlotData,
  boxStats,
  densities,
  ecdf,
  histogram,
  pairwiseDifferences,
  thin,
  timePositions
} from '../../src/report/html/plotData.js'
import { acf } from '../../src/stats/acf.js'
import type { Sample } from '../../src/samples/model.js'
import { hasR, noRReason, runR } from '../helpers/r.js'
import { rng, synthReport, synthSamples } from './htmlFixture.js'

const u = rng(7)
const lognormal = (n: number, mu = 10, sd = 0.05) =>
  Array.from({ length: n }, () =>
    Math.exp(mu + sd * Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u()))
  )

describe('histogram', () => {
  it('covers every value once: counts sum to n per series and each value lies in its bin', () => {
    const a = lognormal(60)
    const b = lognormal(60, 10.05)
    const h = histogram([a, b])
    const bins = h.counts[0].length
    expect(h.counts[1].length).toBe(bins)
    expect(h.counts[0].reduce((s, c) => s + c, 0)).toBe(60)
    expect(h.counts[1].reduce((s, c) => s + c, 0)).toBe(60)
    const recount = [a, b].map((xs) => {
      const c = new Array<number>(bins).fill(0)
      for (const x of xs) {
        // Independent bin search over the edges: lo + i·w <= x < lo + (i+1)·w, the last bin closed.
        let i = 0
        while (i < bins - 1 && x >= h.lo + (i + 1) * h.width) i++
        expect(x).toBeGreaterThanOrEqual(h.lo - 1e-9 * Math.abs(h.lo))
        expect(x).toBeLessThanOrEqual(h.lo + bins * h.width * (1 + 1e-12))
        c[i]++
      }
      return c
    })
    expect(h.counts).toEqual(recount)
  })

  it('uses the Freedman–Diaconis bin count on the pooled values, clamped', () => {
    const a = lognormal(200)
    const h = histogram([a])
    const sorted = [...a].sort((x, y) => x - y)
    const iqr = ssQuantile(sorted, 0.75) - ssQuantile(sorted, 0.25)
    const fd = Math.ceil((sorted[199] - sorted[0]) / (2 * iqr * Math.pow(200, -1 / 3)))
    expect(h.counts[0].length).toBe(Math.min(MAX_BINS, Math.max(5, fd)))
    // A far outlier would ask for hundreds of bins: clamped.
    expect(histogram([[...a, 1e9]]).counts[0].length).toBe(MAX_BINS)
    // Equal values: one bin holding them all.
    expect(histogram([[5, 5, 5]]).counts).toEqual([[3]])
  })
})

describe('ECDF', () => {
  it('steps once per distinct value, counting ties', () => {
    expect(ecdf([3, 1, 2, 2, 5])).toEqual({ x: [1, 2, 3, 5], count: [1, 3, 4, 5], n: 5 })
  })

  it('gives at each step the fraction of values at or below it', () => {
    const xs = lognormal(80).map((x) => Math.round(x / 50) * 50) // with ties
    const e = ecdf(xs)
    e.x.forEach((x, i) => expect(e.count[i]).toBe(xs.filter((v) => v <= x).length))
    for (let i = 1; i < e.x.length; i++) expect(e.x[i]).toBeGreaterThan(e.x[i - 1])
  })
})

describe('box plot numbers', () => {
  it('match type-7 quartiles (simple-statistics) and put whiskers at the last values inside the 1.5·IQR fences', () => {
    const xs = [...lognormal(41), 1e6, 10]
    const b = boxStats(xs)
    const sorted = [...xs].sort((a, c) => a - c)
    expect(b.q1).toBeCloseTo(ssQuantile(sorted, 0.25), 6)
    expect(b.median).toBeCloseTo(ssQuantile(sorted, 0.5), 6)
    expect(b.q3).toBeCloseTo(ssQuantile(sorted, 0.75), 6)
    const iqr = b.q3 - b.q1
    const inside = sorted.filter((v) => v >= b.q1 - 1.5 * iqr && v <= b.q3 + 1.5 * iqr)
    expect(b.whiskerLow).toBe(inside[0])
    expect(b.whiskerHigh).toBe(inside[inside.length - 1])
    expect(b.outliers).toEqual(sorted.filter((v) => !inside.includes(v)))
    expect(b.outliers).toEqual(expect.arrayContaining([1e6, 10]))
    expect([b.min, b.max]).toEqual([sorted[0], sorted[sorted.length - 1]])
  })
})

describe('densities', () => {
  it('integrate to about 1 over their grid, one curve per series on one grid', () => {
    const d = densities([lognormal(60), lognormal(30, 10.1)], 200)
    for (const y of d.y) {
      let area = 0
      for (let k = 1; k < y.length; k++) area += ((y[k] + y[k - 1]) / 2) * d.dx
      expect(area).toBeGreaterThan(0.98)
      expect(area).toBeLessThan(1.01)
    }
  })

  it('leaves an empty series empty', () => {
    expect(densities([[], [1, 2, 3]]).y[0]).toEqual([])
  })
})

describe('pairwise differences', () => {
  it('histogram all m·n differences when few, and their median is the Comparison’s HL shift', () => {
    const samples = synthSamples()
    const report = synthReport(samples)
    const c = report.suite.comparisons.find((x) => x.benchmark === 'BM_OrderBook/map/20000')!
    const { base, head } = c.series!
    const d = pairwiseDifferences(base, head)
    expect(d.total).toBe(base.length * head.length)
    expect(d.used).toBe(d.total)
    expect(d.histogram.counts[0].reduce((s, x) => s + x, 0)).toBe(d.total)
    const all = base.flatMap((b) => head.map((h) => h - b)).sort((a, b) => a - b)
    const mid = all.length >> 1
    const med = all.length % 2 ? all[mid] : (all[mid - 1] + all[mid]) / 2
    expect(med).toBeCloseTo(c.shift!.estimate, 6)
    // The estimate lies inside the histogram's range.
    const h = d.histogram
    expect(med).toBeGreaterThanOrEqual(h.lo)
    expect(med).toBeLessThanOrEqual(h.lo + h.width * h.counts[0].length)
  })

  it('subsample deterministically when there are more pairs than the cap', () => {
    const a = lognormal(300)
    const b = lognormal(300, 10.02)
    const d1 = pairwiseDifferences(a, b, 5000)
    const d2 = pairwiseDifferences(a, b, 5000)
    expect(d1.used).toBe(5000)
    expect(d1.total).toBe(90_000)
    expect(d1.histogram.counts[0].reduce((s, x) => s + x, 0)).toBe(5000)
    expect(d1).toEqual(d2)
  })
})

describe('time positions and thinning', () => {
  const sample = (side: 'base' | 'head', round: number, repetition: number): Sample => ({
    benchmark: 'b',
    side,
    round,
    run: round,
    repetition,
    iterations: 1,
    realTimeNs: 1,
    cpuTimeNs: 1,
    threads: 1
  })

  it('put the side that ran first in a round in its first half (ABBA)', () => {
    const base = [sample('base', 0, 0), sample('base', 0, 1), sample('base', 1, 0), sample('base', 1, 1)]
    const head = [sample('head', 0, 0), sample('head', 0, 1), sample('head', 1, 0), sample('head', 1, 1)]
    const b = timePositions(base, 'base')
    const h = timePositions(head, 'head')
    expect(b.axis).toBe('rounds')
    expect(b.x.slice(0, 2).every((x) => x >= 0 && x < 0.5)).toBe(true)
    expect(h.x.slice(0, 2).every((x) => x >= 0.5 && x < 1)).toBe(true)
    expect(h.x.slice(2).every((x) => x >= 1 && x < 1.5)).toBe(true)
    expect(b.x.slice(2).every((x) => x >= 1.5 && x < 2)).toBe(true)
    expect(b.x[0]).toBeLessThan(b.x[1])
  })

  it('fall back to the sample index when rounds are unknown', () => {
    expect(timePositions([sample('base', -1, 0), sample('base', -1, 1)], 'base')).toEqual({
      axis: 'index',
      x: [0, 1]
    })
  })

  it('thin long series evenly, keeping the ends', () => {
    expect(thin(5, 10)).toEqual([0, 1, 2, 3, 4])
    const t = thin(10_000, 2000)
    expect(t.length).toBe(2000)
    expect([t[0], t[t.length - 1]]).toEqual([0, 9999])
    for (let i = 1; i < t.length; i++) expect(t[i]).toBeGreaterThan(t[i - 1])
  })
})

describe('benchmarkPlotData', () => {
  const samples = synthSamples()
  const report = synthReport(samples)

  it.each(report.suite.comparisons.map((c) => [c.benchmark, c] as const))(
    'correlograms of %s are acf() of the series the analysis tested',
    (_name, c) => {
      const own = samples.filter((s) => s.benchmark === c.benchmark)
      const p = benchmarkPlotData(c, own, 'real_time')
      for (const side of ['base', 'head'] as const) {
        const series = c.series![side]
        expect(series.length).toBe(c[side]!.analysed)
        const expected = acf(series, Math.min(series.length - 1, ACF_MAX_LAG))
        expect(p[side]!.acf).toEqual({ r: expected.r, band: expected.band, n: expected.n })
        expect(p[side]!.box.median).toBeCloseTo(c[side]!.summary.median, 6)
        expect(p[side]!.total).toBe(c[side]!.samples)
      }
    }
  )

  it('draws the run medians the analysis tested at the run level', () => {
    const c = report.suite.comparisons.find((x) => x.level === 'runs')!
    expect(c).toBeDefined()
    const list = samples.filter((s) => s.benchmark === c.benchmark && s.side === 'base')
    const series = c.series!.base
    const runs = [...new Set(list.map((s) => s.run))]
    expect(series.length).toBe(runs.length)
    const first = list
      .filter((s) => s.run === runs[0])
      .map((s) => s.realTimeNs)
      .sort((a, b) => a - b)
    expect(series[0]).toBe(first[1]) // 3 repetitions: the middle one
  })

  it('keeps both sides in one pair of shared bins and grid', () => {
    const c = report.suite.comparisons[0]
    const p = benchmarkPlotData(
      c,
      samples.filter((s) => s.benchmark === c.benchmark),
      'cpu_time'
    )
    expect(p.histogram!.counts.map((x) => x.reduce((s, y) => s + y, 0))).toEqual([60, 60])
    expect(p.densities!.y.map((y) => y.length)).toEqual([48, 48])
    expect(p.differences!.estimate).toBe(c.shift!.estimate)
  })
})

describe.each([[hasR]])('against R (oracle)', (available) => {
  const maybe = available ? it : it.skip
  if (!available) it('is skipped', () => console.warn(noRReason))
  maybe('bandwidth, densities, quartiles, ECDF and ACF agree with R', () => {
    const x = lognormal(45)
    const grid = densities([x], 16)
    const gx = grid.y[0].map((_y, k) => grid.x0 + k * grid.dx)
    const r = runR(
      `emit("bw", bw.nrd0(x))
       emit("dens", sapply(g, function(p) mean(dnorm((p - x) / bw.nrd0(x))) / bw.nrd0(x)))
       emit("q", quantile(x, c(.25, .5, .75), type = 7))
       e <- ecdf(x); emit("ecdf", e(sort(unique(x))))
       emit("acf", acf(x, lag.max = 20, plot = FALSE)$acf[-1])`,
      { x, g: gx }
    )
    expect(bandwidthNrd0(x)).toBeCloseTo(r.bw[0], 10)
    grid.y[0].forEach((y, k) => expect(y).toBeCloseTo(r.dens[k], 8))
    const b = boxStats(x)
    expect([b.q1, b.median, b.q3]).toEqual(r.q.map((q) => expect.closeTo(q, 6)))
    const e = ecdf(x)
    e.count.forEach((c, i) => expect(c / e.n).toBeCloseTo(r.ecdf[i], 12))
    acf(x, 20).r.forEach((v, i) => expect(v).toBeCloseTo(r.acf[i], 10))
  })
})
