/**
 * Code layout on the simulated machine (issue 32, STATISTICS §12): a kernel's time depends on where
 * its code sits, and `--randomize-layout` moves it every round by a seeded padding object linked
 * first. Pure: no I/O, no clock; the randomness comes from the caller's Rng.
 *
 *   ln time = μ + effect·[head] + L(address of the kernel) + the noise model's process, phase and
 *             repetition noise (noiseModel.ts)
 *
 * L is periodic in the address with period 64 bytes (a cache line / fetch block), tabulated in 16-byte
 * steps (the function alignment, and the padding's step): `lnByResidue[i]` is L at address ≡ 16·i
 * (mod 64). Measured on this VM (issue 32, a padding object of N bytes linked first, N up to 4080):
 * BM_Branchy ran 1.40–1.58× slower with its code at residue 16 than at residues 0, 32 and 48 (those
 * within noise of each other); BM_Chain moved by ≈ ±5% at most, within its noise.
 */
import type { Rng } from './rng.js'

/** Bytes per step of the table and of the padding (the default function alignment). */
export const LAYOUT_STEP = 16
/** The period of L in bytes (one 64-byte block: four 16-byte residues). */
export const LAYOUT_PERIOD_BYTES = 64
/** Code padding is 16·U{0..255} bytes (src/layout/draws.ts): every 16-byte offset within a 4 KiB page. */
export const PAD_STEPS = 256

export interface LayoutTable {
  name: string
  /** L (ln of the time factor) at address ≡ 0, 16, 32, 48 (mod 64). */
  lnByResidue: readonly [number, number, number, number]
  /** What the table stands for, as the page says it. */
  what: string
}

/** The tables of the study: the measured kernel, a smaller effect near the threshold, and two hypothetical shapes whose shared-draw differences are not symmetric. */
export const LAYOUT_TABLES: readonly LayoutTable[] = Object.freeze([
  {
    name: 'measured',
    lnByResidue: [0, Math.log(1.45), 0, 0],
    what: 'BM_Branchy as measured: residue 16 is 1.45× slower'
  },
  {
    name: 'small',
    lnByResidue: [0, Math.log(1.08), 0, 0],
    what: 'the same shape, 1.08× (near the threshold)'
  },
  {
    name: 'shoulder',
    lnByResidue: [0, Math.log(1.45), Math.log(1.1), 0],
    what: 'hypothetical: residue 16 1.45×, residue 32 1.10× (the edge of what was measured)'
  },
  {
    name: 'ramp',
    lnByResidue: [0, Math.log(1.15), Math.log(1.3), Math.log(1.45)],
    what: 'hypothetical: time rises 15% per 16 bytes across the block (not measured: the worst case for shared draws)'
  }
] as const satisfies readonly LayoutTable[])

/** L at `address` (bytes): the table's entry for address mod 64 in 16-byte steps. */
export function layoutLn(table: LayoutTable, address: number): number {
  if (!Number.isInteger(address) || address % LAYOUT_STEP !== 0)
    throw new RangeError(`layoutLn: address must be a multiple of ${LAYOUT_STEP}, got ${address}`)
  const residue = ((address % LAYOUT_PERIOD_BYTES) + LAYOUT_PERIOD_BYTES) % LAYOUT_PERIOD_BYTES
  return table.lnByResidue[residue / LAYOUT_STEP]
}

/**
 * How a round's two processes are laid out:
 *   plain        no padding: the kernel sits at its linked address on both sides, every round;
 *   independent  base and head each draw their own padding every round;
 *   shared       both sides of a round get the same padding (STATISTICS §12 as written);
 *   aligned      the cheap mitigation (-falign-functions=64): the kernel always at residue 0.
 */
export type LayoutDesign = 'plain' | 'independent' | 'shared' | 'aligned'
export const LAYOUT_DESIGNS: readonly LayoutDesign[] = ['plain', 'independent', 'shared', 'aligned']

/** A code padding draw: 16·U{0..255} bytes. */
export function drawPad(rng: Rng): number {
  return LAYOUT_STEP * Math.floor(rng.uniform() * PAD_STEPS)
}

/**
 * The kernel's address at base and at head in one round: `baseAddress` plus the round's padding,
 * plus `move` bytes at head (a pure layout change: code before the kernel grew). Under `aligned`
 * the function is 64-byte aligned whatever precedes it.
 */
export function roundAddresses(
  design: LayoutDesign,
  o: { baseAddress: number; move: number },
  rng: Rng
): { base: number; head: number } {
  switch (design) {
    case 'plain':
      return { base: o.baseAddress, head: o.baseAddress + o.move }
    case 'independent':
      return { base: o.baseAddress + drawPad(rng), head: o.baseAddress + o.move + drawPad(rng) }
    case 'shared': {
      const pad = drawPad(rng)
      return { base: o.baseAddress + pad, head: o.baseAddress + o.move + pad }
    }
    case 'aligned':
      return { base: 0, head: 0 }
  }
}

/**
 * The exact distribution of a round's layout difference D = L(head) − L(base) under a design (the
 * padding is uniform over whole periods, so the four residues are equally likely): value → probability.
 */
export function layoutDifferences(
  table: LayoutTable,
  design: LayoutDesign,
  o: { baseAddress: number; move: number }
): Map<number, number> {
  const out = new Map<number, number>()
  const add = (d: number, p: number) => {
    const key = Math.abs(d) < 1e-15 ? 0 : d
    out.set(key, (out.get(key) ?? 0) + p)
  }
  const residues = [0, 1, 2, 3].map((i) => i * LAYOUT_STEP)
  if (design === 'plain') add(layoutLn(table, o.baseAddress + o.move) - layoutLn(table, o.baseAddress), 1)
  else if (design === 'aligned') add(0, 1)
  else if (design === 'shared')
    for (const r of residues)
      add(layoutLn(table, o.baseAddress + o.move + r) - layoutLn(table, o.baseAddress + r), 1 / 4)
  else
    for (const rb of residues)
      for (const rh of residues)
        add(layoutLn(table, o.baseAddress + o.move + rh) - layoutLn(table, o.baseAddress + rb), 1 / 16)
  return out
}

/**
 * What the signed-rank test sees of D: θ = P(D₁ + D₂ > 0) + ½·P(D₁ + D₂ = 0) − ½ for two independent
 * rounds (a Walsh average's sign). θ = 0 when D is symmetric about 0; the test's rejection rate
 * grows with |θ|·√n whatever the mean of D (which is 0 over a full period under every randomised design).
 */
export function walshAsymmetry(dist: ReadonlyMap<number, number>): number {
  let theta = -0.5
  for (const [a, pa] of dist)
    for (const [b, pb] of dist) {
      const s = a + b
      if (s > 1e-15) theta += pa * pb
      else if (s >= -1e-15) theta += 0.5 * pa * pb
    }
  return theta
}

/** The mean of D (0 over a full period for any table under independent and shared draws). */
export function meanDifference(dist: ReadonlyMap<number, number>): number {
  let m = 0
  for (const [d, p] of dist) m += d * p
  return m
}
