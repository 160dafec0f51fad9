/**
 * Attributes callgrind dumps to benchmarks (count mode, docs/count-mode.md). One valgrind process
 * runs a side's benchmarks with `--benchmark_format=json` on stdout and a fixed iteration count;
 * its dumps are cut at every timed loop's start and end and at every report call. The report calls
 * are the same, in the same order, as the JSON the process printed: one call for a benchmark's
 * repetitions and, when Google Benchmark computed them, one for its aggregates. So the dumps between
 * two report dumps belong to the call the JSON shows at that position, and the loop dumps among
 * them are its repetitions' timed loops, one per repetition that ran its loop to the end.
 *
 * A benchmark whose loop dumps cannot be matched to its repetitions (several threads, a loop left
 * early) gets an issue instead of a count, and the others keep theirs.
 */
import type { CallgrindDump } from './callgrind.js'
import { estimatedCycles } from './callgrind.js'
import type { CountIssue, CountSample, FunctionCost } from './countModel.js'
import { parseLenientJson } from './json.js'
import type { Side } from './model.js'

/** One entry of Google Benchmark's JSON `benchmarks` array, as far as attribution needs it. */
export interface BenchmarkEntry {
  /** run_name (the benchmark without aggregate suffixes). */
  benchmark: string
  aggregate: boolean
  iterations: number
  threads: number
  /** SkipWithError / SkipWithMessage: the entry ran no complete loop that counts. */
  skipped: boolean
}

export interface AttributionInput {
  side: Side
  /** 0 for the first pass of a side, 1 for the determinism check's repeat. */
  pass: number
  /** Every dump except the final one, in dump order. */
  dumps: readonly CallgrindDump[]
  /** The JSON's entries in order; may end early (a crash). */
  entries: readonly BenchmarkEntry[]
  /** True when the process did not finish normally: benchmarks after the last report are lost. */
  cutShort: boolean
}

export interface Attribution {
  samples: CountSample[]
  issues: CountIssue[]
}

/** Consecutive entries of one benchmark and kind: one report call each. */
interface ReportCall {
  benchmark: string
  aggregate: boolean
  entries: BenchmarkEntry[]
}

/**
 * Pairs report calls with dump groups and turns each benchmark's counted loop into per-iteration
 * counts. The first completed repetition is a warm-up (caches, lazy initialisation, and Google
 * Benchmark's own sizing of the iteration count when the code sets MinTime()); the count is taken
 * from the repetitions after it (from the only one when there is one).
 */
export function attributeDumps(input: AttributionInput): Attribution {
  const calls = reportCalls(input.entries)
  const groups = dumpGroups(input.dumps)
  const samples: CountSample[] = []
  const issues: CountIssue[] = []
  const issue = (benchmark: string, kind: CountIssue['kind'], message: string): void => {
    issues.push({ benchmark, side: input.side, pass: input.pass, kind, message })
  }
  if (groups.length < calls.length && !input.cutShort) {
    for (const c of calls.filter((c) => !c.aggregate))
      issue(
        c.benchmark,
        'not-countable',
        `callgrind wrote ${groups.length} report dump(s) for ${calls.length} report call(s): ` +
          "the binary does not report through Google Benchmark's JSONReporter (a custom main or reporter?)"
      )
    return { samples, issues }
  }
  calls.forEach((call, i) => {
    if (call.aggregate) return
    const group = groups[i]
    if (group === undefined) {
      issue(call.benchmark, 'crashed', 'the process ended before this benchmark was reported')
      return
    }
    const r = countOf(call, group)
    if ('problem' in r) issue(call.benchmark, r.problem, r.message)
    else samples.push({ benchmark: call.benchmark, side: input.side, pass: input.pass, ...r })
  })
  return { samples, issues }
}

function reportCalls(entries: readonly BenchmarkEntry[]): ReportCall[] {
  const calls: ReportCall[] = []
  for (const e of entries) {
    const last = calls[calls.length - 1]
    if (last && last.benchmark === e.benchmark && last.aggregate === e.aggregate) last.entries.push(e)
    else calls.push({ benchmark: e.benchmark, aggregate: e.aggregate, entries: [e] })
  }
  return calls
}

/** The loop dumps before each report dump. */
function dumpGroups(dumps: readonly CallgrindDump[]): CallgrindDump[][] {
  const groups: CallgrindDump[][] = []
  let current: CallgrindDump[] = []
  for (const d of dumps) {
    if (d.trigger === 'report') {
      groups.push(current)
      current = []
    } else if (d.trigger === 'loop') current.push(d)
  }
  return groups
}

