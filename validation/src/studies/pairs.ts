/**
 * Pairs (issue 34, STATISTICS §13; docs/VALIDATION.md "Pairs"): in equal wall time, the A/A error
 * and the decision rate of three designs on the simulated machine, with and without this VM's slow
 * phases (noiseModel.ts PHASES):
 *   suite/unpaired      every process runs the whole suite, Mann-Whitney (today's design);
 *   benchmark/paired    each benchmark's base and head run back to back as their own processes,
 *                       signed-rank test of the per-round log-ratios;
 *   benchmark/unpaired  the same processes, analysed with Mann-Whitney (what pairing alone buys).
 * Each suite gets `budget` seconds of simulated machine time: rounds are added until the budget
 * is spent, so per-benchmark interleaving pays its extra process starts in rounds.
 *
 *   npm run validate -- pairs [--quick] [--suites N] [--budget S] [--seed S] [--out FILE]
 */
import { analyzeSuite } from '../../../src/analysis/suite.js'
import { DEFAULT_ANALYSIS_OPTIONS, type Interleave, type Verdict } from '../../../src/analysis/types.js'
import type { Sample } from '../../../src/samples/model.js'
import { correctVerdict } from './advice.js'
import { clopperPearson, type BinomialInterval } from '../model/binomial.js'
import { createSession, NOISE_PRESETS, simulateAbba, type NoiseModel } from '../model/noiseModel.js'

const K = 6
const EFFECTS = [0, 0.02, 0.03, 0.05]
const REPETITIONS = 3
const MIN_TIME = 0.01
const NOISE: Record<string, NoiseModel> = {
  'this VM (slow phases)': NOISE_PRESETS.phases,
  'shared, no phases': NOISE_PRESETS.shared
}
const DESIGNS: ReadonlyArray<{ name: string; interleave: Interleave; analysis: Interleave }> = [
  { name: 'suite/unpaired', interleave: 'suite', analysis: 'suite' },
  { name: 'benchmark/paired', interleave: 'benchmark', analysis: 'benchmark' },
  { name: 'benchmark/unpaired', interleave: 'benchmark', analysis: 'suite' }
]
const DECIDED = new Set<Verdict>(['regression', 'improvement', 'negligible', 'unchanged'])

export interface PairsCell {
  noise: string
  design: string
  effect: number
  suites: number
  medianRounds: number
  /** A/A: suites with any benchmark called a regression or improvement (family-wise error). */
  familyError: BinomialInterval | null
  /** Benchmarks decided correctly (regression for a slowdown; negligible/unchanged within δ). */
  decidedCorrectly: BinomialInterval
  decided: BinomialInterval
}

/** Rounds of one design until the session clock passes the budget (a round is never cut). */
function measureFor(model: NoiseModel, seed: number, effect: number, interleave: Interleave, budget: number) {
  const session = createSession(model, seed)
  const benchmarks = Array.from({ length: K }, (_, i) => ({
    name: `BM_Sim/${i}`,
    lambdaNs: [1e3, 1e4, 1e5, 3e3, 3e4, 3e5][i],
    ratio: 1 + effect
  }))
  const samples: Sample[] = []
  let rounds = 0
  while (session.clock < budget) {
    samples.push(
      ...simulateAbba(session, {
        benchmarks,
        rounds: 1,
        firstRound: rounds,
        warmupRounds: rounds === 0 ? 1 : 0,
        repetitions: REPETITIONS,
        minTimeSeconds: MIN_TIME,
        interleave,
        gapSeconds: 0.002
      })
    )
    rounds++
  }
  return { samples, rounds }
}

export function pairsCell(
  noise: string,
  design: (typeof DESIGNS)[number],
  effect: number,
  suites: number,
  budget: number,
  seed: number
): PairsCell {
  let anyWrong = 0
  let benchmarks = 0
  let correct = 0
  let decided = 0
  const rounds: number[] = []
  for (let s = 0; s < suites; s++) {
    const m = measureFor(NOISE[noise], seed + s, effect, design.interleave, budget)
    rounds.push(m.rounds)
    const suite = analyzeSuite(
      { samples: m.samples },
      { ...DEFAULT_ANALYSIS_OPTIONS, interleave: design.analysis }
    )
    let wrong = false
    for (const c of suite.comparisons) {
      benchmarks++
      if (DECIDED.has(c.verdict)) decided++
      if (correctVerdict(c.verdict, Math.log1p(effect), Math.log1p(DEFAULT_ANALYSIS_OPTIONS.minEffect)))
        correct++
      if (c.verdict === 'regression' || c.verdict === 'improvement') wrong ||= effect === 0
    }
    if (wrong) anyWrong++
  }
  rounds.sort((a, b) => a - b)
  return {
    noise,
    design: design.name,
    effect,
    suites,
    medianRounds: rounds[Math.floor(rounds.length / 2)],
    familyError: effect === 0 ? clopperPearson(anyWrong, suites) : null,
    decidedCorrectly: clopperPearson(correct, benchmarks),
    decided: clopperPearson(decided, benchmarks)
  }
}

/** The pairs study's results (pairs.json): what the run was, and one cell per noise × change × design. */
export interface PairsResults {
  meta: string
  cells: PairsCell[]
}

/** Every cell of the study; `log` hears when each is done. */
export function runPairsStudy(
  o: { suites: number; budget: number; seed: number },
  log: (line: string) => void
): PairsResults {
  const t0 = Date.now()
  const cells: PairsCell[] = []
  for (const noise of Object.keys(NOISE))
    for (const effect of EFFECTS)
      for (const design of DESIGNS) {
        // A/A cells get 4× the suites: their rate is compared with α = 1%, a narrow target.
        cells.push(pairsCell(noise, design, effect, effect === 0 ? 4 * o.suites : o.suites, o.budget, o.seed))
        log(`${noise} +${effect * 100}% ${design.name}: done at ${((Date.now() - t0) / 1000).toFixed(0)} s`)
      }
  const meta =
    `${o.suites} simulated suites of ${K} benchmarks per cell (A/A: ${4 * o.suites}), each design given ${o.budget} s of machine time ` +
    `(${REPETITIONS} repetitions × ${MIN_TIME} s a process), defaults (α = 0.01 Bonferroni, δ = 2%), seed ${o.seed}, ` +
    `${((Date.now() - t0) / 1000).toFixed(0)} s of computing (\`npm run validate -- pairs\`).`
  return { meta, cells }
}
