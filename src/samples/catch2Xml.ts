/**
 * Catch2's XML reporter (`-r xml`), versions 2 and 3 (docs/sample-format.md, "Catch2 XML"): every
 * `<BenchmarkResults name=…>` inside a `<TestCase>` (and its `<Section>`s) holds one `<mean value=…>`
 * in nanoseconds, the process's one value for that benchmark. Version 2's root is `<Catch>` (with a
 * `<Group>`), version 3's `<Catch2TestRun catch2-version=…>`; the benchmark elements are the same.
 * A benchmark is named by its path: test case, sections, BENCHMARK name, joined by `/`.
 *
 * Catch2's JSON reporter is refused (see refuseCatch2Json): it drops benchmark results.
 */
import { resolveSource, sampleSink, SampleFileError, type SampleSourceOptions } from './common.js'
import type { ParsedSamples, Provenance, SampleIssue } from './model.js'

/** Whether a text (its start) is Catch2's XML report. */
export function looksLikeCatch2Xml(start: string): boolean {
  return /^(<\?xml[^>]*\?>\s*)?<(Catch|Catch2TestRun)[\s>]/.test(start)
}

/** Whether a JSON text (its start) is Catch2's JSON report: `{"version": 1, "metadata": {... "catch2-version"`. */
export function looksLikeCatch2Json(start: string): boolean {
  return /^\{\s*"version"\s*:\s*\d+\s*,\s*"metadata"\s*:/.test(start) && start.includes('"catch2-version"')
}

/** Catch2's JSON report cannot be read: say why and what to use instead. */
export function refuseCatch2Json(source: string): SampleFileError {
  return new SampleFileError(
    'catch2-json',
    source,
    `${source}: this is Catch2's JSON report, which leaves out BENCHMARK results (an open Catch2 bug: ` +
      'github.com/catchorg/Catch2/issues/2879), so it holds no benchmark values. Run the suite with ' +
      '`-r xml` (benchgate run --harness catch2 does) and give benchgate that file.'
  )
}

/** XML's five entities and numeric character references. */
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)
      return code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e] as string
  })
}

/** The attributes of one start tag (`name="value"` pairs; Catch2 quotes with "). */
function attributesOf(text: string): Map<string, string> {
  const attrs = new Map<string, string>()
  for (const m of text.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) attrs.set(m[1], unescapeXml(m[2]))
  return attrs
}

/** Tags, comments and declarations, in document order (text between them is not needed). */
const TAG =
  /<!--[\s\S]*?(?:-->|$)|<\?[\s\S]*?(?:\?>|$)|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(\/?)>/g

/** The elements whose `name` is part of a benchmark's path. */
const PATH_ELEMENTS = new Set(['TestCase', 'Section'])

interface OpenBenchmark {
  name: string
  mean?: number
  failed?: string
  iterations: number
  samples: number
}

/**
 * Parses one process's Catch2 XML report: one sample per benchmark (its mean, ns), an 'error' issue
 * for a benchmark that failed (`<failed message=…>`), a 'truncated' one for a benchmark the file ends
 * inside (the process died in it), an 'invalid' one for a second benchmark of the same path in one
 * process (one value per benchmark per process: rename one of them).
 * @throws SampleFileError 'malformed-xml' when the text is not a Catch2 XML report
 */
export function parseCatch2Xml(
  text: string,
  opts: SampleSourceOptions,
  /** Filled with each benchmark's test case (the listing's catalog). */
  testCaseOf?: Map<string, string>
): ParsedSamples {
  const { round, run, source } = resolveSource(opts)
  if (!looksLikeCatch2Xml(text.trimStart()))
    throw new SampleFileError(
      'malformed-xml',
      source,
      `${source}: not a Catch2 XML report (it should start with <Catch> or <Catch2TestRun>). Run the suite with -r xml.`
    )
  const sink = sampleSink(opts)
  const issues: SampleIssue[] = []
  const provenance: Provenance = { harness: 'Catch2' }
  const path: string[] = []
  const seen = new Set<string>()
  let open: OpenBenchmark | undefined
  const at = { side: opts.side, round, run, source }
  const finish = (benchmark: OpenBenchmark) =>
    finishBenchmark(benchmark, { sink, issues, seen, at, opts, round, run })
  for (const m of text.matchAll(TAG)) {
    const [, close, element, attrText, selfClosing] = m
    if (element === undefined) continue // a comment or declaration
    const attrs = attributesOf(attrText ?? '')
    if (!close && (element === 'Catch2TestRun' || element === 'Catch')) {
      const version = attrs.get('catch2-version')
      if (version) provenance.harness = `Catch2 ${version}`
    } else if (PATH_ELEMENTS.has(element)) {
      if (close) path.pop()
      else if (!selfClosing) path.push(attrs.get('name') ?? '')
    } else if (element === 'BenchmarkResults') {
      if (close) {
        if (open) finish(open)
        open = undefined
      } else {
        const name = [...path, attrs.get('name') ?? ''].join('/')
        if (path.length > 0 && !testCaseOf?.has(name)) testCaseOf?.set(name, path[0])
        open = {
          name,
          iterations: Number(attrs.get('iterations') ?? 1) || 1,
          samples: Number(attrs.get('samples') ?? 1) || 1
        }
      }
    } else if (open && !close && element === 'mean') {
      const v = attrs.get('value')
      open.mean = v === undefined || v.trim() === '' ? NaN : Number(v)
    } else if (open && !close && element === 'failed') {
      open.failed = attrs.get('message') ?? 'the benchmark failed'
    }
  }
  if (open)
    issues.push({
      ...at,
      benchmark: open.name,
      kind: 'truncated',
      message: 'the report ends inside this benchmark: the process stopped while running it'
    })
  return { samples: sink.samples, issues, provenance, format: 'catch2-xml' }
}

/** Where a parsed benchmark goes: its sample, or an issue saying why it has none. */
interface Catch2Parse {
  sink: ReturnType<typeof sampleSink>
  issues: SampleIssue[]
  seen: Set<string>
  at: Omit<SampleIssue, 'benchmark' | 'kind' | 'message'>
  opts: SampleSourceOptions
  round: number
  run: number
}

/** A benchmark's closed results: one sample (its mean), or an issue for a repeat, a failure or no valid mean. */
function finishBenchmark(
  openBenchmark: OpenBenchmark,
  { sink, issues, seen, at, opts, round, run }: Catch2Parse
): void {
  if (seen.has(openBenchmark.name)) {
    issues.push({
      ...at,
      benchmark: openBenchmark.name,
      kind: 'invalid',
      message:
        'a second BENCHMARK of this name in the same test case and section: only the first is used; rename one'
    })
  } else if (openBenchmark.failed !== undefined) {
    issues.push({
      ...at,
      benchmark: openBenchmark.name,
      kind: 'error',
      message: openBenchmark.failed,
      detail: openBenchmark.failed
    })
  } else if (
    openBenchmark.mean === undefined ||
    !Number.isFinite(openBenchmark.mean) ||
    openBenchmark.mean < 0
  ) {
    issues.push({
      ...at,
      benchmark: openBenchmark.name,
      kind: 'invalid',
      message: 'no valid <mean value> in its results'
    })
  } else {
    sink.add({
      benchmark: openBenchmark.name,
      side: opts.side,
      round,
      run,
      repetition: 0,
      iterations: Math.max(1, openBenchmark.iterations * openBenchmark.samples),
      realTimeNs: openBenchmark.mean,
      cpuTimeNs: openBenchmark.mean,
      threads: 1,
      wallClockOnly: true
    })
  }
  seen.add(openBenchmark.name)
}
