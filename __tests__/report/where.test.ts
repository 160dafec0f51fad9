/**
 * The "where" footnote of a changed row (issue 30, REPORT.md) in the comment and the terminal, and
 * its attribution through results.json: names escaped, a rename said as such, nothing without an
 * attribution.
 */
import { describe, expect, it } from '@jest/globals'
import { countSuite } from '../../src/analysis/countSuite.js'
import { renderHtml } from '../../src/report/html/render.js'
import { fromResultsJson, toResultsJson } from '../../src/report/json.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { validateResults } from '../../src/report/readResults.js'
import type { Report } from '../../src/report/model.js'
import { renderTerminal } from '../../src/report/terminal.js'
import { shortFunctionName } from '../../src/report/whereWording.js'
import type { CountMeasurement, CountSample, FunctionCost } from '../../src/samples/countModel.js'
import { callgrindEvents } from '../helpers/callgrindEvents.js'

const ev = (Ir: number, D1mr = 0) => callgrindEvents({ Ir, D1mr })
const fn = (name: string, self: number): FunctionCost => ({
  name,
  file: null,
  self: ev(self),
  inclusive: ev(self)
})
function sample(
  benchmark: string,
  side: 'base' | 'head',
  pass: number,
  functions: FunctionCost[]
): CountSample {
  const total = functions.reduce((s, f) => s + f.self.Ir, 0)
  return {
    benchmark,
    side,
    pass,
    iterations: 1,
    instructions: total,
    cycles: total,
    events: ev(total),
    functions
  }
}
const three = (benchmark: string, base: FunctionCost[], head: FunctionCost[]) => [
  sample(benchmark, 'base', 0, base),
  sample(benchmark, 'head', 0, head),
  sample(benchmark, 'base', 1, base)
]
const measurement: CountMeasurement = {
  samples: [
    ...three(
      'BM_Crc',
      [fn('BM_Crc(benchmark::State&)', 20), fn('crc_update(unsigned int, int)', 880), fn('memcpy', 100)],
      [fn('BM_Crc(benchmark::State&)', 20), fn('crc_update(unsigned int, int)', 959), fn('memcpy', 102)]
    ),
    ...three('BM_Rename', [fn('old_name()', 500), fn('main', 500)], [fn('new_name()', 560), fn('main', 500)]),
    ...three('BM_Evil', [fn('a|b`@here<x>()', 100)], [fn('a|b`@here<x>()', 150)]),
    ...three('BM_Same', [fn('f', 100)], [fn('f', 100)])
  ],
  issues: [],
  method: {
    tool: 'callgrind',
    valgrindVersion: 'valgrind-3.19.0',
    iterationFlags: ['--benchmark_min_time=1x'],
    repetitions: 2,
    caches: [],
    cyclesFormula: 'Ir',
    wallSeconds: 1
  }
}
const report: Report = {
  suite: countSuite(measurement, { metric: 'instructions', threshold: 0.01 }),
  run: { base: { label: 'main' }, head: { label: 'feature' } }
}

describe('the where footnote', () => {
  const md = renderMarkdown(report)
  const shown = md.replace(/&#95;/g, '_')
  it('names the functions by |Δ self| with their share of the change', () => {
    expect(shown).toMatch(
      /\| regression (\S+) \|[\s\S]*\n\1 where: <code>crc_update<\/code> \+7\.9% of \+8\.1% instructions, <code>memcpy<\/code> \+0\.2%\n/
    )
  })
  it('says a rename shows as removed + added', () => {
    expect(shown).toContain(
      'where: <code>new_name</code> (added) +56.0% of +6.0% instructions, <code>old_name</code> (removed) −50.0% (a renamed function shows as removed + added)'
    )
  })
  it('escapes names from the binary and adds nothing to an unchanged row', () => {
    expect(md).not.toMatch(/a\|b|`@here|<x>/)
    expect(md).toContain('where: <code>a&#124;b&#96;&#64;here&lt;x&gt;</code> +50.0%')
    expect(md.match(/where:/g)).toHaveLength(3)
  })
  it('the terminal has the same note', () => {
    expect(renderTerminal(report)).toMatch(
      /where: crc_update \+7\.9% of \+8\.1% instructions, memcpy \+0\.2%/
    )
  })
  it('the HTML page has the per-function table under each attributed benchmark, names escaped', () => {
    const html = renderHtml(report, [])
    expect(html.match(/<h4>Where the change comes from<\/h4>/g)).toHaveLength(3)
    expect(html).toMatch(
      /<td><code>crc_update<\/code><\/td><td class="num">880<\/td><td class="num">959<\/td><td class="num">\+79<\/td><td class="num">\+7\.9%<\/td>/
    )
    expect(html).toContain('<code>a|b`@here&lt;x&gt;</code>')
    expect(html).not.toContain('<x>')
  })
  it('results.json carries the attribution, validates, and reads back to the same comment', () => {
    const json = toResultsJson(report, 'test')
    const crc = json.benchmarks.find((b) => b.name === 'BM_Crc')!
    expect(crc.attribution?.functions.map((f) => f.name)).toEqual(['crc_update(unsigned int, int)', 'memcpy'])
    expect(json.benchmarks.find((b) => b.name === 'BM_Same')!.attribution).toBeUndefined()
    const back = validateResults(JSON.stringify(json), 'results.json')
    expect(renderMarkdown(fromResultsJson(back))).toBe(md)
  })
})

describe('shortFunctionName', () => {
  it('drops the parameter list and qualifiers, keeps templates and operators readable', () => {
    expect(shortFunctionName('ns::crc_update(unsigned int, int) const')).toBe('ns::crc_update')
    expect(shortFunctionName('std::vector<int, std::allocator<int> >::push_back(int const&)')).toBe(
      'std::vector<int, std::allocator<int> >::push_back'
    )
    expect(shortFunctionName('0x000000000002e3d0')).toBe('0x000000000002e3d0')
    expect(shortFunctionName('(below main)')).toBe('(below main)')
  })
})
