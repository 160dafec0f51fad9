/**
 * Splits a JSON document whose root is an object into its members, read piece by piece: the
 * elements of one array member (Google Benchmark's `benchmarks`) are handed over one at a time,
 * every other member whole, each as its own text for the caller to parse. A 10,000-benchmark file
 * (7 MB) is then never one string nor one tree of objects.
 *
 * Only the skeleton is checked here: the root object's keys, colons and commas, and the array's
 * commas. Everything between (a key, a value, an element) is handed over as text, and the caller's
 * parse checks it; the skeleton and its pieces all valid is the document valid, with the same
 * values. Any other document (not an object, cut short, a key twice, text after the root) ends the
 * split with `false`, and the caller reads the file whole, as before, for its exact error.
 *
 * Written by hand: the streaming JSON packages on npm build every value as objects, or parse the
 * whole text themselves; here the elements' text must reach benchgate's own lenient parser (bare
 * NaN/Infinity, raw control characters), which is what makes the split exact.
 */
import { withoutBom } from './lines.js'

export interface MemberSink {
  /** A member other than the split array: its key's JSON text (quotes included) and its value's text. */
  member(keyJson: string, valueText: string): void
  /** One element of the split array, as text, in order. */
  element(text: string): void
}

const enum At {
  BeforeRoot,
  KeyOrEnd,
  Key,
  KeyText,
  Colon,
  Value,
  ValueText,
  AfterValue,
  ElementOrEnd,
  Element,
  ElementText,
  AfterRoot,
  Failed
}

const QUOTE = 0x22
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/**
 * Hands the members of the JSON object in `pieces` (its text, in order, cut anywhere) to `sink`,
 * the array member whose key is `split` element by element.
 * @returns `complete`: the text is one object whose skeleton is well-formed, each key once, with
 *   no escape in a key, and `split` (if there) an array; false as soon as it is known not to be.
 *   `found`: `split` was there. What the sink throws propagates.
 */
export function splitJsonObject(
  pieces: Iterable<string>,
  split: string,
  sink: MemberSink
): { complete: boolean; found: boolean } {
  const splitter = new Splitter(JSON.stringify(split), sink)
  for (const piece of withoutBom(pieces)) if (!splitter.read(piece)) return { complete: false, found: false }
  return { complete: splitter.at === At.AfterRoot, found: splitter.keys.has(splitter.splitKey) }
}

class Splitter {
  at: At = At.BeforeRoot
  readonly keys = new Set<string>()
  private key = ''
  // The text being collected (a key, value or element): earlier pieces' parts, and where it starts in this one.
  private parts: string[] = []
  private from = -1
  private inString = false
  private escaped = false
  private depth = 0
  // The next backslash in the piece from the position read on (found again once passed).
  private backslash = -1

  constructor(
    readonly splitKey: string,
    private readonly sink: MemberSink
  ) {}

  /** Reads one piece; false once the text cannot be a complete, sound object. */
  read(piece: string): boolean {
    if (this.from >= 0) this.from = 0
    this.backslash = piece.indexOf('\\')
    for (let i = 0; i < piece.length;) {
      const inText = this.at === At.KeyText || this.at === At.ValueText || this.at === At.ElementText
      i = inText ? this.text(piece, i) : this.skeleton(piece, i)
      if (this.at === At.Failed) return false
    }
    if (this.from >= 0) this.parts.push(piece.slice(this.from))
    return true
  }

  /** Inside a key, value or element, from i: returns where to go on. Strings are crossed with indexOf. */
  private text(piece: string, position: number): number {
    if (this.escaped) {
      this.escaped = false
      return position + 1
    }
    if (this.inString) {
      const quote = piece.indexOf('"', position)
      if (this.backslash !== -1 && this.backslash < position) this.backslash = piece.indexOf('\\', position)
      if (this.backslash !== -1 && (quote === -1 || this.backslash < quote)) {
        this.escaped = true // the character after it is skipped (in the next piece if need be)
        return this.backslash + 1
      }
      if (quote === -1) return piece.length
      this.inString = false
      if (this.at === At.KeyText) this.endKey(this.collected(piece, quote + 1))
      return quote + 1
    }
    const c = piece.charCodeAt(position)
    if (c === QUOTE) this.inString = true
    else if (c === 0x7b || c === 0x5b) this.depth++
    else if (this.depth > 0 && (c === 0x7d || c === 0x5d)) this.depth--
    else if (this.depth === 0 && (c === 0x2c || c === (this.at === At.ElementText ? 0x5d : 0x7d))) {
      const text = this.collected(piece, position)
      if (this.at === At.ElementText) {
        this.sink.element(text)
        this.at = c === 0x2c ? At.Element : At.AfterValue
      } else {
        this.sink.member(this.key, text)
        this.at = c === 0x2c ? At.Key : At.AfterRoot
      }
    }
    return position + 1
  }

  /** The text collected, up to `end` in this piece. */
  private collected(piece: string, end: number): string {
    this.parts.push(piece.slice(this.from, end))
    const text = this.parts.join('')
    this.parts = []
    this.from = -1
    return text
  }

  private endKey(key: string): void {
    // Compared as written: an escaped key could equal another, or be malformed (the whole-file
    // reader decides); JSON.parse keeps a repeated key's last value (likewise).
    if (key.includes('\\') || this.keys.has(key)) {
      this.at = At.Failed
      return
    }
    this.keys.add(key)
    this.key = key
    this.at = At.Colon
  }

  /** Between members and elements, at i: returns where to go on. */
  private skeleton(piece: string, position: number): number {
    const c = piece.charCodeAt(position)
    if (isSpace(c)) return position + 1
    switch (this.at) {
      case At.BeforeRoot:
        this.at = c === 0x7b ? At.KeyOrEnd : At.Failed
        break
      case At.KeyOrEnd:
      case At.Key:
        if (c === QUOTE) {
          this.at = At.KeyText
          this.inString = true
          this.from = position
        } else this.at = c === 0x7d && this.at === At.KeyOrEnd ? At.AfterRoot : At.Failed
        break
      case At.Colon:
        this.at = c === 0x3a ? At.Value : At.Failed
        break
      case At.Value:
        if (this.key === this.splitKey) {
          this.at = c === 0x5b ? At.ElementOrEnd : At.Failed
          break
        }
        return this.startText(At.ValueText, position) // its first character is read as part of it
      case At.ElementOrEnd:
      case At.Element:
        if (c === 0x5d && this.at === At.ElementOrEnd) {
          this.at = At.AfterValue
          break
        }
        return this.startText(At.ElementText, position)
      case At.AfterValue:
        this.at = c === 0x2c ? At.Key : c === 0x7d ? At.AfterRoot : At.Failed
        break
      default: // AfterRoot: only white space may follow the root
        this.at = At.Failed
    }
    return position + 1
  }

  private startText(at: At, i: number): number {
    this.at = at
    this.from = i
    return i
  }
}
