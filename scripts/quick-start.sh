#!/usr/bin/env bash
# Prints the README's quick start, one command per line: the command lines of the first ```sh block
# under "## Quick start", each without its trailing `# comment`. .ci/run runs exactly these, so a
# quick start that fails on a fresh clone cannot land; the README stays the one place they are written.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
awk '
  /^## Quick start[[:space:]]*$/ { section = 1; next }
  section && /^## / { exit }
  section && !block && /^```sh[[:space:]]*$/ { block = 1; next }
  block && /^```[[:space:]]*$/ { exit }
  block {
    sub(/[[:space:]]+#.*$/, "")
    if ($0 !~ /^[[:space:]]*(#|$)/) print
  }
' README.md
