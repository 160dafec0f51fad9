/**
 * Writes a finished report to the output directory (results.json, report.md, summary.md,
 * report.txt, and report.html when the raw samples are at hand) and renders the requested format
 * for stdout. Shared by `run`, `compare` and `report`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { OutputFormat } from './config/index.js'
import { renderHtml, type HtmlOptions } from './report/html/render.js'
import type { Sample } from './samples/model.js'
import { toResultsJson } from './report/json.js'
import { COMMENT_MAX_CHARS, renderMarkdown } from './report/markdown.js'
import type { Report } from './report/model.js'
import { renderTerminal } from './report/terminal.js'
import { VERSION } from './version.js'

export interface WrittenOutputs {
  dir: string
  results: string
  /** The PR-comment-sized Markdown. */
  comment: string
  /** The uncut Markdown (job summary). */
  summary: string
  text: string
  /** The HTML report in the output directory (written when samples were given), and the --html copy. */
  html?: string
  htmlCopy?: string
}

export interface OutputOptions {
  /** The raw samples: with them `<dir>/report.html` (plots included) is written. */
  samples?: readonly Sample[]
  /** Also write the HTML report to this file (--html), with or without samples. */
  html?: string | null
}

/** Writes every report file into `dir` (created if needed) and returns their paths. */
export function writeOutputs(report: Report, dir: string, options: OutputOptions = {}): WrittenOutputs {
  const abs = resolve(dir)
  mkdirSync(abs, { recursive: true })
  const paths: WrittenOutputs = {
    dir: abs,
    results: join(abs, 'results.json'),
    comment: join(abs, 'report.md'),
    summary: join(abs, 'summary.md'),
    text: join(abs, 'report.txt')
  }
  writeFileSync(paths.results, JSON.stringify(toResultsJson(report, VERSION), null, 2) + '\n')
  writeFileSync(paths.comment, renderMarkdown(report, { maxChars: COMMENT_MAX_CHARS }))
  writeFileSync(paths.summary, renderMarkdown(report, { maxChars: Infinity }))
  writeFileSync(paths.text, renderTerminal(report, { colour: false }))
  const samples = options.samples ?? []
  if (samples.length > 0 || options.html) {
    const html = renderHtml(report, samples)
    if (samples.length > 0) {
      paths.html = join(abs, 'report.html')
      writeFileSync(paths.html, html)
    }
    if (options.html) paths.htmlCopy = writeHtml(options.html, html)
  }
  return paths
}

/** Writes an HTML report to `file` (its folder created if needed); returns the absolute path. */
export function writeHtml(file: string, html: string): string {
  const abs = resolve(file)
  mkdirSync(dirname(abs), { recursive: true })
  writeFileSync(abs, html)
  return abs
}

/** The HTML report of `report` with `samples` (possibly none) written to `file`. */
export function writeHtmlReport(
  file: string,
  report: Report,
  samples: readonly Sample[],
  options: HtmlOptions = {}
): string {
  return writeHtml(file, renderHtml(report, samples, options))
}

/** The report in one format, for stdout. */
export function renderFormat(report: Report, format: OutputFormat, colour: boolean): string {
  switch (format) {
    case 'json':
      return JSON.stringify(toResultsJson(report, VERSION), null, 2) + '\n'
    case 'md':
      return renderMarkdown(report, { maxChars: Infinity })
    case 'text':
      return renderTerminal(report, { colour })
  }
}
