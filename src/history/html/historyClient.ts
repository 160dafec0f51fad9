/**
 * history.html's page script (browser code): builds one card per benchmark from the data script
 * (`#history-data`, wire.ts) and draws a card's trend on its canvas only while the card is on or near
 * the screen (IntersectionObserver); a card that scrolls far away gives its pixels back. No DOM node
 * per point. Untrusted text (names, fingerprints) is only ever set with textContent; links are built
 * from the checked repository URL and hex SHAs only.
 *
 * `history.html#selftest` draws every card and writes a JSON summary into `<pre id="selftest">` (cards
 * in order, pixels drawn per canvas, links, what the filter shows for a few queries, errors) for the
 * browser test; `#timing` writes how long parsing, building and drawing the first cards took
 * (npm run bench:history).
 *
 * Compiled and inlined like the PR report's script (scripts/clientScript.mjs, tsconfig.client.json):
 * its imports (decode.ts, report/format.ts) are bundled in.
 */
import { formatChange, formatDuration } from '../../report/format.js'
import { seriesPoints, type SeriesPoints } from './decode.js'
import type { HistoryWire, SeriesWire } from './wire.js'

const errors: string[] = []
window.addEventListener('error', (e) => {
  errors.push('error: ' + (e && e.message ? e.message : String(e)))
})

const t0 = performance.now()
const DATA = JSON.parse(document.getElementById('history-data')!.textContent!) as HistoryWire
const tParsed = performance.now()
const C = DATA.c.length
const HEX = /^[0-9a-f]{40}([0-9a-f]{24})?$/
const REPO = DATA.u && /^https?:\/\/[\w.:-]+(\/[\w.-]+)+$/.test(DATA.u) ? DATA.u : null
const H = 120
const M = { l: 4, r: 4, t: 14, b: 17 }

/** First commit index of each environment (0 first), ascending. */
const ENV_STARTS = [0, ...DATA.e.map((e) => e[0]).filter((i) => i > 0)].sort((a, b) => a - b)

let shaIndex: Map<string, number> | null = null
function indexOfSha(sha: string): number {
  if (!shaIndex) shaIndex = new Map(DATA.c.map((c, i) => [c, i]))
  return shaIndex.get(sha) ?? -1
}

const found = (s: SeriesWire) => s.k.length > 0 || !!s.r

function commitUrl(sha: string): string | null {
  return REPO && HEX.test(sha) ? REPO + '/commit/' + sha : null
}

function append(parent: Element, tag: string, text: string, cls?: string): HTMLElement {
  const e = document.createElement(tag)
  e.textContent = text
  if (cls) e.className = cls
  parent.appendChild(e)
  return e
}

/** The commit as a link to it (or its short SHA as code), with its PR when recorded. */
function commitRef(parent: Element, sha: string, pr = 0): void {
  const url = commitUrl(sha)
  const a = append(parent, url ? 'a' : 'code', sha.slice(0, 10))
  if (url) a.setAttribute('href', url)
  a.setAttribute('title', sha)
  if (pr > 0) {
    parent.appendChild(document.createTextNode(' (PR '))
    const p = append(parent, REPO ? 'a' : 'span', '#' + pr)
    if (REPO) p.setAttribute('href', REPO + '/pull/' + pr)
    parent.appendChild(document.createTextNode(')'))
  }
}

