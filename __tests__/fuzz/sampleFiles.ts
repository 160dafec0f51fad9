/**
 * fast-check generators of sample files in the three formats, each written the way its producer
 * writes it (Google Benchmark 1.7/1.8/1.9 JSON, bench-runner JSONL, CSV), with the byte span of
 * every entry so a property can tell which entries a truncation or a byte flip touched, and the
 * samples a correct parser must return for the untouched file (computed from the model, not by
 * the parser under test).
 */
import fc from 'fast-check'

import type { ParsedSamples } from '../../src/samples/model.js'

export type Unit = 'ns' | 'us' | 'ms' | 's'
const SCALE: Record<Unit, number> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 }

export interface EntryModel {
  name: string
  kind: 'ok' | 'error' | 'skipped'
  iterations: number
  real: number
  cpu: number
  unit: Unit
}

export interface SampleFile {
  text: string
  /** [start, end) character offsets of each entry's text, in entry order. */
  spans: Array<[number, number]>
  entries: EntryModel[]
}

/** Names: any code points (control characters, unicode, quotes, tokens like NaN), never empty after trim. */
const nameArb = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }),
    fc.constantFrom(
      'NaN',
      'Infinity',
      '-Infinity',
      'BM_"q"',
      'BM_\\',
      'BM_a,b',
      'BM_\n\r\t',
      'BM_\u0001',
      '😀λ'
    )
  )
  .filter((s) => s.trim() !== '' && s.trim() === s && !/[\u2028\u2029]/.test(s))

/** Times: ordinary, zero, negative, NaN, ±Infinity, the largest and the smallest (denormal) doubles. */
const timeArb = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 0.5, max: 1e7, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, -5, NaN, Infinity, -Infinity, 1e308, 5e-324, -1e308) }
)

const entryArb = (names: string[]): fc.Arbitrary<EntryModel> =>
  fc.record({
    name: fc.constantFrom(...names), // a small pool, so names repeat (repetitions and duplicates)
    kind: fc.constantFrom<EntryModel['kind']>('ok', 'ok', 'ok', 'ok', 'error', 'skipped'),
    iterations: fc.oneof(fc.integer({ min: 1, max: 1e9 }), fc.constantFrom(0, -1, NaN)),
    real: timeArb,
    cpu: timeArb,
    unit: fc.constantFrom<Unit>('ns', 'us', 'ms', 's')
  })

/** 0 to 12 entries over a pool of 1 to 4 names. */
export const entriesArb: fc.Arbitrary<EntryModel[]> = fc
  .uniqueArray(nameArb, { minLength: 1, maxLength: 4 })
  .chain((names) => fc.array(entryArb(names), { minLength: 0, maxLength: 12 }))

/** The sample a correct parser keeps for an entry of this format, or undefined (an issue instead). */
export function expectedSample(
  e: EntryModel,
  format: ParsedSamples['format']
): { benchmark: string; realTimeNs: number; cpuTimeNs: number } | undefined {
  if (format === 'csv')
    return e.real > 0 && Number.isFinite(e.real)
      ? { benchmark: e.name, realTimeNs: e.real, cpuTimeNs: e.real }
      : undefined
  if (e.kind !== 'ok' || !(e.iterations > 0)) return undefined
  const scale = format === 'google-benchmark-json' ? SCALE[e.unit] : 1
  const [real, cpu] = [e.real * scale, e.cpu * scale]
  if (!(e.real > 0 && e.cpu > 0 && Number.isFinite(real) && Number.isFinite(cpu))) return undefined
  return { benchmark: e.name, realTimeNs: real, cpuTimeNs: cpu }
}

/** Google Benchmark's StrEscape: only \b \f \n \r \t \\ \" are escaped; other control characters stay raw. */
function gbString(s: string): string {
  const map: Record<string, string> = {
    '\b': '\\b',
    '\f': '\\f',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
    '\\': '\\\\',
    '"': '\\"'
  }
  return `"${s.replace(/[\b\f\n\r\t\\"]/g, (c) => map[c])}"`
}

/** Google Benchmark's FormatKV(double): NaN, ±Infinity bare, else %.16e. */
function gbDouble(v: number): string {
  if (Number.isNaN(v)) return 'NaN'
  if (!Number.isFinite(v)) return v < 0 ? '-Infinity' : 'Infinity'
  return v.toExponential(16)
}

