import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { acquireHostLock } from '../../src/measure/index.js'
import { JobError } from '../../src/errors.js'
import { NODE_TS, makeTmp, recordingLog, rmTmp } from './helpers.js'

let tmp: string
beforeAll(() => {
  tmp = makeTmp()
})
afterAll(() => rmTmp(tmp))

const FIXTURE = join(process.cwd(), '__tests__/measure/fixtures/lock-holder.ts')

function holder(lock: string, hold: string, record: string, label: string): ChildProcess {
  return spawn(NODE_TS[0], [...NODE_TS[1], FIXTURE, lock, hold, record, label], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
}

const exited = (c: ChildProcess): Promise<number | null> =>
  new Promise((r) => (c.exitCode !== null ? r(c.exitCode) : c.once('exit', (code) => r(code))))

const acquired = (c: ChildProcess): Promise<void> =>
  new Promise((resolve, reject) => {
    c.stdout?.on('data', (b: Buffer) => {
      if (b.toString().includes('acquired')) resolve()
    })
    c.once('exit', () => reject(new Error('holder exited before acquiring')))
  })

/** A pid that is certainly not running any more. */
function deadPid(): number {
  const r = spawnSync('/bin/sh', ['-c', 'echo $$'], { encoding: 'utf8' })
  return Number(r.stdout.trim())
}

describe('acquireHostLock', () => {
  it('never lets two processes hold the lock at the same time', async () => {
    const lock = join(tmp, 'locks', 'one.lock')
    const record = join(tmp, 'record1.txt')
    const a = holder(lock, '600', record, 'a')
    const b = holder(lock, '600', record, 'b')
    expect(await exited(a)).toBe(0)
    expect(await exited(b)).toBe(0)
    const events = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '))
    expect(events).toHaveLength(4)
    // start, end of one holder, then start, end of the other; never interleaved
    expect(events[0][0]).toBe(events[1][0])
    expect(events[1][1]).toBe('end')
    expect(events[2][0]).toBe(events[3][0])
    expect(events[0][0]).not.toBe(events[2][0])
    expect(Number(events[2][2])).toBeGreaterThanOrEqual(Number(events[1][2]))
    expect(existsSync(lock)).toBe(false)
  }, 20_000)

  it('waits while the lock is held, logs who holds it, and times out', async () => {
    const lock = join(tmp, 'two.lock')
    const release = await acquireHostLock(lock, { log: recordingLog() })
    const log = recordingLog()
    const start = Date.now()
    const e = (await acquireHostLock(lock, { log, timeoutMs: 300, pollMs: 50 }).catch(
      (x: unknown) => x
    )) as JobError
    expect(e).toBeInstanceOf(JobError)
    expect(e.id).toBe('lock-timeout')
    expect(e.code).toBe(3)
    expect(e.message).toContain(`pid ${process.pid}`)
    expect(Date.now() - start).toBeGreaterThanOrEqual(290)
    expect(log.lines[0]).toMatch(/^info: Waiting for the host lock .* held by pid \d+ on /)
    release()
    release() // idempotent
    expect(existsSync(lock)).toBe(false)
    const again = await acquireHostLock(lock, { log, timeoutMs: 300 })
    again()
  })

  it('takes over a lock whose holder is dead, with a warning', async () => {
    const lock = join(tmp, 'stale.lock')
    const pid = deadPid()
    writeFileSync(
      lock,
      JSON.stringify({
        pid,
        hostname: hostname(),
        startedAt: new Date().toISOString(),
        procStart: null,
        token: 't'
      })
    )
    const log = recordingLog()
    const release = await acquireHostLock(lock, { log, timeoutMs: 2000 })
    expect(
      log.lines.some((l) => l.startsWith('warn: Taking over the stale host lock') && l.includes(`pid ${pid}`))
    ).toBe(true)
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid)
    release()
  })

  it('treats a pid reused by another process as stale (Linux start time)', async () => {
    if (!existsSync('/proc/self/stat')) return
    const lock = join(tmp, 'reused.lock')
    // pid 1 is alive, but its start time is not the one recorded
    writeFileSync(
      lock,
      JSON.stringify({
        pid: 1,
        hostname: hostname(),
        startedAt: new Date().toISOString(),
        procStart: '1',
        token: 't'
      })
    )
    const log = recordingLog()
    const release = await acquireHostLock(lock, { log, timeoutMs: 2000 })
    expect(log.lines.join('\n')).toContain('now belongs to another process')
    release()
  })

  it('respects a fresh lock from another host and takes over an old one', async () => {
    const lock = join(tmp, 'foreign.lock')
    const fresh = {
      pid: 1,
      hostname: 'elsewhere',
      startedAt: new Date().toISOString(),
      procStart: null,
      token: 't'
    }
    writeFileSync(lock, JSON.stringify(fresh))
    await expect(acquireHostLock(lock, { log: recordingLog(), timeoutMs: 200, pollMs: 50 })).rejects.toThrow(
      /elsewhere/
    )
    writeFileSync(
      lock,
      JSON.stringify({ ...fresh, startedAt: new Date(Date.now() - 3_600_000).toISOString() })
    )
    const release = await acquireHostLock(lock, { log: recordingLog(), timeoutMs: 200, staleAfterMs: 60_000 })
    release()
  })

  it('does not delete a lock that is no longer its own', async () => {
    const lock = join(tmp, 'mine.lock')
    const release = await acquireHostLock(lock, { log: recordingLog() })
    writeFileSync(lock, 'someone else took over')
    release()
    expect(readFileSync(lock, 'utf8')).toBe('someone else took over')
  })

  it('is released when the holder gets SIGTERM, and taken over when it is SIGKILLed', async () => {
    const record = join(tmp, 'record2.txt')
    const lockT = join(tmp, 'term.lock')
    const t = holder(lockT, 'forever', record, 't')
    await acquired(t)
    expect(existsSync(lockT)).toBe(true)
    t.kill('SIGTERM')
    await exited(t)
    expect(existsSync(lockT)).toBe(false)

    const lockK = join(tmp, 'kill.lock')
    const k = holder(lockK, 'forever', record, 'k')
    await acquired(k)
    k.kill('SIGKILL')
    await exited(k)
    expect(existsSync(lockK)).toBe(true)
    const log = recordingLog()
    const release = await acquireHostLock(lockK, { log, timeoutMs: 2000 })
    expect(log.lines.join('\n')).toContain('is no longer running')
    release()
  }, 20_000)

  it('stops waiting when aborted', async () => {
    const lock = join(tmp, 'abort.lock')
    const release = await acquireHostLock(lock, { log: recordingLog() })
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 100)
    const e = (await acquireHostLock(lock, { log: recordingLog(), signal: ac.signal, pollMs: 5000 }).catch(
      (x: unknown) => x
    )) as JobError
    expect(e.id).toBe('interrupted')
    release()
  })
})
