/**
 * The paired analysis of per-benchmark interleaving (STATISTICS §13, issue 34): the signed-rank
 * test of the rounds' log-ratios, with R's `wilcox.test(paired = TRUE, conf.int = TRUE)` as the
 * oracle on the run values; incomplete pairs dropped and counted; n_min of the test in force.
 */
import { describe, expect, it } from '@jest/globals'
import { compare } from '../../src/analysis/comparison.js'
import { decidability } from '../../src/analysis/decidability.js'
import { pairByRound } from '../../src/analysis/rankTests.js'
import type { Observation } from '../../src/analysis/types.js'
import { median } from '../../src/stats/summary.js'
import { hasR, noRReason, runR, seededRandom } from '../helpers/r.js'

/**
 * `rounds` rounds of one benchmark, 3 repetitions a process; `phase(i)` multiplies both sides of
 * round i alike (the slow phases a pair shares), `ratio` is head/base.
 */
function rounds(
  seed: number,
  n: number,
  ratio: number,
  phase: (i: number) => number,
  sigma = 0.01
): { base: Observation[]; head: Observation[] } {
  const u = seededRandom(seed)
  const normal = () => Math.sqrt(-2 * Math.log(u() + 1e-12)) * Math.cos(2 * Math.PI * u())
  const side = (r: number): Observation[] =>
    Array.from({ length: n }, (_, i) =>
      [0, 1, 2].map((repetition) => ({
        value: 1000 * r * phase(i) * Math.exp(sigma * normal()),
        round: i,
        run: i,
        repetition
      }))
    ).flat()
  return { base: side(1), head: side(ratio) }
}

const runValues = (obs: Observation[]): number[] => {
  const byRun = new Map<number, number[]>()
  for (const o of obs) byRun.set(o.run, [...(byRun.get(o.run) ?? []), o.value])
  return [...byRun.values()].map(median)
}

const describeR = hasR ? describe : describe.skip
if (!hasR) console.warn(`skipping the paired analysis' R oracle: ${noRReason}`)

describeR("paired analysis against R's wilcox.test(paired = TRUE)", () => {
  it.each([
    ['12 rounds, +4%, shared phases', 1, 12, 1.04, (i: number) => (i % 3 === 0 ? 1.9 : 1)],
    ['30 rounds, A/A', 2, 30, 1, (i: number) => 1 + 0.5 * Math.sin(i)],
    ['60 rounds, −3% (normal approximation)', 3, 60, 0.97, (i: number) => (i % 5 < 2 ? 1.88 : 1)]
  ])('%s: p, V, the ratio interval and estimate as R gives them', (_name, seed, n, ratio, phase) => {
    const { base, head } = rounds(seed, n, ratio, phase)
    const c = compare('BM_P', base, head, { interleave: 'benchmark' })
    expect(c.test).toBe('signed-rank')
    expect(c.pairs).toEqual({ used: n, incomplete: 0 })
    const r = runR(
      `w <- wilcox.test(log(h), log(b), paired = TRUE, conf.int = TRUE, conf.level = 0.99)
       emit("p", w$p.value); emit("v", w$statistic); emit("est", exp(w$estimate)); emit("ci", exp(w$conf.int))`,
      { b: runValues(base), h: runValues(head) }
    )
    expect(c.pValue!).toBeCloseTo(r.p[0], 12)
    expect(c.statistic).toBe(r.v[0])
    expect(Math.abs(c.ratio!.estimate / r.est[0] - 1)).toBeLessThan(1e-4)
    expect(Math.abs(c.ratio!.ci[0] / r.ci[0] - 1)).toBeLessThan(1e-4)
    expect(Math.abs(c.ratio!.ci[1] / r.ci[1] - 1)).toBeLessThan(1e-4)
  })
})

