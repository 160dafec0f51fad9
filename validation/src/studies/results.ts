/** The results files of the studies: JSON, loaded and saved whole. */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AdviceResults } from './advice.js'
import type { GridResults } from './grid.js'
import type { HistoryResults } from './history.js'
import type { CalibrationResults } from './historyCalibration.js'
import type { LayoutResults } from './layout.js'
import type { PairsResults } from './pairs.js'
import type { PairsRealResults } from './pairsReal.js'
import type { RealResults } from './real.js'
import type { SimulationResults } from './simulation.js'
import type { SummaryResults } from './suiteSummary.js'

/** A suite-wide grid before and after a change of the analysis (either may be missing). */
export interface GridPair {
  before?: GridResults
  after?: GridResults
}

/** JSON file helpers: atomic save (write to a temp file, then rename). */
export function loadJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined
  return JSON.parse(readFileSync(path, 'utf8')) as T
}
export function saveJson(path: string, value: unknown): void {
  const tmp = `${path}.tmp`
  writeFileSync(tmp, JSON.stringify(value, null, 1) + '\n')
  renameSync(tmp, path)
}

/** grid-before[-X].json and grid-after[-X].json, paired by the suffix X (e.g. a second noise level). */
export function loadGridPairs(dir: string): GridPair[] {
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

/** Everything docs/VALIDATION.md is rendered from: the results files of one results directory. */
export interface ValidationResults {
  simulation?: SimulationResults
  real?: RealResults
  /** Suite-wide grids before/after a change of the analysis, one pair per noise level (main first). */
  grids: GridPair[]
  adviceBefore?: AdviceResults
  adviceAfter?: AdviceResults
  adviceConfirm?: AdviceResults
  advicePrevious?: AdviceResults
  /** The advice study of the shipped default (per-benchmark pairs, slow phases): advice-pairs.json. */
  advicePairs?: AdviceResults
  /** The same study under the previous release's advice (the model alone): advice-pairs-before.json. */
  advicePairsBefore?: AdviceResults
  /** This release's advice under pairs on a second seed: advice-pairs-confirm.json. */
  advicePairsConfirm?: AdviceResults
  suiteSummary?: SummaryResults
  pairs?: PairsResults
  pairsReal?: PairsRealResults
  history?: HistoryResults
  historyCalibration?: CalibrationResults
  /** The same study on the previous placing of change points: history-calibration-before.json. */
  historyCalibrationBefore?: CalibrationResults
  layout?: LayoutResults
}

/** The results files of `dir` (a missing file leaves its field undefined: its section says not run yet). */
export function loadResults(dir: string): ValidationResults {
  return {
    simulation: loadJson<SimulationResults>(join(dir, 'simulation.json')),
    real: loadJson<RealResults>(join(dir, 'real.json')),
    grids: loadGridPairs(dir),
    adviceBefore: loadJson<AdviceResults>(join(dir, 'advice-before.json')),
    adviceAfter: loadJson<AdviceResults>(join(dir, 'advice-after.json')),
    adviceConfirm: loadJson<AdviceResults>(join(dir, 'advice-confirm.json')),
    advicePrevious: loadJson<AdviceResults>(join(dir, 'advice-previous.json')),
    advicePairs: loadJson<AdviceResults>(join(dir, 'advice-pairs.json')),
    advicePairsBefore: loadJson<AdviceResults>(join(dir, 'advice-pairs-before.json')),
    advicePairsConfirm: loadJson<AdviceResults>(join(dir, 'advice-pairs-confirm.json')),
    suiteSummary: mergeSummaries(
      loadJson<SummaryResults>(join(dir, 'suite-summary.json')),
      loadJson<SummaryResults>(join(dir, 'suite-summary-whole.json'))
    ),
    pairs: loadJson<PairsResults>(join(dir, 'pairs.json')),
    pairsReal: loadJson<PairsRealResults>(join(dir, 'pairs-real.json')),
    history: loadJson<HistoryResults>(join(dir, 'history.json')),
    historyCalibration: loadJson<CalibrationResults>(join(dir, 'history-calibration.json')),
    historyCalibrationBefore: loadJson<CalibrationResults>(join(dir, 'history-calibration-before.json')),
    layout: loadJson<LayoutResults>(join(dir, 'layout.json'))
  }
}

/** The suite-summary study's two files (pairs, whole suite: one process each) as one result. */
function mergeSummaries(a?: SummaryResults, b?: SummaryResults): SummaryResults | undefined {
  if (!a || !b) return a ?? b
  return { meta: `${a.meta} Whole-suite rows: ${b.meta}`, rows: [...(a.rows ?? []), ...(b.rows ?? [])] }
}
