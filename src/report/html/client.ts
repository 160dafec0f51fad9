/**
 * The report page's inline script (browser code, no dependencies): when a benchmark's section is
 * opened, parses that benchmark's JSON (`#d<i>`, after the section) and draws its SVG plots (so
 * 10,000 benchmarks cost nothing until looked at).
 * Untrusted text is only ever set with textContent. Opening `page.html#selftest` opens every
 * section, draws every plot and writes a JSON summary into `<pre id="selftest">`: sections found,
 * per-plot element counts and on-screen sizes, and any error caught (window errors, rejections,
 * console.error) — the browser test reads it.
 *
 * Built, not imported: type-checked with the DOM library (tsconfig.client.json), linted like the
 * rest, and compiled to one ES2020 script by scripts/clientScript.mjs at build time; render.ts
 * inlines the result (`import CLIENT_SCRIPT from './client.inline.js'`), so the page stays one
 * self-contained file. Imports are bundled in: the wire's types (wire.ts, erased) and the icicle's
 * pure geometry (icicle.ts, DOM-free so jest tests it) come from the rest of src/.
 */
import {
  deltaColour,
  deltaScale,
  fitLabel,
  ICICLE_SATURATION,
  icicleLayout,
  icicleTooltip
} from './icicle.js'
import type { BenchWire, PageWire, SideWire } from './wire.js'

/** Page-wide data, as render.ts writes it (wire.ts). */
type ReportData = PageWire

/**
 * One benchmark's data after load: positions, ECDF and densities filled in (see bench()). The plots
 * are drawn only for a benchmark with samples on a side, which has its histogram and densities.
 */
interface BenchData extends Omit<BenchWire, 's' | 'h' | 'k'> {
  s: [SideData | null, SideData | null] | null
  h: NonNullable<BenchWire['h']>
  k: NonNullable<BenchWire['k']>
}

interface SideData extends Omit<SideWire, 'x' | 'e'> {
  x: number[]
  e: number[]
}

type Attrs = Record<string, string | number | null | undefined>
type Scale = (v: number) => number
type Format = (v: number) => string
interface FrameOptions {
  x0: number
  x1: number
  y0: number
  y1: number
  left?: number
  top?: number
  bottom?: number
  noY?: boolean
  xticks?: number[]
  yticks?: number[]
  xfmt?: Format
  yfmt?: Format
  xlabel?: string
  ylabel?: string
}
interface Frame {
  x: Scale
  y: Scale
  m: { l: number; r: number; t: number; b: number }
}
type Side = 0 | 1
type Plotter = (svg: SVGSVGElement, b: BenchData) => void

const errors: string[] = []
window.addEventListener('error', (e) => {
  errors.push('error: ' + (e && e.message ? e.message : String(e)))
})
window.addEventListener('unhandledrejection', (e) => {
  errors.push('unhandled rejection: ' + String(e && e.reason))
})
const consoleError = console.error
console.error = function (...args: unknown[]) {
  errors.push('console.error: ' + args.map(String).join(' '))
  return consoleError.apply(console, args)
}

const NS = 'http://www.w3.org/2000/svg'
const DATA = JSON.parse(document.getElementById('benchgate-data')!.textContent!) as ReportData
const BENCHMARKS: BenchData[] = []

/** Benchmark i's data, parsed from its script the first time it is needed. */
function bench(i: number): BenchData {
  if (BENCHMARKS[i]) return BENCHMARKS[i]
  const b = JSON.parse(document.getElementById('d' + i)!.textContent!) as BenchWire as BenchData
  // Densities come as 0..1000 of their maximum k.m; ECDF counts are implicit (i + 1) without ties.
  if (b.k) b.k.y = b.k.y.map((y) => y.map((v) => (v / 1000) * b.k.m)) as [number[], number[]]
  if (b.s)
    b.s.forEach((s, side) => {
      if (!s) return
      if (!s.x) s.x = positions(s, side as Side)
      if (!s.e) {
        const steps = ecdfOf(s.v)
        s.e = steps.x
        s.c = steps.count
      } else if (!s.c) s.c = s.e.map((_x, j) => j + 1)
    })
  return (BENCHMARKS[i] = b)
}

