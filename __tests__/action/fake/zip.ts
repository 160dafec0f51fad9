// Zip archives as artifacts hold them: written by hand so tests can build hostile ones (names
// like `../x`, symlinks) that a zip library would refuse, and read back without one.
import { lstatSync, readFileSync, readdirSync, readlinkSync } from 'node:fs'
import path from 'node:path'
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib'
import type { ZipEntry } from './types.js'

/** A zip writer (deflate, or stored for symlinks) that keeps entry names verbatim, so tests can build
 * hostile archives (`../x`, absolute names, symlinks) that archiver would sanitise. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  const dosTime = 0x6000 // 12:00
  const dosDate = ((2024 - 1980) << 9) | (1 << 5) | 1
  for (const e of entries) {
    const name = Buffer.from(e.directory && !e.name.endsWith('/') ? e.name + '/' : e.name, 'utf8')
    const raw = e.directory
      ? Buffer.alloc(0)
      : Buffer.isBuffer(e.data)
        ? e.data
        : Buffer.from(e.data ?? '', 'utf8')
    const method = e.symlink || e.directory || raw.length === 0 ? 0 : 8
    const comp = method === 8 ? deflateRawSync(raw) : raw
    const crc = crc32(raw) >>> 0
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // utf-8 names
    local.writeUInt16LE(method, 8)
    local.writeUInt16LE(dosTime, 10)
    local.writeUInt16LE(dosDate, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(comp.length, 18)
    local.writeUInt32LE(raw.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    locals.push(local, name, comp)
    const mode = e.symlink ? 0o120777 : e.directory ? 0o40755 : 0o100644
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE((3 << 8) | 20, 4) // made by unix
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt16LE(dosTime, 12)
    central.writeUInt16LE(dosDate, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(comp.length, 20)
    central.writeUInt32LE(raw.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(((mode << 16) | (e.directory ? 0x10 : 0)) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + comp.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

/** Reads a zip (central directory; stored or deflated entries) into name -> content. */
export function readZip(zip: Buffer): Record<string, Buffer> {
  let eocd = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)')
  const count = zip.readUInt16LE(eocd + 10)
  let p = zip.readUInt32LE(eocd + 16)
  const out: Record<string, Buffer> = {}
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry')
    const method = zip.readUInt16LE(p + 10)
    const compSize = zip.readUInt32LE(p + 20)
    const nameLen = zip.readUInt16LE(p + 28)
    const extraLen = zip.readUInt16LE(p + 30)
    const commentLen = zip.readUInt16LE(p + 32)
    const localOff = zip.readUInt32LE(p + 42)
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8')
    p += 46 + nameLen + extraLen + commentLen
    const lNameLen = zip.readUInt16LE(localOff + 26)
    const lExtraLen = zip.readUInt16LE(localOff + 28)
    const start = localOff + 30 + lNameLen + lExtraLen
    const comp = zip.subarray(start, start + compSize)
    if (name.endsWith('/')) continue
    out[name] = method === 0 ? Buffer.from(comp) : method === 8 ? inflateRawSync(comp) : Buffer.alloc(0)
  }
  return out
}

/** A directory as a zip (symlinks kept as symlink entries), for seedArtifact({ dir }). */
export function zipDirectory(dir: string): Buffer {
  const entries: ZipEntry[] = []
  const walk = (abs: string, rel: string) => {
    for (const name of readdirSync(abs).sort()) {
      const a = path.join(abs, name)
      const r = rel ? `${rel}/${name}` : name
      const st = lstatSync(a)
      if (st.isSymbolicLink()) entries.push({ name: r, data: readlinkSync(a), symlink: true })
      else if (st.isDirectory()) walk(a, r)
      else entries.push({ name: r, data: readFileSync(a) })
    }
  }
  walk(dir, '')
  return makeZip(entries)
}
