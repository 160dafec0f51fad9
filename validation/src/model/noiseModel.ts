/**
 * The simulated machine of the validation study: bench_diff's time-dependent noise model
 * (latency = λ·α(t)·β(t): a slow drift α(t) times independent lognormal noise β(t);
 * bench_diff 1.1, "A Model of Time-Dependent Random Noise", https://docs.rs/crate/bench_diff/1.1.0/source/src/lib3-model.md)
 * extended with what a benchmark *process* adds on a real machine:
 *
 *   value(rep) = λ · ratio · α(t) · burst(t) · P_process · F_first · β_rep · O_rep
 *
 * - α(t) = exp(slow OU + fast OU): two Ornstein-Uhlenbeck paths on the log scale (frequency/thermal
 *   state, background load). bench_diff's α is deterministic and smooth; an OU path is its random,
 *   mean-reverting counterpart, evaluated at each repetition's midpoint on the session clock.
 * - burst(t): contention episodes (a neighbour compiling on the shared cores), a Poisson process in
 *   time with exponential durations; an episode has an intensity S (exponential, mean
 *   burstMeanSlowdown) and while it lasts each repetition is multiplied by 1 + S·E, E ~ Exp(1) drawn
 *   per repetition (contention hits repetitions unevenly: measured factors of 1.0–3× on this VM).
 * - P_process = exp(N(0, processSigma²)), one draw per benchmark per process: memory layout / ASLR /
 *   page placement, fixed for the life of a process (this is what makes repetitions correlated).
 * - F_first = exp(firstRepetitionShift) on the first repetition of a process (cold caches).
 * - β_rep = exp(N(0, repetitionSigma²)): the repetition-to-repetition noise inside one process.
 * - O_rep = 1 + E·outlierMeanSize with probability outlierProbability (E exponential), else 1.
 * - Phases (issue 34, STATISTICS §13): the machine alternates between a fast and a slow speed
 *   (Markov-modulated: exponential stretches of mean phaseFastSeconds and phaseSlowSeconds); in a
 *   slow stretch every repetition takes exp(phaseSlowdown) times as long. Off (0) unless a preset
 *   sets it; the `phases` preset is fitted to this VM (PHASES below).
 *
 * Every field is on the log scale unless its name says otherwise. DEFAULT_NOISE is calibrated to
 * this project's 2-core KVM runner (see CALIBRATION below and docs/VALIDATION.md).
 */
import type { Sample, Side } from '../../../src/samples/model.js'
import { planRounds } from '../../../src/measure/plan.js'
import { createRng, type Rng } from './rng.js'

export interface NoiseModel {
  /** sd of ln β: repetition-to-repetition noise within one process. */
  repetitionSigma: number
  /** sd of the ln process random effect (layout/ASLR), one draw per benchmark per process. */
  processSigma: number
  /** Stationary sd of the slow ln-drift (OU) and its correlation time in seconds. */
  driftSigma: number
  driftTimescaleSeconds: number
  /** Stationary sd of the fast ln-drift (OU) and its correlation time in seconds. */
  wanderSigma: number
  wanderTimescaleSeconds: number
  /** Noisy-neighbour episodes: expected episodes per hour, mean duration (s, exponential), mean relative slowdown (exponential). */
  burstRatePerHour: number
  burstMeanSeconds: number
  burstMeanSlowdown: number
  /** Probability that one repetition is an outlier, and the outlier's mean relative excess (exponential). */
  outlierProbability: number
  outlierMeanSize: number
  /** ln shift of the first repetition of every process (cold start). */
  firstRepetitionShift: number
  /** Wall time of a process outside its repetitions (exec, dynamic loading, calibration, exit), s. */
  startupSeconds: number
  /** Wall time of one repetition as a multiple of min time (Google Benchmark overshoots min time while estimating iterations). */
  repetitionTimeFactor: number
  /** ln speed factor of the slow phase (0: no phases) and the mean lengths of the two phases, s. */
  phaseSlowdown: number
  phaseFastSeconds: number
  phaseSlowSeconds: number
}

/**
 * Calibrated to this machine (2-core AMD EPYC KVM guest, shared with other jobs) from 60 A/A processes
 * of spin_bench BM_Spin/100us and BM_Spin/2ms (bench-runner, 3 repetitions × 0.05 s) by
 * `estimateNoise` (validation/src/model/calibrate.ts): robust (MAD) within-process sd of ln values
 * 0.68–0.74% -> repetitionSigma; robust between-process sd from consecutive processes 0.63–0.95%
 * -> processSigma; 13–18% of processes more than 3% slower than the session median, median excess
 * 11–28% -> contention episodes covering ~15% of the time (18/h × 30 s) with mean intensity 0.2;
 * wall time per process -> startup and repetitionTimeFactor. The slow drift is not identifiable from
 * a 70-s session; its size is the one the long real study shows between sessions (docs/VALIDATION.md).
 */
