/** Where a command's output goes: the report to stdout, progress and the reason to stderr. */
export interface Io {
  stdout(text: string): void
  stderr(text: string): void
  /** Colour and progress bars only on a terminal. */
  colour: boolean
  isTTY: boolean
}
