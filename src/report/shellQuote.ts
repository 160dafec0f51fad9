/**
 * Quoting for the command lines a report shows (the "reproduce" line). Display only: benchgate never
 * runs these strings; it spawns with argument arrays. Lives in report/ so that pipeline/ and
 * commands/ both import it downwards.
 */

/** Quotes one argument for a POSIX shell: bare when it is plainly safe, else single-quoted. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}
