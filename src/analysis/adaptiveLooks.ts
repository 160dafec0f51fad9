/**
 * The analysis side of adaptive rounds (docs/adaptive.md): a sequence of looks at a growing set of
 * samples. At each look the benchmarks still unresolved are analysed at the look's group-sequential
 * level (stats/groupSequential.ts); those that reach a verdict — regression, improvement, negligible,
 * unchanged — keep it and get no more rounds; the rest are measured again. Pure: no I/O, no clock.
 *
 * Rules that keep the looks honest:
 * - the test, its CI and the equivalence decision ("unchanged": CI inside ±δ) all use the look's
 *   level, so neither a false alarm nor a missed change ≥ δ gets more than its share of α per look;
 * - the correction (Bonferroni by default, or Holm) within a look runs over the whole suite: benchmarks
 *   resolved earlier stay in the family with p = 1, so the family never shrinks as benchmarks drop out;
 * - a benchmark that produced no new samples since the previous look (crashed, disappeared) stops
 *   with its last verdict and a warning, instead of being asked for again;
 * - futility is non-binding: a benchmark that even the maximum rounds could almost surely not decide
 *   stops early, still `inconclusive`. Stopping can only remove chances to reject, so α is untouched.
 */
import { normalQuantile } from '../stats/normal.js'
import { conditionalPower, lookAlpha } from '../stats/groupSequential.js'
import { SampleStore, type SampleList } from '../samples/store.js'
import { analyzeSuite, type SuiteInput } from './suite.js'
import {
  DEFAULT_ANALYSIS_OPTIONS,
  type AnalysisOptions,
  type Comparison,
  type StopReason,
  type SuiteResult,
  type Verdict,
  type Warning
} from './types.js'
import { tallyVerdicts } from './verdict.js'

/** Verdicts that end a benchmark's measurement in an adaptive run. */
export const RESOLVED_VERDICTS: readonly Verdict[] = ['regression', 'improvement', 'negligible', 'unchanged']
/**
 * Looks whose level is below this resolve nothing: no rank test on benchmark-sized samples reaches
 * such p-values, and `1 − level` must stay below 1 for the CI. (A final look below it — which the
 * O'Brien–Fleming spending never produces — is tested at this floor.)
 */
export const MIN_TEST_ALPHA = 1e-12

/**
 * A benchmark stops for futility when its conditional power to become significant by the maximum
 * rounds (under the current trend, taken as at least the minimum effect) is below this, and the CI
 * projected to the maximum rounds would still be at least ±δ wide (so "unchanged" is out of reach too).
 * 0.01 rather than the 0.05–0.2 common in clinical trials: in simulation on the default noise
 * (docs/adaptive.md) 0.05 cost 0.5 points of +5% detection and 1.3 of +2%; 0.01 none at +5%, about 0.9 at +2%.
 */
export const FUTILITY_POWER = 0.01

/** Verdicts more rounds cannot change. */
const NOT_COMPARED: readonly Verdict[] = ['new', 'removed', 'failed']

export interface LookAt {
  /** Measured rounds so far (cumulative over every block; ≥ 1, more than at the previous look). */
  rounds: number
  /** No look follows this one: the remaining α is spent here. */
  final: boolean
  /** Why the unresolved benchmarks stop, when final (default 'max-rounds'). */
  finalReason?: Exclude<StopReason, 'resolved' | 'no-samples' | 'not-compared'>
}

export interface LookResult {
  /** 1-based index of this look. */
  look: number
  /** The level the test and CIs used at this look. */
  testAlpha: number
  /** Benchmarks still unresolved after this look (sorted); empty after a final look. */
  active: string[]
  /** Benchmarks resolved (or stopped) at this look. */
  stopped: string[]
}

/**
 * Runs the looks of one adaptive measurement. Create one per run; call `look()` after every block of
 * rounds with all samples so far, measure `active` again, and take `result()` at the end.
 */
export class SequentialAnalysis {
  private readonly opts: AnalysisOptions
  private readonly maxRounds: number
  private readonly done = new Map<string, Comparison>()
  private latest = new Map<string, Comparison>()
  private active: Set<string> | null = null
  private previousFraction = 0
  private previousRounds = 0
  private looks = 0
  private warnings: Warning[] = []
  private provenance: SuiteResult['provenance'] = { base: {}, head: {} }

  private readonly futilityPower: number

  /**
   * @param options analysis thresholds (α is the overall level spent over the looks)
   * @param maxRounds the planned maximum number of rounds (the information fraction's denominator)
   * @param rules.futilityPower stop for futility below this conditional power (default
   *   {@link FUTILITY_POWER}; 0 never stops for futility)
   */
  constructor(options: Partial<AnalysisOptions>, maxRounds: number, rules: { futilityPower?: number } = {}) {
    this.futilityPower = rules.futilityPower ?? FUTILITY_POWER
    const { testAlpha: _t, familyPadding: _f, ...rest } = { ...DEFAULT_ANALYSIS_OPTIONS, ...options }
    this.opts = rest
    if (!Number.isInteger(maxRounds) || maxRounds < 1)
      throw new RangeError(`maxRounds must be an integer >= 1, got ${maxRounds}`)
    this.maxRounds = maxRounds
  }

