/**
 * Count mode in every report (issue 15, REPORT.md): the comment, the terminal, the HTML page and
 * results.json show exact count changes without an interval; with `--measure both` an Instructions
 * column stands beside the timing and a timing-only change says so.
 */
import { describe, expect, it } from '@jest/globals'
import { countSuite, withCounts } from '../../src/analysis/countSuite.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { renderHtml } from '../../src/report/html/render.js'
import { fromResultsJson, toResultsJson } from '../../src/report/json.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { validateResults } from '../../src/report/readResults.js'
import type { Report } from '../../src/report/model.js'
import { renderTerminal } from '../../src/report/terminal.js'
import type { CountMeasurement } from '../../src/samples/countModel.js'
import { countMethod, counted as countedAt, measure } from '../helpers/samples.js'

const counted = (b: string, base: number, head: number, base2 = base) => countedAt(b, base, head, base2, 1.25)
const measurement: CountMeasurement = {
  samples: [
    ...counted('BM_Work', 400_014, 412_014),
    ...counted('BM_Fixed', 80_014, 80_014),
    ...counted('BM_Clock', 20_000, 26_000, 30_000)
  ],
  issues: [],
  method: countMethod({ caches: ['LL cache: 8388608 B, 64 B, 16-way associative'], wallSeconds: 2.5 })
}
const options = { metric: 'instructions' as const, threshold: 0.01 }
const run = { base: { label: 'main', sha: '1a2b3c4d' }, head: { label: 'feature', sha: '9f8e7d6c' } }
const visible = (md: string) => md.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)))

