// kube-codegen import on bad input, through the CLI as a user runs it: each problem is a positioned
// diagnostic (file:line:col) with its KCG16xx code, the exit code is 2 for errors, and the output
// directory is byte for byte what it was. A schema part the dialect cannot express is a positioned
// warning: the closest package is written (exit 0) and the regenerated CRD lacks that part.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Console } from "../../src/cli/console.js";
import { Code } from "../../src/diagnostics/index.js";
import { main } from "../../src/cli/main.js";
import { importCrds } from "../../src/import/index.js";
import { snapshot, tempDir } from "../helpers/fs.js";
import { regenerate } from "./helpers.js";

/** A small valid CRD of kind Thing; `specProps` is inserted (indented) under spec's properties. */
function thingCrd(specProps = "              size:\n                type: integer\n"): string {
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: things.acme.example.com
spec:
  group: acme.example.com
  names:
    kind: Thing
    listKind: ThingList
    plural: things
    singular: thing
  scope: Namespaced
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          spec:
            properties:
${specProps}            type: object
        type: object
    served: true
    storage: true
`;
}

/** A project dir with `files` (relative path → text) and an existing apis/ with one unrelated file. */
function project(files: Record<string, string>): string {
  const dir = tempDir("kcg-import-diag-");
  const all = { "apis/other/v1/keep.ts": "export const keep = 1;\n", ...files };
  for (const [p, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

async function run(dir: string, ...args: string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  const out = Console.memory();
  const code = await main(["import", ...args], out, dir);
  const stderr = out.stderr.join("\n");
  assert.doesNotMatch(stderr, /\n\s+at .*\(.*:\d+:\d+\)/, "no stack trace");
  return { code, stderr, stdout: out.stdout.join("\n") };
}

/** Runs an import that must fail: exit 2, the diagnostic line, and nothing under the project changed. */
async function failing(files: Record<string, string>, expected: RegExp, ...args: string[]): Promise<string> {
  const dir = project(files);
  const before = snapshot(dir);
  const r = await run(dir, ...args);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, expected);
  assert.deepEqual(snapshot(dir), before, "nothing is written");
  return r.stderr;
}

test("malformed YAML: KCG1601 at the line and column of the error, nothing written", async () => {
  const bad = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: [unclosed\n";
  await failing({ "crds/bad.yaml": bad }, /crds\/bad\.yaml:4:1 - error KCG1601: invalid YAML/, "--crds", "crds/bad.yaml");
});

test("a YAML error in one file stops the whole import, even with good CRDs beside it", async () => {
  await failing(
    { "crds/a-good.yaml": thingCrd(), "crds/b-bad.yaml": "key: 'unterminated\n" },
    /crds\/b-bad\.yaml:2:1 - error KCG1601: invalid YAML: Missing closing .quote/,
    "--crds",
    "crds",
  );
});

test("a document that is not a CRD: KCG1602 at the document, nothing written", async () => {
  const deployment = `${thingCrd()}---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n`;
  await failing({ "crds/mixed.yaml": deployment }, /crds\/mixed\.yaml:\d+:\d+ - error KCG1602: .*Deployment/, "--crds", "crds/mixed.yaml");
});

test("a CRD without a group: KCG1602 at its spec, nothing written", async () => {
  const text = thingCrd().replace("  group: acme.example.com\n", "");
  const err = await failing({ "c.yaml": text }, /c\.yaml:(\d+):(\d+) - error KCG1602/, "--crds", "c.yaml");
  assert.match(err, /group/);
});

test("the same kind twice: KCG1602 at the second, naming the first", async () => {
  await failing(
    { "crds/1.yaml": thingCrd(), "crds/2.yaml": thingCrd() },
    /crds\/2\.yaml:8:5 - error KCG1602: .*first at crds\/1\.yaml:1/,
    "--crds",
    "crds",
  );
});

test("a schema keyword the dialect cannot express (oneOf): a positioned KCG1603 warning, the rest written", async () => {
  const props =
    "              size:\n                type: integer\n              pick:\n                oneOf:\n                - required: [a]\n                - required: [b]\n                type: object\n";
  const dir = project({ "c.yaml": thingCrd(props) });
  const r = await run(dir, "--crds", "c.yaml");
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /c\.yaml:23:17 - warning KCG1603: oneOf cannot be expressed/);
  assert.ok(existsSync(join(dir, "apis/acme.example.com/v1/types.ts")));
  // Regenerated, the CRD has everything but the oneOf.
  const back = await regenerate(await importCrds([{ path: "c.yaml", text: thingCrd(props) }]));
  const crd = back.crds.get("things.acme.example.com")!.text;
  assert.doesNotMatch(crd, /oneOf/);
  assert.match(crd, /pick:\n\s+type: object/);
  assert.match(crd, /size:\n\s+type: integer/);
});

test("a file in the way without --force: KCG1605 and nothing written, not even the files that are free", async () => {
  const files = { "c.yaml": thingCrd(), "apis/acme.example.com/v1/types.ts": "// mine\nexport {};\n" };
  const err = await failing(
    files,
    /apis\/acme\.example\.com\/v1\/types\.ts:1:1 - error KCG1605: .*exists with other text/,
    "--crds",
    "c.yaml",
  );
  assert.match(err, /--force/);
  const dir = project(files);
  assert.ok(!existsSync(join(dir, "apis/acme.example.com/v1/doc.ts")));
  // With --force the file is replaced and the rest written; the unrelated file stays.
  const r = await run(dir, "--crds", "c.yaml", "--force");
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(join(dir, "apis/acme.example.com/v1/types.ts"), "utf8"), /export interface Thing extends TypeMeta/);
  assert.equal(readFileSync(join(dir, "apis/other/v1/keep.ts"), "utf8"), "export const keep = 1;\n");
  // Again without --force: the same text is already there, so nothing is in the way.
  const again = await run(dir, "--crds", "c.yaml");
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /0 written, 2 unchanged/);
});

test("a directory where a file goes is in the way even with --force", async () => {
  await failing(
    { "c.yaml": thingCrd(), "apis/acme.example.com/v1/types.ts/x": "" },
    /error KCG1605: .*is not a file/,
    "--crds",
    "c.yaml",
    "--force",
  );
});

test("--crds that does not exist, or holds no CRD: exit 2 with a message, nothing written", async () => {
  await failing({}, /does not exist/, "--crds", "missing.yaml");
  await failing({ "empty.yaml": "# nothing\n" }, /holds no CustomResourceDefinition/, "--crds", "empty.yaml");
});

test("--output and --runtime-import are honoured", async () => {
  const dir = project({ "c.yaml": thingCrd() });
  const r = await run(dir, "--crds", "c.yaml", "--output", "src/api", "--runtime-import", "my-runtime");
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(join(dir, "src/api/acme.example.com/v1/types.ts"), "utf8"), /from "my-runtime"/);
  assert.match(readFileSync(join(dir, "src/api/acme.example.com/v1/doc.ts"), "utf8"), /\+groupName=acme\.example\.com/);
});

test("the codes asserted here are the table's, at its severities", () => {
  assert.deepEqual(
    [Code.importBadYaml, Code.importNotCrd, Code.importUnexpressible, Code.importWouldOverwrite],
    ["KCG1601", "KCG1602", "KCG1603", "KCG1605"],
  );
});
