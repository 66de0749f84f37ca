#!/usr/bin/env bash
# Regenerates every generated file from the API packages (kube-codegen.config.json says where).
# Wire it into your project the same way: `kube-codegen generate` with a config file.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# bin/kube-codegen.js runs dist/: rebuild it when any source is newer, so a changed generator is
# never run from a stale build (which would write old output over the goldens).
if [ ! -f dist/cli/main.js ] || [ -n "$(find src -name '*.ts' -newer dist/cli/main.js -print -quit)" ]; then
  npm run --silent build
fi
# This repository's own generated files (the test API server's built-in schemas, from the recorded
# 1.24 OpenAPI document, and config.schema.json, from the option table); a project using
# kube-codegen needs only the line after them.
node --import tsx scripts/update-builtin-definitions.ts
node --import tsx scripts/update-config-schema.ts
node bin/kube-codegen.js generate "$@"
# Each example project under generated-examples/<name>/ is a project of its own: its config file,
# API package, generated clients and CRDs live there, and paths in its config are relative to it.
root="$PWD"
for cfg in generated-examples/*/kube-codegen.config.json; do
  [ -e "$cfg" ] || continue
  (cd "$(dirname "$cfg")" && node "$root/bin/kube-codegen.js" generate "$@")
done
