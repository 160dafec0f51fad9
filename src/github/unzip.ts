/**
 * Unzips an artifact that untrusted code produced, within limits (docs/security.md): @actions/artifact
 * would inflate whatever the zip holds, so a few kilobytes of zeros could fill the runner's disk.
 * yauzl reads the archive; we refuse it, and stop inflating at once, when it has too many entries,
 * an entry or the whole inflates past its cap (bytes counted as they come out of the inflater, not
 * the sizes the zip declares), or a name that could land outside the folder or is not a plain file
 * or folder: `..`, an absolute or drive path, a backslash, NUL, a symbolic link or device.
 */
import { createWriteStream, mkdirSync } from 'node:fs'
import { dirname, resolve, sep } from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import { ConfigError } from '../errors.js'

export interface UnzipLimits {
  /** Bytes all entries may inflate to together. */
  maxBytes: number
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number
  /** Entries (files and folders) in the archive. */
  maxEntries: number
  /** Extract only the entries of these names (the rest is not inflated). */
  only?: readonly string[]
  /** Leave out the entries of these names (extracted by an earlier pass). */
  skip?: readonly string[]
}

const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000
const MADE_BY_UNIX = 3

/**
 * Extracts the zip at `zipPath` into `destDir` (which should be empty). `what` names the archive in
 * errors ("artifact 'benchgate-pr' of run 42").
 * @throws ConfigError naming the archive, the entry and the limit it broke
 */
export async function extractZipBounded(
  zipPath: string,
  destDir: string,
  limits: UnzipLimits,
  what: string
): Promise<{ entries: number; bytes: number }> {
  const refuse = (why: string) => new ConfigError(`${what}: ${why}; refusing the artifact`)
  const zip = await openZip(zipPath).catch((e: Error) => {
    throw refuse(`not a readable zip archive (${e.message})`)
  })
  // An 'error' outside a read we wait for (none is expected) must not crash the process.
  zip.on('error', () => undefined)
  try {
    if (zip.entryCount > limits.maxEntries)
      throw refuse(`it has ${zip.entryCount} entries, more than the ${limits.maxEntries} accepted`)
    const root = resolve(destDir)
    mkdirSync(root, { recursive: true })
    let total = 0
    let declared = 0
    let entries = 0
    const next = () =>
      nextEntry(zip).catch((e: Error) => {
        throw refuse(`its directory cannot be read (${e.message})`)
      })
    for (let entry = await next(); entry; entry = await next()) {
      entries++
      const name = entryName(entry, refuse)
      const target = resolve(root, name)
      if (target !== root && !target.startsWith(root + sep))
        throw refuse(`entry ${show(name)} leaves the folder`)
      if ((limits.only && !limits.only.includes(name)) || limits.skip?.includes(name)) continue
      if (isDirectory(entry, name)) {
        mkdirSync(target, { recursive: true })
        continue
      }
      // What the zip declares is checked first (refused without inflating a byte), then counted.
      declared += entry.uncompressedSize
      if (entry.uncompressedSize > limits.maxEntryBytes)
        throw refuse(
          `entry ${show(name)} declares ${entry.uncompressedSize} bytes, more than the ${limits.maxEntryBytes} accepted for one file`
        )
      if (declared > limits.maxBytes)
        throw refuse(`its entries declare more than the ${limits.maxBytes} bytes accepted in all`)
      mkdirSync(dirname(target), { recursive: true })
      const counter = new ByteCap(limits, total, (why) => refuse(`entry ${show(name)} ${why}`))
      const stream = await openStream(zip, entry).catch((e: Error) => {
        throw refuse(`entry ${show(name)} cannot be read (${e.message})`)
      })
      // 'wx': a second entry with the same name does not overwrite the first.
      await pipeline(stream, counter, createWriteStream(target, { flags: 'wx' })).catch((e: Error) => {
        if (e instanceof ConfigError) throw e
        // yauzl's own count (validateEntrySizes): more bytes came out than the entry declares.
        if (/too many bytes in the stream/.test(e.message))
          throw refuse(
            `entry ${show(name)} inflates to more than the ${entry.uncompressedSize} bytes it declares (a zip bomb?)`
          )
        throw refuse(`entry ${show(name)} cannot be extracted (${e.message})`)
      })
      total = counter.total
    }
    return { entries, bytes: total }
  } finally {
    zip.close()
  }
}

/** Counts bytes as they are inflated and fails the stream the moment a cap is passed. */
export class ByteCap extends Transform {
  private entryBytes = 0
  constructor(
    private readonly limits: UnzipLimits,
    public total: number,
    private readonly refuse: (why: string) => Error
  ) {
    super()
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.entryBytes += chunk.length
    this.total += chunk.length
    if (this.entryBytes > this.limits.maxEntryBytes)
      return done(
        this.refuse(`inflates past ${this.limits.maxEntryBytes} bytes, the cap for one file (a zip bomb?)`)
      )
    if (this.total > this.limits.maxBytes)
      return done(
        this.refuse(
          `takes the archive past ${this.limits.maxBytes} bytes inflated, the cap for the whole (a zip bomb?)`
        )
      )
    done(null, chunk)
  }
}

/** The entry's name, checked: relative, inside the folder, printable enough to be a file name. */
function entryName(entry: yauzl.Entry, refuse: (why: string) => Error): string {
  const raw = entry.fileName as unknown as Buffer // decodeStrings: false gives the bytes
  if (raw.includes(0)) throw refuse(`an entry name holds a NUL byte (${show(raw.toString('latin1'))})`)
  let name: string
  try {
    name = new TextDecoder('utf-8', { fatal: true }).decode(raw)
  } catch {
    throw refuse(`an entry name is not UTF-8 (${show(raw.toString('latin1'))})`)
  }
  if (name.includes('\\')) throw refuse(`entry ${show(name)} has a backslash in its name`)
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw refuse(`entry ${show(name)} is an absolute path`)
  if (name.split('/').includes('..')) throw refuse(`entry ${show(name)} climbs out of the folder with '..'`)
  if (name === '' || name === '/') throw refuse('an entry has an empty name')
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT
  const unix = entry.versionMadeBy >> 8 === MADE_BY_UNIX
  if (unix && mode !== 0 && mode !== S_IFREG && mode !== S_IFDIR)
    throw refuse(
      `entry ${show(name)} is a ${mode === 0o120000 ? 'symbolic link' : 'special file'}, not a file`
    )
  return name
}

function isDirectory(entry: yauzl.Entry, name: string): boolean {
  return name.endsWith('/') || ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFDIR
}

/** A name from the archive as errors show it: quoted, control characters escaped, cut to 120. */
function show(name: string): string {
  return JSON.stringify(name.length > 120 ? name.slice(0, 120) + '…' : name)
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((ok, fail) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (err, zip) => (err ? fail(err) : ok(zip))
    )
  )
}

/** The next entry, or null at the end of the central directory. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((ok, fail) => {
    const cleanup = () => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError)
    }
    const onEntry = (e: yauzl.Entry) => (cleanup(), ok(e))
    const onEnd = () => (cleanup(), ok(null))
    const onError = (e: Error) => (cleanup(), fail(e))
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError)
    zip.readEntry()
  })
}

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((ok, fail) => zip.openReadStream(entry, (err, stream) => (err ? fail(err) : ok(stream))))
}
