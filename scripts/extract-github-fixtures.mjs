#!/usr/bin/env node
// Extracts the small, self-sufficient GitHub fixtures used by __tests__/action from two large
// devDependencies, so that those packages can be removed afterwards:
//
//   @octokit/openapi           generated/api.github.com.deref.json (GitHub's REST description, ~73 MB)
//     -> __tests__/fixtures/github/openapi-subset.json   only the operations benchgate (and the
//        @actions/artifact library it uses) call, with parameters, request body and response
//        schemas; descriptions and examples pruned.
//   @octokit/webhooks-examples api.github.com/index.json (GitHub's documented webhook payloads)
//     -> __tests__/fixtures/github/events/<event>.<action>.json   copied verbatim.
//
// Usage: npm install --no-save @octokit/openapi@23.0.2 @octokit/webhooks-examples@7.6.1
//        node scripts/extract-github-fixtures.mjs   (idempotent; prints what it wrote)

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(path.join(root, 'package.json'))
const outDir = path.join(root, '__tests__', 'fixtures', 'github')

// The REST operations benchgate uses. `why` is kept in the fixture so a reader knows who calls it.
const OPERATIONS = [
  ['get', '/user', 'PAT mode: find out who we are (403 for an installation token)'],
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}/comments', 'find the sticky comment'],
  ['post', '/repos/{owner}/{repo}/issues/{issue_number}/comments', 'create the sticky comment'],
  ['patch', '/repos/{owner}/{repo}/issues/comments/{comment_id}', 'update the sticky comment'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}', 'check a PR (fork-safe split: head sha)'],
  [
    'get',
    '/repos/{owner}/{repo}/pulls/{pull_number}/commits',
    "a PR's commits, to find the check run that recorded the sticky comment's id"
  ],
  [
    'get',
    '/repos/{owner}/{repo}/commits/{commit_sha}/pulls',
    'PRs of a commit (workflow_run from forks has pull_requests: [])'
  ],
  ['post', '/repos/{owner}/{repo}/check-runs', 'create a check run'],
  ['patch', '/repos/{owner}/{repo}/check-runs/{check_run_id}', 'update a check run'],
  [
    'get',
    '/repos/{owner}/{repo}/commits/{ref}/check-runs',
    "find benchgate's check run on a commit again (a re-run updates it)"
  ],
  ['get', '/repos/{owner}/{repo}/actions/runs/{run_id}', 'the triggering run (workflow_run)'],
  [
    'get',
    '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts',
    '@actions/artifact listArtifacts/getArtifact with findBy'
  ],
  ['get', '/repos/{owner}/{repo}/actions/artifacts', 'list artifacts of the repository (by name)'],
  ['get', '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}', 'one artifact'],
  [
    'get',
    '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}',
    '@actions/artifact downloadArtifact with findBy (302 to blob)'
  ],
  [
    'delete',
    '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}',
    '@actions/artifact deleteArtifact with findBy'
  ],
  ['get', '/repos/{owner}/{repo}/compare/{basehead}', 'merge-base of base and head']
]

// Response status codes worth keeping a schema for (all documented ones are kept, this is the order).
const DROP_KEYS = new Set([
  'description',
  'examples',
  'example',
  'externalDocs',
  'x-github',
  'x-octokit',
  'tags'
])

function prune(node) {
  if (Array.isArray(node)) return node.map(prune)
  if (node === null || typeof node !== 'object') return node
  const out = {}
  for (const [k, v] of Object.entries(node)) {
    // `properties` maps property names (which may be called "description"/"example") to schemas.
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, prune(s)]))
      continue
    }
    if (DROP_KEYS.has(k) || k === 'title') continue
    out[k] = prune(v)
  }
  return out
}

