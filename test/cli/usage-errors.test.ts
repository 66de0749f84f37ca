// A usage error (unknown flag or argument) stops the command before it does anything: generate
// must not write and exit 0 after printing the error, markers must not print its reference.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { databaseProject, tempDir } from "../helpers/fs.js";

async function run(dir: string, ...argv: string[]) {
  const out = Console.memory();
  const code = await main(argv, out, dir);
  return { code, stdout: out.stdout.join("\n"), stderr: out.stderr.join("\n") };
}

for (const command of ["generate", "verify"]) {
  test(`${command} with an unknown flag exits 2 and writes nothing`, async () => {
    const dir = databaseProject();
    const r = await run(dir, command, "--bogus");
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /Unknown argument: bogus/);
    assert.doesNotMatch(r.stdout, /written|up to date/);
    assert.ok(!existsSync(join(dir, "apis/db/v1/zz_generated.deepcopy.ts")), "nothing generated");
    assert.ok(!existsSync(join(dir, "config")), "no CRD written");
  });
}

test("the same project generates without the bad flag (the fixture is valid)", async () => {
  const dir = databaseProject();
  const r = await run(dir, "generate");
  assert.equal(r.code, 0, r.stderr);
  assert.ok(existsSync(join(dir, "apis/db/v1/zz_generated.deepcopy.ts")));
  assert.ok(existsSync(join(dir, "config/crd/bases/db.example.com_databases.yaml")));
});

test("markers with an unknown argument exits 2 without printing the reference", async () => {
  const r = await run(tempDir(), "markers", "--bogus");
  assert.equal(r.code, 2);
  assert.match(r.stderr, /Unknown argument: bogus/);
  assert.equal(r.stdout, "");
});

test("test-server with a missing CRD directory or a CRD the server refuses exits 2 without the usage hint", async () => {
  const missing = await run(tempDir(), "test-server", "--crds", "no-such-dir");
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^kube-codegen test-server: no-such-dir does not exist$/);
  const dir = tempDir();
  writeFileSync(
    join(dir, "bad.yaml"),
    "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x}\nspec: {}\n",
  );
  const refused = await run(dir, "test-server", "--crds", join(dir, "bad.yaml").replace(/bad\.yaml$/, ""));
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /kube-codegen test-server: .*CustomResourceDefinition.*"x" is invalid/);
  assert.doesNotMatch(refused.stderr, /--help/);
});