/** Time positions (plotData.ts timePositions): in round r, the side that ran first takes [r, r + ½), the other [r + ½, r + 1). */
function positions(s: SideData, i: Side): number[] {
  if (!s.r) return s.v.map((_v, j) => j)
  const x: number[] = []
  for (let j = 0; j < s.r.length; j += 2) {
    const round = s.r[j],
      n = s.r[j + 1]
    const first = (round % 2 === 0) === (i === 0)
    for (let k = 0; k < n; k++) x.push(round + (first ? 0 : 0.5) + ((k + 0.5) / n) * 0.5)
  }
  return x
}

/** ECDF steps of the values: distinct values ascending, with how many values are ≤ each. */
function ecdfOf(values: number[]): { x: number[]; count: number[] } {
  const sorted = values.slice().sort((a, b) => a - b)
  const x: number[] = [],
    count: number[] = []
  sorted.forEach((v, j) => {
    if (x.length && x[x.length - 1] === v) count[count.length - 1] = j + 1
    else {
      x.push(v)
      count.push(j + 1)
    }
  })
  return { x, count }
}
const SIDES = ['base', 'head'] as const
const W = 420,
  H = 230

/** Side data after load: present, with counts filled in. */
function side(b: BenchData, i: Side): SideData & { c: number[] } {
  return b.s![i] as SideData & { c: number[] }
}

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs,
  parent?: Element
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, tag)
  for (const k in attrs) {
    const v = attrs[k]
    if (v !== undefined && v !== null) node.setAttribute(k, String(v))
  }
  if (parent) parent.appendChild(node)
  return node
}
function txt(parent: Element, x: number, y: number, s: string, cls?: string | null, anchor?: string | null) {
  const t = el('text', { x: r2(x), y: r2(y), class: cls || null, 'text-anchor': anchor || null }, parent)
  t.textContent = s
  return t
}
function r2(v: number): number {
  return Math.round(v * 100) / 100
}
function lin(d0: number, d1: number, r0: number, r1: number): Scale {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0)
  return (v) => r0 + (v - d0) * k
}
function niceStep(span: number, n: number): number {
  const raw = span / Math.max(1, n),
    p = Math.pow(10, Math.floor(Math.log10(raw))),
    f = raw / p
  return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * p
}
function ticks(lo: number, hi: number, n: number): number[] {
  if (!(hi > lo)) return [lo]
  const step = niceStep(hi - lo, n),
    out: number[] = []
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
    out.push(Math.abs(v) < step * 1e-9 ? 0 : v)
  return out
}
const UNITS: Array<[number, string]> = [
  [1e9, 's'],
  [1e6, 'ms'],
  [1e3, '\u00b5s'],
  [1, 'ns']
]
function durFormatter(values: number[]): Format {
  let m = 0,
    step = Infinity
  for (let i = 0; i < values.length; i++) {
    m = Math.max(m, Math.abs(values[i]))
    if (i > 0) step = Math.min(step, Math.abs(values[i] - values[i - 1]))
  }
  let u = UNITS[UNITS.length - 1]
  for (let j = 0; j < UNITS.length; j++)
    if (m >= UNITS[j][0]) {
      u = UNITS[j]
      break
    }
  const digits =
    step === Infinity || step === 0
      ? 0
      : Math.max(0, Math.min(4, -Math.floor(Math.log10(step / u[0]) + 1e-9)))
  return (v) => (v / u[0]).toFixed(digits) + ' ' + u[1]
}
function plainFormatter(values: number[]): Format {
  const step = values.length > 1 ? Math.abs(values[1] - values[0]) : 1
  const digits = step > 0 ? Math.max(0, Math.min(4, -Math.floor(Math.log10(step) + 1e-9))) : 0
  return (v) => v.toFixed(digits)
}

