/**
 * The repository stands alone: code comments cite its own docs (docs/statistics.md §N,
 * docs/report.md, docs/security.md, …), never the team's specs outside it (../shared, STATISTICS,
 * REPORT, ARCHITECTURE) or an issue number, which a reader of the repository cannot follow.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')

/** What a citation outside the repository looks like. */
const OUTSIDE = [
  { rule: 'the shared specs folder', re: /\bshared\/[A-Z]/ },
  { rule: 'a spec by its shared name', re: /\b(STATISTICS|REPORT|ARCHITECTURE)(\.md)?\s*(§|"|\)|,|:)/ },
  { rule: 'an issue number', re: /\b[Ii]ssues? #?\d+/ }
]

/** docs/ files a comment names, and the section numbers of docs/statistics.md it names. */
const DOC_CITATION = /docs\/([a-z-]+\.md)(?: §(\d+))?/g

function citationFindings(text: string): Array<{ line: number; rule: string; text: string }> {
  const out: Array<{ line: number; rule: string; text: string }> = []
  text.split('\n').forEach((line, i) => {
    for (const { rule, re } of OUTSIDE) if (re.test(line)) out.push({ line: i + 1, rule, text: line.trim() })
  })
  return out
}

const sources = execFileSync('git', ['ls-files', 'src'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f.endsWith('.ts'))

describe('code comments cite the repository, not what lies outside it', () => {
  it('the rule finds each kind of outside citation and passes the repository own', () => {
    const planted = [
      '// as ../shared/STATISTICS.md says',
      ' * the verdict rules (STATISTICS §7)',
      ' * (REPORT.md: the headline)',
      '// see issue 28',
      '/** fixed in Issue #41 */'
    ].join('\n')
    expect(citationFindings(planted).map((f) => f.line)).toEqual([1, 2, 3, 4, 5])
    const fine = [
      ' * the verdict rules (docs/statistics.md §7)',
      "if (line.includes(REPORT_FUNCTION)) return 'report'",
      '// docs/security.md, defence 14'
    ].join('\n')
    expect(citationFindings(fine)).toEqual([])
  })

  it('no src/ file cites ../shared, a shared spec or an issue number', () => {
    const found = sources.flatMap((f) =>
      citationFindings(readFileSync(join(ROOT, f), 'utf8')).map(
        (x) => `${f}:${x.line} (${x.rule}): ${x.text}`
      )
    )
    expect(found).toEqual([])
  })

  it('every docs/ file a src/ comment cites exists, and every docs/statistics.md section it names', () => {
    const statistics = readFileSync(join(ROOT, 'docs', 'statistics.md'), 'utf8')
    const sections = new Set([...statistics.matchAll(/^## §(\d+)/gm)].map((m) => m[1]))
    const missing: string[] = []
    for (const f of sources)
      for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(DOC_CITATION)) {
        if (!existsSync(join(ROOT, 'docs', m[1]))) missing.push(`${f}: docs/${m[1]}`)
        if (m[1] === 'statistics.md' && m[2] && !sections.has(m[2]))
          missing.push(`${f}: docs/statistics.md §${m[2]}`)
      }
    expect(missing).toEqual([])
  })
})
