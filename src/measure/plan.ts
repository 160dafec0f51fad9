/**
 * The round plan: which side runs when. ABBA order — round 0 runs base then head, round 1 head then
 * base, round 2 base then head, ... — so time-dependent noise (frequency scaling, neighbours,
 * thermal drift) hits both sides alike and neither side always goes first. Warm-up rounds come
 * first and are discarded.
 */
import type { Side } from '../samples/model.js'
import { JobError } from '../errors.js'

export interface PlannedRound {
  /** 0-based measured round index; -1 for a warm-up round. */
  round: number
  /** Which side runs first, which second. */
  order: [Side, Side]
}

export interface PlanOptions {
  /** Measured rounds (integer >= 1). */
  rounds: number
  /** Warm-up rounds before them, discarded (integer >= 0); default {@link DEFAULT_WARMUP_ROUNDS}. */
  warmup?: number
  /**
   * Index of the first measured round (integer >= 0; default 0). Adaptive top-up blocks continue the
   * numbering, so the ABBA order keeps alternating and every round index stays unique.
   */
  firstRound?: number
}

export const DEFAULT_WARMUP_ROUNDS = 1

/** Order of round `i` in an ABBA sequence: even rounds base first, odd rounds head first. */
export function abbaOrder(i: number): [Side, Side] {
  return i % 2 === 0 ? ['base', 'head'] : ['head', 'base']
}

/**
 * Plans `warmup` warm-up rounds (round -1, themselves alternating, starting with base) followed by
 * `rounds` measured rounds in ABBA order: base,head | head,base | base,head | head,base | ...
 * With an even number of measured rounds each side goes first equally often.
 *
 * Time and space: O(rounds + warmup).
 * @throws JobError code 2 'invalid-option' unless rounds is an integer >= 1 and warmup an integer >= 0
 */
export function planRounds(options: PlanOptions): PlannedRound[] {
  const { rounds } = options
  const warmup = options.warmup ?? DEFAULT_WARMUP_ROUNDS
  if (!Number.isInteger(rounds) || rounds < 1) {
    throw new JobError('invalid-option', `rounds must be an integer >= 1, got ${rounds}.`, {
      subject: 'rounds'
    })
  }
  if (!Number.isInteger(warmup) || warmup < 0) {
    throw new JobError('invalid-option', `warm-up rounds must be an integer >= 0, got ${warmup}.`, {
      subject: 'warmup'
    })
  }
  const first = options.firstRound ?? 0
  if (!Number.isInteger(first) || first < 0) {
    throw new JobError('invalid-option', `the first round must be an integer >= 0, got ${first}.`, {
      subject: 'firstRound'
    })
  }
  const plan: PlannedRound[] = []
  for (let i = 0; i < warmup; i++) plan.push({ round: -1, order: abbaOrder(i) })
  for (let r = first; r < first + rounds; r++) plan.push({ round: r, order: abbaOrder(r) })
  return plan
}

/**
 * A short human duration for progress lines: "45s", "3m 05s", "1h 02m". Negative or non-finite
 * input gives "?".
 */
export function formatEta(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?'
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`
  const h = Math.floor(m / 60)
  return `${h}h ${String(m % 60).padStart(2, '0')}m`
}
