/**
 * Reads Google Benchmark JSON (`--benchmark_out=FILE --benchmark_out_format=json`, or
 * `--benchmark_format=json` on stdout), versions 1.7 to 1.9.
 *
 * Rules (see also docs/architecture.md, "Interfaces to respect"):
 * - Only `run_type: "iteration"` entries are samples; a missing run_type (very old files) means
 *   iteration. Aggregates (mean, median, stddev, cv, BigO, RMS) are ignored.
 * - The benchmark is `run_name` (falling back to `name`), so every repetition of `BM_X/8` groups
 *   under one name and aggregate suffixes never leak in.
 * - `real_time` / `cpu_time` are per iteration in `time_unit` (ns, us, ms, s) and are converted
 *   to nanoseconds.
 * - The repetition is `repetition_index` (1.6+), else the order of appearance within the run_name.
 * - `error_occurred: true` (SkipWithError, all versions) and `skipped: true` (SkipWithMessage,
 *   1.8+) entries are not samples: each becomes a SampleIssue ('error' / 'skipped') with its message.
 * - A time that is zero, negative, NaN or infinite, or a bad iteration count, becomes a SampleIssue
 *   'invalid' naming the benchmark, the file and the value; every other sample is kept.
 * - Bare NaN / ±Infinity tokens (user counters) are read as numbers, never corrupting strings.
 * - A file cut short (process killed while writing) keeps every complete entry and reports a
 *   'truncated' issue; a syntax error elsewhere throws SampleFileError with file:line:column.
 *
 * Versions differ only in the context block (1.8+ adds `library_version` and
 * `json_schema_version`; 1.9.5 also writes `aslr_enabled`) and in how a skip is written (see above);
 * the entries' fields are otherwise the same from 1.7.1 to 1.9.5.
 */
import {
  FILE_ISSUE,
  SampleFileError,
  describeValue,
  makeSample,
  sampleSink,
  resolveSource,
  type SampleSink,
  stripBom,
  type SampleSourceOptions
} from './common.js'
import { JsonSyntaxError, parseJson, parseLenientJson, type LenientJson } from './json.js'
import { splitJsonObject } from './jsonMembers.js'
import type { ParsedSamples, Provenance, Sample, SampleIssue } from './model.js'
import { SampleBuffer } from './store.js'

/** Entries' text parsed at once when read piece by piece (small enough to be collected young). */
const BATCH_CHARS = 1 << 15

/** Nanoseconds per Google Benchmark time unit. */
export const TIME_UNIT_NS: Readonly<Record<string, number>> = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 }

type Entry = Record<string, unknown>

const isObject = (v: unknown): v is Entry => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

/**
 * Parses the text of one Google Benchmark JSON file (one process execution = one run).
 * @param text the file's content
 * @param opts side, and optionally round (default -1), run (default 0) and source (the path, for messages)
 * @returns every good sample, every problem as an issue, and the context as provenance
 * @throws SampleFileError 'malformed-json' (syntax error not at the end, with line and column),
 *   'not-google-benchmark' (valid JSON of another shape) or 'empty' (no data at all)
 * Time O(n) in the text length.
 */
export function parseGoogleBenchmarkJson(text: string, opts: SampleSourceOptions): ParsedSamples {
  const { round, run, source } = resolveSource(opts)
  const side = opts.side
  const samples = sampleSink(opts)
  const issues: SampleIssue[] = []
  const issue = issueSink(issues, { side, round, run, source })

  const parsed = readRoot(stripBom(text), source)
  const root = parsed.value
  const provenance = isObject(root) && isObject(root.context) ? provenanceOf(root.context) : {}
  const entries = benchmarkEntries(root)
  const read = entryReader({ side, round, run, source }, samples, issue)
  let partialName: string | undefined

  entries.forEach((entry, index) => {
    if (isObject(entry) && parsed.incomplete.has(entry)) {
      partialName = str(entry.run_name) ?? str(entry.name) // cut mid-entry: reported below with the truncation
      return
    }
    read(entry, index)
  })

  if (parsed.truncated) {
    const where = partialName !== undefined ? ` in the middle of an entry of ${partialName}` : ''
    issue(
      partialName ?? FILE_ISSUE,
      'truncated',
      `${source} ends${where} (the file is cut short): kept ${samples.count} complete sample(s). ` +
        `The benchmark process was probably killed while writing (timeout, out of memory, crash); ` +
        `check its exit status and stderr, and re-run it.`
    )
  }
  return { samples: samples.samples, issues, provenance, format: 'google-benchmark-json' }
}

/**
 * The `benchmarks` array of a parsed file. A '}' lost before it (a damaged file) nests it in the
 * context block and leaves the file unclosed, so it reads as cut short: its entries are intact and
 * kept, as a truncated file's complete entries are (found by the fuzz test).
 */
function benchmarkEntries(root: unknown): unknown[] {
  if (!isObject(root)) return []
  if (Array.isArray(root.benchmarks)) return root.benchmarks
  if (isObject(root.context) && Array.isArray(root.context.benchmarks)) return root.context.benchmarks
  return []
}

