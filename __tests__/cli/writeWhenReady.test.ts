import { describe, expect, it } from '@jest/globals'
import { Writable } from 'node:stream'
import { writeWhenReady } from '../../src/cli.js'

/** A stream that takes one chunk at a time and finishes each only when told to (a slow reader). */
function slowStream(): { stream: Writable; taken: string[]; release: () => void } {
  const taken: string[] = []
  const pending: Array<() => void> = []
  const stream = new Writable({
    highWaterMark: 4,
    decodeStrings: false,
    write(chunk: string, _enc, done) {
      taken.push(chunk)
      pending.push(done)
    }
  })
  return { stream, taken, release: () => pending.splice(0).forEach((done) => done()) }
}

describe('writeWhenReady', () => {
  it('returns nothing to wait for while the stream has room', () => {
    const { stream } = slowStream()
    expect(writeWhenReady(stream, 'ab')).toBeUndefined()
  })

  it('makes the writer wait while the stream is full, until it drains', async () => {
    const { stream, taken, release } = slowStream()
    const wait = writeWhenReady(stream, 'more than four')
    expect(wait).toBeInstanceOf(Promise)
    let settled = false
    void (wait as Promise<void>).then(() => (settled = true))
    await new Promise((r) => setImmediate(r))
    expect(settled).toBe(false) // nothing drained yet: the writer is still waiting
    release()
    await wait
    expect(taken).toEqual(['more than four'])
    expect(stream.listenerCount('drain')).toBe(0) // no listener left behind
  })

  it('stops waiting when the stream closes instead of draining (the reader went away)', async () => {
    const { stream } = slowStream()
    const wait = writeWhenReady(stream, 'more than four')
    stream.destroy()
    await expect(wait).resolves.toBeUndefined()
    // Closed: later writes are not attempted and make no one wait.
    expect(writeWhenReady(stream, 'x')).toBeUndefined()
  })
})
