/**
 * Samples kept compactly: one growable pair of typed arrays per benchmark and side, the name stored
 * once. A suite of 10,000 benchmarks × 120 samples held as one object per sample took about
 * 145 bytes a sample (plus the garbage of building them); here a sample is 40 bytes of numbers
 * (times and iterations as float64, round/run/repetition/threads as int32), up to twice that while
 * an array has room to grow. `Sample` objects are made only when asked for (iteration, `toArray`).
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
/** Rows a series starts with (doubled when full). */
const FIRST_CAPACITY = 8

/** One benchmark's samples on one side, in the order added. */
export class SampleSeries {
  private floats = new Float64Array(FIRST_CAPACITY * F_STRIDE)
  private ints = new Int32Array(FIRST_CAPACITY * I_STRIDE)
  private count = 0
  /** False once a row was added before one earlier in time (round, run, repetition). */
  private ordered = true

  constructor(
    readonly benchmark: string,
    readonly side: Side
  ) {}

  get length(): number {
    return this.count
  }

  add(s: Sample): void {
    if (this.count * F_STRIDE === this.floats.length) this.grow()
    const f = this.count * F_STRIDE
    const i = this.count * I_STRIDE
    if (this.count > 0 && compareTime(this.ints, i - I_STRIDE, s) > 0) this.ordered = false
    this.floats[f + F_ITERATIONS] = s.iterations
    this.floats[f + F_REAL] = s.realTimeNs
    this.floats[f + F_CPU] = s.cpuTimeNs
    this.ints[i + I_ROUND] = s.round
    this.ints[i + I_RUN] = s.run
    this.ints[i + I_REPETITION] = s.repetition
    this.ints[i + I_THREADS] = s.threads
    this.count++
  }

  realTimeNs(k: number): number {
    return this.floats[k * F_STRIDE + F_REAL]
  }
  cpuTimeNs(k: number): number {
    return this.floats[k * F_STRIDE + F_CPU]
  }
  iterations(k: number): number {
    return this.floats[k * F_STRIDE + F_ITERATIONS]
  }
  round(k: number): number {
    return this.ints[k * I_STRIDE + I_ROUND]
  }
  run(k: number): number {
    return this.ints[k * I_STRIDE + I_RUN]
  }
  repetition(k: number): number {
    return this.ints[k * I_STRIDE + I_REPETITION]
  }
  threads(k: number): number {
    return this.ints[k * I_STRIDE + I_THREADS]
  }

  /** Row k as a Sample object. */
  sample(k: number): Sample {
    return {
      benchmark: this.benchmark,
      side: this.side,
      round: this.round(k),
      run: this.run(k),
      repetition: this.repetition(k),
      iterations: this.iterations(k),
      realTimeNs: this.realTimeNs(k),
      cpuTimeNs: this.cpuTimeNs(k),
      threads: this.threads(k)
    }
  }

  /**
   * Row indices in time order (round, run, repetition; equal keys keep the order added, as a stable
   * sort). Rows are usually added in time order, and then no sort is needed.
   */
  timeOrder(): Int32Array {
    const order = new Int32Array(this.count)
    for (let k = 0; k < this.count; k++) order[k] = k
    if (this.ordered) return order
    const key = (k: number, f: number) => this.ints[k * I_STRIDE + f]
    return order.sort(
      (a, b) =>
        key(a, I_ROUND) - key(b, I_ROUND) ||
        key(a, I_RUN) - key(b, I_RUN) ||
        key(a, I_REPETITION) - key(b, I_REPETITION) ||
        a - b
    )
  }

  private grow(): void {
    const floats = new Float64Array(this.floats.length * 2)
    floats.set(this.floats)
    this.floats = floats
    const ints = new Int32Array(this.ints.length * 2)
    ints.set(this.ints)
    this.ints = ints
  }
}

function compareTime(ints: Int32Array, at: number, s: Sample): number {
  return ints[at + I_ROUND] - s.round || ints[at + I_RUN] - s.run || ints[at + I_REPETITION] - s.repetition
}

/** Both sides of one benchmark, and the threads of its first sample (which decides `auto`'s metric). */
export interface BenchmarkSamples {
  benchmark: string
  base: SampleSeries | null
  head: SampleSeries | null
  firstThreads: number
}

/** Every sample of a suite, by benchmark (in the order first seen) and side. */
export class SampleStore implements Iterable<Sample> {
  private byName = new Map<string, BenchmarkSamples>()
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
      entry = { benchmark: s.benchmark, base: null, head: null, firstThreads: s.threads }
      this.byName.set(s.benchmark, entry)
    }
    const series = (entry[s.side] ??= new SampleSeries(s.benchmark, s.side))
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
