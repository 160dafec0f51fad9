/**
 * Sample files in, samples out: format detection, file and folder reading, grouping.
 *
 * Formats (detected from the content, never from the file name):
 * 1. bench-runner JSONL — the first line holds `"format":"benchgate-samples"`;
 * 2. Catch2's XML report — it starts with `<Catch` or `<Catch2TestRun` (after an XML declaration);
 * 3. nanobench's JSON template output — `{"results": [`; Catch2's JSON report is refused (no benchmarks in it);
 * 4. Google Benchmark JSON — the text starts with `{` (a JSON object with a "benchmarks" array);
 * 5. nanobench's markdown table — a line `| … | ns/op | … |` (any time unit per any unit);
 * 6. otherwise CSV (`benchmark,nanoseconds` rows, JayBeams style).
 */
import { readFileSync, readdirSync, statSync, type Dirent } from 'node:fs'
import { basename, join } from 'node:path'

import { looksLikeBenchgateJsonl, parseBenchgateJsonl, parseBenchgateJsonlLines } from './benchgateJsonl.js'
import { FILE_ISSUE, SampleFileError, stripBom, type SampleSourceOptions } from './common.js'
import { parseCsvPieces, parseCsvSamples } from './csv.js'
import { parseGoogleBenchmarkJson, parseGoogleBenchmarkPieces } from './googleBenchmark.js'
import { fileStart, linesOfFile, piecesOfFile } from './lines.js'
import { looksLikeCatch2Json, looksLikeCatch2Xml, parseCatch2Xml, refuseCatch2Json } from './catch2Xml.js'
import {
  looksLikeNanobenchJson,
  looksLikeNanobenchTable,
  parseNanobenchJson,
  parseNanobenchTable
} from './nanobench.js'
import {
  isMeasurableName,
  MAX_NAME_CHARS,
  type ParsedSamples,
  type Provenance,
  type Sample,
  type SampleIssue,
  type Side
} from './model.js'
import { SampleStore } from './store.js'

export * from './model.js'
export { SampleSeries, SampleStore, type BenchmarkSamples, type SampleList } from './store.js'
export { FILE_ISSUE, SampleFileError, type SampleFileErrorId, type SampleSourceOptions } from './common.js'
export { parseBenchgateJsonl, JSONL_FORMAT, JSONL_FORMAT_VERSION } from './benchgateJsonl.js'
export { parseGoogleBenchmarkJson, TIME_UNIT_NS } from './googleBenchmark.js'
export { parseCsvSamples } from './csv.js'
export { parseJson, parseLenientJson, JsonSyntaxError } from './json.js'

/** File name endings read from a folder; other files (README, logs) are ignored. */
export const SAMPLE_FILE_EXTENSIONS = ['.json', '.jsonl', '.ndjson', '.csv', '.xml'] as const

/**
 * benchgate's own sample file names: `base-r003.json`, `head-r012.jsonl`, `base-r003.xml` (Catch2),
 * `base-r003.md` (nanobench's stdout) (side, round), and
 * `head-r012-b0004.json` for one benchmark's process under per-benchmark interleaving.
 */
export const OWN_FILE_NAME = /^(base|head)-r(\d+)(?:-b\d+)?\.(json|jsonl|ndjson|csv|xml|md)$/

/**
 * Which format a text is in (see the module comment).
 * @throws SampleFileError 'empty' for empty or whitespace-only text
 */
export function detectFormat(text: string, source = '<text>'): ParsedSamples['format'] {
  const t = stripBom(text).trimStart()
  if (t === '') {
    throw new SampleFileError(
      'empty',
      source,
      `${source}: the file is empty. The benchmark wrote no output: it probably crashed or was killed before its ` +
        `first result; run it by hand to see its error output.`
    )
  }
  if (looksLikeCatch2Json(t)) throw refuseCatch2Json(source)
  return formatOfStart(t)
}

/** The format of a text that starts with `start` (not empty, without BOM or leading white space). */
function formatOfStart(start: string): ParsedSamples['format'] {
  if (looksLikeBenchgateJsonl(start)) return 'benchgate-jsonl'
  if (looksLikeCatch2Xml(start)) return 'catch2-xml'
  if (looksLikeNanobenchJson(start)) return 'nanobench-json'
  if (start.startsWith('{')) return 'google-benchmark-json'
  if (looksLikeNanobenchTable(start)) return 'nanobench-table'
  return 'csv'
}

/**
 * Parses the text of one sample file in any supported format.
 * @param opts side; round (default -1); run (default 0); source (path for messages, default "<text>")
 * @throws SampleFileError when the file cannot be read at all (see each parser); problems with
 *   single entries are SampleIssues on the result instead.
 */
export function parseSamplesText(text: string, opts: SampleSourceOptions): ParsedSamples {
  return withoutOverlongNames(PARSERS[detectFormat(text, opts.source)](text, opts), opts)
}

