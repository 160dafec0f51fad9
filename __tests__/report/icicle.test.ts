/**
 * The HTML report's differential icicle (issue 30): its geometry on small hand-made trees whose
 * bars follow by hand, the diverging colour scale, labels cut to fit, tooltips, and a hostile
 * function name escaped on its way into the page.
 */
import { describe, expect, it } from '@jest/globals'
import {
  deltaColour,
  deltaScale,
  fitLabel,
  ICICLE_SATURATION,
  icicleLayout,
  icicleTooltip,
  type IcicleRow
} from '../../src/report/html/icicle.js'
import { renderHtml } from '../../src/report/html/render.js'
import { synthAttribution, synthReport, synthSamples } from './htmlFixture.js'

const bars = (rows: IcicleRow[], width: number) =>
  icicleLayout(rows, width).map((b) => [rows[b.i][0], b.x, b.w, b.depth])

describe('icicleLayout', () => {
  it('puts children side by side under their parent, widths in proportion to the larger side', () => {
    // root 100 | head 80: a is 60 (base), b is 30 (head); c under a is 15 (head)
    const rows: IcicleRow[] = [
      ['root', -1, 100, 80],
      ['a', 0, 60, 40],
      ['b', 0, 10, 30],
      ['c', 1, 5, 15]
    ]
    expect(bars(rows, 1000)).toEqual([
      ['root', 0, 1000, 0],
      ['a', 0, 600, 1],
      ['b', 600, 300, 1],
      ['c', 0, 150, 2]
    ])
  })

  it('squeezes children wider than their parent to fit under it, and carries the squeeze down', () => {
    // a renamed call: old (base only) and new (head only) are 100 each under a root of 100
    const rows: IcicleRow[] = [
      ['root', -1, 100, 100],
      ['old', 0, 100, 0],
      ['new', 0, 0, 100],
      ['leaf', 2, 0, 50]
    ]
    expect(bars(rows, 400)).toEqual([
      ['root', 0, 400, 0],
      ['old', 0, 200, 1],
      ['new', 200, 200, 1],
      ['leaf', 200, 100, 2] // half of new, at new's squeezed scale
    ])
  })

  it('leaves out rows whose parent does not come first, bars under minPx, and an empty root', () => {
    const rows: IcicleRow[] = [
      ['root', -1, 100, 100],
      ['self-parent', 1, 10, 10],
      ['later-parent', 3, 10, 10],
      ['tiny', 0, 0.01, 0.01]
    ]
    expect(bars(rows, 100)).toEqual([['root', 0, 100, 0]])
    expect(icicleLayout([['root', -1, 0, 0]], 100)).toEqual([])
    expect(icicleLayout([['not-root', 0, 1, 1]], 100)).toEqual([])
  })
})

describe('icicle colours, labels and tooltips', () => {
  it('maps the change to −1..1, saturating at ±ICICLE_SATURATION; one-sided functions at the ends', () => {
    expect(deltaScale(100, 100)).toBe(0)
    expect(deltaScale(100, 100 * (1 + ICICLE_SATURATION / 2))).toBeCloseTo(0.5)
    expect(deltaScale(100, 300)).toBe(1)
    expect(deltaScale(100, 0)).toBe(-1)
    expect(deltaScale(0, 5)).toBe(1)
    expect(deltaScale(0, 0)).toBe(0)
  })
  it('fills grey at no change, red when slower, blue when faster, halfway in between', () => {
    expect(deltaColour(0)).toBe('rgb(232,232,232)')
    expect(deltaColour(1)).toBe('rgb(215,48,39)')
    expect(deltaColour(-1)).toBe('rgb(69,117,180)')
    expect(deltaColour(0.5)).toBe(
      `rgb(${Math.round((232 + 215) / 2)},${(232 + 48) / 2},${Math.round((232 + 39) / 2)})`
    )
  })
  it('cuts a label to the bar with an ellipsis, or drops it when under three characters fit', () => {
    expect(fitLabel('crc_update', 7 * 10 + 6)).toBe('crc_update')
    expect(fitLabel('crc_update', 7 * 5 + 6)).toBe('crc_…')
    expect(fitLabel('crc_update', 7 * 2 + 6)).toBe('')
  })
  it('says name, both sides and the change in the tooltip', () => {
    expect(icicleTooltip(['f()', 0, 1000, 1080], 'instructions')).toBe(
      'f()\ninstructions per iteration, inclusive\nbase 1,000  head 1,080\nΔ +80 (+8.0%)'
    )
    expect(icicleTooltip(['g', 0, 0, 5], 'cycles')).toMatch(/Δ \+5 \(only at head\)$/)
    expect(icicleTooltip(['h', 0, 5, 0], 'cycles')).toMatch(/Δ −5 \(only at base\)$/)
  })
})

describe('icicle in the report page', () => {
  it('carries the tree in the section’s data script with a hostile name escaped, and a figure to draw it in', () => {
    const samples = synthSamples()
    const report = synthReport(samples)
    const evil = '</script><img src=x onerror=alert(1)>&amp;'
    const attribution = synthAttribution(evil)
    report.suite.comparisons[0] = { ...report.suite.comparisons[0], attribution }
    const html = renderHtml(report, samples)
    expect(html).not.toContain('</script><img')
    expect(html).not.toContain('<img src=x')
    const sections = html.split('<details class="bench').filter((x) => x.includes('data-plot="icicle"'))
    expect(sections).toHaveLength(1)
    const i = /data-i="(\d+)"/.exec(sections[0])![1]
    const data = new RegExp(`<script type="application/json" id="d${i}">(.*?)</script>`).exec(html)!
    const wire = JSON.parse(data[1]) as { t: { r: IcicleRow[]; d: number } }
    expect(wire.t.r).toEqual([
      ['BM', -1, 100, 108],
      [evil, 0, 50, 58],
      ['memcpy', 0, 30, 28]
    ])
    expect(wire.t.d).toBe(2)
    expect(html).toContain('2 calls under 0.5% of the loop')
  })
})
