#!/usr/bin/env bash
# generate.sh rebuilds ../gazetteer.tsv.gz from pinned npm packages (see
# package.json and package-lock.json) and ../curated.tsv. It needs node >= 18,
# npm (reaching the npm registry) and a word list at /usr/share/dict/words
# (Debian: apt-get install wamerican). The output is deterministic.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cp "$here/package.json" "$here/package-lock.json" "$tmp/"
(cd "$tmp" && npm ci --no-audit --no-fund --ignore-scripts >/dev/null)
dict="${DICT:-/usr/share/dict/words}"
node "$here/generate.mjs" "$tmp/node_modules" "$here/../curated.tsv" "$dict" "$here/../gazetteer.tsv.gz"
