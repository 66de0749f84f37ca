#!/usr/bin/env bash
# Fails (exit 1, with a unified diff) when committed generated files differ from what the API
# packages produce now. Run it in CI after the tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# bin/kube-codegen.js runs dist/: rebuild both packages unless their dist/ is the build of their
# sources as they are now (judged by a hash of the sources, never by mtimes), so a changed generator
# is never run from a stale build (which would write old output over the goldens).
node --import tsx scripts/build-stamp.ts check runtime apiextensions testing . || npm run --silent build
# Every check runs, so one stale file does not hide another: this repository's own generated files
# (the test API server's built-in schemas and config.schema.json; a project needs only the rest), the root config, and
# every example project verified from its own directory, then type-checked with its own
# tsconfig.json (strict), as a user's project would be. They are independent and read-only, so
# they run two at a time (the longest first: the example type checks); each one's output is
# printed whole, in this order.
root="$PWD"
args=""
[ "$#" -eq 0 ] || args=$(printf ' %q' "$@")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
checks=()
for cfg in generated-examples/*/kube-codegen.config.json; do
  [ -e "$cfg" ] || continue
  dir="$(dirname "$cfg")"
  [ -f "$dir/tsconfig.json" ] && checks+=("npx --no-install tsc -p $(printf %q "$dir/tsconfig.json") --noEmit")
done
checks+=("node --import tsx scripts/update-builtin-definitions.ts --verify")
checks+=("node --import tsx scripts/update-protobuf.ts --verify")
checks+=("node --import tsx scripts/update-config-schema.ts --verify")
checks+=("node bin/kube-codegen.js verify$args")
for cfg in generated-examples/*/kube-codegen.config.json; do
  [ -e "$cfg" ] || continue
  checks+=("cd $(printf %q "$(dirname "$cfg")") && node $(printf %q "$root/bin/kube-codegen.js") verify$args")
done
running=0
for i in "${!checks[@]}"; do
  if [ "$running" -ge 2 ]; then
    wait -n || true
    running=$((running - 1))
  fi
  (
    set +e
    bash -c "${checks[$i]}" >"$out/$i.log" 2>&1
    echo "$?" >"$out/$i.status"
  ) &
  running=$((running + 1))
done
wait
status=0
for i in "${!checks[@]}"; do
  cat "$out/$i.log"
  [ "$(cat "$out/$i.status")" = 0 ] || { echo "verify-codegen: failed: ${checks[$i]}" >&2; status=1; }
done
exit "$status"