function card(series: SeriesWire, index: number): HTMLElement {
  const el = document.createElement('div')
  el.className = found(series) ? 'card found' : 'card'
  el.id = 's' + index
  el.setAttribute('data-i', String(index))
  append(el, 'h3', series.n)
  const finds = append(el, 'div', '', 'finds')
  for (const [from, to, before, after] of series.k) {
    const line = append(finds, 'div', '', after > before ? 'bad' : 'good')
    line.appendChild(
      document.createTextNode(
        formatChange(after / before) + ' (' + formatDuration(before) + ' → ' + formatDuration(after) + ') at '
      )
    )
    if (from >= 0) commitRef(line, DATA.c[from])
    line.appendChild(document.createTextNode(' → '))
    if (to >= 0) commitRef(line, DATA.c[to], DATA.p[to])
  }
  if (series.r) {
    const r = series.r
    const line = append(finds, 'div', '', 'creep')
    line.appendChild(
      document.createTextNode(
        'creep ' +
          formatChange(1 + r.c) +
          ' [' +
          formatChange(1 + r.lo) +
          ', ' +
          formatChange(1 + r.hi) +
          '] over ' +
          r.n +
          ' paired steps since '
      )
    )
    commitRef(line, r.since)
  }
  if (!found(series)) append(finds, 'div', 'no change point, no creep')
  const canvas = document.createElement('canvas')
  canvas.setAttribute('role', 'img')
  canvas.setAttribute('aria-label', 'trend of the location over ' + C + ' commits')
  el.appendChild(canvas)
  return el
}

// The environment changes above the cards, each with its first commit.
const envs = document.getElementById('envs')
if (envs && DATA.e.length) {
  append(envs, 'strong', 'Environment changes')
  append(envs, 'span', ' (shaded; the series restart there, never a code change):')
  const list = append(envs, 'ul', '')
  for (const [at, what] of DATA.e) {
    const li = append(list, 'li', '')
    if (at >= 0) {
      commitRef(li, DATA.c[at], DATA.p[at])
      li.appendChild(document.createTextNode(', ' + DATA.d[at].slice(0, 10) + ': '))
    }
    append(li, 'span', what)
  }
}

const grid = document.getElementById('grid')!
const cards: HTMLElement[] = []
const fragment = document.createDocumentFragment()
DATA.s.forEach((s, i) => {
  const c = card(s, i)
  cards.push(c)
  fragment.appendChild(c)
})
grid.appendChild(fragment)
const tBuilt = performance.now()

const css = getComputedStyle(document.documentElement)
const colour = (name: string) => css.getPropertyValue(name).trim() || '#888'
const COLOURS = {
  line: colour('--base'),
  band: colour('--ci'),
  env: colour('--grid'),
  bad: colour('--bad'),
  good: colour('--good'),
  creep: colour('--warn'),
  text: colour('--muted')
}

/** The plot's geometry for a canvas of width w and the series' points. */
function geometry(w: number, p: SeriesPoints) {
  const span = Math.max(1, C - 1)
  const x = (i: number) => M.l + (C <= 1 ? 0.5 : i / span) * (w - M.l - M.r)
  let lo = Infinity,
    hi = -Infinity
  for (const v of p.median) {
    lo = Math.min(lo, Math.log(v))
    hi = Math.max(hi, Math.log(v))
  }
  const pad = Math.max((hi - lo) * 0.08, 0.005)
  lo -= pad
  hi += pad
  const y = (v: number) => M.t + (1 - (Math.log(v) - lo) / (hi - lo)) * (H - M.t - M.b)
  return { x, y, lo: Math.exp(lo), hi: Math.exp(hi) }
}

type Geometry = ReturnType<typeof geometry>
const BOTTOM = H - M.b

/** Every other environment shaded, from halfway before its first commit to halfway after its last. */
function drawEnvironments(ctx: CanvasRenderingContext2D, g: Geometry): void {
  ctx.fillStyle = COLOURS.env
  ENV_STARTS.forEach((start, k) => {
    if (k % 2 === 0) return
    const end = k + 1 < ENV_STARTS.length ? ENV_STARTS[k + 1] : C
    ctx.fillRect(g.x(start - 0.5), M.t, g.x(end - 0.5) - g.x(start - 0.5), BOTTOM - M.t)
  })
}

/** The interval band, one polygon per run of consecutive points that have one. */
function drawBand(ctx: CanvasRenderingContext2D, g: Geometry, p: SeriesPoints): void {
  ctx.fillStyle = COLOURS.band
  let j = 0
  while (j < p.index.length) {
    if (!(p.lo[j] > 0)) {
      j++
      continue
    }
    let e = j
    while (e + 1 < p.index.length && p.lo[e + 1] > 0 && p.index[e + 1] === p.index[e] + 1) e++
    ctx.beginPath()
    for (let k = j; k <= e; k++) ctx.lineTo(g.x(p.index[k]), g.y(p.hi[k]))
    for (let k = e; k >= j; k--) ctx.lineTo(g.x(p.index[k]), g.y(p.lo[k]))
    ctx.fill()
    j = e + 1
  }
}

