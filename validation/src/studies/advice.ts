/**
 * Does the advice deliver? (issue 27, STATISTICS §4; docs/VALIDATION.md "Advice that delivers").
 * On the validation study's simulated machine (noiseModel.ts) with benchgate's own round plan and
 * analysis: a 6-benchmark suite (every benchmark with the cell's true change, or in the mixed cell four
 * unchanged and two moved by ±8%) runs R rounds; for each
 * benchmark left inconclusive with "≈ r more rounds would decide it", the next r rounds of the same
 * session are appended and the suite re-analysed. Published per cell: how often advice is given (so
 * "never advise" cannot pass), how often the advised rounds decided it, and decided it correctly.
 *
 *   npm run validate -- advice [--quick] [--suites N] [--rounds R] [--seed S] [--out FILE]
 *                              [--noise low|high] [--effect PERCENT]   (one cell, to reproduce it)
 *                              [--design suite|pairs]
 *
 * `--design suite` (the default of this study, kept to compare with the earlier releases): whole-suite
 * processes, analysed unpaired. `--design pairs`: the shipped default, each benchmark's base and head back
 * to back (analysed with the signed-rank test), on this VM's slow phases and on the shared machine without
 * them. Every cell also counts the benchmarks told "too close" or "beyond the cap" and what the capped
 * rounds (3× the rounds run, the most advice may ask for) make of them, so a "coin flip" that the cap
 * would decide shows.
 *
 * Correct: regression ⇔ the truth is slower; improvement ⇔ faster; negligible ⇔ the sign is right
 * and |truth| ≤ δ; unchanged ⇔ |truth| ≤ δ.
 */
import { analyzeSuite } from '../../../src/analysis/suite.js'
import { DEFAULT_ANALYSIS_OPTIONS, type Comparison, type Verdict } from '../../../src/analysis/types.js'
import type { Sample } from '../../../src/samples/model.js'
import { clopperPearson, type BinomialInterval } from '../model/binomial.js'
import { createSession, NOISE_PRESETS, simulateAbba, type NoiseModel } from '../model/noiseModel.js'

/** The measuring design of a study run: whole-suite processes (unpaired) or per-benchmark pairs. */
export type AdviceDesign = 'suite' | 'pairs'

const K = 6
const EFFECTS = [0, 0.01, 0.02, 0.03, 0.05]
/** A pull request as they usually are: most benchmarks unchanged, two moved well beyond δ. */
const MIXED = [0, 0, 0, 0, 0.08, -0.08]
/** Run-level noise dominated by repetitions (low ICC) or by the process (high ICC), ~1% per run. */
const NOISE: Record<'low ICC' | 'high ICC', NoiseModel> = {
  'low ICC': { ...NOISE_PRESETS.shared, repetitionSigma: 0.012, processSigma: 0.002 },
  'high ICC': { ...NOISE_PRESETS.shared, repetitionSigma: 0.004, processSigma: 0.009 }
}
/** Under pairs: this VM's slow phases (the shipped default's machine), and the same machine without them. */
const PAIRS_NOISE: Record<string, NoiseModel> = {
  'slow phases': NOISE_PRESETS.phases,
  'no phases': NOISE_PRESETS.shared
}
const noiseOf = (design: AdviceDesign) => (design === 'pairs' ? PAIRS_NOISE : NOISE)

export interface AdviceCell {
  noise: string
  /** The true change of every benchmark; null in the mixed cell (MIXED: most unchanged, two moved). */
  effect: number | null
  benchmarks: number
  inconclusive: number
  moreRounds: number
  tooClose: number
  tooNoisy: number
  /** Told that the rounds this run allows would not decide it, but more could (absent in earlier results). */
  beyondCap?: number
  /** Of those told "too close", "beyond the cap" or "too noisy": decided correctly at the cap (3× the rounds). */
  tooCloseAtCap?: BinomialInterval
  beyondCapAtCap?: BinomialInterval
  tooNoisyAtCap?: BinomialInterval
  /** Of those told "beyond the cap": decided correctly at the rounds it named, and their median. */
  beyondCapCorrect?: BinomialInterval
  medianBeyondRounds?: number | null
  /** Of the benchmarks given "more rounds": decided after appending them, and decided correctly. */
  decided: BinomialInterval
  correct: BinomialInterval
  medianAdvisedRounds: number | null
}

