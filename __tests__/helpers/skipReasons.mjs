// A jest reporter that prints why each skipped test was skipped. jest's default reporter does not print
// the console output of a file whose tests were all skipped, so a file's `console.warn(reason)` would
// vanish there; this prints it. A file that skips tests without a reason (no console message, no title
// saying why) fails the run: a skipped test always says why (README.md, "Quick start").
import { relative } from 'node:path'

export default class SkipReasons {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir
    // With --verbose or --silent jest printed the messages as they came, or was told not to: not seen here.
    this.buffered = !globalConfig.verbose && !globalConfig.silent
    this.skipped = []
    this.unexplained = []
  }

  onTestResult(_test, result) {
    const pending = result.testResults.filter((t) => t.status === 'pending')
    if (pending.length === 0) return
    const file = relative(this.rootDir, result.testFilePath)
    const messages = (result.console ?? []).map((entry) => entry.message.trim()).filter((m) => m !== '')
    const saying = pending.filter((t) => /skip|needs|not found|install/i.test(t.title)).map((t) => t.title)
    const reasons = [...new Set([...messages, ...saying])]
    this.skipped.push({ file, count: pending.length, reasons })
    if (reasons.length === 0 && this.buffered) this.unexplained.push(file)
  }

  onRunComplete() {
    if (this.skipped.length === 0) return
    const lines = ['', 'Skipped tests, and why:']
    for (const s of this.skipped) {
      lines.push(`  ${s.file}: ${s.count} skipped`)
      for (const reason of s.reasons) lines.push(`    ${reason.split('\n').join('\n    ')}`)
      if (s.reasons.length === 0) lines.push('    (no reason given)')
    }
    const error = this.getLastError()
    if (error) lines.push(`${error.message} (this fails the run)`)
    process.stderr.write(`${lines.join('\n')}\n`)
  }

  getLastError() {
    if (this.unexplained.length === 0) return undefined
    return new Error(
      `skipped tests without a reason (print one with console.warn): ${this.unexplained.join(', ')}`
    )
  }
}
