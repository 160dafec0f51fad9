/**
 * `npm run screenshots`: the PR comment as GitHub shows it, for the README. Reports come from the
 * real analysis of seeded synthetic samples; the comment Markdown is rendered with marked (GitHub-
 * flavoured: tables, raw HTML such as <details> and <code> passed through as GitHub does) into a
 * page with a small GitHub-like stylesheet, and headless chromium takes the picture.
 * Writes docs/img/comment-{no-change,regression,200-benchmarks,matrix}.png.
 *
 * `npm run screenshots -- --where OUT_DIR...` instead pictures the comments (report.md) of finished
 * count-mode runs as docs/img/comment-where-<folder name>.png (issue 30's "where" footnotes;
 * docs/count-mode.md's is from the `out-gbench-<version>` folders __tests__/integration/attribution.test.ts
 * leaves in the temp folder).
 *
 * `npm run screenshots -- --html OUT_DIR BENCHMARK [NAME]` pictures one benchmark's section of the
 * HTML report rendered from OUT_DIR/results.json (its "where" table and icicle, the page around
 * them hidden) as docs/img/html-where-NAME.png (NAME defaults to OUT_DIR's folder name).
 *
 * `npm run screenshots -- --history` pictures only history.html (also part of the default run) as
 * docs/img/history.png: a synthetic history of 12 benchmarks × 160 commits (1% noise between records)
 * with a +7% step, a −12% improvement, a creep of +0.3% per commit over the last 40 commits and a runner
 * image change (compiler) that slows every series by 3%, recorded into a folder store and reported by
 * the built CLI (dist/cli.js: run `npm run build` first), as a workflow does it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { marked } from 'marked'
import { flat, syntheticHistory } from '../__tests__/history/synthetic.js'
import { analyzeSuite } from '../src/analysis/suite.js'
import { readResultsFile } from '../src/commands/resultsFile.js'
import { DEFAULT_CONFIG } from '../src/config/index.js'
import { composeComment, sectionFor } from '../src/github/commentSections.js'
import { renderHtml } from '../src/report/html/render.js'
import { renderMarkdown } from '../src/report/markdown.js'
import type { Report } from '../src/report/model.js'
import type { Provenance, Sample, Side } from '../src/samples/model.js'
import { FolderStore } from '../src/history/store.js'

const OUT = resolve(import.meta.dirname, '../docs/img')
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
const WIDTH = 920

interface Bench {
  name: string
  ns: number
  /** head / base */
  ratio: number
}

/** Seeded uniform numbers (a 32-bit LCG is plenty for pictures). */
function lcg(seed: number): () => number {
  let s = seed >>> 0
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 0.5) / 2 ** 32
}

/** 12 ABBA rounds × 3 repetitions per side, lognormal noise of 1%. */
function samples(benches: Bench[], seed: number): Sample[] {
  const u = lcg(seed)
  const normal = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u())
  const out: Sample[] = []
  for (let round = 0; round < 12; round++) {
    const order: Side[] = round % 2 === 0 ? ['base', 'head'] : ['head', 'base']
    for (const side of order)
      for (const b of benches)
        for (let repetition = 0; repetition < 3; repetition++) {
          const t = b.ns * (side === 'head' ? b.ratio : 1) * Math.exp(0.01 * normal())
          out.push({
            benchmark: b.name,
            side,
            round,
            run: round,
            repetition,
            iterations: 1000,
            realTimeNs: t,
            cpuTimeNs: t,
            threads: 1
          })
        }
  }
  return out
}

const PROVENANCE: Provenance = {
  cpuModel: 'AMD EPYC 7763 64-Core Processor',
  numCpus: 4,
  compiler: 'GCC 13.3.0',
  buildType: 'release',
  libraryVersion: '1.8.3'
}

function report(benches: Bench[], seed: number, key = 'default'): Report {
  const suite = analyzeSuite({
    samples: samples(benches, seed),
    issues: [],
    provenance: { base: PROVENANCE, head: PROVENANCE }
  })
  return {
    suite,
    run: {
      base: { label: 'main', sha: '1a2b3c4d5e6f7a8b' },
      head: { label: 'feature/faster-parse', sha: '9f8e7d6c5b4a3f2e' },
      mergeBase: true,
      rounds: 12,
      repetitions: 3,
      key
    }
  }
}

const SUITE: Bench[] = [
  { name: 'BM_OrderBook/array/20000', ns: 398_000, ratio: 1 },
  { name: 'BM_OrderBook/map/20000', ns: 1_190_000, ratio: 1 },
  { name: 'BM_Parse/json/4096', ns: 41_200, ratio: 1 },
  { name: 'BM_Hash/crc32/64', ns: 18.3, ratio: 1 },
  { name: 'BM_Alloc/small', ns: 5_300, ratio: 1 },
  { name: 'BM_Sort/int/1024', ns: 12_900, ratio: 1 }
]
const withRatio = (name: string, ratio: number) => SUITE.map((b) => (b.name === name ? { ...b, ratio } : b))

