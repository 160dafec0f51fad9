/**
 * The page command (`npm run validate` with no study named): the simulation, the real study and the
 * suite-wide grid, each to its results JSON, then docs/VALIDATION.md rendered from all the results.
 * Results go to JSON after every step, so `--render-only` rebuilds the page from whatever has been
 * measured so far.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { DEFAULT_CONFIG } from '../../../src/config/index.js'
import { renderValidation } from '../render/document.js'
import { runGrid } from '../studies/grid.js'
import { FULL_CELLS, QUICK_CELLS, runRealStudy } from '../studies/real.js'
import { loadJson, loadResults, saveJson } from '../studies/results.js'
import { runSimulation } from '../studies/simulation.js'
import type { RealResults } from '../studies/real.js'
import type { CliOptions } from './options.js'

/** Where a command's lines go: progress to stderr, output to stdout (only validation/src/index.ts touches them). */
export interface Io {
  log(line: string): void
  print(text: string): void
}

export async function runPage(o: CliOptions, io: Io): Promise<void> {
  const log = (m: string): void => io.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`)
  const dir = resolve(o.results ?? join('validation', 'results', o.quick ? 'quick' : 'full'))
  mkdirSync(dir, { recursive: true })
  // A quick run must not overwrite the full study's page.
  const out = resolve(o.out ?? (o.quick ? join(dir, 'VALIDATION.md') : join('docs', 'VALIDATION.md')))
  const t0 = Date.now()
  if (o.grid) gridStep(o, dir, log)
  if (!o.grid && !o.renderOnly && !o.realOnly) simulationStep(o, dir, log)
  if (!o.grid && !o.renderOnly && !o.simOnly) await realStep(o, dir, log)
  const md = renderValidation(loadResults(dir), {
    quick: o.quick,
    resultsRel: relative(process.cwd(), dir) || '.'
  })
  writeFileSync(out, md)
  log(`wrote ${out} (${md.length} characters) in ${((Date.now() - t0) / 1000).toFixed(0)} s total`)
}

function gridStep(o: CliOptions, dir: string, log: (m: string) => void): void {
  const aaSuites = o.gridSuites ?? (o.quick ? 30 : 300)
  const mixedSuites = Math.max(1, Math.ceil(aaSuites / 3))
  log(`grid '${o.gridLabel}': ${aaSuites} A/A + ${mixedSuites} mixed suites per cell`)
  const grid = runGrid({
    label: o.gridLabel,
    seed: o.seed,
    aaSuites,
    mixedSuites,
    sdLog: o.gridSd ?? undefined,
    progress: log
  })
  const file = join(dir, `grid-${o.gridLabel}.json`)
  saveJson(file, grid)
  log(`grid done in ${grid.durationSeconds.toFixed(0)} s -> ${file}`)
}

function simulationStep(o: CliOptions, dir: string, log: (m: string) => void): void {
  const perCell = o.reps ?? (o.quick ? 400 : 2000)
  log(`simulation: ${perCell} replications per cell`)
  const sim = runSimulation({
    seed: o.seed,
    perCell,
    suiteReplications: o.quick ? 100 : 500,
    budgetReplications: o.quick ? 200 : 1000,
    presets: ['shared', 'quiet', 'memory-bound'],
    progress: log
  })
  const file = join(dir, 'simulation.json')
  saveJson(file, sim)
  log(`simulation done in ${sim.durationSeconds.toFixed(0)} s -> ${file}`)
}

async function realStep(o: CliOptions, dir: string, log: (m: string) => void): Promise<void> {
  const file = join(dir, 'real.json')
  await runRealStudy({
    workDir: resolve(o.work),
    cells: o.quick ? QUICK_CELLS : FULL_CELLS,
    rounds: DEFAULT_CONFIG.rounds,
    warmupRounds: DEFAULT_CONFIG.warmupRounds,
    repetitions: DEFAULT_CONFIG.repetitions,
    minTime: DEFAULT_CONFIG.minTime,
    load: () => loadJson<RealResults>(file),
    save: (r) => saveJson(file, r),
    progress: log
  })
}
