#!/usr/bin/env node
// Runs every test/**/*.test.ts file with Node's test runner through tsx.
// Node 20's --test takes no globs, so the files are found here, sorted for a stable order.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";

function find(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name === "fixtures" || name === "input" || name === "expected" || name === "node_modules") continue;
      find(p, out);
    } else if (name.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

const filter = process.argv.slice(2);
let files = [...find("test", []), ...find("runtime/test", [])].map((f) => relative(".", f));
if (filter.length > 0) files = files.filter((f) => filter.some((x) => f.includes(x)));
const res = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...files], { stdio: "inherit" });
process.exit(res.status ?? 1);
