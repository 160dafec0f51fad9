/**
 * Reads simple CSV sample files, one timing per row, as the JayBeams microbenchmarks write them:
 *
 *     # comment lines (environment, configuration) start with '#'
 *     BM_OrderBook_Map,123456
 *     "BM_Name, with comma",123789
 *
 * - Columns: benchmark name, nanoseconds. An optional header row names the columns
 *   (`benchmark`/`name`, `nanoseconds`/`ns`/`time_ns`/`real_time_ns`, and optionally `run`);
 *   without a header the first two columns are used and others are ignored.
 * - Quoting follows RFC 4180: a quoted field may hold commas, newlines and doubled quotes ("").
 * - Each row is one sample of one iteration. The file has a single time, used for both
 *   realTimeNs and cpuTimeNs.
 * - repetition = the row's index within its benchmark (and run); run = the `run` column when the
 *   header has one, else the run given in the options (default 0); round = the options' round
 *   (default -1).
 * - A bad row (missing or non-numeric value, zero/negative/non-finite time, unterminated quote)
 *   becomes a SampleIssue 'invalid' naming the line; every other row is kept.
 * - A last row without a line end becomes a SampleIssue 'truncated': it may be cut mid-number.
 */
import {
  FILE_ISSUE,
  SampleFileError,
  describeValue,
  intern,
  makeSample,
  sampleSink,
  resolveSource,
  stripBom,
  type SampleSourceOptions
} from './common.js'
import { withoutBom } from './lines.js'
import type { ParsedSamples, SampleIssue } from './model.js'

interface CsvRecord {
  fields: string[]
  /** 1-based line where the record starts. */
  line: number
  /** Where the record starts in the text parsed. */
  offset: number
  /** True when the text ended inside a quoted field. */
  unterminated: boolean
  /** True when the text ended in this record, with no line end after it. */
  unended: boolean
}

const NAME_COLUMNS = new Set(['benchmark', 'name', 'benchmark_name'])
const TIME_COLUMNS = new Set(['nanoseconds', 'ns', 'time_ns', 'real_time_ns', 'time'])
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * The CSV text's records (RFC 4180), one at a time, skipping blank lines and lines starting with
 * '#'. Time O(n); a large file's records are never all held at once.
 */
export function* csvRecords(text: string, firstLine = 1): Generator<CsvRecord, void, undefined> {
  let i = 0
  let line = firstLine
  const n = text.length
  while (i < n) {
    // At the start of a line.
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] === '\n')) {
      i += text[i] === '\r' ? 2 : 1
      line++
      continue
    }
    if (text[i] === '#') {
      const nl = text.indexOf('\n', i)
      i = nl < 0 ? n : nl + 1
      line++
      continue
    }
    const start = line
    const offset = i
    const fields: string[] = []
    let unterminated = false
    while (true) {
      let field = ''
      if (text[i] === '"') {
        i++
        while (true) {
          const quote = text.indexOf('"', i)
          const end = quote < 0 ? n : quote
          field += text.slice(i, end)
          line += newlinesIn(text, i, end)
          if (quote < 0) {
            i = n
            unterminated = true
            break
          }
          i = quote + 1
          if (text[i] !== '"') break
          field += '"' // a doubled quote
          i++
        }
        // Anything between the closing quote and the next separator is kept as-is (lenient).
        const from = i
        while (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n'))
          i++
        field += text.slice(from, i)
      } else {
        const from = i
        while (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n'))
          i++
        field = text.slice(from, i)
      }
      fields.push(field)
      if (i < n && text[i] === ',') {
        i++
        continue
      }
      break
    }
    yield { fields, line: start, offset, unterminated, unended: i >= n }
    if (i < n) {
      i += text[i] === '\r' ? 2 : 1
      line++
    }
  }
}

/** Text carried from one chunk to the next beyond which a file is no longer cut into chunks. */
const MAX_CARRIED_CHARS = 1 << 20

/**
 * The records of a CSV file given in pieces (piecesOfFile), exactly as csvRecords gives those of
 * the whole text, parsed a chunk of whole lines at a time. A record still inside a quoted field at
 * a chunk's end is parsed again with the next chunk; once such a record is over a megabyte (an
 * unclosed quote), the rest of the file is parsed as one chunk, so the time stays linear.
 */
export function* csvRecordsOfPieces(pieces: Iterable<string>): Generator<CsvRecord, void, undefined> {
  let pending = ''
  let line = 1
  let whole = false
  for (const piece of withoutBom(pieces)) {
    pending += piece
    const cut = pending.lastIndexOf('\n') + 1
    if (whole || cut === 0) continue
    const chunk = pending.slice(0, cut)
    let open: CsvRecord | undefined
    for (const record of csvRecords(chunk, line)) {
      if (record.unterminated) {
        open = record
        break
      }
      yield record
    }
    pending = pending.slice(open ? open.offset : cut)
    line = open ? open.line : line + newlinesIn(chunk, 0, cut)
    whole = pending.length > MAX_CARRIED_CHARS
  }
  yield* csvRecords(pending, line)
}

/** How many line feeds text[from, to) holds. */
function newlinesIn(text: string, from: number, to: number): number {
  let count = 0
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) count++
  return count
}

/**
 * Parses the text of one CSV sample file.
 * @param text the file's content
 * @param opts side, and optionally round (default -1), run (default 0) and source (the path, for messages)
 * @throws SampleFileError 'malformed-csv' when a header row names no time column
 * Time O(n).
 */
export function parseCsvSamples(text: string, opts: SampleSourceOptions): ParsedSamples {
  return parseCsvRecords(csvRecords(stripBom(text)), opts)
}

