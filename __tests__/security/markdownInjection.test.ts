/**
 * Untrusted text in the PR comment (issue 13 item 2): benchmark names, branch labels, warnings and
 * provenance come from a pull request (or a crafted results.json) and must render as plain text.
 * GitHub decodes entities before it finds mentions, issue links and bare URLs, so the check decodes
 * them too and looks at what GitHub would see outside code.
 */
import { describe, expect, test } from '@jest/globals'
import { renderMarkdown } from '../../src/report/markdown.js'
import { mdCode, mdProse, mdText } from '../../src/report/escape.js'
import { SPECS, synthReport, synthSamples } from '../report/htmlFixture.js'

const HOSTILE =
  '[Click to approve](https://evil.example) <img src=x onerror=alert(1)> <a href="//x">a</a> @org/team #1 www.evil.example'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' }

/** The text as GitHub reads it for autolinks: entities decoded, <code>…</code> and ``` blocks removed. */
function visibleOutsideCode(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCharCode(Number(d)))
    .replace(/&(amp|lt|gt|quot);/g, (_m, n: string) => ENTITIES[n])
}

/** Each way an untrusted string could become a link, a mention or HTML. */
function expectInert(text: string): void {
  expect(text).not.toMatch(/@org/) // mention
  expect(text).not.toMatch(/#1\b/) // issue link
  expect(text).not.toMatch(/https?:\/\//) // bare URL autolink
  expect(text).not.toMatch(/www\./i) // www autolink
}

/** Structure is read before entities are decoded: an escaped bracket or angle bracket builds nothing. */
function expectNoStructure(markdown: string): void {
  expect(markdown).not.toMatch(/\]\(/) // Markdown link
  expect(markdown).not.toMatch(/<(img|a)\b/) // HTML
}

describe('hostile text in Markdown', () => {
  test('mdText and mdProse leave no mention, issue link, URL, link or HTML', () => {
    for (const out of [mdText(HOSTILE), mdProse(`run \`x\` then ${HOSTILE}`)]) {
      expectNoStructure(out)
      expectInert(visibleOutsideCode(out))
    }
  })

  test('mdCode keeps the name exact when copied (no hidden characters) and inert inside <code>', () => {
    const out = mdCode(HOSTILE)
    expect(out).not.toContain('\u2060')
    expect(out.startsWith('<code>') && out.endsWith('</code>')).toBe(true)
    expect(out.slice(6, -7)).not.toMatch(/[<>]/)
  })

  test('a whole comment with hostile names, labels, key, warnings and provenance renders inert', () => {
    const samples = synthSamples([
      ...SPECS.slice(0, 2),
      { name: `BM_${HOSTILE}`, ns: 500, ratio: 1.2, noise: 0.01 }
    ])
    const report = synthReport(samples)
    report.run.base.label = HOSTILE
    report.run.head.label = HOSTILE
    report.suite.warnings.push({ level: 'warning', code: 'hostile', message: HOSTILE })
    report.suite.provenance.head.host = HOSTILE
    report.suite.provenance.head.compiler = HOSTILE
    const md = renderMarkdown(report)
    expect(md).toContain('Click to approve') // the text is shown …
    expectNoStructure(md) // … but never as a link or HTML
    expectInert(visibleOutsideCode(md))
  })
})
