import { describe, expect, it } from '@jest/globals'
import { formatLevel } from '../../src/report/format.js'
import { jsonForScript } from '../../src/report/escape.js'
import { renderHtml } from '../../src/report/html/render.js'
import type { Report } from '../../src/report/model.js'
import type { Sample } from '../../src/samples/model.js'
import { synthReport, synthSamples } from './htmlFixture.js'

const samples = synthSamples()
const report = synthReport(samples)
const html = renderHtml(report, samples, { now: new Date('2025-01-02T03:04:05Z') })

/**
 * The page's data as its script reads it: the page-wide `#benchgate-data`, and each benchmark's
 * `#d<i>` in section order.
 */
function blob(page: string): { benchmarks: Array<{ n: string; s: unknown }>; forest: number[][] } {
  const m = /<script type="application\/json" id="benchgate-data">([\s\S]*?)<\/script>/.exec(page)
  if (!m) throw new Error('no data blob')
  const benchmarks = [...page.matchAll(/<details class="bench[^"]*" id="b(\d+)"/g)].map((s) => {
    const d = new RegExp(`<script type="application/json" id="d${s[1]}">([\\s\\S]*?)</script>`).exec(page)
    if (!d) throw new Error(`no data for section b${s[1]}`)
    return JSON.parse(d[1])
  })
  return { ...JSON.parse(m[1]), benchmarks }
}

/** Every JSON script's text (page-wide and per benchmark). */
const rawScripts = (page: string): string[] =>
  [...page.matchAll(/<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/g)].map((m) => m[1])

describe('renderHtml', () => {
  it('has one section per benchmark, changed ones first, and the same headline as the PR comment', () => {
    const ids = [...html.matchAll(/<details class="bench[^"]*" id="b(\d+)"/g)].map((m) => Number(m[1]))
    expect(ids).toEqual(report.suite.comparisons.map((_c, i) => i))
    const data = blob(html)
    expect(data.benchmarks.map((b) => b.n).sort()).toEqual(
      report.suite.comparisons.map((c) => c.benchmark).sort()
    )
    expect(data.benchmarks[0].n).toBe('BM_OrderBook/map/20000')
    expect(data.benchmarks[1].n).toBe('BM_Parse/json/4096')
    expect(html).toContain('<title>benchgate: 1 regression, 1 improvement,')
    expect(html).toContain('6 benchmarks without a significant change of 2% or more')
  })

  it('renders untrusted names, refs and provenance inert', () => {
    // Exactly the page's own script elements (its data, one data script per benchmark, the client);
    // nothing a name or provenance could have added.
    const own = 2 + report.suite.comparisons.length
    expect(html.match(/<script/g)).toHaveLength(own)
    expect(html.match(/<\/script>/g)).toHaveLength(own)
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>bold')
    expect(html).not.toMatch(/<x>/)
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('BM_&lt;int&gt;|x &quot;q&quot; &amp; &#39;a&#39;')
    // The JSON blob has no raw '<' (so no '</script>' or '<!--'), yet parses back to the exact names.
    for (const raw of rawScripts(html)) expect(raw).not.toMatch(/[<>&]/)
    const names = blob(html).benchmarks.map((b) => b.n)
    expect(names).toContain('</script><script>alert(1)</script>')
    expect(names).toContain(`BM_<int>|x "q" & 'a' \`tick\` @someone`)
    expect(jsonForScript({ a: '</script>\u2028&' })).toBe('{"a":"\\u003c/script\\u003e\\u2028\\u0026"}')
  })

  it('needs no network: no external URLs, scripts, styles or fonts', () => {
    const urls = [...html.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0])
    expect(urls.filter((u) => u !== 'http://www.w3.org/2000/svg')).toEqual([])
    expect(html).not.toMatch(/<(link|img|iframe|object|embed)\b|<[^>]*\ssrc=|@import|url\(/)
  })

  it('shows every number the issue asks for', () => {
    // Bonferroni over the family: the intervals are at 1 − α/K.
    const level = formatLevel(1 - report.suite.options.alpha / report.suite.familySize)
    for (const text of [
      'Mann-Whitney p',
      'p adjusted',
      `Shift head − base [${level} CI]`,
      `Ratio head/base [${level} CI]`,
      'Could detect',
      'ICC (repetitions in a run)',
      'Design effect',
      'Ljung-Box p',
      'Google Benchmark version',
      '1a2b3c4d5e6f',
      'performance', // governor
      'AMD EPYC 7763'
    ])
      expect(html).toContain(text)
    // Provenance that differs between sides is marked.
    expect(html).toMatch(/<tr class="differs"><th>Compiler<\/th>/)
  })

  it('says so, and draws nothing, without samples', () => {
    const page = renderHtml(report, [], { noSamplesReason: 'no samples/ folder next to results.json' })
    expect(page).toContain('No plots: no samples/ folder next to results.json.')
    expect(page).not.toContain('data-plot=')
    expect(page).toContain('Mann-Whitney p')
    expect(blob(page).benchmarks.every((b) => b.s === null)).toBe(true)
  })

  it('stays small for 500 benchmarks × 60 samples per side', () => {
    // One analysed Comparison reused under 500 names: the size comes from the samples and tables.
    const template = report.suite.comparisons.find((c) => c.benchmark === 'BM_OrderBook/map/20000')!
    const base = samples.filter((s) => s.benchmark === template.benchmark)
    const many: Sample[] = []
    const comparisons = Array.from({ length: 500 }, (_v, i) => {
      const name = `BM_Family${i % 17}/case/${i}`
      for (const s of base) many.push({ ...s, benchmark: name, realTimeNs: s.realTimeNs * (1 + i / 1000) })
      return {
        ...template,
        benchmark: name,
        verdict: i % 10 === 0 ? template.verdict : ('unchanged' as const)
      }
    })
    const big: Report = { ...report, suite: { ...report.suite, comparisons } }
    const started = Date.now()
    const page = renderHtml(big, many)
    const ms = Date.now() - started
    const mb = Buffer.byteLength(page) / 1e6
    console.log(`HTML report, 500 benchmarks × 60 samples/side: ${mb.toFixed(2)} MB, rendered in ${ms} ms`)
    expect(mb).toBeLessThan(4)
    expect(page.match(/<details class="bench/g)).toHaveLength(500)
  })
})
