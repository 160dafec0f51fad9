/**
 * `install: auto`: on a Debian/Ubuntu runner, installs with apt what building and measuring need and
 * the machine lacks (cmake, g++, libbenchmark-dev; valgrind only for a feature that asks for it),
 * so a workflow needs no `apt-get install` step of its own. What is present is left alone
 * (self-hosted machines), everything runs as argument arrays (no shell), with `sudo -n` when not
 * root. The system is reached only through {@link InstallSystem}, so tests use a fake.
 */
import { existsSync, readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { ConfigError } from '../errors.js'
import type { Log } from '../log.js'
import { describeExit, runProcess } from '../process/spawn.js'

export type InstallMode = 'auto' | 'none'

/** One thing the Action may need, how to tell it is there, and the apt package that provides it. */
export interface Requirement {
  /** Debian/Ubuntu package name. */
  package: string
  /** Present when one of these commands is on PATH... */
  commands?: string[]
  /** ...or one of these files exists. */
  files?: string[]
  /** Needed only when this feature is in use (e.g. a `measure` option that runs valgrind); else always. */
  feature?: string
}

/** What `install: auto` may install (data, not code: a new tool is one more entry). */
export const REQUIREMENTS: readonly Requirement[] = [
  { package: 'cmake', commands: ['cmake'] },
  { package: 'g++', commands: ['g++', 'c++'] },
  {
    package: 'libbenchmark-dev',
    files: ['/usr/include/benchmark/benchmark.h', '/usr/local/include/benchmark/benchmark.h']
  },
  { package: 'valgrind', commands: ['valgrind'], feature: 'valgrind' }
]

export interface CommandResult {
  /** Exit status; null when killed or never started. */
  code: number | null
  /** How it ended, in words ("exit code 100", "could not start (ENOENT)"). */
  how: string
  /** The end of its output (stderr, else stdout), for error messages. */
  outputTail: string
}

/** The machine as install sees it. */
export interface InstallSystem {
  platform: NodeJS.Platform
  /** Contents of /etc/os-release ('' when absent). */
  osRelease: string
  isRoot: boolean
  /** Is this an executable command on PATH? */
  hasCommand(name: string): boolean
  fileExists(path: string): boolean
  /** Runs argv[0] with the rest as arguments (never a shell). */
  run(argv: readonly string[]): Promise<CommandResult>
}

export interface InstallResult {
  /** Packages apt installed. */
  installed: string[]
  /** Packages that were already there (as their command or file). */
  present: string[]
  /** Why nothing was installed, when that is the case and something was missing. */
  skipped?: string
}

/** apt-get can wait for the dpkg lock of an unattended upgrade; never forever. */
const APT_TIMEOUT_MS = 15 * 60 * 1000

/**
 * Installs the missing requirements. `none`, or nothing missing: no command runs.
 * @param features features in use that have extra requirements (e.g. 'valgrind')
 * @throws ConfigError when apt fails or the packages are still missing afterwards
 */
export async function installMissing(
  mode: InstallMode,
  features: ReadonlySet<string>,
  system: InstallSystem,
  log: Log,
  requirements: readonly Requirement[] = REQUIREMENTS
): Promise<InstallResult> {
  const needed = requirements.filter((r) => !r.feature || features.has(r.feature))
  const present = needed.filter((r) => isPresent(r, system)).map((r) => r.package)
  const missing = needed.filter((r) => !present.includes(r.package)).map((r) => r.package)
  if (present.length > 0) log.info(`install: already present: ${present.join(', ')}`)
  if (missing.length === 0) return { installed: [], present }
  if (mode === 'none') {
    const skipped = `install: none; not installing ${missing.join(', ')} (install them in an earlier step if the build needs them)`
    log.info(skipped)
    return { installed: [], present, skipped }
  }
  const unsupported = whyUnsupported(system)
  if (unsupported) {
    const skipped = `cannot install ${missing.join(', ')}: ${unsupported}; install them in an earlier step, or set install: none`
    log.warn(skipped)
    return { installed: [], present, skipped }
  }
  // `sudo -n`: fail at once rather than wait for a password nobody will type.
  const prefix = system.isRoot ? [] : ['sudo', '-n']
  const apt = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-q', '-y']
  log.info(`install: ${missing.join(', ')} with apt-get${prefix.length ? ' (sudo)' : ''}`)
  await mustSucceed(system, [...apt, 'update'], missing)
  await mustSucceed(system, [...apt, 'install', '--no-install-recommends', ...missing], missing)
  const still = requirements.filter((r) => missing.includes(r.package) && !isPresent(r, system))
  if (still.length > 0)
    throw new ConfigError(
      `install: apt-get installed ${missing.join(', ')} but ${still.map((r) => r.package).join(', ')} is still not found (${still.map(describe).join('; ')})`
    )
  log.info(`install: installed ${missing.join(', ')}`)
  return { installed: missing, present }
}

function isPresent(r: Requirement, system: InstallSystem): boolean {
  return (
    (r.commands ?? []).some((c) => system.hasCommand(c)) || (r.files ?? []).some((f) => system.fileExists(f))
  )
}

function describe(r: Requirement): string {
  const where = [...(r.commands ?? []).map((c) => `command ${c}`), ...(r.files ?? [])]
  return `${r.package}: looked for ${where.join(', ')}`
}

/** null when apt can be used here; otherwise the reason. */
function whyUnsupported(system: InstallSystem): string | null {
  if (system.platform !== 'linux') return `this runner is ${system.platform}, not Debian/Ubuntu Linux`
  const ids = /^(ID|ID_LIKE)=(.*)$/gm
  const names = [...system.osRelease.matchAll(ids)].flatMap((m) => m[2].replace(/["']/g, '').split(/\s+/))
  if (!names.some((n) => n === 'debian' || n === 'ubuntu'))
    return 'this Linux is not Debian or Ubuntu (/etc/os-release)'
  if (!system.hasCommand('apt-get')) return 'apt-get is not on PATH'
  if (!system.isRoot && !system.hasCommand('sudo')) return 'not root and sudo is not on PATH'
  return null
}

async function mustSucceed(system: InstallSystem, argv: string[], packages: string[]): Promise<void> {
  const r = await system.run(argv)
  if (r.code === 0) return
  throw new ConfigError(
    `install: '${argv.join(' ')}' failed (${r.how}) while installing ${packages.join(', ')}:\n${r.outputTail}\n` +
      'Install them in an earlier step (and set install: none), or give the runner passwordless sudo.'
  )
}

/** The real machine: PATH lookup, /etc/os-release, and commands through the process layer. */
export function hostSystem(env: NodeJS.ProcessEnv = process.env): InstallSystem {
  const path = (env.PATH ?? '').split(delimiter).filter(Boolean)
  return {
    platform: process.platform,
    osRelease: existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '',
    isRoot: process.getuid?.() === 0,
    hasCommand: (name) => path.some((dir) => existsSync(join(dir, name))),
    fileExists: (p) => existsSync(p),
    run: async (argv) => {
      const r = await runProcess(argv[0], argv.slice(1), {
        cwd: '/',
        env,
        stdout: 'capture',
        stderr: 'capture',
        timeoutMs: APT_TIMEOUT_MS
      })
      const text = (r.stderr.trim() || r.stdout.trim()).split('\n').slice(-20).join('\n')
      return { code: r.exitCode, how: describeExit(r, APT_TIMEOUT_MS), outputTail: text }
    }
  }
}
