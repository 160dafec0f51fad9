/**
 * Reads benchmark JSON with `JSON.parse`, after the one pass no library does for us.
 *
 * Google Benchmark writes valid JSON except for two things (real 1.7.1 and 1.9.5 output in
 * __tests__/fixtures/gbench/v*\/edge-forms.json): non-finite counters as bare `NaN`, `Infinity`
 * and `-Infinity` (a negative NaN too is written `NaN`), and control characters other than
 * \b \f \n \r \t left raw inside names. And a process killed while writing leaves a file cut short.
 *
 * Plain JSON goes straight to `JSON.parse`. Otherwise one scan ({@link prepare}) rewrites the bare
 * tokens as placeholder strings (mapped back to numbers by a reviver) and escapes raw control
 * characters, and finds where a cut-short text can be closed; `JSON.parse` then does the parsing.
 * Why not JSON5 (the `json5` package), which reads NaN/Infinity itself: it is about 27 times
 * slower than JSON.parse on a 9 MB Google Benchmark file and took minutes on a 16 MB name
 * (`npm run bench:scale` prints both). It only locates the one error V8 reports without a position.
 */
import JSON5 from 'json5'

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
  /** 1-based line and column of the offending character. */
  readonly line: number
  readonly column: number
  /** What was wrong, without the position (e.g. "Expected ',' or '}' after property value"). */
  readonly reason: string

  constructor(text: string, offset: number, reason: string) {
    const { line, column } = positionOf(text, offset)
    super(`${reason} at line ${line}, column ${column}`)
    this.name = 'JsonSyntaxError'
    this.line = line
    this.column = column
    this.reason = reason
  }
}

/**
 * Parses one complete JSON text, accepting Google Benchmark's bare NaN/±Infinity and raw control
 * characters. Time O(n); `JSON.parse` is iterative, so deep nesting cannot overflow the stack.
 * @throws JsonSyntaxError with line and column (a cut text is an error here)
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    const prepared = prepare(text)
    const r = parsePrepared(prepared.json, prepared)
    if ('error' in r) throw syntaxError(text, prepared, r.error)
    return r.value
  }
}

/**
 * Parses JSON text, tolerating bare non-finite numbers and truncation (see the module comment).
 * Time O(n).
 * @throws JsonSyntaxError on a syntax error anywhere but the very end of the text
 */
export function parseLenientJson(text: string): LenientJson {
  const complete = (value: unknown): LenientJson => ({ value, truncated: false, incomplete: new Set() })
  try {
    return complete(JSON.parse(text))
  } catch {
    // not plain JSON: bare NaN/Infinity, a raw control character, a cut, or a real error
  }
  if (text.trim() === '') return { value: undefined, truncated: true, incomplete: new Set() }
  const prepared = prepare(text)
  const whole = parsePrepared(prepared.json, prepared)
  if (!('error' in whole)) return complete(whole.value)
  // Only an error at the very end is a cut; anything earlier is damage that must not be papered over.
  const atEnd = whole.error.offset === undefined || whole.error.offset >= endOfLastToken(prepared.json)
  const cut = prepared.cut
  if (!atEnd || cut === undefined) throw syntaxError(text, prepared, whole.error)
  const r = parsePrepared(prepared.json.slice(0, cut.end) + cut.closers, prepared)
  if ('error' in r) throw syntaxError(text, prepared, r.error)
  return { value: r.value, truncated: true, incomplete: lastChildChain(r.value, cut.closers.length) }
}

/** A bare NaN/±Infinity cut part-way ("-I", "Na") at the end is a cut too: V8 points into it, not past it. */
const PARTIAL_NON_FINITE = /[-+]?(?:N|Na|I|In|Inf|Infi|Infin|Infini|Infinit)$/

/** Where the text's last token starts when it is a cut-short NaN/Infinity, else its trimmed length. */
function endOfLastToken(json: string): number {
  const trimmed = json.trimEnd()
  return PARTIAL_NON_FINITE.exec(trimmed)?.index ?? trimmed.length
}

interface Prepared {
  /** The text with bare tokens replaced and control characters escaped. */
  json: string
  /** Placeholder strings standing for NaN, Infinity and -Infinity, when any token was replaced. */
  placeholders?: Map<string, number>
  /** [offset in json, offset in the original text] after each rewrite, ascending. */
  edits: Array<[number, number]>
  /** Where json can be cut and closed (when containers are open at its end). */
  cut?: { end: number; closers: string }
}

const NON_FINITE = /[-+]?(?:NaN|Infinity)(?![A-Za-z0-9_$])/y

/**
 * One scan of the text: rewrites bare NaN/±Infinity outside strings as placeholder strings,
 * escapes raw control characters inside strings, and records the last point where every open
 * container can be closed (just before a `,`, or just after a bracket: every token after it may
 * itself be cut, "12" of "1234"). O(n) time, O(depth) extra space.
 */
