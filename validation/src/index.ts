/**
 * npm run validate — the validation study (docs/VALIDATION.md). Not part of `npm test`.
 *
 *   npm run validate                      full: simulation (2,000 per cell) + real study (~90 min)
 *   npm run validate -- --quick           ≤ 15 min: same code paths, fewer replications
 *   npm run validate -- --sim-only | --real-only | --render-only
 *   npm run validate -- --grid [--grid-label before|after[-SUFFIX]] [--grid-suites N] [--grid-sd S] [--quick]
 *                                         suite-wide grid only (grid.ts; 300 A/A + 100 mixed suites per
 *                                         cell, 36 cells; --quick: 30 + 10; S: noise sd, default 0.05),
 *                                         to grid-LABEL.json, then re-render
 *   options: --reps N (simulation replications per cell), --seed S,
 *            --out FILE (default docs/VALIDATION.md; with --quick, VALIDATION.md beside the quick results),
 *            --results DIR (JSON results; default validation/results[/quick]),
 *            --work DIR (builds and scratch; default /tmp/benchgate-validate)
 *
 * Results go to JSON after every step (simulation.json, real.json); the markdown is rendered from
 * them, so `--render-only` rebuilds VALIDATION.md from whatever has been measured so far.
 */
import { mkdirSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DEFAULT_CONFIG } from '../../src/config/index.js'
import {
  FULL_CELLS,
  QUICK_CELLS,
  loadJson,
  runRealStudy,
  saveJson,
  type RealResults
} from './studies/real.js'
import { parseArgs } from './cli/options.js'
import { renderValidation } from './render/document.js'
import { runSimulation, type SimulationResults } from './studies/simulation.js'
import { runGrid, type GridResults } from './studies/grid.js'
import type { GridPair } from './render/grid.js'

const log = (m: string): void => {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${m}\n`)
}

export async function main(argv: readonly string[]): Promise<void> {
  const o = parseArgs(argv)
  const dir = resolve(o.results ?? join('validation', 'results', o.quick ? 'quick' : 'full'))
  mkdirSync(dir, { recursive: true })
  const simFile = join(dir, 'simulation.json')
  const realFile = join(dir, 'real.json')
  // A quick run must not overwrite the full study's page.
  const out = resolve(o.out ?? (o.quick ? join(dir, 'VALIDATION.md') : join('docs', 'VALIDATION.md')))
  const t0 = Date.now()

  if (o.grid) {
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
  if (!o.grid && !o.renderOnly && !o.realOnly) {
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
    saveJson(simFile, sim)
    log(`simulation done in ${sim.durationSeconds.toFixed(0)} s -> ${simFile}`)
  }
  if (!o.grid && !o.renderOnly && !o.simOnly) {
    await runRealStudy({
      workDir: resolve(o.work),
      cells: o.quick ? QUICK_CELLS : FULL_CELLS,
      rounds: DEFAULT_CONFIG.rounds,
      warmupRounds: DEFAULT_CONFIG.warmupRounds,
      repetitions: DEFAULT_CONFIG.repetitions,
      minTime: DEFAULT_CONFIG.minTime,
      load: () => loadJson<RealResults>(realFile),
      save: (r) => saveJson(realFile, r),
      progress: log
    })
  }
  const md = renderValidation({
    simulation: loadJson<SimulationResults>(simFile),
    real: loadJson<RealResults>(realFile),
    grids: loadGridPairs(dir),
    out,
    quick: o.quick,
    resultsDir: dir
  })
  log(`wrote ${out} (${md.length} characters) in ${((Date.now() - t0) / 1000).toFixed(0)} s total`)
}

/** grid-before[-X].json and grid-after[-X].json, paired by the suffix X (e.g. a second noise level). */
function loadGridPairs(dir: string): GridPair[] {
  const pairs = new Map<string, GridPair>()
  for (const f of readdirSync(dir).sort()) {
    const m = /^grid-(before|after)(-[a-z0-9-]+)?\.json$/.exec(f)
    if (!m) continue
    const pair = pairs.get(m[2] ?? '') ?? {}
    pair[m[1] as 'before' | 'after'] = loadJson<GridResults>(join(dir, f))
    pairs.set(m[2] ?? '', pair)
  }
  // the main pair (no suffix) first
  return [...pairs.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, p]) => p)
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`validate: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
  process.exit(1)
})
