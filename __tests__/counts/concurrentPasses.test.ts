/**
 * Count mode's valgrind processes (docs/count-mode.md "How the passes run"), with a fake valgrind: a
 * shell script that notes each start and how many were running, then prints an empty benchmark list
 * (a pass that counted nothing), fails without output, or runs for a long time. By default the three
 * passes run at once, whatever the number of cores; `jobs` bounds them; a pass that fails stops the others.
 */
import { describe, expect, it } from '@jest/globals'
import { chmodSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { measureCounts } from '../../src/counts/measureCounts.js'
import { describeError } from '../../src/errors.js'
import { alive } from '../helpers/alive.js'
import { silentLog } from '../helpers/silentLog.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-count-passes-')

/** The fake valgrind's binary argument decides what it does: *FAIL* fails after 0.3 s, *SLOW* runs 60 s. */
function fakeValgrind(dir: string): string {
  const path = join(dir, 'valgrind')
  writeFileSync(
    path,
    `#!/bin/sh
[ "$1" = --version ] && { echo valgrind-3.19.0-fake; exit 0; }
d='${dir}/ran'
mkdir -p "$d"
: > "$d/running.$$"
echo $$ >> "$d/started"
ls "$d" | grep -c '^running' >> "$d/concurrent"
case "$*" in
  *FAIL*) sleep 0.3; rm "$d/running.$$"; exit 1 ;;
  *SLOW*) exec sleep 60 ;;
esac
sleep 0.5
rm "$d/running.$$"
echo '{"benchmarks": []}'
`
  )
  chmodSync(path, 0o755)
  return path
}

function measure(dir: string, binaries: { base: string; head: string }, jobs?: number) {
  const side = (binary: string) => ({ binary: join(dir, binary), cwd: dir, benchmarks: ['BM_A', 'BM_B'] })
  return measureCounts({
    sides: { base: side(binaries.base), head: side(binaries.head) },
    env: { PATH: process.env.PATH },
    dir,
    timeoutMs: 120_000,
    log: silentLog,
    valgrind: fakeValgrind(dir),
    ...(jobs !== undefined && { jobs })
  })
}

const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n')

describe('the three count passes run at once', () => {
  it.each([
    ['by default, whatever the number of cores', undefined, 3],
    ['one after another with jobs 1', 1, 1]
  ])(
    '%s',
    async (_, jobs, most) => {
      const dir = temp()
      const m = await measure(dir, { base: 'base', head: 'head' }, jobs)
      const ran = join(dir, 'ran')
      expect(lines(join(ran, 'started'))).toHaveLength(3)
      expect(Math.max(...lines(join(ran, 'concurrent')).map(Number))).toBe(most)
      expect(
        readdirSync(join(dir, 'counts'))
          .filter((f) => f.endsWith('.json'))
          .sort()
      ).toEqual(['base-0.json', 'base-1.json', 'head-0.json'])
      // the fake counted nothing: every listed benchmark is lost in every pass, in pass order
      expect(m.issues.map((i) => `${i.side}-${i.pass} ${i.benchmark}`)).toEqual(
        ['base-0', 'head-0', 'base-1'].flatMap((p) => [`${p} BM_A`, `${p} BM_B`])
      )
    },
    15_000
  )

  it('a pass that fails stops those still running and reports the failure once they have ended', async () => {
    const dir = temp()
    const t0 = Date.now()
    const e = await measure(dir, { base: 'base-SLOW', head: 'head-FAIL' }).catch((x: unknown) => x)
    expect(Date.now() - t0).toBeLessThan(10_000)
    const { code, message } = describeError(e)
    expect(code).toBe(3)
    expect(message).toMatch(/the head count pass printed no benchmark JSON: exit code 1/)
    // no valgrind outlives the measurement (a stray is killed here, after the check)
    const started = lines(join(dir, 'ran', 'started')).map(Number)
    const strays = started.filter(alive)
    strays.forEach((pid) => process.kill(pid, 'SIGKILL'))
    expect(strays).toEqual([])
    expect(started).toHaveLength(3)
  }, 15_000)
})
