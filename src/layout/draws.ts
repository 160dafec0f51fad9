/**
 * Which code layout a process gets (docs/statistics.md §12): a seeded draw per round and side of how many
 * bytes of padding go before the program's code, read-only data and data, and how long an
 * environment variable is (which moves the initial stack). Pure: the same seed, round and side
 * always give the same layout, so a run can be reproduced and the trusted half can re-derive it.
 */
import { createHash } from 'node:crypto'
import type { LayoutDraws } from '../config/types.js'
import type { Side } from '../samples/model.js'

/** One layout: byte counts, all in [0, 4096) so every offset within a page is reachable. */
export interface LayoutDraw {
  /** Bytes of code before the first function of the program (multiples of 16, the function alignment). */
  text: number
  /** Bytes before the program's read-only data and its data (multiples of 16). */
  rodata: number
  data: number
  /** Characters of the environment variable BENCHGATE_LAYOUT_STACK (shifts the initial stack). */
  stack: number
}

/** A page: every alignment the hardware cares about (cache line, fetch block, µop cache, page) repeats within it. */
export const LAYOUT_PERIOD = 4096
/** Function sections are 16-byte aligned by default: padding in these steps shifts every function. */
export const TEXT_STEP = 16

/** The round's key: measured round r, or warm-up w (negative rounds are warm-ups). */
export function roundKey(round: number, warmupIndex: number): string {
  return round < 0 ? `w${warmupIndex}` : `r${round}`
}

/** The layout of `side` in the round `key` (see roundKey) under `seed`. */
export function layoutDraw(seed: string, key: string, side: Side, draws: LayoutDraws): LayoutDraw {
  const who = draws === 'shared' ? 'both' : side
  const bytes = createHash('sha256').update(`benchgate-layout\0${seed}\0${key}\0${who}`).digest()
  const word = (i: number): number => bytes.readUInt32LE(4 * i)
  const steps = LAYOUT_PERIOD / TEXT_STEP
  return {
    text: (word(0) % steps) * TEXT_STEP,
    rodata: (word(1) % steps) * TEXT_STEP,
    data: (word(2) % steps) * TEXT_STEP,
    stack: word(3) % LAYOUT_PERIOD
  }
}

/**
 * The padding object's assembly (GNU as syntax, x86-64/AArch64 ELF): sections marked "R"
 * (SHF_GNU_RETAIN) so `--gc-sections` keeps them though nothing refers to them; code is padded
 * with int3 so a stray jump traps.
 */
export function paddingAssembly(draw: LayoutDraw): string {
  const lines = ['# benchgate layout padding (docs/layout.md)']
  const section = (name: string, flags: string, bytes: number, fill: string): void => {
    if (bytes === 0) return
    lines.push(`.section ${name},"${flags}",@progbits`, '.p2align 4', `.space ${bytes}, ${fill}`)
  }
  section('.text.benchgate_layout', 'axR', draw.text, '0xcc')
  section('.rodata.benchgate_layout', 'aR', draw.rodata, '0')
  section('.data.benchgate_layout', 'awR', draw.data, '0')
  lines.push('.section .note.GNU-stack,"",@progbits', '')
  return lines.join('\n')
}

/** The environment variable that moves the stack by `draw.stack` bytes. */
export function stackPaddingEnv(draw: LayoutDraw): Record<string, string> {
  return { BENCHGATE_LAYOUT_STACK: 'x'.repeat(draw.stack) }
}
