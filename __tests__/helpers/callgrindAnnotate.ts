/**
 * Runs valgrind's `callgrind_annotate` (Perl, ships with valgrind) on a dump and reads its function
 * table back: the oracle for src/samples/callgrindProfile.ts.
 */
import { execFileSync } from 'node:child_process'

export interface AnnotatedFunction {
  file: string
  name: string
  object: string
  costs: number[]
}

/**
 * The function table of `callgrind_annotate --inclusive=yes|no` over every function (threshold 100%).
 * Its file:function key takes the inlined file (fi=/fe=) for inlined code, so one function may be
 * several rows.
 */
export function annotate(file: string, inclusive: boolean, events: number): AnnotatedFunction[] {
  const out = execFileSync(
    'callgrind_annotate',
    [`--inclusive=${inclusive ? 'yes' : 'no'}`, '--threshold=100', '--show-percs=no', '--auto=no', file],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }
  )
  const lines = out.split('\n')
  const start = lines.findIndex((l) => l.includes('file:function'))
  const rows: AnnotatedFunction[] = []
  for (const l of lines.slice(start + 2)) {
    if (l.trim() === '' || l.startsWith('---')) break
    const parts = l.trim().split(/\s+/)
    const costs = parts.slice(0, events).map((p) => (p === '.' ? 0 : Number(p.replace(/,/g, ''))))
    const rest = l.trim().split(/\s+/).slice(events).join(' ')
    const m = /^(.*?) \[(.*)\]$/.exec(rest)
    const label = m ? m[1] : rest
    const colon = label.indexOf(':')
    rows.push({ file: label.slice(0, colon), name: label.slice(colon + 1), object: m ? m[2] : '', costs })
  }
  return rows
}
