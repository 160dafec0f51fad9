/**
 * The HTML report in a real headless browser (Debian's chromium): the page's self-test mode
 * (`#selftest`) opens every section, draws every plot and writes what it found into
 * `<pre id="selftest">`, which --dump-dom gives back. Console output of any kind fails the test (the
 * page writes none). A screenshot is saved to look at in $BENCHGATE_TEST_ARTIFACTS when set. history.html (issue 31) the same way, one run.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { analyseHistory } from '../../src/history/changes.js'
import { renderHistoryHtml } from '../../src/history/html/render.js'
import { renderHtml } from '../../src/report/html/render.js'
import { flat, syntheticHistory } from '../history/synthetic.js'
import { synthAttribution, synthBothReport, synthReport, synthSamples } from './htmlFixture.js'

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
  '--no-default-browser-check',
  '--enable-logging=stderr',
  '--v=0'
]

interface SelfTest {
  sections: Array<{ id: string; name: string }>
  plots: Array<{ section: string; plot: string; elements: number; width: number; height: number }>
  /** Sections shown with the first section's name in the filter box. */
  filtered: string[]
  errors: string[]
}

function chromium(args: string[], dir: string): { stdout: string; stderr: string } {
  const r = spawnSync(CHROMIUM as string, [...FLAGS, `--user-data-dir=${join(dir, 'profile')}`, ...args], {
    encoding: 'utf8',
    timeout: 90_000,
    maxBuffer: 1 << 27
  })
  if (r.error) throw r.error
  return { stdout: r.stdout, stderr: r.stderr }
}

