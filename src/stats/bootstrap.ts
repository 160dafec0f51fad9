/**
 * A conservative, reproducible estimate of the pooled standard deviation of the ln samples
 * (docs/statistics.md §4): the upper bound of a bootstrap percentile confidence interval of the pooled sd.
 *
 * Design for speed without approximation: every replicate is a full with-replacement resample of
 * every side (no subsampling, no reduced B), and its sd is accumulated as Σx and Σx² in one tight loop
 * over a Float64Array. Cancellation in Σx² − (Σx)²/n is avoided by centring each side on its own mean
 * first (the sd is shift-invariant), so the running sums stay of order n·sd². Indices are drawn
 * exactly uniformly (Lemire's multiply-shift with rejection) from xoshiro128**; 2×1000 samples ×
 * B = 1000 (2e6 draws) take a few milliseconds (see the lead's report for the measured time). The cost
 * is O(B·N) — for very large N (e.g. 2×100,000) consider the lead's budget.
 *
 * References: Efron, B. & Tibshirani, R. J. (1993), An Introduction to the Bootstrap, ch. 13
 * (percentile interval); Blackman, D. & Vigna, S. (2021), "Scrambled linear pseudorandom number
 * generators", ACM TOMS 47(4) (xoshiro128**); Steele, G., Lea, D. & Flood, C. (2014), "Fast splittable
 * pseudorandom number generators", OOPSLA (SplitMix, used for seeding); Lemire, D. (2019), "Fast random
 * integer generation in an interval", ACM TOMACS 29(1).
 *
 * @module
 */
import { StatsInputError, assertFinite, assertProbability, assertSize } from './errors.js'

/** Up to this side size, `uint32 · n` is exact in a double and Lemire's method gives exact uniform indices. */
const MAX_EXACT_INDEX_N = 0x200000 // 2^21
const TWO_POW_M32 = 1 / 0x100000000
/** Up to this side size, each 32-bit PRNG output yields two 16-bit index draws. */
const MAX_HALF_WORD_N = 4096

/** Default number of bootstrap replicates (§4 requires B ≥ 1000). */
export const DEFAULT_RESAMPLES = 1000
/** Fewer replicates than this gets a warning (percentile tails are too noisy). */
export const MIN_RECOMMENDED_RESAMPLES = 1000
/** Default confidence level of the percentile interval. */
export const DEFAULT_BOOTSTRAP_CONF_LEVEL = 0.95
/** Default seed: results are reproducible for a given seed. */
export const DEFAULT_BOOTSTRAP_SEED = 1

/** Options of {@link bootstrapSdUpper}; thresholds live in one object (STYLE habit 6). */
export interface BootstrapSdOptions {
  /** Number of replicates B: an integer ≥ 2 (default {@link DEFAULT_RESAMPLES}). */
  resamples?: number
  /** Confidence level in (0, 1) (default 0.95). */
  confLevel?: number
  /** Seed: a finite number, used as an unsigned 32-bit integer (default 1). */
  seed?: number
}

/** Result of {@link bootstrapSdUpper}. */
export interface BootstrapSdResult {
  /** Pooled sd of the data: sqrt(Σ(n_i − 1)s_i² / Σ(n_i − 1)). */
  sd: number
  /** Upper bound of the percentile CI: the (1 + confLevel)/2 quantile of the replicates. */
  upper: number
  /** Lower bound of the percentile CI: the (1 − confLevel)/2 quantile of the replicates. */
  lower: number
  /** B, the number of replicates used. */
  resamples: number
  warnings: string[]
}

/**
 * xoshiro128** 1.1 (Blackman & Vigna), 32-bit state words, seeded by SplitMix32 from one 32-bit seed
 * so that nearby seeds give unrelated streams. Period 2¹²⁸ − 1. Returns uint32 values.
 *
 * @param seed any finite number; `seed >>> 0` is used
 * @returns a generator of uint32 values (as non-negative numbers)
 *
 * Complexity O(1) per value.
 */
export function xoshiro128ss(seed: number): () => number {
  const st = xoshiroState(seed)
  let s0 = st[0] | 0
  let s1 = st[1] | 0
  let s2 = st[2] | 0
  let s3 = st[3] | 0
  return () => {
    const m = Math.imul(s1, 5)
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0
    const t = s1 << 9
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << 11) | (s3 >>> 21)
    return result
  }
}

