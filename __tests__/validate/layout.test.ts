// The layout model of the validation study (validation/src/model/layout.ts) and one simulated run of
// the layout study (studies/layout.ts): periodic L, padding draws, each design's addresses, the exact
// distribution of a round's layout difference and its asymmetry, and that a plain pure move is found.
import { describe, expect, it } from '@jest/globals'
import {
  drawPad,
  LAYOUT_DESIGNS,
  LAYOUT_TABLES,
  layoutDifferences,
  layoutLn,
  meanDifference,
  roundAddresses,
  walshAsymmetry,
  type LayoutTable
} from '../../validation/src/model/layout.js'
import { createRng } from '../../validation/src/model/rng.js'
import { simulateLayoutRun } from '../../validation/src/studies/layout.js'

const table = (name: string): LayoutTable => LAYOUT_TABLES.find((t) => t.name === name) as LayoutTable
const measured = table('measured')
const ramp = table('ramp')
const pure = { baseAddress: 0, move: 16 }
const total = (d: Map<number, number>) => [...d.values()].reduce((a, b) => a + b, 0)

describe('layoutLn', () => {
  it('is periodic in 64 bytes and reads the 16-byte residue', () => {
    for (const address of [0, 16, 32, 48])
      for (const k of [1, 5, 63])
        expect(layoutLn(measured, address + 64 * k)).toBe(layoutLn(measured, address))
    expect(layoutLn(measured, 16)).toBeCloseTo(Math.log(1.45), 12)
    expect(layoutLn(measured, 4096 + 16)).toBeCloseTo(Math.log(1.45), 12)
    expect([0, 32, 48].map((a) => layoutLn(measured, a))).toEqual([0, 0, 0])
  })
  it('refuses an address off the 16-byte grid', () => {
    expect(() => layoutLn(measured, 8)).toThrow(RangeError)
  })
})

describe('drawPad and roundAddresses', () => {
  it('draws multiples of 16 within a page, every residue mod 64 about equally often', () => {
    const rng = createRng(3)
    const counts = [0, 0, 0, 0]
    let offGrid = 0
    for (let i = 0; i < 8000; i++) {
      const pad = drawPad(rng)
      if (!(pad % 16 === 0 && pad >= 0 && pad < 4096)) offGrid++
      else counts[(pad % 64) / 16]++
    }
    expect(offGrid).toBe(0)
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(200)
  })
  it('gives each design its addresses', () => {
    const rng = createRng(5)
    expect(roundAddresses('plain', { baseAddress: 32, move: 16 }, rng)).toEqual({ base: 32, head: 48 })
    expect(roundAddresses('aligned', { baseAddress: 32, move: 16 }, rng)).toEqual({ base: 0, head: 0 })
    let differ = 0
    for (let i = 0; i < 50; i++) {
      const s = roundAddresses('shared', pure, rng)
      expect(s.head - s.base).toBe(16)
      const ind = roundAddresses('independent', pure, rng)
      if (ind.head - ind.base !== 16) differ++
    }
    expect(differ).toBeGreaterThan(40)
  })
})

describe('layoutDifferences and walshAsymmetry', () => {
  it('sum to probability 1 with mean 0 over a full period under both randomised designs', () => {
    for (const t of LAYOUT_TABLES)
      for (const design of ['independent', 'shared'] as const) {
        const d = layoutDifferences(t, design, pure)
        expect(total(d)).toBeCloseTo(1, 12)
        expect(meanDifference(d)).toBeCloseTo(0, 12)
      }
  })
  it('plain ABBA moves the measured kernel onto its slow residue; aligned never moves it', () => {
    expect([...layoutDifferences(measured, 'plain', pure)]).toEqual([[Math.log(1.45), 1]])
    expect([...layoutDifferences(measured, 'aligned', pure)]).toEqual([[0, 1]])
  })
  it('is symmetric (θ = 0) for independent draws of any table and shared draws of a single slow residue', () => {
    for (const t of LAYOUT_TABLES)
      expect(walshAsymmetry(layoutDifferences(t, 'independent', pure))).toBeCloseTo(0, 12)
    expect(walshAsymmetry(layoutDifferences(measured, 'shared', pure))).toBeCloseTo(0, 12)
  })
  it('is asymmetric for shared draws of the ramp: three small rises and one large drop, θ = 9/16 − 1/2', () => {
    // D ∈ {+0.14, +0.12, +0.11, −0.37} equally likely: Walsh sums are positive when both are rises (9/16)
    expect(walshAsymmetry(layoutDifferences(ramp, 'shared', pure))).toBeCloseTo(1 / 16, 12)
  })
  it('reads θ off a hand-made distribution', () => {
    expect(walshAsymmetry(new Map([[1, 1]]))).toBeCloseTo(0.5, 12)
    expect(
      walshAsymmetry(
        new Map([
          [0.5, 0.5],
          [-0.5, 0.5]
        ])
      )
    ).toBeCloseTo(0, 12)
    expect(walshAsymmetry(new Map([[0, 1]]))).toBeCloseTo(0, 12)
  })
  it('covers every design', () => {
    for (const design of LAYOUT_DESIGNS)
      expect(total(layoutDifferences(ramp, design, pure))).toBeCloseTo(1, 12)
  })
})

describe('simulateLayoutRun', () => {
  const run = (seed: number) =>
    simulateLayoutRun({
      table: measured,
      design: 'plain',
      effect: 0,
      move: 16,
      rounds: 10,
      noise: 'shared',
      seed
    })
  it('is deterministic for a seed; plain ABBA calls the +16-byte move a 1.45× regression of BM_Branchy only', () => {
    const a = run(11)
    expect(run(11)).toEqual(a)
    expect(a.verdicts.BM_Branchy).toBe('regression')
    expect(a.ratio).toBeGreaterThan(1.4)
    expect(a.ratio).toBeLessThan(1.5)
    expect(a.verdicts.BM_Chain).not.toBe('regression')
  })
})
