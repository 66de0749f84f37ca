// Misspelt marker namespaces (KCG1109): a marker line outside the known namespaces whose first
// segment is a known namespace or marker with a slip (a missing `:`, a letter too few or too many)
// is a positioned warning naming the marker it was meant to be. It stays ignored, as controller-gen
// ignores unknown namespaces, so generated output is the same as without the line.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseMarkers, type MarkerTarget } from "../../src/markers/index.js";
import { kubernetesMarkers } from "../../src/vocab/index.js";
import { formatDiagnosticLine } from "../../src/diagnostics/index.js";
import { runPipeline } from "../../src/pipeline.js";
import { testOptions } from "../helpers/options.js";
import { tempDir } from "../helpers/fs.js";

function parse(text: string, target: MarkerTarget) {
  return parseMarkers([{ text, line: 3, col: 4, file: "t.ts" }], target, kubernetesMarkers);
}

describe("misspelt marker namespaces", () => {
  const cases: [string, MarkerTarget, string][] = [
    ['+kubebuilderdeprecatedversion:warning="use v2"', "type", "+kubebuilder:deprecatedversion:warning"],
    ["+kubebulder:validation:Minimum=1", "field", "+kubebuilder:validation:Minimum"],
    ["+k8:deepcopy-gen=package", "package", "+k8s:deepcopy-gen"],
    ["+kubebuildervalidation:Minimum=1", "field", "+kubebuilder:validation:Minimum"],
    ["+kubebuilderobjectroot", "type", "+kubebuilder:object:root"],
    ["+ks8:deepcopy-gen=false", "type", "+k8s:deepcopy-gen"],
    ["+optinal", "field", "+optional"],
  ];
  for (const [text, target, meant] of cases) {
    it(`${text} is a warning that names ${meant}`, () => {
      const r = parse(text, target);
      assert.equal(r.markers.length, 0);
      assert.equal(r.diagnostics.length, 1, JSON.stringify(r.diagnostics));
      const d = r.diagnostics[0]!;
      assert.equal(d.code, "KCG1109");
      assert.equal(d.severity, "warning");
      assert.equal(d.hint, `did you mean ${meant}?`);
      assert.match(d.message, new RegExp(`^marker \\${text.split("=")[0]!} is ignored: `));
      assert.deepEqual([d.file, d.line, d.col, d.length], ["t.ts", 3, 4, text.split("=")[0]!.length]);
    });
  }

  it("falls back to the namespace when nothing in it is close to the rest", () => {
    const d = parse("+kubebuiler:zzzzzzzzzzzzzz", "type").diagnostics[0]!;
    assert.equal(d.code, "KCG1109");
    assert.equal(d.hint, "did you mean +kubebuilder:...?");
  });

  it("leaves prose, other tools' markers and real markers alone", () => {
    for (const [text, target] of [
      ["+1 for this field", "field"],
      ["+kube:thing=1", "field"],
      ["+k3s:thing=1", "field"],
      ["+k9s is a tool", "field"],
      ["+k8sfoo", "field"],
      ["+kubectl apply -f x.yaml", "field"],
      ["+operator-sdk:csv:customresourcedefinitions:displayName=Size", "field"],
      ["+openshift:enable:FeatureGate=Foo", "field"],
      ["+k8s.io/api is a module", "field"],
      ["+protobuf=true", "field"],
      ["+kubebuildertools", "type"],
      ["+optional", "field"],
      ["+listType=map", "field"],
      ["+listMapKey=name", "field"],
      ["+k8s:deepcopy-gen=package", "package"],
      ["+kubebuilder:validation:Minimum=1", "field"],
      ['+kubebuilder:deprecatedversion:warning="use v2"', "type"],
    ] as [string, MarkerTarget][]) {
      const r = parse(text, target);
      assert.deepEqual(r.diagnostics, [], text);
    }
  });
});

describe("misspelt marker namespaces in a generate run", () => {
  const doc = (extra: string) => `// +groupName=example.com\n// +k8s:deepcopy-gen=package\n${extra}export {};\n`;
  const types = (typeExtra: string, fieldExtra: string) =>
    [
      'import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";',
      "",
      "// +kubebuilder:object:root=true",
      typeExtra + "// Widget is a test kind.",
      "export interface Widget extends TypeMeta {",
      "  metadata?: ObjectMeta;",
      "  spec?: WidgetSpec;",
      "}",
      "",
      "// WidgetSpec is the spec of a Widget.",
      "export interface WidgetSpec {",
      "  // size is the size.",
      fieldExtra + "  size?: int32;",
      "}",
      "",
    ].join("\n");

  async function generate(docExtra: string, typeExtra: string, fieldExtra: string) {
    const dir = tempDir();
    try {
      mkdirSync(join(dir, "input/widgets/v1"), { recursive: true });
      writeFileSync(join(dir, "input/widgets/v1/doc.ts"), doc(docExtra));
      writeFileSync(join(dir, "input/widgets/v1/types.ts"), types(typeExtra, fieldExtra));
      return await runPipeline(testOptions(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("warns at each line and column, and writes the same files as without the lines", async () => {
    const clean = await generate("", "", "");
    assert.deepEqual(clean.diagnostics, []);
    const typo = await generate(
      "// +k8:deepcopy-gen=package\n",
      '// +kubebuilderdeprecatedversion:warning="use v2"\n',
      "  // +kubebulder:validation:Minimum=1\n",
    );
    assert.deepEqual(
      typo.diagnostics.map((d) => `${formatDiagnosticLine(d)} | ${d.hint}`),
      [
        'input/widgets/v1/doc.ts:3:4 - warning KCG1109: marker +k8:deepcopy-gen is ignored: "k8" is not a known namespace | did you mean +k8s:deepcopy-gen?',
        'input/widgets/v1/types.ts:4:4 - warning KCG1109: marker +kubebuilderdeprecatedversion:warning is ignored: "kubebuilderdeprecatedversion" is not a known namespace | did you mean +kubebuilder:deprecatedversion:warning?',
        'input/widgets/v1/types.ts:14:6 - warning KCG1109: marker +kubebulder:validation:Minimum is ignored: "kubebulder" is not a known namespace | did you mean +kubebuilder:validation:Minimum?',
      ],
    );
    assert.ok(clean.files.length > 0);
    assert.deepEqual(typo.files, clean.files);
  });
});
