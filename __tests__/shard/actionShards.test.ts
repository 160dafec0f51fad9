import { describe, expect, it } from '@jest/globals'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ArtifactStore } from '../../src/github/artifacts.js'
import type { Log } from '../../src/log.js'
import { downloadShards, shardArtifactName } from '../../src/action/shards.js'
import { tempDirs } from '../helpers/tempDirs.js'
import { shardResults, suiteSamples } from './fixture.js'

const { temp } = tempDirs('benchgate-shards-')

const log = (): Log & { warnings: string[] } => {
  const warnings: string[] = []
  return {
    warnings,
    info: () => {},
    warn: (m: string) => void warnings.push(m),
    debug: () => {},
    group: async <T>(_n: string, fn: () => Promise<T>) => fn()
  } as unknown as Log & { warnings: string[] }
}

/** An artifact store holding the given shard results files by artifact name (no samples needed here). */
function store(files: Record<string, string>): ArtifactStore & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    upload: async () => ({ size: 0 }),
    download: async (name, _runId, dest) => {
      asked.push(name)
      if (!(name in files)) throw new Error('Artifact not found')
      mkdirSync(dest, { recursive: true })
      writeFileSync(join(dest, 'results.json'), files[name])
      return { size: files[name].length }
    }
  }
}

describe('downloadShards (mode: merge)', () => {
  const shards = shardResults(suiteSamples(6), 3).map((s) => JSON.stringify(s.results))

  it('reads N from shard 1 and fetches shards 2..N; a missing one is left out with a warning', async () => {
    const s = store({
      [shardArtifactName('default', 1)]: shards[0],
      [shardArtifactName('default', 3)]: shards[2]
    })
    const l = log()
    const { dirs, pullNumber } = await downloadShards(s, 42, 'default', null, l, { root: temp() })
    expect(s.asked).toEqual(['benchgate-shard-1', 'benchgate-shard-2', 'benchgate-shard-3'])
    expect(dirs.map((d) => d.split('/').pop())).toEqual(['shard-1', 'shard-3'])
    expect(pullNumber).toBeNull()
    expect(l.warnings[0]).toMatch(/'benchgate-shard-2' of run 42 could not be downloaded: Artifact not found/)
  })

  it('uses the key in artifact names, refuses a run without shard 1 and an absurd shard count', async () => {
    expect(shardArtifactName('linux-gcc', 2)).toBe('benchgate-shard-linux-gcc-2')
    await expect(downloadShards(store({}), 7, 'default', null, log(), { root: temp() })).rejects.toThrow(
      /no shard artifact 'benchgate-shard-1' in run 7: did the shard jobs \(shard: I\/N\) finish and upload\?/
    )
    const huge = JSON.parse(shards[0])
    huge.run.shard.count = 5000
    const s = store({ 'benchgate-shard-1': JSON.stringify(huge) })
    await expect(downloadShards(s, 7, 'default', null, log(), { root: temp() })).rejects.toThrow(
      /benchgate-shard-1\/results\.json: \$\.run\.shard\.count: must be <= 1000/
    )
    expect(s.asked).toEqual(['benchgate-shard-1'])
  })
})
