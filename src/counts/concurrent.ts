/**
 * Count mode's valgrind processes run side by side (docs/count-mode.md "How the passes run"): at most
 * `limit` at once, results in input order, and the first failure stops the rest: nothing more starts,
 * the running ones are aborted through their signal (runProcess kills their process groups), and the
 * failure is thrown once they have all ended, so no valgrind outlives the count measurement.
 */

/** One process's work: starts when called, stops when `signal` aborts. */
export type ConcurrentJob<T> = (signal: AbortSignal) => Promise<T>

/**
 * Runs `jobs`, at most `limit` at once (at least one), in input order as slots free up. `signal`
 * (the caller's: an interrupt) reaches every job; only a job's rejection stops the others.
 * @returns every job's result, in input order
 * @throws the first job's error, after every started job has settled
 */
export async function runConcurrently<T>(
  jobs: ReadonlyArray<ConcurrentJob<T>>,
  limit: number,
  signal?: AbortSignal
): Promise<T[]> {
  const stop = new AbortController()
  const onAbort = (): void => stop.abort(signal?.reason)
  if (signal?.aborted) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  const out: T[] = new Array<T>(jobs.length)
  let next = 0
  let failure: { error: unknown } | null = null
  const worker = async (): Promise<void> => {
    while (failure === null && next < jobs.length) {
      const i = next++
      try {
        out[i] = await jobs[i](stop.signal)
      } catch (error) {
        if (failure === null) {
          failure = { error }
          stop.abort(error)
        }
      }
    }
  }
  const workers = Math.max(1, Math.min(Math.floor(limit) || 1, jobs.length))
  try {
    await Promise.all(Array.from({ length: workers }, worker))
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
  if (failure !== null) throw (failure as { error: unknown }).error
  return out
}
