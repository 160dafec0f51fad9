/**
 * Words every report shares (PR comment, job summary, terminal, HTML), so they say the same thing:
 * the headline and the line under it, the verdict in words and its footnote, the warning lines,
 * the label of the intervals, what an inconclusive result needs, the typical resolution.
 * Plain text with `code` in backticks (renderers escape: mdProse for Markdown/HTML, nothing in a
 * terminal), except where a function says "escaped": that text is already valid Markdown and HTML.
 * The Markdown layout itself (tables, sections, the size cap) is markdown.ts's alone.
 */
import { layoutRunText } from './layoutWording.js'
import type { Comparison, SuiteResult, Verdict } from '../analysis/types.js'
import { QUIET_VERDICTS } from '../analysis/verdict.js'
import { R_MIN } from '../analysis/unitOfAnalysis.js'
import { median } from '../stats/summary.js'
import { codePathNote, countFootnote, countModeLine } from './countWording.js'
import { mdCode, mdProse, mdText } from './escape.js'
import { formatChange, formatChangeCi, formatLevel, formatPercent, plural } from './format.js'
import type { DriftNote, Report } from './model.js'
import { capText } from './names.js'
import { VERDICT_ORDER, VERDICTS, verdictCellWord, verdictCount, verdictWord } from './verdicts.js'
import { warningGroups, type WarningGroup } from './warnings.js'

/** What a suite measured (`--measure`, docs/count-mode.md). */
export type Measure = 'time' | 'counts' | 'both'

/** §4's alternatives when more rounds would not decide a benchmark, leaving out the mode already in use. */
function alternatives(measure: Measure): string {
  const counts = measure === 'time' ? 'instruction counts beside the timing (`--measure both`), ' : ''
  return `${counts}a quieter or pinned machine, or a larger δ`
}

/**
 * The design and its test, under per-benchmark interleaving (docs/statistics.md §13): "per-benchmark pairs,
 * signed-rank test", with the rounds left out of the pairs for a run on one side only. Null for
 * whole-suite rounds (the rank-sum test, as always).
 */
export function pairsText(suite: SuiteResult): string | null {
  if (suite.options.interleave !== 'benchmark') return null
  const dropped = suite.comparisons.reduce((n, c) => n + (c.pairs?.incomplete ?? 0), 0)
  return (
    'per-benchmark pairs, signed-rank test' +
    (dropped ? ` (${plural(dropped, 'round')} with one side only left out of the pairs)` : '')
  )
}

/**
 * The suite summary for the headline (docs/statistics.md §10): "suite +0.4% [−0.3%, +1.1%]"; the details line
 * says what it is. Null when no summary could be taken.
 */
export function suiteSummaryText(suite: SuiteResult): string | null {
  const s = suite.summary
  if (!s) return null
  return `suite ${formatChange(s.estimate)} ${formatChangeCi(s.ci)}`
}

/** What the suite summary is, for the notes under the headline. */
export function suiteSummaryNote(suite: SuiteResult): string | null {
  const s = suite.summary
  if (!s) return null
  return (
    `Suite: geometric mean of head/base over the ${s.benchmarks} benchmarks measured in all ${s.rounds} rounds, ` +
    `${formatChange(s.estimate)} ${formatChangeCi(s.ci)} (${formatLevel(s.confLevel)} CI, one interval for the whole suite; ` +
    'whole rounds resampled, so benchmarks that shared a process stay together)'
  )
}

/**
 * The interval as shown beside the change: "[+4.9%, +7.4%]", or, below R_MIN processes per side (§3),
 * "(one run per side: not testable)" — an interval from repetitions of one process ignores
 * process-to-process noise, so the point change is shown (as compare.py would) without one.
 * `short`: "not testable" alone, for a fixed-width column.
 */
export function intervalText(c: Comparison, digits = 1, short = false): string {
  if (!c.ratio) return ''
  // No interval reaches the level (§6): one drawn anyway (a [min, max] at a lower level) could exclude
  // 1 beside p ≥ α and be read as a change; its footnote says what the values do reach.
  if (c.inconclusiveReason === 'level-unreachable') return short ? 'not at this level' : '(not at this level)'
  if (c.levelReason !== 'too-few-processes') return formatChangeCi(c.ratio.ci, digits)
  // The terminal's column: its footnote already says how many processes there were.
  if (short) return 'not testable'
  const runs = Math.min(c.base?.runs ?? 0, c.head?.runs ?? 0)
  return `(${runs === 1 ? 'one run' : `${runs} runs`} per side: not testable)`
}

