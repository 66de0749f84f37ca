#!/usr/bin/env bash
# Regenerates every generated file from the API packages (kube-codegen.config.json says where).
# Wire it into your project the same way: `kube-codegen generate` with a config file.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# This repository's own generated files, sources of the build, so they come first (each is rewritten
# only when its bytes change): the test API server's built-in schemas (from the recorded 1.24 OpenAPI
# document), the protobuf descriptors of the test server (from the vendored testing/proto),
# config.schema.json (from the option table) and the reference pages' generated sections
# (markers, diagnostic codes, options). A project using kube-codegen needs only the generate lines.
node --import tsx scripts/update-builtin-definitions.ts
node --import tsx scripts/update-protobuf.ts
node --import tsx scripts/update-config-schema.ts
node --import tsx scripts/update-docs.ts
# bin/kube-codegen.js runs dist/: rebuild both packages unless their dist/ is the build of their
# sources as they are now (judged by a hash of the sources, never by mtimes), so a changed generator
# is never run from a stale build (which would write old output over the goldens).
node --import tsx scripts/build-stamp.ts check runtime apiextensions testing . || npm run --silent build
node bin/kube-codegen.js generate "$@"
# Each example project under generated-examples/<name>/ is a project of its own: its config file,
# API package, generated clients and CRDs live there, and paths in its config are relative to it.
root="$PWD"
for cfg in generated-examples/*/kube-codegen.config.json; do
  [ -e "$cfg" ] || continue
  (cd "$(dirname "$cfg")" && node "$root/bin/kube-codegen.js" generate "$@")
done
