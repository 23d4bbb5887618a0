#!/usr/bin/env bash
# Puts the API reference page's script (Scalar's single-file browser bundle) in public/vendor/,
# taken from the npm package through npm itself, so /api/v1/docs loads nothing from a CDN
# (docs/decisions/0067). Usage: scripts/vendor-api-reference.sh 1.72.1
# Then set SCALAR_BUNDLE in server/api/v1/docs.ts to the version and the sha256 printed.
set -euo pipefail
version="${1:?usage: $0 VERSION}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "@scalar/api-reference@${version}" >/dev/null)
tar -xzf "$work"/scalar-api-reference-"${version}".tgz -C "$work" package/dist/browser/standalone.js
rm -f "$root"/public/vendor/scalar-api-reference-*.js
cp "$work"/package/dist/browser/standalone.js "$root/public/vendor/scalar-api-reference-${version}.js"
sha256sum "$root/public/vendor/scalar-api-reference-${version}.js"
