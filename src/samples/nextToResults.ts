/** The raw samples a results.json's folder holds (`run` writes them beside it), for re-analysis and plots. */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { readSampleDir, SampleFileError } from './index.js'
import { SampleStore } from './store.js'

/**
 * The raw samples of both sides from `<folder of results.json>/samples/`, read with the sample
 * readers (benchgate's own `<side>-r<round>.<ext>` names give each side its files and rounds).
 * Never throws: without usable samples it returns none and the reason.
 */
export function samplesNextTo(resultsPath: string): { samples: SampleStore; reason: string } {
  const dir = join(dirname(resultsPath), 'samples')
  const samples = new SampleStore()
  if (!existsSync(dir)) return { samples, reason: `no samples/ folder next to ${resultsPath}` }
  const problems: string[] = []
  for (const side of ['base', 'head'] as const) {
    try {
      readSampleDir(dir, side, samples)
    } catch (e) {
      if (!(e instanceof SampleFileError)) throw e
      problems.push(e.message)
    }
  }
  return {
    samples,
    reason: samples.length ? '' : `no usable samples in ${dir}${problems.length ? ` (${problems[0]})` : ''}`
  }
}