/**
 * {@link parseGoogleBenchmarkJson} on a file's text in pieces (piecesOfFile), each entry parsed on
 * its own (splitJsonObject): a large file is never one string nor one tree of objects. The samples
 * are kept aside until the end, so that a file found to be cut short or malformed gives nothing.
 * @returns undefined for a file that is not complete, valid Google Benchmark JSON: read its whole
 *   text with parseGoogleBenchmarkJson then, for the truncation or the exact error.
 */
export function parseGoogleBenchmarkPieces(
  pieces: Iterable<string>,
  opts: SampleSourceOptions
): ParsedSamples | undefined {
  const { round, run, source } = resolveSource(opts)
  const side = opts.side
  const aside = new SampleBuffer()
  const issues: SampleIssue[] = []
  const issue = issueSink(issues, { side, round, run, source })
  const read = entryReader({ side, round, run, source }, aside, issue)
  let provenance: Provenance = {}
  let index = 0
  // Entries are parsed a batch at a time, as one array (one JSON.parse call per entry costs twice
  // the time): valid together exactly when each is, as the split ends an entry only at depth 0.
  let batch: string[] = []
  let batchChars = 0
  const readBatch = () => {
    for (const entry of parseJson(`[${batch.join(',')}]`) as unknown[]) read(entry, index++)
    batch = []
    batchChars = 0
  }
  let split: ReturnType<typeof splitJsonObject>
  try {
    split = splitJsonObject(pieces, 'benchmarks', {
      member(key, text) {
        const value = parseJson(text) // every member is parsed: the file must be valid JSON throughout
        if (key === '"context"' && isObject(value)) provenance = provenanceOf(value)
      },
      element(text) {
        batch.push(text)
        batchChars += text.length
        if (batchChars >= BATCH_CHARS) readBatch()
      }
    })
    if (batch.length > 0) readBatch()
  } catch (e) {
    if (e instanceof JsonSyntaxError) return undefined
    throw e
  }
  if (!split.complete || !split.found) return undefined
  const samples = sampleSink(opts)
  for (const s of aside) samples.add(s)
  return { samples: samples.samples, issues, provenance, format: 'google-benchmark-json' }
}

/**
 * Reads one complete entry of `benchmarks` (its index given) into `samples`, or an issue; aggregates
 * are skipped. Counts each run_name's iteration entries, for the repetition of files without
 * repetition_index.
 */
function entryReader(
  at: { side: Sample['side']; round: number; run: number; source: string },
  samples: Pick<SampleSink, 'add'>,
  issue: IssueSink
): (entry: unknown, index: number) => void {
  const seen = new Map<string, number>()
  return (entry, index) => {
    if (!isObject(entry)) {
      issue(FILE_ISSUE, 'invalid', `benchmarks[${index}] is not an object; entry ignored`)
      return
    }
    if ((str(entry.run_type) ?? 'iteration') !== 'iteration') return // aggregates (mean/median/stddev/cv, BigO, RMS)
    const name = str(entry.run_name) ?? str(entry.name)
    if (name === undefined) {
      issue(FILE_ISSUE, 'invalid', `benchmarks[${index}] has no "run_name" or "name"; entry ignored`)
      return
    }
    const order = seen.get(name) ?? 0
    seen.set(name, order + 1)
    const sample = readEntry(entry, name, order, at, issue)
    if (sample) samples.add(sample)
  }
}

type IssueSink = (benchmark: string, kind: SampleIssue['kind'], message: string, detail?: string) => void

/** An IssueSink that records into `issues` for one file of one side and run. */
function issueSink(
  issues: SampleIssue[],
  at: { side: SampleIssue['side']; round: number; run: number; source: string }
): IssueSink {
  return (benchmark, kind, message, detail) =>
    issues.push({ benchmark, ...at, kind, message, ...(detail !== undefined && { detail }) })
}

/** Parses the whole text, turning every way it can be unreadable into a SampleFileError. */
function readRoot(text: string, source: string): LenientJson {
  if (text.trim() === '') {
    throw new SampleFileError(
      'empty',
      source,
      `${source}: the file is empty. The benchmark wrote no output: it probably crashed or was killed before ` +
        `its first result; run it by hand to see its error output.`
    )
  }
  let parsed: LenientJson
  try {
    parsed = parseLenientJson(text)
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e
    throw new SampleFileError(
      'malformed-json',
      source,
      `${source}:${e.line}:${e.column}: not valid Google Benchmark JSON: ${e.reason}. ` +
        `Google Benchmark writes valid JSON apart from bare NaN/Infinity (which benchgate accepts), so the file ` +
        `was changed after it was written or mixed with other output. Write it with ` +
        `--benchmark_out=FILE --benchmark_out_format=json rather than redirecting stdout, and re-run the benchmark.`,
      { line: e.line, column: e.column }
    )
  }
  const root = parsed.value
  if (!(isObject(root) && Array.isArray(root.benchmarks)) && !parsed.truncated) {
    throw new SampleFileError(
      'not-google-benchmark',
      source,
      `${source}: valid JSON, but not Google Benchmark output: there is no "benchmarks" array at the top level. ` +
        `Pass the file written by --benchmark_out=FILE --benchmark_out_format=json (or --benchmark_format=json).`
    )
  }
  return parsed
}