/** A plot area with axes: returns the scales. */
function frame(svg: SVGSVGElement, options: FrameOptions): Frame {
  const m = { l: options.left || 54, r: 12, t: options.top || 22, b: 30 }
  const x = lin(options.x0, options.x1, m.l, W - m.r),
    y = lin(options.y0, options.y1, options.bottom || H - m.b, m.t)
  const g = el('g', {}, svg)
  const xt = options.xticks || ticks(options.x0, options.x1, 5),
    fx = options.xfmt || durFormatter(xt)
  for (let i = 0; i < xt.length; i++) {
    const px = x(xt[i])
    el('line', { x1: r2(px), x2: r2(px), y1: m.t, y2: H - m.b, class: 'grid' }, g)
    txt(g, px, H - m.b + 15, fx(xt[i]), null, 'middle')
  }
  if (!options.noY) {
    const yt = options.yticks || ticks(options.y0, options.y1, 4),
      fy = options.yfmt || plainFormatter(yt)
    for (let j = 0; j < yt.length; j++) {
      const py = y(yt[j])
      el('line', { x1: m.l, x2: W - m.r, y1: r2(py), y2: r2(py), class: 'grid' }, g)
      txt(g, m.l - 6, py + 4, fy(yt[j]), null, 'end')
    }
  }
  el('line', { x1: m.l, x2: W - m.r, y1: H - m.b, y2: H - m.b, class: 'axis' }, g)
  el('line', { x1: m.l, x2: m.l, y1: m.t, y2: H - m.b, class: 'axis' }, g)
  if (options.xlabel) txt(g, W - m.r, H - 2, options.xlabel, null, 'end')
  if (options.ylabel) txt(g, 4, m.t - 8, options.ylabel)
  return { x, y, m }
}
function legend(svg: SVGSVGElement, items: Array<[string, string]>): void {
  const g = el('g', { class: 'legend' }, svg)
  let x = W - 12
  for (let i = items.length - 1; i >= 0; i--) {
    txt(g, x, 12, items[i][1], null, 'end')
    const w = items[i][1].length * 6.8
    el('rect', { x: r2(x - w - 14), y: 4, width: 10, height: 10, rx: 2, class: items[i][0] + ' box' }, g)
    x -= w + 26
  }
}
function path(points: Array<[number, number]>): string {
  let d = ''
  for (let i = 0; i < points.length; i++) d += (i ? 'L' : 'M') + r2(points[i][0]) + ' ' + r2(points[i][1])
  return d
}
function sideLabel(b: BenchData, i: Side): string {
  const s = b.s![i]
  return SIDES[i] + ' (n = ' + (s ? s.N : 0) + ')'
}
function present(b: BenchData): Side[] {
  return ([0, 1] as Side[]).filter((i) => b.s![i])
}
function sideLegend(svg: SVGSVGElement, b: BenchData, sides: Side[]): void {
  legend(
    svg,
    sides.map((i) => [SIDES[i], sideLabel(b, i)])
  )
}

/** Densities and histograms (top), box plots (bottom), one x axis. */
function plotDist(svg: SVGSVGElement, bench: BenchData): void {
  const k = bench.k,
    h = bench.h,
    sides = present(bench)
  const x0 = Math.min(k.x0, h.lo),
    x1 = Math.max(k.x0 + k.dx * (k.y[sides[0]].length - 1), h.lo + h.w * h.c[0].length)
  let ymax = 0
  sides.forEach((i) => {
    const n = side(bench, i).N
    k.y[i].forEach((v) => {
      ymax = Math.max(ymax, v)
    })
    h.c[i].forEach((c) => {
      ymax = Math.max(ymax, c / (n * h.w))
    })
  })
  const boxTop = H - 30 - 56
  const f = frame(svg, { x0, x1, y0: 0, y1: ymax * 1.05, bottom: boxTop - 8, noY: true, ylabel: 'density' })
  const y = lin(0, ymax * 1.05, boxTop - 8, f.m.t)
  sides.forEach((i) => {
    const n = side(bench, i).N,
      pts: Array<[number, number]> = [[f.x(h.lo), y(0)]]
    h.c[i].forEach((c, j) => {
      const d = c / (n * h.w)
      pts.push([f.x(h.lo + j * h.w), y(d)], [f.x(h.lo + (j + 1) * h.w), y(d)])
    })
    pts.push([f.x(h.lo + h.c[i].length * h.w), y(0)])
    el('path', { d: path(pts) + 'Z', class: SIDES[i] + ' area' }, svg)
  })
  sides.forEach((i) => {
    el(
      'path',
      { d: path(k.y[i].map((v, j) => [f.x(k.x0 + j * k.dx), y(v)])), class: SIDES[i] + ' line' },
      svg
    )
  })
  el('line', { x1: f.m.l, x2: W - 12, y1: boxTop - 8, y2: boxTop - 8, class: 'axis' }, svg)
  sides.forEach((sideIndex) => {
    const s = side(bench, sideIndex),
      q = s.b,
      cy = boxTop + 14 + sideIndex * 26,
      g = el('g', {}, svg),
      cls = SIDES[sideIndex] + ' whisker'
    el('line', { x1: r2(f.x(q[5])), x2: r2(f.x(q[1])), y1: cy, y2: cy, class: cls }, g)
    el('line', { x1: r2(f.x(q[3])), x2: r2(f.x(q[6])), y1: cy, y2: cy, class: cls }, g)
    el('line', { x1: r2(f.x(q[5])), x2: r2(f.x(q[5])), y1: cy - 5, y2: cy + 5, class: cls }, g)
    el('line', { x1: r2(f.x(q[6])), x2: r2(f.x(q[6])), y1: cy - 5, y2: cy + 5, class: cls }, g)
    const width = r2(Math.max(1, f.x(q[3]) - f.x(q[1])))
    el('rect', { x: r2(f.x(q[1])), y: cy - 9, width, height: 18, class: SIDES[sideIndex] + ' box' }, g)
    el(
      'line',
      { x1: r2(f.x(q[2])), x2: r2(f.x(q[2])), y1: cy - 9, y2: cy + 9, class: cls, 'stroke-width': 2.5 },
      g
    )
    s.o.forEach((v) => {
      el('circle', { cx: r2(f.x(v)), cy, r: 2.5, class: SIDES[sideIndex] + ' outlier' }, g)
    })
    txt(g, f.m.l - 6, cy + 4, SIDES[sideIndex], null, 'end')
  })
  sideLegend(svg, bench, sides)
}

