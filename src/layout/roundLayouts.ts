/**
 * A fresh layout for every round (docs/statistics.md §12): before each round, both staged binaries are
 * relinked in place with their seeded padding, and each side's processes get their stack padding.
 * The process stays the unit of analysis because every process runs under its own draw.
 */
import type { LayoutRunInfo } from '../report/model.js'
import { join } from 'node:path'
import type { Log } from '../log.js'
import type { Side } from '../samples/model.js'
import type { CapturedLink } from './capture.js'
import type { LayoutDraws } from '../config/types.js'
import { layoutDraw, roundKey, stackPaddingEnv, type LayoutDraw } from './draws.js'
import { relinkWithLayout } from './relink.js'

export interface LayoutSetup {
  seed: string
  draws: LayoutDraws
  /** Each side's recorded link of its benchmark binary. */
  links: Record<Side, CapturedLink>
  /** Scratch folder for padding objects and link logs. */
  scratchDir: string
  /** Environment of the relinks (the build's, credential-free). */
  env: NodeJS.ProcessEnv
}

/** Prepares each round's layouts; `before` is RoundsOptions.beforeRound. */
export interface RoundLayouts {
  before: (
    round: number,
    warmupIndex: number,
    signal?: AbortSignal
  ) => Promise<Record<Side, Record<string, string>>>
  /** What the layouts were and cost, for results.json's run.layout. */
  record: () => LayoutRunInfo
}

/** Relinks `staged[side]` before every round with that round's draw for the side. */
export function roundLayouts(setup: LayoutSetup, staged: Record<Side, string>, log: Log): RoundLayouts {
  let layouts = 0
  let relinkMs = 0
  const before = async (round: number, warmupIndex: number, signal?: AbortSignal) => {
    const key = roundKey(round, warmupIndex)
    const env = {} as Record<Side, Record<string, string>>
    const drawn = {} as Record<Side, LayoutDraw>
    for (const side of ['base', 'head'] as const) {
      drawn[side] = layoutDraw(setup.seed, key, side, setup.draws)
      relinkMs += await relinkWithLayout({
        link: setup.links[side],
        draw: drawn[side],
        output: staged[side],
        scratch: join(setup.scratchDir, side),
        env: setup.env,
        signal
      })
      env[side] = stackPaddingEnv(drawn[side])
    }
    layouts++
    log.debug(`layout ${key}: ${describe(drawn.base)} (base), ${describe(drawn.head)} (head)`)
    return env
  }
  return { before, record: () => ({ seed: setup.seed, draws: setup.draws, layouts, relinkMs }) }
}

function describe(d: LayoutDraw): string {
  return `code +${d.text}, rodata +${d.rodata}, data +${d.data}, stack +${d.stack}`
}