/** The locations, broken where the benchmark was not recorded. */
function drawLine(ctx: CanvasRenderingContext2D, g: Geometry, p: SeriesPoints): void {
  ctx.strokeStyle = COLOURS.line
  ctx.lineWidth = 1
  ctx.beginPath()
  p.index.forEach((i, k) => {
    if (k === 0 || i !== p.index[k - 1] + 1) ctx.moveTo(g.x(i), g.y(p.median[k]))
    else ctx.lineTo(g.x(i), g.y(p.median[k]))
  })
  if (p.index.length === 1) ctx.arc(g.x(p.index[0]), g.y(p.median[0]), 1.5, 0, 2 * Math.PI)
  ctx.stroke()
}

/**
 * Change points: a dashed line between the commit before and the first after, and the levels either
 * side (up to the neighbouring change point or the environment's edge).
 */
function drawChangePoints(
  ctx: CanvasRenderingContext2D,
  geometry: Geometry,
  series: SeriesWire,
  seriesPoints: SeriesPoints
): void {
  const mids = series.k.map((k) => (k[0] + k[1]) / 2)
  series.k.forEach(([, to, before, after], changeIndex) => {
    const mid = mids[changeIndex]
    const envStart = ENV_STARTS.filter((e) => e <= to).pop() ?? 0
    const envEnd = ENV_STARTS.find((e) => e > to) ?? C
    const left = Math.max(
      changeIndex > 0 ? mids[changeIndex - 1] : -Infinity,
      envStart - 0.5,
      seriesPoints.index[0]
    )
    const right = Math.min(
      changeIndex + 1 < mids.length ? mids[changeIndex + 1] : Infinity,
      envEnd - 0.5,
      seriesPoints.index[seriesPoints.index.length - 1]
    )
    ctx.strokeStyle = after > before ? COLOURS.bad : COLOURS.good
    ctx.lineWidth = 1.5
    ctx.setLineDash([3, 2])
    ctx.beginPath()
    ctx.moveTo(geometry.x(mid), M.t)
    ctx.lineTo(geometry.x(mid), BOTTOM)
    ctx.stroke()
    ctx.setLineDash([])
    ctx.lineWidth = 2
    ctx.beginPath()
    ctx.moveTo(geometry.x(left), geometry.y(before))
    ctx.lineTo(geometry.x(mid), geometry.y(before))
    ctx.moveTo(geometry.x(mid), geometry.y(after))
    ctx.lineTo(geometry.x(right), geometry.y(after))
    ctx.stroke()
  })
}

/** The creep's window: a bar under the plot from its first step to its last commit. */
function drawCreep(ctx: CanvasRenderingContext2D, g: Geometry, s: SeriesWire, p: SeriesPoints): void {
  if (!s.r) return
  const since = indexOfSha(s.r.since)
  const start = since >= 0 ? since : p.index[Math.max(0, p.index.length - 1 - s.r.n)]
  ctx.fillStyle = COLOURS.creep
  ctx.fillRect(g.x(start), BOTTOM + 1, g.x(p.index[p.index.length - 1]) - g.x(start), 3)
}

/** The plotted range's ends (top and bottom left) and the last commit's date (bottom right). */
function drawLabels(ctx: CanvasRenderingContext2D, g: Geometry, w: number): void {
  ctx.fillStyle = COLOURS.text
  ctx.font = '10px sans-serif'
  ctx.textBaseline = 'top'
  ctx.fillText(formatDuration(g.hi), M.l, 1)
  ctx.textBaseline = 'bottom'
  ctx.fillText(formatDuration(g.lo), M.l, H - 1)
  ctx.textAlign = 'right'
  if (C > 0) ctx.fillText(DATA.d[C - 1].slice(0, 10), w - M.r, H - 1)
}