/** Each format's parser of a whole text. */
const PARSERS: Record<ParsedSamples['format'], (text: string, opts: SampleSourceOptions) => ParsedSamples> = {
  'benchgate-jsonl': parseBenchgateJsonl,
  'google-benchmark-json': parseGoogleBenchmarkJson,
  csv: parseCsvSamples,
  'catch2-xml': (text, opts) => parseCatch2Xml(text, opts),
  'nanobench-json': parseNanobenchJson,
  'nanobench-table': parseNanobenchTable
}

/**
 * Samples of a benchmark whose name is longer than MAX_NAME_CHARS become one 'invalid' issue per
 * name; issues keep such a name cut to MAX_NAME_CHARS (with "…").
 */
function withoutOverlongNames(parsed: ParsedSamples, opts: SampleSourceOptions): ParsedSamples {
  const tooLong = (name: string) => !isMeasurableName(name)
  if (!parsed.samples.some((s) => tooLong(s.benchmark)) && !parsed.issues.some((i) => tooLong(i.benchmark)))
    return parsed
  const cut = (name: string) => (tooLong(name) ? `${name.slice(0, MAX_NAME_CHARS - 1)}…` : name)
  const long = new Set(parsed.samples.filter((s) => tooLong(s.benchmark)).map((s) => s.benchmark))
  const refused: SampleIssue[] = [...long].map((name) => ({
    benchmark: cut(name),
    side: opts.side,
    round: opts.round ?? -1,
    run: opts.run ?? 0,
    kind: 'invalid',
    message: `benchmark name of ${name.length} characters, longer than the ${MAX_NAME_CHARS} benchgate accepts: not measured; give it a shorter name`,
    source: opts.source
  }))
  return {
    ...parsed,
    samples: parsed.samples.filter((s) => !long.has(s.benchmark)),
    issues: [...parsed.issues.map((i) => ({ ...i, benchmark: cut(i.benchmark) })), ...refused]
  }
}

/**
 * Reads and parses one sample file (UTF-8). Synchronous: sample files are read once. Large files
 * are never one string: bench-runner JSONL is read line by line as it is parsed, and Google
 * Benchmark JSON entry by entry (a file cut short or malformed is then read whole, for its exact
 * report), CSV a chunk of lines at a time.
 * @param path the file
 * @param opts side; round (default -1); run (default 0)
 * @throws SampleFileError 'unreadable' when the file cannot be read, or any parser error
 */
export function readSampleFile(path: string, opts: Omit<SampleSourceOptions, 'source'>): ParsedSamples {
  // (with opts.into the samples go into that store: see SampleSourceOptions)
  const source = { ...opts, source: path }
  try {
    // The start decides, by detectFormat's rule (a JSONL context line is the first line); a start
    // of white space only is read whole below, for its exact report.
    const start = stripBom(fileStart(path)).trimStart()
    if (looksLikeCatch2Json(start)) throw refuseCatch2Json(path)
    const format = start === '' ? undefined : formatOfStart(start)
    if (format === 'benchgate-jsonl')
      return withoutOverlongNames(parseBenchgateJsonlLines(linesOfFile(path), source), source)
    if (format === 'csv') return withoutOverlongNames(parseCsvPieces(piecesOfFile(path), source), source)
    if (format === 'google-benchmark-json') {
      // Complete, valid files piece by piece; any other is read whole below, for its exact report.
      const parsed = parseGoogleBenchmarkPieces(piecesOfFile(path), source)
      if (parsed) return withoutOverlongNames(parsed, source)
    }
    return parseSamplesText(readFileSync(path, 'utf8'), source)
  } catch (e) {
    // The file system's errors (they name a syscall) say the file cannot be read; others stay as they are.
    throw typeof (e as NodeJS.ErrnoException | null)?.syscall === 'string' ? unreadable(path, e) : e
  }
}

/** One file of a {@link SampleSet}. */
export interface SampleRunInfo {
  file: string
  round: number
  run: number
  format?: ParsedSamples['format']
  provenance: Provenance
  /** Good samples and issues the file gave. */
  samples: number
  issues: number
}

/** Every sample of one side, read from a file or a folder of files. */
export interface SampleSet {
  side: Side
  /**
   * The side's provenance: that of the first file that gave any (one side's files come from one
   * binary on one machine; each file's own provenance is in `runs`).
   */
  provenance: Provenance
  runs: SampleRunInfo[]
  /** The store the side's samples were added to (the one given to readSampleDir, shared with the other side). */
  samples: SampleStore
  issues: SampleIssue[]
}

/**
 * Reads one side's samples for `benchgate compare BASE HEAD` (synchronously). `path` is a file
 * or a folder:
 *
 * - A file is one run: run 0, round from its name if it is one of benchgate's own files, else -1.
 * - A folder: every file ending in .json, .jsonl, .ndjson or .csv (not hidden, not in
 *   sub-folders) is one run (one process execution). Files are taken in natural filename order
 *   (`run-2` before `run-10`) and numbered run 0, 1, 2, ...
 * - benchgate's own files are named `<side>-r<round>.<ext>` (e.g. `base-r003.json`,
 *   `head-r003.jsonl`): the round is taken from the name. When a folder holds any such file,
 *   only the files of the requested side are read, so one output folder serves both sides.
 * - A file that cannot be read at all becomes an 'invalid' SampleIssue and the other files are
 *   still read; only when every file fails is the first error thrown.
 *
 * Samples go into `into` (a new store by default), kept compactly (see SampleStore); pass one
 * store for both sides to analyse them together without a copy.
 *
 * @throws SampleFileError 'unreadable' (missing path), 'no-sample-files' (a folder without
 *   sample files), or the first file's error when no file can be read
 */
