/** Where a command's output goes: the report to stdout, progress and the reason to stderr. */
export interface Io {
  /**
   * Writes report text; may return a promise that settles once the stream takes more. Await it:
   * a pipe read slower than benchgate writes would otherwise queue a whole results.json in memory.
   */
  stdout(text: string): void | Promise<void>
  stderr(text: string): void
  /** Colour and progress bars only on a terminal. */
  colour: boolean
  isTTY: boolean
}