/** Every sample in time order, by side; rounds shaded alternately. */
function plotTime(svg: SVGSVGElement, bench: BenchData): void {
  const sides = present(bench)
  let lo = Infinity,
    hi = -Infinity,
    xmax = 0,
    byRounds = true
  sides.forEach((i) => {
    const s = side(bench, i)
    if (s.ax !== 'r') byRounds = false
    s.v.forEach((v) => {
      lo = Math.min(lo, v)
      hi = Math.max(hi, v)
    })
    s.x.forEach((v) => {
      xmax = Math.max(xmax, v)
    })
  })
  const pad = (hi - lo) * 0.06 || Math.abs(hi) * 0.01 || 1
  const x1 = byRounds ? Math.ceil(xmax) : Math.max(1, xmax)
  // Rounds are labelled 1-based at their centres.
  const xt = byRounds
    ? ticks(0, x1 - 1, 8)
        .filter((t) => t === Math.floor(t))
        .map((t) => t + 0.5)
    : ticks(0, x1, 6)
  const yt = ticks(lo - pad, hi + pad, 4)
  const f = frame(svg, {
    x0: 0,
    x1,
    y0: lo - pad,
    y1: hi + pad,
    xticks: xt,
    yticks: yt,
    yfmt: durFormatter(yt),
    left: 62,
    xfmt: byRounds ? (v) => String(v + 0.5) : plainFormatter(xt),
    xlabel: byRounds ? 'round' : 'sample index'
  })
  if (byRounds) {
    const bands = svg.insertBefore(el('g', {}), svg.firstChild)
    for (let r = 1; r < x1; r += 2) {
      const height = r2(H - f.m.b - f.m.t)
      el('rect', { x: r2(f.x(r)), y: f.m.t, width: r2(f.x(r + 1) - f.x(r)), height, class: 'band' }, bands)
    }
  }
  sides.forEach((i) => {
    const s = side(bench, i),
      g = el('g', {}, svg)
    for (let j = 0; j < s.v.length; j++)
      el('circle', { cx: r2(f.x(s.x[j])), cy: r2(f.y(s.v[j])), r: 2.4, class: SIDES[i] + ' pt' }, g)
  })
  const thinned = sides.some((i) => side(bench, i).v.length < side(bench, i).N)
  sideLegend(svg, bench, sides)
  if (thinned)
    txt(svg, f.m.l + 4, f.m.t + 12, 'thinned to ' + side(bench, sides[0]).v.length + ' points per side')
}

function plotEcdf(svg: SVGSVGElement, bench: BenchData): void {
  const sides = present(bench)
  let lo = Infinity,
    hi = -Infinity
  sides.forEach((i) => {
    const e = side(bench, i).e
    lo = Math.min(lo, e[0])
    hi = Math.max(hi, e[e.length - 1])
  })
  const pad = (hi - lo) * 0.03 || Math.abs(hi) * 0.01 || 1
  const f = frame(svg, {
    x0: lo - pad,
    x1: hi + pad,
    y0: 0,
    y1: 1,
    yticks: [0, 0.25, 0.5, 0.75, 1],
    yfmt: (v) => v.toFixed(2),
    ylabel: 'fraction \u2264 x'
  })
  sides.forEach((i) => {
    const s = side(bench, i),
      n = s.c[s.c.length - 1],
      pts: Array<[number, number]> = [
        [f.x(lo - pad), f.y(0)],
        [f.x(s.e[0]), f.y(0)]
      ]
    for (let j = 0; j < s.e.length; j++) {
      pts.push([f.x(s.e[j]), f.y(j ? s.c[j - 1] / n : 0)], [f.x(s.e[j]), f.y(s.c[j] / n)])
      pts.push([f.x(j + 1 < s.e.length ? s.e[j + 1] : hi + pad), f.y(s.c[j] / n)])
    }
    el('path', { d: path(pts), class: SIDES[i] + ' line' }, svg)
  })
  sideLegend(svg, bench, sides)
}

