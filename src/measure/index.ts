/** The measurement machinery: round plan, staging, one benchmark process, the rounds loop, host lock. */
export { planRounds, abbaOrder, formatEta, DEFAULT_WARMUP_ROUNDS } from './plan.js'
export type { PlannedRound, PlanOptions } from './plan.js'
export { stageBinaries, sampleFilePath, assertEqualLength } from './stage.js'
export type { StageOptions } from './stage.js'
export {
  runBenchmarkProcess,
  benchmarkArgs,
  benchmarkCommand,
  formatMinTime,
  validateSettings,
  findExecutable,
  STDERR_TAIL_LINES
} from './benchmark.js'
export type { BinaryKind, BenchmarkSettings, BenchmarkRunOptions, RunResult } from './benchmark.js'
export { runRounds } from './rounds.js'
export type { RoundsOptions, RoundsResult, RoundsProgress, SideSetup } from './rounds.js'
export { acquireHostLock, DEFAULT_LOCK_TIMEOUT_MS } from './lock.js'
export type { HostLockOptions } from './lock.js'
export { runAdaptive, adaptiveMaxRounds, defaultBlockRounds, DEFAULT_MAX_ROUNDS_FACTOR } from './adaptive.js'
export type { AdaptiveOptions, AdaptiveResult, AdaptiveSummary } from './adaptive.js'
export { measureBothSides, usesBudget } from './measureSides.js'
export type { MeasureSidesOptions, Measured } from './measureSides.js'
export { duetCores, duetCpu, usableCpus } from './duet.js'
export type { DuetChoice, DuetCores } from './duet.js'
