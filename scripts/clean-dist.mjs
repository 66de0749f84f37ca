#!/usr/bin/env node
// Removes the build output directories named on the command line before `npm run build`, so that a
// source file deleted or renamed since the last build leaves no stale .js (or .d.ts) to be packed.
import { rmSync } from "node:fs";

for (const dir of process.argv.slice(2)) rmSync(dir, { recursive: true, force: true });