export function correctVerdict(v: Verdict, truth: number, minEffect: number): boolean {
  const within = Math.abs(truth) <= minEffect + 1e-12
  if (v === 'regression') return truth > 0
  if (v === 'improvement') return truth < 0
  if (v === 'negligible') return within && truth !== 0
  if (v === 'unchanged') return within
  return false
}

const DECIDED = new Set<Verdict>(['regression', 'improvement', 'negligible', 'unchanged'])

/** What one cell counts, over its suites. */
interface Tally {
  benchmarks: number
  inconclusive: number
  moreRounds: number
  decided: number
  correct: number
  advised: number[]
  /** Per advice other than "more rounds": how many, and how many the capped rounds decide correctly. */
  atCap: Record<'too-close' | 'beyond-cap' | 'too-noisy', [number, number]>
  /** "Beyond the cap": how many decided correctly at the rounds it named, and those rounds. */
  beyondCorrect: number
  beyondRounds: number[]
}

interface CellSetup {
  model: NoiseModel
  benchmarks: Array<{ name: string; lambdaNs: number; ratio: number }>
  rounds: number
  design: AdviceDesign
}

/** The session's first `rounds` rounds (the same for any longer run of the same seed). */
function measure(setup: CellSetup, seed: number, rounds: number): Sample[] {
  return simulateAbba(createSession(setup.model, seed), {
    benchmarks: setup.benchmarks,
    rounds,
    repetitions: 3,
    minTimeSeconds: 0.05,
    interleave: setup.design === 'pairs' ? 'benchmark' : 'suite'
  })
}

/** One suite: its advice after `rounds`, and what the advised (or capped, or named) rounds make of it. */
function tallySuite(setup: CellSetup, seed: number, tally: Tally): void {
  const { rounds } = setup
  const options = {
    ...DEFAULT_ANALYSIS_OPTIONS,
    interleave: setup.design === 'pairs' ? 'benchmark' : 'suite'
  } as const
  // Every round the advice could ask for (at most 2× the rounds run) is simulated up front, in order;
  // the rounds "beyond the cap" names, only when it names them.
  let all = measure(setup, seed, 3 * rounds)
  const upTo = new Map<number, Comparison[]>()
  const analyse = (n: number): Comparison[] => {
    if (!upTo.has(n)) {
      if (n > 3 * rounds && !all.some((x) => x.round >= n - 1)) all = measure(setup, seed, n)
      upTo.set(n, analyzeSuite({ samples: all.filter((x) => x.round < n) }, options).comparisons)
    }
    return upTo.get(n)!
  }
  const truthOf = new Map(setup.benchmarks.map((b) => [b.name, Math.log(b.ratio)]))
  for (const c of analyse(rounds)) {
    tally.benchmarks++
    if (c.verdict !== 'inconclusive') continue
    tally.inconclusive++
    const a = c.advice
    const verdictAt = (n: number) => analyse(n).find((x) => x.benchmark === c.benchmark)!.verdict
    const correctAt = (n: number) =>
      correctVerdict(verdictAt(n), truthOf.get(c.benchmark)!, Math.log1p(options.minEffect))
    if (a?.kind === 'too-close' || a?.kind === 'beyond-cap' || a?.kind === 'too-noisy') {
      tally.atCap[a.kind][0]++
      if (correctAt(3 * rounds)) tally.atCap[a.kind][1]++
    }
    if (a?.kind === 'beyond-cap') {
      tally.beyondRounds.push(a.rounds)
      if (correctAt(a.rounds)) tally.beyondCorrect++
    }
    if (a?.kind !== 'more-rounds') continue
    tally.moreRounds++
    tally.advised.push(a.rounds)
    if (DECIDED.has(verdictAt(rounds + a.rounds))) tally.decided++
    if (correctAt(rounds + a.rounds)) tally.correct++
  }
}