/** Draws a card's trend at its canvas's current width (nothing if already drawn at that width). */
function draw(el: HTMLElement): void {
  const canvas = el.querySelector('canvas')!
  const s = DATA.s[Number(el.getAttribute('data-i'))]
  const w = canvas.clientWidth
  if (w <= 0) return
  const dpr = window.devicePixelRatio || 1
  if (el.getAttribute('data-drawn') && canvas.width === Math.round(w * dpr)) return
  canvas.width = Math.round(w * dpr)
  canvas.height = Math.round(H * dpr)
  const ctx = canvas.getContext('2d')!
  ctx.scale(dpr, dpr)
  el.setAttribute('data-drawn', '1')
  const p = seriesPoints(s)
  if (p.index.length === 0) return
  const g = geometry(w, p)
  drawEnvironments(ctx, g)
  ctx.save()
  ctx.beginPath()
  ctx.rect(0, M.t, w, BOTTOM - M.t)
  ctx.clip()
  drawBand(ctx, g, p)
  drawLine(ctx, g, p)
  drawChangePoints(ctx, g, s, p)
  ctx.restore()
  drawCreep(ctx, g, s, p)
  drawLabels(ctx, g, w)
}

function free(el: HTMLElement): void {
  if (!el.getAttribute('data-drawn')) return
  const canvas = el.querySelector('canvas')!
  canvas.width = 0
  canvas.height = 0
  el.removeAttribute('data-drawn')
}

const visible = new Set<HTMLElement>()
const observer = new IntersectionObserver(
  (entries) => {
    for (const e of entries) {
      const el = e.target as HTMLElement
      if (e.isIntersecting) {
        visible.add(el)
        try {
          draw(el)
        } catch (err) {
          errors.push('draw ' + el.id + ': ' + String(err))
        }
      } else {
        visible.delete(el)
        free(el)
      }
    }
  },
  { rootMargin: '600px 0px' }
)
for (const c of cards) observer.observe(c)
// The first screen now, not a frame later (the observer draws the rest as they come into view).
for (const c of cards) {
  if (c.getBoundingClientRect().top > window.innerHeight) break
  draw(c)
}
const tScreen = performance.now()

let resizing = 0
window.addEventListener('resize', () => {
  clearTimeout(resizing)
  resizing = window.setTimeout(() => visible.forEach(draw), 150)
})

// Hover: the nearest recorded commit under the pointer; a click opens it.
const tip = document.getElementById('tip')!
let cached: { i: number; p: SeriesPoints } | null = null
function pointAt(ev: MouseEvent): { s: SeriesWire; p: SeriesPoints; k: number } | null {
  const canvas = ev.target as HTMLElement
  if (!(canvas instanceof HTMLCanvasElement)) return null
  const i = Number(canvas.parentElement!.getAttribute('data-i'))
  const s = DATA.s[i]
  if (!cached || cached.i !== i) cached = { i, p: seriesPoints(s) }
  const p = cached.p
  if (p.index.length === 0) return null
  const rect = canvas.getBoundingClientRect()
  const at = ((ev.clientX - rect.left - M.l) / Math.max(1, rect.width - M.l - M.r)) * Math.max(1, C - 1)
  let best = 0
  for (let k = 1; k < p.index.length; k++)
    if (Math.abs(p.index[k] - at) < Math.abs(p.index[best] - at)) best = k
  return { s, p, k: best }
}
grid.addEventListener('mousemove', (ev) => {
  const hit = pointAt(ev)
  if (!hit) {
    tip.hidden = true
    return
  }
  const i = hit.p.index[hit.k]
  const ci =
    hit.p.lo[hit.k] > 0
      ? ' [' + formatDuration(hit.p.lo[hit.k]) + ', ' + formatDuration(hit.p.hi[hit.k]) + ']'
      : ''
  tip.textContent =
    DATA.c[i].slice(0, 10) +
    '  ' +
    DATA.d[i].replace('T', ' ') +
    (DATA.p[i] ? '  PR #' + DATA.p[i] : '') +
    '\n' +
    formatDuration(hit.p.median[hit.k]) +
    ci
  tip.hidden = false
  tip.style.left = Math.min(ev.clientX + 12, window.innerWidth - tip.offsetWidth - 4) + 'px'
  tip.style.top = ev.clientY + 14 + 'px'
})
grid.addEventListener('mouseleave', () => {
  tip.hidden = true
})
grid.addEventListener('click', (ev) => {
  const hit = pointAt(ev)
  const url = hit && commitUrl(DATA.c[hit.p.index[hit.k]])
  if (url) window.open(url, '_blank', 'noopener')
})

