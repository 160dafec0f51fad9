/** The shared comment's sections: parse ∘ compose keeps every key's text; sizes stay under GitHub's limit. */
import { describe, expect, it } from '@jest/globals'
import {
  composeComment,
  fitComment,
  isBenchgateBody,
  mergeSections,
  parseSections,
  sectionFor
} from '../../src/github/commentSections.js'
import { COMMENT_MAX_CHARS, commentMarker } from '../../src/report/markdown.js'

const report = (key: string, headline: string, extra = '') =>
  `${commentMarker(key)}\n### benchgate: ${headline}\n\ntable\n${extra}\n`

describe('comment sections', () => {
  it('one report alone is written as it is (the comment of a single job looks as before)', () => {
    const body = report('default', '❌ 1 regression')
    expect(composeComment([sectionFor('default', body)])).toBe(body.trim() + '\n')
    expect(parseSections(body)).toEqual([{ key: 'default', body: body.trim() }])
    expect(isBenchgateBody(body)).toBe(true)
  })

  it('two keys: an overview row per key, each section under its markers, keyed headings; parse gives them back', () => {
    const a = sectionFor('linux-gcc', report('linux-gcc', '❌ 1 regression'))
    const b = sectionFor('macos-clang', report('macos-clang', 'no significant change · 3 unchanged'))
    const text = composeComment([b, a])
    expect(text.split('\n')[0]).toBe('<!-- benchgate:comment keys=linux-gcc,macos-clang -->')
    expect(text).toContain('| <code>linux-gcc</code> | ❌ 1 regression |')
    expect(text).toContain('| <code>macos-clang</code> | no significant change · 3 unchanged |')
    expect(text).toContain('### benchgate · <code>linux-gcc</code>: ❌ 1 regression')
    expect(text.indexOf('key=linux-gcc -->\n###')).toBeLessThan(text.indexOf('key=macos-clang -->\n###'))
    const keyed = (x: typeof a) => ({
      ...x,
      body: x.body.replace('### benchgate: ', `### benchgate · <code>${x.key}</code>: `)
    })
    expect(parseSections(text)).toEqual([keyed(a), keyed(b)])
    expect(composeComment(parseSections(text))).toBe(text)
  })

  it('a job replaces only its own section; a newer comment wins per key', () => {
    const old = composeComment([sectionFor('a', report('a', 'old a')), sectionFor('b', report('b', 'old b'))])
    const newer = composeComment([sectionFor('b', report('b', 'new b'))])
    const merged = mergeSections([old, newer], sectionFor('a', report('a', 'new a')))
    expect(merged.map((s) => [s.key, s.body.split('\n')[1]])).toEqual([
      ['a', '### benchgate: new a'],
      ['b', '### benchgate: new b']
    ])
  })

  it('bodies by anyone without our markers are not ours', () => {
    expect(isBenchgateBody('LGTM')).toBe(false)
    expect(isBenchgateBody('<!-- benchgate:comment keys=a b -->')).toBe(false)
    expect(parseSections('LGTM')).toEqual([])
  })

  it('round-trips random sets of keys and section texts', () => {
    let seed = 7
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    const chars = 'aZ09._-|`*<>&\n #:'
    const text = (n: number) => Array.from({ length: n }, () => chars[rnd(chars.length)]).join('')
    for (let trial = 0; trial < 200; trial++) {
      const keys = [
        ...new Set(
          Array.from({ length: 2 + rnd(4) }, () => text(1 + rnd(8)).replace(/[^A-Za-z0-9._-]/g, 'k'))
        )
      ]
      if (keys.length < 2) continue
      const sections = keys.map((key, i) => ({ key, body: report(key, `h${i}`, text(rnd(200))).trim() }))
      const parsed = parseSections(composeComment(sections))
      expect(new Map(parsed.map((s) => [s.key, s.body]))).toEqual(
        new Map(
          sections.map((s) => [
            s.key,
            s.body.replace('### benchgate: ', `### benchgate · <code>${s.key}</code>: `)
          ])
        )
      )
    }
  })

  it('fits our section into what the others leave, and cuts the others to headlines only when they leave too little', () => {
    const render = (max: number) => report('mine', 'x', 'y'.repeat(Math.max(0, Math.min(max, 80_000) - 100)))
    const small = [sectionFor('other', report('other', 'fine'))]
    const fitted = fitComment(small, 'mine', render)
    expect(fitted.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(parseSections(fitted).find((s) => s.key === 'other')!.body).toBe(
      small[0].body.replace('### benchgate: ', '### benchgate · <code>other</code>: ')
    )
    const huge = [sectionFor('big', report('big', 'huge', 'z'.repeat(63_000)))]
    const cut = fitComment(huge, 'mine', render)
    expect(cut.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(parseSections(cut).find((s) => s.key === 'big')!.body).toMatch(
      /^<!-- benchgate:report key=big -->\n### benchgate · <code>big<\/code>: huge\n\n_This section was shortened/
    )
  })
})
