// The PR comment under hostile and large input: capped names, linear size trimming that never drops a
// regression before anything less important, grouped warnings, notes and code rendered as code.
import { describe, expect, it } from '@jest/globals'
import { analyzeSuite as analyze, type SuiteInput } from '../../src/analysis/suite.js'
import type { SuiteResult, Warning } from '../../src/analysis/types.js'
import { mdProse } from '../../src/report/escape.js'
import { COMMENT_MAX_CHARS, renderMarkdown } from '../../src/report/markdown.js'
import type { Report } from '../../src/report/model.js'
import { NAME_MAX_CHARS, displayName } from '../../src/report/names.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { mergeNumbers } from '../../src/report/warnings.js'
import { measure } from '../helpers/samples.js'
import { reportOf as syntheticReportOf } from './syntheticReport.js'

/** What a reader sees: numeric entities (used to neutralise Markdown characters) decoded. */
const visible = (md: string) =>
  md
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

/** The real analysis, with few bootstrap resamples: these tests are about the report, not the power figures. */
const analyzeSuite = (input: SuiteInput) => analyze(input)

/**
 * A large suite from a few analysed benchmarks: each template comparison (real analysis output) is
 * copied under numbered names, and the counts follow (the analysis costs ~30 ms per benchmark today).
 */
function suiteOf(templates: Array<[string, number, number]>): SuiteResult {
  const analysed = analyzeSuite({
    samples: templates.flatMap(([name, ratio], i) => measure(name, ratio, 0.005, 0, 12, 7 + i))
  })
  const comparisons = templates.flatMap(([name, , copies]) => {
    const c = analysed.comparisons.find((x) => x.benchmark === name)!
    return Array.from({ length: copies }, (_v, i) => ({ ...c, benchmark: `${name}/${i}` }))
  })
  const counts = { ...analysed.counts }
  for (const k of Object.keys(counts) as Array<keyof typeof counts>) counts[k] = 0
  for (const c of comparisons) counts[c.verdict]++
  return { ...analysed, comparisons, counts }
}

function reportOf(suite: SuiteResult, extra: Partial<Report['run']> = {}): Report {
  const head = { label: 'pr', sha: '9f8e7d6c5b' }
  return syntheticReportOf(suite, { head, repetitions: undefined, key: undefined, ...extra })
}

/** Table rows of the comment (lines starting with "| "), entities decoded. */
const rows = (md: string) =>
  visible(md)
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| |'))

/** The terminal report with its wrapped lines (continuations indented) joined again. */
const unwrapped = (t: string) => t.replace(/\n {2,}(?!- )/g, ' ')