/**
 * Pooled standard deviation of k samples and the percentile bootstrap CI of it; `upper` is the
 * conservative σ̂ that §4 feeds to `power.t.test`. Each replicate resamples every side with replacement
 * (same size as the side) and pools: `sqrt(Σ(n_i − 1)s_i² / Σ(n_i − 1))`. The interval's ends are
 * quantiles of the B replicate values by R's default definition (`quantile(type = 7)`).
 *
 * @param samples one array per side (e.g. the ln times of head and base); each side needs ≥ 2 finite values
 * @param options.resamples B, an integer ≥ 2 (default 1000; fewer than 1000 adds a warning)
 * @param options.confLevel in (0, 1) (default 0.95)
 * @param options.seed finite number (default 1); equal seeds give identical results
 * @returns `{ sd, upper, lower, resamples, warnings }`
 * @throws StatsInputError `empty` for no sides or an empty side, `too-small` for a side with one value,
 *   `not-finite` for NaN/±Infinity, `domain` for resamples/confLevel/seed outside their domains
 *
 * Complexity: O(B · Σn_i) time (one PRNG draw, one load and two adds per resampled value),
 * O(Σn_i + B) memory.
 * Reference: Efron & Tibshirani (1993), An Introduction to the Bootstrap, §13.3; O'Ryan, "On
 * Benchmarking" (JayBeams, 2017) for using the upper bound as a conservative σ.
 */
export function bootstrapSdUpper(
  samples: readonly (readonly number[])[],
  options: BootstrapSdOptions = {}
): BootstrapSdResult {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES
  const confLevel = options.confLevel ?? DEFAULT_BOOTSTRAP_CONF_LEVEL
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED
  if (!Array.isArray(samples) || samples.length === 0) {
    throw new StatsInputError('empty', 'samples', 'samples is empty: give one array of values per side')
  }
  samples.forEach((side, i) => {
    assertSize(side, 2, `samples[${i}]`, 'a standard deviation')
    assertFinite(side, `samples[${i}]`)
  })
  if (!(Number.isInteger(resamples) && resamples >= 2)) {
    throw new StatsInputError('domain', 'resamples', `resamples must be an integer >= 2, got ${resamples}`)
  }
  assertProbability(confLevel, 'confLevel')
  if (!Number.isFinite(seed))
    throw new StatsInputError('domain', 'seed', `seed must be a finite number, got ${seed}`)

  // Centre each side on its mean; keep the centred data in one typed array per side.
  const sides = samples.map((side) => {
    let mean = 0
    for (let i = 0; i < side.length; i++) mean += side[i]
    mean /= side.length
    const a = new Float64Array(side.length)
    for (let i = 0; i < side.length; i++) a[i] = side[i] - mean
    return a
  })
  let dfTotal = 0
  let ssTotal = 0
  for (const a of sides) {
    dfTotal += a.length - 1
    ssTotal += sumSquaresAboutMean(a)
  }
  const sd = Math.sqrt(ssTotal / dfTotal)

  const state = xoshiroState(seed)
  const reps = new Float64Array(resamples)
  for (let b = 0; b < resamples; b++) {
    let ss = 0
    for (const a of sides) ss += resampledSumSquares(a, state)
    reps[b] = Math.sqrt(ss / dfTotal)
  }
  reps.sort()
  const warnings: string[] = []
  if (resamples < MIN_RECOMMENDED_RESAMPLES) {
    warnings.push(
      `only ${resamples} bootstrap resamples: use at least ${MIN_RECOMMENDED_RESAMPLES} for a stable ${confLevel * 100}% bound`
    )
  }
  return {
    sd,
    upper: quantileType7(reps, (1 + confLevel) / 2),
    lower: quantileType7(reps, (1 - confLevel) / 2),
    resamples,
    warnings
  }
}

/**
 * One with-replacement resample of `a` (same size): returns Σ(x − x̄)² of the resample. The PRNG
 * (xoshiro128**, the same stream as {@link xoshiro128ss}) is inlined with its state in locals, loaded
 * from and stored back to `state`: a closure call per draw costs several times more in V8.
 *
 * Indices are exactly uniform (Lemire 2019: with p = r·n, ⌊p / 2^w⌋ is uniform on [0, n) once the
 * low words below 2^w mod n are rejected). For n ≤ {@link MAX_HALF_WORD_N} each 32-bit output gives two
 * 16-bit draws (w = 16, rejection rate < n/65536 ≤ 6.25%), which halves the PRNG cost; above, w = 32.
 */
