/**
 * Selecting benchmarks by exact name with Google Benchmark's `--benchmark_filter`: the adaptive
 * loop's active set, a shard's share, count mode's one-benchmark probe.
 */

/** Linux refuses a single argument longer than 128 KiB (MAX_ARG_STRLEN); stay well below. */
export const MAX_FILTER_CHARS = 100_000

/**
 * One regular expression that selects exactly the named benchmarks with Google Benchmark's
 * `--benchmark_filter`: `^(name1|name2|...)$`.
 *
 * Google Benchmark compiles the filter with `std::regex::extended` (POSIX ERE; measured on 1.7.1,
 * where `(?:` and `\[` are rejected) or POSIX `regcomp(REG_EXTENDED)`, and searches the full name.
 * Escaping that is valid in ERE *and* in ECMAScript (so the same string can be checked with a JS
 * RegExp): `\` before `\ ^ $ . | ? * + ( )`; `[` and `{` as the bracket expressions `[[]` and `[{]`
 * (ERE rejects `\[`, `\{`); `]` and `}` stay as they are (literal outside brackets in both).
 * Names cannot start a negative filter (`-...` in Google Benchmark ≥ 1.8): the result starts with `^`.
 *
 * @param names exact benchmark names (non-empty strings, no NUL or newline)
 * @returns the filter, or undefined when it cannot be built safely (no names, a name with NUL or a
 *   line break, or longer than {@link MAX_FILTER_CHARS}): then run without a filter and ignore the
 *   extra samples
 */
export function exactNameFilter(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined
  const parts: string[] = []
  for (const name of [...new Set(names)].sort()) {
    if (name === '' || /[\0\n\r]/.test(name)) return undefined
    parts.push(escapeFilterName(name))
  }
  const filter = `^(${parts.join('|')})$`
  return filter.length > MAX_FILTER_CHARS ? undefined : filter
}

/** One name as a literal in both POSIX ERE and ECMAScript (see exactNameFilter). */
export function escapeFilterName(name: string): string {
  return name.replace(/[\\^$.|?*+()[{]/g, (c) => (c === '[' ? '[[]' : c === '{' ? '[{]' : `\\${c}`))
}
