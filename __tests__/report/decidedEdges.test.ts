/**
 * What a report leaves out beside a decided verdict (docs/report.md §3): a power figure ("could
 * detect ≥ x", "underpowered even for 20%") speaks only to an undecided benchmark (docs/statistics.md §4).
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { formatPercent } from '../../src/report/format.js'
import { renderHtml } from '../../src/report/html/render.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { measure } from '../helpers/samples.js'

const run = { base: { label: 'main', sha: '1a2b3c4d' }, head: { label: 'feature', sha: '9f8e7d6c' } }

describe('a decided verdict without power figures', () => {
  // −87.6% with 30% noise over 6 rounds: decided, though underpowered for 10·δ
  const suite = analyzeSuite({ samples: measure('BM_Fast', 0.124, 0.3, 0, 6, 7) })
  const c = suite.comparisons[0]

  it('shows no "underpowered" warning and no "could detect" figure', () => {
    expect(c.verdict).toBe('improvement')
    expect(c.warnings.map((w) => w.code)).toContain('severely-underpowered')
    const outputs = [
      renderMarkdown({ suite, run }),
      renderTerminal({ suite, run }),
      renderHtml({ suite, run }, [])
    ]
    const figure = `≥ ${formatPercent(c.power!.minDetectableEffect!)}`
    for (const text of outputs) {
      expect(text).not.toMatch(/underpowered/)
      expect(text).not.toContain(figure)
    }
    expect(renderTerminal({ suite, run })).toMatch(/BM_Fast.*–\s+improvement/)
  })
})
