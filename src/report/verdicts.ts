/**
 * The verdict table: the one place that says how a verdict is presented. Every output (terminal,
 * Markdown, HTML page, check title, the gate's line) takes a verdict's word, emoji, mark, colour,
 * order and headline phrase from here, so a verdict reads the same everywhere (README, "Verdicts").
 * results.json keeps the analysis' values (`inconclusive`); only what a person reads is here.
 */
import type { Verdict } from '../analysis/types.js'

/**
 * How a verdict is coloured: the terminal's ANSI colour and the HTML page's CSS variable follow it
 * (`side`: one side only, in the page's base colour, uncoloured in a terminal).
 */
export type VerdictTone = 'bad' | 'good' | 'warn' | 'quiet' | 'side'

export interface VerdictStyle {
  /** The verdict in rows, legends, group headers, the headline and the gate's line. */
  word: string
  /** Said after the word in a table row, where the word alone could be misread ("head only"). */
  detail: string | null
  /** The PR comment's and the check title's sign (needs an emoji font). */
  emoji: string
  /** Whether the headline puts the emoji before its count (only what asks to be looked at). */
  loud: boolean
  /** A glyph every font has: the HTML page's sign (headless browsers often lack emoji fonts). */
  mark: string
  tone: VerdictTone
  /** The headline's phrase after a count: one, many. */
  count: readonly [string, string]
}

/**
 * Every verdict, in the order every report lists them (rows, headline, groups): what to look at
 * first. "Undecided" is the word for `inconclusive`: a run with benchmarks left open says so out
 * loud (README, "Undecided is said out loud"), and one word keeps the headline and its rows agreeing.
 */
export const VERDICTS: Readonly<Record<Verdict, VerdictStyle>> = {
  regression: verdict('regression', '❌', '▲', 'bad', { loud: true, plural: 'regressions' }),
  failed: verdict('failed', '💥', '×', 'bad', { loud: true }),
  improvement: verdict('improvement', '✅', '▼', 'good', { loud: true, plural: 'improvements' }),
  'timing-only': verdict('timing-only', '⏱', '◷', 'warn', {
    loud: true,
    phrase: 'timing-only (same instructions)'
  }),
  new: verdict('new', '🆕', '+', 'side', { detail: 'head only' }),
  removed: verdict('removed', '🗑️', '−', 'side', { detail: 'base only' }),
  negligible: verdict('negligible', '➖', '≈', 'quiet'),
  unchanged: verdict('unchanged', '✔️', '=', 'quiet'),
  inconclusive: verdict('undecided', '❔', '?', 'warn'),
  skipped: verdict('skipped', '⏭️', '–', 'quiet', { phrase: 'skipped on this machine' })
}

/** The verdicts in the table's order. */
export const VERDICT_ORDER: readonly Verdict[] = Object.keys(VERDICTS) as Verdict[]

function verdict(
  word: string,
  emoji: string,
  mark: string,
  tone: VerdictTone,
  more: { loud?: boolean; plural?: string; phrase?: string; detail?: string } = {}
): VerdictStyle {
  const phrase = more.phrase ?? word
  return {
    word,
    detail: more.detail ?? null,
    emoji,
    loud: more.loud ?? false,
    mark,
    tone,
    count: [phrase, more.plural ?? phrase]
  }
}

/** The verdict's word: "undecided" for `inconclusive`. */
export function verdictWord(v: Verdict): string {
  return VERDICTS[v].word
}

/** The word with its detail, as a table row shows it: "new (head only)". */
export function verdictCellWord(v: Verdict): string {
  const { word, detail } = VERDICTS[v]
  return detail ? `${word} (${detail})` : word
}

/** "2 regressions", "1 undecided", "3 skipped on this machine". */
export function verdictCount(v: Verdict, n: number): string {
  return `${n} ${VERDICTS[v].count[n === 1 ? 0 : 1]}`
}

/** Rank of a verdict in the table's order, for sorting. */
export function verdictRank(v: Verdict): number {
  return VERDICT_ORDER.indexOf(v)
}

/** The terminal's colour of each tone (SGR codes). */
export const ANSI_TONE: Readonly<Record<VerdictTone, string | null>> = {
  bad: '\x1b[31m',
  good: '\x1b[32m',
  warn: '\x1b[33m',
  quiet: '\x1b[2m',
  side: null
}

/** The HTML page's colour of each tone (the style's CSS variables). */
export const CSS_TONE: Readonly<Record<VerdictTone, string | null>> = {
  bad: 'var(--bad)',
  good: 'var(--good)',
  warn: 'var(--warn)',
  quiet: 'var(--muted)',
  side: 'var(--base)'
}
