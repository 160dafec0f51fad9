/**
 * Writes a finished report to the output directory (results.json, report.md, report.txt) and
 * renders the requested format for stdout. Shared by `run`, `compare` and `report`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { OutputFormat } from './config.js'
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
}

/** Writes every report file into `dir` (created if needed) and returns their paths. */
export function writeOutputs(report: Report, dir: string): WrittenOutputs {
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
  return paths
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
