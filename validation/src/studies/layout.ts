/**
 * Layout (issue 32, STATISTICS §12–§13; docs/VALIDATION.md "Layout"), simulated from the measured
 * variance components: does plain ABBA flag a pure layout change (head only moves the kernel's code by
 * 16 bytes), and do randomised layouts (independent or shared draws) or the cheap mitigation
 * (-falign-functions=64) keep it at or below α while still finding a real +5%?
 *
 * One simulated `benchgate run` = per-benchmark ABBA rounds (--interleave benchmark, 3 repetitions ×
 * 0.05 s a process, one warm-up round) of a two-benchmark suite on the simulated machine
 * (noiseModel.ts, by default with this VM's slow phases), analysed by the shipped `analyzeSuite`
 * (signed-rank of the rounds' log-ratios, Bonferroni over the 2 benchmarks, α = 0.01, δ = 2%).
 *   BM_Branchy  time × exp(L(address)) with L from a table (model/layout.ts); the change under study.
 *   BM_Chain    no layout effect (measured ±5% at most, within its noise); the same change.
 * Every round each side's kernel address comes from the design (model/layout.ts roundAddresses).
 *
 *   npm run validate -- layout [--quick] [--runs N] [--power-runs N] [--extra-runs N] [--noise P] [--seed S] [--out FILE]
 */
import { analyzeSuite } from '../../../src/analysis/suite.js'
import { DEFAULT_ANALYSIS_OPTIONS, type Verdict } from '../../../src/analysis/types.js'
import type { Sample } from '../../../src/samples/model.js'
import { clopperPearson, type BinomialInterval } from '../model/binomial.js'
import {
  LAYOUT_DESIGNS,
  LAYOUT_TABLES,
  layoutDifferences,
  layoutLn,
  meanDifference,
  roundAddresses,
  walshAsymmetry,
  type LayoutDesign,
  type LayoutTable
} from '../model/layout.js'
import { createSession, NOISE_PRESETS, simulateAbba } from '../model/noiseModel.js'
import { createRng } from '../model/rng.js'

export const LAYOUT_ROUNDS = [10, 20, 40]
/** Rounds tried, in order, for the rounds a design needs to find +5% in 80% of runs. */
export const POWER_ROUNDS = [10, 14, 20, 28, 40, 56, 80, 113, 160, 226, 320]
export const POWER_TARGET = 0.8
const REPETITIONS = 3
const MIN_TIME = 0.05
/** The kernel's address (mod 64) at zero padding: residue 0, where the measured kernel is fast. */
const BASE_ADDRESS = 0
const BRANCHY = 'BM_Branchy'
const CHAIN = 'BM_Chain'
/** The two changes: head only moves the kernels' code by 16 bytes; or 5% more work, nothing moved. */
export const LAYOUT_CHANGES = [
  { name: 'pure layout (+16 bytes)', effect: 0, move: 16 },
  { name: 'real +5%', effect: Math.log(1.05), move: 0 }
] as const
export type LayoutNoise = keyof typeof NOISE_PRESETS

export interface LayoutCell {
  table: string
  change: string
  design: LayoutDesign
  rounds: number
  runs: number
  /** BM_Branchy called a regression or an improvement (the gate fails or flags it). */
  branchyFlagged: BinomialInterval
  /** Of those, regressions (the direction of a real slowdown). */
  branchyRegression: BinomialInterval
  /** BM_Chain (no layout effect) flagged: the same change on an insensitive kernel. */
  chainFlagged: BinomialInterval
  /** Median over runs of BM_Branchy's Hodges-Lehmann ratio. */
  branchyMedianRatio: number
}

export interface LayoutPowerRow {
  table: string
  design: LayoutDesign
  /** Rounds tried and BM_Branchy's detection (regression) at each, up to the first ≥ 80%. */
  tried: Array<{ rounds: number; detection: BinomialInterval }>
  /** The fewest rounds tried with detection ≥ 80%, or null when none up to the last tried. */
  roundsFor80: number | null
}

