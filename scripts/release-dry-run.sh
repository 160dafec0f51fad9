#!/usr/bin/env bash
# The release workflow's publish job (.github/workflows/release.yml), run here up to the publish
# itself: from a fresh clone of HEAD, npm ci, build, dist/ freshness, npm pack, the tarball installed
# into an empty folder, `npx benchgate --help` from there, and `npm publish --dry-run` of that tarball.
# Usage: npm run release:dry-run (minutes: a full npm ci and build). Uncommitted changes are not in it.
set -euo pipefail
# npm_config_* of `npm run` (prefix, …) must not reach the nested installs.
while read -r v; do unset "$v"; done < <(env | grep -io '^npm_[a-z0-9_]*' || true)

root=$(git rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/benchgate-release-XXXXXX")
trap 'rm -rf "$work"' EXIT
quiet=(--no-audit --no-fund --loglevel=error)

git clone --quiet --no-local "$root" "$work/clone"
cd "$work/clone"
echo "== $(git log -1 --format='%h %s' | cut -c1-100)"
npm ci "${quiet[@]}"
npm run build >/dev/null
git diff --exit-code --stat -- dist || { echo "dist/ is stale: run npm run build and commit it" >&2; exit 1; }
version=$(node -p "require('./package.json').version")
if [ "$(npm view "benchgate@$version" version 2>/dev/null)" = "$version" ]; then
  echo "benchgate@$version is already on npm: bump the version (npm version X.Y.Z --no-git-tag-version)" >&2
  exit 1
fi
npm pack --silent --pack-destination "$work" >/dev/null
tarball="$work/benchgate-$version.tgz"

mkdir "$work/app"
cd "$work/app"
npm install "${quiet[@]}" "$tarball"
npx --no-install benchgate --help | head -n 2
npm publish "$tarball" --dry-run --access public 2>&1 | grep -E 'package size|unpacked size|total files|\+ benchgate'
echo "release dry run of benchgate $version: ok"
