/**
 * `benchgate compare BASE HEAD`: analyse existing sample files or folders only — the rigorous
 * replacement for Google Benchmark's compare.py, with the same reports and exit codes as `run`.
 */
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import { runDesign, type Interleave } from '../analysis/types.js'
import { analyzeSuite } from '../analysis/suite.js'
import type { Config } from '../config/index.js'
import type { Report } from '../report/model.js'
import { shellQuote } from '../report/shellQuote.js'
import { readSampleDir, SampleStore } from '../samples/index.js'
import { addMainDrift } from './drift.js'
import { finish } from './finish.js'
import type { Io } from './io.js'
import { ConfigError, JobError } from '../errors.js'

/**
 * The design benchgate's own file names record (§13): per-benchmark interleaving writes one file per
 * benchmark and round (`head-r003-b0012.json`); any other files are analysed unpaired.
 */
function recordedDesign(sets: ReadonlyArray<{ runs: ReadonlyArray<{ file: string }> }>): Interleave {
  const files = sets.flatMap((s) => s.runs.map((r) => basename(r.file)))
  return files.length > 0 && files.every((f) => PER_BENCHMARK_FILE.test(f)) ? 'benchmark' : 'suite'
}

const PER_BENCHMARK_FILE = /^(base|head)-r\d+-b\d+\.(json|jsonl|ndjson|csv)$/

export async function compareCommand(
  config: Config,
  basePath: string,
  headPath: string,
  io: Io
): Promise<number> {
  for (const [side, p] of [
    ['BASE', basePath],
    ['HEAD', headPath]
  ]) {
    if (!existsSync(p))
      throw new ConfigError(
        `${side} sample path '${p}' does not exist (give a sample file or a folder of them)`
      )
  }
  // One compact store for both sides (a large suite holds millions of samples).
  const samples = new SampleStore()
  const base = readSampleDir(basePath, 'base', samples)
  const head = readSampleDir(headPath, 'head', samples)
  if (samples.length === 0) {
    throw new JobError('no-samples', `no usable samples in ${basePath} or ${headPath}`, {
      hint: 'give the files Google Benchmark wrote (--benchmark_out=FILE --benchmark_out_format=json), bench-runner JSONL or CSV (docs/sample-format.md)'
    })
  }
  const interleave =
    config.analysis.interleave === 'auto'
      ? recordedDesign([base, head])
      : runDesign(config.analysis.interleave)
  const suite = analyzeSuite(
    {
      samples,
      issues: [...base.issues, ...head.issues],
      provenance: { base: base.provenance, head: head.provenance }
    },
    { ...config.analysis, interleave }
  )
  const report: Report = {
    suite,
    run: {
      base: { label: basePath },
      head: { label: headPath },
      key: config.key,
      reproduce: `npx benchgate compare ${shellQuote(basePath)} ${shellQuote(headPath)}`
    }
  }
  await addMainDrift(report, config.historyStore, process.cwd(), io)
  return finish(report, config, io, { samples, where: 'reports written to' })
}
