/**
 * Shared pieces of the sample-file parsers: the options every parser takes, the typed error they
 * throw, and small helpers for positions in a text.
 */
import { isMeasurableName, type Sample, type Side } from './model.js'
import type { SampleStore } from './store.js'

/** Where the samples of one file belong. */
export interface SampleSourceOptions {
  side: Side
  /** ABBA round index, 0-based; -1 (the default) when unknown. */
  round?: number
  /** Process execution index within the side, 0-based; 0 by default. */
  run?: number
  /** File path (or another label) used in issues and error messages; "<text>" by default. */
  source?: string
  /**
   * Add the good samples to this store instead of returning them (the result's `samples` is then
   * empty): a large file's samples never exist as one array of objects.
   */
  into?: SampleStore
}

/** Where a parser puts each good sample: the array it returns, or the store it was given. */
export interface SampleSink {
  add(sample: Sample): void
  /** Samples added so far. */
  readonly count: number
  /** The array returned (empty when the samples go into a store). */
  readonly samples: Sample[]
}

export function sampleSink(opts: SampleSourceOptions): SampleSink {
  const samples: Sample[] = []
  const into = opts.into
  let count = 0
  return {
    add: (s) => {
      // An overlong name stays in the returned array, where the reader refuses it with an issue.
      if (into && isMeasurableName(s.benchmark)) into.add(s)
      else samples.push(s)
      count++
    },
    get count() {
      return count
    },
    samples
  }
}

/** The `benchmark` of a SampleIssue that concerns a whole file rather than one benchmark. */
export const FILE_ISSUE = '*'

export type SampleFileErrorId =
  | 'unreadable' // the file or folder could not be read
  | 'empty' // the file holds no data at all (nothing to salvage)
  | 'malformed-json' // a syntax error in Google Benchmark JSON (not at the end of the file)
  | 'not-google-benchmark' // valid JSON, but not Google Benchmark's shape
  | 'malformed-jsonl' // bench-runner JSONL whose first line (context) is unreadable
  | 'unsupported-version' // a bench-runner sample format newer than this benchgate reads
  | 'malformed-csv' // a CSV row that cannot be read (bad quoting, missing column)
  | 'no-sample-files' // a folder given to `compare` holds no sample file
  | 'malformed-xml' // not a Catch2 XML report
  | 'catch2-json' // Catch2's JSON report, which has no benchmark results
  | 'malformed-nanobench' // no nanobench table, or its JSON output unreadable

/**
 * A sample file that cannot be read at all. Problems with single entries are never thrown: they
 * become a SampleIssue and every good sample is kept. The message says what was wrong, where
 * (file:line:column when known) and what to do.
 */
export class SampleFileError extends Error {
  readonly id: SampleFileErrorId
  readonly file: string
  /** 1-based line of the problem, when known. */
  readonly line?: number
  /** 1-based column of the problem, when known. */
  readonly column?: number

  constructor(
    id: SampleFileErrorId,
    file: string,
    message: string,
    position?: { line: number; column: number }
  ) {
    super(message)
    this.name = 'SampleFileError'
    this.id = id
    this.file = file
    if (position) {
      this.line = position.line
      this.column = position.column
    }
  }
}

/** 1-based line and column of a 0-based character offset. O(offset). */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  const end = Math.min(offset, text.length)
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

/** The resolved round/run/source of a parse call. */
export function resolveSource(opts: SampleSourceOptions): { round: number; run: number; source: string } {
  return { round: opts.round ?? -1, run: opts.run ?? 0, source: opts.source ?? '<text>' }
}

/** Drops a UTF-8 byte order mark, which some editors and PowerShell redirections add. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * A short description of a JSON value for messages: never throws (`String({"toString": 1})` does)
 * and never copies a huge string into a message.
 */
export function describeValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
  if (typeof v === 'object' && v !== null) return Array.isArray(v) ? 'an array' : 'an object'
  return String(v)
}

/** Where a sample was measured: its side, ABBA round and process execution. */
export interface SampleOrigin {
  side: Side
  round: number
  run: number
}

/**
 * One copy of each benchmark name: every parsed line brings its own copy of the name, and a large
 * suite holds hundreds of thousands of samples of a few thousand names (about 50 bytes a sample).
 * Cleared when it grows past a bound, so a stream of unique names cannot grow it without limit.
 */
const names = new Map<string, string>()
const MAX_INTERNED_NAMES = 200_000

export function intern(name: string): string {
  const known = names.get(name)
  if (known !== undefined) return known
  if (names.size >= MAX_INTERNED_NAMES) names.clear()
  names.set(name, name)
  return name
}

/**
 * A Sample from checked values (times in ns per iteration, positive and finite); `threads` is
 * taken only when it is a positive integer, else 1.
 */
export function makeSample(
  at: SampleOrigin,
  name: string,
  repetition: number,
  iterations: number,
  realTimeNs: number,
  cpuTimeNs: number,
  threads?: number
): Sample {
  return {
    benchmark: intern(name),
    side: at.side,
    round: at.round,
    run: at.run,
    repetition,
    iterations,
    realTimeNs,
    cpuTimeNs,
    threads: threads !== undefined && Number.isInteger(threads) && threads > 0 ? threads : 1
  }
}
