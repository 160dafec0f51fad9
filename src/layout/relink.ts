/**
 * Replaying a recorded link with a padding object linked first: every function, constant and
 * global of the program then sits `draw.*` bytes further on, so its alignment to cache lines,
 * fetch blocks and pages is redrawn while the machine code stays byte-for-byte the same.
 */
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { JobError } from '../errors.js'
import { readTail, runProcess } from '../process/spawn.js'
import { outputArgument, type CapturedLink } from './capture.js'
import { paddingAssembly, type LayoutDraw } from './draws.js'

/**
 * The link's argument vector writing `output` instead, with `padObject` as the first input (the
 * driver then places it right after its start files, before every object of the program).
 */
export function paddedLinkArgv(link: CapturedLink, padObject: string, output: string): string[] {
  const argv = [...link.argv]
  const at = outputArgument(argv)
  if (at) argv[at.index] = at.joined ? `-o${output}` : output
  argv.splice(1, 0, padObject)
  return argv
}

export interface RelinkOptions {
  link: CapturedLink
  draw: LayoutDraw
  /** Where the relinked program goes (replaced atomically: a rename over the old one). */
  output: string
  /** Scratch folder for the padding source, object and the link's log. */
  scratch: string
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
}

/**
 * Assembles the padding with the link's own compiler driver (so cross and clang toolchains work
 * alike), then runs the link. Returns the time it took (ms).
 * @throws JobError code 3 'build-failed' when either step fails, quoting the end of its output
 */
export async function relinkWithLayout(o: RelinkOptions): Promise<number> {
  const started = performance.now()
  mkdirSync(o.scratch, { recursive: true })
  const source = join(o.scratch, 'layout-pad.s')
  const object = join(o.scratch, 'layout-pad.o')
  const log = join(o.scratch, 'relink.log')
  writeFileSync(source, paddingAssembly(o.draw))
  const driver = o.link.argv[0]
  await step([driver, '-c', source, '-o', object], o.scratch, o, log, 'assembling the layout padding')
  const output = resolve(o.output)
  const temp = join(dirname(output), `.${basename(output)}.relink`)
  rmSync(temp, { force: true })
  await step(paddedLinkArgv(o.link, object, temp), o.link.cwd, o, log, 'relinking with a new layout')
  chmodSync(temp, 0o755)
  renameSync(temp, output) // a fresh inode: a still-running old copy is never written to
  return performance.now() - started
}

async function step(argv: string[], cwd: string, o: RelinkOptions, log: string, what: string): Promise<void> {
  const r = await runProcess(argv[0], argv.slice(1), {
    cwd,
    env: o.env,
    stdout: { path: log },
    stderr: { path: log },
    signal: o.signal
  })
  if (r.exitCode === 0 && !r.timedOut && !r.aborted) return
  const tail = r.spawnError ? r.spawnError.message : readTail(log, 20)
  throw new JobError('build-failed', `--randomize-layout: ${what} failed (${argv[0]}, in ${cwd}).\n${tail}`, {
    subject: 'randomize-layout',
    hint: 'The link is replayed as the build recorded it (docs/layout.md); turn --randomize-layout off to measure without it.'
  })
}
