/**
 * From a finished build to the layouts' setup: the recorded link of each side's benchmark binary,
 * and the seed. A build whose link was not recorded is an error that says how to record it.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { JobError } from '../errors.js'
import type { Side } from '../samples/model.js'
import { linkOf, recordedLinks } from './capture.js'
import type { LayoutDraws } from '../config/types.js'
import type { LayoutSetup } from './roundLayouts.js'

export interface LayoutSetupOptions {
  /** The folder installLinkRecorder was given. */
  dir: string
  binaries: Record<Side, string>
  /** null: a random seed (recorded in results.json). */
  seed: string | null
  draws: LayoutDraws
  env: NodeJS.ProcessEnv
}

/** @throws JobError code 2 'invalid-option' when a side's binary was linked without the recorder */
export function layoutSetup(options: LayoutSetupOptions): LayoutSetup {
  const links = {} as LayoutSetup['links']
  for (const side of ['base', 'head'] as const) {
    const recorded = recordedLinks(options.dir, side)
    const link = linkOf(recorded, options.binaries[side])
    if (!link)
      throw new JobError(
        'invalid-option',
        `--randomize-layout: the ${side} build did not record the link of ${options.binaries[side]} ` +
          `(${recorded.length} link(s) recorded).`,
        {
          subject: 'randomize-layout',
          hint:
            'CMake >= 3.21 records it by itself on a fresh build folder (CMAKE_CXX_LINKER_LAUNCHER); ' +
            'an older CMake or a build folder configured before needs -DCMAKE_CXX_LINKER_LAUNCHER=$BENCHGATE_LINK_LAUNCHER ' +
            "or benchgate_randomize_layout(target) from bench-runner's CMake package; other build systems put " +
            '"$BENCHGATE_LINK_LAUNCHER" before their link command (docs/layout.md).'
        }
      )
    links[side] = link
  }
  return {
    seed: options.seed ?? randomBytes(8).toString('hex'),
    draws: options.draws,
    links,
    scratchDir: join(options.dir, 'relink'),
    env: options.env
  }
}
