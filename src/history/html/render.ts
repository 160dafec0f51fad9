/**
 * history.html of `benchgate history report`: one self-contained page (no network access, no external
 * asset) with one small trend per benchmark — its location over the commits, the location's interval
 * as a band, change points marked and linked to their commits, environment changes shaded — a filter
 * box (text or /regex/ on the names, "only with findings"), and the benchmarks with findings first.
 *
 * Fast at 1,000 benchmarks × 1,000 commits: the data is one compact JSON script (embed.ts: columnar,
 * integer-coded), the page script (client.ts, compiled and inlined as the PR report's is) builds one
 * card per benchmark and draws its canvas only while the card is on screen (IntersectionObserver), so
 * there is no DOM node per point and off-screen canvases hold no pixels.
 *
 * Escaping: benchmark names, fingerprint values and the repository URL are untrusted. The HTML written
 * here goes through escapeHtml; the JSON escapes `<`, `>`, `&` (jsonForScript) so no `</script>` ends
 * it; the page script sets text with textContent only and builds links from SHAs it checks.
 */
import { VERSION } from '../../version.js'
import { escapeHtml, jsonForScript } from '../../report/escape.js'
import { plural } from '../../report/format.js'
import { STYLE } from '../../report/html/style.js'
import type { Changes } from '../changes.js'
import type { CommitRecord } from '../record.js'
import HISTORY_SCRIPT from './historyClient.inline.js'
import { embedHistory } from './embed.js'
import { filesOrRecords } from '../files.js'
import { HISTORY_STYLE } from './style.js'

export interface HistoryHtmlOptions {
  /** The repository's web address for commit and PR links (repoUrl.ts), or null. */
  repoUrl?: string | null
  /** Timestamp shown in the footer (default: now). */
  now?: Date
  /** What the store read left out, and why (StoreRead.problems): listed above the trends. */
  problems?: readonly string[]
}

/** The files or records of the store that were left out, each escaped (docs/security.md, defence 15). */
function unread(problems: readonly string[]): string[] {
  if (problems.length === 0) return []
  const items = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')
  return [
    `<div class="note"><p>${escapeHtml(filesOrRecords(problems.length))} of the store could not be trusted and ` +
      `${problems.length === 1 ? 'was' : 'were'} left out; the rest is shown.</p><ul>${items}</ul></div>`
  ]
}

/** The id of the data script, read by the page script. */
export const HISTORY_DATA_ID = 'history-data'

/**
 * The page.
 * @param records one per commit in history order (the store's readAll)
 * @param changes analyseHistory(records)
 * Complexity: O(records × benchmarks).
 */
export function renderHistoryHtml(
  records: readonly CommitRecord[],
  changes: Changes,
  options: HistoryHtmlOptions = {}
): string {
  const data = embedHistory(records, changes, options.repoUrl ?? null)
  const withFindings = changes.series.filter((s) => s.change_points.length || s.creep?.reported).length
  const span =
    changes.first && changes.last
      ? `${plural(changes.commits, 'recorded commit')} from ${changes.first.date.slice(0, 10)} to ${changes.last.date.slice(0, 10)}`
      : 'no recorded commit'
  const o = changes.options
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="benchgate ${escapeHtml(VERSION)}">`,
    '<title>benchgate: benchmark history</title>',
    `<style>${STYLE}${HISTORY_STYLE}</style>`,
    '</head><body>',
    '<header><h1>Benchmark history</h1>',
    `<p class="sub">${escapeHtml(span)}; ${escapeHtml(plural(changes.series.length, 'benchmark'))}, ` +
      `${withFindings} with a change point or creep; ${escapeHtml(plural(changes.environment_changes.length, 'environment change'))}. ` +
      `Change points at false discovery rate q = ${o.q} over all series; creep over the last ${o.window} paired steps. ` +
      'Also: <a href="changes.json">changes.json</a>, <a href="summary.md">summary.md</a>.</p>',
    '<p class="sub legend"><span class="key k-line"></span> location (median of run medians) ' +
      '<span class="key k-band"></span> its interval <span class="key k-env"></span> another environment ' +
      '<span class="key k-bad"></span> slower <span class="key k-good"></span> faster at a change point ' +
      '<span class="key k-creep"></span> creep window. Hover a trend for its commits.</p>',
    '</header><main>',
    ...unread(options.problems ?? []),
    '<div id="envs" class="sub"></div>',
    '<div class="tools"><input id="filter" type="search" autocomplete="off" spellcheck="false" ' +
      'placeholder="Filter benchmarks: text, or /regex/" aria-label="Filter benchmarks by name (text, or /regex/)">' +
      '<label><input type="checkbox" id="findings"> only with findings</label><span id="shown" class="sub"></span></div>',
    '<noscript><p class="note">The trends are drawn by the page script; summary.md lists the findings without it.</p></noscript>',
    '<div id="grid" class="grid"></div>',
    '<div id="tip" class="tip" hidden></div>',
    '</main>',
    `<footer>Generated by benchgate ${escapeHtml(VERSION)} on ${escapeHtml((options.now ?? new Date()).toISOString())}. ` +
      'All data is in this file; trends are drawn as they scroll into view.</footer>',
    '<pre id="selftest" hidden></pre>',
    `<script type="application/json" id="${HISTORY_DATA_ID}">${jsonForScript(data)}</script>`,
    `<script>${HISTORY_SCRIPT}</script>`,
    '</body></html>',
    ''
  ].join('\n')
}
