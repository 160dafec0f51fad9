/**
 * Reading a file line by line (linesOfFile, 32 KiB at a time) gives exactly the lines of its whole
 * text (linesOfText), wherever the pieces are cut; and a bench-runner JSONL file read that way
 * (readSampleFile) gives exactly what parsing its whole text gives (how it was read before), damaged
 * or not.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { SampleFileError, parseSamplesText, readSampleFile } from '../../src/samples/index.js'
import { fileStart, linesOfFile, linesOfText } from '../../src/samples/lines.js'
import { SampleStore } from '../../src/samples/store.js'
import { entriesArb, jsonlFile } from '../fuzz/sampleFiles.js'
import { readFixture } from './helpers.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
const dir = mkdtempSync(join(tmpdir(), 'benchgate-lines-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
function fileOf(text: string): string {
  const path = join(dir, `f${files++}.jsonl`)
  writeFileSync(path, text)
  return path
}

/** Text made of characters that matter here: line ends, CR, multi-byte UTF-8 (2, 3 and 4 bytes). */
const textArb = fc
  .array(fc.constantFrom('a', 'b', '\n', '\r', '\r\n', 'é', '中', '😀', '\n\n', '{"x":1}'), { maxLength: 60 })
  .map((parts) => parts.join(''))

describe('linesOfFile', () => {
  it('gives the lines of the whole text, for any cut of the file into pieces', () => {
    fc.assert(
      fc.property(textArb, fc.integer({ min: 1, max: 9 }), (text, chunk) => {
        expect([...linesOfFile(fileOf(text), chunk)]).toEqual([...linesOfText(text)])
      }),
      { numRuns: RUNS * 3 }
    )
  })

  it('joins a line far longer than a piece once, and marks a last line without its line end', () => {
    const long = 'x'.repeat(300_000)
    const lines = [...linesOfFile(fileOf(`a\n${long}\nb`))]
    expect(lines.map((l) => [l.text.length, l.number, l.ended])).toEqual([
      [1, 1, true],
      [300_000, 2, true],
      [1, 3, false]
    ])
    expect([...linesOfFile(fileOf(''))]).toEqual([])
  })

  it('reads only the start of a file to tell its format', () => {
    expect(fileStart(fileOf('é'.repeat(40_000)), 9)).toBe('éééé') // a character cut at the end is dropped
  })
})

/** The outcome of reading: the samples and issues, or the error's id and message. */
function outcome(read: () => { samples: unknown[]; issues: unknown[] }, store: SampleStore): unknown {
  try {
    const r = read()
    return { samples: [...store, ...r.samples], issues: r.issues }
  } catch (e) {
    if (!(e instanceof SampleFileError)) throw e
    return { error: e.id, message: e.message, line: e.line, column: e.column }
  }
}

describe('readSampleFile on bench-runner JSONL (read line by line)', () => {
  const same = (written: string) => {
    const path = fileOf(written)
    // The file's text as a whole (a lone surrogate in `written` was written as U+FFFD).
    const text = readFileSync(path, 'utf8')
    const fromText = new SampleStore()
    const fromFile = new SampleStore()
    expect(outcome(() => readSampleFile(path, { side: 'head', run: 2, into: fromFile }), fromFile)).toEqual(
      outcome(() => parseSamplesText(text, { side: 'head', run: 2, source: path, into: fromText }), fromText)
    )
  }

  it('reads the fixtures as their whole text does (complete, crashed, cut, broken, newer version)', () => {
    for (const name of [
      'complete.jsonl',
      'crashed-no-totals.jsonl',
      'truncated-last-line.jsonl',
      'broken-middle-line.jsonl',
      'newer-version.jsonl'
    ]) {
      const text = readFixture(`jsonl/${name}`)
      same(text)
      same(`\ufeff${text.replace(/\n/g, '\r\n')}`) // with a byte order mark and CRLF line ends
    }
  })

  it('reads any generated file, cut anywhere or with characters replaced, as its whole text does', () => {
    fc.assert(
      fc.property(
        entriesArb.map(jsonlFile),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('{', '}', '"', '\n', ',', 'N', '\u0000', 'é')), {
          maxLength: 4
        }),
        (file, cut, flips) => {
          let text = file.text.slice(0, cut % (file.text.length + 1))
          for (const [at, ch] of flips)
            if (text.length) text = text.slice(0, at % text.length) + ch + text.slice((at % text.length) + 1)
          // Only files that still start as bench-runner JSONL take the line-by-line path.
          if (!/^\s*\{"type":"context","format":"benchgate-samples"/.test(text)) return
          same(text)
        }
      ),
      { numRuns: RUNS * 2 }
    )
  })
})
