/**
 * Per-function costs of one callgrind dump (docs/count-mode.md: where a count change comes from). We parse the
 * format ourselves rather than run `callgrind_annotate`, because that prints a text table for people
 * (no stable machine format, numbers with thousands separators, names cut by column) and would need
 * Perl on the runner at run time; __tests__/samples/callgrindProfile.test.ts checks this parser
 * against `callgrind_annotate --inclusive=yes|no` on real dumps of real builds.
 *
 * The format (valgrind's docs/callgrind-format): `events:` names the cost columns; `positions:`
 * names the position columns before them (`line`, `instr`, or both); `ob=`/`fl=`/`fi=`/`fe=`/`fn=`
 * set the current object, file, inlined file and function, `cob=`/`cfi=`/`cfl=`/`cfn=` the callee of
 * the next `calls=` line, whose following cost line is the inclusive cost of those calls. Names are
 * compressed: `(id) name` defines an id, `(id)` alone refers to it (one id space for `fn`/`cfn`/`jfn`,
 * one for files, one for objects). Positions may be relative to the previous line's (`+N`, `-N`,
 * `*`). Trailing zero costs are omitted.
 *
 * Self cost of a function: its cost lines that are not calls. Inclusive: self plus the costs of its
 * calls to other functions (a call to itself, direct recursion, is already in those costs). A
 * `calls=0` line is a call entered before the dump's period began (the benchmark's frames above the
 * loop): a call like any other (callgrind_annotate 3.19 counts it as the caller's self cost).
 * Pure: text in, numbers out.
 */

/** One function's costs in a dump, per event in `events` order. */
export interface FunctionProfile {
  /** The demangled name as callgrind wrote it (`crc_update(unsigned int, int)`, `0x…` without symbols). */
  name: string
  /** The function's source file (`fl=`), null when unknown (`???`: no debug info). */
  file: string | null
  /** The object (executable or shared library) it is in. */
  object: string | null
  self: number[]
  inclusive: number[]
  /**
   * Its calls to other functions, one entry per callee name (summed over call sites, files and
   * objects), with the callees' inclusive cost of those calls: the call graph's edges, for the
   * report's icicle. A direct recursive call is left out, as from `inclusive`.
   */
  calls: FunctionCall[]
}

/** The calls of one function to another in a dump, per event in `events` order. */
interface FunctionCall {
  name: string
  inclusive: number[]
}

export interface CallgrindProfile {
  events: string[]
  functions: FunctionProfile[]
}

/** A dump whose body cannot be read (the message names the line). */
export class CallgrindProfileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CallgrindProfileError'
  }
}

interface State {
  events: string[]
  positions: number
  names: Record<'fn' | 'fl' | 'ob', Map<string, string>>
  object: string | null
  file: string | null
  current: FunctionProfile | null
  callee: { fn: string | null; file: string | null; object: string | null }
  /** After a `calls=` line: the next cost line is that call's inclusive cost. */
  inCall: boolean
  previous: number[]
  byKey: Map<string, FunctionProfile>
}

const COMPRESSED = /^\((\d+)\)(?:\s+(.*))?$/

/** `(id) name` → name (remembered), `(id)` → the remembered name, `name` → name. */
function uncompress(state: State, space: 'fn' | 'fl' | 'ob', value: string, line: number): string {
  const m = COMPRESSED.exec(value.trim())
  if (!m) return value.trim()
  const [, id, name] = m
  if (name !== undefined) {
    state.names[space].set(id, name)
    return name
  }
  const known = state.names[space].get(id)
  if (known === undefined)
    throw new CallgrindProfileError(`line ${line}: ${space} id (${id}) used before it was named`)
  return known
}

const unknownFile = (f: string | null) => (f === null || f === '???' ? null : f)

function functionOf(state: State, name: string, file: string | null, object: string | null): FunctionProfile {
  const key = `${object ?? ''}\u0000${file ?? ''}\u0000${name}`
  let f = state.byKey.get(key)
  if (!f) {
    const zeros = () => state.events.map(() => 0)
    f = { name, file: unknownFile(file), object, self: zeros(), inclusive: zeros(), calls: [] }
    state.byKey.set(key, f)
  }
  return f
}

