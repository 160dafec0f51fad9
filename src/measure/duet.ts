/**
 * The duet schedule (docs/pairs.md "Duet"): each pair's base and head processes run at the same time,
 * one pinned per CPU, the CPUs swapped every round, so both sides share the machine's slow phases
 * and neither side keeps the faster core. Which CPUs this process may use, and the two it takes.
 */
import { readFileSync } from 'node:fs'
import type { Side } from '../samples/model.js'
import { JobError } from '../errors.js'

/** The two CPUs of a duet: round 0 runs base on the first, head on the second; odd rounds swap them. */
export type DuetCores = readonly [number, number]

/**
 * The CPUs this process may run on, from Linux's `Cpus_allowed_list` ("0-3,8,10-11") in
 * /proc/self/status (the affinity mask a container or `taskset` left it); empty when unknown.
 */
export function usableCpus(status: string | null = readOrNull('/proc/self/status')): number[] {
  const line = status?.split('\n').find((l) => l.startsWith('Cpus_allowed_list:'))
  if (!line) return []
  const cpus: number[] = []
  for (const part of line.slice('Cpus_allowed_list:'.length).trim().split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim())
    if (!m) continue
    for (let c = Number(m[1]); c <= Number(m[2] ?? m[1]); c++) cpus.push(c)
  }
  return cpus
}

/** The hardware threads sharing `cpu`'s core (sysfs `thread_siblings_list`), `cpu` itself included. */
function siblingsOf(cpu: number): number[] {
  const text = readOrNull(`/sys/devices/system/cpu/cpu${cpu}/topology/thread_siblings_list`)
  return text === null ? [cpu] : usableCpus(`Cpus_allowed_list: ${text}`)
}

export interface DuetChoice {
  cores: DuetCores
  /** Said when the two CPUs are hardware threads of one core (they share its caches and ports). */
  note: string | null
}

/**
 * The two CPUs of a duet: the first usable CPU and the first other one on a different core, else
 * (every usable CPU a sibling of the first) the next usable one, with a note saying so.
 * @throws JobError code 2 'invalid-option' when fewer than 2 CPUs are usable, or with --cpu set
 */
export function duetCores(
  cpus: readonly number[],
  pinnedTo: number | null = null,
  siblings: (cpu: number) => readonly number[] = siblingsOf
): DuetChoice {
  if (pinnedTo !== null)
    throw new JobError(
      'invalid-option',
      `--interleave duet pins base and head one per CPU itself; --cpu ${pinnedTo} would put both on one CPU.`,
      {
        subject: 'cpu',
        hint: 'Leave --cpu unset with --interleave duet, or use --interleave benchmark with --cpu.'
      }
    )
  if (cpus.length < 2)
    throw new JobError(
      'invalid-option',
      `--interleave duet runs base and head at the same time, one per CPU, and needs 2 usable CPUs; ` +
        `this process may use ${cpus.length === 0 ? 'no CPU it could read (no /proc/self/status Cpus_allowed_list)' : `only CPU ${cpus[0]}`}.`,
      {
        subject: 'interleave',
        hint: 'Run on a machine (or container, or taskset mask) with 2 CPUs or more, or use --interleave benchmark (the default), which needs one.'
      }
    )
  const first = cpus[0]
  const near = new Set(siblings(first))
  const apart = cpus.find((c) => c !== first && !near.has(c))
  if (apart !== undefined) return { cores: [first, apart], note: null }
  return {
    cores: [first, cpus[1]],
    note:
      `--interleave duet: CPUs ${first} and ${cpus[1]} are hardware threads of one core (no usable CPU on another core); ` +
      'the two sides share its caches and execution units'
  }
}

/** The CPU `side` runs on in a round: round 0 (and even rounds) as `cores` says, odd rounds swapped. */
export function duetCpu(cores: DuetCores, side: Side, round: number): number {
  const swap = Math.abs(round) % 2 === 1
  return (side === 'base') !== swap ? cores[0] : cores[1]
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}