export function readSampleDir(path: string, side: Side, into = new SampleStore()): SampleSet {
  let isDir: boolean
  try {
    isDir = statSync(path).isDirectory()
  } catch (e) {
    throw unreadable(path, e)
  }
  if (!isDir) {
    const own = OWN_FILE_NAME.exec(basename(path))
    const round = own ? Number(own[2]) : -1
    const before = into.length
    const parsed = readSampleFile(path, { side, round, run: 0, into })
    return {
      side,
      provenance: parsed.provenance,
      runs: [runInfo(path, round, 0, parsed, into.length - before)],
      samples: into,
      issues: parsed.issues
    }
  }

  let names: string[]
  try {
    const entries = readdirSync(path, { withFileTypes: true })
    // A symlink counts as the file it points to (a folder of links to sample files is not empty).
    const isFile = (d: Dirent) => d.isFile() || (d.isSymbolicLink() && isFileAt(join(path, d.name)))
    names = entries
      .filter((d) => isFile(d) && !d.name.startsWith('.'))
      .map((d) => d.name)
      // a nanobench process's stdout is read only under benchgate's own name (`head-r003.md`)
      .filter(
        (n) => SAMPLE_FILE_EXTENSIONS.some((ext) => n.toLowerCase().endsWith(ext)) || OWN_FILE_NAME.test(n)
      )
  } catch (e) {
    throw unreadable(path, e)
  }
  if (names.some((n) => OWN_FILE_NAME.test(n)))
    names = names.filter((n) => OWN_FILE_NAME.exec(n)?.[1] === side)
  names.sort(naturalCompare)
  if (names.length === 0) {
    throw new SampleFileError(
      'no-sample-files',
      path,
      `${path}: no ${side} sample files in this folder (looked for ${SAMPLE_FILE_EXTENSIONS.join(', ')} files). ` +
        `Pass the folder that holds the benchmark output files, or one file.`
    )
  }

  const set: SampleSet = { side, provenance: {}, runs: [], samples: into, issues: [] }
  let firstError: unknown
  let failures = 0
  for (const [run, name] of names.entries()) {
    const file = join(path, name)
    const own = OWN_FILE_NAME.exec(name)
    const round = own ? Number(own[2]) : -1
    try {
      const before = into.length
      const parsed = readSampleFile(file, { side, round, run, into })
      set.runs.push(runInfo(file, round, run, parsed, into.length - before))
      set.issues.push(...parsed.issues)
    } catch (e) {
      if (!(e instanceof SampleFileError)) throw e
      failures++
      firstError ??= e
      set.runs.push({ file, round, run, provenance: {}, samples: 0, issues: 1 })
      set.issues.push({
        benchmark: FILE_ISSUE,
        side,
        round,
        run,
        kind: e.id === 'empty' ? 'crashed' : 'invalid', // an empty file: the process wrote nothing
        message: e.message,
        source: file
      })
    }
  }
  if (failures === names.length) throw firstError
  set.provenance = set.runs.find((r) => Object.keys(r.provenance).length > 0)?.provenance ?? {}
  return set
}

/**
 * Groups samples by benchmark name, each group in time order: round, then run, then repetition
 * (a stable sort, so equal keys keep their input order). Pass one side's samples.
 * Time O(n log n).
 */
export function groupByBenchmark(samples: readonly Sample[]): Map<string, Sample[]> {
  const groups = new Map<string, Sample[]>()
  for (const s of samples) {
    const g = groups.get(s.benchmark)
    if (g) g.push(s)
    else groups.set(s.benchmark, [s])
  }
  for (const g of groups.values())
    g.sort((a, b) => a.round - b.round || a.run - b.run || a.repetition - b.repetition)
  return groups
}

function runInfo(
  file: string,
  round: number,
  run: number,
  parsed: ParsedSamples,
  samples: number
): SampleRunInfo {
  return {
    file,
    round,
    run,
    format: parsed.format,
    provenance: parsed.provenance,
    samples,
    issues: parsed.issues.length
  }
}

function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true }) || (a < b ? -1 : a > b ? 1 : 0)
}

function unreadable(path: string, e: unknown): SampleFileError {
  const code = (e as NodeJS.ErrnoException | undefined)?.code
  const why =
    code === 'ENOENT'
      ? 'no such file or folder'
      : code === 'EACCES'
        ? 'permission denied'
        : e instanceof Error
          ? e.message
          : String(e)
  return new SampleFileError(
    'unreadable',
    path,
    `${path}: cannot read it (${why}). Check the path given to benchgate.`
  )
}

/** True when `path` is, or links to, a regular file. */
function isFileAt(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
