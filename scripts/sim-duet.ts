/**
 * npm run sim:duet [-- --study FILE[,FILE] --seed S --quick]: duet against sequential pairs in simulation (docs/VALIDATION.md
 * "Duet"). Each round gives a benchmark's base and head log run values with a shared part and a part of
 * their own: SD σ per side, correlation ρ between the sides, so ln(head/base) has SD σ·√(2(1 − ρ)). The
 * σ, ρ of each design and benchmark kind (CPU-bound, memory-bound), the duet's core asymmetry (the mean
 * ln(head/base) of its even rounds minus its odd rounds, halved: base sits on the first CPU in even rounds)
 * and how much the two sides slow each other under duet (κ: duet's median base time over the sequential
 * design's, minus 1) are read from the real runs (scripts/study-duet.ts's JSON). Duet's two processes
 * slow each other while both run, so a head that does δ more work runs its last stretch alone and shows
 * δ/(1 + κ) (the dilution); both designs get the same wall time: 20 sequential rounds, and the duet
 * rounds that fit in their time (the measured ratio). Each suite of K benchmarks is judged by
 * benchgate's analysis of pairs (defaults: α = 0.01 Bonferroni, δ = 2%, Pratt's signed-rank interval; the
 * pairs path of analyzeSuite without its diagnostics: --check shows both give the same verdicts on the same draws).
 * A/A: suites with any regression or improvement (family-wise error, to be ≤ α); a change: benchmarks
 * called a regression. --pilot takes σ and ρ from the first pilot instead (PILOT below).
 */
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { mean, sampleCorrelation, sampleVariance } from 'simple-statistics'
import { analyzeSuite } from '../src/analysis/suite.js'
import { DEFAULT_ANALYSIS_OPTIONS, type Verdict } from '../src/analysis/types.js'
import { decideVerdict } from '../src/analysis/verdict.js'
import { prattSignedRank } from '../src/stats/prattSignedRank.js'
import type { Sample } from '../src/samples/model.js'
import { clopperPearson } from '../validation/src/model/binomial.js'
import { createRng } from '../validation/src/model/rng.js'

const { values } = parseArgs({
  options: {
    study: { type: 'string', default: join(tmpdir(), 'duet-study.json') },
    seed: { type: 'string', default: '20261127' },
    quick: { type: 'boolean', default: false },
    pilot: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false }
  }
})

interface Pair {
  design: 'pairs' | 'duet'
  condition: string
  benchmark: string
  round: number
  base: { cpu: number }
  head: { cpu: number }
}
/** The real runs, several files pooled (comma-separated): their pairs, and the mean ratio of rounds in equal time. */
const runs = values
  .study!.split(',')
  .map((f) => JSON.parse(readFileSync(f, 'utf8')) as { pairs: Pair[]; equalTime: number; load: number[] })
const study = {
  pairs: runs.flatMap((r, i) => r.pairs.map((p) => ({ ...p, round: p.round + 1e6 * i }))),
  equalTime: runs.reduce((a, r) => a + r.equalTime, 0) / runs.length
}
const SEQ_ROUNDS = 20
const DUET_ROUNDS = Math.round(SEQ_ROUNDS * study.equalTime)
const EFFECTS = [0, 0.02, 0.03, 0.05]
const KS = [6, 69]
const scale = values.quick ? 0.2 : 1