/** The exact layout difference D = L(head) − L(base) a table gives under a design (pure move). */
export interface LayoutShape {
  table: string
  design: LayoutDesign
  mean: number
  /** walshAsymmetry: 0 when D is symmetric about 0. */
  theta: number
}

export interface LayoutResults {
  meta: string
  noise: LayoutNoise
  tables: Array<Pick<LayoutTable, 'name' | 'what'> & { lnByResidue: number[] }>
  shapes: LayoutShape[]
  cells: LayoutCell[]
  /** The measured table at PHASES_ROUNDS rounds with this VM's slow phases. */
  phasesCells: LayoutCell[]
  /** The asymmetric tables at LONG_ROUNDS rounds (pure move, randomised designs). */
  longCells: LayoutCell[]
  power: LayoutPowerRow[]
  /**
   * Measured table, independent draws, pure move, 40 rounds: median over runs of the sd of
   * ln(process value) on the base side (to set beside the real runs' σ per process).
   */
  simulatedProcessSd: { branchy: number; chain: number }
}

interface OneRun {
  verdicts: Record<string, Verdict>
  ratio: number
  /** sd of ln(process median) on the base side, per benchmark. */
  baseSd: { branchy: number; chain: number }
}

/** One simulated run of `rounds` ABBA rounds under a design; run `i` of a cell (seed + i, as pairs.ts). */
export function simulateLayoutRun(o: {
  table: LayoutTable
  design: LayoutDesign
  effect: number
  move: number
  rounds: number
  noise: LayoutNoise
  seed: number
}): OneRun {
  const session = createSession(NOISE_PRESETS[o.noise], o.seed)
  // Its own stream (not a fork of the session's root, whose forks drive the machine's noise).
  const layoutRng = createRng(o.seed + 1_000_000_007)
  const samples: Sample[] = []
  for (let r = 0; r < o.rounds; r++) {
    const at = roundAddresses(o.design, { baseAddress: BASE_ADDRESS, move: o.move }, layoutRng)
    const lb = layoutLn(o.table, at.base)
    const lh = layoutLn(o.table, at.head)
    samples.push(
      ...simulateAbba(session, {
        benchmarks: [
          { name: BRANCHY, lambdaNs: 3000 * Math.exp(lb), ratio: Math.exp(o.effect + lh - lb) },
          { name: CHAIN, lambdaNs: 2000, ratio: Math.exp(o.effect) }
        ],
        rounds: 1,
        firstRound: r,
        warmupRounds: r === 0 ? 1 : 0,
        repetitions: REPETITIONS,
        minTimeSeconds: MIN_TIME,
        interleave: 'benchmark',
        gapSeconds: 0.002
      })
    )
  }
  const suite = analyzeSuite({ samples }, { ...DEFAULT_ANALYSIS_OPTIONS, interleave: 'benchmark' })
  const verdicts: Record<string, Verdict> = {}
  let ratio = NaN
  for (const c of suite.comparisons) {
    verdicts[c.benchmark] = c.verdict
    if (c.benchmark === BRANCHY) ratio = c.ratio?.estimate ?? NaN
  }
  return {
    verdicts,
    ratio,
    baseSd: { branchy: baseSideSd(samples, BRANCHY), chain: baseSideSd(samples, CHAIN) }
  }
}

/** sd of ln(median of each base process's repetitions) of one benchmark: the per-process spread. */
function baseSideSd(samples: readonly Sample[], name: string): number {
  const byRun = new Map<number, number[]>()
  for (const s of samples)
    if (s.benchmark === name && s.side === 'base')
      byRun.set(s.run, [...(byRun.get(s.run) ?? []), s.realTimeNs])
  const logs = [...byRun.values()].map((v) =>
    Math.log([...v].sort((a, b) => a - b)[Math.floor(v.length / 2)])
  )
  const m = logs.reduce((a, b) => a + b, 0) / logs.length
  return Math.sqrt(logs.reduce((a, b) => a + (b - m) ** 2, 0) / (logs.length - 1))
}

