/**
 * Reads bench-runner's streaming sample file: JSON Lines, format "benchgate-samples", version 1.
 *
 * - Line 1: `{"type":"context","format":"benchgate-samples","version":1,"context":{...},"host":...}`
 *   with the machine and build (mapped to Provenance).
 * - One line per repetition: `{"type":"sample","name":...,"repetition_index":N,"iterations":N,
 *   "real_time_ns":F,"cpu_time_ns":F,"threads":N,"counters":{...},"error":null|"msg","skipped":null|"msg"}`.
 * - Last line: `{"type":"totals","benchmarks":N,"samples":N,"errors":N,"skipped":N,...}`.
 *
 * The runner writes each line as it goes, so a crash keeps every sample so far. Hence:
 * - a last line cut short is dropped and reported as 'truncated';
 * - complete lines without a totals line are reported as 'crashed';
 * - a broken line elsewhere is reported as 'invalid' (with its line and column) and skipped;
 * - unknown line types and unknown fields are ignored (newer runners may add them);
 * - a `version` newer than {@link JSONL_FORMAT_VERSION} is an error: this benchgate cannot know
 *   what changed, and guessing could mis-read times.
 * Bare NaN / ±Infinity (e.g. in counters) are accepted as numbers.
 */
import {
  FILE_ISSUE,
  SampleFileError,
  describeValue,
  makeSample,
  sampleSink,
  resolveSource,
  stripBom,
  type SampleSourceOptions
} from './common.js'
import { JsonSyntaxError, parseJson } from './json.js'
import { linesOfText, type Line } from './lines.js'
import type { ParsedSamples, Provenance, Sample, SampleIssue } from './model.js'

/** The `format` value on the context line of a bench-runner sample file. */
export const JSONL_FORMAT = 'benchgate-samples'
/** The newest sample format version this benchgate reads. */
export const JSONL_FORMAT_VERSION = 1

type Obj = Record<string, unknown>
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

/**
 * True when the text's first line is a bench-runner context line (`"format":"benchgate-samples"`).
 * Used for format detection; cheap (looks at the first line only).
 */
export function looksLikeBenchgateJsonl(text: string): boolean {
  const nl = text.indexOf('\n')
  const first = stripBom(nl < 0 ? text : text.slice(0, nl))
  return /"format"\s*:\s*"benchgate-samples"/.test(first)
}

/**
 * Parses the text of one bench-runner JSONL file (one process execution = one run).
 * @param text the file's content
 * @param opts side, and optionally round (default -1), run (default 0) and source (the path, for messages)
 * @throws SampleFileError 'empty', 'malformed-jsonl' (the context line is unreadable or missing) or
 *   'unsupported-version' (written by a newer bench-runner)
 * Time O(n) in the text length.
 */
export function parseBenchgateJsonl(text: string, opts: SampleSourceOptions): ParsedSamples {
  return parseBenchgateJsonlLines(linesOfText(text), opts)
}

/**
 * {@link parseBenchgateJsonl} on a file's lines as they are read (linesOfFile): a large file is
 * never one string.
 */
export function parseBenchgateJsonlLines(lines: Iterable<Line>, opts: SampleSourceOptions): ParsedSamples {
  const { round, run, source } = resolveSource(opts)
  const at: LineSource = { side: opts.side, round, run, source }
  const samples = sampleSink(opts)
  const issues: SampleIssue[] = []
  const issue: IssueSink = (benchmark, kind, message, line, detail) =>
    issues.push({
      benchmark,
      side: at.side,
      round,
      run,
      kind,
      message,
      source: line !== undefined ? `${source}:${line}` : source,
      ...(detail !== undefined && { detail })
    })

  const iterator = lines[Symbol.iterator]()
  const provenance = provenanceOfJsonl(readContextLine(iterator, source))
  let totals: Obj | undefined
  let sampleLines = 0
  let truncatedAt: number | undefined
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    const { number: lineNo, ended } = next.value
    const raw = next.value.text.endsWith('\r') ? next.value.text.slice(0, -1) : next.value.text
    if (raw.trim() === '') continue
    let value: unknown
    try {
      value = parseJson(raw)
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e
      if (!ended) truncatedAt = lineNo
      else
        issue(
          FILE_ISSUE,
          'invalid',
          `line ${lineNo}, column ${e.column}: not valid JSON (${e.reason}); line skipped`,
          lineNo
        )
      continue
    }
    if (!isObject(value)) {
      issue(FILE_ISSUE, 'invalid', `line ${lineNo} is not a JSON object; line skipped`, lineNo)
      continue
    }
    if (value.type === 'totals') totals = value
    if (value.type !== 'sample') continue // forward compatible: unknown line types are ignored
    sampleLines++
    const s = readSampleLine(value, lineNo, at, issue)
    if (s) samples.add(s)
  }
  endOfFileIssue(issue, samples.count, sampleLines, truncatedAt, totals)
  return { samples: samples.samples, issues, provenance, format: 'benchgate-jsonl' }
}

