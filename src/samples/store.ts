/**
 * Samples kept compactly. Every sample is one row of numbers in the store's columns (times and
 * iterations as float64, round/run/repetition/threads as int32: 40 bytes), kept in blocks of
 * 16,384 rows that are never copied once full; each benchmark and side keeps the numbers of its rows (4 bytes a
 * sample, up to twice that while its list has room to grow) and its name once. A suite of 10,000
 * benchmarks × 120 samples held as one object per sample took about 145 bytes a sample; with one
 * growable array per benchmark and side, the arrays it outgrew (freed in thousands of small
 * pieces between the live ones) kept about 50 MB of the process' memory that the system never got
 * back (231 MB resident after reading both sides, 179 MB when no array had to grow). Only the
 * first block grows, from 256 rows, so a small store costs little. `Sample` objects are made only
 * when asked for (iteration, `toArray`).
 */
import type { Sample, Side } from './model.js'

/** Float64 fields of a row, in order. */
const F_ITERATIONS = 0
const F_REAL = 1
const F_CPU = 2
const F_STRIDE = 3
/** Int32 fields of a row, in order. */
const I_ROUND = 0
const I_RUN = 1
const I_REPETITION = 2
const I_THREADS = 3
const I_STRIDE = 4
/** Rows per block of the columns: 16,384 rows, 640 KiB a block. */
const BLOCK_BITS = 14
const BLOCK_ROWS = 1 << BLOCK_BITS
const IN_BLOCK = BLOCK_ROWS - 1
/** Rows the first block starts with: it is doubled up to BLOCK_ROWS, so a small store stays small. */
const FIRST_BLOCK_ROWS = 256
/** Row numbers a series' list starts with (doubled when full). */
const FIRST_CAPACITY = 8

/** The columns of the samples: rows appended in blocks, addressed by row number. */
class Rows {
  private floats: Float64Array[] = []
  private ints: Int32Array[] = []
  private count = 0

  /** Appends a sample; returns its row number. */
  add(sample: Sample): number {
    const row = this.count++
    const block = row >>> BLOCK_BITS
    if (block === this.floats.length) {
      const rows = block === 0 ? FIRST_BLOCK_ROWS : BLOCK_ROWS
      this.floats.push(new Float64Array(rows * F_STRIDE))
      this.ints.push(new Int32Array(rows * I_STRIDE))
    } else if ((row & IN_BLOCK) * F_STRIDE === this.floats[block].length) this.growFirstBlock()
    const f = (row & IN_BLOCK) * F_STRIDE
    const i = (row & IN_BLOCK) * I_STRIDE
    const floats = this.floats[block]
    const ints = this.ints[block]
    floats[f + F_ITERATIONS] = sample.iterations
    floats[f + F_REAL] = sample.realTimeNs
    floats[f + F_CPU] = sample.cpuTimeNs
    ints[i + I_ROUND] = sample.round
    ints[i + I_RUN] = sample.run
    ints[i + I_REPETITION] = sample.repetition
    ints[i + I_THREADS] = sample.threads
    return row
  }

  /** Doubles the first block (the only one that is ever less than full size). */
  private growFirstBlock(): void {
    const floats = new Float64Array(this.floats[0].length * 2)
    floats.set(this.floats[0])
    this.floats[0] = floats
    const ints = new Int32Array(this.ints[0].length * 2)
    ints.set(this.ints[0])
    this.ints[0] = ints
  }

  float(row: number, field: number): number {
    return this.floats[row >>> BLOCK_BITS][(row & IN_BLOCK) * F_STRIDE + field]
  }

  int(row: number, field: number): number {
    return this.ints[row >>> BLOCK_BITS][(row & IN_BLOCK) * I_STRIDE + field]
  }

  /** Row `row` as a Sample of `benchmark` on `side`. */
  sample(row: number, benchmark: string, side: Side): Sample {
    return {
      benchmark,
      side,
      round: this.int(row, I_ROUND),
      run: this.int(row, I_RUN),
      repetition: this.int(row, I_REPETITION),
      iterations: this.float(row, F_ITERATIONS),
      realTimeNs: this.float(row, F_REAL),
      cpuTimeNs: this.float(row, F_CPU),
      threads: this.int(row, I_THREADS)
    }
  }
}

/** One benchmark's samples on one side, in the order added. */
export class SampleSeries {
  private rowOf = new Int32Array(FIRST_CAPACITY)
  private count = 0
  /** False once a row was added before one earlier in time (round, run, repetition). */
  private ordered = true

  /**
   * @param rows the columns the samples go into: the store's, or (by default) the series' own
   */
  constructor(
    readonly benchmark: string,
    readonly side: Side,
    private readonly rows = new Rows()
  ) {}

  get length(): number {
    return this.count
  }

  add(s: Sample): void {
    if (this.count === this.rowOf.length) this.grow()
    if (this.count > 0 && compareTime(this, this.count - 1, s) > 0) this.ordered = false
    this.rowOf[this.count++] = this.rows.add(s)
  }