interface Noise {
  sigma: number
  rho: number
  /** ±c on the log scale: the duet's first CPU against its second (0 for sequential pairs). */
  core: number
  /** How much the two sides of a duet slow each other (0 for sequential pairs). */
  kappa: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/**
 * --pilot: the issue's first A/A pilot on this VM instead of the real runs (SD of ln(head/base) and the sides'
 * correlation, back to back / at the same time; no core asymmetry or κ was measured there).
 */
const PILOT: Record<string, Record<'pairs' | 'duet', { sd: number; rho: number }>> = {
  'BM_Cpu/200000': { pairs: { sd: 0.0116, rho: 0.81 }, duet: { sd: 0.0136, rho: 0.84 } },
  'BM_Memory/20000': { pairs: { sd: 0.197, rho: 0.58 }, duet: { sd: 0.371, rho: -0.08 } }
}

/** σ, ρ, core asymmetry and κ of one design and benchmark, from its A/A pairs (or the pilot's). */
function noiseOf(design: 'pairs' | 'duet', benchmark: string): Noise {
  if (values.pilot) {
    const { sd, rho } = PILOT[benchmark][design]
    return { sigma: sd / Math.sqrt(2 * (1 - rho)), rho, core: 0, kappa: 0 }
  }
  const aa = (d: string) =>
    study.pairs.filter((p) => p.design === d && p.condition === 'A/A' && p.benchmark === benchmark)
  const ps = aa(design)
  const b = ps.map((p) => Math.log(p.base.cpu))
  const h = ps.map((p) => Math.log(p.head.cpu))
  const sigma = Math.sqrt((sampleVariance(b) + sampleVariance(h)) / 2)
  const rho = sampleCorrelation(b, h)
  const lr = ps.map((p) => Math.log(p.head.cpu / p.base.cpu))
  const even = lr.filter((_, i) => ps[i].round % 2 === 0)
  const odd = lr.filter((_, i) => ps[i].round % 2 === 1)
  if (design === 'pairs') return { sigma, rho, core: 0, kappa: 0 }
  const kappa = Math.max(
    0,
    median(ps.map((p) => p.base.cpu)) / median(aa('pairs').map((p) => p.base.cpu)) - 1
  )
  return { sigma, rho, core: (mean(even) - mean(odd)) / 2, kappa }
}

/** One suite of K benchmarks measured `rounds` rounds under `noise`, every benchmark changed by `effect`. */
function suiteSamples(
  rng: ReturnType<typeof createRng>,
  k: number,
  rounds: number,
  noise: Noise,
  effect: number
) {
  const samples: Sample[] = []
  const shown = Math.log1p(effect) / (1 + noise.kappa) // duet's dilution: the head's last stretch runs alone
  // A part both sides share (the head's with the sign of ρ: a negative ρ is the sides disturbing each other).
  const shared = noise.sigma * Math.sqrt(Math.abs(noise.rho))
  const own = noise.sigma * Math.sqrt(1 - Math.abs(noise.rho))
  for (let j = 0; j < k; j++)
    for (let r = 0; r < rounds; r++) {
      const s = shared * rng.normal()
      const core = r % 2 === 0 ? noise.core : -noise.core // base on the first CPU in even rounds
      const logs = {
        base: s + own * rng.normal() - core / 2,
        head: Math.sign(noise.rho) * s + own * rng.normal() + shown + core / 2
      }
      for (const side of ['base', 'head'] as const)
        for (let rep = 0; rep < 3; rep++) {
          const ns = 1e6 * Math.exp(logs[side] + 0.002 * rng.normal())
          samples.push({
            benchmark: `BM_Sim/${j}`,
            side,
            round: r,
            run: r,
            repetition: rep,
            iterations: 100,
            realTimeNs: ns,
            cpuTimeNs: ns,
            threads: 1
          })
        }
    }
  return samples
}

/** A benchmark's verdict, and whether its interval of head/base excludes 1 (the test rejects at α/K). */
interface Judged {
  verdict: Verdict
  excludes: boolean
}

/**
 * The verdicts benchgate's analysis gives each benchmark of the suite. `fast`: the pairs path of analyzeSuite
 * alone (each round's run value the median of its repetitions, Pratt's signed-rank interval of the rounds'
 * ln(head/base) at 1 − α/K, decideVerdict), without the diagnostics and advice it adds; --check compares the two.
 */
function verdicts(samples: Sample[], k: number, fast: boolean): Judged[] {
  const options = { ...DEFAULT_ANALYSIS_OPTIONS, interleave: 'benchmark' as const }
  if (!fast)
    return analyzeSuite({ samples }, options).comparisons.map((c) => ({
      verdict: c.verdict,
      excludes: c.ratio !== null && (c.ratio.ci[0] > 1 || c.ratio.ci[1] < 1)
    }))
  const runs = new Map<string, number[]>()
  for (const x of samples) {
    const key = `${x.benchmark} ${x.side} ${x.round}`
    ;(runs.get(key) ?? runs.set(key, []).get(key)!).push(x.cpuTimeNs)
  }
  const out: Judged[] = []
  for (let j = 0; j < k; j++) {
    const d: number[] = []
    for (let r = 0; runs.has(`BM_Sim/${j} base ${r}`); r++)
      d.push(
        Math.log(median(runs.get(`BM_Sim/${j} head ${r}`)!) / median(runs.get(`BM_Sim/${j} base ${r}`)!))
      )
    const sr = prattSignedRank(d, { confLevel: 1 - options.alpha / k })
    const ratioCi = [Math.exp(sr.ci[0]), Math.exp(sr.ci[1])] as const
    const { verdict } = decideVerdict({ ratio: Math.exp(sr.estimate), ratioCi, minEffect: options.minEffect })
    out.push({ verdict, excludes: ratioCi[0] > 1 || ratioCi[1] < 1 })
  }
  return out
}

/**
 * One cell: A/A, the suites with any regression or improvement (the gate's family-wise error) and with any
 * interval excluding 1 (the test's own error at α); a change, the benchmarks called a regression and
 * those whose interval excludes 1.
 */
function cell(
  k: number,
  rounds: number,
  noise: Noise,
  effect: number,
  suites: number,
  seed: number,
  fast = true
) {
  const rng = createRng(seed)
  const tally = { wrong: 0, rejected: 0, regressions: 0, excluded: 0, benchmarks: 0 }
  for (let s = 0; s < suites; s++) {
    const vs = verdicts(suiteSamples(rng, k, rounds, noise, effect), k, fast)
    tally.benchmarks += vs.length
    tally.regressions += vs.filter((v) => v.verdict === 'regression').length
    tally.excluded += vs.filter((v) => v.excludes).length
    if (vs.some((v) => v.verdict === 'regression' || v.verdict === 'improvement')) tally.wrong++
    if (vs.some((v) => v.excludes)) tally.rejected++
  }
  return effect === 0
    ? { verdict: clopperPearson(tally.wrong, suites), test: clopperPearson(tally.rejected, suites) }
    : {
        verdict: clopperPearson(tally.regressions, tally.benchmarks),
        test: clopperPearson(tally.excluded, tally.benchmarks)
      }
}

const fmt = (c: ReturnType<typeof clopperPearson>) =>
  `${(100 * c.rate).toFixed(1)}% (${c.x}/${c.n}) [${(100 * c.lower).toFixed(1)}%, ${(100 * c.upper).toFixed(1)}%]`
const t0 = Date.now()
const seed = Number(values.seed)
if (values.check) {
  // The fast path against analyzeSuite itself, on the same draws: the counts must agree.
  for (const benchmark of ['BM_Cpu/200000', 'BM_Memory/20000'])
    for (const effect of EFFECTS) {
      const noise = noiseOf('duet', benchmark)
      const [a, b] = [true, false].map((fast) =>
        cell(6, DUET_ROUNDS, noise, effect, 60, seed + effect * 1000, fast)
      )
      console.log(
        `check ${benchmark} +${effect * 100}%: fast ${fmt(a.verdict)} ${fmt(a.test)}, analyzeSuite ${fmt(b.verdict)} ${fmt(b.test)}`
      )
    }
  process.exit(0)
}
console.log(
  `rounds in equal wall time: pairs ${SEQ_ROUNDS}, duet ${DUET_ROUNDS} (measured ratio ${study.equalTime.toFixed(2)})`
)
console.log(
  'kind | design | σ | ρ | core ±c | κ | SD ln(h/b) | K | change | A/A: suites with a regression or improvement; a change: benchmarks called a regression | interval excludes 1 (A/A: suites; a change: benchmarks)'
)
for (const benchmark of ['BM_Cpu/200000', 'BM_Memory/20000'])
  for (const design of ['pairs', 'duet'] as const) {
    const noise = noiseOf(design, benchmark)
    const sdLr = noise.sigma * Math.sqrt(2 * (1 - noise.rho))
    for (const k of KS)
      for (const effect of EFFECTS) {
        // A/A is compared with α = 1%: more suites; a change counts every benchmark of each suite.
        const suites = Math.max(
          10,
          Math.round(scale * (effect === 0 ? (k === 6 ? 4000 : 1000) : k === 6 ? 500 : 50))
        )
        const c = cell(
          k,
          design === 'duet' ? DUET_ROUNDS : SEQ_ROUNDS,
          noise,
          effect,
          suites,
          seed + k * 100 + effect * 1000
        )
        console.log(
          [
            benchmark,
            design,
            `${(100 * noise.sigma).toFixed(2)}%`,
            noise.rho.toFixed(2),
            `${(100 * noise.core).toFixed(2)}%`,
            noise.kappa.toFixed(2),
            `${(100 * sdLr).toFixed(2)}%`,
            k,
            effect === 0 ? 'A/A' : `+${effect * 100}%`,
            fmt(c.verdict),
            fmt(c.test)
          ].join(' | ')
        )
      }
  }
console.log(`seed ${seed}, ${((Date.now() - t0) / 1000).toFixed(0)} s of computing`)