function prepare(text: string): Prepared {
  const marker = freeMarker(text)
  const out: string[] = []
  const edits: Array<[number, number]> = [[0, 0]]
  let delta = 0 // (output length) - (input consumed): input offset i is output offset i + delta
  let copied = 0
  let replaced = false
  const rewrite = (i: number, length: number, replacement: string): void => {
    out.push(text.slice(copied, i), replacement)
    delta += replacement.length - length
    copied = i + length
    edits.push([copied + delta, copied])
  }
  const stack: string[] = []
  let end = -1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
      else if (c < 0x20) rewrite(i, 1, `\\u${c.toString(16).padStart(4, '0')}`)
      continue
    }
    if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      stack.push(c === 0x7b ? '}' : ']')
      end = i + 1 + delta
    } else if (c === 0x7d || c === 0x5d) {
      if (stack.pop() !== String.fromCharCode(c)) stack.length = 0 // mismatched: a syntax error, no cut
      end = i + 1 + delta
    } else if (c === 0x2c) end = i + delta
    else if (c === 0x4e || c === 0x49 || c === 0x2d || c === 0x2b) {
      NON_FINITE.lastIndex = i
      const token = NON_FINITE.exec(text)?.[0]
      if (token === undefined) continue
      const kind = token.endsWith('NaN') ? 'NaN' : token.startsWith('-') ? '-Infinity' : 'Infinity'
      rewrite(i, token.length, JSON.stringify(marker + kind))
      replaced = true
      i += token.length - 1
    }
  }
  out.push(text.slice(copied))
  const prepared: Prepared = { json: out.join(''), edits }
  if (replaced) {
    prepared.placeholders = new Map([
      [marker + 'NaN', NaN],
      [marker + 'Infinity', Infinity],
      [marker + '-Infinity', -Infinity]
    ])
  }
  if (stack.length > 0 && end >= 0) prepared.cut = { end, closers: stack.reverse().join('') }
  return prepared
}

/** A private-use character that no string in the text can contain (neither raw nor escaped). */
function freeMarker(text: string): string {
  for (let code = 0xe000; ; code++) {
    const ch = String.fromCharCode(code)
    if (!text.includes(ch) && !new RegExp(`\\\\u${code.toString(16)}`, 'i').test(text)) return ch
  }
}

type V8Error = { message: string; offset?: number }

function parsePrepared(json: string, prepared: Prepared): { value: unknown } | { error: V8Error } {
  const ph = prepared.placeholders
  try {
    const value: unknown = JSON.parse(json)
    if (ph) restorePlaceholders(value, ph)
    return { value }
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e
    const m = /^(.*?)(?: in JSON)? at position (\d+)/s.exec(e.message)
    if (m) return { error: { message: m[1], offset: Number(m[2]) } }
    if (/^Unexpected end of JSON input/.test(e.message))
      return { error: { message: 'Unexpected end of JSON input' } }
    return { error: locateWithJson5(json) }
  }
}

/**
 * V8 gives no position for an unexpected token ("Unexpected token 'x', ... is not valid JSON");
 * JSON5, slower but exact, locates it (on an error path only; the text is plain JSON by now).
 */
function locateWithJson5(json: string): V8Error {
  try {
    JSON5.parse(json)
  } catch (e) {
    const err = e as Error & { lineNumber?: number; columnNumber?: number }
    if (typeof err.lineNumber === 'number') {
      let offset = 0
      for (let line = 1; line < err.lineNumber; line++) offset = json.indexOf('\n', offset) + 1
      const message = err.message.replace(/^JSON5: /, '').replace(/ at \d+:\d+$/, '')
      return { message, offset: offset + Math.max(0, (err.columnNumber ?? 1) - 1) }
    }
  }
  return { message: 'not valid JSON' }
}

/**
 * Puts NaN/±Infinity back where a placeholder string stands, in place. Iterative with an explicit
 * stack: JSON.parse's reviver recurses and overflows on deep nesting. O(size of the value).
 */
function restorePlaceholders(root: unknown, ph: Map<string, number>): void {
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node !== 'object' || node === null) continue
    const holder = node as Record<string, unknown>
    for (const key of Object.keys(holder)) {
      const v = holder[key]
      if (typeof v === 'string') {
        const n = ph.get(v)
        if (n !== undefined) holder[key] = n
      } else if (typeof v === 'object' && v !== null) stack.push(v)
    }
  }
}

/** The error at its place in the original text (rewrites shift offsets). */
function syntaxError(text: string, prepared: Prepared, error: V8Error): JsonSyntaxError {
  const offset = error.offset ?? prepared.json.length
  let k = prepared.edits.length - 1
  while (k > 0 && prepared.edits[k][0] > offset) k-- // few edits in practice; linear is fine
  const [outAt, textAt] = prepared.edits[k]
  return new JsonSyntaxError(text, Math.min(text.length, textAt + (offset - outAt)), error.message)
}

/** The root and then, `depth - 1` times, the last element or member of the previous one. */
function lastChildChain(root: unknown, depth: number): Set<object> {
  const chain = new Set<object>()
  let node = root
  for (let d = 0; d < depth && typeof node === 'object' && node !== null; d++) {
    chain.add(node)
    const children = Array.isArray(node) ? node : Object.values(node)
    node = children[children.length - 1]
  }
  return chain
}
