// How a test checks that untrusted text rendered into a PR comment stays text (issue 13 item 2).
// GitHub decodes entities before it finds mentions, issue links and bare URLs, so the check decodes
// them too and looks at what GitHub would see outside code.
import { expect } from '@jest/globals'

/** A link, an image with a handler, raw HTML, a team mention, an issue link and two kinds of URL. */
export const HOSTILE =
  '[Click to approve](https://evil.example) <img src=x onerror=alert(1)> <a href="//x">a</a> @org/team #1 www.evil.example'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' }

/**
 * The text as GitHub reads it for autolinks: entities decoded, <code>…</code>, ``` blocks and HTML
 * comments (the sticky-comment marker, whose key is reduced to [A-Za-z0-9._-]) removed.
 */
export function visibleOutsideCode(markdown: string): string {
  return markdown
    .replace(/<!--[A-Za-z0-9._=:\s-]*-->/g, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCharCode(Number(d)))
    .replace(/&(amp|lt|gt|quot);/g, (_m, n: string) => ENTITIES[n])
}

/** Each way an untrusted string could become a link, a mention or HTML. */
export function expectInert(text: string): void {
  expect(text).not.toMatch(/@org/) // mention
  expect(text).not.toMatch(/#1\b/) // issue link
  expect(text).not.toMatch(/https?:\/\//) // bare URL autolink
  expect(text).not.toMatch(/www\./i) // www autolink
}

/**
 * Structure is read before entities are decoded: an escaped bracket or angle bracket builds nothing.
 * Inside a fenced code block text is literal, so the fences are checked to pair up and their content
 * is skipped.
 */
export function expectNoStructure(markdown: string): void {
  expect(markdown.match(/^```/gm)?.length ?? 0).toBeLessThanOrEqual(
    2 * (markdown.match(/^```\n/gm)?.length ?? 0)
  )
  const outsideFences = markdown.replace(/^```\n[\s\S]*?\n```$/gm, ' ')
  expect(outsideFences).not.toMatch(/```/)
  expect(outsideFences).not.toMatch(/\]\(/) // Markdown link
  expect(outsideFences).not.toMatch(/<(img|a)\b/) // HTML
}