/**
 * {@link parseCsvSamples} on a file's text in pieces (piecesOfFile): the same result, and a large
 * file is never one string.
 */
export function parseCsvPieces(pieces: Iterable<string>, opts: SampleSourceOptions): ParsedSamples {
  return parseCsvRecords(csvRecordsOfPieces(pieces), opts)
}

function parseCsvRecords(
  records: Generator<CsvRecord, void, undefined>,
  opts: SampleSourceOptions
): ParsedSamples {
  const { round, run: defaultRun, source } = resolveSource(opts)
  const side = opts.side
  const samples = sampleSink(opts)
  const issues: SampleIssue[] = []
  const issue: IssueSink = (benchmark, message, line, kind = 'invalid') =>
    issues.push({
      benchmark,
      side,
      round,
      run: defaultRun,
      kind,
      message,
      source: `${source}:${line}`
    })

  const first = records.next()
  const columns = readHeader(first.done ? undefined : first.value, source)
  // Rows so far per run, then name: no key string made per row.
  const repetitions = new Map<number, Map<string, number>>()
  const data = function* () {
    if (!first.done && !columns.header) yield first.value
    yield* records
  }
  for (const record of data()) {
    if (cutShort(record, issue)) continue
    const row = readRow(record, columns, defaultRun, issue)
    if (row === undefined) continue
    // The name's one copy: a name cut from the text keeps its whole chunk alive while it is a key.
    const name = intern(row.name)
    let ofRun = repetitions.get(row.run)
    if (!ofRun) repetitions.set(row.run, (ofRun = new Map()))
    const repetition = ofRun.get(name) ?? 0
    ofRun.set(name, repetition + 1)
    samples.add(makeSample({ side, round, run: row.run }, name, repetition, 1, row.ns, row.ns))
  }
  return { samples: samples.samples, issues, provenance: {}, format: 'csv' }
}

type IssueSink = (benchmark: string, message: string, line: number, kind?: SampleIssue['kind']) => void
interface Columns {
  nameCol: number
  timeCol: number
  /** -1 when the file has no run column. */
  runCol: number
  /** True when the first record is a header row, not data. */
  header: boolean
}

/**
 * The columns to read: from a header row when the first record is one, else name,nanoseconds.
 * @throws SampleFileError 'malformed-csv' when the first row is neither data nor a header with a time column
 */
function readHeader(record: CsvRecord | undefined, source: string): Columns {
  if (record === undefined) return { nameCol: 0, timeCol: 1, runCol: -1, header: false }
  const head = record.fields.map((f) => f.trim().toLowerCase())
  if (head.length >= 2 && NUMBER.test(head[1])) return { nameCol: 0, timeCol: 1, runCol: -1, header: false }
  const timeCol = head.findIndex((h) => TIME_COLUMNS.has(h))
  if (timeCol < 0) {
    throw new SampleFileError(
      'malformed-csv',
      source,
      `${source}:${record.line}:1: the first row (${record.fields.join(',')}) is neither data ` +
        `(benchmark,nanoseconds) nor a header naming a nanoseconds column. Write rows like ` +
        `BM_Name,123456 (optionally after a header "benchmark,nanoseconds[,run]").`,
      { line: record.line, column: 1 }
    )
  }
  const named = head.findIndex((h) => NAME_COLUMNS.has(h))
  return {
    nameCol: named >= 0 ? named : timeCol === 0 ? 1 : 0,
    timeCol,
    runCol: head.indexOf('run'),
    header: true
  }
}

/**
 * A last row with no line end after it may be cut mid-number ("BM_x,12" from "BM_x,123456"), which
 * would read as a wrong but valid time: it is dropped and reported as truncated, never guessed at.
 */
function cutShort(record: CsvRecord, issue: IssueSink): boolean {
  if (!record.unended || record.unterminated || record.fields.every((f) => f.trim() === '')) return false
  issue(
    record.fields[0]?.trim() || FILE_ISSUE,
    `line ${record.line}: the last row has no line end, so the file may be cut short inside it; row dropped ` +
      `(if the file is complete, end it with a newline)`,
    record.line,
    'truncated'
  )
  return true
}

/** One data record to a name, a time and a run, or an issue and undefined (blank rows: undefined alone). */
function readRow(
  record: CsvRecord,
  columns: Columns,
  defaultRun: number,
  issue: IssueSink
): { name: string; ns: number; run: number } | undefined {
  const { fields, line, unterminated } = record
  if (fields.every((f) => f.trim() === '')) return undefined // blank (whitespace-only) line
  const name = (fields[columns.nameCol] ?? '').trim()
  if (unterminated) {
    issue(
      name || FILE_ISSUE,
      `line ${line}: a quoted field is never closed (the file may be cut short); row dropped`,
      line
    )
    return undefined
  }
  if (name === '') {
    issue(FILE_ISSUE, `line ${line}: no benchmark name; row dropped`, line)
    return undefined
  }
  const rawTime = (fields[columns.timeCol] ?? '').trim()
  const ns = NUMBER.test(rawTime) ? Number(rawTime) : NaN
  if (!Number.isFinite(ns) || ns <= 0) {
    issue(
      name,
      `line ${line}: nanoseconds is ${rawTime === '' ? 'missing' : describeValue(rawTime)} ` +
        `(must be a positive, finite number); row dropped`,
      line
    )
    return undefined
  }
  if (columns.runCol < 0) return { name, ns, run: defaultRun }
  const rawRun = (fields[columns.runCol] ?? '').trim()
  const run = Number(rawRun)
  if (rawRun === '' || !Number.isInteger(run) || run < 0) {
    issue(name, `line ${line}: run is ${describeValue(rawRun)} (must be an integer >= 0); row dropped`, line)
    return undefined
  }
  return { name, ns, run }
}
