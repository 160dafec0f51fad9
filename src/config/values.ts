/**
 * One option's raw value (a flag's or input's string, a config file's string, number or boolean) ->
 * the typed value its table entry describes, or a ConfigError naming the option, the value and what
 * is accepted. And back: the value as a flag would spell it (for the reproduce line).
 */
import { ConfigError } from '../errors.js'
import type { OptionSpec } from './options.js'
import { didYouMean } from './suggest.js'

export type OptionValue =
  string | number | boolean | readonly string[] | { index: number; count: number } | null

/**
 * @throws ConfigError `--name: 'value' is not valid; expected ...`
 */
export function parseOptionValue(spec: OptionSpec, value: string | number | boolean): OptionValue {
  const bad = (accepted: string) =>
    new ConfigError(`--${spec.name}: '${String(value)}' is not valid; expected ${accepted}`)
  switch (spec.type) {
    case 'string':
      if (typeof value !== 'string') throw bad('a string')
      return value
    case 'bool':
      if (typeof value === 'boolean') return value
      if (/^(true|yes|1|on)$/i.test(String(value))) return true
      if (/^(false|no|0|off)$/i.test(String(value))) return false
      throw bad('true or false')
    case 'enum':
      if (!(spec.values as readonly string[]).includes(String(value))) {
        const hint = didYouMean(String(value), spec.values as readonly string[])
        throw bad(`one of ${spec.values!.join(', ')}${hint && '.' + hint}`)
      }
      return String(value)
    case 'int':
    case 'number':
      return parseNumber(spec, value, bad)
    case 'shard':
      if (typeof value !== 'string') throw bad('I/N, e.g. 2/3')
      return parseShard(value)
    case 'set':
      return parseSet(spec, String(value), bad)
  }
}

/**
 * A comma-separated set ("timing-only,inconclusive"), in the table's order, duplicates dropped. The
 * default's items are always in (fail-on: regression and failed) unless the set is `never`, alone.
 */
function parseSet(spec: OptionSpec, value: string, bad: (a: string) => Error): readonly string[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const values = spec.values as readonly string[]
  const accepted = `a comma-separated set of ${values.join(', ')}`
  for (const item of items)
    if (!values.includes(item)) {
      const hint = didYouMean(item, values)
      throw bad(`${accepted}${hint && '.' + hint}`)
    }
  if (items.length === 0) throw bad(accepted)
  if (items.includes('never')) {
    if (items.some((i) => i !== 'never')) throw bad(`${accepted}; 'never' alone (it disables the gate)`)
    return ['never']
  }
  const always = (spec.default as readonly string[] | null) ?? []
  return values.filter((v) => always.includes(v) || items.includes(v))
}

/** Accepted range in interval notation, e.g. "[1, 10000]" or "(0, 0.5)". */
export function rangeText(spec: OptionSpec): string {
  return `${spec.exclusive ? '(' : '['}${spec.min}, ${spec.max}${spec.exclusive ? ')' : ']'}`
}

function parseNumber(spec: OptionSpec, value: string | number | boolean, bad: (a: string) => Error): number {
  const n =
    typeof value === 'number'
      ? value
      : /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(String(value))
        ? Number(value)
        : NaN
  const what = `${spec.type === 'int' ? 'a whole number' : 'a number'} in ${rangeText(spec)}`
  if (!Number.isFinite(n) || (spec.type === 'int' && !Number.isInteger(n))) throw bad(what)
  const low = spec.exclusive ? n <= spec.min! : n < spec.min!
  const high = spec.exclusive ? n >= spec.max! : n > spec.max!
  if (low || high) throw bad(what)
  return n
}

/** "I/N" with 1 ≤ I ≤ N ≤ 1000 -> { index: I, count: N }. */
function parseShard(value: string): { index: number; count: number } {
  const m = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(value)
  const [index, count] = m ? [Number(m[1]), Number(m[2])] : [0, 0]
  if (!m || index < 1 || count > 1000 || index > count)
    throw new ConfigError(`--shard: '${value}' is not valid; expected I/N with 1 ≤ I ≤ N ≤ 1000, e.g. 2/3`)
  return { index, count }
}

/** The value as the flag's argument, e.g. 20 -> "20", a shard -> "2/3". */
export function formatOptionValue(value: Exclude<OptionValue, null>): string {
  if (Array.isArray(value)) return value.join(',')
  return typeof value === 'object'
    ? `${(value as { index: number }).index}/${(value as { count: number }).count}`
    : String(value)
}
