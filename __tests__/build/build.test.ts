import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runBuild } from '../../src/build/build.js'
import { JobError } from '../../src/errors.js'
import { delay, makeTmp, recordingLog, rmTmp } from '../measure/helpers.js'

let tmp: string
beforeAll(() => {
  tmp = makeTmp()
})
afterAll(() => rmTmp(tmp))

describe('runBuild', () => {
  it('runs the command verbatim with /bin/sh in cwd, with BENCHGATE_SIDE, output to the log', async () => {
    const log = recordingLog()
    const logPath = join(tmp, 'logs', 'build-base.log')
    const r = await runBuild({
      side: 'base',
      cwd: tmp,
      command:
        'echo "building $BENCHGATE_SIDE in $(pwd)" && echo to-stderr >&2 && mkdir -p out && touch out/bin',
      env: { PATH: process.env.PATH, EXTRA: 'x' },
      log,
      logPath
    })
    expect(r.ok).toBe(true)
    expect(r.exitCode).toBe(0)
    expect(r.outcome).toBe('ok')
    expect(r.logPath).toBe(logPath)
    expect(r.logTail).toBe(`building base in ${tmp}\nto-stderr`)
    expect(readFileSync(logPath, 'utf8')).toBe(`building base in ${tmp}\nto-stderr\n`)
    expect(existsSync(join(tmp, 'out', 'bin'))).toBe(true)
    expect(r.durationMs).toBeGreaterThan(0)
    expect(log.lines.some((l) => l.includes('Building base') && l.includes('mkdir -p out'))).toBe(true)
  })

  it('reports a failing build with the last 50 lines of its output', async () => {
    const r = await runBuild({
      side: 'head',
      cwd: tmp,
      command:
        'i=1; while [ $i -le 120 ]; do echo "line $i"; i=$((i+1)); done; echo "error: it broke" >&2; exit 3',
      log: recordingLog(),
      logPath: join(tmp, 'logs', 'build-head.log')
    })
    expect(r.ok).toBe(false)
    expect(r.exitCode).toBe(3)
    expect(r.outcome).toBe('exit code 3')
    const lines = r.logTail.split('\n')
    expect(lines).toHaveLength(50)
    expect(lines[0]).toBe('line 72')
    expect(lines[49]).toBe('error: it broke')
  })

  it('kills the whole process group on timeout', async () => {
    const marker = join(tmp, 'survived')
    const start = Date.now()
    const r = await runBuild({
      side: 'head',
      cwd: tmp,
      // a grandchild in the background that would create the marker if it outlived the timeout
      command: `(sleep 1; touch '${marker}') & sleep 30`,
      log: recordingLog(),
      logPath: join(tmp, 'logs', 'build-timeout.log'),
      timeoutMs: 200
    })
    expect(Date.now() - start).toBeLessThan(5000)
    expect(r.ok).toBe(false)
    expect(r.timedOut).toBe(true)
    expect(r.outcome).toMatch(/^timed out after 0\.2 s$/)
    await delay(1300)
    expect(existsSync(marker)).toBe(false)
  })

  it('refuses an empty command with a usage error', async () => {
    const e = (await runBuild({
      side: 'base',
      cwd: tmp,
      command: '  ',
      log: recordingLog(),
      logPath: join(tmp, 'l.log')
    }).catch((x: unknown) => x)) as JobError
    expect(e).toBeInstanceOf(JobError)
    expect(e.code).toBe(2)
  })

  it('reports a cwd that does not exist as a failed build', async () => {
    const r = await runBuild({
      side: 'base',
      cwd: join(tmp, 'nope'),
      command: 'true',
      log: recordingLog(),
      logPath: join(tmp, 'l2.log')
    })
    expect(r.ok).toBe(false)
    expect(r.outcome).toMatch(/could not start/)
  })
})
