/**
 * The differential icicle of a benchmark's counted loop (docs/count-mode.md): geometry, colours and words,
 * pure and DOM-free so jest tests them and the page's script (client.ts) bundles them.
 *
 * Each node of the call tree (analysis/callTree.ts) is a bar under its caller, as wide as the larger
 * of its base and head inclusive cost, coloured by its relative change on a diverging scale (red:
 * head costs more, blue: less, grey: unchanged; saturated at ±ICICLE_SATURATION). When children of
 * a node are wider together than it is (a call that grew while a sibling shrank), they are squeezed
 * in proportion to fit under it.
 */
import { formatCount } from '../countText.js'

/** One node as the page carries it: [name, parent index (−1: the root), base, head]. */
export type IcicleRow = [string, number, number, number]

/** A bar: node index, left edge, width (px), depth (0: the root). */
export interface IcicleBar {
  i: number
  x: number
  w: number
  depth: number
}

/** The relative change at which the colour is fully red or blue (+25% or more slower). */
export const ICICLE_SATURATION = 0.25

/**
 * The bars of a tree `width` pixels wide. A row whose parent does not come before it (untrusted
 * data) is left out with its subtree; so is a bar narrower than `minPx`.
 * Time O(rows).
 */
export function icicleLayout(rows: readonly IcicleRow[], width: number, minPx = 0.5): IcicleBar[] {
  const size = (r: IcicleRow) => Math.max(0, r[2], r[3])
  const root = rows[0]
  if (!root || root[1] !== -1 || !(size(root) > 0)) return []
  const kids: number[][] = rows.map(() => [])
  rows.forEach((r, i) => {
    if (i > 0 && Number.isInteger(r[1]) && r[1] >= 0 && r[1] < i) kids[r[1]].push(i)
  })
  const unit = width / size(root)
  const bars: IcicleBar[] = [{ i: 0, x: 0, w: width, depth: 0 }]
  // bars grow as they are visited: each parent is laid out before its children
  for (let b = 0; b < bars.length; b++) {
    const { i, x, w, depth } = bars[b]
    // children in the parent's scale: the parent's own squeeze carries down
    const scale = w / (size(rows[i]) * unit)
    const raw = kids[i].map((k) => size(rows[k]) * unit * scale)
    const sum = raw.reduce((s, v) => s + v, 0)
    const fit = sum > w ? w / sum : 1
    let left = x
    kids[i].forEach((k, j) => {
      const cw = raw[j] * fit
      if (cw >= minPx) bars.push({ i: k, x: left, w: cw, depth: depth + 1 })
      left += cw
    })
  }
  return bars
}

/** The change head/base − 1 scaled to −1..1 (±ICICLE_SATURATION and beyond at the ends); ±1 for a function on one side only. */
export function deltaScale(base: number, head: number): number {
  if (base <= 0) return head > 0 ? 1 : 0
  const t = (head / base - 1) / ICICLE_SATURATION
  return Math.max(-1, Math.min(1, t))
}

const GREY = [232, 232, 232]
const RED = [215, 48, 39]
const BLUE = [69, 117, 180]

/** The fill of a bar for deltaScale t: grey at 0, red towards +1, blue towards −1. */
export function deltaColour(t: number): string {
  const end = t >= 0 ? RED : BLUE
  const a = Math.min(1, Math.abs(t))
  const c = GREY.map((g, k) => Math.round(g + (end[k] - g) * a))
  return `rgb(${c[0]},${c[1]},${c[2]})`
}

/** The name cut to fit `px` pixels at about `charPx` per character ("…" at the cut), or '' when even 3 do not fit. */
export function fitLabel(name: string, px: number, charPx = 7): string {
  const n = Math.floor((px - 6) / charPx)
  if (n >= name.length) return name
  return n < 3 ? '' : name.slice(0, n - 1) + '…'
}

/** The tooltip of a bar: name, both sides, the change (plain text: the page sets it with textContent). */
export function icicleTooltip(row: IcicleRow, metric: string): string {
  const [name, , base, head] = row
  const change =
    base > 0
      ? `${head >= base ? '+' : '−'}${Math.abs((head / base - 1) * 100).toFixed(1)}%`
      : head > 0
        ? 'only at head'
        : '–'
  const delta = head - base
  return (
    `${name}\n${metric} per iteration, inclusive\n` +
    `base ${formatCount(base)}  head ${formatCount(head)}\n` +
    `Δ ${delta >= 0 ? '+' : '−'}${formatCount(Math.abs(delta))} (${base > 0 && head === 0 ? 'only at base' : change})`
  )
}