type IssueSink = (
  benchmark: string,
  kind: SampleIssue['kind'],
  message: string,
  line?: number,
  detail?: string
) => void
interface LineSource {
  side: Sample['side']
  round: number
  run: number
  source: string
}

/**
 * Reads and checks line 1, the context line (taking it, and blank lines after it only when it is
 * blank itself, from `lines`).
 * @throws SampleFileError 'empty', 'malformed-jsonl' or 'unsupported-version'
 */
function readContextLine(lines: Iterator<Line>, source: string): Obj {
  const first = lines.next()
  let rest = first
  while (!rest.done && rest.value.text.trim() === '') rest = lines.next()
  if (rest.done) {
    throw new SampleFileError(
      'empty',
      source,
      `${source}: the file is empty. bench-runner writes its context line first, so the benchmark process ` +
        `never started or was killed at once; run it by hand to see its error output.`
    )
  }
  let ctx: unknown
  try {
    ctx = parseJson(stripBom((first.value as Line).text))
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e
    throw new SampleFileError(
      'malformed-jsonl',
      source,
      `${source}:1:${e.column}: the first line is not a readable bench-runner context line (${e.reason}). ` +
        `A bench-runner sample file starts with {"type":"context","format":"benchgate-samples",...}; ` +
        `re-run the benchmark through bench-runner.`,
      { line: 1, column: e.column }
    )
  }
  if (!isObject(ctx) || ctx.type !== 'context' || ctx.format !== JSONL_FORMAT) {
    throw new SampleFileError(
      'malformed-jsonl',
      source,
      `${source}:1:1: the first line is not a bench-runner context line (expected "type":"context" and ` +
        `"format":"${JSONL_FORMAT}"). Is this really a bench-runner sample file?`,
      { line: 1, column: 1 }
    )
  }
  const version = ctx.version
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new SampleFileError(
      'malformed-jsonl',
      source,
      `${source}:1:1: the context line has no valid "version" (got ${describeValue(version)}); expected an integer >= 1.`,
      { line: 1, column: 1 }
    )
  }
  if (version > JSONL_FORMAT_VERSION) {
    throw new SampleFileError(
      'unsupported-version',
      source,
      `${source}: written in sample format version ${version} by a newer bench-runner; this benchgate reads ` +
        `version ${JSONL_FORMAT_VERSION}. Upgrade benchgate (the action's @version or the npm package) to the ` +
        `release that matches your bench-runner.`,
      { line: 1, column: 1 }
    )
  }
  return ctx
}

/** How the file ended: a cut last line, no totals line (a crash), or totals that disagree. */
function endOfFileIssue(
  issue: IssueSink,
  kept: number,
  sampleLines: number,
  truncatedAt: number | undefined,
  totals: Obj | undefined
): void {
  if (truncatedAt !== undefined) {
    issue(
      FILE_ISSUE,
      'truncated',
      `the last line (${truncatedAt}) is cut short and was dropped; kept ${kept} sample(s). ` +
        `The benchmark process was probably killed while writing (timeout, out of memory, crash); ` +
        `check its exit status and stderr.`,
      truncatedAt
    )
  } else if (totals === undefined) {
    issue(
      FILE_ISSUE,
      'crashed',
      `no totals line: the benchmark process stopped before finishing (crash, kill or timeout); ` +
        `kept the ${kept} sample(s) written so far. Check its exit status and stderr.`
    )
  } else {
    const declared = num(totals.samples)
    if (declared !== undefined && declared !== sampleLines) {
      issue(
        FILE_ISSUE,
        'invalid',
        `the totals line says ${declared} sample line(s) but the file holds ${sampleLines}; ` +
          `the file may have been edited or concatenated.`
      )
    }
  }
}

