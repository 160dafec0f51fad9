/**
 * The test in force for one benchmark (docs/statistics.md §1–2, §13): the design decides, never the data.
 * Whole-suite rounds are analysed unpaired (Mann-Whitney, Hodges-Lehmann of all pairwise
 * differences); per-benchmark interleaving makes each round's base and head adjacent in time, so
 * its rounds are analysed as pairs (signed-rank test of d_i = ln(head_i / base_i), Hodges-Lehmann of
 * the Walsh averages, zero differences kept: docs/pairs.md "Zero differences"). Both give a p-value, the smallest p their sizes allow, and the shift and
 * ratio intervals at a level, in the same shape, so the verdict rules (§7) are the same.
 */
import { hodgesLehmann, hodgesLehmannRatio, type HodgesLehmannResult } from '../stats/hodgesLehmann.js'
import { mannWhitneyU } from '../stats/mannWhitney.js'
import { minRankTestSamples } from '../stats/sampleSize.js'
import { prattSignedRank } from '../stats/prattSignedRank.js'
import { signedRankMinP, signedRankMinPairs, type SignedRankResult } from '../stats/signedRank.js'
import { median } from '../stats/summary.js'
import { minExactPValue } from '../stats/wilcoxonDistribution.js'
import type { Side } from '../samples/model.js'
import type { InterleaveChoice } from './types.js'
import type { RunGroup } from './unitOfAnalysis.js'

/**
 * Fewest runs per side (pairs, when paired) at which the test in force can reach p ≤ `level` at all
 * (§10, §13): 2/C(2n, n) for the rank-sum test, 2/2ⁿ for the signed-rank test.
 */
export function minTestRuns(level: number, interleave: InterleaveChoice): number {
  const paired = interleave === 'benchmark' || interleave === 'duet' // duet's samples are pairs too
  return paired ? signedRankMinPairs(level) : minRankTestSamples(level)
}

/** The rounds both sides completed, as run values (medians of the repetitions), in round order. */
export interface Pairs {
  base: number[]
  head: number[]
  rounds: number[]
  /** Rounds with a run on one side only (a crash, a failed run left out): dropped and counted. */
  incomplete: number
}

/**
 * Pairs each round's base run with its head run (a round's runs share its index). Runs without
 * distinct round numbers (sample files not named by benchgate) pair in time order, i-th with i-th.
 */
export function pairByRound(runs: Record<Side, readonly RunGroup[]>): Pairs {
  const distinct = (gs: readonly RunGroup[]) =>
    gs.every((g) => g.round >= 0) && new Set(gs.map((g) => g.round)).size === gs.length
  const byRound = distinct(runs.base) && distinct(runs.head)
  const key = (g: RunGroup, i: number) => (byRound ? g.round : i)
  const head = new Map<number, number>()
  runs.head.forEach((g, i) => head.set(key(g, i), median(g.values)))
  const pairs: Pairs = { base: [], head: [], rounds: [], incomplete: 0 }
  const baseKeys = new Set<number>()
  runs.base.forEach((g, i) => {
    const k = key(g, i)
    baseKeys.add(k)
    const h = head.get(k)
    if (h === undefined) {
      pairs.incomplete++
      return
    }
    pairs.base.push(median(g.values))
    pairs.head.push(h)
    pairs.rounds.push(k)
  })
  for (const k of head.keys()) if (!baseKeys.has(k)) pairs.incomplete++
  return pairs
}

/** What the test says, independent of the interval's level. */
export interface TestOutcome {
  test: 'rank-sum' | 'signed-rank'
  pValue: number
  /** R's W (rank-sum, for head) or V (signed-rank, sum of the ranks of the positive log-ratios). */
  statistic: number
  method: 'exact' | 'normal'
  /** The smallest two-sided p the exact test can reach with these sizes (§10). */
  minP: number
  warnings: string[]
  /** Signed-rank only: the pairs used and the incomplete ones dropped. */
  pairs?: { used: number; incomplete: number }
  /**
   * Ties among what the test ranks: equal values across the pooled sides (rank-sum), or zero or
   * equal-magnitude log-ratios (signed-rank). Only then may a report say "with ties".
   */
  ties: boolean
}

/** The values a test runs on: the two sides (unpaired) or, in addition, their pairs. */
export interface TestInput {
  values: Record<Side, number[]>
  pairs: Pairs | null
}

const logRatios = (p: Pairs): number[] => p.head.map((h, i) => Math.log(h / p.base[i]))
const differences = (p: Pairs): number[] => p.head.map((h, i) => h - p.base[i])

export function runTest(input: TestInput): TestOutcome {
  const { values, pairs } = input
  if (pairs) {
    const sr = prattSignedRank(logRatios(pairs))
    return {
      test: 'signed-rank',
      pValue: sr.pValue,
      statistic: sr.v,
      method: sr.method,
      // Every pair counts, zeros too: the interval inverts the test at shifts where no pair is zero.
      minP: signedRankMinP(sr.n),
      warnings: sr.warnings,
      pairs: { used: pairs.base.length, incomplete: pairs.incomplete },
      ties: hasTies(logRatios(pairs).map(Math.abs))
    }
  }
  const mw = mannWhitneyU(values.head, values.base, { alpha: null })
  return {
    test: 'rank-sum',
    pValue: mw.pValue,
    statistic: mw.u,
    method: mw.method,
    minP: minExactPValue(values.head.length, values.base.length),
    warnings: mw.warnings,
    ties: hasTies([...values.head, ...values.base])
  }
}

/** Whether two of `xs` are equal, or one is 0 (a zero log-ratio is a tie of the pair; times are never 0). O(n log n). */
function hasTies(xs: readonly number[]): boolean {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted.some((x, i) => x === 0 || (i > 0 && x === sorted[i - 1]))
}

/** Hodges-Lehmann shift (ns) and ratio with their intervals at `confLevel`, for the test in force. */
export function testIntervals(
  input: TestInput,
  confLevel: number
): { shift: HodgesLehmannResult; ratio: HodgesLehmannResult } {
  const { values, pairs } = input
  if (!pairs)
    return {
      shift: hodgesLehmann(values.head, values.base, { confLevel }),
      ratio: hodgesLehmannRatio(values.head, values.base, { confLevel })
    }
  const ratio = asInterval(prattSignedRank(logRatios(pairs), { confLevel }), Math.exp)
  return { shift: asInterval(prattSignedRank(differences(pairs), { confLevel }), (x) => x), ratio }
}

/** The signed-rank estimate and interval in the Hodges-Lehmann result's shape (back-transformed). */
function asInterval(sr: SignedRankResult, back: (x: number) => number): HodgesLehmannResult {
  return {
    estimate: back(sr.estimate),
    ci: [back(sr.ci[0]), back(sr.ci[1])],
    method: sr.method,
    confLevel: sr.confLevel,
    ...(sr.achievedConfLevel !== undefined && { fallbackLevel: sr.achievedConfLevel }),
    warnings: sr.warnings
  }
}