/** A Google Benchmark JSON file as `version` writes it (context block and skip form differ). */
export function gbenchFile(entries: EntryModel[], version: '1.7' | '1.8' | '1.9'): SampleFile {
  const context =
    `{\n    "date": "2026-11-23T22:22:08+00:00",\n    "host_name": "vm",\n    "num_cpus": 2,\n` +
    `    "cpu_scaling_enabled": false,\n    "load_avg": [0.4,0.5,NaN]` +
    (version === '1.7' ? '' : `,\n    "library_version": "v${version}.0",\n    "json_schema_version": 1`) +
    (version === '1.9' ? `,\n    "aslr_enabled": true` : '') +
    `\n  }`
  let text = `{\n  "context": ${context},\n  "benchmarks": [\n`
  const spans: Array<[number, number]> = []
  const reps = new Map<string, number>()
  entries.forEach((e, i) => {
    const rep = reps.get(e.name) ?? 0
    reps.set(e.name, rep + 1)
    const fields = [
      `"name": ${gbString(e.name)}`,
      `"run_name": ${gbString(e.name)}`,
      `"run_type": "iteration"`,
      `"repetitions": 3`,
      `"repetition_index": ${rep}`,
      `"threads": 1`,
      `"iterations": ${Number.isNaN(e.iterations) ? 'NaN' : e.iterations}`
    ]
    if (e.kind === 'error') fields.push(`"error_occurred": true`, `"error_message": "fixture: fails"`)
    if (e.kind === 'skipped') {
      if (version === '1.7') fields.push(`"error_occurred": true`, `"error_message": "skip"`)
      else fields.push(`"skipped": true`, `"skip_message": "fixture: skipped"`)
    }
    fields.push(
      `"real_time": ${gbDouble(e.real)}`,
      `"cpu_time": ${gbDouble(e.cpu)}`,
      `"time_unit": "${e.unit}"`
    )
    fields.push(`"ratio": ${gbDouble(e.real / e.cpu)}`)
    const start = text.length
    text += `    {\n      ${fields.join(',\n      ')}\n    }`
    spans.push([start, text.length])
    text += i < entries.length - 1 ? ',\n' : '\n'
    if (i === entries.length - 1) {
      // An aggregate entry at the end, as --benchmark_repetitions writes: never a sample.
      text =
        text.slice(0, -1) +
        `,\n    {"name": ${gbString(e.name + '_mean')}, "run_name": ${gbString(e.name)}, "run_type": "aggregate", "aggregate_name": "mean", "iterations": 3, "real_time": 1.0, "cpu_time": 1.0, "time_unit": "ns"}\n`
    }
  })
  text += '  ]\n}\n'
  return { text, spans, entries }
}

const jsonNumber = (v: number): string => (Number.isFinite(v) ? JSON.stringify(v) : 'null')

/** A bench-runner JSONL file: context line, one line per repetition (non-finite as null), totals. */
export function jsonlFile(entries: EntryModel[]): SampleFile {
  let text =
    '{"type":"context","format":"benchgate-samples","version":1,"context":{"side":"base"},"host":"vm","num_cpus":2,"load_avg":[0.1,0.2,0.3]}\n'
  const spans: Array<[number, number]> = []
  const reps = new Map<string, number>()
  for (const e of entries) {
    const rep = reps.get(e.name) ?? 0
    reps.set(e.name, rep + 1)
    const start = text.length
    text +=
      `{"type":"sample","name":${JSON.stringify(e.name)},"repetition_index":${rep},"iterations":${jsonNumber(e.iterations)},` +
      `"real_time_ns":${jsonNumber(e.real)},"cpu_time_ns":${jsonNumber(e.cpu)},"threads":1,"counters":{"x":${jsonNumber(e.real / e.cpu)}},` +
      `"error":${e.kind === 'error' ? '"fails"' : 'null'},"skipped":${e.kind === 'skipped' ? '"skips"' : 'null'}}\n`
    spans.push([start, text.length])
  }
  text += `{"type":"totals","benchmarks":${reps.size},"samples":${entries.length}}\n`
  return { text, spans, entries }
}

/** A CSV file with a header; names always quoted (RFC 4180), times as JavaScript writes them. */
export function csvFile(entries: EntryModel[]): SampleFile {
  let text = '# generated\nbenchmark,nanoseconds\n'
  const spans: Array<[number, number]> = []
  for (const e of entries) {
    const start = text.length
    text += `"${e.name.replace(/"/g, '""')}",${String(e.real)}\n`
    spans.push([start, text.length])
  }
  return { text, spans, entries }
}
