/**
 * The benchmark harnesses benchgate drives (docs/harnesses.md): what each one needs to list a
 * binary's benchmarks, run a set of them by exact name in one process, and read that process's
 * output into one value per benchmark. Google Benchmark's own path (build/binary.ts,
 * measure/benchmark.ts, counts/) is unchanged; Catch2 and nanobench live in this folder.
 */

/** `--harness`: which library the binary is built with; `auto` recognises it. */
export type HarnessChoice = 'auto' | 'gbench' | 'catch2' | 'nanobench'

/** How a binary is run: bench-runner and plain Google Benchmark are both the `gbench` harness. */
export type HarnessKind = 'bench-runner' | 'google-benchmark' | 'catch2' | 'nanobench'

/**
 * What a probe learnt beyond the names: for Catch2, the test case that holds each benchmark (its
 * exact-name filter is the test case: Catch2 cannot run one BENCHMARK of a test case alone).
 * Shared by both sides (the union of their listings), so both sides get the same arguments.
 */
export type Catalog = ReadonlyMap<string, string>

/** The library's name for messages and the report. */
export const HARNESS_LABEL: Record<HarnessKind, string> = {
  'bench-runner': 'Google Benchmark (bench-runner)',
  'google-benchmark': 'Google Benchmark',
  catch2: 'Catch2',
  nanobench: 'nanobench'
}

/**
 * Which of the catalog's benchmarks a benchgate filter (a regular expression over names: --filter,
 * a shard's share, or an exact-name filter) selects. The filters benchgate builds are valid
 * ECMAScript as well as POSIX ERE (samples/nameFilter.ts); a user's --filter is read as ECMAScript.
 * @returns the selected names, or undefined when there is no filter (everything)
 */
export function selectedNames(filter: string | undefined, names: Iterable<string>): string[] | undefined {
  if (filter === undefined || filter === '') return undefined
  let re: RegExp
  try {
    re = new RegExp(filter)
  } catch {
    return undefined
  }
  return [...names].filter((n) => re.test(n))
}

/**
 * What Catch2 and nanobench cannot do yet, refused before anything is measured: CPU time (they report
 * wall-clock means only), count mode (their iteration counts follow the clock, so a process's
 * instruction count is not deterministic, and there is no fixed-iteration flag to pin it;
 * docs/harnesses.md) and shards (split by Google Benchmark's listing).
 * @returns the refusal's message, or null when the harness can do what the options ask
 */
export function unsupportedBy(
  kind: HarnessKind,
  o: { measure: string; shard: unknown; metric?: string }
): string | null {
  if (kind !== 'catch2' && kind !== 'nanobench') return null
  if (o.metric === 'cpu_time')
    return (
      `--metric cpu_time needs Google Benchmark: ${HARNESS_LABEL[kind]} reports wall-clock means only ` +
      '(docs/harnesses.md). Use --metric auto or real_time.'
    )
  if (o.measure !== 'time')
    return (
      `--measure ${o.measure} needs Google Benchmark: ${HARNESS_LABEL[kind]} chooses its iteration counts from the clock, ` +
      'so instruction counts of its processes change from run to run (docs/harnesses.md). Use --measure time.'
    )
  if (o.shard)
    return `--shard needs Google Benchmark's listing; a ${HARNESS_LABEL[kind]} suite is measured in one job.`
  return null
}

/** Both sides' catalogs as one (head's test case wins for a name on both), so both sides get the same arguments. */
export function unionCatalog(base?: Catalog, head?: Catalog): Map<string, string> | undefined {
  if (!base && !head) return undefined
  return new Map([...(base ?? []), ...(head ?? [])])
}

/** What each side lists under a filter, from the names its probe listed (Catch2 and nanobench list by running). */
export function listedByName(
  filter: string | undefined,
  benchmarks: Record<'base' | 'head', readonly string[]>
): Record<'base' | 'head', string[]> {
  const under = (names: readonly string[]) => selectedNames(filter, names) ?? [...names]
  return { base: under(benchmarks.base), head: under(benchmarks.head) }
}
