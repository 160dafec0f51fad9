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
import { expectInert, expectNoStructure, HOSTILE, visibleOutsideCode } from '../helpers/markdownSafety.js'

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
