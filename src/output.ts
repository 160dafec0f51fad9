/**
 * Writes a finished report to the output directory (results.json, report.md, summary.md,
 * report.txt, and report.html when the raw samples are at hand) and renders the requested format
 * for stdout. Shared by every CLI command (`run`, `compare`, `report`, `merge`) and every Action mode.
 */
import { closeSync, copyFileSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { OutputFormat } from './config/index.js'
import { renderHtmlParts, type HtmlOptions } from './report/html/render.js'
import { piecesOfFile } from './samples/lines.js'
import type { SampleList } from './samples/store.js'
import { resultsJsonParts } from './report/json.js'
import { COMMENT_MAX_CHARS, markdownParts } from './report/markdown.js'
import type { Report } from './report/model.js'
import { terminalParts } from './report/terminal.js'
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
  samples?: SampleList
  /** Also write the HTML report to this file (--html), with or without samples. */
  html?: string | null
  /** The Markdown reports, when the caller rendered them already to use them too (publish): written as given. */
  markdown?: { comment: string; summary: string }
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
  writeParts(paths.results, withLineEnd(resultsJsonParts(report, VERSION)))
  const { markdown } = options
  writeParts(
    paths.comment,
    markdown ? [markdown.comment] : markdownParts(report, { maxChars: COMMENT_MAX_CHARS })
  )
  writeParts(paths.summary, markdown ? [markdown.summary] : markdownParts(report, { maxChars: Infinity }))
  writeParts(paths.text, terminalParts(report, { colour: false }))
  const samples = options.samples ?? []
  if (samples.length > 0 || options.html) {
    const html = renderHtmlParts(report, samples) // made as written: written once, then copied
    if (samples.length > 0) {
      paths.html = writeHtml(join(abs, 'report.html'), html)
      if (options.html) paths.htmlCopy = copyTo(paths.html, options.html)
    } else if (options.html) paths.htmlCopy = writeHtml(options.html, html)
  }
  return paths
}

function* withLineEnd(parts: Iterable<string>): Generator<string, void, undefined> {
  yield* parts
  yield '\n'
}

/** Copies `from` to `file` (its folder created if needed); returns the absolute path. */
function copyTo(from: string, file: string): string {
  const abs = resolve(file)
  mkdirSync(dirname(abs), { recursive: true })
  copyFileSync(from, abs)
  return abs
}

/**
 * Writes an HTML report, given as pieces (renderHtmlParts: never one string of tens of megabytes),
 * to `file` (its folder created if needed); returns the absolute path.
 */
export function writeHtml(file: string, parts: Iterable<string>): string {
  const abs = resolve(file)
  mkdirSync(dirname(abs), { recursive: true })
  writeParts(abs, parts)
  return abs
}

/** Writes `parts` one after the other to `file`. */
function writeParts(file: string, parts: Iterable<string>): void {
  const fd = openSync(file, 'w')
  try {
    // About 16,384 characters a write: few system calls, no large string, and pieces short-lived
    // enough to be collected young (a megabyte of pieces outlived collections and piled up in the
    // old heap). Under 64 KB even as UTF-16 (a page with '≥' in it): larger strings skip the young
    // generation and go straight to the old heap.
    let chunk: string[] = []
    let size = 0
    for (const part of parts) {
      chunk.push(part)
      size += part.length
      if (size < 1 << 14) continue
      writeSync(fd, chunk.join(''))
      chunk = []
      size = 0
    }
    if (chunk.length) writeSync(fd, chunk.join(''))
  } finally {
    closeSync(fd)
  }
}

/** The HTML report of `report` with `samples` (possibly none) written to `file`. */
export function writeHtmlReport(
  file: string,
  report: Report,
  samples: SampleList,
  options: HtmlOptions = {}
): string {
  return writeHtml(file, renderHtmlParts(report, samples, options))
}

/**
 * The report in one format, for stdout, as pieces to be written one after the other (`--format
 * json` of a large suite: one benchmark a piece, made as they are written, never one string of
 * tens of megabytes).
 */
export function* renderFormatParts(
  report: Report,
  format: OutputFormat,
  colour: boolean
): Generator<string, void, undefined> {
  switch (format) {
    case 'json':
      return yield* withLineEnd(resultsJsonParts(report, VERSION))
    case 'md':
      return yield* markdownParts(report, { maxChars: Infinity })
    case 'text':
      return yield* terminalParts(report, { colour })
  }
}

/**
 * The requested format for stdout once writeOutputs has written the files: that file read back in
 * 32 KiB pieces (made once, so stdout and the file are the same bytes, timestamp included); only
 * coloured text, which no file holds, is rendered again.
 */
export function* writtenFormatParts(
  written: WrittenOutputs,
  report: Report,
  format: OutputFormat,
  colour: boolean
): Generator<string, void, undefined> {
  if (format === 'text' && colour) return yield* terminalParts(report, { colour })
  // Small pieces: megabyte strings go straight to the old heap and pile up there.
  yield* piecesOfFile(format === 'json' ? written.results : format === 'md' ? written.summary : written.text)
}