function plotDiff(svg: SVGSVGElement, bench: BenchData): void {
  const d = bench.d!,
    hiEdge = d.lo + d.w * d.c.length
  let x0 = d.lo,
    x1 = hiEdge
  if (d.ci) {
    x0 = Math.min(x0, d.ci[0])
    x1 = Math.max(x1, d.ci[1])
  }
  const span = x1 - x0 || Math.abs(x1) || 1
  if (0 < x0 && x0 < span * 0.5) x0 = 0
  if (0 > x1 && -x1 < span * 0.5) x1 = 0
  x0 -= span * 0.02
  x1 += span * 0.02
  const cmax = Math.max(...d.c, 1)
  const ylabel = 'pairs' + (d.u < d.t ? ' (' + d.u + ' of ' + d.t + ')' : '')
  const f = frame(svg, { x0, x1, y0: 0, y1: cmax * 1.08, ylabel })
  const plotHeight = r2(H - f.m.b - f.m.t)
  if (d.ci) {
    const width = r2(Math.max(1, f.x(d.ci[1]) - f.x(d.ci[0])))
    el('rect', { x: r2(f.x(d.ci[0])), y: f.m.t, width, height: plotHeight, class: 'ci' }, svg)
  }
  for (let j = 0; j < d.c.length; j++) {
    if (!d.c[j]) continue
    const xa = f.x(d.lo + j * d.w),
      xb = f.x(d.lo + (j + 1) * d.w)
    const width = r2(Math.max(0.5, xb - xa - 0.6)),
      height = r2(f.y(0) - f.y(d.c[j]))
    el('rect', { x: r2(xa), y: r2(f.y(d.c[j])), width, height, class: 'bar' }, svg)
  }
  if (x0 <= 0 && 0 <= x1)
    el('line', { x1: r2(f.x(0)), x2: r2(f.x(0)), y1: f.m.t, y2: H - f.m.b, class: 'zero' }, svg)
  if (d.e !== null) {
    el('line', { x1: r2(f.x(d.e)), x2: r2(f.x(d.e)), y1: f.m.t, y2: H - f.m.b, class: 'est' }, svg)
    const ci = d.ci ? ', ' + Math.round(DATA.confLevel * 100) + '% CI shaded' : ''
    txt(svg, W - 12, 12, 'HL shift ' + durFormatter([d.e])(d.e) + ci, 'label', 'end')
  }
}

function plotAcf(svg: SVGSVGElement, bench: BenchData, sideIndex: Side): void {
  const a = side(bench, sideIndex).a!,
    h = a.r.length
  const f = frame(svg, {
    x0: 0,
    x1: h + 1,
    y0: -1,
    y1: 1,
    yticks: [-1, -0.5, 0, 0.5, 1],
    yfmt: (v) => v.toFixed(1),
    xticks: ticks(1, h, Math.min(h, 10)).filter((t) => t === Math.floor(t) && t >= 1),
    xfmt: (v) => String(v),
    xlabel: 'lag',
    ylabel: 'r' + (bench.lv === 'runs' ? ' (run medians, n = ' : ' (n = ') + a.n + ')'
  })
  el('line', { x1: f.m.l, x2: W - 12, y1: r2(f.y(0)), y2: r2(f.y(0)), class: 'axis' }, svg)
  ;[a.band, -a.band].forEach((v) => {
    el('line', { x1: f.m.l, x2: W - 12, y1: r2(f.y(v)), y2: r2(f.y(v)), class: 'limit' }, svg)
  })
  for (let k = 0; k < h; k++) {
    const cls = Math.abs(a.r[k]) > a.band ? 'outside' : SIDES[sideIndex]
    const x = r2(f.x(k + 1)),
      y = r2(f.y(a.r[k]))
    el('line', { x1: x, x2: x, y1: r2(f.y(0)), y2: y, class: cls + ' lollipop' }, svg)
    el('circle', { cx: x, cy: y, r: 2.8, class: cls + ' pt' }, svg)
  }
}

