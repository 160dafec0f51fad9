/**
 * A small, tolerant JSON reader for benchmark output.
 *
 * Google Benchmark writes NaN and ±Infinity counters as bare tokens (`"x": NaN`, `-Infinity`),
 * which `JSON.parse` rejects, and a process killed while writing leaves a file cut in the middle.
 * This module reads such text token by token (so a benchmark *named* "NaN" is never touched) and:
 * - accepts the bare tokens NaN, Infinity, inf, nan (any case, optional sign) outside strings,
 *   as the numbers NaN / ±Infinity;
 * - reports a syntax error with its offset, line and column;
 * - on input that ends inside a value, returns everything read so far and marks every object and
 *   array that was still open, so a caller can keep the complete entries and drop the partial one.
 *
 * Raw control characters inside strings are accepted (Google Benchmark does not escape names or
 * messages). Everything else follows RFC 8259.
 */
import { positionOf } from './common.js'

/** The result of {@link parseLenientJson}. */
export interface LenientJson {
  /** The value read; `undefined` when the input ended before any value started. */
  value: unknown
  /** True when the input ended inside a value (a truncated file). */
  truncated: boolean
  /** Objects and arrays that were still open when the input ended (empty unless truncated). */
  incomplete: ReadonlySet<object>
}

/** A syntax error in JSON text that is not explained by the text simply ending early. */
export class JsonSyntaxError extends Error {
  /** 0-based character offset of the offending character. */
  readonly offset: number
  /** 1-based line and column of the offending character. */
  readonly line: number
  readonly column: number
  /** What was wrong, without the position (e.g. "expected ',' or '}' but found 'x'"). */
  readonly reason: string

  constructor(text: string, offset: number, reason: string) {
    const { line, column } = positionOf(text, offset)
    super(`${reason} at line ${line}, column ${column}`)
    this.name = 'JsonSyntaxError'
    this.offset = offset
    this.line = line
    this.column = column
    this.reason = reason
  }
}

/** Nesting deeper than this is rejected as a syntax error (benchmark files nest 3 levels). */
export const MAX_JSON_DEPTH = 256

// Sticky patterns, matched at the current offset.
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const NON_FINITE = /[+-]?(?:infinity|inf|nan)(?![A-Za-z0-9_])/iy
const IDENT_CHAR = /[A-Za-z0-9_.]/

class EndOfInput {}

function nonFiniteValue(token: string): number {
  const negative = token.startsWith('-')
  return /nan/i.test(token) ? NaN : negative ? -Infinity : Infinity
}

function describe(text: string, i: number): string {
  return i >= text.length ? 'end of input' : JSON.stringify(text[i])
}

/**
 * Parses JSON text, tolerating bare non-finite numbers and truncation (see the module comment).
 * Time O(n), space O(n) for the result; recursion depth is the nesting depth.
 * @throws JsonSyntaxError on a syntax error before the end of the text, on data after the value,
 *   or on nesting deeper than MAX_JSON_DEPTH.
 */
