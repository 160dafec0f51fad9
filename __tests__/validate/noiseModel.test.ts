// The simulated machine of the validation study: determinism, the clock, unbiasedness at ratio 1
// and a known ratio recovered, and that simulated samples carry benchgate's labels.
import { describe, expect, it } from '@jest/globals'
import {
  createSession,
  DEFAULT_NOISE,
  NOISE_PRESETS,
  simulateAbba,
  simulateSequential,
  toSamples
} from '../../validation/src/model/noiseModel.js'
import { median } from '../../src/stats/summary.js'

const proc = { lambdaNs: 100_000, ratio: 1, repetitions: 3, minTimeSeconds: 0.05 }

describe('createSession', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = createSession(DEFAULT_NOISE, 7)
    const b = createSession(DEFAULT_NOISE, 7)
    const c = createSession(DEFAULT_NOISE, 8)
    const ra = Array.from({ length: 50 }, () => a.runProcess(proc)).flat()
    const rb = Array.from({ length: 50 }, () => b.runProcess(proc)).flat()
    const rc = Array.from({ length: 50 }, () => c.runProcess(proc)).flat()
    expect(ra).toEqual(rb)
    expect(ra).not.toEqual(rc)
  })

  it('advances the clock by startup + repetitions × min time × overshoot', () => {
    const s = createSession(DEFAULT_NOISE, 1)
    expect(s.clock).toBe(0)
    s.runProcess(proc)
    const expected = DEFAULT_NOISE.startupSeconds + 3 * 0.05 * DEFAULT_NOISE.repetitionTimeFactor
    expect(s.clock).toBeCloseTo(expected, 12)
    s.runProcess({ ...proc, startup: false })
    expect(s.clock).toBeCloseTo(expected + 3 * 0.05 * DEFAULT_NOISE.repetitionTimeFactor, 12)
    s.idle(2)
    expect(s.clock).toBeCloseTo(2 * expected - DEFAULT_NOISE.startupSeconds + 2, 12)
  })

  it('gives positive latencies around λ·ratio', () => {
    const s = createSession(NOISE_PRESETS.quiet, 3)
    const v = Array.from({ length: 200 }, () => s.runProcess({ ...proc, ratio: 1.1 })).flat()
    expect(v.every((x) => x > 0 && Number.isFinite(x))).toBe(true)
    expect(median(v) / 110_000).toBeGreaterThan(0.97)
    expect(median(v) / 110_000).toBeLessThan(1.03)
  })

  it('rejects invalid models and arguments', () => {
    expect(() => createSession({ ...DEFAULT_NOISE, processSigma: -1 }, 1)).toThrow(RangeError)
    expect(() => createSession({ ...DEFAULT_NOISE, outlierProbability: 2 }, 1)).toThrow(RangeError)
    expect(() => createSession(DEFAULT_NOISE, 1).runProcess({ ...proc, repetitions: 0 })).toThrow(RangeError)
  })
})

describe('simulateAbba', () => {
  it('labels samples like benchgate runs: ABBA rounds, one run per round, repetitions', () => {
    const samples = simulateAbba(createSession(DEFAULT_NOISE, 2), {
      benchmarks: [{ name: 'BM_A', lambdaNs: 1000, ratio: 1 }],
      rounds: 4,
      repetitions: 3,
      minTimeSeconds: 0.05
    })
    expect(samples).toHaveLength(2 * 4 * 3) // warm-up discarded
    for (const side of ['base', 'head'] as const) {
      const mine = samples.filter((s) => s.side === side)
      expect(new Set(mine.map((s) => s.run))).toEqual(new Set([0, 1, 2, 3]))
      expect(mine.every((s) => s.round === s.run && s.repetition >= 0 && s.repetition < 3)).toBe(true)
    }
    // round 0: base first; round 1: head first (time order = array order)
    const order = samples.filter((s) => s.repetition === 0).map((s) => `${s.round}${s.side[0]}`)
    expect(order).toEqual(['0b', '0h', '1h', '1b', '2b', '2h', '3h', '3b'])
  })

  it('continues the ABBA order from firstRound for top-up rounds', () => {
    const samples = simulateAbba(createSession(DEFAULT_NOISE, 2), {
      benchmarks: [{ name: 'BM_A', lambdaNs: 1000, ratio: 1 }],
      rounds: 2,
      warmupRounds: 0,
      firstRound: 3,
      repetitions: 1,
      minTimeSeconds: 0.05
    })
    expect(samples.map((s) => `${s.round}${s.side[0]}`)).toEqual(['3h', '3b', '4b', '4h'])
  })

  it('is unbiased at ratio 1 and recovers a known ratio (median over sessions)', () => {
    const logRatio = (ratio: number, seed: number) => {
      const samples = simulateAbba(createSession(DEFAULT_NOISE, seed), {
        benchmarks: [{ name: 'BM_A', lambdaNs: 1e5, ratio }],
        rounds: 10,
        repetitions: 3,
        minTimeSeconds: 0.05
      })
      const med = (side: string) => median(samples.filter((s) => s.side === side).map((s) => s.realTimeNs))
      return Math.log(med('head') / med('base'))
    }
    const null0 = Array.from({ length: 300 }, (_, i) => logRatio(1, 100 + i))
    const five = Array.from({ length: 300 }, (_, i) => logRatio(1.05, 1000 + i))
    expect(Math.abs(median(null0))).toBeLessThan(0.002)
    expect(Math.abs(median(five) - Math.log(1.05))).toBeLessThan(0.003)
    // both signs occur about equally often at ratio 1
    const up = null0.filter((x) => x > 0).length
    expect(up).toBeGreaterThan(120)
    expect(up).toBeLessThan(180)
  })
})

describe('simulateSequential and toSamples', () => {
  it('runs one process per side, labelled round 0 / run 0', () => {
    const samples = simulateSequential(createSession(DEFAULT_NOISE, 5), {
      benchmarks: [{ name: 'BM_A', lambdaNs: 1000, ratio: 1.02 }],
      repetitions: 6,
      minTimeSeconds: 0.05
    })
    expect(samples).toHaveLength(12)
    expect(samples.every((s) => s.round === 0 && s.run === 0)).toBe(true)
    expect(samples.slice(0, 6).every((s) => s.side === 'base')).toBe(true)
  })

  it('fills every Sample field', () => {
    const [s] = toSamples([{ benchmark: 'B', side: 'head', round: 2, run: 2, values: [2000] }], 0.05)
    expect(s).toEqual({
      benchmark: 'B',
      side: 'head',
      round: 2,
      run: 2,
      repetition: 0,
      iterations: 25_000,
      realTimeNs: 2000,
      cpuTimeNs: 2000,
      threads: 1
    })
  })
})