/** Overview: each listed benchmark's ratio CI against ±δ. */
function plotForest(fig: HTMLElement | null): void {
  const rows = DATA.forest
  if (!fig || !rows.length) return
  fig.hidden = false
  const rowH = 20,
    top = 24,
    labelW = 330,
    WF = 900,
    HF = top + rows.length * rowH + 28
  const label = 'Changes with confidence intervals'
  const svg = el('svg', { viewBox: '0 0 ' + WF + ' ' + HF, role: 'img', 'aria-label': label }, fig)
  let ext = Math.log(1 + DATA.minEffect) * 2
  rows.forEach((r) => {
    ext = Math.max(ext, Math.abs(Math.log(r[2])), Math.abs(Math.log(r[3])))
  })
  ext *= 1.08
  const x = lin(-ext, ext, labelW, WF - 16),
    xt = ticks(Math.exp(-ext) - 1, Math.exp(ext) - 1, 6)
  const step = xt.length > 1 ? xt[1] - xt[0] : 0.01
  xt.forEach((t) => {
    if (t <= -1) return
    const px = x(Math.log(1 + t))
    el('line', { x1: r2(px), x2: r2(px), y1: top - 6, y2: HF - 24, class: 'grid' }, svg)
    const sign = t > 0 ? '+' : t < 0 ? '\u2212' : ''
    txt(svg, px, HF - 8, sign + Math.abs(t * 100).toFixed(step < 0.01 ? 1 : 0) + '%', null, 'middle')
  })
  el('line', { x1: r2(x(0)), x2: r2(x(0)), y1: top - 6, y2: HF - 24, class: 'axis' }, svg)
  ;[Math.log(1 + DATA.minEffect), -Math.log(1 + DATA.minEffect)].forEach((v) => {
    el('line', { x1: r2(x(v)), x2: r2(x(v)), y1: top - 6, y2: HF - 24, class: 'delta' }, svg)
  })
  rows.forEach((r, j) => {
    const b = bench(r[0]),
      cy = top + j * rowH + rowH / 2
    const cls = b.v === 'regression' ? 'bad' : b.v === 'improvement' ? 'good' : null
    const a = el('a', { href: '#b' + r[0] }, svg)
    const name = b.n.length > 44 ? b.n.slice(0, 43) + '\u2026' : b.n
    txt(a, labelW - 10, cy + 4, name, 'label' + (cls ? ' ' + cls : ''), 'end')
    const ci = b.v === 'regression' ? 'ci-reg' : b.v === 'improvement' ? 'ci-imp' : 'ci-other'
    const lineAttrs = { x1: r2(x(Math.log(r[2]))), x2: r2(x(Math.log(r[3]))), y1: cy, y2: cy }
    el('line', { ...lineAttrs, class: ci, 'stroke-width': 3, 'stroke-linecap': 'round' }, svg)
    el(
      'circle',
      { cx: r2(x(Math.log(r[1]))), cy, r: 4.5, class: ci, fill: 'var(--bg)', 'stroke-width': 2.5 },
      svg
    )
  })
  txt(svg, labelW, 12, 'faster \u2190', 'label', 'start')
  txt(svg, WF - 16, 12, '\u2192 slower', 'label', 'end')
}

/**
 * Count mode's differential icicle (docs/count-mode.md): the loop's call tree, one bar per call under its
 * caller, width its inclusive cost, fill its change (icicle.ts); the SVG is as tall as the tree.
 */
