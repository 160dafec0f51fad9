import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildConfig } from '../../src/config/index.js'
import { toResultsJson } from '../../src/report/json.js'
import { mergeShards } from '../../src/shard/merge.js'
import { planShard, readShardWeights, shardShare } from '../../src/shard/plan.js'
import { recordingLog, writeScript } from '../measure/helpers.js'
import { shardResults, suiteSamples } from './fixture.js'

describe('shardShare', () => {
  const names = ['BM_A/1', 'BM_A/10', 'BM_B<int>', 'BM_C/real_time', 'BM_D(x)', 'BM_E.f', 'BM_F[1]']

  it('selects exactly its share with one filter, and the shares cover the list', () => {
    const shares = [1, 2, 3].map((index) => shardShare(names, { index, count: 3 }))
    expect(shares.flatMap((s) => s.record.assigned).sort()).toEqual([...names].sort())
    for (const s of shares) {
      // The filter is valid ECMAScript as well as POSIX ERE (run/adaptive.ts): check it here as JS.
      const re = new RegExp(s.filter)
      expect(names.filter((n) => re.test(n))).toEqual(s.record.assigned)
      expect(s.record).toMatchObject({ count: 3, rule: 'hash', benchmarks: [...names].sort() })
    }
  })

  it('refuses a shard with nothing to measure', () => {
    expect(() => shardShare(['BM_A', 'BM_B'], { index: 3, count: 3 })).toThrow(
      /--shard 3\/3: this shard has no benchmarks \(the binary lists 2 for 3 shards\); use fewer shards/
    )
  })
})

describe('readShardWeights', () => {
  it('reads the seconds of a merged results file, and says what is wrong with other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-weights-'))
    try {
      const shards = shardResults(suiteSamples(6), 2)
      const merged = mergeShards(shards.map((s, i) => ({ ...s, source: `s${i}` }))).report
      writeFileSync(join(dir, 'merged.json'), JSON.stringify(toResultsJson(merged, 'x')))
      const weights = readShardWeights(join(dir, 'merged.json'))
      expect(weights.size).toBe(6)
      expect(weights.get('BM_Slow_3')).toBeGreaterThan(0)
      const plain = { ...toResultsJson(merged, 'x'), run: { base: { label: 'a' }, head: { label: 'b' } } }
      writeFileSync(join(dir, 'plain.json'), JSON.stringify(plain))
      expect(() => readShardWeights(join(dir, 'plain.json'))).toThrow(/no benchmark seconds in it/)
      expect(() => readShardWeights(join(dir, 'none.json'))).toThrow(
        /--shard-weights .*none.json: cannot read it/
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('--shard options', () => {
  it('leaves a name over 512 characters out of the split, saying so (the readers refuse such a name)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-shard-list-'))
    try {
      const long = `BM_${'x'.repeat(600)}`
      const binary = writeScript(join(dir, 'bench'), `printf 'BM_A\\n${long}\\nBM_B\\n'`)
      const log = recordingLog()
      const share = await planShard(buildConfig({ shard: '1/1' }), binary, dir, log)
      expect(share.record.benchmarks).toEqual(['BM_A', 'BM_B'])
      expect(log.lines.join('\n')).toMatch(
        /1 benchmark name\(s\) longer than 512 characters left out of the split/
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('parses I/N and refuses what cannot be a shard', () => {
    expect(buildConfig({ shard: '2/3' }).shard).toEqual({ index: 2, count: 3 })
    expect(buildConfig({}).shard).toBeNull()
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '1', '1/2/3'])
      expect(() => buildConfig({ shard: bad })).toThrow(/--shard: '.*' is not valid; expected I\/N/)
    expect(() => buildConfig({ shard: '1/2', adaptive: true })).toThrow(
      /--shard and --adaptive cannot be combined/
    )
    expect(() => buildConfig({ 'shard-weights': 'w.json' })).toThrow(/--shard-weights needs --shard/)
  })
})
