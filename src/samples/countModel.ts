/**
 * Count mode's data (docs/statistics.md §9): per-iteration instruction counts and estimated cycles of each
 * benchmark, measured under callgrind with a fixed iteration count. A count is a pure function of
 * binary and input, so one process per side is a complete sample; the base side is counted twice to
 * check that (its two passes must agree).
 */
import type { Side } from './model.js'

/** The count the verdict is read from: instructions (default) or estimated cycles. */
export type CountMetric = 'instructions' | 'cycles'

/** One benchmark's counts in one valgrind process (a pass). */
export interface CountSample {
  benchmark: string
  side: Side
  /** 0 = the side's first pass; 1 = the base side's repeat (the determinism check). */
  pass: number
  /** Iterations the counts cover (the warm-up repetition excluded). */
  iterations: number
  /** Instructions executed per iteration of the timed loop (callgrind's Ir). */
  instructions: number
  /** Estimated cycles per iteration (docs/count-mode.md), null without cache simulation. */
  cycles: number | null
  /** Every callgrind event per iteration (Ir, Dr, Dw, I1mr, …, Bc, Bcm, Bi, Bim). */
  events: Record<string, number>
  /** Per function of the counted loop, self and inclusive events per iteration (docs/count-mode.md); absent when not read. */
  functions?: FunctionCost[]
}

/** One function's share of a benchmark's counted loop, per iteration. */
export interface FunctionCost {
  /** Demangled name as callgrind wrote it (`0x…` for code without symbols). */
  name: string
  /** Source file when the binary has debug info, else null. */
  file: string | null
  /** Events of the function's own instructions. */
  self: Record<string, number>
  /** Self plus everything it called. */
  inclusive: Record<string, number>
  /** Its calls to other functions by callee name, the callees' inclusive events (the call graph, for the icicle). */
  calls?: Record<string, Record<string, number>>
}

/** A benchmark that gave no count in a pass, and why. */
export interface CountIssue {
  benchmark: string
  side: Side
  pass: number
  kind: 'not-countable' | 'multi-threaded' | 'crashed' | 'error'
  message: string
}

/** How the counts were taken, recorded in results.json and shown in the report. */
export interface CountMethod {
  tool: 'callgrind'
  /** `valgrind --version`, e.g. "valgrind-3.19.0". */
  valgrindVersion: string
  /** The flags that fixed the iteration count (e.g. `--benchmark_min_time=1x`). */
  iterationFlags: string[]
  /** Repetitions per benchmark and pass: the first is a warm-up, the rest are counted. */
  repetitions: number
  /** The simulated caches (callgrind's `desc:` lines), which the cycle estimate depends on. */
  caches: string[]
  /** The cycle estimate's formula and where it comes from. */
  cyclesFormula: string
  /** Seconds spent in the valgrind processes, all passes together (wall clock). */
  wallSeconds: number
}

/** Everything one count measurement produced, both sides. */
export interface CountMeasurement {
  samples: CountSample[]
  issues: CountIssue[]
  method: CountMethod
}
