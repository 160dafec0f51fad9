/**
 * The JSON the report page carries, as render.ts writes it and client.ts reads it: one type for both
 * sides of the wire, so a key renamed on one side fails the type check on the other. Short keys keep
 * 10,000 benchmarks' data small. Types only: the page script is compiled with these erased.
 */

/** Page-wide data (`#benchgate-data`). */
import type { IcicleRow } from './icicle.js'

export interface PageWire {
  /** Plot id -> caption. */
  captions: Record<string, string>
  minEffect: number
  confLevel: number
  /** Overview rows: [benchmark index, ratio, lower, upper]. */
  forest: Array<[number, number, number, number]>
}

/** One benchmark's data (`#d<i>`), as written (before the client fills in what it derives on load). */
export interface BenchWire {
  /**
   * count mode's call tree of the loop (icicle): rows [name, parent (−1: root), base,
   * head] breadth first, the metric, and how many calls were left out (`s` is the minimum share)
   */
  t?: { r: IcicleRow[]; m: string; d: number; s: number }
  /** name, verdict, level the test used */
  n: string
  v: string
  lv: string
  s: [SideWire | null, SideWire | null] | null
  /** histogram: first edge, bin width, counts per side */
  h: { lo: number; w: number; c: [number[], number[]] } | null | undefined
  /** densities: first x, step, maximum density, per side as 0..1000 of m (made absolute on load) */
  k: { x0: number; dx: number; m: number; y: [number[], number[]] } | null | undefined
  /** pairwise differences: first edge, bin width, counts, pairs used / in all, HL shift, CI */
  d:
    | {
        lo: number
        w: number
        c: number[]
        u: number
        t: number
        e: number | null
        ci: [number, number] | null
      }
    | null
    | undefined
}

export interface SideWire {
  /**
   * values in ns (time order), their x positions, total count, axis: 'r' rounds | 'i' index.
   * When every value is here (v.length = N), x is null and filled in on load: from `r`, the rounds
   * as [round, values in a row, ...] (positions as plotData.ts timePositions), or the index.
   */
  v: number[]
  x: number[] | null
  r: number[] | null
  N: number
  ax: 'r' | 'i'
  /** box: [min, q1, median, q3, max, whiskerLow, whiskerHigh] */
  b: number[]
  o: number[]
  /** ECDF x and cumulative counts (e null: every value is in v, made from v on load; c null: no ties, count = i + 1) */
  e: number[] | null
  c: number[] | null
  a: { r: number[]; band: number; n: number } | null
}
