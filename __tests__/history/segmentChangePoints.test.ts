/**
 * history/segmentChangePoints.ts: where a step is placed when the noise has outlier runs or serial
 * correlation (docs/history.md, "Calibration"). The series come from the history study's noise model
 * (validation/src/studies/historyCalibration.ts noiseOf, sd 1% on the log scale); each fixture is one
 * that the previous placing (least squares on the recorded values, placed once before the merge) put
 * 14–45 commits off its step.
 */
import { describe, expect, it } from '@jest/globals'
import { segmentChangePoints } from '../../src/history/segmentChangePoints.js'
import { serialCorrelation, serialInflation } from '../../src/stats/serialShift.js'
import { createRng } from '../../validation/src/model/rng.js'
import { noiseOf, type NoiseShape } from '../../validation/src/studies/historyCalibration.js'

/** 440 log locations, +2% from commit 250, in `shape` noise of seed `seed`. */
function series(shape: NoiseShape, seed: number): number[] {
  const noise = noiseOf(shape, createRng(seed))
  return Array.from({ length: 440 }, (_, i) => (i >= 250 ? Math.log(1.02) : 0) + noise())
}

/** The places found at the threshold of a history of about 2,000 positions at q = 0.01. */
function places(logs: number[]): number[] {
  const f = serialInflation(serialCorrelation([logs]))
  return segmentChangePoints(logs, f, 1e-5, 0.02).map((c) => c.index)
}

describe('segmentChangePoints: placing a +2% step', () => {
  it('AR(1) 0.6: places the merge survivor again between its new neighbours (was 264)', () => {
    // Of the dozens of places E-divisive proposes in correlated noise, the one left after the merge
    // was placed between neighbours that the merge removed.
    expect(places(series('ar0.6', 56))).toEqual([250])
  })

  it('AR(1) 0.6: places by the AR(1) likelihood, not ordinary least squares (was 295 and 239)', () => {
    expect(places(series('ar0.6', 139))).toEqual([250])
    expect(places(series('ar0.6', 154))).toEqual([250])
  })

  it('an +8% outlier run 9–11 commits before the step does not pull its place (was 239)', () => {
    for (const seed of [48, 82]) {
      const logs = series('gaussian', seed)
      for (const i of [239, 240, 241]) logs[i] += Math.log(1.08)
      expect({ seed, places: places(logs) }).toEqual({ seed, places: [250] })
    }
  })
})