/** δ as shown: 0.02 -> "2%", 0.025 -> "2.5%". */
export function deltaText(minEffect: number): string {
  return formatPercent(minEffect).replace('.0%', '%')
}

/** The CI level of a table: one level, or "≥ x%" when adaptive looks used several. */
export function ciLevel(cs: Comparison[], alpha: number): string {
  const levels = cs.filter((c) => c.ratio).map((c) => c.confLevel)
  if (levels.length === 0) return formatLevel(1 - alpha)
  const lo = Math.min(...levels)
  return levels.every((l) => l === lo) ? formatLevel(lo) : `≥ ${formatLevel(lo)}`
}

/**
 * The intervals' label (docs/statistics.md §6), never a bare "99% CI" over several benchmarks:
 * "99% simultaneous CI, each 99.5%" (over K benchmarks, Bonferroni or Holm), "99% CI" for one
 * benchmark, "99% CI, not simultaneous" without a correction. `short` drops the per-interval level.
 */
export function ciLabel(cs: Comparison[], suite: SuiteResult, short = false): string {
  const family = formatLevel(1 - suite.options.alpha)
  if (suite.options.correction === 'none') return `${family} CI, not simultaneous`
  const each = ciLevel(cs, suite.options.alpha)
  if (suite.familySize <= 1 && each === family) return `${family} CI`
  return short ? `${family} simult. CI` : `${family} simultaneous CI, each ${each}`
}

/**
 * A row whose Base/Head columns and change point different ways (docs/report.md §3: base 15.42 µs, head
 * 14.80 µs, change +8.4%) says why, so the table cannot be read as contradicting itself. Null otherwise.
 */
export function directionNote(c: Comparison): string | null {
  const base = c.baseLocation
  const head = c.headLocation
  const estimate = c.ratio?.estimate
  if (!base || !head || estimate === undefined) return null
  const columns = Math.log(head / base)
  const change = Math.log(estimate)
  // Both clearly away from 0 (over 0.1%), in opposite directions.
  if (Math.abs(columns) < 1e-3 || Math.abs(change) < 1e-3 || Math.sign(columns) === Math.sign(change))
    return null
  return (
    'Base and Head are the medians of the per-process values; the change is the Hodges-Lehmann estimate ' +
    '(the median of every head/base ratio of those values), which can point the other way when the runs are spread out'
  )
}

/** The median of the smallest detectable effects of `cs`, or null when none has one. */
export function typicalResolution(cs: Comparison[]): number | null {
  const mdes = cs
    .map((c) => c.power?.minDetectableEffect)
    .filter((x): x is number => typeof x === 'number' && Number.isFinite(x))
  return mdes.length ? median(mdes) : null
}

/** The quiet group's header: how many, by verdict, and the typical resolution. */
export function quietSummary(quiet: Comparison[], suite: SuiteResult): string {
  const delta = deltaText(suite.options.minEffect)
  const by = (v: Comparison['verdict']) => quiet.filter((c) => c.verdict === v).length
  const counts = VERDICT_ORDER.filter((v) => QUIET_VERDICTS.includes(v) && by(v) > 0).map((v) =>
    v === 'unchanged' ? `${verdictCount(v, by(v))} (within ±${delta})` : verdictCount(v, by(v))
  )
  const typical = typicalResolution(quiet)
  return (
    `${plural(quiet.length, 'benchmark')} without a significant change of ${delta} or more: ${counts.join(', ')}` +
    (typical === null ? '' : ` · median: could detect ≥ ${formatPercent(typical)}`)
  )
}

/**
 * Why an inconclusive benchmark is inconclusive and what would decide it (docs/statistics.md §4): the
 * analysis' reason and advice in words, never thousands of rounds. Null for other verdicts.
 */
