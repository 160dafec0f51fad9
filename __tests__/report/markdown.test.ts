import { describe, expect, it } from '@jest/globals'
import { gate } from '../../src/gate.js'
import { fromResultsJson, toResultsJson } from '../../src/report/json.js'
import { COMMENT_MAX_CHARS, commentMarker, renderMarkdown } from '../../src/report/markdown.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { validateResults } from '../../src/report/readResults.js'
import { comparison, report } from './syntheticReport.js'

const mixed = report([
  comparison('BM_OrderBook/map/20000', 'regression', 1.061, [1.049, 1.074], 3e-9),
  comparison('BM_Parse/json/4096', 'improvement', 0.874, [0.869, 0.88], 1e-12),
  comparison('BM_Hash/crc32/64', 'inconclusive', 1.016, [0.991, 1.042], 0.31),
  comparison('BM_Array/20000', 'unchanged', 1.002, [0.996, 1.008], 0.6)
])

/** What a reader sees: numeric entities (used to neutralise Markdown characters) decoded. */
/** What a reader sees: entities decoded, and without the zero-width word joiners that stop autolinks. */
const visible = (md: string) =>
  md.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))).replace(/\u2060/g, '')

describe('Base and Head columns', () => {
  it('show the locations the test used (run medians), not the medians of every repetition', () => {
    // One process ran slow on base: the raw median (75.4 µs) and the run-level location (86.1 µs) differ,
    // and only the latter agrees with the change the test reports (89.38 / 86.1 = +3.8%).
    const c = comparison('BM_Parse', 'regression', 1.038, [1.025, 1.05], 1e-6)
    Object.assign(c, { baseMedian: 75_400, headMedian: 89_380, baseLocation: 86_100, headLocation: 89_380 })
    const r = report([c])
    for (const out of [renderMarkdown(r), renderTerminal(r)]) {
      expect(out).toContain('86.10 µs')
      expect(out).not.toContain('75.40 µs')
    }
  })
})

