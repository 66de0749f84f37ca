#!/usr/bin/env bash
# Fails (exit 1, with a unified diff) when committed generated files differ from what the API
# packages produce now. Run it in CI after the tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# bin/kube-codegen.js runs dist/: rebuild it when any source is newer, so a changed generator is
# never run from a stale build (which would write old output over the goldens).
if [ ! -f dist/cli/main.js ] || [ -n "$(find src -name '*.ts' -newer dist/cli/main.js -print -quit)" ]; then
  npm run --silent build
fi
# Both checks run, so one stale file does not hide the other. The first is this repository's own
# generated table (the test API server's built-in schemas); a project needs only the second.
status=0
node --import tsx scripts/update-builtin-definitions.ts --verify || status=1
node bin/kube-codegen.js verify "$@" || status=1
# Every example project is verified from its own directory, then type-checked with its own
# tsconfig.json (strict), as a user's project would be.
root="$PWD"
for cfg in generated-examples/*/kube-codegen.config.json; do
  [ -e "$cfg" ] || continue
  dir="$(dirname "$cfg")"
  (cd "$dir" && node "$root/bin/kube-codegen.js" verify "$@") || status=1
  if [ -f "$dir/tsconfig.json" ]; then
    npx --no-install tsc -p "$dir/tsconfig.json" --noEmit || status=1
  fi
done
exit "$status"
