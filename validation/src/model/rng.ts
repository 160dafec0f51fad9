/**
 * A small seeded PRNG for the validation study: xoshiro128** (Blackman & Vigna) seeded by SplitMix32,
 * uniform doubles with 53 random bits, standard normals by Box-Muller. Deterministic for a seed, so
 * every simulated number in docs/VALIDATION.md can be regenerated exactly.
 */

export interface Rng {
  /** Uniform in [0, 1), 53 random bits. */
  uniform(): number
  /** Standard normal N(0, 1). */
  normal(): number
  /** Exponential with mean 1. */
  exponential(): number
  /** A new independent generator derived from this one (for sub-streams). */
  fork(): Rng
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x9e3779b9) | 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
}

/**
 * @param seed any finite number; `seed >>> 0` and (for seeds ≥ 2³²) the high part are mixed in
 */
export function createRng(seed: number): Rng {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be finite, got ${seed}`)
  const sm = splitmix32((seed >>> 0) ^ Math.floor(Math.abs(seed) / 4294967296))
  let s0 = sm() | 0
  let s1 = sm() | 0
  let s2 = sm() | 0
  let s3 = sm() | 0
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1
  const next = (): number => {
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
  let spare: number | null = null
  const rng: Rng = {
    uniform: () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992,
    normal: () => {
      if (spare !== null) {
        const v = spare
        spare = null
        return v
      }
      let u = 0
      while (u === 0) u = rng.uniform()
      const v = rng.uniform()
      const r = Math.sqrt(-2 * Math.log(u))
      spare = r * Math.sin(2 * Math.PI * v)
      return r * Math.cos(2 * Math.PI * v)
    },
    exponential: () => {
      let u = 0
      while (u === 0) u = rng.uniform()
      return -Math.log(u)
    },
    fork: () => createRng(next() ^ Math.imul(next(), 0x27d4eb2d))
  }
  return rng
}
