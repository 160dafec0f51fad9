// Paths of the sample-file fixtures, and a reader for the raw Google Benchmark entries.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import JSON5 from 'json5'

export const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures')
export const fixture = (...parts: string[]): string => join(fixtures, ...parts)
export const readFixture = (...parts: string[]): string => readFileSync(fixture(...parts), 'utf8')

/** The raw entries of a Google Benchmark JSON fixture, read with JSON5 directly (not the parser under test). */
export function rawEntries(...parts: string[]): Record<string, unknown>[] {
  const root = JSON5.parse(readFixture(...parts)) as { benchmarks: Record<string, unknown>[] }
  return root.benchmarks
}
