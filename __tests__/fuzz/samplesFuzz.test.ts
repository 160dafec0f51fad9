/**
 * Property tests (fast-check) of every sample parser, through the public entry that detects the
 * format (`parseSamplesText`): Google Benchmark JSON as 1.7, 1.8 and 1.9 write it, bench-runner
 * JSONL and CSV, with names of any code points, times that are zero, negative, NaN, ±Infinity, huge
 * or denormal, repeated names, then cut at a random point or with random characters replaced.
 *
 * Every case must end in a SampleFileError naming the file (and line:column for a syntax error) or
 * a result that keeps every good sample the damage did not touch; never another exception (a
 * TypeError or RangeError is a bug) and never more than MAX_CASE_MS for one parse.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'

import { SampleFileError, parseSamplesText } from '../../src/samples/index.js'
import type { ParsedSamples } from '../../src/samples/model.js'
import {
  csvFile,
  entriesArb,
  expectedSample,
  gbenchFile,
  jsonlFile,
  type EntryModel,
  type SampleFile
} from './sampleFiles.js'

/**
 * A single parse taking longer than this fails the property: a guard against a hang or a quadratic
 * path, not a speed target (a case takes milliseconds; the machine this runs on may be loaded 5–10×).
 */
export const MAX_CASE_MS = 10_000
/** The bound for the deliberately huge inputs below (each measured at 0.3-0.9 s alone on a loaded 2-core VM). */
const HUGE_CASE_MS = 60_000
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
/** FUZZ_SEED (and FUZZ_PATH) replay a reported failure: fast-check prints both with the counterexample. */
const REPLAY =
  process.env.FUZZ_SEED === undefined
    ? {}
    : { seed: Number(process.env.FUZZ_SEED), ...(process.env.FUZZ_PATH && { path: process.env.FUZZ_PATH }) }
const PARAMS = { numRuns: RUNS, ...REPLAY }
const SOURCE = 'fuzz/file.json'

type Format = ParsedSamples['format']
const FORMATS: Array<[string, Format, (e: EntryModel[]) => SampleFile]> = [
  ['Google Benchmark 1.7 JSON', 'google-benchmark-json', (e) => gbenchFile(e, '1.7')],
  ['Google Benchmark 1.8 JSON', 'google-benchmark-json', (e) => gbenchFile(e, '1.8')],
  ['Google Benchmark 1.9 JSON', 'google-benchmark-json', (e) => gbenchFile(e, '1.9')],
  ['bench-runner JSONL', 'benchgate-jsonl', jsonlFile],
  ['CSV', 'csv', csvFile]
]

/**
 * Parses with the time bound and checks what every outcome must satisfy. Returns the result, or
 * undefined when the parser refused the file with a proper SampleFileError.
 */
function parseChecked(text: string, boundMs = MAX_CASE_MS): ParsedSamples | undefined {
  const start = performance.now()
  let result: ParsedSamples | undefined
  try {
    result = parseSamplesText(text, { side: 'base', source: SOURCE })
  } catch (e) {
    if (!(e instanceof SampleFileError)) throw e // a TypeError/RangeError escaping is a bug
    expect(e.file).toBe(SOURCE)
    expect(e.message).toContain(SOURCE)
    if (e.id.startsWith('malformed')) {
      expect(Number.isInteger(e.line) && e.line! >= 1 && Number.isInteger(e.column) && e.column! >= 1).toBe(
        true
      )
      expect(e.message).toContain(`${SOURCE}:${e.line}:${e.column}`)
    }
  }
  const ms = performance.now() - start
  if (ms > boundMs) throw new Error(`one parse took ${ms.toFixed(0)} ms (bound ${boundMs} ms)`)
  // One expect over the first bad sample, not three per sample: jest's expect costs ~50 µs a call,
  // 15 s over the 100,000 samples of the huge inputs below.
  const isValid = (s: ParsedSamples['samples'][number]) =>
    typeof s.benchmark === 'string' &&
    Number.isFinite(s.realTimeNs) &&
    s.realTimeNs > 0 &&
    Number.isFinite(s.cpuTimeNs) &&
    s.cpuTimeNs > 0
  expect(result?.samples.find((s) => !isValid(s))).toBeUndefined()
  return result
}

