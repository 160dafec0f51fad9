/**
 * Which commits a workflow run compares, from the event that triggered it. Pure: the payload and
 * the explicit inputs in, refs out. Every value read from the payload is untrusted text that only
 * ever reaches git as one argv entry (and is refused if it could be read as an option).
 */

export interface EventRefs {
  /** The ref or SHA measured as base (before the merge-base is taken, if `mergeBase`). */
  base: string | null
  head: string
  /** Use the merge-base of base and head (pull requests), or base as given (push: before -> after). */
  mergeBase: boolean
  /** The pull request the run belongs to, if any. */
  pullNumber: number | null
  /** Human-readable labels for the report (branch names; untrusted). */
  baseLabel: string | null
  headLabel: string | null
  /** Why there is no base, when there is none (e.g. a branch's first push). */
  noBaseReason: string | null
}

export interface ExplicitRefs {
  base?: string
  head?: string
}

const ZERO_SHA = /^0+$/

/**
 * Base and head for an event. Explicit inputs always win; otherwise:
 * - `pull_request` / `pull_request_target`: merge-base of the PR's base and head commits;
 * - `push`: the commit before the push -> the commit after it (no merge-base: `before` is the
 *   previous tip, and after a force-push it need not be an ancestor);
 * - `merge_group`: the queue's base -> head;
 * - anything else (`workflow_dispatch`, `schedule`, …): the `base` input, head = the run's commit.
 */
export function refsFromEvent(
  eventName: string,
  payload: Record<string, unknown>,
  explicit: ExplicitRefs,
  runSha: string | undefined
): EventRefs {
  const out: EventRefs = {
    base: null,
    head: runSha || 'HEAD',
    mergeBase: true,
    pullNumber: null,
    baseLabel: null,
    headLabel: null,
    noBaseReason: null
  }
  const pr = record(payload.pull_request)
  if ((eventName === 'pull_request' || eventName === 'pull_request_target') && pr) {
    const base = record(pr.base)
    const head = record(pr.head)
    out.base = sha(base?.sha) ?? null
    out.head = sha(head?.sha) ?? out.head
    out.baseLabel = str(base?.ref) ?? null
    out.headLabel = str(head?.ref) ?? null
    out.pullNumber = typeof pr.number === 'number' ? pr.number : null
  } else if (eventName === 'push') {
    const before = str(payload.before)
    const after = sha(payload.after)
    if (after) out.head = after
    out.mergeBase = false
    out.headLabel = str(payload.ref)?.replace(/^refs\/heads\//, '') ?? null
    if (before && !ZERO_SHA.test(before) && sha(before)) out.base = before
    else out.noBaseReason = 'this push created the branch, so there is no previous commit to compare with'
  } else if (eventName === 'merge_group') {
    const group = record(payload.merge_group)
    out.base = sha(group?.base_sha) ?? null
    out.head = sha(group?.head_sha) ?? out.head
    out.mergeBase = false
  }
  if (explicit.base) {
    out.base = explicit.base
    out.baseLabel = explicit.base
    out.noBaseReason = null
  }
  if (explicit.head) {
    out.head = explicit.head
    out.headLabel = explicit.head
  }
  if (!out.base && !out.noBaseReason) {
    out.noBaseReason = `a '${eventName}' event names no base commit: set the 'base' input (e.g. base: main)`
  }
  return out
}

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined
}

/** A full hexadecimal commit SHA from the payload, or undefined. */
function sha(v: unknown): string | undefined {
  return typeof v === 'string' && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(v) ? v : undefined
}

/** Events whose workflow runs with the base repository's write token and secrets whatever the head. */
const PRIVILEGED_EVENTS = ['pull_request_target', 'workflow_run']

/**
 * Why modes `run` and `measure` must not build this event's head, or null when they may.
 * `pull_request_target` and `workflow_run` run with this repository's write token, secrets and the
 * default branch's cache scope; building a head that comes from another repository (a fork) there
 * would run the fork's code with all of that (the "pwn request"). Decided from the payload alone,
 * before anything is fetched or built. A head whose repository cannot be told is treated as foreign.
 */
export function forkRefusal(eventName: string, payload: Record<string, unknown>): string | null {
  if (!PRIVILEGED_EVENTS.includes(eventName)) return null
  const repoName = (v: unknown) => str(record(v)?.full_name) ?? null
  const own = repoName(payload.repository)
  let head: string | null
  if (eventName === 'pull_request_target') {
    const pr = record(payload.pull_request)
    if (!pr) return null // not a pull request payload: nothing of a fork to build
    head = repoName(record(pr.head)?.repo)
  } else {
    const run = record(payload.workflow_run)
    if (!run) return null
    head = repoName(run.head_repository)
  }
  if (own && head && own.toLowerCase() === head.toLowerCase()) return null
  return (
    `refusing to build: this '${eventName}' run is for code from another repository (${head ?? 'unknown, e.g. a deleted fork'}), ` +
    `and '${eventName}' runs with ${own ?? 'this repository'}'s write token and secrets, so the fork's build would get them. ` +
    "Use the fork-safe pair instead: 'mode: measure' in a 'pull_request' workflow (read-only token) and 'mode: comment' in a " +
    "'workflow_run' workflow (examples/workflows/benchgate-measure.yml and benchgate-comment.yml; docs/security.md)"
  )
}