const flagged = (v: Verdict | undefined) => v === 'regression' || v === 'improvement'
const medianOf = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b)
  return s.length ? s[Math.floor(s.length / 2)] : NaN
}

export function layoutCell(
  table: LayoutTable,
  change: (typeof LAYOUT_CHANGES)[number],
  design: LayoutDesign,
  rounds: number,
  o: { runs: number; noise: LayoutNoise; seed: number }
): { cell: LayoutCell; baseSds: Array<OneRun['baseSd']> } {
  let branchy = 0
  let up = 0
  let chain = 0
  const ratios: number[] = []
  const baseSds: Array<OneRun['baseSd']> = []
  for (let i = 0; i < o.runs; i++) {
    const run = simulateLayoutRun({ table, design, ...change, rounds, noise: o.noise, seed: o.seed + i })
    if (flagged(run.verdicts[BRANCHY])) branchy++
    if (run.verdicts[BRANCHY] === 'regression') up++
    if (flagged(run.verdicts[CHAIN])) chain++
    ratios.push(run.ratio)
    baseSds.push(run.baseSd)
  }
  const cell: LayoutCell = {
    table: table.name,
    change: change.name,
    design,
    rounds,
    runs: o.runs,
    branchyFlagged: clopperPearson(branchy, o.runs),
    branchyRegression: clopperPearson(up, o.runs),
    chainFlagged: clopperPearson(chain, o.runs),
    branchyMedianRatio: medianOf(ratios)
  }
  return { cell, baseSds }
}

/** Rounds until BM_Branchy's +5% is found (regression) in ≥ 80% of `runs` runs, over POWER_ROUNDS. */
export function roundsFor80(
  table: LayoutTable,
  design: LayoutDesign,
  o: { runs: number; noise: LayoutNoise; seed: number },
  grid: readonly number[] = POWER_ROUNDS
): LayoutPowerRow {
  const tried: LayoutPowerRow['tried'] = []
  for (const rounds of grid) {
    const { cell: c } = layoutCell(table, LAYOUT_CHANGES[1], design, rounds, o)
    tried.push({ rounds, detection: c.branchyRegression })
    if (c.branchyRegression.rate >= POWER_TARGET)
      return { table: table.name, design, tried, roundsFor80: rounds }
  }
  return { table: table.name, design, tried, roundsFor80: null }
}

/**
 * The cells run: every design for the measured table; for the others only the rows that differ from
 * the measured table's. Left out as identical in distribution: `aligned` (L = 0 on both sides whatever
 * the table) and the real +5% under plain, shared and aligned (the same residue on both sides, so L
 * cancels from every round's log-ratio whatever the table).
 */
export const LAYOUT_PLAN: ReadonlyArray<{ table: string; change: number; designs: readonly LayoutDesign[] }> =
  [
    { table: 'measured', change: 0, designs: LAYOUT_DESIGNS },
    { table: 'measured', change: 1, designs: LAYOUT_DESIGNS },
    { table: 'small', change: 0, designs: ['plain', 'independent', 'shared'] },
    { table: 'small', change: 1, designs: ['independent'] },
    { table: 'shoulder', change: 0, designs: ['plain', 'independent', 'shared'] },
    { table: 'ramp', change: 0, designs: ['plain', 'independent', 'shared'] }
  ]
/** The rounds search: every design on the measured table; the small table where it differs (independent). */
export const POWER_PLAN: ReadonlyArray<{ table: string; design: LayoutDesign }> = [
  ...LAYOUT_DESIGNS.map((design) => ({ table: 'measured', design })),
  { table: 'small', design: 'independent' }
]
/** The stress case: this VM's slow phases (noiseModel.ts PHASES), measured table, 20 rounds. */
export const PHASES_ROUNDS = 20
/**
 * Longer runs for the tables whose shared-draw differences are asymmetric (θ ≠ 0): the signed-rank
 * test's rejection rate grows with |θ|·√rounds, so a bias too small to show at 40 rounds may at 160.
 */