export const DEFAULT_NOISE: NoiseModel = Object.freeze({
  repetitionSigma: 0.007,
  processSigma: 0.008,
  driftSigma: 0.005,
  driftTimescaleSeconds: 600,
  wanderSigma: 0.003,
  wanderTimescaleSeconds: 20,
  burstRatePerHour: 18,
  burstMeanSeconds: 30,
  burstMeanSlowdown: 0.2,
  outlierProbability: 0.01,
  outlierMeanSize: 0.1,
  firstRepetitionShift: 0.002,
  startupSeconds: 0.02,
  repetitionTimeFactor: 1.5,
  phaseSlowdown: 0,
  phaseFastSeconds: 1,
  phaseSlowSeconds: 1
})

/**
 * The slow phases of this VM (issue 34), fitted from 400 back-to-back processes of one 5,000-add loop
 * benchmark (Google Benchmark, min time 0.01 s, 24 ms a process, 9.5 s): two speeds, medians 1.85 µs
 * and 3.49 µs (ratio 1.88), 28% of the time fast; 8 fast stretches of 0.05–0.68 s (mean 0.30 s) and
 * 8 slow ones of 0.02–3.98 s (mean 0.89 s); within a phase the sd of ln values is 4.5–6.5%.
 */
export const PHASES = Object.freeze({
  phaseSlowdown: Math.log(1.88),
  phaseFastSeconds: 0.3,
  phaseSlowSeconds: 0.89,
  repetitionSigma: 0.02,
  processSigma: 0.03
})

/** Named variants for the simulation study: a quiet dedicated runner and the noisier order-book profile. */
export const NOISE_PRESETS: Readonly<Record<'shared' | 'quiet' | 'memory-bound' | 'phases', NoiseModel>> =
  Object.freeze({
    /** DEFAULT_NOISE: this shared 2-core VM. */
    shared: DEFAULT_NOISE,
    /** The same machine without contention episodes or outliers (a dedicated, idle runner). */
    quiet: Object.freeze({ ...DEFAULT_NOISE, burstRatePerHour: 0, outlierProbability: 0 }),
    /** Order-book example (memory-bound): robust within sd 1.3–2.9%, between-process 2.8–5.3%. */
    'memory-bound': Object.freeze({ ...DEFAULT_NOISE, repetitionSigma: 0.015, processSigma: 0.03 }),
    /** This VM's slow phases (PHASES) on top of the shared machine's noise. */
    phases: Object.freeze({ ...DEFAULT_NOISE, ...PHASES })
  })

/** One simulated machine session with its own drift path and clock (seconds). Deterministic for a seed. */
export interface SimSession {
  readonly clock: number
  /**
   * One benchmark process: `repetitions` per-iteration latencies in ns for a benchmark whose true
   * latency is lambdaNs*ratio; advances the clock by the time the process takes
   * (repetitions * minTimeSeconds * repetitionTimeFactor + startup).
   * `startup: false` models a further benchmark in the same process (no start-up time; a new
   * layout draw all the same, as each benchmark's code and data sit at their own addresses).
   */
  runProcess(opts: {
    lambdaNs: number
    ratio: number
    repetitions: number
    minTimeSeconds: number
    startup?: boolean
  }): number[]
  /** Lets time pass without measuring (e.g. orchestration between processes). */
  idle(seconds: number): void
}

/** A mean-reverting ln-drift path, evaluated lazily at non-decreasing times (exact OU transition). */
class OuPath {
  private t = 0
  private x: number
  constructor(
    private readonly sigma: number,
    private readonly tau: number,
    private readonly rng: Rng
  ) {
    this.x = sigma > 0 ? sigma * rng.normal() : 0
  }
  at(t: number): number {
    if (this.sigma <= 0) return 0
    if (t > this.t) {
      const decay = Math.exp(-(t - this.t) / this.tau)
      this.x = this.x * decay + this.sigma * Math.sqrt(1 - decay * decay) * this.rng.normal()
      this.t = t
    }
    return this.x
  }
}

/** Noisy-neighbour episodes as a Poisson process, generated lazily as time moves forward. */
class Bursts {
  private episodes: Array<{ start: number; end: number; slowdown: number }> = []
  private nextStart: number
  constructor(
    private readonly model: NoiseModel,
    private readonly rng: Rng
  ) {
    this.nextStart = this.draw(0)
  }
  private draw(from: number): number {
    const rate = this.model.burstRatePerHour / 3600
    return rate > 0 ? from + this.rng.exponential() / rate : Infinity
  }
  /** Total intensity of the episodes active at time t (0 when none). */
  intensity(t: number): number {
    while (this.nextStart <= t) {
      const start = this.nextStart
      const end = start + this.rng.exponential() * this.model.burstMeanSeconds
      this.episodes.push({ start, end, slowdown: this.rng.exponential() * this.model.burstMeanSlowdown })
      this.nextStart = this.draw(start)
    }
    this.episodes = this.episodes.filter((e) => e.end >= t)
    let s = 0
    for (const e of this.episodes) if (e.start <= t && t <= e.end) s += e.slowdown
    return s
  }
}

