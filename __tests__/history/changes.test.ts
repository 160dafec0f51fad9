/**
 * history/changes.ts on synthetic histories (STATISTICS.md §11): a planted step is found within ±1
 * commit and names its commit range and PR; an environment change is labelled as such and never as a
 * code change; a creep of +0.3% per commit over 30 commits is reported; pure noise gives nothing.
 */
import { describe, expect, it } from '@jest/globals'
import { analyseHistory } from '../../src/history/changes.js'
import { renderSummary } from '../../src/history/summary.js'
import { flat, sha, syntheticHistory } from './synthetic.js'

const LN1000 = Math.log(1000)

describe('analyseHistory', () => {
  it('finds a planted +8% step at a known commit within ±1 commit, with the range and the PR', () => {
    const records = syntheticHistory({
      commits: 100,
      series: [
        { name: 'BM_Step', truth: (i) => LN1000 + (i >= 60 ? Math.log(1.08) : 0) },
        ...Array.from({ length: 9 }, (_, k) => flat(`BM_Flat${k}`, k * 0.1))
      ]
    })
    const changes = analyseHistory(records)
    const step = changes.series.find((s) => s.name === 'BM_Step')!
    expect(step.change_points).toHaveLength(1)
    const cp = step.change_points[0]
    const at = records.findIndex((r) => r.commit === cp.to.commit)
    expect(Math.abs(at - 60)).toBeLessThanOrEqual(1)
    expect(cp.from.commit).toBe(records[at - 1].commit)
    expect(cp.to.pr).toBe(records[at].pr)
    expect(cp.change).toBeGreaterThan(0.06)
    expect(cp.change).toBeLessThan(0.1)
    expect(cp.q_value).toBeLessThanOrEqual(0.01)
    for (const s of changes.series.filter((s) => s.name !== 'BM_Step')) expect(s.change_points).toEqual([])
    expect(changes.environment_changes).toEqual([])
  })

  it('labels a fingerprint change as an environment change, and finds no code change where every series shifted', () => {
    const newCpu = (i: number) => i >= 50
    const records = syntheticHistory({
      commits: 100,
      fingerprint: (i) => ({ cpuModel: newCpu(i) ? 'Xeon 8370C' : 'EPYC 7763', numCpus: 4 }),
      // the new CPU is 15% slower on every benchmark
      series: Array.from({ length: 10 }, (_, k) => ({
        name: `BM_${k}`,
        truth: (i: number) => LN1000 + k * 0.1 + (newCpu(i) ? Math.log(1.15) : 0)
      }))
    })
    const changes = analyseHistory(records)
    expect(changes.environment_changes).toEqual([
      {
        from: { commit: sha(49), date: records[49].date, pr: null },
        to: { commit: sha(50), date: records[50].date, pr: 1050 },
        fields: { cpuModel: ['EPYC 7763', 'Xeon 8370C'] },
        by: 'fingerprint'
      }
    ])
    for (const s of changes.series) {
      expect(s.segments).toBe(2)
      expect(s.change_points).toEqual([])
    }
    expect(renderSummary(changes)).toContain(
      'cpuModel EPYC 7763 → Xeon 8370C (the series restart here; not a code change)'
    )
  })

  it('reports a creep of +0.3% per commit over the last 30 commits, and no creep on flat series', () => {
    const records = syntheticHistory({
      commits: 60,
      series: [
        { name: 'BM_Creep', truth: (i) => LN1000 + (i >= 30 ? (i - 29) * Math.log(1.003) : 0) },
        ...Array.from({ length: 9 }, (_, k) => flat(`BM_Flat${k}`, k * 0.1))
      ]
    })
    const changes = analyseHistory(records)
    const creep = changes.series.find((s) => s.name === 'BM_Creep')!.creep!
    expect(creep.reported).toBe(true)
    expect(creep.steps).toBe(30)
    expect(creep.since).toBe(sha(29))
    expect(creep.until).toBe(sha(59))
    expect(creep.gaps).toBe(0)
    expect(creep.lo).toBeGreaterThan(0)
    expect(creep.change).toBeGreaterThan(0.05) // true +9.4%
    expect(creep.change).toBeLessThan(0.14)
    for (const s of changes.series.filter((s) => s.name !== 'BM_Creep')) expect(s.creep?.reported).toBe(false)
    expect(renderSummary(changes)).toMatch(
      /creep \+\d+\.\d% \[\+\d+\.\d%, \+\d+\.\d%\] \(99\.5%\) since <code>/
    )
  })

  it('on pure noise: nothing in one history; over 20 histories ≤ 1 false change point per 5,000 series-commits', () => {
    let falsePoints = 0
    let falseCreeps = 0
    for (let seed = 1; seed <= 20; seed++) {
      const changes = analyseHistory(
        syntheticHistory({
          seed,
          commits: 100,
          series: Array.from({ length: 20 }, (_, k) => flat(`BM_${k}`, k * 0.05))
        })
      )
      const points = changes.series.flatMap((s) => s.change_points).length
      const creeps = changes.series.filter((s) => s.creep?.reported).length
      if (seed === 1) expect([points, creeps]).toEqual([0, 0])
      falsePoints += points
      falseCreeps += creeps
    }
    // 20 histories × 20 series × 100 commits; measured: 5 false change points, 6 false creeps (of 400 series)
    expect(falsePoints).toBeLessThanOrEqual((20 * 20 * 100) / 5000)
    expect(falseCreeps).toBeLessThanOrEqual(0.025 * 400)
  })

  it('an empty history has no findings', () => {
    const changes = analyseHistory([])
    expect(changes).toMatchObject({
      commits: 0,
      first: null,
      last: null,
      series: [],
      environment_changes: []
    })
    expect(renderSummary(changes)).toContain('no recorded commit')
  })
})
