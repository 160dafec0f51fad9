/**
 * Did base and head build the same program? Then there is nothing to measure: a docs-only pull
 * request passes in seconds, and a build that staged the wrong binary cannot pass as "no change".
 *
 * "Same" is byte-identical files, or, for ELF, identical loaded image: every section the loader maps
 * (SHF_ALLOC) with the same name, type, flags, address, size and bytes. Debug info and symbol tables
 * are left out: with `-g` they hold the worktree's path (base and head build in different folders),
 * and the GNU build-id note is a hash over them. Of the loaded notes, only the toolchain's metadata
 * notes are left out, and only when each holds the one GNU note it should: any other note is mapped
 * and readable, so a program can keep data in it (docs/security.md, defence 16). Anything else
 * (Mach-O, PE, an ELF this reader does not understand) counts as the same only when byte-identical.
 * Written by hand: reading the section table is 40 lines; no maintained npm ELF reader gives section bytes.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, relative } from 'node:path'
import type { Side } from '../samples/model.js'
import { runProcess } from '../process/spawn.js'

export type Sameness = 'identical-files' | 'identical-code' | 'different'

export interface SameProgramVerdict {
  same: boolean
  /** Shared libraries built in the worktrees (e.g. `BUILD_SHARED_LIBS`) that were compared too. */
  libraries: number
  /** True when only debug info, symbols or notes differ (not the bytes of the files). */
  codeOnly: boolean
}

/**
 * Base and head built the same program: the same binary and the same shared libraries from their
 * own worktrees (as the dynamic loader resolves them, `ldd`). A library change with an unchanged
 * executable is a change. When the libraries cannot be listed (no ldd, not Linux), only a static
 * binary is taken as the same.
 */
export async function sameBuiltProgram(
  sides: Record<Side, { binary: string; tree: string }>,
  env: NodeJS.ProcessEnv
): Promise<SameProgramVerdict> {
  const different = { same: false, libraries: 0, codeOnly: false }
  const binary = sameProgram(sides.base.binary, sides.head.binary)
  if (binary === 'different') return different
  const libs = { base: await ownLibraries(sides.base, env), head: await ownLibraries(sides.head, env) }
  if (!libs.base || !libs.head || libs.base.size !== libs.head.size) return different
  let codeOnly = binary === 'identical-code'
  for (const [name, basePath] of libs.base) {
    const headPath = libs.head.get(name)
    const s = headPath === undefined ? 'different' : sameProgram(basePath, headPath)
    if (s === 'different') return different
    codeOnly ||= s === 'identical-code'
  }
  return { same: true, libraries: libs.base.size, codeOnly }
}

/** The shared libraries `ldd` resolves inside the side's worktree, by soname; null when unknown. */
async function ownLibraries(
  side: { binary: string; tree: string },
  env: NodeJS.ProcessEnv
): Promise<Map<string, string> | null> {
  const r = await runProcess('ldd', [side.binary], {
    cwd: side.tree,
    env,
    stdout: 'capture',
    stderr: 'capture',
    timeoutMs: 30_000
  })
  if (/not a dynamic executable/.test(r.stdout + r.stderr)) return new Map()
  if (r.spawnError || r.exitCode !== 0) return null
  const tree = realpathSync(side.tree)
  const own = new Map<string, string>()
  for (const m of r.stdout.matchAll(/^\s*(\S+) => (\/.*?) \(0x[0-9a-f]+\)$/gm)) {
    let path: string
    try {
      path = realpathSync(m[2]!)
    } catch {
      return null
    }
    const rel = relative(tree, path)
    if (!rel.startsWith('..') && !isAbsolute(rel)) own.set(m[1]!, path)
  }
  return own
}

/** Compares the two built binaries; unreadable files count as different (the probe reports them). */
export function sameProgram(basePath: string, headPath: string): Sameness {
  let base: Buffer
  let head: Buffer
  try {
    const [sb, sh] = [statSync(basePath), statSync(headPath)]
    if (!sb.isFile() || !sh.isFile()) return 'different'
    base = readFileSync(basePath)
    head = readFileSync(headPath)
  } catch {
    return 'different'
  }
  if (base.equals(head)) return 'identical-files'
  const a = loadedImage(base)
  const b = loadedImage(head)
  if (!a || !b || a.length !== b.length) return 'different'
  return a.every((s, i) => sameSection(s, b[i]!)) ? 'identical-code' : 'different'
}

