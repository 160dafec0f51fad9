// Golden cases computed by R (scripts/r/golden-diagnostics.R; regenerate with
// `Rscript scripts/r/golden-diagnostics.R`), one `it` per JSON file.
// Tolerance: 1e-9 relative for every number (R and benchgate differ only in summation order), except
// autocorrelations (`acf`, `r`): 1e-12 absolute, because r_k near 0 is a sum of cancelling terms whose
// relative error is unbounded while |r_k| ≤ 1. null in a golden file is R's NA (NaN for p-values).
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { acf, ljungBox } from '../../src/stats/acf.js'
import { drift, theilSen } from '../../src/stats/drift.js'
import { durbinWatson } from '../../src/stats/durbinWatson.js'
import { intraclassCorrelation } from '../../src/stats/icc.js'
import { adjustPValues, type Correction } from '../../src/stats/multiplicity.js'
import { tukeyOutliers } from '../../src/stats/outliers.js'
import { summarize } from '../../src/stats/summary.js'
import { relDiff } from '../helpers/r.js'

const here = dirname(fileURLToPath(import.meta.url))
const goldenDir = join(here, '..', 'golden')
const REL_TOL = 1e-9
const ACF_ABS_TOL = 1e-12
/** Keys in the golden output that document R's behaviour but are not fields of our result. */
const INFO_ONLY = new Set(['boxTestPValue'])

type Json = null | number | boolean | string | Json[] | { [k: string]: Json }
interface Case {
  input: Record<string, Json>
  output: Record<string, Json>
}

function cases(sub: string): Array<[string, Case]> {
  const dir = join(goldenDir, sub)
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Case])
}

const nums = (v: Json): number[] => (v as Array<number | null>).map((x) => (x === null ? NaN : x))

/** Compares `actual` with the golden `expected`, key by key; returns mismatches as text. */
function mismatches(expected: Json, actual: unknown, path: string, absTol = 0): string[] {
  if (expected === null) {
    return actual === null || (typeof actual === 'number' && Number.isNaN(actual))
      ? []
      : [`${path}: expected null/NaN, got ${actual}`]
  }
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') return [`${path}: expected ${expected}, got ${String(actual)}`]
    const ok = absTol > 0 ? Math.abs(expected - actual) <= absTol : relDiff(expected, actual) <= REL_TOL
    return ok ? [] : [`${path}: expected ${expected}, got ${actual} (rel ${relDiff(expected, actual)})`]
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return [`${path}: expected array of ${expected.length}, got ${JSON.stringify(actual)}`]
    }
    return expected.flatMap((e, i) => mismatches(e, actual[i], `${path}[${i}]`, absTol))
  }
  if (typeof expected === 'object') {
    const obj = actual as Record<string, unknown>
    return Object.entries(expected)
      .filter(([k]) => !INFO_ONLY.has(k))
      .flatMap(([k, e]) => {
        if (obj === null || typeof obj !== 'object' || !(k in obj)) return [`${path}.${k}: missing`]
        return mismatches(e, obj[k], `${path}.${k}`, k === 'acf' || k === 'r' ? ACF_ABS_TOL : absTol)
      })
  }
  return expected === actual ? [] : [`${path}: expected ${String(expected)}, got ${String(actual)}`]
}

function run(name: string, input: Record<string, Json>): unknown {
  const kind = name.slice(0, name.indexOf('-'))
  switch (kind) {
    case 'summary':
      return summarize(nums(input.x))
    case 'acf':
      return acf(nums(input.x), input.maxLag as number)
    case 'ljungbox':
      return ljungBox(nums(input.x), input.lags === undefined ? {} : { lags: input.lags as number })
    case 'dw':
      return durbinWatson(nums(input.x))
    case 'icc':
      return intraclassCorrelation((input.groups as Json[]).map(nums))
    case 'outliers':
      return tukeyOutliers(nums(input.values))
    case 'theilsen':
      return theilSen(nums(input.xs), nums(input.ys))
    case 'drift':
      return drift(nums(input.runMedians))
    default:
      throw new Error(`unknown golden case kind ${kind} (${name})`)
  }
}

describe('golden diagnostics (R)', () => {
  const all = cases('diagnostics')
  it('has cases for every statistic', () => {
    const kinds = new Set(all.map(([n]) => n.slice(0, n.indexOf('-'))))
    expect([...kinds].sort()).toEqual([
      'acf',
      'drift',
      'dw',
      'icc',
      'ljungbox',
      'outliers',
      'summary',
      'theilsen'
    ])
  })
  for (const [name, c] of all) {
    it(`matches R: ${name}`, () => {
      const actual = run(name, c.input)
      expect(mismatches(c.output, actual, name)).toEqual([])
      if (name.startsWith('ljungbox-')) {
        // R's Box.test p is 1 − pchisq: equal to ours up to its absolute rounding (~1e-16).
        const p = (actual as { pValue: number }).pValue
        expect(Math.abs(p - (c.output.boxTestPValue as number))).toBeLessThan(1e-15)
      }
    })
  }
})

describe('golden multiplicity (R p.adjust)', () => {
  for (const [name, c] of cases('multiplicity')) {
    it(`matches R: ${name}`, () => {
      const actual = adjustPValues(nums(c.input.p), c.input.method as Correction)
      expect(mismatches(c.output.adjusted, actual, name)).toEqual([])
    })
  }
})