export function inconclusiveText(
  comparison: Comparison,
  minEffect: number,
  measure: Measure = 'time'
): string | null {
  if (comparison.verdict !== 'inconclusive' || comparison.counts?.verdict === comparison.verdict) return null
  const delta = deltaText(minEffect)
  const runs = Math.min(comparison.base?.runs ?? 0, comparison.head?.runs ?? 0)
  const why =
    comparison.inconclusiveReason === 'too-few-processes'
      ? `too few processes (${runs} per side): needs ≥ ${R_MIN} runs per side`
      : comparison.inconclusiveReason === 'level-unreachable'
        ? unreachableText(comparison, runs)
        : comparison.inconclusiveReason === 'too-few-samples'
          ? 'too few samples to test'
          : comparison.ratio && comparison.ratio.ci[1] < 1 + minEffect
            ? `could still be ≤ −${delta}`
            : `could still be ≥ +${delta}`
  const a = comparison.advice
  const advice =
    a?.kind === 'more-rounds'
      ? `≈ ${plural(a.rounds, 'more round')} would decide it`
      : a?.kind === 'too-noisy'
        ? `too noisy to decide ±${delta} by timing on this machine (σ ≈ ${a.sdPercent}% per process` +
          `${a.sdUpperPercent !== undefined ? `, at most ${a.sdUpperPercent}% at 97.5%` : ''}): ` +
          `${alternatives(measure)}`
        : a?.kind === 'beyond-cap'
          ? `the rounds this run may reach (${a.cap} per side) may not decide it; ≈ ${a.rounds} in all would (\`--rounds\`, \`--time-budget\`), or ${alternatives(measure)}`
          : a?.kind === 'too-close'
            ? `${tooCloseText(delta, a.cap)}; ${alternatives(measure)}`
            : a?.kind === 'too-coarse'
              ? `timings too coarse to rank (ties): pairs time equal or ±${delta} apart; more iterations per timing (\`--min-time\`, \`--repetitions\`) so the timer resolves less than ±${delta}`
              : null
  const counts =
    comparison.counts && comparison.counts.reason === null
      ? ` (${comparison.counts.metric} ${countWord(comparison.counts.verdict)})`
      : ''
  return `${why}${advice ? `: ${advice}` : ''}${counts}`
}

/**
 * "Too close" (§4): for a change near ±δ no number of rounds makes a verdict likely (at δ itself the estimate
 * lands on either side of it: at best a coin flip), but the rounds this run may reach can still decide one that
 * lies further from it (the study of pairs found the cap deciding nearly three quarters of the true +1% changes
 * told "too close", and a third of the true +2%), so the cap is named and nothing is promised either way.
 */
function tooCloseText(delta: string, cap: number | undefined): string {
  const reach = cap === undefined ? 'more rounds' : `the rounds this run may reach (${cap} per side)`
  return `too close to the minimum effect (±${delta}) to promise a verdict by timing: ${reach} may decide it, but if the change lies near ±${delta} no number of rounds makes a verdict likely`
}

/**
 * Why no interval reaches the level, from what the test used (`test`, `pairs.used`, `ties`): "too few
 * pairs (13, with ties) to reach the 99.99% level: the [min, max] of the ratios covers 99.98%".
 */
function unreachableText(c: Comparison, runs: number): string {
  const sizes = c.pairs ? plural(c.pairs.used, 'pair') : `${runs} runs per side`
  const why = `too few values (${sizes}${c.ties ? ', with ties' : ''}) to reach the ${formatLevel(c.confLevel)} level`
  return c.rangeLevel === undefined
    ? why
    : `${why}: the [min, max] of the ${c.pairs ? 'pairs’ ratios' : 'ratios'} covers only ${formatLevel(c.rangeLevel)}`
}

const countWord = (v: Comparison['verdict']): string =>
  v === 'negligible' ? `changed by less than δ_count` : verdictWord(v)

/** Why the rounds stopped before the plan, in words; null when they did not. */
export function stoppedEarlyText(
  rounds: {
    stoppedEarly: string | null
    completedRounds: number
    plannedRounds: number
    failingSide?: string
  },
  timeBudgetSeconds: number | null
): string | null {
  switch (rounds.stoppedEarly) {
    case 'time-budget':
      return `the time budget (${timeBudgetSeconds} s) ran out after ${rounds.completedRounds} of ${rounds.plannedRounds} rounds`
    case 'interrupted':
      return `interrupted after ${rounds.completedRounds} rounds`
    case 'failures':
      return `${rounds.failingSide} failed repeatedly after ${rounds.completedRounds} rounds`
    default:
      return null
  }
}

/** The warning code of a run that measured nothing because base and head built the same program. */
export const IDENTICAL_PROGRAM = 'identical-program'

/** The warning code of a run that compared nothing because the base did not build. */
export const NO_BASELINE = 'no-baseline'

/** The warning code of a run whose time budget ended before the test in force could decide anything (§10). */
export const BUDGET_UNDECIDABLE = 'budget-before-n-min'

/** Longest ref label, machine field or stop reason shown (untrusted text of any length). */
export const FIELD_MAX_CHARS = 120
/** Benchmark names listed at most on one grouped warning line. */
export const NAMES_PER_WARNING = 12

/**
 * A footnote several rows share, said once with the benchmarks it covers (docs/report.md §3):
 * "a, b and 3 more: text"; `names` as the renderer shows them (escaped for Markdown), in row order.
 */
