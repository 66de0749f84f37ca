// The test-server example of docs/guide/testing.md is run as written (imports pointed at this
// checkout): it must start the server from generated CRDs, create the Foo over HTTPS with the token
// and CA, and deep copy it through the generated registration. It is also type-checked as a consumer would compile it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { tempDir } from "../helpers/fs.js";
import { strictExampleCheck } from "../helpers/type-check.js";

const repo = resolve(import.meta.dirname, "../..");
const guide = readFileSync(join(repo, "docs/guide/testing.md"), "utf8");

/** The ```ts block that follows the sentence naming this test. */
function snippet(): string {
  const at = guide.indexOf("`test/docs/test-server-example.test.ts` runs this example");
  assert.ok(at >= 0, "docs/guide/testing.md no longer names this test next to its example");
  const m = /```ts\n([\s\S]*?)```/.exec(guide.slice(at));
  assert.ok(m?.[1], "no ts block after the sentence");
  return m[1];
}

/**
 * The snippet with its relative imports and CRD directory resolved to this checkout; with
 * `packages`, the kube-codegen/* imports too (the type check maps those with `paths` instead, as
 * generated files import them).
 */
function localised(code: string, packages: boolean): string {
  const src = (p: string) => JSON.stringify(join(repo, p));
  if (packages) {
    code = code
      .replace(/"@kube-codegen\/runtime"/g, src("runtime/src/index.js"))
      .replace(/"(@kube-codegen|kube-codegen)\/testing"/g, src("testing/src/index.js"));
  }
  return (
    code
      .replace(/"\.\/apis\/([^"]+)"/g, (_, p: string) => src(`generated-examples/sample-controller/apis/${p}`))
      .replace(/loadCrds\("config\/crd\/bases"\)/, `loadCrds(${src("generated-examples/sample-controller/config/crd/bases")})`) +
    "\nexport { foo, created, copy };\n"
  );
}

test("the testing guide's test-server example type-checks under the strict options it promises", () => {
  const file = join(tempDir(), "example.mts");
  writeFileSync(file, localised(snippet(), false));
  assert.deepEqual(strictExampleCheck(file), []);
});

test("the testing guide's test-server example runs: the Foo is created over HTTPS and deep-copied", async () => {
  const file = join(tempDir(), "example.mts");
  writeFileSync(file, localised(snippet(), true));
  const m = (await import(pathToFileURL(file).href)) as {
    foo: { spec: unknown };
    created: { metadata: { uid?: string; namespace?: string }; spec: unknown };
    copy: unknown;
  };
  assert.equal(m.created.metadata.namespace, "default");
  assert.ok(m.created.metadata.uid, "the server assigned a uid");
  assert.deepEqual(m.created.spec, m.foo.spec);
  assert.deepEqual(m.copy, m.created);
  assert.notEqual(m.copy, m.created);
  assert.notEqual((m.copy as { spec: unknown }).spec, m.created.spec);
});
