/**
 * The lines of a text or of a file, one at a time. A file is read in 32 KiB pieces, never as one
 * string: a whole sample file as a string (6 MB for 10,000 benchmarks × 3 repetitions) outlives
 * the young-generation collections while it is parsed, and 40 such files made the heap, and the
 * process, about 90 MB larger than reading them piece by piece. A piece stays under 64 KB even
 * as UTF-16 (V8 puts larger strings straight into the old heap).
 */
import { closeSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

/** One line, without its `\n` (a `\r` before it is kept: the reader decides). */
export interface Line {
  text: string
  /** 1-based. */
  number: number
  /** False only for a last line the text ended in, with no `\n` after it (a file cut short). */
  ended: boolean
}

/** The lines of `text`; a `\n` at its very end ends the last line and starts none. */
export function* linesOfText(text: string): Generator<Line, void, undefined> {
  let number = 0
  let start = 0
  for (let end; (end = text.indexOf('\n', start)) >= 0; start = end + 1)
    yield { text: text.slice(start, end), number: ++number, ended: true }
  if (start < text.length) yield { text: text.slice(start), number: ++number, ended: false }
}

/** Bytes read at a time by {@link linesOfFile}. */
export const CHUNK_BYTES = 1 << 15

/**
 * The text of the UTF-8 file at `path`, `chunkBytes` at a time (a multi-byte character split
 * between reads is decoded whole): the file's text is these pieces joined.
 * @throws the file system's error when the file cannot be opened or read
 */
export function* piecesOfFile(path: string, chunkBytes = CHUNK_BYTES): Generator<string, void, undefined> {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.alloc(chunkBytes)
    const decoder = new StringDecoder('utf8')
    for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0;)
      yield decoder.write(buffer.subarray(0, n))
    const end = decoder.end()
    if (end) yield end
  } finally {
    closeSync(fd)
  }
}

/** `pieces` with a byte order mark at the very start of their text left out. */
export function* withoutBom(pieces: Iterable<string>): Generator<string, void, undefined> {
  let atStart = true
  for (const piece of pieces) {
    yield atStart && piece.charCodeAt(0) === 0xfeff ? piece.slice(1) : piece
    atStart &&= piece === ''
  }
}

/**
 * The lines of the UTF-8 file at `path`, as {@link linesOfText} gives those of its text, read
 * `chunkBytes` at a time.
 * @throws the file system's error when the file cannot be opened or read
 */
export function* linesOfFile(path: string, chunkBytes = CHUNK_BYTES): Generator<Line, void, undefined> {
  let number = 0
  // The start of a line longer than what was read so far, piece by piece (joined once, when it ends).
  let pending: string[] = []
  for (const piece of piecesOfFile(path, chunkBytes)) {
    let start = 0
    for (let end; (end = piece.indexOf('\n', start)) >= 0; start = end + 1) {
      const text = piece.slice(start, end)
      yield { text: pending.length ? pending.join('') + text : text, number: ++number, ended: true }
      pending = []
    }
    if (start < piece.length) pending.push(piece.slice(start))
  }
  const rest = pending.join('')
  if (rest !== '') yield { text: rest, number: ++number, ended: false }
}

/**
 * Up to `maxBytes` from the start of the file at `path`, decoded as UTF-8 (a character cut at the
 * end is dropped): enough to tell its format.
 */
export function fileStart(path: string, maxBytes = CHUNK_BYTES): string {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.alloc(maxBytes)
    let length = 0
    for (let n; length < maxBytes && (n = readSync(fd, buffer, length, maxBytes - length, null)) > 0;)
      length += n
    return new StringDecoder('utf8').write(buffer.subarray(0, length))
  } finally {
    closeSync(fd)
  }
}
