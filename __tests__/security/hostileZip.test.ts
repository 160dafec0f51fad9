/**
 * Hostile artifact archives (issue 13 item 4) against extractZipBounded, the unzip every artifact
 * download goes through: zip bombs (declared honestly, or lying about their size), too many
 * entries or bytes, names that leave the folder or are not plain files. Each is refused with a
 * message naming the artifact, the entry and the cap, and nothing lands outside the folder.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { inflateRawSync } from 'node:zlib'
import { HAND_OVER_UNZIP_LIMITS } from '../../src/github/handOver.js'
import { ByteCap, extractZipBounded, type UnzipLimits } from '../../src/github/unzip.js'
import { makeZip } from '../action/fakeGitHub.js'
import { deflatedZeros, rawZip, storedEntry, zipBomb } from '../helpers/zipBomb.js'

const MiB = 1024 * 1024
const root = mkdtempSync(join(tmpdir(), 'benchgate-zip-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0

/** Extracts `zip` into a fresh folder inside `root/case-N/out`; returns the folder and the outcome. */
async function extract(zip: Buffer, limits: UnzipLimits = HAND_OVER_UNZIP_LIMITS) {
  const base = join(root, `case-${++n}`)
  const out = join(base, 'out')
  const file = join(root, `case-${n}.zip`)
  writeFileSync(file, zip)
  const result = await extractZipBounded(file, out, limits, "artifact 'benchgate-pr' of run 7").catch(
    (e: Error) => e
  )
  return { base, out, result }
}

const small: UnzipLimits = { maxBytes: 1 * MiB, maxEntryBytes: 512 * 1024, maxEntries: 5 }