function resampledSumSquares(a: Float64Array, state: Uint32Array): number {
  const n = a.length
  let s0 = state[0] | 0
  let s1 = state[1] | 0
  let s2 = state[2] | 0
  let s3 = state[3] | 0
  let s = 0
  let sq = 0
  let k = 0
  if (n <= MAX_HALF_WORD_N) {
    const threshold = (0x10000 - n) % n
    while (k < n) {
      const m = Math.imul(s1, 5)
      const r = Math.imul((m << 7) | (m >>> 25), 9)
      const t = s1 << 9
      s2 ^= s0
      s3 ^= s1
      s1 ^= s2
      s0 ^= s3
      s2 ^= t
      s3 = (s3 << 11) | (s3 >>> 21)
      let p = (r >>> 16) * n // < 2^16 · 2^12: an exact int
      if ((p & 0xffff) >= threshold) {
        const v = a[p >>> 16]
        s += v
        sq += v * v
        k++
      }
      if (k < n) {
        p = (r & 0xffff) * n
        if ((p & 0xffff) >= threshold) {
          const v = a[p >>> 16]
          s += v
          sq += v * v
          k++
        }
      }
    }
  } else {
    const exact = n <= MAX_EXACT_INDEX_N
    const threshold = (0x100000000 - n) % n
    while (k < n) {
      const m = Math.imul(s1, 5)
      const r = Math.imul((m << 7) | (m >>> 25), 9) >>> 0
      const t = s1 << 9
      s2 ^= s0
      s3 ^= s1
      s1 ^= s2
      s0 ^= s3
      s2 ^= t
      s3 = (s3 << 11) | (s3 >>> 21)
      const p = r * n // exact in a double while n ≤ 2^21
      const idx = Math.floor(p * TWO_POW_M32)
      // sides of > 2^21 values: no rejection, bias ≤ n/2^32 per draw (documented limit)
      if (exact && p - idx * 0x100000000 < threshold) continue
      const v = a[idx]
      s += v
      sq += v * v
      k++
    }
  }
  state[0] = s0
  state[1] = s1
  state[2] = s2
  state[3] = s3
  const within = sq - (s * s) / n
  return within > 0 ? within : 0
}

/** The four xoshiro128** state words for a seed, as {@link xoshiro128ss} initializes them. */
function xoshiroState(seed: number): Uint32Array {
  let z = seed >>> 0
  const state = new Uint32Array(4)
  for (let i = 0; i < 4; i++) state[i] = splitMix32((z = (z + 0x9e3779b9) | 0))
  if ((state[0] | state[1] | state[2] | state[3]) === 0) state[0] = 1
  return state
}

function splitMix32(z: number): number {
  let t = z ^ (z >>> 16)
  t = Math.imul(t, 0x21f0aaad)
  t = t ^ (t >>> 15)
  t = Math.imul(t, 0x735a2d97)
  return (t ^ (t >>> 15)) >>> 0
}

/** Σ(x − x̄)² by the two-pass formula (x is already roughly centred). */
function sumSquaresAboutMean(a: Float64Array): number {
  let mean = 0
  for (let i = 0; i < a.length; i++) mean += a[i]
  mean /= a.length
  let ss = 0
  for (let i = 0; i < a.length; i++) ss += (a[i] - mean) * (a[i] - mean)
  return ss
}

/** R's `quantile(x, p, type = 7)` of sorted x: linear interpolation between order statistics. */
function quantileType7(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  const hi = Math.min(lo + 1, sorted.length - 1)
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo])
}

export interface MeanInterval {
  mean: number
  ci: [number, number]
  resamples: number
}

/**
 * Studentized (bootstrap-t) interval of the mean of `values` at `confLevel`: resample the values
 * with replacement B times, t* = (mean* − mean)/se*, interval [mean − t*_{1−a/2}·se, mean − t*_{a/2}·se]
 * (Efron & Tibshirani 1993, ch. 12.5). Second-order accurate for a mean, where the percentile
 * interval under-covers at small n; quantiles by R's type 7. The seed makes it reproducible.
 *
 * @param values ≥ 2 finite values (e.g. one suite-wide log-ratio per round)
 * @throws StatsInputError for fewer than 2 values, non-finite values, confLevel outside (0, 1)
 * Complexity O(B·n).
 */
export function bootstrapMeanInterval(
  values: ArrayLike<number>,
  confLevel: number,
  seed: number,
  resamples = 4000
): MeanInterval {
  assertSize(values, 2, 'values', 'the bootstrap interval of a mean')
  assertFinite(values, 'values')
  assertProbability(confLevel, 'confLevel')
  const n = values.length
  const x = Float64Array.from(values)
  const { mean, se } = meanSe(x, n)
  if (se === 0) return { mean, ci: [mean, mean], resamples: 0 }
  const next = xoshiro128ss(seed)
  const t = new Float64Array(resamples)
  const draw = new Float64Array(n)
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) draw[i] = x[Math.floor(next() * TWO_POW_M32 * n)]
    const r = meanSe(draw, n)
    // A resample of one repeated value has se 0: its t is ±∞ unless its mean is the mean.
    t[b] = r.se > 0 ? (r.mean - mean) / r.se : r.mean === mean ? 0 : Math.sign(r.mean - mean) * Infinity
  }
  t.sort()
  const a = 1 - confLevel
  return {
    mean,
    ci: [mean - quantileType7(t, 1 - a / 2) * se, mean - quantileType7(t, a / 2) * se],
    resamples
  }
}

function meanSe(x: Float64Array, n: number): { mean: number; se: number } {
  let s = 0
  for (let i = 0; i < n; i++) s += x[i]
  const mean = s / n
  let ss = 0
  for (let i = 0; i < n; i++) ss += (x[i] - mean) ** 2
  return { mean, se: Math.sqrt(ss / (n - 1) / n) }
}
