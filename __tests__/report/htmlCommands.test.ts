/**
 * --html on `compare` and `report`, and report.html in the output folder: through the real commands
 * with sample files on disk (benchgate's own layout: `<out>/results.json` and `<out>/samples/`).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compareCommand } from '../../src/commands/compare.js'
import type { Io } from '../../src/commands/io.js'
import { reportCommand } from '../../src/commands/report.js'
import { buildConfig } from '../../src/config/index.js'
import { synthSamples } from './htmlFixture.js'

const dir = mkdtempSync(join(tmpdir(), 'benchgate-htmlcmd-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function io(): Io & { err: string[] } {
  const err: string[] = []
  return { stdout: () => undefined, stderr: (t) => void err.push(t), colour: false, isTTY: false, err }
}

/** Writes the synthetic samples as CSV files `<side>-r<round>.csv` (one per process run). */
function writeSampleFiles(folder: string, names: string[]): void {
  mkdirSync(folder, { recursive: true })
  const samples = synthSamples().filter((s) => names.includes(s.benchmark))
  const files = new Map<string, string[]>()
  for (const s of samples) {
    const file = `${s.side}-r${String(s.round).padStart(3, '0')}.csv`
    if (!files.has(file)) files.set(file, ['benchmark,nanoseconds'])
    files.get(file)!.push(`${s.benchmark},${s.realTimeNs}`)
  }
  for (const [file, lines] of files) writeFileSync(join(folder, file), lines.join('\n') + '\n')
}

const NAMES = ['BM_OrderBook/map/20000', 'BM_Parse/json/4096']

describe('HTML output of the commands', () => {
  const out = join(dir, 'out')
  const samplesDir = join(out, 'samples')
  writeSampleFiles(samplesDir, NAMES)

  it('compare writes <out>/report.html with plots, and the --html copy', async () => {
    const extra = join(dir, 'extra', 'page.html')
    const config = buildConfig({ out, html: extra } as never)
    const stream = io()
    await compareCommand(config, samplesDir, samplesDir, stream)
    const page = readFileSync(join(out, 'report.html'), 'utf8')
    expect(readFileSync(extra, 'utf8')).toBe(page)
    for (const n of NAMES) expect(page).toContain(n)
    expect(page).toContain('data-plot="time"')
    expect(page).not.toContain('No plots')
    expect(stream.err.join('')).toContain(`HTML report with plots: ${extra}`)
  })

  it('compare prints the very files it wrote: json is results.json, md is summary.md, plain text is report.txt', async () => {
    for (const [format, file] of [
      ['json', 'results.json'],
      ['md', 'summary.md'],
      ['text', 'report.txt']
    ]) {
      const printed: string[] = []
      const stream = { ...io(), stdout: (t: string) => void printed.push(t) }
      const own = join(dir, `printed-${format}`)
      await compareCommand(buildConfig({ out: own, format } as never), samplesDir, samplesDir, stream)
      expect(printed.join('')).toBe(readFileSync(join(own, file), 'utf8'))
    }
  })

  it('report --html finds the samples/ folder next to results.json', async () => {
    const file = join(dir, 'from-results.html')
    const stream = io()
    await reportCommand(buildConfig({ html: file } as never), join(out, 'results.json'), stream)
    const page = readFileSync(file, 'utf8')
    expect(page).toContain('data-plot="dist"')
    expect(stream.err.join('')).toContain(`HTML report with plots: ${file}`)
  })

  it('report --html without samples renders the numbers and says why there are no plots', async () => {
    const lone = join(dir, 'lone')
    mkdirSync(lone)
    writeFileSync(join(lone, 'results.json'), readFileSync(join(out, 'results.json')))
    const file = join(dir, 'numbers-only.html')
    const stream = io()
    await reportCommand(buildConfig({ html: file } as never), join(lone, 'results.json'), stream)
    const page = readFileSync(file, 'utf8')
    expect(page).toContain('No plots: no samples/ folder next to')
    expect(page).not.toContain('data-plot=')
    expect(page).toContain('Mann-Whitney p')
    expect(stream.err.join('')).toMatch(/numbers only/)
  })

  it('report without --html writes no HTML', async () => {
    const htmlFiles = () =>
      readdirSync(dir, { recursive: true })
        .filter((f) => String(f).endsWith('.html'))
        .sort()
    const before = htmlFiles()
    const stream = io()
    await reportCommand(buildConfig({} as never), join(out, 'results.json'), stream)
    expect(htmlFiles()).toEqual(before)
    expect(stream.err.join('')).not.toContain('HTML')
  })
})
