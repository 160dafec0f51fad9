// Simulated samples for the tests (adaptive rounds, analysis, reports, the Action).
import { estimatedCycles } from '../../src/samples/callgrind.js'
import type { CountMeasurement, CountSample } from '../../src/samples/countModel.js'
import type { Sample } from '../../src/samples/model.js'
import { callgrindEvents } from './callgrindEvents.js'
import { seededRandom } from './r.js'

/** One timing sample of run `run` (its round too), real and CPU time both `ns`. */
export function timingSample(
  benchmark: string,
  side: 'base' | 'head',
  run: number,
  repetition: number,
  ns: number,
  iterations = 1
): Sample {
  return {
    benchmark,
    side,
    round: run,
    run,
    repetition,
    iterations,
    realTimeNs: ns,
    cpuTimeNs: ns,
    threads: 1
  }
}

/** rounds [from, to) of one benchmark: one run per side per round, 3 repetitions, lognormal noise. */
export function measure(
  name: string,
  ratio: number,
  sigma: number,
  from: number,
  to: number,
  seed: number
): Sample[] {
  const rnd = seededRandom(seed)
  const out: Sample[] = []
  for (let round = from; round < to; round++)
    for (const side of ['base', 'head'] as const)
      for (let repetition = 0; repetition < 3; repetition++) {
        const z = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
        const v = 1000 * (side === 'head' ? ratio : 1) * Math.exp(sigma * z)
        out.push(timingSample(name, side, round, repetition, v))
      }
  return out
}

/** One benchmark's counts in one count pass (count mode), one iteration, cycles a fixed multiple. */
export function countSample(
  benchmark: string,
  side: 'base' | 'head',
  pass: number,
  instructions: number,
  cycles = instructions * 1.5
): CountSample {
  return { benchmark, side, pass, iterations: 1, instructions, cycles, events: { Ir: instructions } }
}

/** A benchmark counted as measureCounts counts it: base twice (passes 0 and 1), head once. */
export function counted(
  benchmark: string,
  base: number,
  head: number,
  base2 = base,
  cyclesPerInstruction = 1.5
): CountSample[] {
  return [
    countSample(benchmark, 'base', 0, base, base * cyclesPerInstruction),
    countSample(benchmark, 'head', 0, head, head * cyclesPerInstruction),
    countSample(benchmark, 'base', 1, base2, base2 * cyclesPerInstruction)
  ]
}

/**
 * A benchmark counted with every callgrind event, as a real pass keeps them: a typical loop at base
 * (100,000 instructions), head the same but for `head`'s events; the base's second pass equals the first.
 */
export function countedEvents(benchmark: string, head: Partial<Record<string, number>>): CountSample[] {
  const base = callgrindEvents({ Ir: 100_000, Dr: 30_000, Dw: 10_000, Bc: 15_000, D1mr: 100, Bcm: 200 })
  const sample = (side: 'base' | 'head', pass: number, events: Record<string, number>): CountSample => ({
    ...countSample(benchmark, side, pass, events.Ir, estimatedCycles(events) ?? undefined),
    events
  })
  return [sample('base', 0, base), sample('head', 0, { ...base, ...head }), sample('base', 1, base)]
}

/** A count pass's method as Debian's valgrind 3.19 and Google Benchmark 1.7 report it; `more` overrides fields. */
export function countMethod(more: Partial<CountMeasurement['method']> = {}): CountMeasurement['method'] {
  return {
    tool: 'callgrind',
    valgrindVersion: 'valgrind-3.19.0',
    iterationFlags: ['--benchmark_min_time=0.000000001'],
    repetitions: 2,
    caches: [],
    cyclesFormula: 'Ir + 10·Bm + 10·L1m + 100·LLm',
    wallSeconds: 2,
    ...more
  }
}
