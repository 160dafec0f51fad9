/**
 * Coverage and width of the suite summary (issue 26, STATISTICS §10; docs/VALIDATION.md "Suite
 * summary"): on the validation study's simulated machine (noiseModel.ts: slow drift, contention
 * episodes and outliers shared by every benchmark of a process — the round shocks — plus per-process
 * and per-repetition noise), 1,000 suites A/A and 1,000 with every benchmark planted at +3%, analysed
 * by the product's analyzeSuite; how often the suite's 1 − α interval covers the truth, and its width.
 *
 *   npm run validate -- suite-summary [--suites N] [--rounds R] [--benchmarks K] [--seed S] [--out FILE]
 *
 * A second set of cells adds an explicit shock shared by every benchmark of a process (sd 3% on the
 * log scale), the case a per-benchmark bootstrap would get wrong.
 */
import { analyzeSuite } from '../../../src/analysis/suite.js'
import type { Sample } from '../../../src/samples/model.js'
import { clopperPearson, type BinomialInterval } from '../model/binomial.js'
import { createRng } from '../model/rng.js'
import { createSession, NOISE_PRESETS, simulateAbba } from '../model/noiseModel.js'

export interface SummaryCell {
  truth: number
  processShock: number
  suites: number
  summarised: number
  coverage: BinomialInterval
  medianWidthPercent: number
}

/** Multiplies every value of one process (side × round) by one shared lognormal shock. */
function withProcessShocks(samples: Sample[], sd: number, seed: number): Sample[] {
  if (sd === 0) return samples
  const rng = createRng(seed)
  const shock = new Map<string, number>()
  return samples.map((s) => {
    const key = `${s.side}/${s.round}`
    if (!shock.has(key)) shock.set(key, Math.exp(sd * rng.normal()))
    const f = shock.get(key)!
    return { ...s, realTimeNs: s.realTimeNs * f, cpuTimeNs: s.cpuTimeNs * f }
  })
}

function cell(
  truth: number,
  processShock: number,
  o: { suites: number; rounds: number; k: number; seed: number }
): SummaryCell {
  const benchmarks = Array.from({ length: o.k }, (_, i) => ({
    name: `BM_Sim/${i}`,
    lambdaNs: [1e3, 3e3, 1e4, 3e4, 1e5][i % 5],
    ratio: truth
  }))
  let covered = 0
  let summarised = 0
  const widths: number[] = []
  for (let s = 0; s < o.suites; s++) {
    const raw = simulateAbba(createSession(NOISE_PRESETS.shared, o.seed + s), {
      benchmarks,
      rounds: o.rounds,
      repetitions: 3,
      minTimeSeconds: 0.05
    })
    const suite = analyzeSuite({ samples: withProcessShocks(raw, processShock, o.seed + 7919 * s) })
    const m = suite.summary
    if (!m) continue
    summarised++
    if (m.ci[0] <= truth && truth <= m.ci[1]) covered++
    widths.push((m.ci[1] - m.ci[0]) * 100)
  }
  widths.sort((a, b) => a - b)
  return {
    truth,
    processShock,
    suites: o.suites,
    summarised,
    coverage: clopperPearson(covered, summarised),
    medianWidthPercent: widths[Math.floor(widths.length / 2)] ?? NaN
  }
}

/** The suite-summary study's results (suite-summary.json): what the run was, and its four cells. */
export interface SummaryResults {
  meta: string
  cells: SummaryCell[]
}

/** A/A and +3%, each without and with a shared process shock; `log` hears when each cell is done. */
export function runSuiteSummaryStudy(
  o: { suites: number; rounds: number; benchmarks: number; seed: number },
  log: (line: string) => void
): SummaryResults {
  const t0 = Date.now()
  const cells: SummaryCell[] = []
  for (const shock of [0, 0.03])
    for (const truth of [1, 1.03]) {
      cells.push(cell(truth, shock, { suites: o.suites, rounds: o.rounds, k: o.benchmarks, seed: o.seed }))
      log(`truth ${truth} shock ${shock}: ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  const meta =
    `${o.suites} simulated suites per cell of ${o.benchmarks} benchmarks (1 µs–100 µs), ${o.rounds} ABBA rounds × 3 repetitions on the ` +
    `\`shared\` noise preset, default options (α = 0.01: a 99% interval), seed ${o.seed}, ` +
    `${((Date.now() - t0) / 1000).toFixed(0)} s of computing (\`npm run validate -- suite-summary\`).`
  return { meta, cells }
}