export function parseLenientJson(text: string): LenientJson {
  let i = 0
  const open = new Set<object>()

  const ws = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i)
      if (c === 32 || c === 10 || c === 13 || c === 9) i++
      else break
    }
  }
  const fail = (reason: string, at = i): never => {
    throw new JsonSyntaxError(text, at, reason)
  }
  const eof = (): never => {
    throw new EndOfInput()
  }

  const parseString = (): string => {
    // text[i] === '"'
    const start = ++i
    const close = text.indexOf('"', start)
    if (close < 0) eof()
    const plain = text.slice(start, close)
    if (!plain.includes('\\')) {
      i = close + 1
      return plain
    }
    let out = ''
    while (true) {
      if (i >= text.length) eof()
      const ch = text[i]
      if (ch === '"') {
        i++
        return out
      }
      if (ch !== '\\') {
        out += ch
        i++
        continue
      }
      if (i + 1 >= text.length) eof()
      const esc = text[i + 1]
      switch (esc) {
        case '"':
        case '\\':
        case '/':
          out += esc
          break
        case 'b':
          out += '\b'
          break
        case 'f':
          out += '\f'
          break
        case 'n':
          out += '\n'
          break
        case 'r':
          out += '\r'
          break
        case 't':
          out += '\t'
          break
        case 'u': {
          const hex = text.slice(i + 2, i + 6)
          if (hex.length < 4 && /^[0-9a-fA-F]*$/.test(hex)) eof()
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(`invalid \\u escape in a string`, i)
          out += String.fromCharCode(parseInt(hex, 16))
          i += 4
          break
        }
        default:
          fail(`invalid escape '\\${esc}' in a string`, i)
      }
      i += 2
    }
  }

  const parseValue = (assign: (v: unknown) => void, depth: number): void => {
    ws()
    if (i >= text.length) eof()
    if (depth > MAX_JSON_DEPTH) fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`)
    const ch = text[i]
    if (ch === '{') {
      const obj: Record<string, unknown> = {}
      open.add(obj)
      assign(obj)
      i++
      ws()
      if (text[i] === '}') {
        i++
        open.delete(obj)
        return
      }
      while (true) {
        ws()
        if (i >= text.length) eof()
        if (text[i] !== '"') fail(`expected a property name in double quotes but found ${describe(text, i)}`)
        const key = parseString()
        ws()
        if (i >= text.length) eof()
        if (text[i] !== ':')
          fail(`expected ':' after property name ${JSON.stringify(key)} but found ${describe(text, i)}`)
        i++
        parseValue((v) => {
          obj[key] = v
        }, depth + 1)
        ws()
        if (i >= text.length) eof()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === '}') {
          i++
          open.delete(obj)
          return
        }
        fail(`expected ',' or '}' after the value of ${JSON.stringify(key)} but found ${describe(text, i)}`)
      }
    }
    if (ch === '[') {
      const arr: unknown[] = []
      open.add(arr)
      assign(arr)
      i++
      ws()
      if (text[i] === ']') {
        i++
        open.delete(arr)
        return
      }
      while (true) {
        parseValue((v) => {
          arr.push(v)
        }, depth + 1)
        ws()
        if (i >= text.length) eof()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === ']') {
          i++
          open.delete(arr)
          return
        }
        fail(`expected ',' or ']' after an array element but found ${describe(text, i)}`)
      }
    }
    if (ch === '"') {
      assign(parseString())
      return
    }
    NON_FINITE.lastIndex = i
    const nf = NON_FINITE.exec(text)
    if (nf) {
      i += nf[0].length
      if (i >= text.length && depth > 0) eof()
      assign(nonFiniteValue(nf[0]))
      return
    }
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null]
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length
        assign(value)
        return
      }
      if (text.length - i < word.length && word.startsWith(text.slice(i))) eof() // "tru" at the very end
    }
    NUMBER.lastIndex = i
    const num = NUMBER.exec(text)
    if (num) {
      i += num[0].length
      // A number that runs to the end of the text may have been cut ("12" of "1234").
      if (i >= text.length && depth > 0) eof()
      if (i < text.length && IDENT_CHAR.test(text[i]))
        fail(`invalid number ${JSON.stringify(num[0] + text[i])}`, i - num[0].length)
      assign(Number(num[0]))
      return
    }
    if ((ch === '-' || ch === '+') && i + 1 >= text.length) eof()
    fail(`unexpected ${describe(text, i)} where a value was expected`)
  }

  let value: unknown = undefined
  try {
    parseValue((v) => {
      value = v
    }, 0)
  } catch (e) {
    if (e instanceof EndOfInput) return { value, truncated: true, incomplete: open }
    throw e
  }
  ws()
  if (i < text.length) fail(`unexpected ${describe(text, i)} after the end of the JSON value`)
  return { value, truncated: false, incomplete: open }
}

/**
 * Rewrites bare NaN / ±Infinity / inf / nan tokens (outside strings) into the strings "NaN",
 * "Infinity" and "-Infinity", so that `JSON.parse` accepts Google Benchmark output. Text inside
 * strings — benchmark names such as `BM_Parse<NaN>` — is never changed. Callers that need the
 * numbers back map those three strings to NaN / ±Infinity. The samples parsers use
 * {@link parseLenientJson}, which does this in the same pass and also reports positions and
 * salvages truncated files; this function is for other readers of benchmark JSON.
 * Time O(n).
 */
export function sanitizeNonFiniteJson(text: string): string {
  let out = ''
  let copied = 0
  let i = 0
  while (i < text.length) {
    const ch = text[i]
    if (ch === '"') {
      // Skip the string, honouring escapes.
      i++
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
      i++
      continue
    }
    if (ch === '-' || ch === '+' || ch === 'N' || ch === 'n' || ch === 'I' || ch === 'i') {
      const prev = i > 0 ? text[i - 1] : ''
      if (!IDENT_CHAR.test(prev)) {
        NON_FINITE.lastIndex = i
        const m = NON_FINITE.exec(text)
        if (m) {
          const v = nonFiniteValue(m[0])
          out +=
            text.slice(copied, i) + JSON.stringify(Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity')
          i += m[0].length
          copied = i
          continue
        }
      }
    }
    i++
  }
  return copied === 0 ? text : out + text.slice(copied)
}
