/** Turning one finished benchmark process into samples and problems (shared by the pipeline and the validation study). */
import type { Provenance, Sample, SampleIssue, Side } from '../samples/model.js'
import { readSampleFile } from '../samples/index.js'
import type { RunResult } from './benchmark.js'

/** Parses one finished process's sample file, keeping every good sample and every problem. */
export function collectRun(
  result: RunResult,
  samples: Sample[],
  issues: SampleIssue[],
  provenance: Record<Side, Provenance>
): void {
  const at = { benchmark: '', side: result.side, round: result.round, run: result.run }
  try {
    const parsed = readSampleFile(result.outFile, { side: result.side, round: result.round, run: result.run })
    // A Catch2 test case or a nanobench suite ran more than was asked for: only the asked-for values count.
    const only = result.only && new Set(result.only)
    const asked = (name: string) => !only || only.has(name)
    samples.push(...parsed.samples.filter((s) => asked(s.benchmark)))
    issues.push(
      ...parsed.issues
        .filter((i) => i.benchmark === '*' || asked(i.benchmark))
        .map((i) => (i.benchmark === '*' ? { ...i, benchmark: '' } : i))
    )
    if (Object.keys(provenance[result.side]).length === 0) provenance[result.side] = parsed.provenance
  } catch (e) {
    // An empty file: the process wrote nothing (killed, or the disk is full), so it lost every benchmark.
    const kind = (e as { id?: string }).id === 'empty' ? 'crashed' : 'invalid'
    issues.push({ ...at, kind, message: (e as Error).message, source: result.outFile })
  }
  if (!result.ok) {
    const how = result.timedOut
      ? 'timed out'
      : result.signal
        ? `was killed by ${result.signal}`
        : `exited with ${result.exitCode}`
    issues.push({
      ...at,
      kind: 'crashed',
      message:
        `the ${result.side} process of round ${result.round + 1} ${how}; samples written before are kept. ${result.stderrTail}`.trim(),
      source: result.stderrFile
    })
  }
}