export function sharedNote(names: readonly string[], text: string): string {
  if (names.length < 2) return text
  const more = names.length > NAMES_PER_WARNING ? ` and ${names.length - NAMES_PER_WARNING} more` : ''
  return `${names.slice(0, NAMES_PER_WARNING).join(', ')}${more}: ${text}`
}

/** A warning line: "`name`: message", or "message: `a`, `b` and 3 more" for a sentence many share. */
export function warningLine(g: WarningGroup): string {
  const message = mdProse(g.message)
  if (g.names.length === 0) return message
  if (g.names.length === 1) return `${mdCode(g.names[0])}: ${message}`
  const shown = g.names.slice(0, NAMES_PER_WARNING).map(mdCode).join(', ')
  const more = g.names.length > NAMES_PER_WARNING ? ` and ${g.names.length - NAMES_PER_WARNING} more` : ''
  return `${message} (${g.names.length} benchmarks: ${shown}${more})`
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹'

/** 12 -> "¹²" */
export function superscript(n: number): string {
  return [...String(n)].map((d) => SUPERSCRIPT[Number(d)]).join('')
}

/**
 * How a headline's verdict sign is written: the emoji (Markdown, check title), nothing (terminal), or
 * the HTML page's mark. Given the verdict, never parsed back from the text.
 */
export type VerdictIcon = (v: Verdict) => string

const EMOJI_ICON: VerdictIcon = (v) => VERDICTS[v].emoji

/**
 * The headline: counts by verdict in words; never contradicts the table. `text` escapes the words
 * for the format (identity for Markdown and the terminal), `icon` writes a verdict's sign.
 */
export function headline(
  suite: SuiteResult,
  icon: VerdictIcon = EMOJI_ICON,
  text = (s: string) => s
): string {
  // Without a baseline nothing was compared: undecided, never "no significant change · N new".
  const words = suite.warnings.some((w) => w.code === NO_BASELINE)
    ? `${icon('inconclusive')} ${text(`${verdictWord('inconclusive')}: the base did not build, nothing was compared`)} · ${verdictHeadline(suite, icon, text)}`
    : verdictHeadline(suite, icon, text)
  const summary = suiteSummaryText(suite)
  return summary ? `${words} · ${text(summary)}` : words
}

/** The headline's verdict counts in words, in the verdict table's order. */
function verdictHeadline(suite: SuiteResult, icon: VerdictIcon, text: (s: string) => string): string {
  const c = suite.counts
  const lead = (v: Verdict) => {
    const sign = icon(v)
    return sign ? `${sign} ` : ''
  }
  const parts = VERDICT_ORDER.filter((v) => c[v] > 0).map(
    (v) => (VERDICTS[v].loud ? lead(v) : '') + text(verdictCount(v, c[v]))
  )
  if (parts.length === 0)
    return text(
      suite.warnings.some((w) => w.code === IDENTICAL_PROGRAM)
        ? 'base and head built the same program: nothing to measure'
        : 'no benchmarks were compared'
    )
  if (!c.regression && !c.failed && !c.improvement && !c['timing-only']) {
    // Undecided is said first, never as "no significant change" (README, "Undecided is said out loud").
    if (!c.inconclusive) return `${text('no significant change')} · ${parts.join(', ')}`
    const decided = c.negligible + c.unchanged
    // Said once, first: the budget, not the noise, left every benchmark undecided.
    const budget = suite.warnings.some((w) => w.code === BUDGET_UNDECIDABLE)
    const open =
      decided === 0
        ? budget
          ? 'the time budget ended before the test could decide anything'
          : 'nothing could be decided'
        : verdictWord('inconclusive')
    return `${lead('inconclusive')}${text(open)} · ${parts.join(', ')}`
  }
  return parts.join(', ')
}

/** The line under the headline: sides, rounds, machine, thresholds (HTML-safe Markdown). */
export function subline(report: Report): string {
  const { suite, run } = report
  const side = (s: { label: string; sha?: string }) =>
    `<code>${mdText(capText(s.label, FIELD_MAX_CHARS))}${s.sha && !s.label.startsWith(s.sha.slice(0, 7)) ? '@' + mdText(s.sha.slice(0, 7)) : ''}</code>`
  const parts = [`${side(run.base)}${run.mergeBase ? ' (merge-base)' : ''} → ${side(run.head)}`]
  if (run.rounds !== undefined) {
    const reps = run.repetitions ? ` × ${plural(run.repetitions, 'repetition')}` : ''
    if (run.adaptive) {
      const a = run.adaptive
      parts.push(
        `adaptive: ${run.rounds} of at most ${plural(a.maxRounds, 'round')} (ABBA)${reps}, ${plural(a.looks, 'look')}, ` +
          `${formatPercent(a.saved, 0)} of the benchmark time saved`
      )
    } else parts.push(`${plural(run.rounds, 'round')} (ABBA)${reps}`)
  }
  const pairs = pairsText(suite)
  if (pairs) parts.push(pairs)
  const layout = layoutRunText(run)
  if (layout) parts.push(mdText(layout))
  const p = suite.provenance.head
  const machine = [
    p.cpuModel && `${p.cpuModel}${p.numCpus ? ` (${p.numCpus} CPUs)` : ''}`,
    p.compiler,
    p.buildType,
    p.harness ?? (p.libraryVersion && `Google Benchmark ${p.libraryVersion}`)
  ]
    .filter(Boolean)
    .map((s) => mdText(capText(String(s), FIELD_MAX_CHARS)))
  if (machine.length) parts.push(machine.join(', '))
  const o = suite.options
  if (suite.countMode?.measure !== 'counts')
    parts.push(
      `α = ${o.alpha}${o.correction === 'none' ? '' : ` (${o.correction === 'holm' ? 'Holm' : 'Bonferroni'})`}, min effect ${deltaText(o.minEffect)}`
    )
  const counts = countModeLine(suite)
  if (counts) parts.push(mdText(counts))
  return parts.join(' · ')
}

/** The verdict in words with the adaptive note (escaped; valid in Markdown and in HTML). */
export function verdictText(c: Comparison): string {
  return verdictWords(c) + adaptiveNote(c)
}

/** Adaptive runs: how many rounds a benchmark got and why it stopped (docs/adaptive.md). */
export function adaptiveNote(c: Comparison): string {
  const a = c.adaptive
  if (!a || a.stopReason === 'not-compared') return ''
  const why: Record<string, string> = {
    resolved: 'resolved',
    'max-rounds': 'max rounds',
    'time-budget': 'time budget ran out',
    'no-samples': 'stopped: no new samples',
    futile: 'stopped: too noisy to decide within max rounds',
    interrupted: 'interrupted',
    failures: 'stopped: binary kept failing'
  }
  return ` · ${plural(a.rounds, 'round')}, ${why[a.stopReason] ?? a.stopReason}`
}

/** The verdict in a word or two (the table cell): the verdict table's word and detail. */
export function verdictWords(c: Comparison): string {
  return verdictCellWord(c.verdict)
}

/** What goes under the table for this benchmark (escaped Markdown), or null. */
export function verdictFootnote(
  comparison: Comparison,
  minEffect: number,
  measure: Measure = 'time'
): string | null {
  switch (comparison.verdict) {
    case 'inconclusive': {
      const text = inconclusiveText(comparison, minEffect, measure)
      if (text) return mdProse(text + codePathNote(comparison))
      const counts = countFootnote(comparison)
      return counts ? mdProse(capText(counts, 300)) : null
    }
    case 'failed': {
      const why = comparison.warnings.find((w) => w.level === 'error') ?? comparison.warnings[0]
      return why ? mdProse(capText(why.message, 300)) : null
    }
    case 'skipped': {
      const why = comparison.warnings.find((w) => w.code === 'skipped')
      return why ? mdProse(capText(why.message, 300)) : null
    }
    default: {
      const counts = countFootnote(comparison)
      return counts ? mdProse(capText(counts, 300)) : null
    }
  }
}

/** Every warning line (escaped; valid Markdown and HTML), for reports that list them all. */
export function warningLines(suite: SuiteResult): string[] {
  return warningGroups(suite).map(warningLine)
}

/**
 * A row's footnote when main's history says its baseline already moved (docs/report.md), escaped
 * Markdown: "main drifted +3.2% [+1.1%, +5.4%] (99% CI) over its last 30 recorded commits, since
 * `abc1234`". The PR's change is measured against its base, so it comes on top of that drift.
 */
export function driftNote(d: DriftNote): string {
  const since = /^[0-9a-f]{7,64}$/i.test(d.since) ? `, since ${mdCode(d.since.slice(0, 7))}` : ''
  const gaps = d.gaps > 0 ? ` (${plural(d.gaps, 'push', 'pushes')} not recorded)` : ''
  return (
    `main drifted ${formatChange(1 + d.change)} ${formatChangeCi([1 + d.lo, 1 + d.hi])} ` +
    `(${formatLevel(d.level)} CI) over its last ${plural(d.steps, 'recorded commit')}${since}${gaps}`
  )
}