function manyBenchmarks(): Bench[] {
  const u = lcg(2024)
  const families = ['Parse', 'Hash', 'Sort', 'Alloc', 'OrderBook', 'Encode', 'Decode', 'Match']
  const out: Bench[] = []
  for (let i = 0; i < 200; i++)
    out.push({
      name: `BM_${families[i % families.length]}/${16 << (i % 7)}/${i}`,
      ns: 20 * Math.exp(8 * u()),
      ratio: 1
    })
  out[17].ratio = 1.09
  out[88].ratio = 0.81
  out[150].ratio = 1.05
  return out
}

const CSS = `
body { margin: 0; background: #ffffff; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; font-size: 14px; line-height: 1.5; color: #1f2328; }
.comment { width: ${WIDTH - 48}px; margin: 16px 24px; border: 1px solid #d1d9e0; border-radius: 6px; }
.header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; color: #59636e; border-radius: 6px 6px 0 0; }
.header b { color: #1f2328; }
.body { padding: 16px; overflow-wrap: break-word; }
.body > :first-child { margin-top: 0 !important; }
h3 { font-size: 1.25em; font-weight: 600; margin: 24px 0 16px; line-height: 1.25; }
p, ul, table, details, blockquote, pre { margin: 0 0 16px; }
table { border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: auto; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
th { font-weight: 600; }
tr:nth-child(2n) { background: #f6f8fa; }
code, pre { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: 85%; }
code { background: rgba(129, 139, 152, 0.12); padding: 0.2em 0.4em; border-radius: 6px; }
pre { background: #f6f8fa; padding: 16px; border-radius: 6px; overflow: auto; line-height: 1.45; }
pre code { background: none; padding: 0; font-size: 100%; }
summary { cursor: pointer; }
blockquote { padding: 0 1em; color: #59636e; border-left: 0.25em solid #d1d9e0; }
`

function page(markdown: string): string {
  // Hidden markers are HTML comments: GitHub drops them, and so does the browser.
  const html = marked.parse(markdown, { gfm: true, async: false })
  return `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>
<div class="comment"><div class="header"><b>github-actions</b> <span>bot</span> commented</div><div class="body">${html}</div></div>
<script>document.title = String(document.documentElement.scrollHeight)</script></body></html>`
}

function chromium(args: string[], profile: string): string {
  const r = spawnSync(
    CHROMIUM!,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--hide-scrollbars',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      ...args
    ],
    { encoding: 'utf8', timeout: 120_000, maxBuffer: 1 << 26 }
  )
  if (r.error) throw r.error
  if (r.status !== 0) throw new Error(`chromium exited ${r.status}: ${r.stderr.slice(-2000)}`)
  return r.stdout
}

function screenshot(name: string, markdown: string, dir: string): void {
  const file = join(dir, `${name}.html`)
  writeFileSync(file, page(markdown))
  const url = pathToFileURL(file).href
  // First pass, at the same width: the page's height (the script puts it in the title); second pass: the picture.
  const dom = chromium([`--window-size=${WIDTH},100`, '--dump-dom', url], join(dir, 'profile'))
  const height = Number(/<title>(\d+)<\/title>/.exec(dom)?.[1] ?? 1200)
  const png = join(OUT, `${name}.png`)
  chromium([`--screenshot=${png}`, `--window-size=${WIDTH},${height}`, url], join(dir, 'profile'))
  console.log(`${png}: ${WIDTH}×${height}`)
}

/** The page furniture hidden around the one benchmark's attribution (the icicle is drawn by the page's own script). */
const HTML_CSS =
  'header,footer,main>:not(#benchmarks),#benchmarks>h2,#benchmarks>.tools,#benchmarks>p.note,' +
  '.body>.numbers,.body>p.note:first-child{display:none!important}'

/** One benchmark's section of the HTML report of a finished run, opened and drawn. */
function htmlScreenshot(out: string, benchmark: string, name: string, dir: string): void {
  const { report } = readResultsFile(out, DEFAULT_CONFIG)
  const chosen = report.suite.comparisons.filter((c) => c.benchmark === benchmark)
  if (!chosen[0]?.attribution) throw new Error(`${out}: no attribution for ${benchmark}`)
  const html = renderHtml({ ...report, suite: { ...report.suite, comparisons: chosen } }, [], {
    now: new Date(0)
  }).replace(
    '</body>',
    `<style>${HTML_CSS}</style><script>document.title = String(document.documentElement.scrollHeight)</script></body>`
  )
  const file = join(dir, `${name}.html`)
  writeFileSync(file, html)
  const url = `${pathToFileURL(file).href}#open=b0`
  const width = 1100
  const dom = chromium([`--window-size=${width},100`, '--dump-dom', url], join(dir, 'profile'))
  const height = Number(/<title>(\d+)<\/title>/.exec(dom)?.[1] ?? 1200)
  const png = join(OUT, `html-where-${name}.png`)
  chromium([`--screenshot=${png}`, `--window-size=${width},${height}`, url], join(dir, 'profile'))
  console.log(`${png}: ${width}×${height}`)
}

