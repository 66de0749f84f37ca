#!/usr/bin/env bash
# Regenerates every generated file from the API packages (kube-codegen.config.json says where).
# Wire it into your project the same way: `kube-codegen generate` with a config file.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -f dist/cli/main.js ] || npm run --silent build
exec node bin/kube-codegen.js generate "$@"
