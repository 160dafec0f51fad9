/**
 * runProcess: argument arrays, bounded capture, output files, time limits and aborts that kill the
 * whole process group, and results (never exceptions) for what the child did.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CAPTURE_BYTES, describeExit, runProcess } from '../../src/process/spawn.js'
import { alive } from '../helpers/alive.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const base = { cwd: tmpdir(), env: { PATH: process.env.PATH } }

describe('runProcess', () => {
  it('passes arguments as they are and reports the exit code and captured output', async () => {
    const r = await runProcess(
      '/bin/sh',
      ['-c', 'printf %s "$1"; echo oops >&2; exit 3', 'sh', '$(x); `y`'],
      {
        ...base,
        stdout: 'capture',
        stderr: 'capture'
      }
    )
    expect(r).toMatchObject({ exitCode: 3, signal: null, timedOut: false, aborted: false })
    expect(r.stdout).toBe('$(x); `y`')
    expect(r.stderr).toBe('oops\n')
    expect(describeExit(r)).toBe('exit code 3')
  })

  it('keeps only the head and the tail of a large output', async () => {
    const r = await runProcess('/bin/sh', ['-c', `head -c ${4 * CAPTURE_BYTES} /dev/zero | tr '\\0' x`], {
      ...base,
      stdout: 'capture'
    })
    expect(r.exitCode).toBe(0)
    // Whole chunks are dropped from the middle: the first CAPTURE_BYTES and at least the last
    // CAPTURE_BYTES are kept, and the marker says how much is missing.
    const m = /^(x*)\n\[\.\.\. (\d+) bytes elided \.\.\.\]\n(x*)$/.exec(r.stdout)
    expect(m).not.toBeNull()
    const [, head, dropped, tail] = m!
    expect(head).toHaveLength(CAPTURE_BYTES)
    expect(tail.length).toBeGreaterThanOrEqual(CAPTURE_BYTES)
    expect(head.length + Number(dropped) + tail.length).toBe(4 * CAPTURE_BYTES)
  })

  it('writes stdout and stderr to one file when both name it', async () => {
    const file = join(temp('bg-spawn-'), 'log.txt')
    const r = await runProcess('/bin/sh', ['-c', 'echo out; echo err >&2'], {
      ...base,
      stdout: { path: file },
      stderr: { path: file }
    })
    expect(r.exitCode).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe('out\nerr\n')
  })

  it('kills the whole process group on a time limit', async () => {
    const dir = temp('bg-spawn-')
    const pidFile = join(dir, 'grandchild')
    const r = await runProcess('/bin/sh', ['-c', `sleep 30 & echo $! > ${pidFile}; wait`], {
      ...base,
      timeoutMs: 300,
      killGraceMs: 200
    })
    expect(r.timedOut).toBe(true)
    expect(r.signal).toBe('SIGTERM')
    expect(describeExit(r, 300)).toBe('timed out after 0.3 s')
    const grandchild = Number(readFileSync(pidFile, 'utf8'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(alive(grandchild)).toBe(false)
  })

  it('stops on an abort, also one that came before the start', async () => {
    const controller = new AbortController()
    const running = runProcess('sleep', ['30'], { ...base, signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    expect(await running).toMatchObject({ aborted: true, timedOut: false, signal: 'SIGTERM' })
    const r = await runProcess('sleep', ['30'], { ...base, signal: AbortSignal.abort() })
    expect(r.aborted).toBe(true)
    expect(describeExit(r)).toBe('interrupted')
  })

  it('returns a spawn error instead of throwing', async () => {
    const missing = await runProcess('/nonexistent/benchmark', [], base)
    expect(missing.spawnError?.message).toMatch(/ENOENT/)
    expect(missing.exitCode).toBeNull()
    const badArg = await runProcess('echo', ['a\0b'], base)
    expect(badArg.spawnError).toBeDefined()
    const badFile = await runProcess('echo', [], { ...base, stdout: { path: '/nonexistent/dir/out' } })
    expect(describeExit(badFile)).toMatch(/^could not start \(.*ENOENT/)
  })
})