const view = (samples: ParsedSamples['samples']) =>
  samples.map((s) => ({ benchmark: s.benchmark, realTimeNs: s.realTimeNs, cpuTimeNs: s.cpuTimeNs }))

/** The good samples of the given entries, in order. */
const good = (entries: EntryModel[], format: Format) =>
  entries.flatMap((e) => {
    const s = expectedSample(e, format)
    return s ? [s] : []
  }, 120_000)

/** True when `sub` appears in `all` in order (not necessarily adjacent). */
function isSubsequence<T>(sub: T[], all: T[], eq: (a: T, b: T) => boolean): boolean {
  let j = 0
  for (const x of all) if (j < sub.length && eq(sub[j], x)) j++
  return j === sub.length
}
const sameSample = (
  a: { benchmark: string; realTimeNs: number },
  b: { benchmark: string; realTimeNs: number }
) => a.benchmark === b.benchmark && Object.is(a.realTimeNs, b.realTimeNs)

describe.each(FORMATS)('%s', (_label, format, write) => {
  it('intact files: every good sample kept in order, one issue per bad entry', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        const file = write(entries)
        const r = parseChecked(file.text)
        expect(r).toBeDefined()
        expect(r!.format).toBe(format)
        expect(view(r!.samples)).toEqual(good(entries, format))
        const perEntry = r!.issues.filter((i) => i.benchmark !== '*' && i.kind !== 'crashed')
        expect(perEntry).toHaveLength(entries.length - good(entries, format).length)
      }),
      PARAMS
    )
  }, 120_000)

  it('cut at any point: every entry complete before the cut is kept, and the cut is reported', () => {
    fc.assert(
      fc.property(
        entriesArb.chain((entries) => {
          const file = write(entries)
          return fc.tuple(fc.constant(file), fc.integer({ min: 0, max: file.text.length }))
        }),
        ([file, cut]) => {
          const r = parseChecked(file.text.slice(0, cut))
          const complete = file.entries.filter((_, i) => file.spans[i][1] <= cut)
          if (good(complete, format).length > 0) expect(r).toBeDefined()
          if (r === undefined) return
          const kept = view(r.samples)
          expect(isSubsequence(good(complete, format), kept, sameSample)).toBe(true)
          if (format !== 'csv') {
            // At most the entry the cut ended exactly on (JSONL: a line whose newline was cut) is added.
            const upTo = file.entries.filter((_, i) => file.spans[i][1] - 1 <= cut)
            expect(isSubsequence(kept, good(upTo, format), sameSample)).toBe(true)
            const cutInsideEntries = file.spans.some(([s, e]) => s < cut && cut < e - 1)
            if (cutInsideEntries)
              expect(r.issues.some((i) => i.kind === 'truncated' || i.kind === 'crashed')).toBe(true)
          }
        }
      ),
      PARAMS
    )
  }, 120_000)

  it('random characters replaced: a located error, or every untouched good entry kept', () => {
    const anyChar = fc.oneof(
      fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', '\n', '\r', '\u0000', 'N', '-', '9', '#', ' '),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })
    )
    fc.assert(
      fc.property(
        entriesArb.chain((entries) => {
          const file = write(entries)
          const position = fc.integer({ min: 0, max: Math.max(0, file.text.length - 1) })
          return fc.tuple(
            fc.constant(file),
            fc.array(fc.tuple(position, anyChar), { minLength: 1, maxLength: 3 })
          )
        }),
        ([file, flips]) => {
          // Code-unit offsets, like the spans. Last position first: a replacement of two code units
          // (an astral character) shifts what follows it, so an earlier flip applied first would move a
          // later one onto another entry's newline (seed -1518516120 joined an 'untouched' line).
          let text = file.text
          for (const [at, ch] of [...flips].sort((a, b) => b[0] - a[0]))
            text = text.slice(0, at) + ch + text.slice(at + 1)
          const r = parseChecked(text)
          if (r === undefined || format === 'csv') return // CSV: a stray quote may join rows (RFC 4180)
          const touched = (i: number): boolean => {
            const [s, e] = file.spans[i]
            const prevNewline = i > 0 ? file.spans[i - 1][1] - 1 : -1
            return flips.some(([at]) => (at >= s - 1 && at < e) || at === prevNewline)
          }
          const untouched = file.entries.filter((_, i) => !touched(i))
          expect(isSubsequence(good(untouched, format), view(r.samples), sameSample)).toBe(true)
        }
      ),
      PARAMS
    )
  }, 120_000)
})