interface Section {
  name: string
  type: number
  flags: bigint
  addr: bigint
  bytes: Buffer
}

const SHF_ALLOC = 0x2n
const SHT_NOTE = 7
const SHT_NOBITS = 8

function sameSection(a: Section, b: Section): boolean {
  return (
    a.name === b.name &&
    a.type === b.type &&
    a.flags === b.flags &&
    a.addr === b.addr &&
    a.bytes.equals(b.bytes)
  )
}

/**
 * Loaded notes that carry metadata only, by section name, with the GNU note type each must hold.
 * `.note.package` is not one: nothing here treated it as metadata before, and measuring an unchanged
 * program costs time, while skipping a changed one passes it unmeasured.
 */
const METADATA_NOTES = new Map([
  ['.note.gnu.build-id', 3], // NT_GNU_BUILD_ID
  ['.note.ABI-tag', 1], // NT_GNU_ABI_TAG
  ['.note.gnu.property', 5] // NT_GNU_PROPERTY_TYPE_0
])

/**
 * The section is exactly one note, owned by "GNU", of the type its name promises. Bytes appended to
 * the section from a source file (`__attribute__((section(".note.ABI-tag")))`) make a second note.
 */
function metadataNote(name: string, bytes: Buffer, align: bigint): boolean {
  const type = METADATA_NOTES.get(name)
  if (type === undefined || bytes.length < 16) return false
  const pad = (n: number) => (align === 8n ? Math.ceil(n / 8) * 8 : Math.ceil(n / 4) * 4)
  const [namesz, descsz] = [bytes.readUInt32LE(0), bytes.readUInt32LE(4)]
  return (
    bytes.readUInt32LE(8) === type &&
    namesz === 4 &&
    bytes.toString('latin1', 12, 16) === 'GNU\0' &&
    pad(12 + namesz) + pad(descsz) === bytes.length
  )
}

/** The allocated sections but metadata notes, of a 64-bit little-endian ELF file; null when it is not one. */
export function loadedImage(file: Buffer): Section[] | null {
  const ELFCLASS64 = 2
  const ELFDATA2LSB = 1
  if (file.length < 64 || file.readUInt32BE(0) !== 0x7f454c46) return null
  if (file[4] !== ELFCLASS64 || file[5] !== ELFDATA2LSB) return null
  const shoff = Number(file.readBigUInt64LE(0x28))
  const shentsize = file.readUInt16LE(0x3a)
  const shnum = file.readUInt16LE(0x3c)
  const shstrndx = file.readUInt16LE(0x3e)
  if (shentsize < 64 || shnum === 0 || shstrndx >= shnum || shoff + shnum * shentsize > file.length)
    return null
  const header = (i: number) => {
    const at = shoff + i * shentsize
    return {
      nameOffset: file.readUInt32LE(at),
      type: file.readUInt32LE(at + 4),
      flags: file.readBigUInt64LE(at + 8),
      addr: file.readBigUInt64LE(at + 16),
      offset: Number(file.readBigUInt64LE(at + 24)),
      size: Number(file.readBigUInt64LE(at + 32)),
      align: file.readBigUInt64LE(at + 48)
    }
  }
  const names = header(shstrndx)
  if (names.offset + names.size > file.length) return null
  const nameAt = (off: number) => {
    const start = names.offset + off
    const end = file.indexOf(0, start)
    return file.toString('latin1', start, end < 0 ? names.offset + names.size : end)
  }
  const sections: Section[] = []
  for (let i = 0; i < shnum; i++) {
    const h = header(i)
    if ((h.flags & SHF_ALLOC) === 0n) continue
    const stored = h.type !== SHT_NOBITS
    if (stored && h.offset + h.size > file.length) return null
    const name = nameAt(h.nameOffset)
    // .bss occupies no bytes in the file: its size stands for its contents (zeros).
    const bytes = stored ? file.subarray(h.offset, h.offset + h.size) : Buffer.from(String(h.size))
    if (h.type === SHT_NOTE && metadataNote(name, bytes, h.align)) continue
    sections.push({ name, type: h.type, flags: h.flags, addr: h.addr, bytes })
  }
  return sections
}
