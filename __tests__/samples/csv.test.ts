import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'

import { csvRecords, csvRecordsOfPieces, parseCsvPieces, parseCsvSamples } from '../../src/samples/csv.js'
import { readFixture } from './helpers.js'

describe('CSV samples', () => {
  it('reads JayBeams-style files: comments, no header, repetition per benchmark', () => {
    const p = parseCsvSamples(readFixture('csv', 'jaybeams-style.csv'), { side: 'head', source: 'j.csv' })
    expect(p.format).toBe('csv')
    expect(p.issues).toEqual([])
    expect(p.samples.map((s) => [s.benchmark, s.repetition, s.realTimeNs])).toEqual([
      ['map:buy', 0, 4482502],
      ['map:buy', 1, 4366149],
      ['map:buy', 2, 4493632],
      ['map:buy', 3, 4558431],
      ['array:buy', 0, 2130455],
      ['array:buy', 1, 2121873],
      ['array:buy', 2, 2150127]
    ])
    expect(
      p.samples.every(
        (s) => s.round === -1 && s.run === 0 && s.iterations === 1 && s.cpuTimeNs === s.realTimeNs
      )
    ).toBe(true)
  })

  it('reads a header with a run column, RFC 4180 quoted names, and reports bad rows', () => {
    const p = parseCsvSamples(readFixture('csv', 'header-run-quoted.csv'), {
      side: 'base',
      source: 'h.csv',
      round: 2
    })
    expect(p.samples.map((s) => [s.benchmark, s.run, s.repetition, s.realTimeNs, s.round])).toEqual([
      ['BM_OrderBook_Map', 0, 0, 123456, 2],
      ['BM_OrderBook_Map', 0, 1, 123789, 2],
      ['BM_Sort<std::pair<int, int>>, 1024', 0, 0, 5123, 2],
      ['BM_Quote "x"', 0, 0, 77, 2],
      ['BM_OrderBook_Map', 1, 0, 124001, 2],
      ['BM_Sort<std::pair<int, int>>, 1024', 1, 0, 5200, 2]
    ])
    expect(p.issues.map((i) => i.source)).toEqual([
      'h.csv:10',
      'h.csv:11',
      'h.csv:12',
      'h.csv:13',
      'h.csv:14'
    ])
    expect(p.issues.every((i) => i.kind === 'invalid' && i.benchmark === 'BM_OrderBook_Map')).toBe(true)
    expect(p.issues[0].message).toMatch(/nanoseconds is "0"/)
    expect(p.issues[3].message).toMatch(/nanoseconds is missing/)
    expect(p.issues[4].message).toMatch(/run is "x"/)
  })

  it('splits quoted fields with newlines, doubled quotes and CRLF', () => {
    expect([...csvRecords('"a\nb",1\r\n"c""d",2\n')].map((r) => [r.fields, r.line])).toEqual([
      [['a\nb', '1'], 1],
      [['c"d', '2'], 3]
    ])
  })

  it('reports an unterminated quote (a cut file) and keeps earlier rows', () => {
    const p = parseCsvSamples('BM_A,10\n"BM_B,20\n', { side: 'base', source: 'u.csv' })
    expect(p.samples.map((s) => s.benchmark)).toEqual(['BM_A'])
    expect(p.issues).toHaveLength(1)
    expect(p.issues[0].message).toMatch(/quoted field is never closed/)
  })

  it('refuses a header without a time column', () => {
    expect(() => parseCsvSamples('foo,bar\nx,y\n', { side: 'base', source: 'f.csv' })).toThrow(
      expect.objectContaining({ id: 'malformed-csv', file: 'f.csv', line: 1 })
    )
  })

  it('takes the run from the options when there is no run column', () => {
    const p = parseCsvSamples('name,ns\nBM_A,5\n', { side: 'base', run: 7 })
    expect(p.samples[0]).toMatchObject({ benchmark: 'BM_A', run: 7, repetition: 0, realTimeNs: 5 })
  })

  it('drops a last row without a line end as truncated: it may be cut mid-number', () => {
    const whole = 'BM_A,123456\nBM_B,654321\n'
    const cut = whole.slice(0, whole.length - 5) // "BM_B,65": a valid number, but not the one written
    const p = parseCsvSamples(cut, { side: 'head', source: 'c.csv' })
    expect(p.samples.map((s) => [s.benchmark, s.realTimeNs])).toEqual([['BM_A', 123456]])
    expect(p.issues).toEqual([
      expect.objectContaining({ benchmark: 'BM_B', kind: 'truncated', source: 'c.csv:2' })
    ])
    expect(p.issues[0].message).toMatch(/no line end.*cut short.*end it with a newline/)
    // The complete file keeps both rows and reports nothing.
    const full = parseCsvSamples(whole, { side: 'head', source: 'c.csv' })
    expect(full.samples.map((s) => s.realTimeNs)).toEqual([123456, 654321])
    expect(full.issues).toEqual([])
  })

  it('keeps a lone carriage return after a closing quote in the field, as in an unquoted one', () => {
    // It used to end the record and swallow the next character ("b"), leaving a row with no name.
    expect([...csvRecords('"a"\rb,1\nBM_B,2\n')].map((r) => [r.fields, r.line])).toEqual([
      [['a\rb', '1'], 1],
      [['BM_B', '2'], 2]
    ])
  })

  describe('read in pieces', () => {
    /** Cuts `text` into pieces at the given (sorted, deduplicated) positions. */
    const cutAt = (text: string, cuts: number[]): string[] => {
      const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
      return [0, ...at].map((from, i) => text.slice(from, [...at, text.length][i]))
    }
    /** What a parse gives: its result, or the message of what it threw. */
    const outcome = (parse: () => unknown): unknown => {
      try {
        return parse()
      } catch (e) {
        return { threw: (e as Error).message }
      }
    }
    const withoutOffsets = (records: Iterable<{ offset: number }>) =>
      [...records].map(({ offset: _offset, ...rest }) => rest)
    // Quotes, separators, comments and line ends of every kind, in any order: open quotes across
    // lines and pieces, lone quotes inside fields, comment lines holding quotes, a BOM.
    const csvText = fc
      .array(
        fc.constantFrom(
          'BM_a',
          '"',
          '""',
          ',',
          '\n',
          '\r\n',
          '\r',
          '#',
          ' ',
          '12',
          '3.5',
          'é',
          '😀',
          '\uFEFF'
        ),
        { maxLength: 80 }
      )
      .map((parts) => parts.join(''))

    it('gives exactly the records of the whole text, wherever the pieces end', () => {
      fc.assert(
        fc.property(csvText, fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (body, cuts, bom) => {
          const text = (bom ? '\uFEFF' : '') + body
          const whole = withoutOffsets(csvRecords(text.replace(/^\uFEFF/, '')))
          expect(withoutOffsets(csvRecordsOfPieces(cutAt(text, cuts)))).toEqual(whole)
        }),
        { numRuns: 2000 }
      )
    })

    it('parses a file in pieces to the same samples and issues as its whole text', () => {
      const rows = fc.array(
        fc.oneof(
          fc.tuple(
            fc.constantFrom('BM_A', 'BM_B', '"BM_C,x"', '"BM_D\nline"', 'BM_"E'),
            fc.constantFrom('5', '7.25', '-1', 'x', '')
          ),
          fc.constant(['# a "comment', ''] as const)
        ),
        { maxLength: 30 }
      )
      fc.assert(
        fc.property(rows, fc.boolean(), fc.array(fc.nat(), { maxLength: 8 }), (rs, ended, cuts) => {
          const lines = rs.map(([name, ns]) => (ns === '' ? name : `${name},${ns}`))
          const text = lines.join('\n') + (ended ? '\n' : '')
          const opts = { side: 'head' as const, source: 'p.csv' }
          expect(outcome(() => parseCsvPieces(cutAt(text, cuts), opts))).toEqual(
            outcome(() => parseCsvSamples(text, opts))
          )
        }),
        { numRuns: 1000 }
      )
    })

    it('reads an unclosed quote as one record to the end of the file, however many pieces', () => {
      // 4 MB after an open quote, in 32 KiB pieces (past 1 MB the rest is parsed once).
      const text = 'BM_A,1\n"open' + 'x,1\n'.repeat(1 << 20)
      const pieces = cutAt(
        text,
        Array.from({ length: text.length >> 15 }, (_, i) => (i + 1) << 15)
      )
      const records = [...csvRecordsOfPieces(pieces)]
      expect(records.map((r) => [r.line, r.unterminated])).toEqual([
        [1, false],
        [2, true]
      ])
    })
  })
})
