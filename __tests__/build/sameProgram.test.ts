/**
 * "Base and head built the same program" on real g++ output: the same source built in two folders
 * (with -g the debug info holds the folder, so the files differ but the loaded image does not), a
 * one-constant change, and a benchmark whose code lives in a shared library of its own worktree.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadedImage, sameBuiltProgram, sameProgram } from '../../src/build/sameProgram.js'

const hasGxx = spawnSync('g++', ['--version']).status === 0
if (!hasGxx) console.warn('skipping the same-program tests: no g++ on this machine')
const itIf = hasGxx ? it : it.skip

const root = mkdtempSync(join(tmpdir(), 'benchgate-same-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Builds `source` as <root>/<side>/prog with the flags; returns the binary's path. */
function build(side: string, source: string, flags: string[] = []): string {
  const dir = join(root, side)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'prog.cc'), source)
  execFileSync('g++', ['-O2', ...flags, 'prog.cc', '-o', 'prog'], { cwd: dir })
  return join(dir, 'prog')
}

const SOURCE = (n: number) => `#include <cstdio>\nint main() { std::printf("%d\\n", ${n}); }\n`

describe('sameProgram', () => {
  itIf('the same source and flags in two folders: byte-identical', () => {
    expect(sameProgram(build('a1', SOURCE(1)), build('b1', SOURCE(1)))).toBe('identical-files')
  })

  itIf('with -g the files differ (the folder is in the debug info) but the loaded code does not', () => {
    const a = build('a2', SOURCE(1), ['-g'])
    const b = build('b22', SOURCE(1), ['-g']) // a longer folder name: the debug sections differ in size too
    expect(readFileSync(a).equals(readFileSync(b))).toBe(false)
    expect(sameProgram(a, b)).toBe('identical-code')
  })

  itIf('one constant changed: different, with or without debug info', () => {
    expect(sameProgram(build('a3', SOURCE(1)), build('b3', SOURCE(2)))).toBe('different')
    expect(sameProgram(build('a4', SOURCE(1), ['-g']), build('b4', SOURCE(2), ['-g']))).toBe('different')
  })

  /** A program that prints a value it reads, at run time, from a loaded note section named `section`. */
  const NOTE_SOURCE = (section: string, n: number) =>
    '#include <cstdio>\n' +
    'struct Note { unsigned namesz, descsz, type; char name[4]; unsigned desc[4]; };\n' +
    `__attribute__((section("${section}"), used, aligned(4)))\n` +
    `static const Note note = {4, 16, 1, {'G', 'N', 'U', 0}, {0, 3, 2, ${n}}};\n` +
    // the empty asm hides the note's value from the optimiser: it is read at run time, not folded into .text
    'int main() { const Note *p = &note; asm("" : "+r"(p)); std::printf("%u\\n", p->desc[3]); }\n'

  itIf('a custom loaded note the program reads is program data: different', () => {
    const a = build('a6', NOTE_SOURCE('.note.evil', 1))
    const b = build('b6', NOTE_SOURCE('.note.evil', 20))
    expect(execFileSync(a, { encoding: 'utf8' })).toBe('1\n')
    expect(execFileSync(b, { encoding: 'utf8' })).toBe('20\n')
    expect(sameProgram(a, b)).toBe('different')
  })

  itIf('data appended to a metadata note (.note.ABI-tag) is program data: different', () => {
    const a = build('a7', NOTE_SOURCE('.note.ABI-tag', 1))
    const b = build('b7', NOTE_SOURCE('.note.ABI-tag', 20))
    expect(sameProgram(a, b)).toBe('different')
  })

  itIf('only the build-id differs: the same program', () => {
    const a = build('a8', SOURCE(1), ['-Wl,--build-id=0x0123456789abcdef0123456789abcdef01234567'])
    const b = build('b8', SOURCE(1), ['-Wl,--build-id=0xfedcba9876543210fedcba9876543210fedcba98'])
    expect(readFileSync(a).equals(readFileSync(b))).toBe(false)
    expect(sameProgram(a, b)).toBe('identical-code')
  })

  it('files that are not ELF are the same only when byte-identical; missing files are different', () => {
    const a = join(root, 'a.txt')
    const b = join(root, 'b.txt')
    writeFileSync(a, '#!/bin/sh\necho 1\n')
    writeFileSync(b, '#!/bin/sh\necho 1\n')
    expect(sameProgram(a, b)).toBe('identical-files')
    writeFileSync(b, '#!/bin/sh\necho 2\n')
    expect(sameProgram(a, b)).toBe('different')
    expect(sameProgram(a, join(root, 'missing'))).toBe('different')
    expect(loadedImage(Buffer.from('\x7fELF truncated'))).toBeNull()
  })

  itIf('a section table pointing past the end of the file is not an image', () => {
    const file = readFileSync(build('a5', SOURCE(1)))
    const cut = file.subarray(0, Math.floor(file.length / 2))
    expect(loadedImage(cut)).toBeNull()
  })
})

describe('sameBuiltProgram: shared libraries of the worktree count', () => {
  /** A worktree whose benchmark binary calls work() from its own libwork.so (RPATH $ORIGIN). */
  function tree(name: string, work: number): { binary: string; tree: string } {
    const dir = join(root, name)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'work.cc'), `int work() { return ${work}; }\n`)
    writeFileSync(join(dir, 'main.cc'), 'int work();\nint main() { return work() == 0; }\n')
    execFileSync('g++', ['-O2', '-shared', '-fPIC', 'work.cc', '-o', 'libwork.so'], { cwd: dir })
    execFileSync('g++', ['-O2', 'main.cc', '-L.', '-lwork', '-Wl,-rpath,$ORIGIN', '-o', 'bench'], {
      cwd: dir
    })
    return { binary: join(dir, 'bench'), tree: dir }
  }
  const env = { PATH: process.env.PATH }

  itIf('the same executable over a changed library of its own: not the same program', async () => {
    const base = tree('lib-base', 1)
    const head = tree('lib-head', 2)
    expect(sameProgram(base.binary, head.binary)).not.toBe('different') // the executable alone looks the same
    expect(await sameBuiltProgram({ base, head }, env)).toEqual({
      same: false,
      libraries: 0,
      codeOnly: false
    })
  })

  itIf('the same executable and library: the same program, with the library counted', async () => {
    const base = tree('lib-base2', 1)
    const head = tree('lib-head2', 1)
    expect(await sameBuiltProgram({ base, head }, env)).toMatchObject({ same: true, libraries: 1 })
  })

  itIf('different executables: not the same, whatever the libraries', async () => {
    const base = { binary: build('x1', SOURCE(1)), tree: join(root, 'x1') }
    const head = { binary: build('x2', SOURCE(2)), tree: join(root, 'x2') }
    expect((await sameBuiltProgram({ base, head }, env)).same).toBe(false)
  })
})
