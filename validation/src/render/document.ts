/**
 * docs/VALIDATION.md, whole: the sections in order, each from its own module, rendered from the
 * results of one results directory (studies/results.ts loads them). Computes nothing but counts,
 * rates and Clopper-Pearson bands, reads no file and keeps nothing of an earlier page: the same
 * results give the same page, byte for byte.
 */
import type { ValidationResults } from '../studies/results.js'
import { adaptiveSection } from './adaptive.js'
import { adviceSection } from './advice.js'
import { answerSection } from './answer.js'
import { defaultsSection } from './defaults.js'
import { duetSection } from './duet.js'
import { gridsSection } from './grid.js'
import { historySection } from './history.js'
import { historyCalibrationSection } from './historyCalibration.js'
import { introSection } from './intro.js'
import { layoutSection } from './layout.js'
import { methodSection } from './method.js'
import { pairsSection } from './pairs.js'
import { realStudySection } from './real.js'
import { reproduceSection } from './reproduce.js'
import { simulationSection } from './simulation.js'
import { suiteSummarySection } from './suiteSummary.js'
import { targetsSection } from './targets.js'

export interface RenderOptions {
  /** A --quick run: its own page, without the full study's hand-written conclusions. */
  quick: boolean
  /** The results directory as the page names it (relative to the repository). */
  resultsRel: string
}

export function renderValidation(r: ValidationResults, o: RenderOptions): string {
  const sections = [
    introSection(o.quick, o.resultsRel),
    targetsSection(r.simulation, r.real),
    defaultsSection(o.quick),
    gridsSection(r.grids),
    methodSection(r.simulation, r.real),
    simulationSection(r.simulation),
    realStudySection(r.real),
    adaptiveSection(o.quick),
    adviceSection(r),
    suiteSummarySection(r.suiteSummary),
    pairsSection(r.pairs, r.pairsReal),
    historySection(r.history),
    historyCalibrationSection(r.historyCalibration, r.historyCalibrationBefore),
    layoutSection(r.layout),
    answerSection(o.quick),
    duetSection(o.quick),
    reproduceSection(o.resultsRel)
  ]
  return sections.filter((s) => s !== null).join('\n') + '\n'
}
