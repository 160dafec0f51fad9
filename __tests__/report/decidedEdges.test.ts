/**
 * What a report leaves out beside a decided verdict (docs/report.md §3): a power figure ("could
 * detect ≥ x", "underpowered even for 20%") speaks only to an undecided benchmark (docs/statistics.md §4).
 */
import { describe, expect, it } from '@jest/globals'
import type { CountComparison } from '../../src/analysis/counts.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { formatPercent } from '../../src/report/format.js'
import { renderHtml } from '../../src/report/html/render.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { measure } from '../helpers/samples.js'
import { comparison, report } from './syntheticReport.js'

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

describe('a benchmark skipped on both sides under --measure both', () => {
  const none = { base: null, head: null, change: null, noise: null }
  const failedCounts: CountComparison = {
    metric: 'instructions',
    verdict: 'failed',
    reason: 'failed',
    message: 'base: no count (benchmark skipped: no avx512)',
    instructions: none,
    cycles: none,
    iterations: null
  }
  const skipped = comparison('BM_Avx512', 'skipped', 1, [1, 1], 1)
  Object.assign(skipped, { ratio: null, pValue: null, pAdjusted: null, power: null, counts: failedCounts })
  skipped.warnings = [{ level: 'info', code: 'skipped', message: 'skipped on this machine: no avx512' }]
  const r = report([skipped])
  r.suite.countMode = {
    measure: 'both',
    options: { metric: 'instructions', threshold: 0.01 },
    method: {
      tool: 'callgrind',
      valgrindVersion: 'valgrind-3.19.0',
      iterationFlags: [],
      repetitions: 1,
      caches: [],
      cyclesFormula: 'Ir',
      wallSeconds: 1
    },
    counts: { ...r.suite.counts, skipped: 0, failed: 1 }
  }

  it('shows no count failure in its Instructions cell', () => {
    expect(renderTerminal(r)).toMatch(/BM_Avx512.*–\s+skipped/)
    expect(renderTerminal(r)).not.toMatch(/\bfailed\b/)
    expect(renderMarkdown(r)).not.toMatch(/\| failed \|/)
    expect(renderHtml(r, [])).not.toMatch(/<td class="num">failed<\/td>/)
  })
})

describe('a note several rows share', () => {
  const rows = ['BM_AvxA', 'BM_AvxB', 'BM_AvxC'].map((name) => {
    const c = comparison(name, 'skipped', 1, [1, 1], 1)
    Object.assign(c, { ratio: null, pValue: null, pAdjusted: null, power: null })
    c.warnings = [{ level: 'info', code: 'skipped', message: 'skipped on this machine: no avx512' }]
    return c
  })
  const r = report(rows)

  it('is one footnote naming the benchmarks it covers, in the terminal and the comment', () => {
    const text = renderTerminal(r)
    expect(text.match(/no avx512/g)).toHaveLength(1)
    expect(text).toContain('¹ BM_AvxA, BM_AvxB, BM_AvxC: skipped on this machine: no avx512')
    expect(text.match(/skipped ¹/g)).toHaveLength(3)
    const md = renderMarkdown(r).replace(/&#95;/g, '_')
    expect(md.match(/no avx512/g)).toHaveLength(1)
    expect(md).toMatch(
      /¹ <code>BM_AvxA<\/code>, <code>BM_AvxB<\/code>, <code>BM_AvxC<\/code>: skipped on this machine: no avx512/
    )
  })
})
