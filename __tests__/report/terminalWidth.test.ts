/**
 * `benchgate report --format text` fits 120 columns for names up to 40 characters, with nothing
 * dropped: reasons and advice move to numbered footnotes, long lines wrap (issue 26).
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { renderTerminal, TERMINAL_COLUMNS } from '../../src/report/terminal.js'
import { measure } from '../helpers/samples.js'

const name40 = (prefix: string) => prefix.padEnd(40, 'x')

describe('the terminal report', () => {
  it('fits 120 columns for 40-character names: regression, too few processes, too noisy, unchanged', () => {
    const samples = [
      ...measure(name40('BM_Regress/'), 1.1, 0.01, 0, 10, 1),
      ...measure(name40('BM_Noisy/'), 1.0, 0.3, 0, 10, 2),
      ...measure(name40('BM_Same/'), 1, 0.002, 0, 10, 3),
      ...measure(name40('BM_Few/'), 1, 0.01, 0, 3, 4)
    ]
    const suite = analyzeSuite({ samples })
    const run = {
      base: { label: 'main', sha: 'a'.repeat(40) },
      head: { label: 'feature/x', sha: 'b'.repeat(40) },
      rounds: 10,
      repetitions: 3
    }
    const text = renderTerminal({ suite, run })
    const lines = text.split('\n')
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(TERMINAL_COLUMNS)
    // nothing dropped: every benchmark's row, and each reason as a footnote of its row
    for (const prefix of ['BM_Regress/', 'BM_Noisy/', 'BM_Same/', 'BM_Few/'])
      expect(lines.some((l) => l.startsWith(name40(prefix)))).toBe(true)
    const flat = text.replace(/\n {2,}/g, ' ')
    expect(flat).toMatch(
      /undecided (\S+)\n[\s\S]*\n\1 too few processes \(3 per side\): needs ≥ 5 runs per side/
    )
    expect(flat).toMatch(/\n\S+ could still be ≥ \+2%: too noisy to decide ±2% by timing on this machine/)
  })
})
