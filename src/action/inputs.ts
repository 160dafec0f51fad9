/**
 * The Action's inputs (action.yml) -> the shared Config, plus the Action-only settings. Inputs that
 * mirror CLI options default to '' in action.yml so that benchgate.json (the config file) can set
 * them; the Config defaults apply last. Pure: the input reader is passed in.
 *
 * In modes `run` and `measure` the config file is NOT read from the checkout (the pull request's
 * code, which could relax its own gate): main.ts reads it from the base commit once that is known
 * (baseConfig.ts) and layers it with {@link applyConfigFile}. `settings.config` is then the inputs
 * alone, validated early.
 */
import { join } from 'node:path'
import { ConfigError } from '../errors.js'
import { DEFAULT_CHANGES_OPTIONS } from '../history/changes.js'
import { buildConfig, OPTIONS, readConfigFile, type Config, type RawOptions } from '../config/index.js'
import type { CommentMode } from '../github/comment.js'
import type { InstallMode } from './install.js'

export type ActionMode = 'run' | 'measure' | 'comment' | 'merge' | 'record'

/** Action input name -> option name, for the inputs that mirror the CLI (the option table's `input`). */
export const CONFIG_INPUTS: Record<string, string> = Object.fromEntries(
  OPTIONS.flatMap((o) => (o.input === null ? [] : [[o.input, o.name]]))
)

export interface ActionSettings {
  mode: ActionMode
  config: Config
  /** Explicit refs (override the event). */
  explicitBase?: string
  explicitHead?: string
  /** Whether the user set merge-base explicitly (else the event decides). */
  mergeBaseInput: boolean | null
  token: string
  comment: CommentMode
  commentAuthor: string
  /** Fail the step when the comment cannot be posted. */
  commentRequired: boolean
  cacheBaseBuild: boolean
  cachePaths: string[]
  uploadArtifacts: boolean
  retentionDays: number | undefined
  /** Install missing build tools with apt (Debian/Ubuntu) before building. */
  install: InstallMode
  /** mode merge: merge even when shards are missing (the report names the gap). */
  allowMissing: boolean
  /** The config-mirroring inputs as options, to layer over the config file. */
  configInputs: RawOptions
  /** The config file, relative to the repository (`config-file`, default benchgate.json). */
  configFile: { path: string; required: boolean }
  /** mode record: where the default branch's history is kept (`history-store`: a folder or git:BRANCH). */
  historyStore: string
  /** Modes that comment: main's drift over this many recorded commits (`history-drift`), or null: not read. */
  historyDrift: number | null
}

type GetInput = (name: string) => string

/**
 * Reads and validates every input.
 * @param workspace the checkout (GITHUB_WORKSPACE); `repository-path` is relative to it
 * @param runnerTemp RUNNER_TEMP: the work directory lives here at a fixed path, so cached base
 *   builds restore to the same absolute paths on every run
 * @throws ConfigError naming the input and what it accepts
 */
export function readActionSettings(
  getInput: GetInput,
  workspace: string,
  runnerTemp: string
): ActionSettings {
  const mode = oneOf(getInput, 'mode', ['run', 'measure', 'comment', 'merge', 'record'], 'run')
  const repo = join(workspace, getInput('repository-path') || '.')
  const raw: RawOptions = { repo, 'work-dir': join(runnerTemp, 'benchgate-work') }
  for (const [input, option] of Object.entries(CONFIG_INPUTS)) {
    const value = getInput(input)
    if (value !== '') raw[option] = value
  }
  if (raw.out !== undefined) raw.out = join(workspace, String(raw.out))
  else raw.out = join(workspace, 'benchgate-out')
  const configFile = {
    path: getInput('config-file') || 'benchgate.json',
    required: getInput('config-file') !== ''
  }
  // Comment mode runs no PR code: its checkout (if any) is the default branch's, so it is read there.
  const fileOptions =
    mode === 'comment' ? readConfigFile(join(repo, configFile.path), configFile.required) : undefined
  const config = configFromLayers(fileOptions, raw)
  const mergeBase = getInput('merge-base')
  const retention = getInput('retention-days')
  if (retention !== '' && !/^\d+$/.test(retention))
    throw new ConfigError(`input 'retention-days': '${retention}' is not a whole number of days`)
  return {
    mode: mode as ActionMode,
    config,
    explicitBase: getInput('base') || undefined,
    explicitHead: getInput('head') || undefined,
    mergeBaseInput: mergeBase === '' ? null : config.mergeBase,
    token: getInput('github-token'),
    comment: oneOf(getInput, 'comment', ['always', 'on-change', 'never'], 'always') as CommentMode,
    commentAuthor: getInput('comment-author'),
    commentRequired: bool(getInput, 'comment-required', false),
    cacheBaseBuild: bool(getInput, 'cache-base-build', true),
    cachePaths: (getInput('cache-paths') || 'build')
      .split(/[\n,]/)
      .map((p) => p.trim())
      .filter(Boolean),
    uploadArtifacts: bool(getInput, 'upload-artifacts', true),
    retentionDays: retention === '' ? undefined : Number(retention),
    install: oneOf(getInput, 'install', ['auto', 'none'], 'auto') as InstallMode,
    allowMissing: bool(getInput, 'allow-missing', false),
    configInputs: raw,
    configFile,
    historyStore: getInput('history-store') || 'git:benchgate-history',
    historyDrift: driftWindow(getInput('history-drift'))
  }
}

/** Main's drift window: `true` is `history report`'s default creep window (30), a number is itself. */
function driftWindow(v: string): number | null {
  if (v === '' || /^(false|no|0|off)$/i.test(v)) return null
  if (/^(true|yes|on)$/i.test(v)) return DEFAULT_CHANGES_OPTIONS.window
  if (/^\d{1,4}$/.test(v) && Number(v) >= 2) return Number(v)
  throw new ConfigError(`input 'history-drift': '${v}' is not true, false or a number of commits (2–9999)`)
}

/** The config file in the job's checkout (`config-file`, default benchgate.json), or undefined when absent and optional. */
export function configFileOf(settings: ActionSettings): RawOptions | undefined {
  return readConfigFile(join(settings.config.repoDir, settings.configFile.path), settings.configFile.required)
}

/** The Config of `settings` with a config file's options under the inputs (the inputs win). */
export function applyConfigFile(settings: ActionSettings, fileOptions: RawOptions | undefined): Config {
  return configFromLayers(fileOptions, settings.configInputs)
}

function configFromLayers(fileOptions: RawOptions | undefined, inputs: RawOptions): Config {
  try {
    return buildConfig(fileOptions, inputs)
  } catch (e) {
    // Name the input, not the CLI flag, in the message.
    const message = (e as Error).message.replace(
      /--([a-z-]+)/g,
      (_m, opt: string) => `input '${inputFor(opt)}'`
    )
    throw new ConfigError(message)
  }
}

function inputFor(option: string): string {
  return Object.entries(CONFIG_INPUTS).find(([, o]) => o === option)?.[0] ?? option
}

function oneOf(getInput: GetInput, name: string, values: string[], fallback: string): string {
  const v = getInput(name) || fallback
  if (!values.includes(v)) throw new ConfigError(`input '${name}': '${v}' is not one of ${values.join(', ')}`)
  return v
}

function bool(getInput: GetInput, name: string, fallback: boolean): boolean {
  const v = getInput(name)
  if (v === '') return fallback
  if (/^(true|yes|1|on)$/i.test(v)) return true
  if (/^(false|no|0|off)$/i.test(v)) return false
  throw new ConfigError(`input '${name}': '${v}' is not true or false`)
}
