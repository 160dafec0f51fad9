/**
 * nanobench's two outputs (docs/sample-format.md, "nanobench"): the markdown table it prints to
 * stdout by default (`| ns/op | op/s | err% | ins/op | … | benchmark`, one row per benchmark, the
 * name in backticks as the last cell) and its JSON template (`ankerl::nanobench::templates::json()`,
 * rendered by the suite's own code: `{"results": [{"name": …, "median(elapsed)": …, "batch": …}]}`,
 * with bare `nan`/`inf` where a counter is missing). Either gives one value per benchmark per
 * process: the median time per unit (ns), the median over nanobench's epochs.
 */
import { parseJson } from './json.js'
import { resolveSource, sampleSink, SampleFileError, type SampleSourceOptions } from './common.js'
import type { ParsedSamples, SampleIssue } from './model.js'

/** A table header cell holding the time per unit: `ns/op`, `ms/byte`, … */
const TIME_COLUMN = /^(ns|us|µs|ms|s)\/(.+)$/
const NS_PER: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9 }

/** Whether the text holds nanobench's markdown table (a header line with a time-per-unit cell). */
export function looksLikeNanobenchTable(text: string): boolean {
  return /^\|(?:[^\n|]*\|)*?\s*(ns|us|µs|ms|s)\/[^|\n]+\|/m.test(text)
}

/** Whether a JSON text (its start) is nanobench's JSON template output. */
export function looksLikeNanobenchJson(start: string): boolean {
  return /^\{\s*"results"\s*:\s*\[/.test(start)
}

/** The cells of one table line `| a | b | c` (the last cell runs to the end of the line). */
function cellsOf(line: string): string[] {
  return line
    .slice(1)
    .split('|')
    .map((c) => c.trim())
}

/**
 * The benchmark's name in the last cell: `` `name` `` (a backtick inside doubled), after an
 * optional `:wavy_dash: ` (an unstable result) and before an optional note.
 */
export function nameOfCell(cell: string): string | undefined {
  const start = cell.indexOf('`')
  if (start < 0) return undefined
  let name = ''
  for (let i = start + 1; i < cell.length; i++) {
    if (cell[i] !== '`') name += cell[i]
    else if (cell[i + 1] === '`') {
      name += '`'
      i++
    } else return name
  }
  return undefined
}

/** A number as nanobench prints it in a cell: thousands separators, an optional `%`. */
function cellNumber(cell: string): number {
  const t = cell.replace(/,/g, '').replace(/%$/, '').trim()
  return t === '' ? NaN : Number(t)
}

/**
 * Parses nanobench's markdown table(s) on one process's stdout: one sample per row, the time per
 * unit in ns. Lines that are not table rows (warnings, the suite's own prints) are skipped.
 * @throws SampleFileError 'malformed-nanobench' when no table header is found
 */
export function parseNanobenchTable(text: string, opts: SampleSourceOptions): ParsedSamples {
  const { round, run, source } = resolveSource(opts)
  const sink = sampleSink(opts)
  const issues: SampleIssue[] = []
  const at = { side: opts.side, round, run, source }
  const seen = new Set<string>()
  let timeColumn = -1
  let scale = 1
  let headers = 0
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      timeColumn = line.trim() === '' ? timeColumn : -1
      continue
    }
    const cells = cellsOf(line)
    const header = cells.findIndex((c) => TIME_COLUMN.test(c))
    if (header >= 0 && nameOfCell(cells[cells.length - 1]) === undefined) {
      timeColumn = header
      scale = NS_PER[TIME_COLUMN.exec(cells[header])![1]]
      headers++
      continue
    }
    const name = nameOfCell(cells[cells.length - 1])
    if (timeColumn < 0 || name === undefined) continue // the separator line, or a table of another kind
    const ns = cellNumber(cells[timeColumn]) * scale
    oneValue(
      { sink, issues, seen, at, name },
      ns,
      `time per unit ${JSON.stringify(cells[timeColumn])} is not a number`
    )
  }
  if (headers === 0)
    throw new SampleFileError(
      'malformed-nanobench',
      source,
      `${source}: no nanobench table found (a header line with an "ns/op" cell). Does the suite print nanobench's default table to stdout?`
    )
  return { samples: sink.samples, issues, provenance: { harness: 'nanobench' }, format: 'nanobench-table' }
}

