// Marker values and doc comments with quotes, backticks, `*/`, `${`, newline escapes and YAML
// specials go through the whole pipeline and come out as exactly the same data: the generated
// YAML parses back to them, and the generated TypeScript means nothing more than before.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import ts from "typescript";
import { runPipeline } from "../../src/pipeline.js";
import { testOptions } from "../helpers/options.js";
import { tempDir } from "../helpers/fs.js";

const nasty = [
  'quote"d',
  "back`tick`",
  "${process.exit(1)}",
  "*/ end",
  "# not a comment",
  "key: value",
  "- item",
  "&anchor *alias",
  "'single'",
  "@at !tag %pct",
  "|",
  "null",
];

function writePackage(dir: string): void {
  const pkg = join(dir, "input/widgets/v1");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "doc.ts"), "// +groupName=example.com\n// +k8s:deepcopy-gen=package\nexport {};\n");
  const enumValues = nasty.map((v) => JSON.stringify(v)).join(";");
  writeFileSync(
    join(pkg, "types.ts"),
    `import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:printcolumn:name="Mode",type=string,JSONPath=\`.spec.mode\`,description="says \\"hi\\" */ \${x} # y: z"

// Widget is described with */ and \${danger} and "quotes" and: a colon.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec holds the values.
export interface WidgetSpec {
  // Mode has a doc with a backtick \` and */ and a newline escape \\n inside.
  // +kubebuilder:validation:Enum=${enumValues}
  // +kubebuilder:default="key: value"
  // +kubebuilder:validation:XValidation:rule="self != 'x'",message="can't be \\"x\\" */ \${y}"
  mode?: string;
}
`,
  );
}

test("marker values and docs round-trip as data through the generated CRD and TypeScript", async () => {
  const dir = tempDir();
  writePackage(dir);
  const r = await runPipeline(testOptions(dir));
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  const crdFile = r.files.find((f) => f.path.endsWith(".yaml"));
  assert.ok(crdFile, "a CRD was generated");
  const docs = parseAllDocuments(crdFile.content).map((d) => {
    assert.deepEqual(d.errors, []);
    return d.toJS() as Record<string, any>;
  });
  assert.equal(docs.length, 1);
  const version = docs[0]!["spec"]["versions"][0];
  const mode = version.schema.openAPIV3Schema.properties.spec.properties.mode;
  assert.deepEqual(mode.enum, nasty);
  assert.equal(mode.default, "key: value");
  assert.deepEqual(mode["x-kubernetes-validations"], [{ rule: "self != 'x'", message: 'can\'t be "x" */ ${y}' }]);
  assert.match(mode.description, /backtick ` and \*\/ and a newline escape \\n inside/);
  assert.equal(version.schema.openAPIV3Schema.description, 'Widget is described with */ and ${danger} and "quotes" and: a colon.');
  assert.deepEqual(version.additionalPrinterColumns[0], {
    description: 'says "hi" */ ${x} # y: z',
    jsonPath: ".spec.mode",
    name: "Mode",
    type: "string",
  });
  // Every generated TypeScript file parses, and declares only what the generators meant to.
  for (const f of r.files.filter((x) => x.path.endsWith(".ts"))) {
    const sf = ts.createSourceFile(f.path, f.content, ts.ScriptTarget.ES2022, true);
    const diags = (sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics;
    assert.deepEqual(diags, [], `${f.path} parses`);
    assert.doesNotMatch(f.content, /process\.exit|\$\{danger\}/, `${f.path} carries no marker text as code`);
  }
});