describe('benchmark names are capped in every output', () => {
  const long = 'BM_' + 'x'.repeat(100_000)
  const suite = analyzeSuite({
    samples: [
      ...measure(long, 1.001, 0.01, 0, 12, 1),
      ...measure(long + 'y', 1.0, 0.01, 0, 12, 2),
      ...measure('BM_Real', 1.08, 0.01, 0, 12, 3)
    ]
  })

  it('keeps a real +8% regression visible next to a 100,000-character name', () => {
    expect(suite.comparisons.find((c) => c.benchmark === 'BM_Real')?.verdict).toBe('regression')
    const md = renderMarkdown(reportOf(suite))
    expect(md.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    const row = rows(md).find((l) => l.includes('BM_Real'))
    expect(row).toMatch(/^\| ❌ \| <code>BM_Real<\/code> \| .* \| \*\*\+8\.\d%\*\* \[/)
    expect(md).not.toContain('not shown')
  })

  it('shows a long name as a prefix, an ellipsis and a hash that tells two long names apart', () => {
    const a = displayName(long)
    const b = displayName(long + 'y')
    expect(a.length).toBe(NAME_MAX_CHARS)
    expect(a).toMatch(/^BM_x+…#[0-9a-f]{8}$/)
    expect(a).not.toBe(b)
    expect(displayName(long)).toBe(a) // stable
    expect(displayName('BM_short/8')).toBe('BM_short/8')
    const md = visible(renderMarkdown(reportOf(suite), { maxChars: Infinity }))
    expect(md).toContain(a)
    expect(md).toContain(b)
    expect(md).not.toContain('x'.repeat(NAME_MAX_CHARS))
    const text = unwrapped(renderTerminal(reportOf(suite)))
    expect(text).toContain(a)
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(NAME_MAX_CHARS + 200)
  })

  it('shows control characters as visible escapes and marks the name with its hash', () => {
    const shown = displayName('BM_\x1b[31mred\nx')
    expect(shown).toMatch(/^BM_\\u001B\[31mred\\u000Ax#[0-9a-f]{8}$/)
    // eslint-disable-next-line no-control-regex
    expect(shown).not.toMatch(/[\u0000-\u001f]/)
  })
})

describe('the size cap', () => {
  /** A suite whose every string field is 2 MiB: refs, stop reason, reproduce command, machine, warnings. */
  function hostile(): Report {
    const huge = 'A'.repeat(2 * 1024 * 1024)
    const suite = suiteOf([
      ['BM_Reg', 1.08, 1],
      ['BM_Same', 1, 300]
    ])
    suite.provenance.head.cpuModel = huge
    suite.warnings.push({ level: 'warning', code: 'x', message: huge })
    for (const c of suite.comparisons) c.warnings.push({ level: 'warning', code: 'y', message: huge })
    return reportOf(suite, {
      base: { label: huge },
      head: { label: huge },
      stoppedEarly: huge,
      reproduce: huge
    })
  }

  // Bounded by jest's 5 s timeout (a quadratic trim of these fields takes minutes); speed itself is
  // measured by scripts, not by tests.
  it('fits 2 MiB string fields into the comment, regression row first', () => {
    const md = renderMarkdown(hostile())
    expect(md.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(rows(md)[0]).toMatch(/BM_Reg.*regression/)
    expect(visible(md)).toMatch(/<code>A{100,200}…<\/code> → <code>A{100,200}…<\/code>/)
    expect(visible(md)).toMatch(/> Measuring stopped early: A{200,}…\./)
  })

  it('leaves out the collapsed parts first and says so at the top', () => {
    const many = suiteOf([
      ['BM_Reg', 1.06, 6],
      ['BM_Quiet/with/a/longer/name', 1, 1500]
    ])
    const md = renderMarkdown(reportOf(many))
    expect(md.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(md.length).toBeGreaterThan(COMMENT_MAX_CHARS - 2_000) // the room is used, not wasted
    const regressions = rows(md).filter((l) => l.includes('regression'))
    expect(regressions).toHaveLength(6)
    const notice = visible(md)
      .split('\n')
      .find((l) => l.startsWith('> Shortened'))!
    expect(notice).toMatch(/left out \d+ of 1500 benchmarks without a significant change/)
    expect(notice).not.toMatch(/changed benchmarks/)
    // The notice comes before the tables.
    expect(md.indexOf('> Shortened')).toBeLessThan(md.indexOf('| | Benchmark'))
    // The uncut summary keeps everything.
    expect(renderMarkdown(reportOf(many), { maxChars: Infinity })).not.toContain('Shortened')
  })

  it('cuts changed rows only when nothing else is left, least important last in order first', () => {
    const suite = suiteOf([
      ['BM_Reg', 1.1, 30],
      ['BM_Imp', 0.9, 30],
      ['BM_Same', 1, 30]
    ])
    const full = renderMarkdown(reportOf(suite), { maxChars: Infinity })
    const capped = renderMarkdown(reportOf(suite), { maxChars: Math.floor(full.length / 2) })
    expect(capped.length).toBeLessThanOrEqual(Math.floor(full.length / 2))
    const shown = rows(capped)
    expect(shown.filter((l) => l.includes('BM_Reg/')).length).toBe(30)
    expect(shown.some((l) => l.includes('BM_Same/'))).toBe(false)
    expect(visible(capped)).toMatch(
      /left out 30 of 30 benchmarks without a significant change; (\d+ of \d+ warnings; )?the chart; \d+ of 60 changed benchmarks\./
    )
  })
})

describe('warnings, notes and code', () => {
  it('says a sentence many benchmarks share once, with their names and the range of its numbers', () => {
    const suite = analyzeSuite({
      samples: Array.from({ length: 6 }, (_v, i) => measure(`BM_S/${i}`, 1, 0.01, 0, 6, i)).flat()
    })
    // Only the planted warnings: the analysis may find real autocorrelation in this random fixture.
    suite.comparisons.forEach((c) => (c.warnings = c.warnings.filter((w) => w.code !== 'autocorrelated')))
    suite.comparisons.forEach((c, i) =>
      c.warnings.push({
        level: 'warning',
        code: 'autocorrelated',
        side: 'head',
        message: `head samples autocorrelated (Ljung-Box p = 0.00${i + 1}): time-dependent noise`
      })
    )
    const md = visible(renderMarkdown(reportOf(suite)))
    const lines = md.split('\n').filter((l) => l.includes('autocorrelated'))
    expect(lines).toEqual([
      '- head samples autocorrelated (Ljung-Box p = 0.001–0.006): time-dependent noise (6 benchmarks: <code>BM_S/0</code>, <code>BM_S/1</code>, <code>BM_S/2</code>, <code>BM_S/3</code>, <code>BM_S/4</code>, <code>BM_S/5</code>)'
    ])
    expect(unwrapped(renderTerminal(reportOf(suite)))).toContain(
      '  - head samples autocorrelated (Ljung-Box p = 0.001–0.006): time-dependent noise (6 benchmarks: BM_S/0, BM_S/1, BM_S/2, BM_S/3, BM_S/4, BM_S/5)'
    )
    expect(mergeNumbers(['a 1 b 10', 'a 1 b 2', 'a 1 b 3'])).toBe('a 1 b 2–10')
  })

  it('makes a debug build of Google Benchmark one calm note, not a warning', () => {
    const suite = analyzeSuite({ samples: measure('BM_A', 1, 0.01, 0, 6, 1) })
    suite.provenance = { base: { libraryBuildType: 'debug' }, head: { libraryBuildType: 'debug' } }
    const debug: Warning = {
      level: 'warning',
      code: 'debug-library',
      message: 'Google Benchmark library was built in debug mode'
    }
    suite.warnings.push(debug)
    const md = renderMarkdown(reportOf(suite))
    expect(md).toContain(
      'ℹ️ Google Benchmark reports <code>library&#95;build&#95;type: debug</code>, as distribution packages do: this affects only the harness&#39; own overhead, not the measured code.'
    )
    expect(md).not.toContain('built in debug mode')
    expect(unwrapped(renderTerminal(reportOf(suite)))).toContain(
      "Note: Google Benchmark reports `library_build_type: debug`, as distribution packages do: this affects only the harness' own overhead, not the measured code."
    )
  })

  it('renders code in messages as code, never as escaped backticks', () => {
    const suite = analyzeSuite({ samples: measure('BM_A', 1, 0.01, 0, 6, 1) })
    suite.warnings.push({
      level: 'warning',
      code: 'x',
      message: 'measure several rounds (e.g. `benchgate run`)'
    })
    const md = renderMarkdown(reportOf(suite))
    expect(md).toContain('measure several rounds (e.g. <code>benchgate run</code>)')
    expect(md).not.toContain('&#96;')
    // Untrusted text inside a code span stays inert; an unpaired backtick is just escaped.
    expect(mdProse('x `<img src=a onerror=alert(1)> @you` y')).toBe(
      'x <code>&lt;img src=a onerror=alert(1)&gt; &#64;you</code> y'
    )
    expect(mdProse('one ` only')).toBe('one &#96; only')
  })

  it('collapses the chart when nothing changed, and shows it open when something did', () => {
    const calm = analyzeSuite({
      samples: [...measure('BM_Noisy', 1, 0.2, 0, 6, 1), ...measure('BM_Same', 1, 0.001, 0, 6, 2)]
    })
    expect(calm.comparisons.find((c) => c.benchmark === 'BM_Noisy')?.verdict).toBe('inconclusive')
    const md = renderMarkdown(reportOf(calm))
    expect(md).toMatch(
      /<details><summary>Chart: 1 interval still reaching ±2% \(nothing changed significantly\)<\/summary>\n\n<sub>/
    )
    const changed = analyzeSuite({
      samples: [...measure('BM_Noisy', 1, 0.2, 0, 6, 1), ...measure('BM_Reg', 1.1, 0.001, 0, 6, 2)]
    })
    const md2 = renderMarkdown(reportOf(changed))
    expect(md2).toContain('<pre>')
    expect(md2).not.toContain('<summary>Chart')
  })
})
