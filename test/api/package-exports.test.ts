// The two packages' entry points resolve (after the build that `npm ci` runs) and expose what the
// docs document: kube-codegen (the generator, `.` and `./testing`, and the config file's JSON
// Schema, `./config.schema.json`) and @kube-codegen/runtime (its root and a subpath per layer).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");
interface Manifest {
  name: string;
  /** A module's types and code, or a file's path (config.schema.json). */
  exports: Record<string, { default: string; types: string } | string>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
}
const read = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
const generator = read(repo);
const runtimeDir = join(repo, "runtime");
/** The types and code of a module export (every export but the schema file is one). */
const moduleExport = (m: Manifest, name: string) => {
  const e = m.exports[name];
  if (typeof e !== "object") throw new Error(`${m.name} export ${name} is not a module`);
  return e;
};
const runtime = read(runtimeDir);

test("kube-codegen exports ., ./testing, ./config.schema.json and the bin; the runtime is its own package", () => {
  assert.equal(generator.name, "kube-codegen");
  assert.deepEqual(Object.keys(generator.exports).sort(), [".", "./config.schema.json", "./testing"]);
  assert.equal(generator.exports["./config.schema.json"], "./config.schema.json");
  assert.ok(existsSync(join(repo, "config.schema.json")));
  assert.equal(generator.bin?.["kube-codegen"], "bin/kube-codegen.js");
  assert.equal(runtime.name, "@kube-codegen/runtime");
  // The root and one subpath per layer (test/api/runtime-entry-points.test.ts checks what each loads).
  assert.deepEqual(Object.keys(runtime.exports), [
    ".",
    "./core",
    "./rest",
    "./watch",
    "./client",
    "./builtin",
    "./cache",
    "./workqueue",
    "./webhook",
    "./controller",
    "./tls",
  ]);
});

test("the runtime depends on none of the generator's libraries", () => {
  const generatorOnly = ["kube-codegen", "typescript", "ts-morph", "prettier", "yargs", "diff", "ajv", "@bufbuild/cel", "@bufbuild/re2"];
  assert.deepEqual(
    Object.keys(runtime.dependencies ?? {}).filter((d) => generatorOnly.includes(d)),
    [],
  );
});

test("the built entry points load and export the documented API", async (t) => {
  if (!existsSync(join(repo, "dist/index.js"))) return t.skip("dist/ not built (npm ci builds it)");
  const root = await import(join(repo, moduleExport(generator, ".").default));
  assert.equal(typeof root.runPipeline, "function");
  assert.equal(typeof root.main, "function");
  const rt = await import(join(runtimeDir, moduleExport(runtime, ".").default));
  assert.equal(typeof rt.Scheme, "function");
  assert.equal(typeof rt.deepCopyObjectMeta, "function");
  const client = await import(join(runtimeDir, moduleExport(runtime, "./client").default));
  assert.equal(client.ResourceClient, rt.ResourceClient);
  const testing = await import(join(repo, moduleExport(generator, "./testing").default));
  assert.equal(typeof testing.startTestApiServer, "function");
  for (const e of Object.values(generator.exports)) {
    const file = typeof e === "string" ? e : e.types;
    assert.ok(existsSync(join(repo, file)), file);
  }
  for (const name of Object.keys(runtime.exports)) assert.ok(existsSync(join(runtimeDir, moduleExport(runtime, name).types)), name);
});