describe('extractZipBounded', () => {
  it('extracts an honest artifact: files, folders, UTF-8 names', async () => {
    const zip = makeZip([
      { name: 'results.json', data: '{"a":1}' },
      { name: 'samples', directory: true },
      { name: 'samples/base-r000.json', data: 'x'.repeat(10_000) },
      { name: 'π/é.txt', data: 'ok' }
    ])
    const { out, result } = await extract(zip)
    expect(result).toEqual({ entries: 4, bytes: 7 + 10_000 + 2 })
    expect(readFileSync(join(out, 'results.json'), 'utf8')).toBe('{"a":1}')
    expect(statSync(join(out, 'samples', 'base-r000.json')).size).toBe(10_000)
    expect(readFileSync(join(out, 'π', 'é.txt'), 'utf8')).toBe('ok')
  })

  it('a zip bomb that declares its size (300 KiB -> 300 MiB) is refused before inflating a byte', async () => {
    // The construction is a real bomb: 3 MiB of zeros from about 3 KiB of deflate.
    expect(inflateRawSync(deflatedZeros(3)).equals(Buffer.alloc(3 * MiB))).toBe(true)
    const bomb = zipBomb(300)
    expect(bomb.length).toBeLessThan(400 * 1024)
    const start = performance.now()
    const { out, result } = await extract(bomb)
    expect(String(result)).toContain(
      `artifact 'benchgate-pr' of run 7: entry "results.json" declares ${300 * MiB} bytes, more than the ${64 * MiB} accepted for one file; refusing the artifact`
    )
    expect(existsSync(join(out, 'results.json'))).toBe(false)
    expect(performance.now() - start).toBeLessThan(2000)
  })

  it('a zip bomb that lies (declares 1 KiB, inflates to 300 MiB) stops as soon as it passes 1 KiB', async () => {
    const { out, result } = await extract(zipBomb(300, 'results.json', 1024))
    expect(String(result)).toMatch(
      /artifact 'benchgate-pr' of run 7: entry "results.json" inflates to more than the 1024 bytes it declares \(a zip bomb\?\); refusing the artifact/
    )
    // Whatever was written before the stop is a fraction of one inflate chunk, not 300 MiB.
    const written = existsSync(join(out, 'results.json')) ? statSync(join(out, 'results.json')).size : 0
    expect(written).toBeLessThan(1 * MiB)
  })

  it('entries that are each small but together past the cap are refused', async () => {
    const zip = makeZip([1, 2, 3].map((i) => ({ name: `part-${i}.bin`, data: Buffer.alloc(400 * 1024) })))
    const { result } = await extract(zip, small)
    expect(String(result)).toContain(
      `its entries declare more than the ${1 * MiB} bytes accepted in all; refusing the artifact`
    )
  })

  it('more entries than accepted are refused from the central directory, before any is read', async () => {
    const zip = makeZip(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: 'x' })))
    const { out, result } = await extract(zip, small)
    expect(String(result)).toContain('it has 6 entries, more than the 5 accepted; refusing the artifact')
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([])
  })

  it.each([
    ['../escape.txt', /entry "\.\.\/escape\.txt" climbs out of the folder with '\.\.'/],
    ['a/../../escape.txt', /entry "a\/\.\.\/\.\.\/escape\.txt" climbs out of the folder/],
    ['/etc/passwd', /entry "\/etc\/passwd" is an absolute path/],
    ['C:/Windows/x', /entry "C:\/Windows\/x" is an absolute path/],
    ['..\\escape.txt', /entry "\.\.\\\\escape\.txt" has a backslash in its name/],
    [Buffer.from('results.json\0.png'), /an entry name holds a NUL byte \("results\.json\\u0000\.png"\)/],
    [Buffer.from([0x72, 0xff, 0xfe]), /an entry name is not UTF-8/]
  ])('a name that could land elsewhere is refused: %s', async (name, message) => {
    const { base, result } = await extract(
      rawZip([storedEntry('ok.txt', 'fine'), storedEntry(name, 'pwned')])
    )
    expect(String(result)).toMatch(message)
    expect(String(result)).toMatch(
      /^ConfigError: artifact 'benchgate-pr' of run 7: .*; refusing the artifact$/
    )
    expect(readdirSync(base)).toEqual(['out'])
    expect(existsSync(join(root, 'escape.txt'))).toBe(false)
  })

  it('a symbolic link or a device entry is refused, not written', async () => {
    for (const [mode, kind] of [
      [0o120777, 'symbolic link'],
      [0o020644, 'special file']
    ] as const) {
      const { out, result } = await extract(rawZip([storedEntry('link', '/etc/passwd', mode)]))
      expect(String(result)).toContain(`entry "link" is a ${kind}, not a file; refusing the artifact`)
      expect(existsSync(join(out, 'link'))).toBe(false)
    }
  })

  it('a second entry with the name of the first does not overwrite it', async () => {
    const zip = rawZip([storedEntry('pr.json', 'first'), storedEntry('pr.json', 'second')])
    const { out, result } = await extract(zip)
    expect(String(result)).toMatch(/entry "pr\.json" cannot be extracted \(EEXIST/)
    expect(readFileSync(join(out, 'pr.json'), 'utf8')).toBe('first')
  })

  it('a file that is not a zip is refused as such', async () => {
    const { result } = await extract(Buffer.from('PK not really'))
    expect(String(result)).toMatch(/artifact 'benchgate-pr' of run 7: not a readable zip archive \(/)
  })
})

describe('ByteCap (the count behind the declared sizes)', () => {
  const zeros = (mib: number) =>
    Readable.from(Array.from({ length: mib * 16 }, () => Buffer.alloc(64 * 1024)))
  const sink = () => {
    let bytes = 0
    const s = new Writable({
      write(c: Buffer, _e, done) {
        bytes += c.length
        done()
      }
    })
    return { s, bytes: () => bytes }
  }

  it('fails the stream at the first chunk past the cap for one entry, or for the whole', async () => {
    for (const [limits, start, message] of [
      [
        { maxBytes: 100 * MiB, maxEntryBytes: 1 * MiB, maxEntries: 1 },
        0,
        /past 1048576 bytes, the cap for one file/
      ],
      [{ maxBytes: 3 * MiB, maxEntryBytes: 100 * MiB, maxEntries: 1 }, 2 * MiB, /past 3145728 bytes inflated/]
    ] as const) {
      const out = sink()
      const cap = new ByteCap(limits, start, (why) => new Error(why))
      await expect(pipeline(zeros(50), cap, out.s)).rejects.toThrow(message)
      expect(out.bytes()).toBeLessThanOrEqual(1 * MiB)
    }
  })
})
