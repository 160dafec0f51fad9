/**
 * Issue 26, item 4: `compare` of one process per side (compare.py's use) shows the point change, as
 * compare.py does, marked "one run per side: not testable" instead of an interval from repetitions of
 * one process (§3), in every report; the chart draws no such interval.
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { renderHtml } from '../../src/report/html/render.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { measure } from '../helpers/samples.js'

describe('one process per side', () => {
  const suite = analyzeSuite({
    samples: [...measure('BM_A', 1.1, 0.01, 0, 1, 1), ...measure('BM_B', 1.0, 0.01, 0, 1, 2)]
  })
  const report = { suite, run: { base: { label: 'a' }, head: { label: 'b' } } }

  it('shows the point change marked not testable, with no interval and no chart bar', () => {
    const md = renderMarkdown(report)
    expect(md).toMatch(
      /<code>BM&#95;A<\/code> \| [^|]+ \| [^|]+ \| \+9\.\d% \(one run per side: not testable\) \|/
    )
    expect(md).not.toMatch(/BM&#95;A.*\[\+\d/)
    expect(md).not.toContain('<pre>')
    expect(renderTerminal(report)).toMatch(/BM_A .* \+9\.\d%\s+not testable .*undecided ¹/)
    const html = [...renderHtml(report, [])].join('')
    expect(html).toContain('(one run per side: not testable)')
  })

  it('two runs per side say two', () => {
    const two = analyzeSuite({ samples: measure('BM_A', 1.1, 0.01, 0, 2, 1) })
    expect(renderMarkdown({ suite: two, run: { base: { label: 'a' }, head: { label: 'b' } } })).toContain(
      '(2 runs per side: not testable)'
    )
  })
})
