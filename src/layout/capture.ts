/**
 * Capturing the build's own link commands, so that a layout only costs a link: a launcher that
 * records its argument vector and working directory, then runs the link unchanged. CMake ≥ 3.21 puts
 * it before every link through CMAKE_<LANG>_LINKER_LAUNCHER (read from the environment at the first
 * configure, so a fresh worktree gets it with no edit to CMakeLists.txt); other build systems call
 * "$BENCHGATE_LINK_LAUNCHER" before their link command (docs/layout.md).
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync
} from 'node:fs'
import { join, resolve } from 'node:path'
import type { Side } from '../samples/model.js'

/** One link as the build ran it. */
export interface CapturedLink {
  cwd: string
  /** The link command: the compiler driver (or linker) and its arguments, as the build passed them. */
  argv: string[]
}

/** The launcher (CommonJS, run by this very Node): record, then run the link and pass on its exit. */
function launcherSource(nodePath: string): string {
  return `#!${nodePath}
'use strict'
// benchgate's link recorder (docs/layout.md): writes {cwd, argv} of this link, then runs it unchanged.
const fs = require('fs'), path = require('path'), cp = require('child_process')
const argv = process.argv.slice(2)
const dir = process.env.BENCHGATE_LINK_CAPTURE_DIR
if (dir && argv.length > 0) {
  try {
    const side = path.join(dir, process.env.BENCHGATE_SIDE || 'other')
    fs.mkdirSync(side, { recursive: true })
    const file = path.join(side, Date.now() + '-' + process.pid + '.json')
    fs.writeFileSync(file, JSON.stringify({ cwd: process.cwd(), argv }))
  } catch (e) {
    process.stderr.write('benchgate link recorder: ' + e.message + '\\n')
  }
}
if (argv.length === 0) process.exit(0)
const r = cp.spawnSync(argv[0], argv.slice(1), { stdio: 'inherit' })
if (r.error) { process.stderr.write('benchgate link recorder: ' + r.error.message + '\\n'); process.exit(127) }
if (r.signal) process.kill(process.pid, r.signal)
process.exit(r.status === null ? 1 : r.status)
`
}

/**
 * Writes the launcher into `dir` and returns the build environment that makes CMake (and any build
 * that uses $BENCHGATE_LINK_LAUNCHER) record its links under `<dir>/links/<side>/`.
 */
export function installLinkRecorder(
  dir: string,
  nodePath: string = process.execPath
): Record<string, string> {
  mkdirSync(dir, { recursive: true })
  const launcher = join(resolve(dir), 'link-recorder.cjs')
  writeFileSync(launcher, launcherSource(nodePath))
  chmodSync(launcher, 0o755)
  return {
    CMAKE_CXX_LINKER_LAUNCHER: launcher,
    CMAKE_C_LINKER_LAUNCHER: launcher,
    BENCHGATE_LINK_LAUNCHER: launcher,
    BENCHGATE_LINK_CAPTURE_DIR: join(resolve(dir), 'links')
  }
}

/** The links recorded for one side, oldest first; malformed records are skipped. */
export function recordedLinks(dir: string, side: Side): CapturedLink[] {
  const sideDir = join(resolve(dir), 'links', side)
  if (!existsSync(sideDir)) return []
  const byTime = readdirSync(sideDir)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
  const out: CapturedLink[] = []
  for (const file of byTime) {
    try {
      const v = JSON.parse(readFileSync(join(sideDir, file), 'utf8')) as unknown
      if (isLink(v)) out.push(v)
    } catch {
      // A half-written record (the build was killed): not a link we can replay.
    }
  }
  return out
}

function isLink(v: unknown): v is CapturedLink {
  const o = v as CapturedLink
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.cwd === 'string' &&
    Array.isArray(o.argv) &&
    o.argv.length > 0 &&
    o.argv.every((a) => typeof a === 'string')
  )
}

/**
 * Where a link's output is named: `argv[index]` holds it, as the argument after `-o` (joined: false)
 * or as `-oFILE` (joined: true); null when the link names none.
 */
export function outputArgument(argv: readonly string[]): { index: number; joined: boolean } | null {
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '-o' && i + 1 < argv.length) return { index: i + 1, joined: false }
    if (argv[i].startsWith('-o') && argv[i].length > 2) return { index: i, joined: true }
  }
  return null
}

/** Where a link writes its output, resolved against its folder, or null. */
export function linkOutput(link: CapturedLink): string | null {
  const at = outputArgument(link.argv)
  if (!at) return null
  const name = link.argv[at.index]
  return resolve(link.cwd, at.joined ? name.slice(2) : name)
}

/** The last recorded link that wrote `binary` (compared by real path), or null. */
export function linkOf(links: readonly CapturedLink[], binary: string): CapturedLink | null {
  const real = (p: string): string => {
    try {
      return realpathSync(p)
    } catch {
      return resolve(p)
    }
  }
  const target = real(binary)
  for (let i = links.length - 1; i >= 0; i--) {
    const out = linkOutput(links[i])
    if (out !== null && real(out) === target) return links[i]
  }
  return null
}
