/**
 * Escaping for untrusted text (benchmark names, messages, refs) in Markdown and HTML.
 * A pull request controls benchmark names: they must not break a table, inject HTML,
 * or ping anyone through an @mention.
 */

/**
 * Characters untrusted text may not carry into any output (docs/security.md): C0/C1 controls (a terminal's
 * escape sequences, a runner's line breaks), bidi controls and zero-width characters (text that
 * reads differently from what it is). The word joiner U+2060 is among them: escape.ts adds its own
 * after the text is cleaned.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g

/** Untrusted text with every control or invisible character written as a visible escape (`\u202E`). */
export function showHidden(text: string): string {
  return text.replace(HIDDEN, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'))
}

/** A line a workflow runner would read as a command (`::add-mask::`, `::stop-commands::`, leading blanks allowed). */
const RUNNER_COMMAND = /^([ \t]*)::/gm

/** Text for a log or terminal a workflow step prints: no line of it can start a runner command. */
export function noRunnerCommands(text: string): string {
  return text.replace(RUNNER_COMMAND, '$1\\::')
}

/** Where RUNNER_COMMAND's `^` may match: after any of JavaScript's line terminators (a runner splits at `\r` too). */
const LINE_BREAK = /[\n\r\u2028\u2029]/
const LAST_LINE = /[^\n\r\u2028\u2029]*$/

/**
 * noRunnerCommands for text written in pieces cut anywhere (a file read back in 32 KiB pieces): a
 * piece that ends inside a line is not a line start, and a line that so far is blanks and one `:` is
 * held back until the next piece shows whether it becomes `::`. Call with no piece at the end for
 * what is held. JSON passes unchanged: each line of it starts with blanks, then a quote or a
 * structural character (docs/security.md, defence 16).
 */
export function noRunnerCommandsInPieces(): (piece?: string) => string {
  let held = ''
  let midLine = false
  return (piece) => {
    let text = held + (piece ?? '')
    held = ''
    if (piece === undefined) {
      midLine ||= text !== ''
      return text
    }
    let out = ''
    if (midLine) {
      const end = text.search(LINE_BREAK) + 1
      if (end === 0) return text
      out = text.slice(0, end)
      text = text.slice(end)
    }
    const tail = LAST_LINE.exec(text)![0]
    if (/^[ \t]*:?$/.test(tail)) {
      held = tail
      text = text.slice(0, text.length - tail.length)
    }
    midLine = held === '' && tail !== ''
    return out + noRunnerCommands(text)
  }
}

/**
 * A log line of the Action that may quote untrusted text: controls and invisible characters shown as
 * escapes (an ESC sequence would clear or rewrite the log; a CR would start a line), line breaks and
 * tabs kept, and no line may start a runner command.
 */
export function forLog(text: string): string {
  return noRunnerCommands(text.replace(HIDDEN, (c) => (c === '\n' || c === '\t' ? c : showHidden(c))))
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for HTML element content and attribute values (line breaks and tabs kept, other controls shown). */
export function escapeHtml(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => HTML[c])
    .replace(HIDDEN, (c) => (c === '\n' || c === '\t' ? c : showHidden(c)))
}

/**
 * Renders untrusted text as inline code inside a Markdown table cell.
 * GitHub code spans cannot hold a literal `|` in a table, and backticks would close the span,
 * so the name is written as an HTML <code> element with every special character escaped;
 * `@` becomes an entity so no mention is rendered; newlines become spaces.
 */
export function mdCode(text: string): string {
  return `<code>${escapeInline(text)}</code>`
}

/** Escapes untrusted text for Markdown prose and table cells (no code formatting). */
export function mdText(text: string): string {
  return unlinked(escapeInline(text))
}

/**
 * Escapes prose (warnings, advice, messages) for Markdown and HTML, rendering each `…` pair as a code
 * span: `<code>` with the content escaped as mdCode, so "run `benchgate run`" shows code, not
 * "&#96;benchgate run&#96;". Unpaired backticks are escaped like any other character. Linear time.
 */
export function mdProse(text: string): string {
  const parts = text.split('`')
  if (parts.length % 2 === 0) return mdText(text)
  return parts.map((p, i) => (i % 2 === 1 && p.length > 0 ? mdCode(p) : mdText(p))).join('')
}

/** U+2060 WORD JOINER: invisible, and no GitHub autolink pattern matches across it. */
const WJ = '\u2060'

/**
 * Outside code, GitHub decodes entities before it looks for mentions (`@org/team`), issue links
 * (`#1`, `org/repo#1`) and bare URLs, so `&#64;` alone does not stop a ping: a word joiner after `@`
 * and `#`, inside `://` and after `www` breaks every such pattern while the text reads the same.
 * Inside `<code>` none of them is rendered, so mdCode keeps names copyable (no hidden characters).
 */
function unlinked(escaped: string): string {
  return escaped
    .replace(/&#64;|&#35;/g, (e) => e + WJ)
    .replace(/:\/\//g, `:${WJ}//`)
    .replace(/www\./gi, (w) => `${w.slice(0, 3)}${WJ}.`)
}

/** Characters that mean something in HTML or Markdown (or ping people), each written as an entity, in one pass. */
const INLINE = /[&<>"'|`@\\*_~[\]#]/g

function escapeInline(text: string): string {
  return showHidden(text.replace(/[\r\n]+/g, ' ')).replace(INLINE, (c) => HTML[c] ?? `&#${c.charCodeAt(0)};`)
}

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` as \u003c, \u003e, \u0026 (so no
 * `</script>` or `<!--` can appear) and the line separators U+2028/U+2029 escaped.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
