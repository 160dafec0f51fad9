/**
 * A message with real line breaks (a build log's tail, a crash's stderr) reads as one line in every
 * report: its breaks as " / ", never as the escape `\u000A` (docs/report.md §6); other controls are
 * still shown as escapes.
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { measure } from '../helpers/samples.js'

describe('multi-line messages in reports', () => {
  const suite = analyzeSuite({ samples: measure('BM_A', 1, 0.01, 0, 8, 1) }, { interleave: 'benchmark' })
  suite.warnings.push({
    level: 'warning',
    code: 'crashed',
    message: 'head: crashed (SIGABRT): terminate called\nwhat():  vector::_M_range_check\r\n\nAborted\x1b[2J'
  })
  const report = { suite, run: { base: { label: 'a' }, head: { label: 'b' } } }

  for (const [format, render] of [
    ['markdown', () => renderMarkdown(report)],
    ['terminal', () => renderTerminal(report, { colour: false })]
  ] as const)
    it(`${format}: line breaks read as " / ", other controls as escapes`, () => {
      const out = render()
      expect(out).not.toContain('\\u000A')
      expect(out).not.toContain('\\u000D')
      // Markdown writes _ [ and \ as entities; the words and the " / " between them are the same.
      const plain = out.replace(/&#95;/g, '_').replace(/&#92;/g, '\\').replace(/&#91;/g, '[')
      expect(plain).toMatch(/terminate called \/ what\(\): {2}vector::_M_range_check \/ Aborted/)
      expect(plain).toContain('\\u001B[2J')
    })
})
