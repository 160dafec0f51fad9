/**
 * Stops a run whose disk is full before it measures rounds it cannot keep: a benchmark process whose
 * sample file cannot be written still runs to the end (Google Benchmark's ofstream fails quietly), so
 * without this check every remaining round would be measured and thrown away, and the job would only
 * fail when the results are written.
 */
import { statSync, statfsSync } from 'node:fs'

/** Below this much free space a round's sample files (and the results after them) cannot be trusted to fit. */
export const MIN_FREE_BYTES = 64 * 1024

/** Free bytes for an unprivileged writer under `dir`, or undefined where the platform cannot say. */
function freeBytes(dir: string): number | undefined {
  try {
    const s = statfsSync(dir)
    return s.bavail * s.bsize
  } catch {
    return undefined
  }
}

/** Size of `file` in bytes (0 when it is missing). */
export function fileSize(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

/**
 * Throws an ENOSPC error (described as "the disk is full" with what to do) when the free space under
 * `dir` is below twice the largest sample file so far (one round writes two) or {@link MIN_FREE_BYTES}.
 */
export function assertRoomForRound(dir: string, largestFileBytes: number, roundLabel: string): void {
  const free = freeBytes(dir)
  const need = Math.max(MIN_FREE_BYTES, 2 * largestFileBytes)
  if (free === undefined || free >= need) return
  throw Object.assign(
    new Error(
      `ENOSPC: no space left on device: ${Math.floor(free / 1024)} KiB free under ${dir} after ${roundLabel}, ` +
        `a round needs about ${Math.ceil(need / 1024)} KiB; stopped before measuring rounds that could not be kept`
    ),
    { code: 'ENOSPC' }
  )
}
