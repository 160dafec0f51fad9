// An Io for calling the CLI's main() in a test: everything written is kept in `out` and `err`.
import type { Io } from '../../src/commands/io.js'

export type CapturedIo = Io & { out: string; err: string }

export function captureIo(): CapturedIo {
  const io = {
    out: '',
    err: '',
    colour: false,
    isTTY: false,
    stdout: (t: string) => void (io.out += t),
    stderr: (t: string) => void (io.err += t)
  }
  return io
}