/** Lines where the page wrote to the console (chromium logs them all as INFO:CONSOLE). */
const consoleLines = (stderr: string) => stderr.split('\n').filter((l) => /:CONSOLE[:(]/.test(l))

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

describe('HTML report in headless chromium', () => {
  if (!CHROMIUM) {
    it.skip('needs chromium (apt-get install chromium): not found, skipped', () => undefined)
    return
  }

  const samples = synthSamples()
  const report = synthReport(samples)
  // one benchmark with count mode's call tree, a hostile function name in it: the icicle is drawn too
  const evil = '</script><img src=x onerror=alert(1)>crc_update'
  report.suite.comparisons[0] = { ...report.suite.comparisons[0], attribution: synthAttribution(evil) }
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-html-'))
  const page = join(dir, 'report.html')
  writeFileSync(page, renderHtml(report, samples))
  const url = pathToFileURL(page).href

  it('draws every plot of every benchmark with no errors', () => {
    const { stdout, stderr } = chromium(['--virtual-time-budget=10000', '--dump-dom', `${url}#selftest`], dir)
    const m = /<pre id="selftest">([^<]*)<\/pre>/.exec(stdout)
    expect(m).not.toBeNull()
    const result = JSON.parse(decode(m![1])) as SelfTest
    expect(result.errors).toEqual([])
    expect(consoleLines(stderr)).toEqual([])
    // Every benchmark has its section, hostile names included, shown as text.
    expect(result.sections.map((s) => s.name).sort()).toEqual(
      report.suite.comparisons.map((c) => c.benchmark).sort()
    )
    // Six plots per benchmark (all have both sides and ≥ 3 values), each drawn with real content and
    // size, and the icicle (a legend of 9 swatches and 3 bars of rect, title and label) for the one with a call tree.
    const sixPlots = ['acf0', 'acf1', 'diff', 'dist', 'ecdf', 'time']
    for (const s of result.sections) {
      const plots = result.plots.filter((p) => p.section === s.id)
      const withTree = s.name === report.suite.comparisons[0].benchmark
      expect(plots.map((p) => p.plot).sort()).toEqual(withTree ? [...sixPlots, 'icicle'].sort() : sixPlots)
      for (const p of plots) {
        expect(p.width).toBeGreaterThan(200)
        expect(p.height).toBeGreaterThan(p.plot === 'icicle' ? 30 : 80) // the icicle: two rows of bars
        expect(p.height).toBeLessThan(p.width)
        expect(p.elements).toBeGreaterThan(p.plot === 'time' ? 120 : 20) // 120 points on the time series
        if (p.plot === 'icicle') expect(p.elements).toBeGreaterThanOrEqual(9 + 3 * 4)
      }
    }
    const forest = result.plots.find((p) => p.plot === 'forest')
    expect(forest?.elements).toBeGreaterThan(10)
    // The filter box keeps exactly the sections whose name holds the text, case-insensitively.
    const query = result.sections[0].name.toLowerCase()
    expect(result.filtered).toEqual(
      result.sections.filter((s) => s.name.toLowerCase().includes(query)).map((s) => s.id)
    )
    expect(result.filtered.length).toBeLessThan(result.sections.length)
    // The hostile names stayed text: the live DOM holds only the page's own scripts (its data, one
    // data script per benchmark, the client).
    expect(stdout.match(/<script/g)).toHaveLength(2 + report.suite.comparisons.length)
  })

  it('fits its summary tables in a 1,100 px window under --measure both, long names and all', () => {
    // A newcomer saw the Verdict column cut ("regressio") at 1,100 px: the quiet table's names did not wrap.
    const both = synthBothReport()
    const wide = join(dir, 'both.html')
    writeFileSync(wide, renderHtml(both.report, both.samples))
    const { stdout } = chromium(
      [
        '--virtual-time-budget=10000',
        '--window-size=1100,900',
        '--dump-dom',
        `${pathToFileURL(wide).href}#selftest`
      ],
      dir
    )
    const m = /<pre id="selftest">([^<]*)<\/pre>/.exec(stdout)
    const result = JSON.parse(decode(m![1])) as { overflowing: unknown[]; errors: string[] }
    expect(result.errors).toEqual([])
    expect(stdout).toContain('<th>Verdict</th>')
    expect(stdout).toContain('<th class="num">Instructions</th>')
    expect(result.overflowing).toEqual([])
  })

  it('saves a screenshot to look at', () => {
    // Kept to look at only where asked ($BENCHGATE_TEST_ARTIFACTS); else made and checked in the test's own folder.
    const outDir = process.env.BENCHGATE_TEST_ARTIFACTS ?? dir
    mkdirSync(outDir, { recursive: true })
    const png = join(outDir, 'html-report.png')
    rmSync(png, { force: true })
    const { stderr } = chromium(
      [
        '--virtual-time-budget=5000',
        '--hide-scrollbars',
        `--screenshot=${png}`,
        '--window-size=1280,2400',
        `${url}#open=b0`
      ],
      dir
    )
    expect(consoleLines(stderr)).toEqual([])
    expect(statSync(png).size).toBeGreaterThan(50_000)
    console.log(`HTML report screenshot: ${png}`)
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('history.html in headless chromium', () => {
  if (!CHROMIUM) {
    it.skip('needs chromium (apt-get install chromium): not found, skipped', () => undefined)
    return
  }

  it('draws every trend, links change points to their commits, filters by text, regex and findings', () => {
    const hostile = 'BM_</script><img src=x onerror=alert(1)>'
    const LN = Math.log(1000)
    const records = syntheticHistory({
      commits: 60,
      series: [
        flat('BM_Flat'),
        { name: 'BM_Step', truth: (i) => LN + (i >= 30 ? Math.log(1.1) : 0) },
        flat(hostile, 2)
      ],
      fingerprint: (i) => ({ cpuModel: i < 50 ? 'EPYC' : 'Xeon', numCpus: 4 })
    })
    const changes = analyseHistory(records)
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-history-html-'))
    const page = join(dir, 'history.html')
    writeFileSync(page, renderHistoryHtml(records, changes, { repoUrl: 'https://github.com/o/r' }))
    const { stdout, stderr } = chromium(
      ['--virtual-time-budget=5000', '--dump-dom', `${pathToFileURL(page).href}#selftest`],
      dir
    )
    rmSync(dir, { recursive: true, force: true })
    const m = /<pre id="selftest">([^<]*)<\/pre>/.exec(stdout)
    expect(m).not.toBeNull()
    const result = JSON.parse(decode(m![1])) as {
      cards: Array<{ id: string; name: string; width: number; inked: number }>
      links: string[]
      filtered: Record<'text' | 'regex' | 'invalid' | 'findings', string[]>
      errors: string[]
    }
    expect(result.errors).toEqual([])
    expect(consoleLines(stderr)).toEqual([])
    // Findings first, then by name; the hostile name shown as text; every canvas drawn.
    expect(result.cards.map((c) => c.name)).toEqual(['BM_Step', hostile, 'BM_Flat']) // '<' sorts before 'F'
    for (const c of result.cards) {
      expect(c.width).toBeGreaterThan(200)
      expect(c.inked).toBeGreaterThan(2000)
    }
    // The environment change links its first commit; the step's change point the commit before and the
    // first after (and its PR); its creep (the last 30 steps hold the step) the commit it starts from.
    expect(result.links).toEqual([
      `https://github.com/o/r/commit/${records[50].commit}`,
      'https://github.com/o/r/pull/1050',
      `https://github.com/o/r/commit/${records[29].commit}`,
      `https://github.com/o/r/commit/${records[30].commit}`,
      'https://github.com/o/r/pull/1030',
      `https://github.com/o/r/commit/${records[29].commit}`
    ])
    expect(result.filtered).toEqual({
      text: ['BM_Step'],
      regex: ['BM_Step', 'BM_Flat'],
      invalid: [],
      findings: ['BM_Step']
    })
    expect(stdout.match(/<script/g)).toHaveLength(2)
  })
})