/** One sample line to a Sample, or an issue (error, skip, bad value) and undefined. */
function readSampleLine(record: Obj, lineNo: number, at: LineSource, issue: IssueSink): Sample | undefined {
  const name = str(record.name)
  if (name === undefined || name === '') {
    issue(FILE_ISSUE, 'invalid', `line ${lineNo}: a sample line without a "name"; line skipped`, lineNo)
    return undefined
  }
  const rep = num(record.repetition_index)
  const repetition = rep !== undefined && Number.isInteger(rep) && rep >= 0 ? rep : -1
  const repText = repetition >= 0 ? `repetition ${repetition}` : `line ${lineNo}`
  if (typeof record.error === 'string') {
    const msg = record.error || '(no message)'
    issue(name, 'error', `${repText}: the benchmark reported an error: ${msg}`, lineNo, msg)
    return undefined
  }
  if (typeof record.skipped === 'string') {
    const msg = record.skipped || '(no message)'
    issue(name, 'skipped', `${repText}: the benchmark skipped itself: ${msg}`, lineNo, msg)
    return undefined
  }
  if (repetition < 0) {
    const msg = `line ${lineNo}: repetition_index is ${describeValue(record.repetition_index)}; its run is left out`
    issue(name, 'invalid', msg, lineNo)
    return undefined
  }
  const iterations = num(record.iterations)
  if (iterations === undefined || !Number.isFinite(iterations) || iterations <= 0) {
    issue(
      name,
      'invalid',
      `${repText}: iterations is ${describeValue(record.iterations)} (must be a positive number); its run is left out`,
      lineNo
    )
    return undefined
  }
  for (const field of ['real_time_ns', 'cpu_time_ns'] as const) {
    const v = record[field]
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
      const msg = `${repText}: ${field} is ${describeValue(v)} (must be a positive, finite time); its run is left out`
      issue(name, 'invalid', msg, lineNo)
      return undefined
    }
  }
  const { real_time_ns: real, cpu_time_ns: cpu } = record as { real_time_ns: number; cpu_time_ns: number }
  return makeSample(at, name, repetition, iterations, real, cpu, num(record.threads))
}

/** Maps a bench-runner context line to Provenance; unknown or mistyped fields are skipped. */
export function provenanceOfJsonl(ctx: Obj): Provenance {
  const p: Provenance = {}
  const setStr = (key: keyof Provenance, v: unknown): void => {
    if (typeof v === 'string') (p as Record<string, unknown>)[key] = v
  }
  const setNum = (key: keyof Provenance, v: unknown): void => {
    if (typeof v === 'number' && Number.isFinite(v)) (p as Record<string, unknown>)[key] = v
  }
  setStr('host', ctx.host)
  setStr('cpuModel', ctx.cpu_model)
  setNum('numCpus', ctx.num_cpus)
  setNum('mhzPerCpu', ctx.mhz_per_cpu)
  if (typeof ctx.cpu_scaling_enabled === 'boolean') p.cpuScalingEnabled = ctx.cpu_scaling_enabled
  if (Array.isArray(ctx.governors) && ctx.governors.every((g) => typeof g === 'string')) {
    const governors = ctx.governors as string[]
    p.governors = governors
    const distinct = [...new Set(governors)]
    const pinned = num(ctx.pinned_cpu)
    // The governor that matters is the pinned CPU's; unpinned, all CPUs' (named when they differ).
    if (pinned !== undefined && governors[pinned] !== undefined) p.governor = governors[pinned]
    else if (distinct.length === 1) p.governor = distinct[0]
    else if (distinct.length > 1) p.governor = `mixed (${distinct.join(', ')})`
  }
  setStr('turbo', ctx.turbo)
  setStr('aslr', ctx.aslr)
  if (Array.isArray(ctx.load_avg) && ctx.load_avg.every((x) => typeof x === 'number'))
    p.loadAvg = ctx.load_avg as number[]
  setStr('kernel', ctx.kernel)
  setStr('compiler', ctx.compiler)
  setStr('buildType', ctx.build_type)
  setStr('buildFlags', ctx.build_flags)
  setStr('libraryVersion', ctx.library_version)
  setStr('libraryBuildType', ctx.library_build_type)
  setNum('pinnedCpu', ctx.pinned_cpu)
  setStr('priority', ctx.priority)
  setStr('date', ctx.start_time)
  if (isObject(ctx.context)) {
    const c: Record<string, string> = {}
    for (const [k, v] of Object.entries(ctx.context)) {
      if (v !== null && v !== undefined) c[k] = typeof v === 'string' ? v : stringifySafely(v)
    }
    p.context = c
  }
  return p
}

/** JSON text of a context value; a value nested too deep for JSON.stringify's recursion is described instead. */
function stringifySafely(v: unknown): string {
  try {
    return JSON.stringify(v)
  } catch {
    return describeValue(v)
  }
}
