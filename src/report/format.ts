/** Number and text formatting shared by every report. Reads finished results; computes nothing statistical. */

/** A time per iteration in ns, with a unit that keeps 3–4 significant digits: "1.262 ms", "36.0 µs". */
export function formatDuration(ns: number | null): string {
  if (ns === null || !Number.isFinite(ns)) return '–'
  const units: Array<[number, string]> = [
    [1e9, 's'],
    [1e6, 'ms'],
    [1e3, 'µs'],
    [1, 'ns']
  ]
  for (const [scale, unit] of units) {
    if (Math.abs(ns) >= scale || unit === 'ns') {
      const v = ns / scale
      const digits = Math.abs(v) >= 100 ? 1 : Math.abs(v) >= 10 ? 2 : 3
      return `${v.toFixed(unit === 'ns' && Math.abs(v) >= 100 ? 0 : digits)} ${unit}`
    }
  }
  return `${ns} ns`
}

/** A ratio as a signed percentage change: 1.061 -> "+6.1%", 0.874 -> "−12.6%" (true minus sign). */
export function formatChange(ratio: number | null, digits = 1): string {
  if (ratio === null || !Number.isFinite(ratio)) return '–'
  const pct = (ratio - 1) * 100
  const rounded = Number(pct.toFixed(digits))
  if (rounded === 0) return `${(0).toFixed(digits)}%`
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(digits)}%`
}

/** "[+4.9%, +7.4%]" */
export function formatChangeCi(ci: [number, number] | null | undefined, digits = 1): string {
  if (!ci) return ''
  return `[${formatChange(ci[0], digits)}, ${formatChange(ci[1], digits)}]`
}

/** p-values: two significant digits, exponent form when small; "<1e-300" at the floor. */
export function formatP(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return '–'
  if (p === 0) return '<1e-300'
  if (p >= 0.1) return p.toFixed(2)
  if (p >= 0.001) return p.toPrecision(2)
  return p.toExponential(0).replace('e-', 'e-')
}

/** A relative effect as a percentage: 0.024 -> "2.4%". */
export function formatPercent(x: number | null, digits = 1): string {
  if (x === null || !Number.isFinite(x)) return '–'
  return `${(x * 100).toFixed(digits)}%`
}

/** The level of a CI in percent: 0.99 -> "99%". */
export function formatLevel(confLevel: number): string {
  const pct = confLevel * 100
  if (Number.isInteger(Math.round(pct * 10) / 10) && Math.round(pct) < 100) return `${Math.round(pct)}%`
  // Simultaneous levels sit close to 100% (1 − 0.01/200 = 99.995%): as many digits as it takes not
  // to round a level below 100% up to "100%".
  for (let digits = 1; digits < 8; digits++) {
    const shown = pct.toFixed(digits)
    if (Number(shown) < 100 || pct >= 100) return `${shown.replace(/\.?0+$/, '')}%`
  }
  return `${pct}%`
}

/** Plural helper: (2, 'round') -> "2 rounds". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`
}

/** x rounded to `digits` significant digits (plots need no more; keeps the file small). */
export function sig(x: number, digits = 4): number {
  return Number.isFinite(x) ? Number(x.toPrecision(digits)) : x
}
