/**
 * One word per verdict in every output: the terminal, the PR comment, the HTML page, the check run's
 * title and the gate's line all name a verdict as the verdict table (src/report/verdicts.ts) does, so
 * the headline can never say "undecided" above a row saying "inconclusive". Changing the table changes
 * every output, and the HTML page keeps its order and its verdicts when an emoji changes.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import type { Comparison, Verdict } from '../../src/analysis/types.js'
import { ALL_VERDICTS } from '../../src/analysis/verdict.js'
import { gate } from '../../src/gate.js'
import { checkRunTitle } from '../../src/github/checks.js'
import { renderHtml } from '../../src/report/html/render.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import type { Report } from '../../src/report/model.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { VERDICTS, type VerdictStyle } from '../../src/report/verdicts.js'
import { comparison, report } from './syntheticReport.js'

/** Ratio and interval per verdict, as the analysis would give them (none for one side only or failed). */
const SHAPE: Record<Verdict, [number, [number, number]] | null> = {
  regression: [1.061, [1.049, 1.074]],
  improvement: [0.874, [0.869, 0.88]],
  negligible: [1.012, [1.004, 1.018]],
  unchanged: [1.002, [0.996, 1.008]],
  inconclusive: [1.016, [0.991, 1.042]],
  'timing-only': [1.07, [1.05, 1.09]],
  new: null,
  removed: null,
  failed: null,
  skipped: null
}

/** A suite with one benchmark of every verdict. */
function everyVerdict(): Report {
  return report(
    ALL_VERDICTS.map((v, i): Comparison => {
      const shape = SHAPE[v]
      // names that hold no verdict word
      const c = comparison(`BM_Case${i}`, v, shape?.[0] ?? 1, shape?.[1] ?? [1, 1], shape ? 1e-6 : 1)
      if (!shape) Object.assign(c, { ratio: null, pValue: null, pAdjusted: null, power: null })
      if (v === 'timing-only') c.timingVerdict = 'regression'
      if (v === 'failed') c.warnings = [{ level: 'error', code: 'failed', message: 'exited with code 1' }]
      if (v === 'skipped')
        c.warnings = [{ level: 'info', code: 'skipped', message: 'skipped on this machine: no avx512' }]
      return c
    })
  )
}

/** What a reader of the page sees: no scripts, styles or tags (so no class names or data), entities decoded. */
function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\u2060/g, '')
}

/** Every output a person reads, as text. */
function outputs(r: Report): Record<string, string> {
  return {
    terminal: renderTerminal(r),
    markdown: pageText(renderMarkdown(r, { maxChars: Infinity })),
    html: pageText(renderHtml(r, [], { now: new Date('2025-01-02T03:04:05Z') })),
    'check title': checkRunTitle(r.suite),
    gate: gate(r.suite, ['regression', 'failed', 'timing-only', 'inconclusive']).reason
  }
}

/** The verdicts the gate names: those that can fail it. */
const GATE_NAMES: Verdict[] = ['regression', 'failed', 'timing-only', 'inconclusive']

const word = (w: string) => new RegExp(`(^|[^\\w-])${w.replace(/[-]/g, '\\-')}($|[^\\w-])`)

describe('one word per verdict in every output', () => {
  const all = outputs(everyVerdict())

  it.each(Object.keys(all))('%s names each verdict with the table word', (name) => {
    const verdicts = name === 'gate' ? GATE_NAMES : ALL_VERDICTS
    const missing = verdicts.filter((v) => !word(VERDICTS[v].word).test(all[name]))
    expect(missing).toEqual([])
  })

  it.each(Object.keys(all))('%s never says "inconclusive" (the table word is "undecided")', (name) => {
    expect(VERDICTS.inconclusive.word).toBe('undecided')
    expect(all[name]).not.toMatch(/inconclusive/i)
  })

  it('the terminal has no emoji; the PR comment and the check title use the table emoji', () => {
    for (const v of ALL_VERDICTS) expect(all.terminal).not.toContain(VERDICTS[v].emoji)
    expect(all['check title']).toMatch(/^❌ 1 regression, 💥 1 failed, ✅ 1 improvement, ⏱ 1 timing-only/)
    expect(all['check title']).toContain('1 undecided, 1 skipped on this machine')
  })
})

describe('the table is the only source', () => {
  const saved = { ...VERDICTS }
  const table = VERDICTS as Record<Verdict, VerdictStyle>
  afterEach(() => {
    Object.assign(table, saved)
  })

  it('a word changed in the table changes it in every output', () => {
    // A made-up word per verdict that no other text of the report can contain.
    for (const [i, v] of ALL_VERDICTS.entries()) {
      const w = `zq${'abcdefghij'[i]}word`
      table[v] = { ...VERDICTS[v], word: w, count: [w, w] }
    }
    const changed = outputs(everyVerdict())
    for (const [name, text] of Object.entries(changed)) {
      const verdicts = name === 'gate' ? GATE_NAMES : ALL_VERDICTS
      expect([name, verdicts.filter((v) => !text.includes(VERDICTS[v].word))]).toEqual([name, []])
    }
  })

  it('the HTML page keeps its verdicts and order when the emoji change (it reads the verdict, never the sign)', () => {
    const r = everyVerdict()
    const before = renderHtml(r, [], { now: new Date(0) })
    for (const v of ALL_VERDICTS) table[v] = { ...VERDICTS[v], emoji: `(${v} sign)` }
    const after = renderHtml(r, [], { now: new Date(0) })
    const verdictsOf = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1])
    const heading = (html: string) => /<h1>[\s\S]*?<\/h1>/.exec(html)![0]
    // the headline's marks name their verdicts, whatever the emoji
    expect(verdictsOf(heading(after), /data-verdict="([^"]+)"/g)).toEqual(
      verdictsOf(heading(before), /data-verdict="([^"]+)"/g)
    )
    expect(verdictsOf(heading(after), /data-verdict="([^"]+)"/g)).toEqual([
      'regression',
      'failed',
      'improvement',
      'timing-only'
    ])
    expect(heading(after)).not.toContain('sign)')
    // "undecided" leads the headline when nothing changed
    const open = report([
      comparison('BM_A', 'inconclusive', 1.016, [0.991, 1.042], 0.3),
      comparison('BM_B', 'unchanged', 1.002, [0.996, 1.008], 0.6)
    ])
    expect(heading(renderHtml(open, [], { now: new Date(0) }))).toBe(
      '<h1>benchgate: <span class="mark m-inconclusive" data-verdict="inconclusive" title="undecided">?</span> ' +
        'undecided · 1 unchanged, 1 undecided</h1>'
    )
    // the sections, in order, each with its verdict for the page's script and style
    const sections = /<details class="bench v-([\w-]+)" id="b\d+" data-i="\d+" data-verdict="\1">/g
    expect(verdictsOf(after, sections)).toEqual(verdictsOf(before, sections))
    expect(verdictsOf(after, sections)).toHaveLength(ALL_VERDICTS.length)
    expect(after).toBe(before)
  })
})