export const LONG_ROUNDS = 160
export const LONG_PLAN: ReadonlyArray<{ table: string; designs: readonly LayoutDesign[] }> = [
  { table: 'shoulder', designs: ['independent', 'shared'] },
  { table: 'ramp', designs: ['independent', 'shared'] }
]

export interface LayoutStudyOptions {
  runs: number
  powerRuns: number
  extraRuns: number
  noise: LayoutNoise
  seed: number
}

const tableNamed = (name: string): LayoutTable => {
  const t = LAYOUT_TABLES.find((x) => x.name === name)
  if (!t) throw new RangeError(`layout: no table '${name}'`)
  return t
}

/** Every planned cell, the phases cells, the exact shapes, and the rounds for 80% per design. */
export function runLayoutStudy(o: LayoutStudyOptions, log: (line: string) => void): LayoutResults {
  const t0 = Date.now()
  const secs = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`
  const pure = { baseAddress: BASE_ADDRESS, move: LAYOUT_CHANGES[0].move }
  const shapes = LAYOUT_TABLES.flatMap((t) =>
    LAYOUT_DESIGNS.map((design) => {
      const dist = layoutDifferences(t, design, pure)
      return { table: t.name, design, mean: meanDifference(dist), theta: walshAsymmetry(dist) }
    })
  )
  const cells: LayoutCell[] = []
  const sds = { branchy: NaN, chain: NaN }
  for (const plan of LAYOUT_PLAN) {
    for (const design of plan.designs)
      for (const rounds of LAYOUT_ROUNDS) {
        const { cell, baseSds } = layoutCell(
          tableNamed(plan.table),
          LAYOUT_CHANGES[plan.change],
          design,
          rounds,
          o
        )
        if (plan.table === 'measured' && design === 'independent' && plan.change === 0 && rounds === 40) {
          sds.branchy = medianOf(baseSds.map((x) => x.branchy))
          sds.chain = medianOf(baseSds.map((x) => x.chain))
        }
        cells.push(cell)
      }
    log(`layout: ${plan.table}, ${LAYOUT_CHANGES[plan.change].name} done at ${secs()}`)
  }
  const phasesCells: LayoutCell[] = []
  for (const change of LAYOUT_CHANGES)
    for (const design of LAYOUT_DESIGNS)
      phasesCells.push(
        layoutCell(tableNamed('measured'), change, design, PHASES_ROUNDS, {
          ...o,
          runs: o.extraRuns,
          noise: 'phases'
        }).cell
      )
  log(`layout: the slow-phases cells done at ${secs()}`)
  const longCells: LayoutCell[] = []
  for (const plan of LONG_PLAN)
    for (const design of plan.designs) {
      const long = { ...o, runs: o.extraRuns }
      longCells.push(layoutCell(tableNamed(plan.table), LAYOUT_CHANGES[0], design, LONG_ROUNDS, long).cell)
    }
  log(`layout: the ${LONG_ROUNDS}-round cells done at ${secs()}`)
  const power = POWER_PLAN.map(({ table, design }) => {
    const row = roundsFor80(tableNamed(table), design, { runs: o.powerRuns, noise: o.noise, seed: o.seed })
    log(`layout: rounds for 80%, ${table}/${design} done at ${secs()}`)
    return row
  })
  const meta =
    `${o.runs} simulated runs per cell (slow phases and ${LONG_ROUNDS} rounds: ${o.extraRuns}), ${o.powerRuns} per point of the rounds search; ` +
    `noise model \`${o.noise}\` (noiseModel.ts), per-benchmark ABBA (${REPETITIONS} repetitions × ${MIN_TIME} s a process, ` +
    `1 warm-up round), 2 benchmarks, defaults (α = 0.01 Bonferroni, δ = 2%), seed ${o.seed}, ${secs()} of computing ` +
    `(\`npm run validate -- layout\`).`
  return {
    meta,
    noise: o.noise,
    tables: LAYOUT_TABLES.map((t) => ({ name: t.name, what: t.what, lnByResidue: [...t.lnByResidue] })),
    shapes,
    cells,
    phasesCells,
    longCells,
    power,
    simulatedProcessSd: sds
  }
}
