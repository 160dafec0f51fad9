// A Log that says nothing, for calling library code whose progress lines a test does not check.
import type { Log } from '../../src/log.js'

export const silentLog: Log = {
  info: () => {},
  warn: () => {},
  debug: () => {},
  group: <T>(_: string, f: () => Promise<T>) => f()
}