/** The fast/slow phases as an alternating renewal process, generated lazily as time moves forward. */
class Phases {
  private slow: boolean
  private end: number
  constructor(
    private readonly model: NoiseModel,
    private readonly rng: Rng
  ) {
    const fast = model.phaseFastSeconds / (model.phaseFastSeconds + model.phaseSlowSeconds)
    this.slow = rng.uniform() >= fast
    this.end = this.length()
  }
  private length(): number {
    return this.rng.exponential() * (this.slow ? this.model.phaseSlowSeconds : this.model.phaseFastSeconds)
  }
  /** ln factor at time t (non-decreasing t): phaseSlowdown in a slow stretch, else 0. */
  at(t: number): number {
    if (this.model.phaseSlowdown === 0) return 0
    while (t > this.end) {
      this.slow = !this.slow
      this.end += this.length()
    }
    return this.slow ? this.model.phaseSlowdown : 0
  }
}

/**
 * A new simulated session. Separate PRNG streams drive the drift, the bursts and the measurement
 * noise, so the machine's time path does not depend on how many values were drawn.
 * @throws RangeError for negative sigmas/probabilities or non-positive timescales
 */
export function createSession(model: NoiseModel, seed: number): SimSession {
  validateModel(model)
  const root = createRng(seed)
  const slow = new OuPath(model.driftSigma, model.driftTimescaleSeconds, root.fork())
  const fast = new OuPath(model.wanderSigma, model.wanderTimescaleSeconds, root.fork())
  const bursts = new Bursts(model, root.fork())
  const noise = root.fork()
  // Forked last, so sessions without phases draw exactly what they drew before phases existed.
  const phases = new Phases(model, root.fork())
  let clock = 0
  return {
    get clock() {
      return clock
    },
    idle(seconds: number) {
      if (seconds > 0) clock += seconds
    },
    runProcess(opts) {
      const { lambdaNs, ratio, repetitions, minTimeSeconds } = opts
      if (
        !(lambdaNs > 0) ||
        !(ratio > 0) ||
        !(minTimeSeconds > 0) ||
        !(Number.isInteger(repetitions) && repetitions >= 1)
      )
        throw new RangeError(
          'runProcess needs lambdaNs > 0, ratio > 0, minTimeSeconds > 0, integer repetitions >= 1'
        )
      if (opts.startup !== false) clock += model.startupSeconds
      const processEffect = model.processSigma * noise.normal()
      const repSeconds = minTimeSeconds * model.repetitionTimeFactor
      const out: number[] = []
      for (let r = 0; r < repetitions; r++) {
        const mid = clock + repSeconds / 2
        let ln =
          slow.at(mid) +
          fast.at(mid) +
          phases.at(mid) +
          processEffect +
          model.repetitionSigma * noise.normal()
        if (r === 0) ln += model.firstRepetitionShift
        let v = lambdaNs * ratio * Math.exp(ln)
        const contention = bursts.intensity(mid)
        if (contention > 0) v *= 1 + contention * noise.exponential()
        if (model.outlierProbability > 0 && noise.uniform() < model.outlierProbability)
          v *= 1 + noise.exponential() * model.outlierMeanSize
        out.push(v)
        clock += repSeconds
      }
      return out
    }
  }
}

function validateModel(m: NoiseModel): void {
  for (const k of [
    'repetitionSigma',
    'processSigma',
    'driftSigma',
    'wanderSigma',
    'burstRatePerHour',
    'burstMeanSeconds',
    'burstMeanSlowdown',
    'outlierMeanSize',
    'startupSeconds'
  ] as const) {
    if (!(m[k] >= 0)) throw new RangeError(`noise model: ${k} must be >= 0, got ${m[k]}`)
  }
  if (!(m.outlierProbability >= 0 && m.outlierProbability <= 1))
    throw new RangeError(`noise model: outlierProbability must be in [0, 1], got ${m.outlierProbability}`)
  if (!(m.driftTimescaleSeconds > 0) || !(m.wanderTimescaleSeconds > 0))
    throw new RangeError('noise model: timescales must be > 0')
  if (!(m.repetitionTimeFactor >= 1)) throw new RangeError('noise model: repetitionTimeFactor must be >= 1')
  if (!(m.phaseSlowdown >= 0) || !(m.phaseFastSeconds > 0) || !(m.phaseSlowSeconds > 0))
    throw new RangeError('noise model: phaseSlowdown must be >= 0 and the phase lengths > 0')
}

