/**
 * Google Benchmark JSON read entry by entry (splitJsonObject + parseGoogleBenchmarkPieces, the path
 * readSampleFile takes) gives exactly what parsing the whole text gives, for real 1.7.1 and 1.9.5
 * output, generated 1.7/1.8/1.9 files, and the same files cut or damaged anywhere. A file that is
 * not complete, valid Google Benchmark JSON is left to the whole-text reader (undefined here).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { parseGoogleBenchmarkJson, parseGoogleBenchmarkPieces } from '../../src/samples/googleBenchmark.js'
import { SampleFileError, parseSamplesText, readSampleFile } from '../../src/samples/index.js'
import { splitJsonObject } from '../../src/samples/jsonMembers.js'
import { SampleStore } from '../../src/samples/store.js'
import { entriesArb, gbenchFile } from '../fuzz/sampleFiles.js'
import { readFixture } from './helpers.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
const OPTS = { side: 'base', round: 4, run: 1, source: 'x.json' } as const

/** `text` cut into pieces of `size` characters (the split must not depend on where). */
const piecesOf = (text: string, size: number): string[] => {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

/** What the split hands over: members as [key, value text], elements as text; or null when it gives up. */
function split(text: string, size = 7): { members: string[][]; elements: string[]; found: boolean } | null {
  const members: string[][] = []
  const elements: string[] = []
  const r = splitJsonObject(piecesOf(text, size), 'benchmarks', {
    member: (key, value) => members.push([key, value]),
    element: (e) => elements.push(e)
  })
  return r.complete ? { members, elements, found: r.found } : null
}

describe('splitJsonObject', () => {
  it('hands over each member and each element, with brackets, quotes and escapes inside strings', () => {
    const text =
      '\ufeff {"context": {"a": "}]\\"[{", "b": [1, {"c": 2}]}, "n": -1.5e3 , "s": "x,y}",\n' +
      ' "benchmarks": [ {"name": "BM_\\"]}", "v": NaN} , {"name": "BM_2\u0001"}, [3], 4 ], "t": true}\n '
    for (const size of [1, 2, 5, 64]) {
      expect(split(text, size)).toEqual({
        members: [
          ['"context"', '{"a": "}]\\"[{", "b": [1, {"c": 2}]}'],
          ['"n"', '-1.5e3 '],
          ['"s"', '"x,y}"'],
          ['"t"', 'true']
        ],
        elements: ['{"name": "BM_\\"]}", "v": NaN} ', '{"name": "BM_2\u0001"}', '[3]', '4 '],
        found: true
      })
    }
    expect(split('{"benchmarks": []}')).toEqual({ members: [], elements: [], found: true })
    expect(split('{}')).toEqual({ members: [], elements: [], found: false })
  })

  it('gives up on anything but one complete object with a sound skeleton', () => {
    for (const text of [
      '',
      '  ',
      '[1]',
      '{"benchmarks": [{"a": 1}]', // cut short
      '{"benchmarks": [{"a": 1}]} x', // text after the root
      '{"benchmarks": [{"a": 1}]}{}',
      '{"a": 1 "b": 2}', // a missing comma between members
      '{"a": 1,}', // a trailing comma
      '{"a" 1}', // no colon
      '{a: 1}', // an unquoted key
      '{"benchmarks": {"a": 1}}', // the split member is not an array
      '{"benchmarks": [1 2]}', // a missing comma between elements (caught by the element's parse)
      '{"benchmarks": [], "benchmarks": [1]}', // a key twice: JSON.parse keeps the last
      '{"\\u0062enchmarks": [1]}', // an escaped key
      '{"benchmarks": [{"a": "unterminated}]}'
    ]) {
      const r = split(text)
      // Either it gave up, or a piece it handed over is not valid JSON by itself.
      const valid = (t: string) => {
        try {
          JSON.parse(t)
          return true
        } catch {
          return false
        }
      }
      if (r !== null) expect([...r.members.map((m) => m[1]), ...r.elements].every(valid)).toBe(false)
    }
  })
})

const dir = mkdtempSync(join(tmpdir(), 'benchgate-gbench-pieces-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0

/** readSampleFile's outcome on `written`, and parsing the whole text's (as it was read before). */
function bothWays(written: string): { file: unknown; whole: unknown } {
  const path = join(dir, `f${files++}.json`)
  writeFileSync(path, written)
  const text = readFileSync(path, 'utf8')
  const outcome = (
    read: (store: SampleStore) => { samples: unknown[]; issues: unknown[]; provenance: unknown }
  ) => {
    const store = new SampleStore()
    try {
      const r = read(store)
      return { samples: [...store, ...r.samples], issues: r.issues, provenance: r.provenance }
    } catch (e) {
      if (!(e instanceof SampleFileError)) throw e
      return { error: e.id, message: e.message }
    }
  }
  return {
    file: outcome((into) => readSampleFile(path, { side: 'head', run: 3, into })),
    whole: outcome((into) => parseSamplesText(text, { side: 'head', run: 3, source: path, into }))
  }
}

describe('Google Benchmark JSON read entry by entry', () => {
  const real = [
    'v1.7.1/edge-forms.json',
    'v1.7.1/fixture-r1.json',
    'v1.7.1/fixture-r3.json',
    'v1.8-crafted/fixture.json',
    'v1.9.5/edge-forms.json',
    'v1.9.5/fixture-r1.json',
    'v1.9.5/fixture-r3.json'
  ]

  it('reads real output entry by entry, exactly as the whole text (NaN counters, control characters, skips)', () => {
    for (const name of real) {
      const text = readFixture('gbench', name)
      const pieces = parseGoogleBenchmarkPieces(piecesOf(text, 4096), OPTS)
      expect(pieces).toBeDefined() // complete and valid: not left to the whole-text reader
      expect(pieces).toEqual(parseGoogleBenchmarkJson(text, OPTS))
      const { file, whole } = bothWays(text)
      expect(file).toEqual(whole)
    }
  })

  it('leaves a file cut short to the whole-text reader, which keeps its complete entries', () => {
    const text = readFixture('gbench', 'v1.7.1/truncated.json')
    expect(parseGoogleBenchmarkPieces(piecesOf(text, 4096), OPTS)).toBeUndefined()
    const { file, whole } = bothWays(text)
    expect(file).toEqual(whole)
    expect((file as { issues: Array<{ kind: string }> }).issues.some((i) => i.kind === 'truncated')).toBe(
      true
    )
  })

  it('reads generated files of every version as the whole text, intact, cut or damaged anywhere', () => {
    fc.assert(
      fc.property(
        entriesArb,
        fc.constantFrom('1.7', '1.8', '1.9') as fc.Arbitrary<'1.7' | '1.8' | '1.9'>,
        fc.option(fc.nat(), { nil: undefined }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\\', 'N', 'é')), {
          maxLength: 3
        }),
        (entries, version, cut, flips) => {
          let text = gbenchFile(entries, version).text
          const intact = cut === undefined && flips.length === 0
          if (cut !== undefined) text = text.slice(0, cut % (text.length + 1))
          for (const [at, ch] of flips)
            if (text.length) text = text.slice(0, at % text.length) + ch + text.slice((at % text.length) + 1)
          if (intact) expect(parseGoogleBenchmarkPieces(piecesOf(text, 333), OPTS)).toBeDefined()
          const { file, whole } = bothWays(text)
          expect(file).toEqual(whole)
        }
      ),
      { numRuns: RUNS * 2 }
    )
  })
})
