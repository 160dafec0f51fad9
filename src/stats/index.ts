/**
 * benchgate's statistics (re-exported by the package entry src/lib.ts): pure functions, no I/O,
 * nothing imported from the rest of src/.
 * Every statistic is defined in docs/statistics.md and checked against R.
 * Statistical shortfalls come back as `warnings: string[]` on results; invalid input throws
 * StatsInputError ({ id, subject }).
 */
export { StatsInputError } from './errors.js'
export type { StatsErrorId } from './errors.js'

// Rank test and effect sizes (docs/statistics.md §1, §2).
export { mannWhitneyU } from './mannWhitney.js'
export type { MannWhitneyOptions, MannWhitneyResult } from './mannWhitney.js'
export { hodgesLehmann, hodgesLehmannRatio } from './hodgesLehmann.js'
export type { HodgesLehmannOptions, HodgesLehmannResult } from './hodgesLehmann.js'
export { pwilcox, qwilcox, dwilcox } from './wilcoxonDistribution.js'

// Paired analysis (docs/statistics.md §13).
export { wilcoxonSignedRank } from './signedRank.js'
export type { SignedRankOptions, SignedRankResult } from './signedRank.js'
export { psignrank, qsignrank, signedRankMinP, signedRankMinPairs } from './signedRankDistribution.js'
export { normalCdf, normalSf, normalQuantile } from './normal.js'

// Power and sample size (docs/statistics.md §4).
export { powerTTest } from './power.js'
export type { PowerTTestOptions, PowerTTestResult } from './power.js'
export { pnt } from './noncentralT.js'
export { bootstrapSdUpper } from './bootstrap.js'
export {
  requiredSamplesPerSide,
  minimumDetectableEffect,
  powerWarnings,
  NONPARAMETRIC_OVERHEAD
} from './sampleSize.js'

// Diagnostics (docs/statistics.md §3, §5) and multiplicity (§6).
export { summarize, median, mean, quantileType7 } from './summary.js'
export type { Summary } from './summary.js'
export { acf, ljungBox } from './acf.js'
export { durbinWatson } from './durbinWatson.js'
export { intraclassCorrelation } from './icc.js'
export { tukeyOutliers } from './outliers.js'
export { theilSen, drift, senInterval } from './drift.js'
export { adjustPValues, benjaminiHochberg } from './multiplicity.js'
export type { BenjaminiHochbergResult } from './multiplicity.js'

// History on main (docs/statistics.md §11): change points and creep.
export {
  despike,
  detectChangePoints,
  detectChangePointsDetailed,
  eDivisiveCandidate,
  refineChangePoints,
  testChangePoints
} from './changePoints.js'
export type {
  ChangePoint,
  ChangePointDetail,
  ChangePointOptions,
  CandidateSplit,
  SegmentStats
} from './changePoints.js'
export { creep } from './creep.js'
export { medianInterval } from './medianInterval.js'
export type { MedianInterval } from './medianInterval.js'
export type { CreepOptions, CreepResult, CreepStep } from './creep.js'