/** C++ streams print non-finite doubles as bare `nan`, `-nan`, `inf`, `-inf`: JSON's NaN placeholders outside strings. */
function withJsonNonFinite(text: string): string {
  let out = ''
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      out += c
      if (c === '\\') out += text[++i] ?? ''
      else if (c === '"') inString = false
      continue
    }
    if (c === '"') inString = true
    const m = /^[-+]?(nan|inf)(?![A-Za-z0-9_])/i.exec(text.slice(i, i + 5))
    if (!inString && m) {
      out +=
        m[0].startsWith('-') && m[1].toLowerCase() === 'inf'
          ? '-Infinity'
          : m[1].toLowerCase() === 'inf'
            ? 'Infinity'
            : 'NaN'
      i += m[0].length - 1
    } else out += c
  }
  return out
}

/**
 * Parses nanobench's JSON template output: one sample per result, `median(elapsed)` (seconds per
 * batch) / `batch` in ns. A result without a finite elapsed median is an 'invalid' issue.
 * @throws SampleFileError 'malformed-nanobench' when the text is not that JSON
 */
export function parseNanobenchJson(text: string, opts: SampleSourceOptions): ParsedSamples {
  const { round, run, source } = resolveSource(opts)
  let root: unknown
  try {
    root = parseJson(withJsonNonFinite(text))
  } catch (e) {
    throw new SampleFileError(
      'malformed-nanobench',
      source,
      `${source}: nanobench's JSON output cannot be read (${(e as Error).message}); a name with a double quote breaks ` +
        "nanobench's template (it does not escape names): rename it, or let benchgate read the table on stdout."
    )
  }
  const results = (root as { results?: unknown }).results
  if (!Array.isArray(results))
    throw new SampleFileError(
      'malformed-nanobench',
      source,
      `${source}: no "results" array in nanobench's JSON output.`
    )
  const sink = sampleSink(opts)
  const issues: SampleIssue[] = []
  const seen = new Set<string>()
  for (const r of results as Array<Record<string, unknown>>) {
    const name = typeof r?.name === 'string' ? r.name : ''
    const batch = typeof r?.batch === 'number' && r.batch > 0 ? r.batch : 1
    const elapsed = r?.['median(elapsed)']
    const ns = typeof elapsed === 'number' ? (elapsed / batch) * 1e9 : NaN
    oneValue(
      { sink, issues, seen, at: { side: opts.side, round, run, source }, name },
      ns,
      `median(elapsed) is ${String(elapsed)}, not a time`
    )
  }
  return { samples: sink.samples, issues, provenance: { harness: 'nanobench' }, format: 'nanobench-json' }
}

/** One benchmark's value of a process: a sample, or an issue for a repeated name or a value that is no time. */
function oneValue(
  current: {
    sink: ReturnType<typeof sampleSink>
    issues: SampleIssue[]
    seen: Set<string>
    at: Omit<SampleIssue, 'benchmark' | 'kind' | 'message'>
    name: string
  },
  ns: number,
  notATime: string
): void {
  const { at, name } = current
  if (current.seen.has(name))
    current.issues.push({
      ...at,
      benchmark: name,
      kind: 'invalid',
      message: 'a second value of this name in one process: only the first is used; rename one'
    })
  else if (!Number.isFinite(ns) || ns < 0)
    current.issues.push({ ...at, benchmark: name, kind: 'invalid', message: notATime })
  else
    current.sink.add({
      benchmark: name,
      side: at.side,
      round: at.round,
      run: at.run,
      repetition: 0,
      iterations: 1,
      realTimeNs: ns,
      cpuTimeNs: ns,
      threads: 1,
      wallClockOnly: true
    })
  current.seen.add(name)
}