  /** Benchmarks still to be measured (null before the first look: all of them). */
  activeBenchmarks(): string[] | null {
    return this.active === null ? null : [...this.active].sort()
  }

  /** Looks taken so far. */
  lookCount(): number {
    return this.looks
  }

  /**
   * Analyses the benchmarks still active at `at.rounds` rounds.
   * @param input every sample and issue measured so far (samples of stopped benchmarks are ignored)
   * @throws RangeError when `at.rounds` does not exceed the previous look's rounds
   */
  look(input: SuiteInput, at: LookAt): LookResult {
    if (!(at.rounds > this.previousRounds))
      throw new RangeError(`a look needs new rounds: ${at.rounds} after ${this.previousRounds}`)
    const fraction = Math.min(1, at.rounds / this.maxRounds)
    const final = at.final || fraction >= 1
    let testAlpha = lookAlpha({
      alpha: this.opts.alpha,
      fraction: Math.max(fraction, Math.min(1, this.previousFraction + 1e-12)),
      previousFraction: this.previousFraction,
      final
    })
    // A level this small decides nothing (and 1 − level would round to 1): analyse at the floor but
    // resolve nothing at this look, unless it is the last.
    const decides = final || testAlpha >= MIN_TEST_ALPHA
    testAlpha = Math.max(testAlpha, MIN_TEST_ALPHA)
    this.looks++
    const look = this.looks
    const stopped: string[] = []
    // One store per look (run collects plain samples): the rounds count and the analysis share it.
    const store = SampleStore.of(input.samples)
    const roundsOf = roundsPerBenchmark(store)

    // A benchmark asked for again that brought nothing new on either side stops here.
    if (this.active !== null) {
      for (const name of [...this.active]) {
        const r = roundsOf.get(name)
        const fresh =
          r !== undefined && r.lastBase >= this.previousRounds && r.lastHead >= this.previousRounds
        if (fresh) continue
        const last = this.latest.get(name)
        if (last) {
          this.stop(name, last, 'no-samples', [
            {
              level: 'warning',
              code: 'adaptive-no-samples',
              message:
                `no new samples on ${r === undefined || r.lastBase < this.previousRounds ? 'base' : 'head'} in rounds ` +
                `${this.previousRounds + 1}–${at.rounds} (the process failed or the benchmark no longer ran): ` +
                `kept its verdict from look ${last.adaptive?.look ?? look - 1}`
            }
          ])
          stopped.push(name)
        }
        this.active.delete(name)
      }
    }

    const names = this.active
    const filtered: SuiteInput =
      names === null
        ? { ...input, samples: store }
        : {
            ...input,
            samples: store.only((b) => names.has(b)),
            issues: (input.issues ?? []).filter((i) => i.benchmark === '' || names.has(i.benchmark)),
            headOnly: (input.headOnly ?? []).filter((b) => names.has(b)),
            listed: input.listed && {
              base: input.listed.base?.filter((b) => names.has(b)),
              head: input.listed.head?.filter((b) => names.has(b))
            }
          }
    const familyPadding = [...this.done.values()].filter((c) => c.pValue !== null).length
    const suite = analyzeSuite(filtered, { ...this.opts, testAlpha, familyPadding })
    this.warnings = suite.warnings
    this.provenance = suite.provenance

    const next = new Set<string>()
    for (const c of suite.comparisons) {
      c.adaptive = { rounds: roundsOf.get(c.benchmark)?.count ?? 0, look, testAlpha, stopReason: 'resolved' }
      this.latest.set(c.benchmark, c)
      if (decides && RESOLVED_VERDICTS.includes(c.verdict)) this.stop(c.benchmark, c, 'resolved')
      else if (NOT_COMPARED.includes(c.verdict)) this.stop(c.benchmark, c, 'not-compared')
      else if (final) this.stop(c.benchmark, c, at.finalReason ?? 'max-rounds')
      else {
        const futile = this.futileProjection(c)
        if (!futile) {
          next.add(c.benchmark)
          continue
        }
        this.stop(c.benchmark, c, 'futile', [this.futilityWarning(c, futile)])
      }
      stopped.push(c.benchmark)
    }
    this.active = next
    this.previousFraction = fraction
    this.previousRounds = at.rounds
    return { look, testAlpha, active: [...next].sort(), stopped: stopped.sort() }
  }

  /** The information fraction the looks so far have spent α up to (0 before the first look). */
  spentFraction(): number {
    return this.previousFraction
  }

  /** Benchmarks analysed so far (the family the looks correct over). */
  analysedCount(): number {
    return this.latest.size
  }

  /** The latest comparison of each benchmark still active (the last look's), sorted by name. */
  activeComparisons(): Comparison[] {
    return [...(this.active ?? [])].sort().flatMap((name) => this.latest.get(name) ?? [])
  }

