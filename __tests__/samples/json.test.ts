import { describe, expect, it } from '@jest/globals'

import { JsonSyntaxError, parseLenientJson, sanitizeNonFiniteJson } from '../../src/samples/json.js'

describe('parseLenientJson', () => {
  it('reads plain JSON like JSON.parse', () => {
    const text = '{"a": [1, -2.5e3, true, false, null, "x\\"y\\u00e9\\n"], "b": {}}'
    const r = parseLenientJson(text)
    expect(r.value).toEqual(JSON.parse(text))
    expect(r.truncated).toBe(false)
    expect(r.incomplete.size).toBe(0)
  })

  it('reads bare NaN / Infinity / inf / nan tokens as numbers, never inside strings', () => {
    const r = parseLenientJson(
      '{"name": "BM_NaN/Infinity/-Infinity", "a": NaN, "b": -NaN, "c": Infinity, "d": -Infinity, "e": inf, "f": -nan, "g": [nan]}'
    )
    const v = r.value as Record<string, unknown>
    expect(v.name).toBe('BM_NaN/Infinity/-Infinity')
    expect(v.a).toBeNaN()
    expect(v.b).toBeNaN()
    expect(v.c).toBe(Infinity)
    expect(v.d).toBe(-Infinity)
    expect(v.e).toBe(Infinity)
    expect(v.f).toBeNaN()
    expect((v.g as number[])[0]).toBeNaN()
  })

  it('names line and column of a syntax error', () => {
    const text = '{\n  "a": 1,\n  "b": 2 x\n}'
    let err: unknown
    try {
      parseLenientJson(text)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(JsonSyntaxError)
    const e = err as JsonSyntaxError
    expect([e.line, e.column]).toEqual([3, 10])
    expect(e.reason).toMatch(/expected ',' or '}' after the value of "b"/)
  })

  it('rejects words that only start like a non-finite token, and data after the value', () => {
    expect(() => parseLenientJson('{"a": Nanny}')).toThrow(JsonSyntaxError)
    expect(() => parseLenientJson('{"a": 1} {"b": 2}')).toThrow(/after the end of the JSON value/)
    expect(() => parseLenientJson('{"a": 1.}')).toThrow(JsonSyntaxError)
  })

  it('keeps what was complete when the text is cut, marking open containers', () => {
    const r = parseLenientJson('{"ctx": {"x": 1}, "list": [{"a": 1}, {"a": 2}, {"a": 3')
    expect(r.truncated).toBe(true)
    const v = r.value as { ctx: object; list: object[] }
    expect(v.ctx).toEqual({ x: 1 })
    expect(v.list).toHaveLength(3)
    expect(r.incomplete.has(v.list[2])).toBe(true)
    expect(r.incomplete.has(v.list[1])).toBe(false)
    expect(r.incomplete.has(v.list)).toBe(true)
    expect(r.incomplete.has(v.ctx)).toBe(false)
    // A number at the very end may have been cut: it is not stored.
    expect((v.list[2] as Record<string, unknown>).a).toBeUndefined()
  })

  it('reports truncation for cuts inside strings, literals and escapes', () => {
    for (const text of ['{"a": "abc', '{"a": tr', '{"a": "x\\', '{"a"', '[1,', '', '  ']) {
      expect(parseLenientJson(text).truncated).toBe(true)
    }
  })
})

describe('sanitizeNonFiniteJson', () => {
  it('quotes bare tokens outside strings so JSON.parse accepts the text', () => {
    const text =
      '{"BM_NaN": NaN, "x": -Infinity, "y": [Infinity,nan, -inf], "s": "NaN, Infinity: -Infinity \\" NaN"}'
    const v = JSON.parse(sanitizeNonFiniteJson(text)) as Record<string, unknown>
    expect(v).toEqual({
      BM_NaN: 'NaN',
      x: '-Infinity',
      y: ['Infinity', 'NaN', '-Infinity'],
      s: 'NaN, Infinity: -Infinity " NaN'
    })
  })

  it('returns the text unchanged when there is nothing to replace', () => {
    const text = '{"name": "BM_Infinity<NaN>", "v": 1e-3}'
    expect(sanitizeNonFiniteJson(text)).toBe(text)
  })
})
