/**
 * docs/VALIDATION.md, "Method": benchgate's design and the traditional method as validated, the noise
 * model of study 1 with its presets, and the noise of this machine re-estimated from the real A/A runs.
 */
import { DEFAULT_ANALYSIS_OPTIONS } from '../../../src/analysis/types.js'
import { DEFAULT_CONFIG } from '../../../src/config/index.js'
import { estimateNoise, type NoiseEstimate } from '../model/calibrate.js'
import { NOISE_PRESETS, type NoiseModel } from '../model/noiseModel.js'
import type { RealResults } from '../studies/real.js'
import type { SimulationResults } from '../studies/simulation.js'
import { ALPHA, pct, signedPct, table } from './format.js'
import { realRows } from './realRows.js'

/** "Method" with "Noise model (study 1)", and "This machine" when the real study has A/A sessions. */
export function methodSection(sim: SimulationResults | undefined, real: RealResults | undefined): string {
  const parts = [
    `## Method

**benchgate's design** (what is validated, through the shipped code): ${DEFAULT_CONFIG.warmupRounds} warm-up round, then
${DEFAULT_CONFIG.rounds} rounds in ABBA order (base-head, head-base, ...), one fresh process per side per round,
${DEFAULT_CONFIG.repetitions} repetitions of ${DEFAULT_CONFIG.minTime} s min time each; per benchmark Mann-Whitney U and the
Hodges-Lehmann ratio, always at the run level (one median per process; fewer than 5 runs per side decide nothing), with
simultaneous intervals at 1 − α/K over the suite's K benchmarks (Bonferroni) and the verdict read off the interval,
by STATISTICS.md §7 with α = ${ALPHA}, δ = ${pct(DEFAULT_ANALYSIS_OPTIONS.minEffect, 0)}. The tables up to the grid were
measured with the first design (the run level only when the estimated design effect exceeded 1.5, Holm-adjusted p, a
plain ${pct(1 - ALPHA, 0)} CI); each section names the options it ran with, and the grid compares the two designs on the
same simulated suites. The simulation feeds simulated \`Sample\`s to \`analyzeSuite\` (src/analysis/suite.ts); the real study runs
\`stageBinaries\` → \`planRounds\` → \`runRounds\` → \`readSampleFile\` → \`analyzeSuite\` with the call shapes of src/pipeline/.
Nothing of the analysis is re-implemented here.

**The traditional method** ("run base, then run head"): one base process with ${DEFAULT_CONFIG.rounds * DEFAULT_CONFIG.repetitions}
repetitions, then one head process with as many — the same benchmark time as benchgate's measured rounds — and
Mann-Whitney U on the pooled repetitions at α = 0.05, as Google Benchmark's \`tools/compare.py\` does it (\`--alpha\` default 0.05),
with the direction and size from the ratio of medians. "sequential + benchgate analysis" feeds the same two processes
to benchgate's analysis (α = 0.01, δ = 2%): it shows what the analysis alone can and cannot repair.

### Noise model (study 1)

bench_diff (a Rust crate for comparing the latencies of two functions; "A Model of Time-Dependent Random Noise",
https://docs.rs/crate/bench_diff/1.1.0/source/src/lib3-model.md) models a latency as \`L(f, t) = λ_f · α(t) · β(t)\`: a slowly
varying factor α(t) and independent lognormal noise β(t). bench_diff compares two closures inside one process, so
that is all it needs; benchgate compares two *binaries*, and a process adds its own factor that lasts as long as the
process (memory layout, ASLR, page placement) — the reason repetitions within a process are correlated (STATISTICS.md §3).
validation/src/model/noiseModel.ts simulates, per repetition,

    value = λ · ratio · exp(slow OU(t) + fast OU(t)) · contention(t) · exp(N(0, processSigma²))_per process
            · exp(firstRepetitionShift)_first repetition · exp(N(0, repetitionSigma²)) · outlier

with α(t) as two Ornstein-Uhlenbeck paths on the log scale (bench_diff's α is deterministic; an OU path is its random,
mean-reverting counterpart), contention episodes as a Poisson process in time during which each repetition is slowed
by 1 + S·E (E exponential per repetition; neighbours compiling on the two shared cores), and rare outliers. Each session
has its own clock: a process advances it by its start-up time plus repetitions × min time × ${NOISE_PRESETS.shared.repetitionTimeFactor}
(Google Benchmark overshoots min time while estimating iterations), so the drift between base and head depends on how far
apart in time they ran — which is the whole difference between the two designs.

Calibration: \`DEFAULT_NOISE\` (preset \`shared\`) comes from 60 A/A processes of spin_bench on this VM, estimated with
\`estimateNoise\` (robust within-process and between-process sd, share and size of contended processes; see the
doc comment of \`DEFAULT_NOISE\`). \`memory-bound\` uses the order-book example's larger within/between sds.

${modelTable(sim?.presets ?? NOISE_PRESETS)}
`
  ]
  const cal = calibrationSection(real)
  if (cal) parts.push(`#### This machine, from the real A/A runs\n\n${cal}\n`)
  return parts.join('\n')
}

