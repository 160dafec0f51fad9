/** The Action reads benchgate.json from the base commit, so a pull request cannot set its own gate. */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readConfigFromBase } from '../../src/action/baseConfig.js'
import type { Log } from '../../src/log.js'
import { tempRepo, type TempRepo } from '../helpers/repo.js'

function recordingLog() {
  const lines: string[] = []
  const log: Log = {
    info: (m) => void lines.push(`info: ${m}`),
    warn: (m) => void lines.push(`warn: ${m}`),
    debug: () => {},
    group: (_n, fn) => fn()
  }
  return { log, lines }
}

describe('readConfigFromBase', () => {
  let repo: TempRepo
  let base: string
  let head: string
  let bare: string
  const file = { path: 'benchgate.json', required: false }
  beforeAll(() => {
    repo = tempRepo('bg-baseconfig-')
    bare = repo.commitFiles({ README: 'x' }, 'no config yet')
    base = repo.commitFiles(
      { 'benchgate.json': JSON.stringify({ 'fail-on': 'regression', rounds: 12 }) },
      'base'
    )
    head = repo.commitFiles(
      { 'benchgate.json': JSON.stringify({ 'fail-on': 'never', 'min-effect': 0.9, rounds: 12 }) },
      'PR relaxes its own gate'
    )
    // The checkout (the PR) even has an uncommitted, laxer copy: it is never read.
    writeFileSync(join(repo.dir, 'benchgate.json'), JSON.stringify({ 'fail-on': 'never', filter: 'nothing' }))
  })
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }))

  test("the base commit's options, not the PR's; the log says where they came from and that the PR's edit waits for the merge", async () => {
    const { log, lines } = recordingLog()
    expect(await readConfigFromBase(repo.dir, base, head, file, log)).toEqual({
      'fail-on': 'regression',
      rounds: 12
    })
    expect(lines.join('\n')).toMatch(
      new RegExp(
        `info: config file: benchgate.json read from the base commit ${base.slice(0, 7)} \\(the pull request's copy is not used`
      )
    )
    expect(lines.join('\n')).toMatch(
      /warn: this change edits benchgate\.json: the edit takes effect once it is merged/
    )
  })

  test('a branch name as base works (resolved, then read with git cat-file)', async () => {
    repo.git('branch', '-f', 'trusted-base', base)
    const { log } = recordingLog()
    expect(await readConfigFromBase(repo.dir, 'trusted-base', head, file, log)).toMatchObject({
      'fail-on': 'regression'
    })
  })

  test('a base without the file: inputs and defaults only, even though the PR adds one', async () => {
    const { log, lines } = recordingLog()
    expect(await readConfigFromBase(repo.dir, bare, head, file, log)).toBeUndefined()
    expect(lines.join('\n')).toMatch(
      /the base commit [0-9a-f]{7} has no benchgate\.json; using the inputs and defaults/
    )
    expect(lines.join('\n')).toMatch(/warn: this change edits benchgate\.json/)
  })

  test('an explicit config-file missing from the base is an error that says it is read from the base', async () => {
    const { log } = recordingLog()
    await expect(
      readConfigFromBase(repo.dir, bare, head, { path: 'benchgate.json', required: true }, log)
    ).rejects.toThrow(
      /is not in the base commit [0-9a-f]{7}: it is read from the base, not from the pull request/
    )
  })

  test('no note when the PR leaves the file alone', async () => {
    const { log, lines } = recordingLog()
    await readConfigFromBase(repo.dir, head, head, file, log)
    expect(lines.join('\n')).not.toMatch(/warn:/)
  })

  test('a ref that git would read as an option is refused before git sees it', async () => {
    const { log } = recordingLog()
    await expect(readConfigFromBase(repo.dir, '--output=/tmp/x', head, file, log)).rejects.toThrow(
      /starts with "-"/
    )
  })
})