type Counted = Omit<CountSample, 'benchmark' | 'side' | 'pass'>
type Uncounted = { problem: CountIssue['kind']; message: string }

/** Per-iteration counts of one benchmark, or why it has none. */
function countOf(call: ReportCall, loops: readonly CallgrindDump[]): Counted | Uncounted {
  const threads = Math.max(...call.entries.map((e) => e.threads))
  if (threads > 1)
    return {
      problem: 'multi-threaded',
      message:
        `multi-threaded (${threads} threads): valgrind runs one thread at a time, so a count mixes the ` +
        "threads' setup, loops and waiting; compare it by timing"
    }
  const ran = call.entries.filter((e) => !e.skipped)
  if (ran.length === 0)
    return { problem: 'error', message: 'every repetition was skipped or errored: nothing to count' }
  // Google Benchmark sizes the iteration count in the first repetition only (with MinTime() in code
  // it may take several timed loops) and runs every later repetition once at that count: so the
  // last loops are the later repetitions', one each.
  if (loops.length < ran.length)
    return {
      problem: 'not-countable',
      message:
        `${loops.length} timed loop(s) for ${ran.length} repetition(s): a loop did not run to its end ` +
        '(a skip or error inside the loop?), so the loops cannot be matched to repetitions'
    }
  const counted = ran.length > 1 ? ran.slice(1) : ran
  const iterations = counted.reduce((s, e) => s + e.iterations, 0)
  if (!(iterations > 0)) return { problem: 'not-countable', message: 'no iterations were reported' }
  const totals: Record<string, number> = {}
  for (const d of loops.slice(loops.length - counted.length))
    for (const [event, v] of Object.entries(d.totals)) totals[event] = (totals[event] ?? 0) + v
  const events: Record<string, number> = {}
  for (const [event, v] of Object.entries(totals)) events[event] = v / iterations
  const cycles = estimatedCycles(totals)
  const functions = functionCosts(loops.slice(loops.length - counted.length), iterations)
  return {
    iterations,
    instructions: (totals.Ir ?? 0) / iterations,
    cycles: cycles === null ? null : cycles / iterations,
    events,
    ...(functions && { functions })
  }
}

/**
 * The counted loops' functions, per iteration, one entry per name and file: a function in several
 * objects or dumps is one entry, its object dropped (the two sides' binaries live in different
 * worktrees); undefined when a loop's functions were not read.
 */
function functionCosts(loops: readonly CallgrindDump[], iterations: number): FunctionCost[] | undefined {
  if (loops.length === 0 || loops.some((d) => d.profile === undefined)) return undefined
  const byKey = new Map<string, FunctionCost>()
  const add = (target: Record<string, number>, events: readonly string[], costs: readonly number[]) =>
    events.forEach((e, i) => (target[e] = (target[e] ?? 0) + (costs[i] ?? 0) / iterations))
  for (const d of loops) {
    const { events, functions } = d.profile!
    for (const f of functions) {
      const key = `${f.file ?? ''}\u0000${f.name}`
      const entry = byKey.get(key) ?? { name: f.name, file: f.file, self: {}, inclusive: {}, calls: {} }
      byKey.set(key, entry)
      add(entry.self, events, f.self)
      add(entry.inclusive, events, f.inclusive)
      for (const c of f.calls) add((entry.calls![c.name] ??= {}), events, c.inclusive)
    }
  }
  return [...byKey.values()]
}

/**
 * The `benchmarks` entries of Google Benchmark's JSON output, in order; a cut-short text keeps its
 * complete entries (a crash mid-suite).
 * @throws JsonSyntaxError when the text is damaged anywhere but at its end
 */
export function benchmarkEntries(text: string): { entries: BenchmarkEntry[]; truncated: boolean } {
  const { value, truncated, incomplete } = parseLenientJson(text)
  const list = (value as { benchmarks?: unknown } | undefined)?.benchmarks
  const entries: BenchmarkEntry[] = []
  if (!Array.isArray(list)) return { entries, truncated }
  for (const e of list as unknown[]) {
    if (typeof e !== 'object' || e === null || incomplete.has(e)) continue
    const o = e as Record<string, unknown>
    const name = typeof o.run_name === 'string' ? o.run_name : typeof o.name === 'string' ? o.name : null
    if (name === null) continue
    entries.push({
      benchmark: name,
      aggregate: o.run_type === 'aggregate',
      iterations: typeof o.iterations === 'number' ? o.iterations : 0,
      threads: typeof o.threads === 'number' ? o.threads : 1,
      skipped: o.error_occurred === true || o.skipped === true
    })
  }
  return { entries, truncated }
}
