// What the change-point port is compared with (src/stats/changePoints.ts): apache-otava's output as its
// driver writes it (__tests__/oracle/otava_change_points.py) and signal-processing-algorithms' statistic.
// Shared by the live oracle test (__tests__/oracle/changePoints.oracle.test.ts) and the committed fixture's
// test (__tests__/stats/changePoints.golden.test.ts), so both assert the same tolerances.
import { expect } from '@jest/globals'
import type { ChangePoint } from '../../src/stats/changePoints.js'
import { relDiff } from './r.js'

export interface OtavaPoint {
  index: number
  pValue: number | null
  qhat: number
  meanBefore: number
  sdBefore: number
  meanAfter: number
  sdAfter: number
  forwardChange: number
  magnitude: number
}

export interface OtavaResult {
  changePoints: OtavaPoint[]
  weakChangePoints: OtavaPoint[]
  firstCandidate: { index: number; qhat: number } | null
}

/** Tolerances: p-values (ours is R's pt, otava's scipy's t.sf) and everything else (same arithmetic). */
export const P_VALUE_TOL = 1e-9
export const STAT_TOL = 1e-12

/** `actual` within `tol` relative of otava's value (null: otava's NaN). `where` names the case in the message. */
export function expectRel(
  actual: number,
  expected: number | null,
  what: string,
  tol: number,
  where = ''
): void {
  if (expected === null) {
    if (!Number.isNaN(actual)) throw new Error(`${what}: got ${actual}, otava NaN${where}`)
    return
  }
  const d = relDiff(actual, expected)
  if (!(d <= tol)) throw new Error(`${what}: got ${actual}, otava ${expected} (rel ${d}${where})`)
}

/** Same indices in the same order; p-values, q̂, segment means and SDs, changes within the tolerances. */
export function comparePoints(mine: ChangePoint[], theirs: OtavaPoint[], what: string, where = ''): void {
  expect({ what, indices: mine.map((c) => c.index) }).toEqual({ what, indices: theirs.map((c) => c.index) })
  mine.forEach((c, k) => {
    const o = theirs[k]
    const at = `${what} @${c.index}`
    expectRel(c.pValue, o.pValue, `${at} p-value`, P_VALUE_TOL, where)
    expectRel(c.qhat, o.qhat, `${at} qhat`, STAT_TOL, where)
    expectRel(c.before.mean, o.meanBefore, `${at} mean before`, STAT_TOL, where)
    expectRel(c.after.mean, o.meanAfter, `${at} mean after`, STAT_TOL, where)
    expectRel(c.before.sd, o.sdBefore, `${at} sd before`, STAT_TOL, where)
    expectRel(c.after.sd, o.sdAfter, `${at} sd after`, STAT_TOL, where)
    expectRel(c.forwardChange, o.forwardChange, `${at} forward change`, STAT_TOL, where)
    expectRel(c.magnitude, o.magnitude, `${at} magnitude`, STAT_TOL, where)
  })
}

/**
 * signal-processing-algorithms' statistic at τ with κ = n: nm/(n+m)·(2·mean|X−Y| − V-stat(X) − V-stat(Y)),
 * its within-sample terms V-statistics (2Σ_{i<k}|Xi − Xk|/n², diagonal zeros included) where otava's are
 * U-statistics (/(n(n − 1))). Recomputed from that definition to check the reading of its output.
 */
export function spaStatistic(s: readonly number[], tau: number): number {
  const n = tau
  const m = s.length - tau
  let xy = 0
  let xx = 0
  let yy = 0
  for (let i = 0; i < s.length; i++) {
    for (let j = i + 1; j < s.length; j++) {
      const d = Math.abs(s[i] - s[j])
      if (j < tau) xx += d
      else if (i >= tau) yy += d
      else xy += d
    }
  }
  const e = 2 * (xy / (n * m)) - (n > 0 ? (2 * xx) / n ** 2 : 0) - (m > 0 ? (2 * yy) / m ** 2 : 0)
  return ((n * m) / (n + m)) * e
}
