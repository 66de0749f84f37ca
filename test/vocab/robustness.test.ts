import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { commentLinesAbove, leadingCommentLines, parseMarkers } from "../../src/markers/index.js";
import { applyMarkers, SourceMap } from "../../src/schema/index.js";
import { kubernetesMarkerDefinitions, kubernetesMarkers } from "../../src/vocab/index.js";

const names = kubernetesMarkerDefinitions.map((d) => d.name);
const pieces = [
  "=",
  ":",
  ",",
  ";",
  "{",
  "}",
  "[",
  "]",
  '"',
  "`",
  "\\",
  " ",
  "a",
  "1",
  "-",
  ".",
  "true",
  "name=",
  "rule=",
  "'",
  "\u00e9",
  "*/",
  "${",
];

describe("robustness", () => {
  it("parseMarkers returns diagnostics, never throws, on arbitrary payloads of every marker", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.array(fc.constantFrom(...pieces), { maxLength: 12 }),
        fc.constantFrom("package", "type", "field"),
        (name, parts, target) => {
          const text = `+${name}${parts.join("")}`;
          const r = parseMarkers([{ text, line: 1, col: 1, file: "f.ts" }], target, kubernetesMarkers);
          for (const d of r.diagnostics) {
            assert.ok(d.col! >= 1 && d.col! <= text.length + 1, `column ${d.col} outside ${JSON.stringify(text)}: ${d.message}`);
            assert.match(d.code, /^KCG11\d\d$/);
          }
          for (const m of r.markers) {
            const schema = { type: "string" };
            applyMarkers(schema, [m], { target: target }, "", new SourceMap());
          }
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
  });

  it("comment collection never throws on arbitrary source text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("//", "/*", "*/", "/**", " * ", "\n", "\r\n", " ", "+genclient", "x", "interface A {}", "`", '"'), {
          maxLength: 30,
        }),
        fc.nat(),
        (parts, n) => {
          const src = parts.join("");
          commentLinesAbove(src, src.length === 0 ? 0 : n % src.length, "f.ts");
          leadingCommentLines(src, "f.ts");
        },
      ),
      { numRuns: 1000, seed: 8 },
    );
  });
});

describe("a realistic API package", () => {
  const doc = [
    "// Package v1alpha1 is the v1alpha1 version of the API.",
    "// +k8s:deepcopy-gen=package",
    "// +groupName=samplecontroller.k8s.io",
    "export {};",
  ].join("\n");
  const types = [
    'import type { ObjectMeta, TypeMeta, int32 } from "@kube-codegen/runtime";',
    "",
    "// +genclient",
    "// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object",
    "",
    "/**",
    " * Foo is a specification for a Foo resource.",
    " *",
    " * +kubebuilder:subresource:status",
    ' * +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`',
    " */",
    "export interface Foo extends TypeMeta {",
    "  metadata?: ObjectMeta;",
    "  spec: FooSpec;",
    "}",
    "",
    "/** FooSpec is the spec for a Foo resource. */",
    "export interface FooSpec {",
    "  // DeploymentName names the deployment.",
    "  // +kubebuilder:validation:MinLength=1",
    "  deploymentName: string;",
    "  // +optional",
    "  // +kubebuilder:validation:Minimum=0",
    "  // +kubebuilder:validation:Maximum=10",
    "  replicas?: int32;",
    "}",
  ].join("\n");

  it("reads package, type and field markers with their values and descriptions", () => {
    const pkg = parseMarkers(leadingCommentLines(doc, "doc.ts"), "package", kubernetesMarkers);
    assert.deepEqual(pkg.diagnostics, []);
    assert.deepEqual(
      pkg.markers.map((m) => [m.name, m.value]),
      [
        ["k8s:deepcopy-gen", "package"],
        ["groupName", "samplecontroller.k8s.io"],
      ],
    );
    assert.equal(pkg.description, "Package v1alpha1 is the v1alpha1 version of the API.");

    const foo = commentLinesAbove(types, types.indexOf("export interface Foo "), "types.ts");
    const fooNear = parseMarkers(foo.near, "type", kubernetesMarkers);
    const fooFar = parseMarkers(foo.far, "type", kubernetesMarkers);
    assert.deepEqual([...fooFar.diagnostics, ...fooNear.diagnostics], []);
    assert.deepEqual(
      fooFar.markers.map((m) => m.name),
      ["genclient", "k8s:deepcopy-gen:interfaces"],
    );
    assert.deepEqual(
      fooNear.markers.map((m) => m.name),
      ["kubebuilder:subresource:status", "kubebuilder:printcolumn"],
    );
    assert.equal(fooNear.description, "Foo is a specification for a Foo resource.");
    assert.deepEqual(fooNear.markers[1]!.pos, { file: "types.ts", line: 10, col: 4, length: fooNear.markers[1]!.raw.length });

    const spec = parseMarkers(
      commentLinesAbove(types, types.indexOf("export interface FooSpec"), "types.ts").near,
      "type",
      kubernetesMarkers,
    );
    assert.equal(spec.description, "FooSpec is the spec for a Foo resource.");

    const replicas = parseMarkers(commentLinesAbove(types, types.indexOf("replicas?:"), "types.ts").near, "field", kubernetesMarkers);
    assert.deepEqual(
      replicas.markers.map((m) => [m.name, m.value]),
      [
        ["optional", true],
        ["kubebuilder:validation:Minimum", 0],
        ["kubebuilder:validation:Maximum", 10],
      ],
    );
    const schema = { type: "integer", format: "int32" };
    assert.deepEqual(applyMarkers(schema, replicas.markers, { target: "field", fieldType: "int32" }, "", new SourceMap()), []);
    assert.deepEqual(schema, { type: "integer", format: "int32", minimum: 0, maximum: 10 });

    const name = parseMarkers(commentLinesAbove(types, types.indexOf("deploymentName:"), "types.ts").near, "field", kubernetesMarkers);
    assert.equal(name.description, "DeploymentName names the deployment.");
    assert.equal(name.markers[0]!.pos.line, 20);
    assert.equal(name.markers[0]!.pos.col, 6);
  });
});