  /**
   * Stops an active benchmark without a verdict, before the next block (the time budget cannot decide
   * it: analysis/budgetAllocation.ts). Non-binding like futility: it only removes chances to reject.
   */
  stopUndecidable(name: string, message: string): void {
    const last = this.latest.get(name)
    if (!this.active?.has(name) || !last) return
    this.active.delete(name)
    this.stop(name, last, 'futile', [{ level: 'warning', code: 'budget-undecidable', message }])
  }

  /**
   * Ends the run without a further look (e.g. interrupted before a top-up block measured anything):
   * the benchmarks still active keep their last look's comparison and get `reason`.
   */
  finish(reason: StopReason): void {
    for (const name of this.active ?? []) {
      const last = this.latest.get(name)
      if (last) this.stop(name, last, reason)
    }
    this.active = new Set()
  }

  /**
   * The suite as reported: every benchmark with the comparison of the look that stopped it (or its
   * latest, if still active), counts over those, the last look's suite-wide warnings, and the
   * run's analysis options (α is the overall level).
   */
  result(): SuiteResult {
    if (this.active?.size) this.finish('interrupted')
    const all = new Map(this.latest)
    for (const [name, c] of this.done) all.set(name, c)
    const comparisons = [...all.values()].sort((a, b) =>
      a.benchmark < b.benchmark ? -1 : a.benchmark > b.benchmark ? 1 : 0
    )
    const counts = tallyVerdicts(comparisons.map((c) => c.verdict))
    return {
      options: { ...this.opts },
      familySize: comparisons.filter((c) => c.pValue !== null).length,
      comparisons,
      counts,
      warnings: [...this.warnings],
      provenance: this.provenance
    }
  }

  /**
   * Projection of an inconclusive benchmark to the maximum rounds: the CI half-width there (at the
   * overall α, the most a last look could use) and the conditional power to reject by then. The
   * standard error of ln(ratio) (compare()'s logRatioSe, from a 95% CI) shrinks with √rounds.
   */
  private projection(c: Comparison): { halfWidth: number; power: number } | null {
    const rounds = c.adaptive?.rounds ?? 0
    if (c.verdict !== 'inconclusive' || !c.ratio || rounds < 2 || rounds >= this.maxRounds) return null
    const se = c.logRatioSe
    if (se === undefined || !(se > 0 && Number.isFinite(se))) return null
    const fraction = rounds / this.maxRounds
    const t = Math.log1p(this.opts.minEffect)
    const e = Math.log(c.ratio.estimate)
    const effect = (e < 0 ? -1 : 1) * Math.max(Math.abs(e), t)
    return {
      halfWidth: normalQuantile(1 - this.opts.alpha / 2) * se * Math.sqrt(fraction),
      power: conditionalPower({ estimate: e, se, fraction, alpha: this.opts.alpha, effect })
    }
  }

  /** The projection when the benchmark is futile (both conditions of docs/adaptive.md hold), else null. */
  private futileProjection(c: Comparison): { halfWidth: number; power: number } | null {
    if (!(this.futilityPower > 0)) return null
    const p = this.projection(c)
    const futile =
      p !== null && p.halfWidth >= Math.log1p(this.opts.minEffect) && p.power < this.futilityPower
    return futile ? p : null
  }

  private futilityWarning(c: Comparison, p: { halfWidth: number; power: number }): Warning {
    const pctOf = (v: number) => `${(100 * v).toFixed(1)}%`
    return {
      level: 'warning',
      code: 'adaptive-futile',
      message:
        `too noisy to decide within ${this.maxRounds} rounds: its CI would still be about ±${pctOf(Math.expm1(p.halfWidth))} ` +
        `(min effect ${pctOf(this.opts.minEffect)}) and the chance of a significant result by then is ${pctOf(p.power)}; ` +
        `stopped after ${c.adaptive?.rounds} rounds so the rest go to benchmarks that can be decided`
    }
  }

  private stop(name: string, c: Comparison, reason: StopReason, warnings: Warning[] = []): void {
    c.adaptive = {
      ...(c.adaptive ?? { rounds: 0, look: this.looks, testAlpha: this.opts.alpha }),
      stopReason: reason
    }
    if (warnings.length) c.warnings = [...c.warnings, ...warnings]
    this.done.set(name, c)
  }
}

/** Per benchmark: distinct measured rounds with samples, and the last round seen on each side. */
export function roundsPerBenchmark(
  samples: SampleList
): Map<string, { count: number; lastBase: number; lastHead: number }> {
  const out = new Map<string, { count: number; lastBase: number; lastHead: number }>()
  for (const entry of SampleStore.of(samples).entries()) {
    const rounds = new Set<number>()
    const last = { base: -1, head: -1 }
    for (const series of [entry.base, entry.head]) {
      if (!series) continue
      for (let k = 0; k < series.length; k++) {
        rounds.add(series.round(k))
        last[series.side] = Math.max(last[series.side], series.round(k))
      }
    }
    out.set(entry.benchmark, { count: rounds.size, lastBase: last.base, lastHead: last.head })
  }
  return out
}
