/**
 * A count per iteration as the reports print it; no imports, so the HTML report's browser script
 * (html/client.ts, through html/icicle.ts) bundles it as the server-side tables use it.
 */

/** A count per iteration: "5,016", "1.26 M", "3.40 G". */
export function formatCount(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return '–'
  const a = Math.abs(n)
  if (a >= 1e9) return `${(n / 1e9).toFixed(2)} G`
  if (a >= 1e6) return `${(n / 1e6).toFixed(2)} M`
  return n.toLocaleString('en-US', { maximumFractionDigits: a >= 100 ? 0 : 1 })
}
