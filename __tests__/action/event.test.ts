/* eslint-disable @typescript-eslint/no-explicit-any -- webhook payloads are edited as untyped JSON */
/** Base and head from GitHub's documented example payloads (see fixtures/github/events/README.md). */
import { describe, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { forkRefusal, refsFromEvent } from '../../src/github/event.js'

const event = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/github/events/${name}.json`, import.meta.url), 'utf8'))

describe('refsFromEvent', () => {
  test('pull_request: the PR base and head commits, merge-base on, PR number and branch labels', () => {
    const payload = event('pull_request.synchronize')
    const refs = refsFromEvent('pull_request', payload, {}, 'ffff'.repeat(10))
    expect(refs).toMatchObject({
      base: payload.pull_request.base.sha,
      head: payload.pull_request.head.sha,
      mergeBase: true,
      pullNumber: payload.number,
      baseLabel: payload.pull_request.base.ref,
      headLabel: payload.pull_request.head.ref,
      noBaseReason: null
    })
  })

  test('push: before -> after without merge-base', () => {
    const payload = event('push')
    const refs = refsFromEvent('push', payload, {}, payload.after)
    if (/^0+$/.test(payload.before)) {
      expect(refs.base).toBeNull()
      expect(refs.noBaseReason).toMatch(/created the branch/)
    } else {
      expect(refs.base).toBe(payload.before)
    }
    expect(refs.head).toBe(payload.after)
    expect(refs.mergeBase).toBe(false)
    expect(refs.pullNumber).toBeNull()
  })

  test('push that creates a branch has no base, and says why', () => {
    const refs = refsFromEvent('push', { before: '0'.repeat(40), after: 'a'.repeat(40) }, {}, undefined)
    expect(refs.base).toBeNull()
    expect(refs.noBaseReason).toMatch(/created the branch/)
  })

  test('workflow_dispatch needs the base input; head defaults to the run commit', () => {
    const sha = 'b'.repeat(40)
    expect(refsFromEvent('workflow_dispatch', {}, {}, sha)).toMatchObject({ base: null, head: sha })
    expect(refsFromEvent('workflow_dispatch', {}, {}, sha).noBaseReason).toMatch(/set the 'base' input/)
    expect(refsFromEvent('workflow_dispatch', {}, { base: 'main' }, sha)).toMatchObject({
      base: 'main',
      head: sha,
      noBaseReason: null
    })
  })

  test('explicit inputs override the event', () => {
    const payload = event('pull_request.opened')
    const refs = refsFromEvent('pull_request', payload, { base: 'release/1.2', head: 'HEAD~1' }, undefined)
    expect(refs.base).toBe('release/1.2')
    expect(refs.head).toBe('HEAD~1')
    expect(refs.pullNumber).toBe(payload.number)
  })

  test('payload values that are not SHAs are ignored (a crafted payload cannot inject a ref)', () => {
    const payload = { pull_request: { number: 1, base: { sha: '--upload-pack=evil' }, head: { sha: 'x' } } }
    const refs = refsFromEvent('pull_request', payload, {}, 'c'.repeat(40))
    expect(refs.base).toBeNull()
    expect(refs.head).toBe('c'.repeat(40))
  })
})

describe('forkRefusal (modes run and measure)', () => {
  const fork = (payload: Record<string, any>) => {
    payload.pull_request.head.repo.full_name = 'mallory/Hello-World'
    return payload
  }

  test('pull_request_target with a head from a fork is refused, pointing to the fork-safe pair', () => {
    const why = forkRefusal('pull_request_target', fork(event('pull_request.synchronize')))
    expect(why).toMatch(/refusing to build: .*'pull_request_target'.*mallory\/Hello-World/)
    expect(why).toMatch(/write token and secrets/)
    expect(why).toMatch(/mode: measure.*'pull_request'.*mode: comment.*'workflow_run'/)
    expect(why).toMatch(/benchgate-measure\.yml/)
  })

  test('a head repository that cannot be told (deleted fork: repo null) is treated as foreign', () => {
    const payload = event('pull_request.synchronize')
    payload.pull_request.head.repo = null
    expect(forkRefusal('pull_request_target', payload)).toMatch(/unknown, e\.g\. a deleted fork/)
  })

  test('pull_request_target from a branch of the same repository is allowed (names compare case-blind)', () => {
    const payload = event('pull_request.synchronize')
    payload.pull_request.head.repo.full_name = payload.repository.full_name.toUpperCase()
    expect(forkRefusal('pull_request_target', payload)).toBeNull()
  })

  test('pull_request from a fork is allowed: it runs with a read-only token and no secrets', () => {
    expect(forkRefusal('pull_request', fork(event('pull_request.synchronize')))).toBeNull()
  })

  test('workflow_run for a run whose head is another repository is refused; its own head is allowed', () => {
    const payload = event('workflow_run.completed')
    expect(payload.workflow_run.head_repository.full_name).not.toBe(payload.repository.full_name)
    expect(forkRefusal('workflow_run', payload)).toMatch(
      /'workflow_run' run is for code from another repository \(octo-org\/octo-repo\)/
    )
    payload.workflow_run.head_repository.full_name = payload.repository.full_name
    expect(forkRefusal('workflow_run', payload)).toBeNull()
  })

  test('other events have no foreign head to refuse', () => {
    for (const name of ['push', 'workflow_dispatch']) expect(forkRefusal(name, event(name))).toBeNull()
  })
})