/**
 * One complete iteration entry to a Sample, or an issue (error, skip, bad value) and undefined.
 * `order` is the entry's position among its run_name's entries (the repetition when the file has
 * no repetition_index).
 */
function readEntry(
  entry: Entry,
  name: string,
  order: number,
  at: { side: Sample['side']; round: number; run: number; source: string },
  issue: IssueSink
): Sample | undefined {
  const { source } = at
  const repIndex = num(entry.repetition_index)
  const repetition = repIndex !== undefined && Number.isInteger(repIndex) && repIndex >= 0 ? repIndex : order
  if (entry.error_occurred === true) {
    const msg = str(entry.error_message) || '(no message)'
    issue(
      name,
      'error',
      `repetition ${repetition}: the benchmark reported an error (SkipWithError): ${msg}`,
      msg
    )
    return undefined
  }
  if (entry.skipped === true) {
    const msg = str(entry.skip_message) || '(no message)'
    issue(
      name,
      'skipped',
      `repetition ${repetition}: the benchmark skipped itself (SkipWithMessage): ${msg}`,
      msg
    )
    return undefined
  }
  const unit = str(entry.time_unit) ?? 'ns'
  const scale = Object.hasOwn(TIME_UNIT_NS, unit) ? TIME_UNIT_NS[unit] : undefined
  if (scale === undefined) {
    const msg = `repetition ${repetition} in ${source}: unknown time_unit ${JSON.stringify(unit)}; its run is left out`
    issue(name, 'invalid', msg)
    return undefined
  }
  const iterations = num(entry.iterations)
  if (iterations === undefined || !Number.isFinite(iterations) || iterations <= 0) {
    issue(
      name,
      'invalid',
      `repetition ${repetition} in ${source}: iterations is ${describeValue(entry.iterations)} (must be a positive number); its run is left out`
    )
    return undefined
  }
  for (const field of ['real_time', 'cpu_time'] as const) {
    const value = entry[field]
    // Checked after conversion too: 1e308 ms is finite, but not in nanoseconds.
    if (typeof value !== 'number' || !Number.isFinite(value * scale) || value <= 0) {
      issue(
        name,
        'invalid',
        `repetition ${repetition} in ${source}: ${field} is ${describeValue(value)}${typeof value === 'number' ? ' ' + unit : ''} ` +
          `(must be a positive time per iteration, finite in nanoseconds); its run is left out`
      )
      return undefined
    }
  }
  const real = (entry.real_time as number) * scale
  return makeSample(
    at,
    name,
    repetition,
    iterations,
    real,
    (entry.cpu_time as number) * scale,
    num(entry.threads)
  )
}

/** Google Benchmark's `caches` list as one line ("L1 Data 48 KiB ×2, …"); undefined when absent or mistyped. */
function cachesOf(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > 16) return undefined
  const parts: string[] = []
  for (const item of value as unknown[]) {
    const c = (typeof item === 'object' && item !== null ? item : {}) as Entry
    const type = str(c.type)
    const level = num(c.level)
    const size = num(c.size)
    if (type === undefined || level === undefined || size === undefined) return undefined
    const sharing = num(c.num_sharing)
    parts.push(
      `L${level} ${type.slice(0, 32)} ${Math.round(size / 1024)} KiB${sharing && sharing > 1 ? ` ×${sharing}` : ''}`
    )
  }
  return parts.join(', ')
}

/** Maps Google Benchmark's `context` block to Provenance; unknown or mistyped fields are skipped. */
export function provenanceOf(ctx: Entry): Provenance {
  const p: Provenance = {}
  const host = str(ctx.host_name)
  if (host !== undefined) p.host = host
  const numCpus = num(ctx.num_cpus)
  if (numCpus !== undefined) p.numCpus = numCpus
  const mhz = num(ctx.mhz_per_cpu)
  if (mhz !== undefined) p.mhzPerCpu = mhz
  const caches = cachesOf(ctx.caches)
  if (caches !== undefined) p.caches = caches
  if (typeof ctx.cpu_scaling_enabled === 'boolean') p.cpuScalingEnabled = ctx.cpu_scaling_enabled
  if (typeof ctx.aslr_enabled === 'boolean') p.aslr = ctx.aslr_enabled ? 'enabled' : 'disabled'
  const version = str(ctx.library_version)
  if (version !== undefined) p.libraryVersion = version
  const buildType = str(ctx.library_build_type)
  if (buildType !== undefined) p.libraryBuildType = buildType
  if (Array.isArray(ctx.load_avg) && ctx.load_avg.every((x) => typeof x === 'number'))
    p.loadAvg = ctx.load_avg as number[]
  const date = str(ctx.date)
  if (date !== undefined) p.date = date
  const exe = str(ctx.executable)
  if (exe !== undefined) p.executable = exe
  return p
}
