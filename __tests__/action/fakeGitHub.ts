/* eslint-disable @typescript-eslint/no-explicit-any -- GitHub JSON payloads are deliberately untyped in this test infrastructure */
// A local fake of the GitHub services a workflow step talks to, for running the built
// `dist/index.js` as a child process the way a runner does (see README.md in this folder).
//
// One node:http server on 127.0.0.1 serves:
//   - REST (`GITHUB_API_URL`, at the root: `/user`, `/repos/{owner}/{repo}/...`)
//   - the Actions results service twirp API (`ACTIONS_RESULTS_URL`, `/twirp/...`): artifacts
//     (@actions/artifact v6) and cache v2 (@actions/cache v6 with ACTIONS_CACHE_SERVICE_V2)
//   - a blob store standing in for Azure Blob Storage (`/blob/...`, signed URLs handed out by the
//     twirp API and by the REST artifact download redirect), enough of the Put Block / Put Block
//     List / Put Blob protocol for @azure/storage-blob's BlockBlobClient.
//
// It records every request (never the token values) so tests can assert on what was called and
// check it against GitHub's OpenAPI description (openapi.ts).
//
// The services live in fake/ by what they fake: rest/ (issues and comments, check runs, pulls,
// compare and workflow runs), artifacts.ts (REST and twirp), cache.ts, blobs.ts, router.ts (recording,
// routing, injected failures), runner.ts (the step's environment and running the Action); kit.ts is
// what they share. This file assembles them into one server and the FakeGitHub object tests use.

import { createServer, type Server } from 'node:http'
import {
  addArtifactRestRoutes,
  addArtifactTwirpRoutes,
  artifactBytes,
  seedArtifact
} from './fake/artifacts.js'
import { addCacheRoutes } from './fake/cache.js'
import { createKit, type Kit } from './fake/kit.js'
import { addCheckRunRoutes, seedCheckRun } from './fake/rest/checks.js'
import { addIssueRoutes, seedComments } from './fake/rest/issues.js'
import { addRepoRoutes, seedCompare, seedPull, seedRun } from './fake/rest/repo.js'
import { addGraphqlRoute, requestListener } from './fake/router.js'
import { runnerEnv } from './fake/runner.js'
import type { RunnerEnv } from './fake/types.js'
import type { FakeGitHub, FakeGitHubOptions } from './fake/types.js'
import { readZip } from './fake/zip.js'

export type * from './fake/types.js'
export type { Ctx, Handler } from './fake/http.js'
export {
  FIXTURES_DIR,
  loadEventFixture,
  mintRuntimeJwt,
  parseCommandFile,
  parseWorkflowCommands,
  runAction,
  type ActionRun,
  type WorkflowCommand
} from './fake/runner.js'
export { makeZip, readZip } from './fake/zip.js'

export async function startFakeGitHub(opts: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const addr = server.address()
  if (!addr || typeof addr === 'string') throw new Error('no address')
  const kit = createKit(opts, `http://127.0.0.1:${addr.port}`)
  addIssueRoutes(kit)
  addRepoRoutes(kit)
  addCheckRunRoutes(kit)
  addArtifactRestRoutes(kit)
  addGraphqlRoute(kit)
  addArtifactTwirpRoutes(kit)
  addCacheRoutes(kit)
  server.on('request', requestListener(kit))
  return fakeApi(kit, server)
}

/** The object tests hold: the kit's state and requests, seeding, failure injection, env(), close(). */
function fakeApi(kit: Kit, server: Server): FakeGitHub {
  const { state, requests, injections } = kit
  const runners: RunnerEnv[] = []
  const fake: FakeGitHub = {
    url: kit.url,
    apiUrl: kit.apiUrl,
    resultsUrl: `${kit.url}/`,
    serverUrl: kit.serverUrl,
    owner: kit.owner,
    repo: kit.repo,
    token: kit.defaultToken,
    runId: kit.runId,
    bot: kit.bot,
    requests,
    state,
    restRequests: () => requests.filter((r) => r.service === 'rest'),
    addToken: (t, info) => void kit.tokens.set(t, info),
    runtimeToken: kit.runtimeToken,
    inject(rule) {
      const r = { ...rule, hits: 0, removed: false }
      injections.push(r)
      return {
        remove: () => void (r.removed = true),
        get hits() {
          return r.hits
        }
      }
    },
    clearInjections: () => void (injections.length = 0),
    seedComments: (issueNumber, specs) => seedComments(kit, issueNumber, specs),
    seedPull: (pull: any) => seedPull(kit, pull),
    seedCheckRun: (run) => seedCheckRun(kit, run),
    seedRun: (run: any) => seedRun(kit, run),
    seedCompare: (base, head, o) => seedCompare(kit, base, head, o),
    seedArtifact: (spec) => seedArtifact(kit, spec),
    artifactBytes: (idOrName) => artifactBytes(kit, idOrName),
    artifactFiles: (idOrName) => readZip(artifactBytes(kit, idOrName)),
    env: (o) => {
      const env = runnerEnv(kit, o)
      runners.push(env) // removed by close(): a test need not clean up each step's runner folder
      return env
    },
    reset() {
      requests.length = 0
      state.comments = []
      state.artifacts = []
      state.caches = []
      state.checkRuns = []
      state.pulls.clear()
      state.pullCommits.clear()
      state.runs.clear()
      state.compares.clear()
      state.blobs.clear()
      injections.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const env of runners.splice(0)) env.cleanup()
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      })
  }
  return fake
}
