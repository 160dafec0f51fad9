/** install: auto, against a fake machine (no apt-get runs here): what it looks for, what it runs, what it logs. */
import { describe, expect, it } from '@jest/globals'
import {
  installMissing,
  REQUIREMENTS,
  type CommandResult,
  type InstallSystem,
  type Requirement
} from '../../src/action/install.js'
import { ConfigError } from '../../src/errors.js'
import type { Log } from '../../src/log.js'

const UBUNTU = 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nNAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n'
const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'
const HEADER = '/usr/include/benchmark/benchmark.h'
const NINJA: Requirement = { package: 'ninja-build', commands: ['ninja'] }

/** A machine with some commands and files; apt-get install makes packages' commands/files appear. */
function fakeMachine(
  over: Partial<InstallSystem> & { commands?: string[]; files?: string[]; fail?: RegExp } = {}
) {
  const commands = new Set(over.commands ?? ['apt-get', 'sudo'])
  const files = new Set(over.files ?? [])
  const ran: string[][] = []
  const system: InstallSystem = {
    platform: 'linux',
    osRelease: UBUNTU,
    isRoot: false,
    hasCommand: (c) => commands.has(c),
    fileExists: (f) => files.has(f),
    run: async (argv): Promise<CommandResult> => {
      ran.push([...argv])
      if (over.fail?.test(argv.join(' ')))
        return { code: 100, how: 'exit code 100', outputTail: 'E: Unable to locate package' }
      const i = argv.indexOf('install')
      if (i >= 0)
        for (const pkg of argv.slice(i + 1).filter((a) => !a.startsWith('-'))) {
          const r = [...REQUIREMENTS, NINJA].find((x) => x.package === pkg)!
          for (const c of r.commands ?? []) commands.add(c)
          if (r.files) files.add(r.files[0])
        }
      return { code: 0, how: 'exit code 0', outputTail: '' }
    },
    ...over
  }
  return { system, ran }
}

function recorder(): Log & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (m) => lines.push(`info: ${m}`),
    warn: (m) => lines.push(`warn: ${m}`),
    debug: () => undefined,
    group: (_n, fn) => fn()
  }
}

describe('installMissing', () => {
  it('installs only what is missing, with sudo -n and argument arrays, and logs both lists', async () => {
    const { system, ran } = fakeMachine({ commands: ['apt-get', 'sudo', 'cmake'] })
    const log = recorder()
    const r = await installMissing('auto', new Set(), system, log)
    expect(r).toEqual({ installed: ['g++', 'libbenchmark-dev'], present: ['cmake'] })
    const apt = ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-q', '-y']
    expect(ran).toEqual([
      [...apt, 'update'],
      [...apt, 'install', '--no-install-recommends', 'g++', 'libbenchmark-dev']
    ])
    expect(log.lines).toEqual([
      'info: install: already present: cmake',
      'info: install: g++, libbenchmark-dev with apt-get (sudo)',
      'info: install: installed g++, libbenchmark-dev'
    ])
  })

  it('runs apt-get directly as root (no sudo needed or required)', async () => {
    const { system, ran } = fakeMachine({
      isRoot: true,
      commands: ['apt-get', 'g++', 'cmake'],
      osRelease: DEBIAN
    })
    await installMissing('auto', new Set(), system, recorder())
    expect(ran.map((a) => a[0])).toEqual(['env', 'env'])
    expect(ran[1].slice(-1)).toEqual(['libbenchmark-dev'])
  })

  it('a self-hosted machine that has everything: nothing runs', async () => {
    const { system, ran } = fakeMachine({
      commands: ['cmake', 'c++'],
      files: ['/usr/local/include/benchmark/benchmark.h']
    })
    const r = await installMissing('auto', new Set(), system, recorder())
    expect(r).toEqual({ installed: [], present: ['cmake', 'g++', 'libbenchmark-dev'] })
    expect(ran).toEqual([])
  })

  it('valgrind only for a feature that needs it (the list is data)', async () => {
    const all = { commands: ['apt-get', 'sudo', 'cmake', 'g++'], files: [HEADER] }
    const plain = fakeMachine(all)
    expect((await installMissing('auto', new Set(), plain.system, recorder())).installed).toEqual([])
    const withValgrind = fakeMachine(all)
    expect(
      (await installMissing('auto', new Set(['valgrind']), withValgrind.system, recorder())).installed
    ).toEqual(['valgrind'])
    const custom = fakeMachine(all)
    const r = await installMissing('auto', new Set(), custom.system, recorder(), [NINJA])
    expect(r.installed).toEqual(['ninja-build'])
  })

  it('install: none runs nothing and says what it did not install', async () => {
    const { system, ran } = fakeMachine()
    const log = recorder()
    const r = await installMissing('none', new Set(), system, log)
    expect(ran).toEqual([])
    expect(r.installed).toEqual([])
    expect(r.skipped).toMatch(/install: none; not installing cmake, g\+\+, libbenchmark-dev/)
  })

  it.each([
    [{ platform: 'darwin' as const }, /darwin, not Debian\/Ubuntu/],
    [{ osRelease: 'ID=fedora\nID_LIKE="rhel centos"\n' }, /not Debian or Ubuntu/],
    [{ commands: ['sudo'] }, /apt-get is not on PATH/],
    [{ commands: ['apt-get'] }, /not root and sudo is not on PATH/]
  ])('cannot install here (%o): a warning with the reason, nothing runs', async (over, reason) => {
    const { system, ran } = fakeMachine(over)
    const log = recorder()
    const r = await installMissing('auto', new Set(), system, log)
    expect(ran).toEqual([])
    expect(r.skipped).toMatch(reason)
    expect(log.lines.filter((l) => l.startsWith('warn: '))).toHaveLength(1)
  })

  it('a failing apt-get is a clear error with its output', async () => {
    const { system } = fakeMachine({ fail: /install/ })
    const err = await installMissing('auto', new Set(), system, recorder()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as Error).message).toMatch(
      /apt-get -q -y install --no-install-recommends cmake g\+\+ libbenchmark-dev' failed \(exit code 100\)/
    )
    expect((err as Error).message).toMatch(/Unable to locate package/)
  })

  it('a package that apt installed but whose tool is still not found is an error, not a silent pass', async () => {
    const { system } = fakeMachine({ commands: ['apt-get', 'sudo', 'g++', 'cmake'] })
    system.run = async () => ({ code: 0, how: 'exit code 0', outputTail: '' })
    await expect(installMissing('auto', new Set(), system, recorder())).rejects.toThrow(
      /libbenchmark-dev is still not found.*\/usr\/include\/benchmark\/benchmark\.h/
    )
  })
})
