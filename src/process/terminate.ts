/**
 * Run a synchronous clean-up when the process is told to stop (SIGINT, SIGTERM, SIGHUP) or exits.
 *
 * Installing a signal listener disables Node's default "die on SIGINT". To keep Ctrl-C working, the
 * handler unregisters itself after running and, when no other listener for that signal remains,
 * re-raises the signal so the default action (terminate) happens. When the entry point has its own
 * listener (e.g. to stop gracefully and still write a partial report), the decision stays with it.
 * Listeners of an entry point must therefore stay registered while they want control.
 */

export const TERMINATING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']

/**
 * Registers `fn` to run once on a terminating signal or on process exit. `fn` must be synchronous
 * (on 'exit' nothing asynchronous runs any more) and should not throw (errors are swallowed).
 * @returns unregister: removes the listeners; idempotent. Call it once the resource is released.
 */
export function onTerminate(fn: (reason: NodeJS.Signals | 'exit') => void): () => void {
  let done = false
  const handlers = new Map<NodeJS.Signals, () => void>()
  const unregister = (): void => {
    if (done) return
    done = true
    for (const [sig, h] of handlers) process.removeListener(sig, h)
    process.removeListener('exit', onExit)
  }
  const run = (reason: NodeJS.Signals | 'exit'): void => {
    if (done) return
    unregister()
    try {
      fn(reason)
    } catch {
      // clean-up is best effort while the process is going away
    }
  }
  const onExit = (): void => run('exit')
  for (const sig of TERMINATING_SIGNALS) {
    const h = (): void => {
      run(sig)
      if (process.listenerCount(sig) === 0) process.kill(process.pid, sig)
    }
    handlers.set(sig, h)
    process.on(sig, h)
  }
  process.on('exit', onExit)
  return unregister
}
