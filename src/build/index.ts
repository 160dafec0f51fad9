/** Building each side and finding/probing the benchmark binary it produced. */
export { runBuild, BUILD_LOG_TAIL_LINES } from './build.js'
export type { BuildOptions, BuildResult } from './build.js'
export { locateBinary, probeBinary, PROBE_TIMEOUT_MS } from './binary.js'
export type { ProbeResult, ProbeOptions } from './binary.js'
export { buildBothSides } from './sides.js'
export type { BuildSidesOptions } from './sides.js'