function plotIcicle(svg: SVGSVGElement, bench: BenchData): void {
  const t = bench.t
  if (!t) return
  const WI = 900,
    rowH = 18,
    top = 28
  const bars = icicleLayout(t.r, WI)
  const depth = bars.reduce((m, x) => Math.max(m, x.depth), 0)
  const HI = top + (depth + 1) * rowH + 2
  svg.setAttribute('viewBox', '0 0 ' + WI + ' ' + HI)
  // legend: the diverging scale, faster (blue) to slower (red)
  const g = el('g', { class: 'legend' }, svg)
  const steps = 9,
    sw = 16,
    lx = 70
  txt(g, lx - 6, 14, 'faster', null, 'end')
  for (let k = 0; k < steps; k++) {
    const v = -1 + (2 * k) / (steps - 1)
    el('rect', { x: lx + k * sw, y: 4, width: sw, height: 12, fill: deltaColour(v) }, g)
  }
  txt(g, lx + steps * sw + 6, 14, 'slower', null, 'start')
  const pct = Math.round(ICICLE_SATURATION * 100)
  txt(
    g,
    lx + steps * sw + 56,
    14,
    '(\u2212' + pct + '% \u2026 +' + pct + '% or more; width: inclusive ' + t.m + ')'
  )
  for (let k = 0; k < bars.length; k++) {
    const bar = bars[k],
      row = t.r[bar.i]
    const y = top + bar.depth * rowH
    const cell = el('g', {}, svg)
    // the title first: browsers show an element's first <title> child as its tooltip
    el('title', {}, cell).textContent = icicleTooltip(row, t.m)
    el(
      'rect',
      {
        x: r2(bar.x),
        y,
        width: r2(Math.max(0.5, bar.w - 1)),
        height: rowH - 1,
        fill: deltaColour(deltaScale(row[2], row[3])),
        class: 'bar-icicle'
      },
      cell
    )
    const label = fitLabel(row[0], bar.w)
    if (label) txt(cell, bar.x + 3, y + rowH - 5, label, 'icicle-label')
  }
}

const PLOTTERS: Record<string, Plotter> = {
  icicle: plotIcicle,
  dist: plotDist,
  time: plotTime,
  ecdf: plotEcdf,
  diff: plotDiff,
  acf0: (svg, b) => plotAcf(svg, b, 0),
  acf1: (svg, b) => plotAcf(svg, b, 1)
}

function errorText(e: unknown): string {
  return e instanceof Error && e.stack ? e.stack : String(e)
}

function draw(details: HTMLElement): void {
  if (details.getAttribute('data-drawn')) return
  details.setAttribute('data-drawn', '1')
  const b = bench(Number(details.getAttribute('data-i')))
  const figs = details.querySelectorAll('figure[data-plot]')
  for (let i = 0; i < figs.length; i++) {
    const id = figs[i].getAttribute('data-plot')!
    const cap = document.createElement('figcaption')
    cap.textContent = DATA.captions[id] || ''
    figs[i].appendChild(cap)
    const svg = el(
      'svg',
      { viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': cap.textContent },
      figs[i]
    )
    try {
      PLOTTERS[id](svg, b)
    } catch (e) {
      errors.push('plot ' + id + ' of ' + b.n + ': ' + errorText(e))
      txt(svg, W / 2, H / 2, 'could not draw this plot', null, 'middle')
    }
  }
}

function isBench(t: EventTarget | null): t is HTMLDetailsElement {
  return t instanceof HTMLDetailsElement && t.classList.contains('bench')
}

document.addEventListener(
  'toggle',
  (e) => {
    const t = e.target
    if (isBench(t) && t.open) draw(t)
  },
  true
)

/** #b3 opens and shows benchmark 3; #open=b0,b2 opens several without scrolling (screenshots). */
function openTarget(): void {
  const many = /^#open=([\w,]+)$/.exec(location.hash)
  if (many) {
    many[1].split(',').forEach((id) => {
      const d = document.getElementById(id)
      if (isBench(d)) {
        d.open = true
        draw(d)
      }
    })
    return
  }
  const m = /^#b(\d+)$/.exec(location.hash)
  if (!m) return
  const d = document.getElementById('b' + m[1]) as HTMLDetailsElement | null
  if (!d) return
  d.hidden = false
  d.open = true
  draw(d)
  d.scrollIntoView()
}
window.addEventListener('hashchange', openTarget)

const filter = document.getElementById('filter') as HTMLInputElement | null
if (filter)
  filter.addEventListener('input', () => {
    const q = filter.value.toLowerCase(),
      all = document.querySelectorAll<HTMLDetailsElement>('details.bench')
    for (let i = 0; i < all.length; i++) {
      // The name as shown in the section's summary (the data's `n`), without parsing every data script.
      const n = (all[i].querySelector('.name')?.textContent ?? '').toLowerCase()
      all[i].hidden = q !== '' && n.indexOf(q) < 0
    }
  })
function setAll(open: boolean): void {
  const all = document.querySelectorAll<HTMLDetailsElement>('details.bench')
  for (let i = 0; i < all.length; i++) if (!all[i].hidden) all[i].open = open
}
document.getElementById('open-all')?.addEventListener('click', () => setAll(true))
document.getElementById('close-all')?.addEventListener('click', () => setAll(false))

/** A number from a table cell ("+1.04 M", "−292", "1,024", "+7.9%"); -Infinity for "–" or text. */
function cellNumber(text: string): number {
  // '+<0.001%' (a share too small to print) sorts as its bound, not as no number
  const m = /^([+\u2212-]?)[<>]?([\d,.]+)\s*([kMG]?)/.exec(text.trim())
  if (!m) return -Infinity
  const scale: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9 }
  const v = Number(m[2].replace(/,/g, '')) * scale[m[3]]
  return m[1] === '' || m[1] === '+' ? v : -v
}