  realTimeNs(k: number): number {
    return this.rows.float(this.rowOf[k], F_REAL)
  }
  cpuTimeNs(k: number): number {
    return this.rows.float(this.rowOf[k], F_CPU)
  }
  iterations(k: number): number {
    return this.rows.float(this.rowOf[k], F_ITERATIONS)
  }
  round(k: number): number {
    return this.rows.int(this.rowOf[k], I_ROUND)
  }
  run(k: number): number {
    return this.rows.int(this.rowOf[k], I_RUN)
  }
  repetition(k: number): number {
    return this.rows.int(this.rowOf[k], I_REPETITION)
  }
  threads(k: number): number {
    return this.rows.int(this.rowOf[k], I_THREADS)
  }

  /** Row k as a Sample object. */
  sample(k: number): Sample {
    return this.rows.sample(this.rowOf[k], this.benchmark, this.side)
  }

  /**
   * Row indices in time order (round, run, repetition; equal keys keep the order added, as a stable
   * sort). Rows are usually added in time order, and then no sort is needed.
   */
  timeOrder(): Int32Array {
    const order = new Int32Array(this.count)
    for (let k = 0; k < this.count; k++) order[k] = k
    if (this.ordered) return order
    return order.sort(
      (a, b) =>
        this.round(a) - this.round(b) ||
        this.run(a) - this.run(b) ||
        this.repetition(a) - this.repetition(b) ||
        a - b
    )
  }

  private grow(): void {
    const rowOf = new Int32Array(this.rowOf.length * 2)
    rowOf.set(this.rowOf)
    this.rowOf = rowOf
  }
}

function compareTime(series: SampleSeries, k: number, s: Sample): number {
  return series.round(k) - s.round || series.run(k) - s.run || series.repetition(k) - s.repetition
}

/**
 * Samples kept in the order added, compactly (a row in the columns and the name and side by
 * reference), to be replayed later: a file's samples held aside until its end is known to be
 * good. As objects, the scale suite's 30,000 samples a file outlived young collections and the
 * reading of one side promoted 76 MB of them to the old heap.
 */
export class SampleBuffer implements Iterable<Sample> {
  private rows = new Rows()
  private names: string[] = []
  private sides: Side[] = []

  get length(): number {
    return this.names.length
  }

  add(s: Sample): void {
    this.rows.add(s)
    this.names.push(s.benchmark)
    this.sides.push(s.side)
  }

  *[Symbol.iterator](): Iterator<Sample> {
    for (let row = 0; row < this.names.length; row++)
      yield this.rows.sample(row, this.names[row], this.sides[row])
  }
}

/** Both sides of one benchmark, and what of its first sample decides `auto`'s metric. */
export interface BenchmarkSamples {
  benchmark: string
  base: SampleSeries | null
  head: SampleSeries | null
  firstThreads: number
  /** The harness measured wall-clock time only (Sample.wallClockOnly). */
  wallClockOnly: boolean
}

/** Every sample of a suite, by benchmark (in the order first seen) and side. */
export class SampleStore implements Iterable<Sample> {
  private byName = new Map<string, BenchmarkSamples>()
  private rows = new Rows()
  private count = 0

  /** A store holding `samples`: the same store when given one, else a new one filled from the array. */
  static of(samples: SampleList): SampleStore {
    if (samples instanceof SampleStore) return samples
    const store = new SampleStore()
    for (const s of samples) store.add(s)
    return store
  }

  /** Number of samples. */
  get length(): number {
    return this.count
  }

  add(s: Sample): void {
    let entry = this.byName.get(s.benchmark)
    if (!entry) {
      entry = {
        benchmark: s.benchmark,
        base: null,
        head: null,
        firstThreads: s.threads,
        wallClockOnly: s.wallClockOnly === true
      }
      this.byName.set(s.benchmark, entry)
    }
    const series = (entry[s.side] ??= new SampleSeries(s.benchmark, s.side, this.rows))
    series.add(s)
    this.count++
  }

  /** Benchmark names in the order first seen. */
  benchmarks(): IterableIterator<string> {
    return this.byName.keys()
  }

  /** Both sides of each benchmark, in the order first seen. */
  entries(): IterableIterator<BenchmarkSamples> {
    return this.byName.values()
  }

  get(benchmark: string): BenchmarkSamples | undefined {
    return this.byName.get(benchmark)
  }

  series(benchmark: string, side: Side): SampleSeries | null {
    return this.byName.get(benchmark)?.[side] ?? null
  }

  /** A store of the benchmarks `keep` accepts (rows shared, not copied). */
  only(keep: (benchmark: string) => boolean): SampleStore {
    const out = new SampleStore()
    for (const [name, entry] of this.byName) {
      if (!keep(name)) continue
      out.byName.set(name, entry)
      out.count += (entry.base?.length ?? 0) + (entry.head?.length ?? 0)
    }
    return out
  }

  /** Every sample as an object: benchmark by benchmark (first seen first), base before head, in the order added. */
  *[Symbol.iterator](): Iterator<Sample> {
    for (const entry of this.byName.values()) {
      for (const series of [entry.base, entry.head]) {
        if (!series) continue
        for (let k = 0; k < series.length; k++) yield series.sample(k)
      }
    }
  }

  toArray(): Sample[] {
    return [...this]
  }
}

/** Samples as callers hold them: an array (tests, small runs) or a store (files read at scale). */
export type SampleList = readonly Sample[] | SampleStore
