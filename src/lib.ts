/**
 * The package's library export (`benchgate` and `benchgate/stats`, bundled as dist/stats.js): the statistics of src/stats/
 * (pure functions, no I/O) plus the analysis built on them (one benchmark's comparison, a whole
 * suite). Its own entry so that src/stats/index.ts re-exports only stats/ and stays the bottom layer.
 */
export * from './stats/index.js'

// One benchmark's full comparison and a whole suite (analysis over the statistics above).
export { compare } from './analysis/comparison.js'
export { analyzeSuite } from './analysis/suite.js'
export { DEFAULT_ANALYSIS_OPTIONS } from './analysis/types.js'
export type { AnalysisOptions, Comparison, Observation, SuiteResult, Verdict } from './analysis/types.js'