/** Noise parameters of this machine, estimated from the real A/A sessions (one estimate per comparison). */
function calibrationFromReal(
  real: RealResults
): Array<{ benchmark: string; sessions: number; e: NoiseEstimate }> {
  const out: Array<{ benchmark: string; sessions: number; e: NoiseEstimate }> = []
  for (const row of realRows(real)) {
    if (row.change !== 0) continue
    const ests: NoiseEstimate[] = []
    for (const c of row.comparisons) {
      const procs = c.processes[row.benchmark]?.abba ?? []
      if (procs.length >= 8) {
        try {
          ests.push(estimateNoise(procs.map((p) => ({ t: p.t, values: p.values }))))
        } catch {
          // too few processes
        }
      }
    }
    if (ests.length === 0) continue
    const med = (f: (e: NoiseEstimate) => number) => {
      const v = ests.map(f).sort((a, b) => a - b)
      return v[Math.floor(v.length / 2)]
    }
    out.push({
      benchmark: row.benchmark,
      sessions: ests.length,
      e: {
        processes: med((e) => e.processes),
        repetitions: med((e) => e.repetitions),
        firstRepetitionShift: med((e) => e.firstRepetitionShift),
        repetitionSigma: med((e) => e.repetitionSigma),
        processSigma: med((e) => e.processSigma),
        driftSigma: med((e) => e.driftSigma),
        outlierShare: med((e) => e.outlierShare),
        robustRepetitionSigma: med((e) => e.robustRepetitionSigma),
        robustProcessSigma: med((e) => e.robustProcessSigma),
        contendedShare: med((e) => e.contendedShare),
        contendedMedianExcess: med((e) => e.contendedMedianExcess),
        icc: med((e) => e.icc),
        designEffect: med((e) => e.designEffect)
      }
    })
  }
  return out
}

function calibrationSection(real: RealResults | undefined): string {
  if (!real) return ''
  const cal = calibrationFromReal(real)
  if (cal.length === 0) return ''
  return (
    "Re-estimated from the real A/A sessions of study 2 (`estimateNoise` in validation/src/model/calibrate.ts on each comparison's 40 " +
    'ABBA processes; medians over comparisons). Compare with the presets above, which come from a one-minute calibration: ' +
    'over study 2 (its first comparisons on a heavily loaded VM, most on a quiet one; see "By machine condition") the spin ' +
    'benchmarks varied about twice as much between processes as the `shared` preset assumes, so the simulation is the ' +
    'more optimistic of the two about what the default budget resolves.\n\n' +
    table(
      [
        'benchmark',
        'sessions',
        'ICC',
        'design effect',
        'within sd (robust)',
        'between-process sd (robust)',
        'processes > 3% slow',
        'their median excess',
        'first-repetition shift'
      ],
      cal.map(({ benchmark, sessions, e }) => [
        benchmark,
        String(sessions),
        e.icc.toFixed(2),
        e.designEffect.toFixed(2),
        pct(e.robustRepetitionSigma, 2),
        pct(e.robustProcessSigma, 2),
        pct(e.contendedShare, 0),
        pct(e.contendedMedianExcess, 0),
        signedPct(e.firstRepetitionShift)
      ])
    )
  )
}

function modelTable(presets: Record<string, NoiseModel>): string {
  const keys = Object.keys(presets[Object.keys(presets)[0]]) as Array<keyof NoiseModel>
  return table(
    ['parameter', ...Object.keys(presets)],
    keys.map((k) => [`\`${k}\``, ...Object.values(presets).map((m) => String(m[k]))])
  )
}