/** The numbers of a cost line, positions decoded relative to the previous line's. */
function costLine(state: State, text: string, line: number): number[] {
  const parts = text.trim().split(/\s+/)
  for (let i = 0; i < state.positions; i++) {
    const p = parts[i]
    const prev = state.previous[i] ?? 0
    const value =
      p === '*'
        ? prev
        : p.startsWith('+')
          ? prev + Number(p.slice(1))
          : p.startsWith('-')
            ? prev - Number(p.slice(1))
            : Number(p)
    if (!Number.isFinite(value)) throw new CallgrindProfileError(`line ${line}: bad position '${p}'`)
    state.previous[i] = value
  }
  const costs = state.events.map((_, i) => {
    const v = parts[state.positions + i]
    return v === undefined ? 0 : Number(v)
  })
  if (costs.some((v) => !Number.isFinite(v) || v < 0))
    throw new CallgrindProfileError(`line ${line}: a cost that is not a count`)
  return costs
}

function addTo(target: number[], costs: readonly number[]): void {
  for (let i = 0; i < costs.length; i++) target[i] += costs[i]
}

/** Applies one `key=value` line of the body. */
function specLine(state: State, key: string, value: string, line: number): void {
  switch (key) {
    case 'ob':
      state.object = uncompress(state, 'ob', value, line)
      return
    case 'fl':
      state.file = uncompress(state, 'fl', value, line)
      return
    case 'fi':
    case 'fe':
    case 'jfi':
    case 'cfi':
    case 'cfl': {
      // inlined code stays its function's cost; the name may still define an id
      const f = uncompress(state, 'fl', value, line)
      if (key === 'cfi' || key === 'cfl') state.callee.file = f
      return
    }
    case 'fn':
      state.current = functionOf(state, uncompress(state, 'fn', value, line), state.file, state.object)
      state.callee = { fn: null, file: null, object: null }
      return
    case 'cfn':
      state.callee.fn = uncompress(state, 'fn', value, line)
      return
    case 'jfn':
      uncompress(state, 'fn', value, line)
      return
    case 'cob':
      state.callee.object = uncompress(state, 'ob', value, line)
      return
    case 'calls':
      if (state.callee.fn === null) throw new CallgrindProfileError(`line ${line}: calls= without cfn=`)
      state.inCall = true
      return
    default:
    // jump=, jcnd= and header lines: nothing to add
  }
}

/**
 * Parses a dump's functions.
 * @throws CallgrindProfileError on a line that breaks the format (an unknown name id, a cost before any fn=)
 */
export function parseCallgrindProfile(text: string): CallgrindProfile {
  const state: State = {
    events: [],
    positions: 1,
    names: { fn: new Map(), fl: new Map(), ob: new Map() },
    object: null,
    file: null,
    current: null,
    callee: { fn: null, file: null, object: null },
    inCall: false,
    previous: [],
    byKey: new Map()
  }
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]
    if (l === '' || l.startsWith('#')) continue
    const c = l.charCodeAt(0)
    if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 42 /* digit + - * */) {
      costOf(state, l, i + 1)
      continue
    }
    const m = /^([a-z]+)[:=]\s*(.*)$/.exec(l)
    if (!m) continue
    const [, key, value] = m
    if (key === 'events' && l[6] === ':') state.events = value.trim().split(/\s+/)
    else if (key === 'positions' && l[9] === ':') state.positions = value.trim().split(/\s+/).length
    else if (l[key.length] === '=') specLine(state, key, value, i + 1)
  }
  return { events: state.events, functions: [...state.byKey.values()] }
}

function costOf(state: State, text: string, line: number): void {
  const f = state.current
  if (f === null) throw new CallgrindProfileError(`line ${line}: a cost line before any fn=`)
  const costs = costLine(state, text, line)
  if (!state.inCall) {
    addTo(f.self, costs)
    addTo(f.inclusive, costs)
    return
  }
  state.inCall = false
  const callee = state.callee
  const sameFunction =
    callee.fn === f.name &&
    unknownFile(callee.file ?? state.file) === f.file &&
    (callee.object ?? state.object) === f.object
  if (!sameFunction) {
    addTo(f.inclusive, costs)
    let call = f.calls.find((c) => c.name === callee.fn)
    if (!call) f.calls.push((call = { name: callee.fn!, inclusive: state.events.map(() => 0) }))
    addTo(call.inclusive, costs)
  }
  // cob/cfi apply to one call only
  state.callee = { fn: callee.fn, file: null, object: null }
}

/** A function's costs by event name. */
export function costsByEvent(events: readonly string[], costs: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {}
  events.forEach((e, i) => (out[e] = costs[i] ?? 0))
  return out
}