/** The synthetic history of the picture: what changed, and where (commit indices of 0..159). */
async function historyPage(dir: string): Promise<string> {
  const ln = (ns: number) => Math.log(ns)
  const env = (i: number) => (i >= 120 ? Math.log(1.03) : 0) // the new runner image's compiler
  const records = syntheticHistory({
    commits: 160,
    // A seed where the flat series show no finding, as in 24 of seeds 1–30 (the others: a false change
    // point or creep in one flat series, or a second change point near the −12% step).
    seed: 9,
    start: new Date('2026-06-01T09:00:00Z'),
    series: [
      { name: 'BM_Parse/json/4096', truth: (i) => ln(41_200) + (i >= 90 ? Math.log(1.07) : 0) + env(i) },
      {
        name: 'BM_OrderBook/map/20000',
        truth: (i) => ln(1_190_000) + (i >= 60 ? Math.log(0.88) : 0) + env(i)
      },
      { name: 'BM_Alloc/small', truth: (i) => ln(5_300) + Math.max(0, i - 120) * 0.003 + env(i) },
      ...[
        'BM_OrderBook/array/20000',
        'BM_Hash/crc32/64',
        'BM_Sort/int/1024',
        'BM_Encode/base64/4096',
        'BM_Decode/utf8/65536',
        'BM_Match/regex/256',
        'BM_Hash/xxh3/4096',
        'BM_Sort/string/1024',
        'BM_Alloc/large'
      ].map((name, k) => {
        const base = flat(name, 3 + k * 0.9)
        return { name, truth: (i: number) => base.truth(i) + env(i) }
      })
    ],
    fingerprint: (i) => ({
      cpuModel: 'AMD EPYC 7763 64-Core Processor',
      numCpus: 4,
      compiler: i >= 120 ? 'GCC 14.2.0' : 'GCC 13.3.0'
    })
  })
  const store = join(dir, 'store')
  const folder = new FolderStore(store)
  for (const r of records) await folder.add(r)
  const cli = resolve(import.meta.dirname, '../dist/cli.js')
  const out = join(dir, 'history')
  const r = spawnSync(
    process.execPath,
    [
      cli,
      'history',
      'report',
      '--store',
      store,
      '--out',
      out,
      '--repo-url',
      'https://github.com/example/engine'
    ],
    { encoding: 'utf8' }
  )
  if (r.status !== 0) throw new Error(`history report exited ${r.status}: ${r.stderr}`)
  return join(out, 'history.html')
}

async function historyScreenshot(dir: string): Promise<void> {
  const page = await historyPage(dir)
  if (process.env.KEEP_HISTORY_PAGE) writeFileSync(process.env.KEEP_HISTORY_PAGE, readFileSync(page))
  const png = join(OUT, 'history.png')
  // Wide enough for three columns of trends; virtual time lets the IntersectionObserver draw them.
  const size = [1280, 1060]
  chromium(
    [
      `--screenshot=${png}`,
      `--window-size=${size.join(',')}`,
      '--virtual-time-budget=3000',
      pathToFileURL(page).href
    ],
    join(dir, 'profile')
  )
  console.log(`${png}: ${size.join('×')}`)
}

/** The pictures the command line asks for (--html, --history, --where, or the default set), into `dir`. */
async function pictures(argv: readonly string[], dir: string): Promise<void> {
  const html = argv.indexOf('--html')
  if (html >= 0) {
    const [out, benchmark, name] = argv.slice(html + 1)
    return htmlScreenshot(out, benchmark, name ?? basename(out), dir)
  }
  if (argv.includes('--history')) return historyScreenshot(dir)
  const where = argv.indexOf('--where')
  if (where >= 0) {
    for (const out of argv.slice(where + 1))
      screenshot(`comment-where-${basename(out)}`, readFileSync(join(out, 'report.md'), 'utf8'), dir)
    return
  }
  screenshot('comment-no-change', renderMarkdown(report(SUITE, 1)), dir)
  screenshot('comment-regression', renderMarkdown(report(withRatio('BM_Parse/json/4096', 1.08), 2)), dir)
  screenshot('comment-200-benchmarks', renderMarkdown(report(manyBenchmarks(), 3)), dir)
  const linux = report(withRatio('BM_Parse/json/4096', 1.08), 4, 'linux-gcc')
  const mac = report(SUITE, 5, 'macos-clang')
  const matrix = composeComment([
    sectionFor('linux-gcc', renderMarkdown(linux)),
    sectionFor('macos-clang', renderMarkdown(mac))
  ])
  screenshot('comment-matrix', matrix, dir)
  await historyScreenshot(dir)
}

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('chromium not found (apt-get install chromium)')
  mkdirSync(OUT, { recursive: true })
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-screenshots-'))
  try {
    await pictures(process.argv, dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
