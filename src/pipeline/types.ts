/** What the caller hands the pipeline (progress, abort, cache, credential policy) and what it gets back. */
import type { BaseBuildCache } from '../build/cache.js'
import type { CredentialPolicy } from '../git/credentials.js'
import type { RoundsProgress, RunResult } from '../measure/index.js'
import type { Report } from '../report/model.js'
import type { Sample, SampleIssue } from '../samples/model.js'
import type { SampleList } from '../samples/store.js'

export interface PipelineHooks {
  /** Called after every benchmark process (warm-up included) with the running totals. */
  onProgress?: (
    result: RunResult,
    progress: RoundsProgress,
    partial: { samples: readonly Sample[]; issues: readonly SampleIssue[] }
  ) => void
  signal?: AbortSignal
  /** Restore the base build from this cache when possible, and save it after building. */
  baseBuildCache?: BaseBuildCache
  /** A credential in the checkout's git config: 'refuse' to build (the Action) or 'warn' (default). */
  credentials?: CredentialPolicy
}

export interface PipelineResult {
  report: Report
  /** Where the raw sample files were kept. */
  samplesDir: string
  /** Every sample measured (warm-up excluded); empty without a baseline. */
  samples: SampleList
}
