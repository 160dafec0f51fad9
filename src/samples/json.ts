/**
 * Reads benchmark JSON with a maintained parser, plus the one thing no JSON library does: salvage a
 * file cut short.
 *
 * - Plain JSON goes through `JSON.parse` (native, fast).
 * - Otherwise JSON5 (the `json5` package) reads it: it accepts the bare `NaN`, `Infinity` and
 *   `-Infinity` that Google Benchmark writes for non-finite counters (1.7.1 and 1.9.5 write exactly
 *   these, a negative NaN included: see __tests__/fixtures/gbench/v*\/edge-forms.json) and the raw
 *   control characters it leaves in names, and reports syntax errors with line and column.
 * - A text that ends inside a value (a process killed while writing) is cut back to the last point
 *   where every open object and array can be closed, closed, and parsed; the containers that were
 *   still open are returned so a caller can keep the complete entries and drop the partial one.
 *   This scan is the only hand-written part: JSON5 and JSON.parse just fail on such a file.
 */
import JSON5 from 'json5'

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
  /** What was wrong, without the position (e.g. "invalid character ';'"). */
  readonly reason: string

  constructor(line: number, column: number, reason: string) {
    super(`${reason} at line ${line}, column ${column}`)
    this.name = 'JsonSyntaxError'
    this.line = line
    this.column = column
    this.reason = reason
  }
}

/**
 * Parses one complete JSON (or JSON5) text: `JSON.parse` first, JSON5 when that fails.
 * Time O(n); iterative in both parsers, so deep nesting cannot overflow the stack.
 * @throws JsonSyntaxError with JSON5's line and column
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return parseJson5(text)
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
    // not plain JSON: NaN/Infinity, a cut, or a real error; JSON5 and the scan below tell which
  }
  if (text.trim() === '') return { value: undefined, truncated: true, incomplete: new Set() }
  const cut = findTruncation(text)
  if (cut === undefined) return complete(parseJson5(text))
  const value = parseJson5(text.slice(0, cut.end) + cut.closers)
  return { value, truncated: true, incomplete: lastChildChain(value, cut.closers.length) }
}

function parseJson5(text: string): unknown {
  try {
    return JSON5.parse(text) as unknown
  } catch (e) {
    const err = e as SyntaxError & { lineNumber?: number; columnNumber?: number }
    if (typeof err.lineNumber !== 'number') throw e // not a syntax error: a bug, let it show
    const reason = err.message.replace(/^JSON5: /, '').replace(/ at \d+:\d+$/, '')
    throw new JsonSyntaxError(err.lineNumber, Math.max(1, err.columnNumber ?? 1), reason)
  }
}

/**
 * Where a truncated text can be cut so that closing its open containers gives valid JSON: just
 * before the last `,`, or just after the last `{`, `[`, `}` or `]`, outside strings. Every token
 * after that point is a key, a colon or a scalar that may itself be cut ("12" of "1234").
 * Returns undefined when nothing is open at the end (the text is not truncated) or the brackets do
 * not match (a syntax error JSON5 will locate). O(n) time, O(depth) space.
 */
function findTruncation(text: string): { end: number; closers: string } | undefined {
  const stack: string[] = [] // the closer of each open container
  let end = -1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
      continue
    }
    if (c === '"') inString = true
    else if (c === '{' || c === '[') {
      stack.push(c === '{' ? '}' : ']')
      end = i + 1
    } else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return undefined
      end = i + 1
    } else if (c === ',') end = i
  }
  if (stack.length === 0 || end < 0) return undefined
  return { end, closers: stack.reverse().join('') }
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