const medianOf = (xs: number[]): number | null =>
  xs.length ? xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] : null

function cell(
  noise: string,
  model: NoiseModel,
  effect: number | null,
  o: { suites: number; rounds: number; seed: number; design: AdviceDesign }
): AdviceCell {
  const tally: Tally = {
    benchmarks: 0,
    inconclusive: 0,
    moreRounds: 0,
    decided: 0,
    correct: 0,
    advised: [],
    atCap: { 'too-close': [0, 0], 'beyond-cap': [0, 0], 'too-noisy': [0, 0] },
    beyondCorrect: 0,
    beyondRounds: []
  }
  const truths = effect === null ? MIXED : Array.from({ length: K }, () => effect)
  const benchmarks = truths.map((truth, i) => ({
    name: `BM_Sim/${i}`,
    lambdaNs: [1e3, 1e4, 1e5, 3e3, 3e4, 3e5][i],
    ratio: 1 + truth
  }))
  const setup = { model, benchmarks, rounds: o.rounds, design: o.design }
  for (let s = 0; s < o.suites; s++) tallySuite(setup, o.seed + s, tally)
  const [close, beyond, noisy] = (['too-close', 'beyond-cap', 'too-noisy'] as const).map(
    (k) => tally.atCap[k]
  )
  return {
    noise,
    effect,
    benchmarks: tally.benchmarks,
    inconclusive: tally.inconclusive,
    moreRounds: tally.moreRounds,
    tooClose: close[0],
    tooNoisy: noisy[0],
    beyondCap: beyond[0],
    tooCloseAtCap: clopperPearson(close[1], close[0]),
    beyondCapAtCap: clopperPearson(beyond[1], beyond[0]),
    tooNoisyAtCap: clopperPearson(noisy[1], noisy[0]),
    beyondCapCorrect: clopperPearson(tally.beyondCorrect, beyond[0]),
    medianBeyondRounds: medianOf(tally.beyondRounds),
    decided: clopperPearson(tally.decided, tally.moreRounds),
    correct: clopperPearson(tally.correct, tally.moreRounds),
    medianAdvisedRounds: medianOf(tally.advised)
  }
}

/** The advice study's results (advice-*.json): what the run was, and one cell per noise × true change. */
export interface AdviceResults {
  meta: string
  cells: AdviceCell[]
}

/** Every cell of the study; `log` hears when each is done. */
export function runAdviceStudy(
  o: {
    suites: number
    rounds: number
    seed: number
    noise?: string
    effectPercent?: number
    design?: AdviceDesign
  },
  log: (line: string) => void
): AdviceResults {
  const t0 = Date.now()
  const cells: AdviceCell[] = []
  const design = o.design ?? 'suite'
  const noises = Object.entries(noiseOf(design)).filter(([n]) => !o.noise || n.startsWith(o.noise))
  const run = { suites: o.suites, rounds: o.rounds, seed: o.seed, design }
  // --noise/--effect: one cell (or one row of cells), the same suites and seeds as in the whole study.
  for (const [noise, model] of noises)
    for (const effect of EFFECTS.filter(
      (e) => o.effectPercent === undefined || Math.abs(e * 100 - o.effectPercent) < 1e-9
    )) {
      cells.push(cell(noise, model, effect, run))
      log(`${noise} +${effect * 100}%: done at ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  // The mixed cell: most benchmarks unchanged and two moved, as pull requests usually are.
  if (o.effectPercent === undefined)
    for (const [noise, model] of noises) {
      cells.push(cell(noise, model, null, run))
      log(`${noise} mixed: done at ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  const meta =
    `${o.suites} simulated suites of ${K} benchmarks per cell, ${o.rounds} ABBA rounds × 3 repetitions, ` +
    (design === 'pairs'
      ? "per-benchmark pairs (each benchmark's base and head back to back, signed-rank test), "
      : 'whole-suite processes (rank-sum test), ') +
    `defaults (α = 0.01 Bonferroni, δ = 2%), seed ${o.seed}, ${((Date.now() - t0) / 1000).toFixed(0)} s of computing ` +
    '(`npm run validate -- advice`).'
  return { meta, cells }
}
