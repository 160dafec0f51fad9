/**
 * --randomize-layout's pieces (issue 32): the seeded draws, the padding object, the recorded links
 * and their replay. The replay is checked on a real link: a function's address moves by exactly the
 * drawn code padding, and the program still runs.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installLinkRecorder, linkOf, linkOutput, recordedLinks } from '../../src/layout/capture.js'
import { layoutDraw, paddingAssembly, roundKey, stackPaddingEnv } from '../../src/layout/draws.js'
import { paddedLinkArgv, relinkWithLayout } from '../../src/layout/relink.js'
import { JobError } from '../../src/errors.js'

describe('layoutDraw', () => {
  it('is the same for the same seed, round and side, and differs between rounds', () => {
    expect(layoutDraw('s', 'r1', 'base', 'independent')).toEqual(layoutDraw('s', 'r1', 'base', 'independent'))
    const rounds = new Set(
      Array.from({ length: 50 }, (_, r) =>
        JSON.stringify(layoutDraw('s', roundKey(r, 0), 'base', 'independent'))
      )
    )
    expect(rounds.size).toBe(50)
    expect(layoutDraw('s', 'r1', 'base', 'independent')).not.toEqual(
      layoutDraw('t', 'r1', 'base', 'independent')
    )
  })

  it('gives both sides of a round the same draw only when shared', () => {
    expect(layoutDraw('s', 'r3', 'base', 'shared')).toEqual(layoutDraw('s', 'r3', 'head', 'shared'))
    expect(layoutDraw('s', 'r3', 'base', 'independent')).not.toEqual(
      layoutDraw('s', 'r3', 'head', 'independent')
    )
  })

  it('draws code offsets in 16-byte steps over a whole page, every cache-line residue about equally often', () => {
    const residues = new Map<number, number>()
    for (let r = 0; r < 4000; r++) {
      const d = layoutDraw('uniform', roundKey(r, 0), 'head', 'independent')
      for (const v of [d.text, d.rodata, d.data]) {
        expect(v % 16).toBe(0)
        expect(v).toBeGreaterThanOrEqual(0)
        expect(v).toBeLessThan(4096)
      }
      expect(d.stack).toBeLessThan(4096)
      residues.set(d.text % 64, (residues.get(d.text % 64) ?? 0) + 1)
    }
    expect([...residues.keys()].sort((a, b) => a - b)).toEqual([0, 16, 32, 48])
    // 1000 expected per residue; sd ≈ 27: ±150 is > 5 sd.
    for (const n of residues.values()) expect(Math.abs(n - 1000)).toBeLessThan(150)
  })

  it('names warm-up rounds apart from measured ones', () => {
    expect(roundKey(-1, 0)).toBe('w0')
    expect(roundKey(0, 1)).toBe('r0')
  })
})

describe('paddingAssembly', () => {
  it('pads code, read-only data and data in retained sections, and omits empty ones', () => {
    const s = paddingAssembly({ text: 48, rodata: 0, data: 32, stack: 7 })
    expect(s).toContain('.section .text.benchgate_layout,"axR",@progbits')
    expect(s).toContain('.space 48, 0xcc')
    expect(s).not.toContain('.rodata.benchgate_layout')
    expect(s).toContain('.space 32, 0')
    expect(s).toContain('.note.GNU-stack')
    expect(stackPaddingEnv({ text: 0, rodata: 0, data: 0, stack: 7 })).toEqual({
      BENCHGATE_LAYOUT_STACK: 'xxxxxxx'
    })
  })
})

describe('recorded links', () => {
  it('finds the output after -o or in -oFILE, resolved against the link folder', () => {
    expect(linkOutput({ cwd: '/b', argv: ['c++', 'a.o', '-o', 'bench', '-lm'] })).toBe('/b/bench')
    expect(linkOutput({ cwd: '/b', argv: ['c++', '-obin/x', 'a.o'] })).toBe('/b/bin/x')
    expect(linkOutput({ cwd: '/b', argv: ['c++', 'a.o'] })).toBeNull()
  })

  it('puts the padding first and writes the new output, leaving the recorded link as it was', () => {
    const link = { cwd: '/b', argv: ['/usr/bin/c++', '-O3', 'a.o', '-o', 'bench', 'lib.a'] }
    expect(paddedLinkArgv(link, '/p/pad.o', '/out/bench')).toEqual([
      '/usr/bin/c++',
      '/p/pad.o',
      '-O3',
      'a.o',
      '-o',
      '/out/bench',
      'lib.a'
    ])
    expect(link.argv[4]).toBe('bench')
  })
})

describe('recording and replaying a real link', () => {
  let tmp: string
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'benchgate-layout-'))
  })
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))

  const address = (binary: string, symbol: string): number => {
    const line = execFileSync('nm', [binary], { encoding: 'utf8' })
      .split('\n')
      .find((l) => l.endsWith(` ${symbol}`))
    if (!line) throw new Error(`${symbol} not in ${binary}`)
    return parseInt(line.split(' ')[0], 16)
  }

  it('records the link the launcher runs, then relinks it with the drawn padding before the program', async () => {
    const build = join(tmp, 'build')
    mkdirSync(build)
    writeFileSync(
      join(build, 'prog.c'),
      '#include <stdio.h>\n__attribute__((noinline)) int hot(int x) { return x * 7 + 1; }\nint main(void) { printf("%d\\n", hot(5)); return 0; }\n'
    )
    execFileSync('cc', ['-O2', '-c', 'prog.c', '-o', 'prog.o'], { cwd: build })
    const env = installLinkRecorder(join(tmp, 'layout'))
    // What CMake does with CMAKE_C_LINKER_LAUNCHER: the launcher, then the link command.
    const linked = spawnSync(env.CMAKE_C_LINKER_LAUNCHER, ['cc', 'prog.o', '-o', 'prog'], {
      cwd: build,
      env: { ...process.env, ...env, BENCHGATE_SIDE: 'head' },
      encoding: 'utf8'
    })
    expect(linked.status).toBe(0)
    const links = recordedLinks(join(tmp, 'layout'), 'head')
    expect(links).toHaveLength(1)
    const link = linkOf(links, join(build, 'prog'))
    expect(link).toEqual({ cwd: build, argv: ['cc', 'prog.o', '-o', 'prog'] })
    expect(recordedLinks(join(tmp, 'layout'), 'base')).toEqual([])

    const out = join(tmp, 'staged', 'prog')
    mkdirSync(join(tmp, 'staged'))
    for (const text of [0, 48, 4080]) {
      const ms = await relinkWithLayout({
        link: link!,
        draw: { text, rodata: 16, data: 32, stack: 0 },
        output: out,
        scratch: join(tmp, 'scratch'),
        env: process.env
      })
      expect(ms).toBeGreaterThan(0)
      expect(address(out, 'hot') - address(join(build, 'prog'), 'hot')).toBe(text)
      expect(execFileSync(out, { encoding: 'utf8' })).toBe('36\n')
    }
  })

  it('says which step failed and keeps the message of the tool', async () => {
    const broken = { cwd: tmp, argv: ['cc', 'missing.o', '-o', 'never'] }
    const run = relinkWithLayout({
      link: broken,
      draw: { text: 16, rodata: 0, data: 0, stack: 0 },
      output: join(tmp, 'never'),
      scratch: join(tmp, 'scratch2'),
      env: process.env
    })
    await expect(run).rejects.toThrow(JobError)
    await expect(run).rejects.toThrow(/relinking with a new layout failed[\s\S]*missing\.o/)
  })
})
