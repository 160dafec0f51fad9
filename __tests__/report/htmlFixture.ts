/**
 * A realistic report for the HTML tests, made with the real analysis: seeded synthetic samples
 * (20 ABBA rounds × 3 repetitions per side) for a handful of benchmarks — one 6% slower, one 12%
 * faster, one noisy and inconclusive, one unchanged, one drifting, one whose repetitions are
 * correlated within a process (analysed per run) — plus two with hostile names.
 */
import { analyzeSuite } from '../../src/analysis/suite.js'
import { withCounts } from '../../src/analysis/countSuite.js'
import type { ChangeAttribution } from '../../src/analysis/types.js'
import type { Report } from '../../src/report/model.js'
import type { CountMeasurement } from '../../src/samples/countModel.js'
import type { Provenance, Sample, Side } from '../../src/samples/model.js'
import { countMethod, counted } from '../helpers/samples.js'
import { seededRandom as rng } from '../helpers/r.js'

export { rng }

function normal(u: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u())
}

export interface BenchSpec {
  name: string
  /** Median time of base, ns. */
  ns: number
  /** Head / base. */
  ratio: number
  /** sd of ln(time) of a repetition. */
  noise: number
  /** sd of ln(time) of a whole process run (shared by its repetitions). */
  runNoise?: number
  /** Relative drift per round (both sides). */
  drift?: number
}

export const SPECS: BenchSpec[] = [
  { name: 'BM_OrderBook/map/20000', ns: 1_190_000, ratio: 1.06, noise: 0.012 },
  { name: 'BM_Parse/json/4096', ns: 41_200, ratio: 0.874, noise: 0.01 },
  { name: 'BM_Hash/crc32/64', ns: 18.3, ratio: 1.015, noise: 0.05 },
  { name: 'BM_OrderBook/array/20000', ns: 398_000, ratio: 1.0, noise: 0.004 },
  { name: 'BM_Sleep/drifting', ns: 2_500_000, ratio: 1.0, noise: 0.004, drift: 0.003 },
  { name: 'BM_Alloc/per-process', ns: 5_300, ratio: 1.0, noise: 0.002, runNoise: 0.02 },
  { name: '</script><script>alert(1)</script>', ns: 900, ratio: 1.0, noise: 0.01 },
  { name: `BM_<int>|x "q" & 'a' \`tick\` @someone`, ns: 77, ratio: 1.0, noise: 0.01 }
]

/** Samples of every spec: `rounds` ABBA rounds, `reps` repetitions per process. */
export function synthSamples(specs: BenchSpec[] = SPECS, rounds = 20, reps = 3, seed = 42): Sample[] {
  const u = rng(seed)
  const out: Sample[] = []
  for (let r = 0; r < rounds; r++) {
    const order: Side[] = r % 2 === 0 ? ['base', 'head'] : ['head', 'base']
    for (const side of order) {
      for (const spec of specs) {
        const run = 1 + (spec.runNoise ?? 0) * normal(u)
        for (let k = 0; k < reps; k++) {
          const t = r + (side === order[0] ? 0 : 0.5)
          const value =
            spec.ns *
            (side === 'head' ? spec.ratio : 1) *
            (1 + (spec.drift ?? 0) * t) *
            run *
            Math.exp(spec.noise * normal(u))
          out.push({
            benchmark: spec.name,
            side,
            round: r,
            run: r,
            repetition: k,
            iterations: 1000,
            realTimeNs: value,
            cpuTimeNs: value * 0.99,
            threads: 1
          })
        }
      }
    }
  }
  return out
}

export const PROVENANCE: Provenance = {
  cpuModel: 'AMD EPYC 7763 64-Core Processor',
  numCpus: 2,
  compiler: 'gcc 13.2 <b>bold</b>',
  buildType: 'release',
  libraryVersion: '1.8.3',
  governor: 'performance',
  cpuScalingEnabled: false,
  context: { side: 'x"><img src=x onerror=alert(2)>' }
}

/** A full Report from the real analysis of `samples`. */
export function synthReport(samples: Sample[] = synthSamples()): Report {
  const suite = analyzeSuite(
    { samples, issues: [], provenance: { base: PROVENANCE, head: { ...PROVENANCE, compiler: 'gcc 13.3' } } },
    { metric: 'real_time' }
  )
  return {
    suite,
    run: {
      base: { label: 'main', sha: '1a2b3c4d5e6f' },
      head: { label: 'feature/<x>', sha: '9f8e7d6c5b4a' },
      mergeBase: true,
      rounds: 20,
      repetitions: 3,
      key: 'default',
      reproduce: "npx benchgate run --base 1a2b3c4 --build 'make' --binary bench </script>"
    }
  }
}

/** A count-mode attribution whose call tree is BM → `name` (+16%) and a quieter sibling: the icicle's input. */
export function synthAttribution(name: string): ChangeAttribution {
  const figures = { instructions: 100, cycles: 100, d1misses: 0, llmisses: 0, mispredicts: 0 }
  return {
    metric: 'instructions',
    explains: 'counts',
    total: { base: figures, head: { ...figures, instructions: 108 } },
    functions: [],
    omitted: { functions: 0, self: 0 },
    tree: {
      nodes: [
        { name: 'BM', parent: null, base: 100, head: 108 },
        { name, parent: 0, base: 50, head: 58 },
        { name: 'memcpy', parent: 0, base: 30, head: 28 }
      ],
      dropped: 2,
      minShare: 0.005
    }
  }
}

/**
 * A `--measure both` report whose benchmarks have long parameterised names (a real suite's
 * `BM_Fixture<Type>/window:1048576/...`): the widest summary tables the page draws.
 */
export function synthBothReport(): { report: Report; samples: Sample[] } {
  const long = 'BM_CompressionFixture<zstd_level_19>/window:1048576/'
  const specs = SPECS.map((s) => ({ ...s, name: s.name.replace(/^BM_/, long) }))
  const samples = synthSamples(specs)
  const timing = analyzeSuite(
    { samples, issues: [], provenance: { base: PROVENANCE, head: PROVENANCE } },
    { metric: 'real_time' }
  )
  const measurement: CountMeasurement = {
    samples: specs.flatMap((s) => counted(s.name, 100_000, Math.round(100_000 * s.ratio))),
    issues: [],
    method: countMethod()
  }
  const suite = withCounts(timing, measurement, { metric: 'instructions', threshold: 0.01 })
  const report = synthReport(samples)
  return {
    report: { ...report, suite: { ...suite, countMode: { ...suite.countMode!, measure: 'both' } } },
    samples
  }
}