describe('--measure counts', () => {
  const report: Report = { suite: countSuite(measurement, options), run }

  it('the comment shows exact counts and their change, no interval and no p-value', () => {
    const md = visible(renderMarkdown(report))
    expect(md).toContain('### benchgate: ❌ 1 regression, 1 unchanged, 1 undecided')
    expect(md).toContain('counts: valgrind-3.19.0 callgrind, instructions, δ_count 1%, noise floor 0.000%')
    expect(md).toContain('| | Benchmark | Base | Head | Change | Cycles (est.) | Verdict |')
    expect(md).toContain(
      '| ❌ | <code>BM_Work</code> | 400,014 | 412,014 | **+3.000%** | +3.000% | regression |'
    )
    expect(md).toContain('| <code>BM_Fixed</code> | 80,014 | 80,014 | 0.000% | 0.000% | unchanged |')
    expect(md).toMatch(/BM_Clock<\/code> .* undecided ¹ \|[\s\S]*¹ the base's two counts differ by 50\.000%/)
    expect(md).not.toMatch(/CI\]|p \(adj\.\)|α = /)
  })

  it('the terminal and the HTML page say the same', () => {
    const text = renderTerminal(report)
    expect(text).toMatch(/BM_Work\s+400,014\s+412,014\s+\+3\.000%\s+\+3\.000%\s+regression/)
    expect(text).toMatch(/BM_Clock.*undecided (\S+)\n[\s\S]*\n\1 the base's two counts differ by 50\.000%/)
    const html = renderHtml(report, [])
    expect(html).toContain('<caption>Counts per iteration (callgrind)</caption>')
    expect(html).toContain('<strong>+3.000%</strong>')
  })

  it('results.json keeps every count, the method and the verdicts, and reads back to the same report', () => {
    const json = toResultsJson(report, 'test')
    const work = json.benchmarks.find((b) => b.name === 'BM_Work')!
    expect(work.counts?.instructions).toEqual({
      base: 400_014,
      head: 412_014,
      change: 412_014 / 400_014 - 1,
      noise: 0
    })
    expect(work.counts?.cycles.head).toBe(412_014 * 1.25)
    expect(json.count_mode).toMatchObject({
      measure: 'counts',
      metric: 'instructions',
      threshold: 0.01,
      method: { valgrind_version: 'valgrind-3.19.0', iteration_flags: ['--benchmark_min_time=0.000000001'] }
    })
    // read back as comment mode reads an artifact: validated against the published schema
    const back = fromResultsJson(validateResults(JSON.stringify(json), 'results.json'))
    expect(renderMarkdown(back)).toBe(renderMarkdown(report))
    // a count field of the wrong type is refused, naming where
    const bad = JSON.parse(JSON.stringify(json)) as {
      benchmarks: Array<{ counts: { instructions: { head: unknown } } }>
    }
    bad.benchmarks[0].counts.instructions.head = 'many'
    expect(() => validateResults(JSON.stringify(bad), 'r.json')).toThrow(
      /\$\.benchmarks\[0\]\.counts\.instructions\.head/
    )
  })
})

describe('--measure both', () => {
  // BM_Work: 10% slower by the clock and 3% more instructions; BM_Fixed: 10% slower, same instructions
  const samples = [...measure('BM_Work', 1.1, 0.002, 0, 12, 1), ...measure('BM_Fixed', 1.1, 0.002, 0, 12, 2)]
  const suite = withCounts(analyzeSuite({ samples }), measurement, options)
  const report: Report = { suite, run }

  it('writes results.json that the published schema accepts', () => {
    const json = JSON.stringify(toResultsJson(report, 'test'))
    expect(fromResultsJson(validateResults(json, 'results.json')).suite.countMode?.measure).toBe('both')
  })

  it('puts an Instructions column beside the timing; same instructions, slower time is timing-only (§10)', () => {
    const md = visible(renderMarkdown(report))
    expect(md).toContain('| Change [99% simultaneous CI, each 99.5%] | p (adj.) | Instructions | Verdict |')
    expect(md).toMatch(/BM_Work<\/code> .*\| \+3\.000% \| regression \|/)
    // Timing-only rows are their own collapsed group (REPORT.md), with both count figures, not in the changed table.
    expect(md).toMatch(
      /<details><summary>⏱ 1 timing-only change: same instructions, different time \(code layout, memory or environment\) — not failing unless fail-on has timing-only<\/summary>\n\n\| Benchmark \| Change \[99% simult\. CI\] \| Instructions \| Est\. cycles \| Time \|\n\|---\|---:\|---:\|---:\|---\|\n\| <code>BM_Fixed<\/code> \| \+10\.\d% \[.*\] \| 0\.000% \| 0\.000% \| slower \|/
    )
    expect(md).toContain('Not explained by instructions or by the simulated cache and branch events')
    expect(md.split('<details>')[0]).not.toContain('BM_Fixed')
    expect(md).toContain('### benchgate: ❌ 1 regression, ⏱ 1 timing-only (same instructions)')
    expect(renderTerminal(report).replace(/\n {2,}/g, ' ')).toMatch(
      /BM_Fixed.*0\.000%\s+timing-only (\S+)\n[\s\S]*\n\1 timing only: code layout, memory or environment\? \(instructions unchanged, estimated cycles unchanged: not explained by instructions or simulated cache and branch events\)/
    )
  })
})

describe('advice under an inconclusive timing verdict (STATISTICS §4)', () => {
  it('never asks for thousands of rounds: beyond twice the rounds run it says what would help instead', () => {
    // 6 runs per side with 30% noise per repetition: far too noisy to decide ±2%
    const samples = measure('BM_Noisy', 1, 0.3, 0, 6, 3)
    const suite = analyzeSuite({ samples })
    const c = suite.comparisons[0]
    expect(c.verdict).toBe('inconclusive')
    expect(c.advice?.kind).toBe('too-noisy')
    // §4: "σ ≈" is the estimate, below its upper bound (the issue found the bound printed as the estimate)
    const advice = c.advice as { sdPercent: number; sdUpperPercent: number }
    expect(advice.sdPercent).toBeCloseTo(c.power!.sdLogEstimate! * 100, 1)
    expect(advice.sdPercent).toBeLessThan(advice.sdUpperPercent)
    const md = visible(renderMarkdown({ suite, run }))
    expect(md).toMatch(
      /too noisy to decide ±2% by timing on this machine \(σ ≈ ([\d.]+)% per process, at most ([\d.]+)% at 97\.5%\): instruction counts beside the timing/
    )
    expect(md).not.toMatch(/\d{3,} more rounds|samples\/side/)
    expect(renderTerminal({ suite, run })).toContain('too noisy to decide ±2% by timing')
  })

  it('never suggests `--measure both` to a suite measured that way (docs/count-mode.md)', () => {
    // the same far-too-noisy timing, with flat instruction counts beside it
    const samples = measure('BM_Noisy', 1, 0.3, 0, 6, 3)
    const counts = { ...measurement, samples: counted('BM_Noisy', 50_000, 50_000) }
    const suite = withCounts(analyzeSuite({ samples }), counts, options)
    expect(suite.comparisons[0].verdict).toBe('inconclusive')
    expect(suite.comparisons[0].advice?.kind).toBe('too-noisy')
    const outputs = [
      visible(renderMarkdown({ suite, run })),
      renderTerminal({ suite, run }),
      renderHtml({ suite, run }, [])
    ]
    for (const text of outputs) {
      expect(text.replace(/\s+/g, ' ')).toMatch(
        /too noisy to decide ±2% by timing.*a quieter or pinned machine, or a larger δ/
      )
      expect(text).not.toMatch(/instruction counts beside the timing/)
    }
  })

  it('below five processes per side says only that five are needed: no p, no "could detect", no rounds advice (§3)', () => {
    const samples = measure('BM_Two', 1, 0.01, 0, 2, 4)
    const suite = analyzeSuite({ samples })
    const md = visible(renderMarkdown({ suite, run }))
    expect(md).toMatch(/too few processes \(2 per side\): needs ≥ 5 runs per side/)
    expect(md).not.toMatch(/more rounds? would decide|could detect ≥/)
    const text = renderTerminal({ suite, run })
    expect(text).toMatch(/too few processes \(2 per side\): needs ≥ 5 runs per side/)
  })
})
