/**
 * history.html's data (src/history/html/embed.ts, decode.ts) and page shell (render.ts): the numbers
 * survive the integer coding within its resolution, gaps and missing intervals stay gaps, findings come
 * first, and no name can end the data script or inject HTML. The page script itself runs in
 * htmlBrowser.test.ts.
 */
import { describe, expect, it } from '@jest/globals'
import { analyseHistory } from '../../src/history/changes.js'
import { seriesPoints } from '../../src/history/html/decode.js'
import { embedHistory } from '../../src/history/html/embed.js'
import { HISTORY_DATA_ID, renderHistoryHtml } from '../../src/history/html/render.js'
import type { HistoryWire } from '../../src/history/html/wire.js'
import { repositoryWebUrl } from '../../src/history/repoUrl.js'
import { jsonForScript } from '../../src/report/escape.js'
import { flat, syntheticHistory } from './synthetic.js'

const LN = Math.log(1000)
const HOSTILE = 'BM_</script><img src=x onerror=alert(1)><!--\u2028&amp;'

/** 60 commits: a +10% step at 30 in BM_Step, BM_Gappy absent at 10–14 and without intervals after 40. */
function history() {
  const records = syntheticHistory({
    commits: 60,
    series: [
      flat('BM_Flat'),
      { name: 'BM_Step', truth: (i) => LN + (i >= 30 ? Math.log(1.1) : 0) },
      flat('BM_Gappy', 3),
      flat(HOSTILE, -4)
    ],
    fingerprint: (i) => ({ cpuModel: i < 50 ? 'EPYC <7763>' : 'Xeon & co', numCpus: 4 })
  })
  for (const [i, r] of records.entries()) {
    if (i >= 10 && i < 15) r.benchmarks = r.benchmarks.filter((b) => b.name !== 'BM_Gappy')
    const g = r.benchmarks.find((b) => b.name === 'BM_Gappy')
    if (g && i >= 40) g.location = { ...g.location!, ci: null, ci_level: null }
  }
  return records
}

/** The page's data as the browser reads it: the script element's text through JSON.parse. */
function dataOf(html: string): HistoryWire {
  const m = new RegExp(`<script type="application/json" id="${HISTORY_DATA_ID}">([^]*?)</script>`).exec(html)
  expect(m).not.toBeNull()
  return JSON.parse(m![1]) as HistoryWire
}

describe('history.html data', () => {
  const records = history()
  const changes = analyseHistory(records)
  const wire = JSON.parse(
    jsonForScript(embedHistory(records, changes, 'https://github.com/o/r'))
  ) as HistoryWire

  it('round trip: every location within the 0.01% coding, intervals within 0.1%, gaps kept', () => {
    expect(wire.c).toEqual(records.map((r) => r.commit))
    expect(wire.p).toEqual(records.map((r) => r.pr ?? 0))
    for (const s of wire.s) {
      const p = seriesPoints(s)
      const truth = records.flatMap((r, i) =>
        r.benchmarks.filter((b) => b.name === s.n).map((b) => ({ i, loc: b.location! }))
      )
      expect(p.index).toEqual(truth.map((t) => t.i))
      truth.forEach((t, k) => {
        expect(Math.abs(Math.log(p.median[k] / t.loc.median))).toBeLessThan(0.5e-4 + 1e-6)
        if (t.loc.ci) {
          expect(Math.abs(Math.log(p.lo[k] / t.loc.ci[0]))).toBeLessThan(0.5e-3 + 1e-4)
          expect(Math.abs(Math.log(p.hi[k] / t.loc.ci[1]))).toBeLessThan(0.5e-3 + 1e-4)
        } else {
          expect(p.lo[k]).toBeNaN()
          expect(p.hi[k]).toBeNaN()
        }
      })
    }
    expect(wire.s.find((s) => s.n === 'BM_Gappy')!.x).toEqual([0, 10, 15, 45])
  })

  it('benchmarks with findings first; change points and the environment change point at their commits', () => {
    const step = changes.series.find((s) => s.name === 'BM_Step')!
    expect(step.change_points).toHaveLength(1)
    expect(wire.s[0].n).toBe('BM_Step')
    expect(wire.s[0].k).toEqual([[29, 30, expect.any(Number), expect.any(Number)]])
    expect(wire.s[0].k[0][3] / wire.s[0].k[0][2]).toBeCloseTo(1 + step.change_points[0].change, 3)
    expect(wire.s.slice(1).every((s) => s.k.length === 0 && !s.r)).toBe(true)
    expect(wire.e).toEqual([[50, 'cpuModel: EPYC <7763> → Xeon & co']])
  })

  it('a name that tries to end the script or inject HTML stays data, whole', () => {
    const html = renderHistoryHtml(records, changes, { repoUrl: null, now: new Date(0) })
    expect(html.match(/<\/script>/g)).toHaveLength(2) // the data's and the page script's own
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<!--')
    expect(html).not.toContain('EPYC <7763>')
    const data = dataOf(html)
    expect(data.s.map((s) => s.n)).toContain(HOSTILE)
    expect(data.e[0][1]).toBe('cpuModel: EPYC <7763> → Xeon & co')
    expect(data.u).toBeNull()
  })

  it('the page is self-contained: no external script, style, image or font', () => {
    const html = renderHistoryHtml(records, changes, { repoUrl: 'https://github.com/o/r' })
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i)
    expect(html).not.toMatch(/url\(|@import/)
    expect(dataOf(html).u).toBe('https://github.com/o/r')
  })
})

describe('repositoryWebUrl', () => {
  it.each([
    ['https://github.com/o/r.git', 'https://github.com/o/r'],
    ['https://x-access-token:ghs_secret@github.com/o/r', 'https://github.com/o/r'],
    ['git@github.com:o/r.git', 'https://github.com/o/r'],
    ['ssh://git@github.example.com:2222/group/sub/r.git', 'https://github.example.com/group/sub/r'],
    ['http://127.0.0.1:8080/r.git/', null],
    ['http://127.0.0.1:8080/o/r.git', 'http://127.0.0.1:8080/o/r'],
    ['/tmp/origin.git', null],
    ['file:///tmp/o/r.git', null],
    ['https://github.com/o/r"><script>', null],
    ['javascript:alert(1)//x/y', null]
  ])('%s -> %s', (remote, web) => {
    expect(repositoryWebUrl(remote)).toBe(web)
  })
})
