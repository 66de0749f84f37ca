#!/usr/bin/env bash
# `npm run format`: applies every mechanical fix, then prettier, to the hand-written sources, and
# checks that the result still type-checks and that the generators' output did not move. Run it
# once over the whole tree (it rewrites many files), then commit the result on its own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# ESLint's autofixes first (prettier has the last word on layout). Generated files are never
# edited by hand, fixes included: a finding there is a generator's to fix. Unfixable findings are
# reported by `npm run lint`, so their exit status is not this script's.
npx eslint --fix --ignore-pattern 'examples/apis/**/zz_generated.*.ts' . >/dev/null || true
npx prettier --write --log-level warn '**/*.{ts,js,mjs,json,jsonc}'
npm run --silent typecheck
# The generators pin their own prettier options (src/emit/format.ts): .prettierrc must not reach them.
npm run --silent codegen
generated=(':(glob)examples/apis/**/zz_generated.*' generated-examples)
git diff --quiet -- "${generated[@]}" || { echo "format-all: generated files changed" >&2; git diff --stat -- "${generated[@]}" >&2; exit 1; }
