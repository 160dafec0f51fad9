/**
 * How a run under randomised layouts reads (issue 32): the layouts in the run line, the changes that
 * survived them, and the benchmarks that move with layout but did not change; names escaped.
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { fromResultsJson, toResultsJson } from '../../src/report/json.js'
import { layoutNotes, layoutRunText } from '../../src/report/layoutWording.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import type { Report } from '../../src/report/model.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { validateResults } from '../../src/report/readResults.js'
import { measure } from '../helpers/samples.js'

const layout = { seed: '0123456789abcdef0123', draws: 'independent' as const, layouts: 21, relinkMs: 4321 }

/** A slower benchmark, a quiet one with a large spread between processes, and a quiet steady one. */
function report(withLayout: boolean): Report {
  const samples = [
    ...measure('BM_Slow<b>`x', 1.3, 0.002, 0, 12, 1),
    ...measure('BM_Spread', 1.0, 0.15, 0, 12, 2),
    ...measure('BM_Steady', 1.0, 0.002, 0, 12, 3)
  ]
  return {
    suite: analyzeSuite({ samples }),
    run: { base: { label: 'main' }, head: { label: 'pr' }, rounds: 20, ...(withLayout && { layout }) }
  }
}

describe('layout wording', () => {
  it('says nothing about layouts for a run without them', () => {
    const r = report(false)
    expect(layoutRunText(r.run)).toBeNull()
    expect(layoutNotes(r.suite, r.run)).toEqual([])
    expect(renderMarkdown(r)).not.toMatch(/layout/i)
  })

  it('names the layouts, the change that survived them and the layout-sensitive benchmark', () => {
    const r = report(true)
    const byName = Object.fromEntries(r.suite.comparisons.map((c) => [c.benchmark, c.verdict]))
    expect(byName['BM_Slow<b>`x']).toBe('regression')
    expect(['unchanged', 'negligible', 'inconclusive']).toContain(byName.BM_Spread)
    expect(layoutRunText(r.run)).toBe(
      'a fresh code layout every round: 21 layouts (independent draws, seed 0123456789abcdef), relinking 4.3 s'
    )
    const [survived, sensitive] = layoutNotes(r.suite, r.run)
    expect(survived).toMatch(/^Randomised layouts: 1 change\(s\) survived 21 layouts/)
    expect(survived).toContain("BM_Slow<b>'x")
    expect(sensitive).toMatch(
      /^Layout-sensitive, no change that survives layout: `BM_Spread` \(σ ≈ \d+(\.\d)?% per process\)/
    )
    expect(sensitive).not.toContain('BM_Steady')
    const md = renderMarkdown(r)
    expect(md).toContain('a fresh code layout every round: 21 layouts')
    expect(md).not.toContain('<b>')
    expect(renderTerminal(r)).toContain('Layout-sensitive, no change that survives layout')
  })

  it('keeps the layout record through results.json, valid under its schema', () => {
    const text = JSON.stringify(toResultsJson(report(true), '0.0.0-test'))
    expect(fromResultsJson(validateResults(text, 'results.json')).run.layout).toEqual(layout)
  })
})