/** One simulated process's repetitions of one benchmark, labelled as benchgate labels real runs. */
export interface SimProcess {
  benchmark: string
  side: Side
  /** Measured ABBA round (0-based) or -1 (warm-up / unknown). */
  round: number
  /** Process index within the side (0-based). */
  run: number
  /** Per-iteration latencies in ns, one per repetition. */
  values: number[]
}

/**
 * Turns simulated processes into benchgate Samples (src/samples/model.ts) with side, round, run and
 * repetition set, as the bench-runner/Google Benchmark parsers would produce them, so that the
 * shipped analysis (`analyzeSuite`, `compare`) is what gets validated.
 */
export function toSamples(processes: readonly SimProcess[], minTimeSeconds = 0.05): Sample[] {
  const out: Sample[] = []
  for (const p of processes) {
    p.values.forEach((v, repetition) => {
      out.push({
        benchmark: p.benchmark,
        side: p.side,
        round: p.round,
        run: p.run,
        repetition,
        iterations: Math.max(1, Math.round((minTimeSeconds * 1e9) / v)),
        realTimeNs: v,
        cpuTimeNs: v,
        threads: 1
      })
    })
  }
  return out
}

/** A benchmark of the simulated suite: true base latency and head/base ratio. */
export interface SimBenchmark {
  name: string
  lambdaNs: number
  /** head latency / base latency (1.02 = head 2% slower). */
  ratio: number
}

export interface SimAbbaOptions {
  benchmarks: readonly SimBenchmark[]
  rounds: number
  warmupRounds?: number
  repetitions: number
  minTimeSeconds: number
  /** First measured round index (for adaptive top-up rounds); default 0. */
  firstRound?: number
  /** Orchestration time between processes, s (default 0). */
  gapSeconds?: number
  /**
   * `suite` (default): one process per side per round runs every benchmark; `benchmark`: each
   * benchmark's base and head run as their own processes back to back (STATISTICS §13).
   */
  interleave?: 'suite' | 'benchmark'
}

/**
 * benchgate's measurement on the simulated machine: the plan of `planRounds` (warm-up rounds, then
 * ABBA), one fresh process per side per round running every benchmark in order. Warm-up processes
 * take time but produce no samples, as in `runRounds` + the pipeline.
 */
export function simulateAbba(session: SimSession, o: SimAbbaOptions): Sample[] {
  const first = o.firstRound ?? 0
  const plan = planRounds({ rounds: o.rounds, warmup: o.warmupRounds ?? 1 })
  const processes: SimProcess[] = []
  for (const entry of plan) {
    // ABBA order continues across top-up rounds: round r uses abbaOrder(r).
    const round = entry.round < 0 ? -1 : entry.round + first
    const order: [Side, Side] =
      entry.round < 0 || first % 2 === 0 ? entry.order : [entry.order[1], entry.order[0]]
    const one = (b: SimBenchmark, side: Side, startup: boolean) => {
      const values = session.runProcess({
        lambdaNs: b.lambdaNs,
        ratio: side === 'head' ? b.ratio : 1,
        repetitions: o.repetitions,
        minTimeSeconds: o.minTimeSeconds,
        startup
      })
      if (round >= 0) processes.push({ benchmark: b.name, side, round, run: round, values })
    }
    if (o.interleave === 'benchmark')
      for (const b of o.benchmarks)
        for (const side of order) {
          one(b, side, true)
          session.idle(o.gapSeconds ?? 0)
        }
    else
      for (const side of order) {
        o.benchmarks.forEach((b, i) => one(b, side, i === 0))
        session.idle(o.gapSeconds ?? 0)
      }
  }
  return toSamples(processes, o.minTimeSeconds)
}

/**
 * The traditional method on the simulated machine: all of base in one process, then all of head in
 * one process, each with `repetitions` repetitions (give it rounds × repetitions for equal benchmark
 * time). Samples are labelled round 0, run 0, so the analysis sees one process per side.
 */
export function simulateSequential(
  session: SimSession,
  o: { benchmarks: readonly SimBenchmark[]; repetitions: number; minTimeSeconds: number }
): Sample[] {
  const processes: SimProcess[] = []
  for (const side of ['base', 'head'] as const) {
    o.benchmarks.forEach((b, i) => {
      const values = session.runProcess({
        lambdaNs: b.lambdaNs,
        ratio: side === 'head' ? b.ratio : 1,
        repetitions: o.repetitions,
        minTimeSeconds: o.minTimeSeconds,
        startup: i === 0
      })
      processes.push({ benchmark: b.name, side, round: 0, run: 0, values })
    })
  }
  return toSamples(processes, o.minTimeSeconds)
}
