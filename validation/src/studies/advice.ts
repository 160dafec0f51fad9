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
 *
 * Correct: regression ⇔ the truth is slower; improvement ⇔ faster; negligible ⇔ the sign is right
 * and |truth| ≤ δ; unchanged ⇔ |truth| ≤ δ.
 */
import { analyzeSuite } from '../../../src/analysis/suite.js'
import { DEFAULT_ANALYSIS_OPTIONS, type Comparison, type Verdict } from '../../../src/analysis/types.js'
import type { Sample } from '../../../src/samples/model.js'
import { clopperPearson, type BinomialInterval } from '../model/binomial.js'
import { createSession, NOISE_PRESETS, simulateAbba, type NoiseModel } from '../model/noiseModel.js'

const K = 6
const EFFECTS = [0, 0.01, 0.02, 0.03, 0.05]
/** A pull request as they usually are: most benchmarks unchanged, two moved well beyond δ. */
const MIXED = [0, 0, 0, 0, 0.08, -0.08]
/** Run-level noise dominated by repetitions (low ICC) or by the process (high ICC), ~1% per run. */
const NOISE: Record<'low ICC' | 'high ICC', NoiseModel> = {
  'low ICC': { ...NOISE_PRESETS.shared, repetitionSigma: 0.012, processSigma: 0.002 },
  'high ICC': { ...NOISE_PRESETS.shared, repetitionSigma: 0.004, processSigma: 0.009 }
}

export interface AdviceCell {
  noise: string
  /** The true change of every benchmark; null in the mixed cell (MIXED: most unchanged, two moved). */
  effect: number | null
  benchmarks: number
  inconclusive: number
  moreRounds: number
  tooClose: number
  tooNoisy: number
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

function cell(
  noise: string,
  model: NoiseModel,
  effect: number | null,
  suites: number,
  rounds: number,
  seed: number
): AdviceCell {
  const tally = {
    benchmarks: 0,
    inconclusive: 0,
    moreRounds: 0,
    tooClose: 0,
    tooNoisy: 0,
    decided: 0,
    correct: 0
  }
  const advised: number[] = []
  const truths = effect === null ? MIXED : Array.from({ length: K }, () => effect)
  const benchmarks = truths.map((truth, i) => ({
    name: `BM_Sim/${i}`,
    lambdaNs: [1e3, 1e4, 1e5, 3e3, 3e4, 3e5][i],
    ratio: 1 + truth
  }))
  const truthOf = new Map(benchmarks.map((b) => [b.name, Math.log(b.ratio)]))
  for (let s = 0; s < suites; s++) {
    // Every round the advice could ask for (at most 2× the rounds run) is simulated up front, in order.
    const all = simulateAbba(createSession(model, seed + s), {
      benchmarks,
      rounds: 3 * rounds,
      repetitions: 3,
      minTimeSeconds: 0.05
    })
    const upTo = new Map<number, Comparison[]>()
    const analyse = (n: number): Comparison[] => {
      if (!upTo.has(n)) {
        const samples: Sample[] = all.filter((x) => x.round < n)
        upTo.set(n, analyzeSuite({ samples }, DEFAULT_ANALYSIS_OPTIONS).comparisons)
      }
      return upTo.get(n)!
    }
    for (const c of analyse(rounds)) {
      tally.benchmarks++
      if (c.verdict !== 'inconclusive') continue
      tally.inconclusive++
      const a = c.advice
      if (a?.kind === 'too-close') tally.tooClose++
      if (a?.kind === 'too-noisy') tally.tooNoisy++
      if (a?.kind !== 'more-rounds') continue
      tally.moreRounds++
      advised.push(a.rounds)
      const after = analyse(rounds + a.rounds).find((x) => x.benchmark === c.benchmark)!
      if (DECIDED.has(after.verdict)) tally.decided++
      if (
        correctVerdict(
          after.verdict,
          truthOf.get(c.benchmark)!,
          Math.log1p(DEFAULT_ANALYSIS_OPTIONS.minEffect)
        )
      )
        tally.correct++
    }
  }
  advised.sort((a, b) => a - b)
  return {
    noise,
    effect,
    benchmarks: tally.benchmarks,
    inconclusive: tally.inconclusive,
    moreRounds: tally.moreRounds,
    tooClose: tally.tooClose,
    tooNoisy: tally.tooNoisy,
    decided: clopperPearson(tally.decided, tally.moreRounds),
    correct: clopperPearson(tally.correct, tally.moreRounds),
    medianAdvisedRounds: advised.length ? advised[Math.floor(advised.length / 2)] : null
  }
}

/** The advice study's results (advice-*.json): what the run was, and one cell per noise × true change. */
export interface AdviceResults {
  meta: string
  cells: AdviceCell[]
}

/** Every cell of the study; `log` hears when each is done. */
export function runAdviceStudy(
  o: { suites: number; rounds: number; seed: number; noise?: 'low' | 'high'; effectPercent?: number },
  log: (line: string) => void
): AdviceResults {
  const t0 = Date.now()
  const cells: AdviceCell[] = []
  // --noise/--effect: one cell (or one row of cells), the same suites and seeds as in the whole study.
  for (const [noise, model] of Object.entries(NOISE).filter(([n]) => !o.noise || n.startsWith(o.noise)))
    for (const effect of EFFECTS.filter(
      (e) => o.effectPercent === undefined || Math.abs(e * 100 - o.effectPercent) < 1e-9
    )) {
      cells.push(cell(noise, model, effect, o.suites, o.rounds, o.seed))
      log(`${noise} +${effect * 100}%: done at ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  // The mixed cell: most benchmarks unchanged and two moved, as pull requests usually are.
  if (o.effectPercent === undefined)
    for (const [noise, model] of Object.entries(NOISE).filter(([n]) => !o.noise || n.startsWith(o.noise))) {
      cells.push(cell(noise, model, null, o.suites, o.rounds, o.seed))
      log(`${noise} mixed: done at ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  const meta =
    `${o.suites} simulated suites of ${K} benchmarks per cell, ${o.rounds} ABBA rounds × 3 repetitions, ` +
    `defaults (α = 0.01 Bonferroni, δ = 2%), seed ${o.seed}, ${((Date.now() - t0) / 1000).toFixed(0)} s of computing ` +
    '(`npm run validate -- advice`).'
  return { meta, cells }
}
