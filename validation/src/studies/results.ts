/** The results files of the studies: JSON, loaded and saved whole. */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { GridResults } from './grid.js'

/** A suite-wide grid before and after a change of the analysis (either may be missing). */
export interface GridPair {
  before?: GridResults
  after?: GridResults
}

/** JSON file helpers: atomic save (write to a temp file, then rename). */
export function loadJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined
  return JSON.parse(readFileSync(path, 'utf8')) as T
}
export function saveJson(path: string, value: unknown): void {
  const tmp = `${path}.tmp`
  writeFileSync(tmp, JSON.stringify(value, null, 1) + '\n')
  renameSync(tmp, path)
}

/** grid-before[-X].json and grid-after[-X].json, paired by the suffix X (e.g. a second noise level). */
export function loadGridPairs(dir: string): GridPair[] {
  const pairs = new Map<string, GridPair>()
  for (const f of readdirSync(dir).sort()) {
    const m = /^grid-(before|after)(-[a-z0-9-]+)?\.json$/.exec(f)
    if (!m) continue
    const pair = pairs.get(m[2] ?? '') ?? {}
    pair[m[1] as 'before' | 'after'] = loadJson<GridResults>(join(dir, f))
    pairs.set(m[2] ?? '', pair)
  }
  // the main pair (no suffix) first
  return [...pairs.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, p]) => p)
}