/** Count mode's "where" tables (docs/count-mode.md) sort by a column when its header is clicked, again to reverse. */
function sortWhere(th: HTMLTableCellElement): void {
  const table = th.closest('table')
  const body = table?.tBodies[0]
  if (!table || !body) return
  const col = th.cellIndex
  const descending = th.getAttribute('aria-sort') !== 'descending'
  const rows: HTMLTableRowElement[] = []
  for (let i = 0; i < body.rows.length; i++) rows.push(body.rows[i])
  const text = (r: HTMLTableRowElement) => r.cells[col]?.textContent ?? ''
  rows.sort((a, b) => {
    const order = col === 0 ? text(b).localeCompare(text(a)) : cellNumber(text(a)) - cellNumber(text(b))
    return descending ? -order : order
  })
  for (const r of rows) body.appendChild(r)
  const heads = table.querySelectorAll('th')
  for (let i = 0; i < heads.length; i++) heads[i].removeAttribute('aria-sort')
  th.setAttribute('aria-sort', descending ? 'descending' : 'ascending')
}
document.addEventListener('click', (e) => {
  const th = (e.target as Element | null)?.closest?.('table.where thead th')
  if (th) sortWhere(th as HTMLTableCellElement)
})

try {
  plotForest(document.getElementById('forest'))
} catch (e) {
  errors.push('forest: ' + errorText(e))
}
openTarget()

if (location.hash === '#selftest' || /[?&]selftest\b/.test(location.search)) selftest()

/** Opens and draws everything, then reports what was drawn (read by the browser test). */
function selftest(): void {
  const sections = document.querySelectorAll<HTMLDetailsElement>('details.bench'),
    plots = []
  for (let i = 0; i < sections.length; i++) {
    sections[i].open = true
    draw(sections[i])
  }
  const groups = document.querySelectorAll<HTMLDetailsElement>('details.group')
  for (let g = 0; g < groups.length; g++) groups[g].open = true
  const svgs = document.querySelectorAll('figure svg')
  for (let s = 0; s < svgs.length; s++) {
    const rect = svgs[s].getBoundingClientRect(),
      fig = svgs[s].parentNode as HTMLElement,
      sec = fig.closest('details.bench')
    plots.push({
      section: sec ? sec.id : fig.id,
      plot: fig.getAttribute('data-plot') || fig.id,
      elements: svgs[s].querySelectorAll('*').length,
      width: Math.round(rect.width),
      height: Math.round(rect.height)
    })
  }
  const ids = []
  for (let k = 0; k < sections.length; k++)
    ids.push({ id: sections[k].id, name: bench(Number(sections[k].getAttribute('data-i'))).n })
  const out = document.getElementById('selftest')!
  out.textContent = JSON.stringify({
    sections: ids,
    plots,
    filtered: filterShows(ids[0]?.name ?? ''),
    overflowing: overflowingTables(),
    errors
  })
  out.hidden = false
}

/**
 * The summary tables wider than their scroller at this window size: their last column (the verdict)
 * would be cut at the window's edge until scrolled (docs/html-report.md, "Design").
 */
function overflowingTables(): Array<{ table: number; width: number; room: number }> {
  const tables = document.querySelectorAll<HTMLElement>('.scroll > table.summary'),
    wide = []
  for (let t = 0; t < tables.length; t++) {
    const room = (tables[t].parentNode as HTMLElement).clientWidth,
      width = tables[t].scrollWidth
    if (width > room) wide.push({ table: t, width, room })
  }
  return wide
}

/** The sections left shown when the filter box holds `query` (then emptied again). */
function filterShows(query: string): string[] {
  if (!filter) return []
  filter.value = query
  filter.dispatchEvent(new Event('input'))
  const shown = document.querySelectorAll<HTMLDetailsElement>('details.bench:not([hidden])')
  const ids: string[] = []
  for (let i = 0; i < shown.length; i++) ids.push(shown[i].id)
  filter.value = ''
  filter.dispatchEvent(new Event('input'))
  return ids
}

export {}
