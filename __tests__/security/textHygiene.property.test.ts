/**
 * Issue 28 properties: no untrusted string can produce a comment marker, a line starting with `::`,
 * or a control / bidi / zero-width character in any output (Markdown, HTML, terminal), and a
 * marker quoted inside untrusted text never makes a comment or a section ours.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { isBenchgateBody, parseSections } from '../../src/github/commentSections.js'
import {
  escapeHtml,
  forLog,
  mdCode,
  mdProse,
  mdText,
  noRunnerCommands,
  noRunnerCommandsInPieces
} from '../../src/report/escape.js'
import { renderHtml } from '../../src/report/html/render.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { cleanText, displayName } from '../../src/report/names.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { measure } from '../helpers/samples.js'

// eslint-disable-next-line no-control-regex -- exactly what must not reach an output
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/

/** Strings rich in what attacks use: markers, `::`, controls, bidi and zero-width characters. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<!--',
        '-->',
        '<!-- benchgate:report key=default -->',
        '<!-- benchgate:section key=zz -->',
        '::',
        '\n::add-mask::',
        '\x1b]52;c;',
        '\x1b[2J',
        '\u202e',
        '\u200b',
        '\u2066',
        '\x85',
        '\r',
        '```',
        '@org/team',
        '|'
      ),
      fc.string({ unit: 'binary', maxLength: 6 })
    ),
    { maxLength: 12 }
  )
  .map((parts) => parts.join(''))

describe('text hygiene (issue 28)', () => {
  it('an Action log line (info, warning, debug, group, failure) starts no runner command and carries no control', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = forLog(s)
        expect(out).not.toMatch(HIDDEN)
        for (const line of out.split('\n')) expect(line).not.toMatch(/^[ \t]*::/)
        // Only what was hidden changed: line breaks and visible text survive.
        expect(out.split('\n').length).toBe(s.split('\n').length)
      })
    )
  })

  it('escapers never let a marker start, a control or an invisible character through', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        for (const out of [mdText(s), mdCode(s), mdProse(s), escapeHtml(s.replace(/\n/g, ' '))]) {
          expect(out).not.toContain('<!--')
          expect(out).not.toMatch(HIDDEN)
        }
        for (const out of [displayName(s), cleanText(s, 300)]) {
          expect(out).not.toMatch(HIDDEN)
          expect(out).not.toContain('\n')
        }
      }),
      { numRuns: 500 }
    )
  })

  it('a report whose every untrusted field is hostile: no marker but ours, no :: line, no control', () => {
    const suite = analyzeSuite({
      samples: [...measure('BM_A', 1.3, 0.01, 0, 6, 1), ...measure('BM_B', 1, 0.01, 0, 6, 2)],
      provenance: { base: {}, head: {} }
    })
    fc.assert(
      fc.property(hostile, hostile, (name, text) => {
        const report = {
          suite: {
            ...suite,
            comparisons: suite.comparisons.map((c, i) => ({
              ...c,
              benchmark: i === 0 ? name || 'x' : `${name}y`
            }))
          },
          run: { base: { label: text }, head: { label: text }, stoppedEarly: text, key: 'default' }
        }
        const md = renderMarkdown(report)
        expect(md.split('\n')[0]).toBe('<!-- benchgate:report key=default -->')
        expect(md.split('<!--').length).toBe(2)
        expect(md).not.toMatch(HIDDEN)
        expect(parseSections(md).map((s) => s.key)).toEqual(['default'])
        const txt = renderTerminal(report)
        expect(txt).not.toMatch(HIDDEN)
        for (const line of txt.split('\n')) expect(line.trimStart().startsWith('::')).toBe(false)
      }),
      { numRuns: 150 }
    )
  })

  it('hostile names measured, analysed and rendered as HTML: no control, bidi or zero-width character in the file', () => {
    fc.assert(
      fc.property(hostile, hostile, (name, text) => {
        const samples = [...measure(`A${name}`, 1.3, 0.01, 0, 6, 1), ...measure(`B${name}`, 1, 0.01, 0, 6, 2)]
        const suite = analyzeSuite({
          samples,
          provenance: { base: {}, head: { host: text, compiler: text } }
        })
        const report = { suite, run: { base: { label: text }, head: { label: text }, reproduce: text } }
        const html = renderHtml(report, samples)
        expect(html).not.toMatch(HIDDEN)
        expect(html.split('<!--').length).toBe(1)
      }),
      { numRuns: 40 }
    )
  })

  it('stdout cut into pieces anywhere: the same text as neutralised whole, so no line starts a runner command', () => {
    const withBlanks = fc.array(fc.oneof(hostile, fc.constantFrom(' ', '\t', ':', '\n', ' :')), {
      maxLength: 8
    })
    fc.assert(
      fc.property(withBlanks, fc.array(fc.nat(), { maxLength: 6 }), (parts, cuts) => {
        const text = parts.join('')
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
        const filter = noRunnerCommandsInPieces()
        const pieces = [0, ...at].map((from, i) => text.slice(from, [...at, text.length][i]))
        const out = pieces.map((p) => filter(p)).join('') + filter()
        expect(out).toBe(noRunnerCommands(text))
        for (const line of out.split('\n')) expect(line).not.toMatch(/^[ \t]*::/)
      }),
      { numRuns: 500 }
    )
  })

  it('a marker anywhere but a first line, or inside code, does not make a body ours', () => {
    fc.assert(
      fc.property(hostile, hostile, (before, after) => {
        const quoted = `${before.replace(/\n/g, ' ')}x <!-- benchgate:report key=default --> ${after}`
        expect(isBenchgateBody(quoted)).toBe(false)
        const fenced = `### benchgate: x\n\`\`\`\n<!-- benchgate:report key=default -->\n\`\`\``
        expect(isBenchgateBody(fenced)).toBe(false)
      }),
      { numRuns: 300 }
    )
  })
})
