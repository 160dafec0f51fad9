// Whether a process still runs, for tests that check nothing outlives what stopped it.
import { readFileSync } from 'node:fs'

/** Whether `pid` still runs (a zombie waiting to be reaped does not count; Linux /proc). */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}