describe('paired analysis', () => {
  it('cancels what a pair shares: a +5% change under half-speed phases is decided paired, not unpaired', () => {
    // Rounds at speeds spread over 1–1.8× (this VM's phases), shared by the two runs of a round.
    const { base, head } = rounds(7, 20, 1.05, (i) => 1 + (0.8 * ((i * 7) % 10)) / 10, 0.005)
    const paired = compare('BM_P', base, head, { interleave: 'benchmark' })
    const unpaired = compare('BM_P', base, head, { interleave: 'suite' })
    expect(paired.test).toBe('signed-rank')
    expect(unpaired.test).toBe('rank-sum')
    expect(paired.verdict).toBe('regression')
    expect(paired.ratio!.ci[0]).toBeGreaterThan(1.02)
    expect(unpaired.ratio!.ci[1] - unpaired.ratio!.ci[0]).toBeGreaterThan(
      5 * (paired.ratio!.ci[1] - paired.ratio!.ci[0])
    )
  })

  it('drops and counts the rounds with one side only', () => {
    const { base, head } = rounds(11, 14, 1.1, () => 1)
    const keptBase = base.filter((o) => o.round !== 3)
    const keptHead = head.filter((o) => o.round !== 9 && o.round !== 10)
    const c = compare('BM_P', keptBase, keptHead, { interleave: 'benchmark' })
    expect(c.pairs).toEqual({ used: 11, incomplete: 3 })
    expect(c.series!.base).toHaveLength(11)
    expect(c.series!.head).toHaveLength(11)
    expect(c.verdict).toBe('regression')
  })

  it('below R_MIN pairs is too few processes: no p, no verdict, as unpaired', () => {
    const { base, head } = rounds(12, 8, 1.5, () => 1)
    const c = compare(
      'BM_P',
      base.filter((o) => o.round < 6),
      head.filter((o) => o.round >= 2),
      { interleave: 'benchmark' }
    )
    expect(c.levelReason).toBe('too-few-processes')
    expect(c.pValue).toBeNull()
    expect(c.verdict).toBe('inconclusive')
  })

  it('holds the verdict when the signed-rank test cannot reach the level: 7 pairs at α = 0.01', () => {
    // 2/2⁷ = 0.0156 > 0.01: even seven head-slower pairs out of seven decide nothing.
    const { base, head } = rounds(13, 7, 1.5, () => 1)
    const c = compare('BM_P', base, head, { interleave: 'benchmark' })
    expect(c.inconclusiveReason).toBe('level-unreachable')
    expect(c.warnings.map((w) => w.message).join('\n')).toMatch(
      /with 7 pairs no two-sided p-value can be below 0\.016/
    )
    const eight = rounds(13, 8, 1.5, () => 1)
    expect(compare('BM_P', eight.base, eight.head, { interleave: 'benchmark' }).verdict).toBe('regression')
  })

  it('pairs by round number, and in time order when the files carry no round', () => {
    const g = (round: number, v: number) => ({ run: round, round, values: [v] })
    expect(pairByRound({ base: [g(0, 1), g(1, 2), g(2, 3)], head: [g(2, 30), g(0, 10)] })).toEqual({
      base: [1, 3],
      head: [10, 30],
      rounds: [0, 2],
      incomplete: 1
    })
    const anon = (run: number, v: number) => ({ run, round: -1, values: [v] })
    expect(pairByRound({ base: [anon(0, 1), anon(1, 2)], head: [anon(5, 10), anon(6, 20)] })).toMatchObject({
      base: [1, 2],
      head: [10, 20],
      incomplete: 0
    })
  })

  it("n_min is the signed-rank test's under per-benchmark interleaving (§10, §13)", () => {
    const o = { alpha: 0.01, correction: 'bonferroni' as const }
    expect(decidability(1, { ...o, interleave: 'benchmark' }).minRuns).toBe(8)
    expect(decidability(69, { ...o, interleave: 'benchmark' }).minRuns).toBe(14)
    expect(decidability(1, { ...o, interleave: 'suite' }).minRuns).toBe(5)
    expect(decidability(69, o).minRuns).toBe(9)
  })
})
