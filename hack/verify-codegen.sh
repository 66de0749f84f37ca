#!/usr/bin/env bash
# Fails (exit 1, with a unified diff) when committed generated files differ from what the API
# packages produce now. Run it in CI after the tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -f dist/cli/main.js ] || npm run --silent build
exec node bin/kube-codegen.js verify "$@"
