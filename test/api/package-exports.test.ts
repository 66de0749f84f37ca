// The package's three entry points resolve (after the build that `npm ci` runs) and expose what
// the README documents.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { exports: Record<string, { default: string; types: string }>; bin: Record<string, string> };

test("package.json exports ., ./runtime and ./testing, and the bin", () => {
  assert.deepEqual(Object.keys(pkg.exports).sort(), [".", "./runtime", "./testing"]);
  assert.equal(pkg.bin["kube-codegen"], "bin/kube-codegen.js");
});

test("the built entry points load and export the documented API", async (t) => {
  if (!existsSync(join(repo, "dist/index.js"))) return t.skip("dist/ not built (npm ci builds it)");
  const root = await import(join(repo, pkg.exports["."]!.default));
  assert.equal(typeof root.runPipeline, "function");
  assert.equal(typeof root.main, "function");
  const runtime = await import(join(repo, pkg.exports["./runtime"]!.default));
  assert.equal(typeof runtime.Scheme, "function");
  assert.equal(typeof runtime.deepCopyObjectMeta, "function");
  const testing = await import(join(repo, pkg.exports["./testing"]!.default));
  assert.equal(typeof testing.startTestApiServer, "function");
  for (const e of Object.values(pkg.exports)) assert.ok(existsSync(join(repo, e.types)), e.types);
});