describe('pathological sizes and nesting', () => {
  const entry = (name: string, counter = '1') =>
    `{"name": ${JSON.stringify(name)}, "run_name": ${JSON.stringify(name)}, "run_type": "iteration", ` +
    `"iterations": 10, "real_time": 5, "cpu_time": 5, "time_unit": "ns", "c": ${counter}}`

  it('a counter nested 100,000 deep (Google Benchmark JSON and JSONL) keeps the samples', () => {
    const deep = '['.repeat(100_000) + 'NaN' + ']'.repeat(100_000)
    const gb = parseChecked(`{"benchmarks": [${entry('BM_Deep', deep)}, ${entry('BM_Next')}]}`, HUGE_CASE_MS)
    expect(gb!.samples.map((s) => s.benchmark)).toEqual(['BM_Deep', 'BM_Next'])
    const jsonl =
      `{"type":"context","format":"benchgate-samples","version":1,"context":{"deep":${deep}}}\n` +
      `{"type":"sample","name":"BM_Deep","repetition_index":0,"iterations":1,"real_time_ns":5,"cpu_time_ns":5,"counters":{"c":${deep}}}\n` +
      `{"type":"totals","samples":1}\n`
    const r = parseChecked(jsonl, HUGE_CASE_MS)
    expect(r!.samples).toHaveLength(1)
    expect(r!.provenance.context?.deep).toBe('an array') // too deep for JSON.stringify: described, not thrown
  }, 120_000)

  it('a truncated file 100,000 levels deep is a truncation, not a stack overflow', () => {
    const r = parseChecked(
      `{"benchmarks": [${entry('BM_Kept')}, {"name": "BM_Cut", "c": ${'['.repeat(100_000)}`
    )
    expect(r!.samples.map((s) => s.benchmark)).toEqual(['BM_Kept'])
    expect(r!.issues.map((i) => [i.benchmark, i.kind])).toEqual([['BM_Cut', 'truncated']])
  }, 120_000)

  it('a 16 MB name and 50,000 entries each parse (within the hang guard)', () => {
    const huge = 'BM_' + 'x'.repeat(16 * 1024 * 1024)
    const r = parseChecked(`{"benchmarks": [${entry(huge)}, ${entry('BM_Small', 'NaN')}]}`, HUGE_CASE_MS)
    // Parsed, then refused as a name (results.json carries names of at most 512 characters).
    expect(r!.samples.map((s) => s.benchmark.length)).toEqual([8])
    expect(
      r!.issues.filter((i) => i.kind === 'invalid').map((i) => [i.benchmark.length, i.message.split(',')[0]])
    ).toEqual([[512, `benchmark name of ${huge.length} characters`]])
    const many = Array.from({ length: 50_000 }, (_, i) => entry(`BM_${i % 5000}`)).join(',\n')
    expect(parseChecked(`{"benchmarks": [${many}]}`, HUGE_CASE_MS)!.samples).toHaveLength(50_000)
    const rows = Array.from({ length: 50_000 }, (_, i) => `BM_${i % 5000},${i + 1}\n`).join('')
    expect(parseChecked(rows, HUGE_CASE_MS)!.samples).toHaveLength(50_000)
  }, 120_000)
})
