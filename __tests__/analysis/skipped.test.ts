/**
 * "Skipped is not failed" (STATISTICS §10): a benchmark that reports the same error on both sides in
 * every run (e.g. "CPU does not support avx512") or skips itself with SkipWithMessage cannot run on
 * this machine: verdict `skipped`, listed once, never failing the gate. An error only at head, or
 * two different messages, stays `failed`.
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { gate } from '../../src/gate.js'
import { mdCode } from '../../src/report/escape.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { parseGoogleBenchmarkJson } from '../../src/samples/googleBenchmark.js'
import type { SampleIssue, Side } from '../../src/samples/model.js'
import { measure } from '../helpers/samples.js'

const ROUNDS = 6

/** One Google Benchmark JSON file per side and round: `errors` maps benchmark -> its message on that side. */
function issuesOf(kind: 'error' | 'skip', errors: Record<Side, Record<string, string>>): SampleIssue[] {
  const out: SampleIssue[] = []
  for (let round = 0; round < ROUNDS; round++)
    for (const side of ['base', 'head'] as const) {
      const benchmarks = Object.entries(errors[side]).map(([name, message]) => ({
        name,
        run_name: name,
        run_type: 'iteration',
        repetitions: 1,
        repetition_index: 0,
        threads: 1,
        iterations: 0,
        real_time: 0,
        cpu_time: 0,
        time_unit: 'ns',
        ...(kind === 'error'
          ? { error_occurred: true, error_message: message }
          : { skipped: true, skip_message: message })
      }))
      const text = JSON.stringify({ context: {}, benchmarks })
      out.push(
        ...parseGoogleBenchmarkJson(text, { side, round, run: round, source: `${side}-${round}.json` }).issues
      )
    }
  return out
}

const AVX = 'CPU does not support avx512'

function suiteWith(issues: SampleIssue[]) {
  return analyzeSuite(
    { samples: measure('BM_Fine', 1, 0.01, 0, ROUNDS, 7), issues },
    { alpha: 0.01, minEffect: 0.02 }
  )
}

describe('skipped on this machine', () => {
  it('the same SkipWithError message on both sides in every run: skipped, the gate passes, listed once', () => {
    const suite = suiteWith(issuesOf('error', { base: { BM_Avx: AVX }, head: { BM_Avx: AVX } }))
    const avx = suite.comparisons.find((c) => c.benchmark === 'BM_Avx')!
    expect(avx.verdict).toBe('skipped')
    expect(avx.warnings.map((w) => w.message)).toContain(`skipped on this machine: ${AVX}`)
    expect(suite.counts.skipped).toBe(1)
    expect(suite.counts.failed).toBe(0)
    expect(suite.familySize).toBe(1) // only BM_Fine is tested: a skipped benchmark widens no interval
    expect(gate(suite, ['regression', 'failed']).pass).toBe(true)
    const md = renderMarkdown({ suite, run: { base: { label: 'main' }, head: { label: 'pr' } } })
    expect(md).toMatch(/1 skipped on this machine/)
    expect(md.split(mdCode('BM_Avx')).length - 1).toBe(1) // one row, its reason a footnote
    expect(md).toMatch(/skipped (\S) \|[\s\S]*\n\1 skipped on this machine: CPU does not support avx512/)
  })

  it('SkipWithMessage on both sides: skipped', () => {
    const suite = suiteWith(issuesOf('skip', { base: { BM_Gpu: 'no GPU' }, head: { BM_Gpu: 'no GPU' } }))
    expect(suite.comparisons.find((c) => c.benchmark === 'BM_Gpu')!.verdict).toBe('skipped')
  })

  it('the same error only at head: failed, and the gate fails', () => {
    const suite = suiteWith(issuesOf('error', { base: {}, head: { BM_Avx: AVX } }))
    expect(suite.comparisons.find((c) => c.benchmark === 'BM_Avx')!.verdict).toBe('failed')
    expect(gate(suite, ['regression', 'failed']).pass).toBe(false)
  })

  it('different messages on the two sides: failed', () => {
    const suite = suiteWith(
      issuesOf('error', { base: { BM_Avx: AVX }, head: { BM_Avx: 'segfault in setup' } })
    )
    expect(suite.comparisons.find((c) => c.benchmark === 'BM_Avx')!.verdict).toBe('failed')
  })
})