describe('renderMarkdown', () => {
  const md = visible(renderMarkdown(mixed))

  it('says what happened in the headline, counting every verdict', () => {
    expect(md.split('\n')[1]).toBe(
      '### benchgate: ❌ 1 regression, ✅ 1 improvement, 1 unchanged, 1 undecided'
    )
  })

  it('lists changed benchmarks with CI and adjusted p, and collapses the rest', () => {
    expect(md).toContain(
      '| ❌ | <code>BM_OrderBook/map/20000</code> | 1.190 ms | 1.263 ms | **+6.1%** [+4.9%, +7.4%] | 3e-9 | regression |'
    )
    expect(md).toContain('**−12.6%** [−13.1%, −12.0%]')
    const details = md.indexOf('<details><summary>2 benchmarks without a significant change')
    expect(details).toBeGreaterThan(md.indexOf('BM_Parse/json/4096'))
    // The one whose CI admits a regression ≥ δ comes first in the collapsed group.
    expect(md.indexOf('BM_Hash/crc32/64')).toBeLessThan(md.indexOf('BM_Array/20000'))
    // The verdict cell stays short; the advice is a footnote under the table.
    // …worded from the analysis' advice (STATISTICS §4), not from the raw power requirement
    expect(md).toMatch(
      /\| undecided ¹ \|\n(\|.*\n)*\n¹ could still be ≥ \+2%: ≈ 12 more rounds would decide it\n/
    )
    expect(md).not.toContain('48 more rounds')
    expect(md).toContain('median: could detect ≥ 2.4%')
  })

  it('starts with the sticky-comment marker for its key', () => {
    expect(md.split('\n')[0]).toBe(commentMarker('default'))
    expect(commentMarker('a b<c>')).toBe('<!-- benchgate:report key=a_b_c_ -->')
  })

  it('escapes untrusted benchmark names: pipes, backticks, HTML and @mentions', () => {
    const nasty = report([
      comparison('BM_`x`|<script>alert(1)</script> @someone', 'regression', 1.1, [1.05, 1.15], 1e-6)
    ])
    const out = renderMarkdown(nasty)
    expect(out).not.toContain('<script>')
    expect(out).not.toContain('@someone')
    expect(out).not.toMatch(/BM_`/)
    expect(out).toContain('&lt;script&gt;')
    expect(out).toContain('&#64;someone')
    // The table row still has exactly the 7 columns (8 pipes).
    const row = out.split('\n').find((l) => l.includes('alert'))!
    expect(row.split('|').length - 1).toBe(8)
  })

  it('stays under 65,536 characters with 2,000 benchmarks, truncating the collapsed part first and saying so', () => {
    const many = report(
      Array.from({ length: 2000 }, (_, i) =>
        i < 5
          ? comparison(`BM_Reg/${i}`, 'regression', 1.05, [1.03, 1.07], 1e-6)
          : comparison(`BM_Quiet/${i}/some/long/name`, 'unchanged', 1.0, [0.99, 1.01], 0.5)
      )
    )
    const raw = renderMarkdown(many)
    expect(raw.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    const out = visible(raw)
    for (let i = 0; i < 5; i++) expect(out).toContain(`BM_Reg/${i}`)
    expect(out).toMatch(/_\d+ more not shown here to stay under GitHub's size limit/)
    expect(out.startsWith(commentMarker() + '\n')).toBe(true)
    // The uncut summary keeps everything.
    const full = visible(renderMarkdown(many, { maxChars: Infinity }))
    expect(full).toContain('BM_Quiet/1999/some/long/name')
  })

  it('reads calmly when nothing changed', () => {
    const quiet = report([comparison('BM_A', 'inconclusive', 1.01, [0.98, 1.04], 0.4)])
    expect(renderMarkdown(quiet).split('\n')[1]).toBe(
      '### benchgate: ❔ nothing could be decided · 1 undecided'
    )
  })
})

describe('results JSON', () => {
  it('round-trips through the validator and renders the same report', () => {
    const json = JSON.stringify(toResultsJson(mixed, '0.0.0-test'))
    const back = fromResultsJson(validateResults(json, 'results.json'))
    expect(renderMarkdown(back)).toBe(renderMarkdown(mixed))
  })

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['wrong format', JSON.stringify({ format: 'x' }), /\$\.format: expected "benchgate-results"/],
    [
      'future version',
      JSON.stringify({ format: 'benchgate-results', version: 99 }),
      /version 99 is not supported/
    ]
  ])('rejects %s with a message naming where', (_what, text, message) => {
    expect(() => validateResults(text, 'r.json')).toThrow(message)
  })

  it('rejects a benchmark with a wrongly typed field', () => {
    const json = toResultsJson(mixed, 'x') as unknown as { benchmarks: Array<Record<string, unknown>> }
    json.benchmarks[1].p_value = 'small'
    expect(() => validateResults(JSON.stringify(json), 'r.json')).toThrow(
      /\$\.benchmarks\[1\]\.p_value: must be a finite number or null\. docs\/results\.schema\.json/
    )
  })
})

describe('gate and terminal', () => {
  it('fails on a regression unless fail-on is never, and says why in one line', () => {
    expect(gate(mixed.suite, ['regression', 'failed'])).toEqual({
      pass: false,
      conclusion: 'failure',
      reason: 'benchgate: fail: 1 regression (of 4 benchmarks)'
    })
    expect(gate(mixed.suite, ['never']).pass).toBe(true)
    expect(gate(mixed.suite, ['regression', 'failed', 'inconclusive']).reason).toContain('1 undecided')
  })

  it('says "undecided" out loud: a neutral conclusion, exit 0, and "nothing could be decided" first when nothing was', () => {
    const some = report([
      comparison('BM_a', 'unchanged', 1.002, [0.996, 1.008], 0.6),
      comparison('BM_b', 'inconclusive', 1.01, [0.97, 1.05], 0.4)
    ])
    expect(gate(some.suite, ['regression', 'failed'])).toEqual({
      pass: true,
      conclusion: 'neutral',
      reason: 'benchgate: undecided: 1 of 2 benchmarks could not be decided; no regression found'
    })
    expect(renderMarkdown(some).split('\n')[1]).toBe('### benchgate: ❔ undecided · 1 unchanged, 1 undecided')
    const none = report([comparison('BM_b', 'inconclusive', 1.01, [0.97, 1.05], 0.4)])
    expect(gate(none.suite, ['regression', 'failed']).reason).toBe(
      'benchgate: undecided: nothing could be decided (1 of 1 benchmark could not be decided; no regression found)'
    )
    expect(renderMarkdown(none).split('\n')[1]).toBe(
      '### benchgate: ❔ nothing could be decided · 1 undecided'
    )
    expect(renderTerminal(none).split('\n')[0]).toBe('benchgate: nothing could be decided · 1 undecided')
    // fail-on inconclusive turns it into a failure; every benchmark decided is a plain pass
    expect(gate(none.suite, ['regression', 'failed', 'inconclusive'])).toMatchObject({
      pass: false,
      conclusion: 'failure'
    })
    const decided = report([comparison('BM_a', 'unchanged', 1.002, [0.996, 1.008], 0.6)])
    expect(gate(decided.suite, ['regression', 'failed'])).toMatchObject({ pass: true, conclusion: 'success' })
  })

  it('prints every benchmark, regressions first, without colour unless asked', () => {
    const text = renderTerminal(mixed)
    expect(text).not.toContain('\x1b[')
    const lines = text.split('\n')
    expect(lines.findIndex((l) => l.startsWith('BM_OrderBook'))).toBeLessThan(
      lines.findIndex((l) => l.startsWith('BM_Parse'))
    )
    expect(renderTerminal(mixed, { colour: true })).toContain('\x1b[31m')
  })

  it('aligns the columns by characters as a terminal counts them: an astral character is one', () => {
    const text = renderTerminal(
      report([
        comparison('BM_😀/a', 'unchanged', 1.002, [0.996, 1.008], 0.6),
        comparison('BM_x/long_name', 'unchanged', 1.001, [0.995, 1.007], 0.7)
      ])
    )
    const rows = text.split('\n').filter((l) => l.startsWith('BM_'))
    expect(rows).toHaveLength(2)
    // The first cell is padded to the longest name: "BM_😀/a" is 7 characters (8 UTF-16 units).
    const baseColumn = rows.map((r) => [...r].findIndex((_, i) => i > 0 && /\d/.test([...r][i])))
    expect(baseColumn[0]).toBe(baseColumn[1])
    expect([...rows[0]].length).toBe([...rows[1]].length)
  })
})

describe('change chart in the PR comment', () => {
  /** The chart's lines as a reader sees them (entities decoded). */
  function chartOf(md: string): { lines: string[] } | null {
    const m = /^<pre>([\s\S]*?)<\/pre>$/m.exec(md)
    return m
      ? {
          lines: visible(m[1]).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').split('\n')
        }
      : null
  }

  it('draws each change and each CI that reaches ±δ on one axis, changes first', () => {
    const chart = chartOf(renderMarkdown(mixed))!
    expect(chart).not.toBeNull()
    const [axis, ...rows] = chart.lines
    // Regression, improvement, then the inconclusive one whose CI reaches +2%; not the unchanged one.
    expect(rows.map((r) => r.split(/\s+/)[0])).toEqual([
      'BM_OrderBook/map/20000',
      'BM_Parse/json/4096',
      'BM_Hash/crc32/64'
    ])
    const width = axis.length
    for (const row of rows) expect(row.length).toBe(width)
    // The zero mark sits in the same column on every row, under the axis's "0".
    const zero = axis.lastIndexOf('0')
    const at = (row: string, ch: string) => [...row].map((c, i) => (c === ch ? i : -1)).filter((i) => i >= 0)
    for (const row of rows) expect(row[zero] === '│' || row[zero] === '━' || row[zero] === '●').toBe(true)
    // The regression's estimate is right of zero and its whole CI clears the +δ mark; the improvement's is left.
    const [reg, imp, inc] = rows
    expect(at(reg, '●')[0]).toBeGreaterThan(zero)
    expect(Math.min(...at(reg, '━'), ...at(reg, '●'))).toBeGreaterThan(Math.max(...at(reg, '┆')))
    expect(at(imp, '●')[0]).toBeLessThan(zero)
    expect(Math.max(...at(imp, '━'), ...at(imp, '●'))).toBeLessThan(Math.min(...at(imp, '┆')))
    // The inconclusive CI spans zero (so zero is covered by the bar).
    expect(inc[zero]).not.toBe('│')
    expect(reg).toContain('+6.1%')
  })

  it('is left out when it adds nothing: no change and every CI within ±δ', () => {
    const calm = report([comparison('BM_Array/20000', 'unchanged', 1.002, [0.996, 1.008], 0.6)])
    expect(chartOf(renderMarkdown(calm))).toBeNull()
    expect(renderMarkdown(calm)).not.toContain('<pre>')
  })

  it('escapes hostile names and keeps the columns aligned', () => {
    const nasty = report([
      comparison('BM_````x\n```\n<script>@someone', 'regression', 1.1, [1.05, 1.15], 1e-6),
      comparison('BM_ok', 'improvement', 0.9, [0.88, 0.92], 1e-6)
    ])
    const md = renderMarkdown(nasty)
    const chart = chartOf(md)!
    expect(chart.lines).toHaveLength(3) // axis + 2 rows: the newline in the name did not split a row
    expect(new Set(chart.lines.map((l) => [...l].length)).size).toBe(1)
    expect(chart.lines[1].startsWith('BM_````x\\u000A')).toBe(true)
    const raw = /<pre>[\s\S]*?<\/pre>/.exec(md)![0]
    expect(raw.slice(5, -6)).not.toMatch(/[<>`@]/)
  })

  it('is dropped before any changed row when the comment is over the cap', () => {
    const many = report(
      Array.from({ length: 400 }, (_, i) => ({
        ...comparison(`BM_Regression/with/a/rather/long/name/${i}`, 'regression', 1.05, [1.03, 1.07], 1e-6),
        warnings: []
      }))
    )
    const full = renderMarkdown(many, { maxChars: Infinity })
    expect(chartOf(full)).not.toBeNull()
    const chartChars = full.length - renderMarkdown(many, { maxChars: full.length - 1 }).length
    expect(chartChars).toBeGreaterThan(0)
    const capped = renderMarkdown(many, { maxChars: full.length - 1 })
    expect(chartOf(capped)).toBeNull()
    expect(visible(capped)).toContain('BM_Regression/with/a/rather/long/name/399')
    expect(renderMarkdown(many).length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
  })
})

describe('interval labels (STATISTICS §6)', () => {
  it('say simultaneous with the per-interval level, never a bare "99% CI" over several benchmarks', () => {
    const md = renderMarkdown(mixed)
    expect(md).toMatch(/Change \[99% simultaneous CI, each [\d.]+%\]/)
    expect(md).not.toMatch(/\[99% CI\]/)
    const text = renderTerminal(mixed).replace(/\n {2,}/g, ' ')
    expect(text).toMatch(/intervals: 99% simultaneous CI, each [\d.]+%/)
    expect(text).toMatch(/99% simult\. CI/)
    const none = {
      ...mixed,
      suite: { ...mixed.suite, options: { ...mixed.suite.options, correction: 'none' as const } }
    }
    expect(renderMarkdown(none)).toMatch(/Change \[99% CI, not simultaneous\]/)
  })
})

describe('Base/Head and the change (issue 26)', () => {
  it('a row whose columns and estimate point different ways is footnoted; one whose agree is not', () => {
    const odd = comparison('BM_Odd', 'inconclusive', 1.084, [0.97, 1.2], 0.3)
    odd.baseLocation = 15_420
    odd.headLocation = 14_800
    const md = renderMarkdown(report([odd, comparison('BM_Fine', 'unchanged', 1.002, [0.996, 1.008], 0.6)]))
    expect(md).toMatch(
      /BM&#95;Odd<\/code> \| 15\.42 µs \| 14\.80 µs \| \+8\.4%[^\n]*(\S) \|[\s\S]*\n\1 Base and Head are the medians of the per-process values; the change is the Hodges-Lehmann estimate/
    )
    expect(md.match(/Base and Head are the medians/g)).toHaveLength(1)
  })
})