function extractOpenApi() {
  const pkgPath = require.resolve('@octokit/openapi/package.json')
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'))
  const specPath = path.join(path.dirname(pkgPath), 'generated', 'api.github.com.deref.json')
  const spec = JSON.parse(readFileSync(specPath, 'utf8'))
  const paths = {}
  const missing = []
  for (const [method, p, why] of OPERATIONS) {
    const op = spec.paths[p]?.[method]
    if (!op) {
      missing.push(`${method.toUpperCase()} ${p}`)
      continue
    }
    const responses = {}
    for (const [status, r] of Object.entries(op.responses ?? {})) {
      const kept = {}
      if (r.headers) kept.headers = prune(r.headers)
      const json = r.content?.['application/json']?.schema
      if (json) kept.content = { 'application/json': { schema: prune(json) } }
      responses[status] = kept
    }
    const entry = {
      operationId: op.operationId,
      summary: op.summary,
      'x-benchgate-why': why,
      parameters: prune(op.parameters ?? []),
      responses
    }
    const body = op.requestBody
    if (body) {
      entry.requestBody = {
        required: body.required ?? false,
        content: Object.fromEntries(
          Object.entries(body.content ?? {}).map(([ct, c]) => [ct, { schema: prune(c.schema) }])
        )
      }
    }
    paths[p] ??= {}
    paths[p][method] = entry
  }
  if (missing.length) throw new Error(`operations not in the spec: ${missing.join(', ')}`)
  const subset = {
    openapi: spec.openapi,
    info: {
      title: 'Subset of GitHub REST API description used by benchgate tests',
      version: spec.info.version,
      'x-source-package': `${pkg.name}@${pkg.version}`,
      'x-source-file': 'generated/api.github.com.deref.json',
      'x-github-plan': spec.info['x-github-plan'],
      'x-generated-by': 'scripts/extract-github-fixtures.mjs'
    },
    paths
  }
  const file = path.join(outDir, 'openapi-subset.json')
  writeFileSync(file, JSON.stringify(subset) + '\n')
  return { file, bytes: JSON.stringify(subset).length + 1, operations: OPERATIONS.length }
}

// webhook examples: pick the first documented example of each (event, action)
const EVENTS = [
  ['pull_request', 'synchronize'],
  ['pull_request', 'opened'],
  ['push', undefined],
  ['workflow_run', 'completed'],
  ['workflow_dispatch', undefined]
]

function extractEvents() {
  const pkgPath = require.resolve('@octokit/webhooks-examples/package.json')
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'))
  const all = JSON.parse(
    readFileSync(path.join(path.dirname(pkgPath), 'api.github.com', 'index.json'), 'utf8')
  )
  const dir = path.join(outDir, 'events')
  mkdirSync(dir, { recursive: true })
  const written = []
  for (const [name, action] of EVENTS) {
    const event = all.find((e) => e.name === name)
    const example = event?.examples.find((x) => x.action === action)
    if (!example) throw new Error(`no example for ${name}.${action}`)
    const file = path.join(dir, action ? `${name}.${action}.json` : `${name}.json`)
    // verbatim (pretty-printed with 2 spaces, as in the upstream source files)
    writeFileSync(file, JSON.stringify(example, null, 2) + '\n')
    written.push({ file: path.relative(root, file), index: event.examples.indexOf(example) })
  }
  const readme = `# GitHub webhook event payloads

These are GitHub's documented example webhook payloads, copied verbatim (re-serialised as JSON with
2-space indentation, no field changed) from the npm package \`${pkg.name}@${pkg.version}\`
(source: https://github.com/octokit/webhooks, file \`payload-examples/api.github.com/<event>/*.json\`,
bundled in the package as \`api.github.com/index.json\`; MIT licence).

A workflow run sees the same object in the file named by \`GITHUB_EVENT_PATH\`.

| file | event | action | index in the package's \`examples\` array |
|---|---|---|---|
${written
  .map((w) => {
    const base = path.basename(w.file, '.json').split('.')
    return `| \`${path.basename(w.file)}\` | \`${base[0]}\` | ${base[1] ? `\`${base[1]}\`` : '–'} | ${w.index} |`
  })
  .join('\n')}

Regenerate with \`node scripts/extract-github-fixtures.mjs\` (needs the devDependencies
\`@octokit/openapi\` and \`@octokit/webhooks-examples\` installed). Tests must not depend on those
packages: they read only these files and \`../openapi-subset.json\`.

Known quirks of the real payloads worth testing against:
- \`workflow_run.pull_requests\` is empty when the PR comes from a fork; the PR number must then be
  found another way (and verified against \`workflow_run.head_sha\`).
- \`pull_request.head.repo\` may be a different repository (a fork) from \`repository\`.
`
  writeFileSync(path.join(dir, 'README.md'), readme)
  return written
}

mkdirSync(outDir, { recursive: true })
const api = extractOpenApi()
console.log(
  `wrote ${path.relative(root, api.file)} (${api.operations} operations, ${(api.bytes / 1024).toFixed(1)} KiB)`
)
for (const w of extractEvents()) console.log(`wrote ${w.file} (example #${w.index})`)
