// The README's taste is true: its types are the sample-controller's (every line of the block, in
// order, is a line of the real types.ts), and its controller-and-test block type-checks under the
// strict options it promises and runs, against the sample-controller's generated code and CRD: the
// controller must write the Foo's status through the typed client.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { tempDir } from "../helpers/fs.js";
import { strictExampleCheck } from "../helpers/type-check.js";

const repo = resolve(import.meta.dirname, "../..");
const example = "generated-examples/sample-controller";
const readme = readFileSync(join(repo, "README.md"), "utf8");

/** The ```ts blocks of the README's "A taste" section, in order. */
function tasteBlocks(): string[] {
  const start = readme.indexOf("\n## A taste\n");
  assert.ok(start >= 0, "README lacks its ## A taste section");
  const end = readme.indexOf("\n## ", start + 1);
  const blocks = [...readme.slice(start, end < 0 ? undefined : end).matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "");
  assert.equal(blocks.length, 2, "the taste has a types block and a controller block");
  return blocks;
}

/**
 * The controller block with its relative imports and CRD directory pointed at the sample-controller;
 * with `run`, the package imports too (the type check maps those with `paths` instead), and node:test's
 * `test` replaced by a collector so the block's test runs inside this one.
 */
function localised(code: string, run: boolean): string {
  const at = (p: string) => JSON.stringify(join(repo, p));
  code = code
    .replace(/"\.\/(apis|generated)\/([^"]+)"/g, (_, dir: string, p: string) => at(`${example}/${dir}/${p}`))
    .replace(/loadCrds\("config\/crd\/bases"\)/, `loadCrds(${at(`${example}/config/crd/bases`)})`);
  assert.ok(!code.includes('"./'), "every relative import is localised");
  if (!run) return code;
  const collector =
    "export const runs: Promise<void>[] = [];\nconst test = (_name: string, body: () => Promise<void>): void => void runs.push(body());";
  assert.ok(code.includes('import { test } from "node:test";'), "the block imports test from node:test");
  return code
    .replace('import { test } from "node:test";', collector)
    .replace(/"@kube-codegen\/runtime"/g, at("runtime/src/index.js"))
    .replace(/"(@kube-codegen|kube-codegen)\/testing"/g, at("testing/src/index.js"));
}

test("the taste's types are the sample-controller's, line for line", () => {
  const [types] = tasteBlocks();
  const real = readFileSync(join(repo, example, "apis/samplecontroller/v1alpha1/types.ts"), "utf8")
    .split("\n")
    .map((l) => l.trim());
  let from = 0;
  for (const line of types!.split("\n").map((l) => l.trim())) {
    if (line === "" || line.startsWith("// apis/")) continue;
    const i = real.indexOf(line, from);
    assert.ok(i >= 0, `types.ts has no line "${line}" after line ${from}`);
    from = i + 1;
  }
});

test("the taste's controller and test type-check under the strict options it promises", () => {
  const file = join(tempDir(), "taste.test.mts");
  writeFileSync(file, localised(tasteBlocks()[1]!, false));
  assert.deepEqual(strictExampleCheck(file), []);
});

test("the taste's test passes: the controller writes the Foo's status through the typed client", async () => {
  const file = join(tempDir(), "taste.test.mts");
  writeFileSync(file, localised(tasteBlocks()[1]!, true));
  const m = (await import(pathToFileURL(file).href)) as { runs: Promise<void>[] };
  assert.equal(m.runs.length, 1, "the block declares one test");
  await Promise.all(m.runs);
});
