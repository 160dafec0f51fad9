/**
 * The small logging interface every layer below the entry points receives. The Action maps it onto
 * `@actions/core` (info/warning/debug/group); the CLI uses {@link consoleLog}; tests use {@link silentLog}
 * or their own recorder. Nothing below `src/index.ts` / `src/cli.ts` writes to the console directly.
 */

export interface Log {
  info(msg: string): void
  warn(msg: string): void
  debug(msg: string): void
  /** Runs `fn` inside a named, collapsible section (an Actions log group; a header on a terminal). */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>
}

/** Where {@link consoleLog} writes; `process.stderr` fits. */
export interface TextSink {
  write(text: string): unknown
}

/**
 * Plain text log for the CLI: one line per message on `stream` (stderr, so stdout stays the report).
 * @param stream destination, typically `process.stderr`
 * @param options.debug print `debug` messages too (default false)
 */
export function consoleLog(stream: TextSink, options: { debug?: boolean } = {}): Log {
  const line = (prefix: string, msg: string): void => {
    stream.write(`${prefix}${msg}\n`)
  }
  return {
    info: (msg) => line('', msg),
    warn: (msg) => line('warning: ', msg),
    debug: (msg) => {
      if (options.debug) line('debug: ', msg)
    },
    group: async (name, fn) => {
      line('== ', name)
      return fn()
    }
  }
}

/** A log that drops everything (tests, library use). */
export const silentLog: Log = {
  info: () => {},
  warn: () => {},
  debug: () => {},
  group: (_name, fn) => fn()
}
