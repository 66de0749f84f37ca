// Config file keys: a misspelt key is an error whose hint names the key that was meant.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { resolveOptions } from "../../src/config/index.js";
import { tempDir } from "../helpers/fs.js";

function withConfig(config: unknown) {
  const dir = tempDir();
  writeFileSync(join(dir, "kube-codegen.config.json"), JSON.stringify(config));
  return resolveOptions({}, dir);
}

test("a misspelt or kebab-case config key is KCG1011 with a did-you-mean hint", () => {
  for (const [wrong, meant] of [
    ["crd-output", "crdOutput"],
    ["inputs", "input"],
    ["CRDOutput", "crdOutput"],
    ["maxDescLength", "maxDescLen"],
    ["runtime_import", "runtimeImport"],
  ] as const) {
    const r = withConfig({ [wrong]: "x" });
    assert.equal(r.options, undefined, wrong);
    const d = r.diagnostics.find((x) => x.code === "KCG1011");
    assert.ok(d, `no KCG1011 for ${wrong}`);
    assert.match(d.message, new RegExp(`unknown config key "${wrong}"`));
    assert.match(d.hint ?? "", new RegExp(`^did you mean "${meant}"\\? known keys: input, `));
  }
});

test("an unrelated key gets the list of known keys and no guess", () => {
  const d = withConfig({ frobnicate: 1 }).diagnostics.find((x) => x.code === "KCG1011");
  assert.ok(d);
  assert.match(
    d.hint ?? "",
    /^known keys: input, output, crdOutput, controllers, rbacOutput, roleName, webhookOutput, generators, header, maxDescLen, crdCompat, boundsMerge, runtimeImport, serverVersions, cacheDir$/,
  );
});

test("known keys resolve, with paths relative to the working directory", () => {
  const r = withConfig({ input: "./my/apis/", crdOutput: "deploy/crds", generators: ["crd"] });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.options?.input, "my/apis");
  assert.equal(r.options?.crdOutput, "deploy/crds");
  assert.deepEqual(r.options?.generators, ["crd"]);
});

test("lister and informer are generators; an unknown name says which exist", () => {
  const r = resolveOptions({ generators: "deepcopy,lister,informer" }, tempDir());
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.options?.generators, ["deepcopy", "client", "lister", "informer"], "informer brings the client and lister it imports");
  const typo = resolveOptions({ generators: "deepcoppy" }, tempDir()).diagnostics.find((x) => x.code === "KCG1015");
  assert.equal(typo?.message, 'unknown generator "deepcoppy"');
  assert.match(typo?.hint ?? "", /choose from deepcopy, register, conversion, crd, client, lister, informer, rbac, webhook or all/);
});

test("a path flag given without a value is KCG1017, not the whole working directory", () => {
  const r = resolveOptions({ input: "" }, tempDir());
  assert.equal(r.options, undefined);
  assert.equal(r.diagnostics[0]?.code, "KCG1017");
  assert.equal(r.diagnostics[0]?.message, "--input needs a value");
  assert.equal(resolveOptions({ crdOutput: "" }, tempDir()).diagnostics[0]?.message, "--crd-output needs a value");
  assert.ok(resolveOptions({ input: "apis" }, tempDir()).options, "a real value still resolves");
});

test("--max-desc-len that is not a number does not say NaN", () => {
  const d = resolveOptions({ maxDescLen: Number.NaN }, tempDir()).diagnostics[0];
  assert.equal(d?.message, "--max-desc-len must be a whole number >= 0");
  assert.equal(resolveOptions({ maxDescLen: -1 }, tempDir()).diagnostics[0]?.message, "--max-desc-len must be a whole number >= 0, not -1");
});

test("a config file that is JSON but not an object says it must be an object, not that it is invalid JSON", () => {
  for (const [config, what] of [
    [[], "an array"],
    [null, "null"],
    ["apis", "a string"],
  ] as const) {
    const r = withConfig(config);
    assert.equal(r.options, undefined);
    assert.equal(r.diagnostics.length, 1);
    assert.equal(r.diagnostics[0]?.message, `config file must hold a JSON object of options, not ${what}`);
  }
  const d = withConfig({}).diagnostics;
  assert.deepEqual(d, [], "an empty object is a valid config");
});

test('a config file that does not parse is KCG1012, "config file is not valid JSON"', () => {
  const dir = tempDir();
  writeFileSync(join(dir, "kube-codegen.config.json"), "{ input: apis }");
  const d = resolveOptions({}, dir).diagnostics;
  assert.equal(d[0]?.code, "KCG1012");
  assert.match(d[0]?.message ?? "", /^config file is not valid JSON: /);
});

test("crdCompat and boundsMerge take only their listed values (KCG1018); defaults are today's controller-gen", () => {
  const ok = resolveOptions({}, tempDir()).options!;
  assert.equal(ok.crdCompat, "current");
  assert.equal(ok.boundsMerge, "allOf");
  assert.equal(withConfig({ crdCompat: "v0.13", boundsMerge: "field" }).options?.crdCompat, "v0.13");
  assert.equal(withConfig({ crdCompat: "v0.13", boundsMerge: "field" }).options?.boundsMerge, "field");
  const bad = resolveOptions({ crdCompat: "v0.12" }, tempDir()).diagnostics;
  assert.equal(bad[0]?.code, "KCG1018");
  assert.equal(bad[0]?.message, '--crd-compat (or crdCompat) must be one of current, v0.13, not "v0.12"');
  assert.equal(withConfig({ boundsMerge: "type" }).diagnostics[0]?.code, "KCG1018");
});
