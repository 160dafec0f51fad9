import { describe, expect, it } from '@jest/globals'

import { JsonSyntaxError, parseJson, parseLenientJson } from '../../src/samples/json.js'
import { readFixture } from './helpers.js'

const syntaxError = (text: string): JsonSyntaxError => {
  try {
    parseLenientJson(text)
  } catch (e) {
    if (e instanceof JsonSyntaxError) return e
    throw e
  }
  throw new Error(`no syntax error for ${JSON.stringify(text)}`)
}

describe('parseLenientJson', () => {
  it('reads plain JSON like JSON.parse', () => {
    const text = '{"a": [1, -2.5e3, true, false, null, "x\\"y\\u00e9\\n"], "b": {}}'
    const r = parseLenientJson(text)
    expect(r.value).toEqual(JSON.parse(text))
    expect(r.truncated).toBe(false)
    expect(r.incomplete.size).toBe(0)
  })

  // Real output of Google Benchmark 1.7.1 (C++) and 1.9.5 (pip), scripts/fixtures/gbench_edge_forms.*:
  // it writes NaN (a negative NaN too), Infinity and -Infinity bare, doubles as %.16e, and leaves
  // control characters other than \b \f \n \r \t raw in names.
  for (const version of ['v1.7.1', 'v1.9.5']) {
    it(`reads every edge form Google Benchmark ${version} writes`, () => {
      const text = readFixture('gbench', version, 'edge-forms.json')
      expect(text).toMatch(/"neg_nan": NaN,/) // never "-NaN"
      expect(text).toMatch(/"neg_inf": -Infinity,/)
      expect(text).toContain('BM_Ctrl\u0001Char') // raw: JSON.parse alone would refuse the file
      expect(() => JSON.parse(text)).toThrow()
      const r = parseLenientJson(text)
      expect(r.truncated).toBe(false)
      const entries = (r.value as { benchmarks: Record<string, unknown>[] }).benchmarks
      const c = entries[0]
      expect([c.nan, c.neg_nan]).toEqual([NaN, NaN])
      expect([c.inf, c.neg_inf]).toEqual([Infinity, -Infinity])
      expect([c.max, c.min, c.denormal]).toEqual([
        Number.MAX_VALUE,
        2.2250738585072014e-308,
        Number.MIN_VALUE
      ])
      expect(Object.is(c.neg_zero, -0)).toBe(true)
      expect(entries.slice(1).map((e) => e.name)).toEqual([
        'BM_Quote"Back\\slash',
        'BM_Tab\tNewline\nEnd',
        'BM_Ctrl\u0001Char',
        'BM_Ünïcødé/λ/😀'
      ])
    })
  }

  it('reads the other JSON5 number forms, and huge numbers as ±Infinity (which the parsers then reject as times)', () => {
    const v = parseLenientJson(
      '{"name": "BM_NaN/Infinity", "a": -NaN, "b": +Infinity, "c": 1e400, "d": -1e400}'
    ).value as Record<string, unknown>
    expect(v).toEqual({ name: 'BM_NaN/Infinity', a: NaN, b: Infinity, c: Infinity, d: -Infinity })
  })

  it('refuses lowercase inf/nan (no Google Benchmark from 1.7 on writes them) with line and column', () => {
    for (const [text, column] of [
      ['{"a": inf}', 7],
      ['{"a": -nan}', 8]
    ] as const) {
      const e = syntaxError(text)
      expect([e.line, e.column]).toEqual([1, column])
    }
  })

  it('names line and column of a syntax error', () => {
    const e = syntaxError('{\n  "a": 1,\n  "b": 2 x\n}')
    expect([e.line, e.column]).toEqual([3, 10])
    expect(e.reason).toMatch(/Expected ',' or '}' after property value/)
    expect(e.message).toBe(`${e.reason} at line 3, column 10`)
  })

  it('rejects words that only start like a non-finite token, and data after the value', () => {
    expect(() => parseLenientJson('{"a": Nanny}')).toThrow(JsonSyntaxError)
    expect(() => parseLenientJson('{"a": 1} {"b": 2}')).toThrow(JsonSyntaxError)
    expect(() => parseLenientJson('{"a": 1} ]')).toThrow(JsonSyntaxError)
  })

  it('keeps what was complete when the text is cut, marking open containers', () => {
    const r = parseLenientJson('{"ctx": {"x": 1}, "list": [{"a": 1}, {"a": 2}, {"b": 0, "a": 3')
    expect(r.truncated).toBe(true)
    const v = r.value as { ctx: object; list: object[] }
    expect(v.ctx).toEqual({ x: 1 })
    expect(v.list).toHaveLength(3)
    expect(r.incomplete.has(v.list[2])).toBe(true)
    expect(r.incomplete.has(v.list[1])).toBe(false)
    expect(r.incomplete.has(v.list)).toBe(true)
    expect(r.incomplete.has(v.ctx)).toBe(false)
    // A number at the very end may have been cut: it is not stored; the complete member before it is.
    expect(v.list[2]).toEqual({ b: 0 })
  })

  it('reports truncation for cuts inside strings, literals, escapes and keys', () => {
    for (const text of ['{"a": "abc', '{"a": tr', '{"a": "x\\', '{"a"', '[1,', '[{"a": NaN', '', '  ']) {
      expect(parseLenientJson(text).truncated).toBe(true)
    }
  })

  it('reports a syntax error before the cut, not a truncation, at its place in the original text', () => {
    expect([syntaxError('{"a": 1;, "list": [1, 2').column]).toEqual([8])
    // After rewritten tokens and escaped control characters, offsets still point into the original.
    const e = syntaxError('{"n": NaN, "s": "a\u0001b\u0001c", "t": -Infinity, "u": x, "v": [1')
    expect([e.line, e.column]).toEqual([1, 47])
  })

  it('reads names holding the placeholder characters it uses, raw or escaped', () => {
    const text = '{"a": "\uE000NaN", "b": "\ue001NaN", "c": NaN, "d": "\\ue002"}'
    expect(parseLenientJson(text).value).toEqual({ a: '\uE000NaN', b: '\uE001NaN', c: NaN, d: '\ue002' })
  })

  it('survives nesting 100,000 deep, complete or cut (both parsers are iterative)', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    expect(parseLenientJson(deep).truncated).toBe(false)
    const cut = parseLenientJson('{"x": NaN, "a": ' + '['.repeat(100_000))
    expect(cut.truncated).toBe(true)
    expect(cut.incomplete.size).toBe(100_001)
  })
})

describe('parseJson', () => {
  it('reads JSON and JSON5, and throws JsonSyntaxError for a cut text', () => {
    expect(parseJson('{"a": [1]}')).toEqual({ a: [1] })
    expect(parseJson('{"a": NaN}')).toEqual({ a: NaN })
    expect(() => parseJson('{"a": [1')).toThrow(JsonSyntaxError)
  })
})