// The filter: text (case-insensitive substring) or /regex/flags, and "only with findings".
const filter = document.getElementById('filter') as HTMLInputElement
const onlyFound = document.getElementById('findings') as HTMLInputElement
const shown = document.getElementById('shown')!

/** The name test for a query; null when a /regex/ does not compile. */
function matcher(query: string): ((name: string) => boolean) | null {
  const re = /^\/(.+)\/([imsu]*)$/.exec(query)
  if (re) {
    try {
      const r = new RegExp(re[1], re[2])
      return (name) => r.test(name)
    } catch {
      return null
    }
  }
  const q = query.toLowerCase()
  return (name) => name.toLowerCase().indexOf(q) >= 0
}

function applyFilter(): void {
  const test = matcher(filter.value.trim())
  filter.classList.toggle('bad', test === null)
  let n = 0
  cards.forEach((el, i) => {
    const s = DATA.s[i]
    const show = test !== null && test(s.n) && (!onlyFound.checked || found(s))
    el.hidden = !show
    if (show) n++
  })
  shown.textContent =
    n + ' of ' + cards.length + ' shown' + (test === null ? ' (the regex does not compile)' : '')
}
filter.addEventListener('input', applyFilter)
onlyFound.addEventListener('change', applyFilter)
applyFilter()

if (location.hash === '#timing') timing()
if (location.hash === '#selftest') selftest()

/** Times (ms) to parse the data, build the cards, draw the first screen, and draw one card, for npm run bench:history. */
function timing(): void {
  const first = cards.slice(0, 20)
  first.forEach(free)
  const start = performance.now()
  first.forEach(draw)
  out({
    parse: tParsed - t0,
    build: tBuilt - tParsed,
    firstScreen: tScreen - tBuilt,
    drawEach: (performance.now() - start) / Math.max(1, first.length),
    cards: cards.length,
    commits: C,
    errors
  })
}

function out(value: unknown): void {
  const pre = document.getElementById('selftest')!
  pre.textContent = JSON.stringify(value)
  pre.hidden = false
}

/** Draws every card and reports what is on the page (the browser test reads it). */
function selftest(): void {
  const shownFor = (query: string, findings: boolean) => {
    filter.value = query
    onlyFound.checked = findings
    applyFilter()
    const names = cards.filter((c) => !c.hidden).map((c) => DATA.s[Number(c.getAttribute('data-i'))].n)
    filter.value = ''
    onlyFound.checked = false
    applyFilter()
    return names
  }
  const first = DATA.s[0]?.n ?? ''
  const filtered = {
    text: shownFor(first.slice(0, 6), false),
    regex: shownFor('/^BM_[A-Z]/', false),
    invalid: shownFor('/(/', false),
    findings: shownFor('', true)
  }
  const drawn = cards.map((c) => {
    draw(c)
    const canvas = c.querySelector('canvas')!
    const px = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
    let inked = 0
    for (let k = 3; k < px.length; k += 4) if (px[k] > 0) inked++
    return { id: c.id, name: c.querySelector('h3')!.textContent, width: canvas.width, inked }
  })
  const links: string[] = []
  document.querySelectorAll('#envs a, .card a').forEach((a) => links.push(a.getAttribute('href') || ''))
  out({ cards: drawn, links, filtered, errors })
}

export {}
