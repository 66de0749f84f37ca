#!/usr/bin/env bash
# `npm run lint`: ESLint (type-aware, eslint.config.js), prettier --check over the hand-written
# sources (.prettierrc, .prettierignore) and knip (knip.jsonc). ESLint takes most of the time on
# one core, so prettier and knip run beside it; each one's output is printed whole, in order, and
# the script fails if any of them does.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
npx prettier --check --log-level warn '**/*.{ts,js,mjs,json,jsonc}' >"$out/prettier" 2>&1 &
prettier=$!
npx knip >"$out/knip" 2>&1 &
knip=$!
npx eslint . >"$out/eslint" 2>&1
status=$?
failed=()
[ "$status" -eq 0 ] || failed+=(eslint)
wait "$prettier" || failed+=("prettier (npm run format fixes it)")
wait "$knip" || failed+=(knip)
for tool in eslint prettier knip; do
  [ -s "$out/$tool" ] && { echo "== $tool"; cat "$out/$tool"; }
done
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'lint failed: %s\n' "${failed[*]}" >&2
  exit 1
fi
echo "lint: eslint, prettier and knip clean"
