/**
 * Validates a results file as untrusted input (it may come from a fork's artifact): format and
 * version, sizes, and the type of every field a report reads. Text fields are escaped at render
 * time; here we make sure nothing has a shape the renderers do not expect.
 */
import { ALL_VERDICTS } from '../analysis/verdict.js'
import { ConfigError } from '../errors.js'
import { RESULTS_FORMAT, RESULTS_VERSION, type ResultsJson } from './json.js'
import { validateShardFields } from './shard.js'

/** Results files larger than this are refused (a suite of 10,000 benchmarks is far smaller). */
export const MAX_RESULTS_BYTES = 64 * 1024 * 1024
export const MAX_BENCHMARKS = 100_000
const MAX_TEXT = 4096
const MAX_DEPTH = 32
const STOP_REASONS = [
  'resolved',
  'max-rounds',
  'time-budget',
  'no-samples',
  'futile',
  'not-compared',
  'interrupted',
  'failures'
]

/** Parses and validates a results file; throws ConfigError saying what is wrong and where. */
export function validateResults(text: string, source: string): ResultsJson {
  if (text.length > MAX_RESULTS_BYTES)
    throw new ConfigError(`${source}: results file is larger than ${MAX_RESULTS_BYTES} bytes`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new ConfigError(
      `${source}: not valid JSON (${(e as Error).message}); expected a benchgate results.json`
    )
  }
  const fail = (path: string, what: string): never => {
    throw new ConfigError(`${source}: ${path}: ${what}`)
  }
  // A results file nests about 6 levels; a field this deep could only crash the renderers
  // (JSON.stringify recurses). Found by __tests__/fuzz/resultsFuzz.test.ts.
  if (depthOver(json, MAX_DEPTH)) fail('$', `nested deeper than ${MAX_DEPTH} levels`)
  const obj = (v: unknown, path: string): Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : fail(path, 'expected an object')
  const num = (v: unknown, path: string, nullable = false): void => {
    if (nullable && v === null) return
    if (typeof v !== 'number' || !Number.isFinite(v))
      fail(path, `expected a finite number${nullable ? ' or null' : ''}`)
  }
  const str = (v: unknown, path: string, optional = false): void => {
    if (optional && v === undefined) return
    if (typeof v !== 'string' || v.length > MAX_TEXT)
      fail(path, `expected a string of at most ${MAX_TEXT} characters`)
  }
  const interval = (v: unknown, path: string): void => {
    if (v === null) return
    const o = obj(v, path)
    num(o.estimate, `${path}.estimate`)
    if (!Array.isArray(o.ci) || o.ci.length !== 2) fail(`${path}.ci`, 'expected [lo, hi]')
    num((o.ci as unknown[])[0], `${path}.ci[0]`)
    num((o.ci as unknown[])[1], `${path}.ci[1]`)
  }
  const warnings = (v: unknown, path: string): void => {
    if (!Array.isArray(v) || v.length > 10_000) fail(path, 'expected an array of warnings')
    ;(v as unknown[]).forEach((w, i) => {
      const o = obj(w, `${path}[${i}]`)
      str(o.message, `${path}[${i}].message`)
      str(o.code, `${path}[${i}].code`)
      if (!['info', 'warning', 'error'].includes(o.level as string))
        fail(`${path}[${i}].level`, 'expected info, warning or error')
    })
  }

  const root = obj(json, '$')
  if (root.format !== RESULTS_FORMAT) fail('$.format', `expected "${RESULTS_FORMAT}"`)
  if (root.version !== RESULTS_VERSION) {
    fail(
      '$.version',
      `version ${typeof root.version === 'object' && root.version !== null ? 'an object' : String(root.version)} is not supported by this benchgate (reads version ${RESULTS_VERSION}); upgrade benchgate`
    )
  }
  const run = obj(root.run, '$.run')
  str(obj(run.base, '$.run.base').label, '$.run.base.label')
  str(obj(run.head, '$.run.head').label, '$.run.head.label')
  str(run.key, '$.run.key', true)
  // Every field a renderer prints (found by resultsFuzz.test.ts: an object in run.rounds crashed the Markdown).
  for (const k of ['rounds', 'plannedRounds', 'repetitions', 'measuringSeconds', 'wallSeconds'])
    if (run[k] !== undefined) num(run[k], `$.run.${k}`)
  if (run.stoppedEarly !== undefined && run.stoppedEarly !== null) str(run.stoppedEarly, '$.run.stoppedEarly')
  str(run.reproduce, '$.run.reproduce', true)
  for (const side of ['base', 'head'])
    str((run[side] as Record<string, unknown>).sha, `$.run.${side}.sha`, true)
  if (run.mergeBase !== undefined && typeof run.mergeBase !== 'boolean')
    fail('$.run.mergeBase', 'expected a boolean')
  if (run.adaptive !== undefined) {
    const a = obj(run.adaptive, '$.run.adaptive')
    for (const k of ['looks', 'maxRounds', 'benchmarkSecondsUsed', 'benchmarkSecondsIfFixed', 'saved'])
      num(a[k], `$.run.adaptive.${k}`)
  }
  validateShardFields(run, fail)
  const options = obj(root.options, '$.options')
  for (const k of ['alpha', 'minEffect', 'power']) num(options[k], `$.options.${k}`)
  if (!['bonferroni', 'holm', 'none'].includes(options.correction as string))
    fail('$.options.correction', 'expected bonferroni, holm or none')
  const counts = obj(root.counts, '$.counts')
  for (const v of ALL_VERDICTS) num(counts[v], `$.counts.${v}`)
  warnings(root.warnings, '$.warnings')
  // Provenance is printed field by field (found by resultsFuzz.test.ts: a missing side crashed the Markdown).
  const provenance = obj(root.provenance, '$.provenance')
  for (const side of ['base', 'head']) {
    for (const [k, v] of Object.entries(obj(provenance[side], `$.provenance.${side}`))) {
      const path = `$.provenance.${side}.${k}`
      if (typeof v === 'string') str(v, path)
      else if (typeof v === 'number') num(v, path)
      else if (Array.isArray(v))
        v.forEach((x, i) => (typeof x === 'string' ? str(x, `${path}[${i}]`) : num(x, `${path}[${i}]`)))
      else if (typeof v === 'object' && v !== null)
        Object.entries(v).forEach(([ck, cv]) => str(cv, `${path}.${ck}`))
      else if (typeof v !== 'boolean')
        fail(path, 'expected a string, number, boolean, list or map of strings')
    }
  }
  if (!Array.isArray(root.benchmarks) || root.benchmarks.length > MAX_BENCHMARKS) {
    fail('$.benchmarks', `expected an array of at most ${MAX_BENCHMARKS} benchmarks`)
  }
  ;(root.benchmarks as unknown[]).forEach((b, i) => {
    const p = `$.benchmarks[${i}]`
    const o = obj(b, p)
    str(o.name, `${p}.name`)
    if (!ALL_VERDICTS.includes(o.verdict as never))
      fail(`${p}.verdict`, `expected one of ${ALL_VERDICTS.join(', ')}`)
    for (const k of ['p_value', 'p_adjusted']) num(o[k], `${p}.${k}`, true)
    num(o.conf_level, `${p}.conf_level`) // rendered as the interval's level (found by resultsFuzz.test.ts)
    for (const k of ['base', 'head'] as const) {
      num(obj(o.samples, `${p}.samples`)[k], `${p}.samples.${k}`)
      num(obj(o.runs, `${p}.runs`)[k], `${p}.runs.${k}`)
    }
    num(o.u, `${p}.u`, true)
    if (o.power !== null) {
      const power = obj(o.power, `${p}.power`)
      for (const k of ['sd_log', 'n_eff']) num(power[k], `${p}.power.${k}`)
      for (const k of ['required_per_side', 'min_detectable_effect', 'more_rounds'])
        num(power[k], `${p}.power.${k}`, true)
    }
    const median = obj(o.median, `${p}.median`)
    num(median.base, `${p}.median.base`, true)
    num(median.head, `${p}.median.head`, true)
    interval(o.shift, `${p}.shift`)
    interval(o.ratio, `${p}.ratio`)
    warnings(o.warnings, `${p}.warnings`)
    if (!Array.isArray(o.issues)) fail(`${p}.issues`, 'expected an array')
    obj(o.sides, `${p}.sides`)
    if (o.adaptive !== undefined) {
      const a = obj(o.adaptive, `${p}.adaptive`)
      for (const k of ['rounds', 'look', 'test_alpha']) num(a[k], `${p}.adaptive.${k}`)
      if (!STOP_REASONS.includes(a.stop_reason as string))
        fail(`${p}.adaptive.stop_reason`, `expected one of ${STOP_REASONS.join(', ')}`)
    }
  })
  return json as ResultsJson
}

/** True when the value nests deeper than `max` arrays/objects. Iterative: the value may be very deep. */
function depthOver(root: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (typeof node !== 'object' || node === null) continue
    if (depth >= max) return true
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return false
}
