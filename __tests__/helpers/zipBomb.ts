// Hand-assembled hostile zip archives (issue 13 item 4): entries whose declared size lies, that
// inflate hundreds of MiB from a few hundred KiB, or whose names are raw bytes (NUL, backslash).
// fakeGitHub's makeZip writes honest archives from content; these are built from deflate output.
import { constants, deflateRawSync } from 'node:zlib'

export interface RawEntry {
  /** The name's bytes as stored (a string is written as UTF-8). */
  name: string | Buffer
  /** Deflated (method 8) or stored (method 0) data. */
  data: Buffer
  method: 0 | 8
  /** The uncompressed size the headers declare (may lie). */
  declaredSize: number
  /** Unix mode (0o100644 a file, 0o120777 a symbolic link). */
  mode?: number
}

const MiB = 1024 * 1024

/**
 * A raw deflate stream that inflates to `mib` MiB of zeros: one 1 MiB block, flushed to a byte
 * boundary (Z_FULL_FLUSH, so it is self-contained and can be repeated), `mib` times, then an empty
 * final block. About 1 KiB per MiB.
 */
export function deflatedZeros(mib: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  return Buffer.concat([...Array.from({ length: mib }, () => block), Buffer.from([0x03, 0x00])])
}

/** A zip bomb: one entry `name` that inflates to `mib` MiB, declaring `declaredSize` (default: the truth). */
export function zipBomb(mib: number, name = 'results.json', declaredSize = mib * MiB): Buffer {
  return rawZip([{ name, data: deflatedZeros(mib), method: 8, declaredSize }])
}

/** A stored entry holding `text` honestly. */
export function storedEntry(name: string | Buffer, text: string, mode?: number): RawEntry {
  const data = Buffer.from(text, 'utf8')
  return { name, data, method: 0, declaredSize: data.length, mode }
}

/**
 * Writes the entries as a zip, names verbatim. The CRC-32 fields are 0: yauzl does not check them,
 * and no test reads a hostile entry to its end.
 */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(e.method, 8)
    local.writeUInt32LE(e.data.length, 18)
    local.writeUInt32LE(e.declaredSize, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, e.data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE((3 << 8) | 20, 4) // made by Unix
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(e.method, 10)
    central.writeUInt32LE(e.data.length, 20)
    central.writeUInt32LE(e.declaredSize, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + e.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
