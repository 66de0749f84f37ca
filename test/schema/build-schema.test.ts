// The schema of a kind, from the type table of docs/guide/writing-api-packages.md and controller-gen's rules: named types
// inlined with their docs and markers, field docs and markers on top, required sorted, and every
// part traceable to its source position.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  buildKindSchema,
  SCHEMA_ROOT,
  API_VERSION_DESCRIPTION,
  CURRENT_API_VERSION_DESCRIPTION,
  QUANTITY_PATTERN,
  type SchemaShape,
} from "../../src/schema/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";
import { DOC, widget, writeInput } from "../generators/crd/helpers.js";
import { modelFor } from "../helpers/model.js";
import { testOptions } from "../helpers/options.js";

function specOf(specBody: string, extra = "", imports?: string, shape: SchemaShape = {}) {
  const dir = writeInput({ "widgets/v1/doc.ts": DOC, "widgets/v1/types.ts": widget(specBody, { extra, ...(imports ? { imports } : {}) }) });
  const model = modelFor(testOptions(dir, { generators: "crd" }));
  const kind = model.packages[0]!.types.find((t) => t.name === "Widget")!;
  const built = buildKindSchema(model, kind, shape);
  return { ...built, spec: built.schema.properties!["spec"]!, props: built.schema.properties!["spec"]!.properties! };
}

test("primitives, int32/int64, literal unions, arrays, maps, nullables and unknowns", () => {
  const { props, diagnostics } = specOf(
    [
      "  s?: string;",
      "  b?: boolean;",
      "  n?: number;",
      "  i?: int32;",
      "  l?: int64;",
      '  mode?: "a" | "b";',
      "  nums?: 1 | 2;",
      "  list?: string[];",
      "  map?: Record<string, int32>;",
      "  free?: Record<string, unknown>;",
      "  maybe?: string | null;",
      "  // +k8s:deepcopy-gen:unknown=json",
      "  any?: unknown;",
      "",
    ].join("\n"),
  );
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(props["s"], { type: "string" });
  assert.deepEqual(props["b"], { type: "boolean" });
  assert.deepEqual(props["n"], { type: "number" });
  assert.deepEqual(props["i"], { type: "integer", format: "int32" });
  assert.deepEqual(props["l"], { type: "integer", format: "int64" });
  assert.deepEqual(props["mode"], { type: "string", enum: ["a", "b"] });
  assert.deepEqual(props["nums"], { type: "integer", enum: [1, 2] });
  assert.deepEqual(props["list"], { type: "array", items: { type: "string" } });
  assert.deepEqual(props["map"], { type: "object", additionalProperties: { type: "integer", format: "int32" } });
  assert.deepEqual(props["free"], { type: "object", "x-kubernetes-preserve-unknown-fields": true });
  assert.deepEqual(props["maybe"], { type: "string", nullable: true });
  assert.deepEqual(props["any"], { "x-kubernetes-preserve-unknown-fields": true });
});

test("apimachinery types: Time, Duration, Quantity, IntOrString, RawExtension", () => {
  const { props } = specOf(
    "  t?: Time;\n  d?: Duration;\n  q?: Quantity;\n  ios?: IntOrString;\n  raw?: RawExtension;\n",
    "",
    "Duration, IntOrString, ObjectMeta, Quantity, RawExtension, Time, TypeMeta",
  );
  assert.deepEqual(props["t"], { type: "string", format: "date-time" });
  assert.deepEqual(props["d"], { type: "string" });
  assert.deepEqual(props["q"], {
    anyOf: [{ type: "integer" }, { type: "string" }],
    pattern: QUANTITY_PATTERN,
    "x-kubernetes-int-or-string": true,
  });
  assert.deepEqual(props["ios"], { anyOf: [{ type: "integer" }, { type: "string" }], "x-kubernetes-int-or-string": true });
  assert.deepEqual(props["raw"], { type: "object", "x-kubernetes-preserve-unknown-fields": true });
});

test("kinds: apiVersion and kind described as controller-gen does, metadata is {type: object}", () => {
  const { schema } = specOf("  a?: string;\n");
  assert.equal(schema.description, "Widget is a test kind.");
  // Today's layout keeps apimachinery's line breaks; v0.13's joins them.
  assert.deepEqual(schema.properties!["apiVersion"], { type: "string", description: CURRENT_API_VERSION_DESCRIPTION });
  assert.ok(
    CURRENT_API_VERSION_DESCRIPTION.startsWith("APIVersion defines the versioned schema of this representation of an object.\nServers"),
  );
  const old = specOf("  a?: string;\n", "", undefined, { layout: "v0.13" });
  assert.deepEqual(old.schema.properties!["apiVersion"], { type: "string", description: API_VERSION_DESCRIPTION });
  assert.deepEqual(schema.properties!["metadata"], { type: "object" });
  assert.equal(schema.required, undefined);
});

test("named types are inlined with their doc and markers; the field's doc wins, a bound on both meets in allOf", () => {
  const extra = [
    "",
    "// Name is a DNS label.",
    "// +kubebuilder:validation:MaxLength=63",
    "export type Name = string;",
    "",
    "// Port is a port.",
    "export interface Port {",
    "  // +kubebuilder:validation:Minimum=1",
    "  number: int32;",
    "  name?: string;",
    "}",
    "",
  ].join("\n");
  const { props } = specOf(
    "  plain?: Name;\n  // the owner's name.\n  // +kubebuilder:validation:MaxLength=20\n  owner?: Name;\n  ports?: Port[];\n",
    extra,
  );
  assert.deepEqual(props["plain"], { type: "string", description: "Name is a DNS label.", maxLength: 63 });
  // controller-gen v0.23 (flatten.go) keeps both bounds: allOf [type's, field's].
  assert.deepEqual(props["owner"], { type: "string", description: "the owner's name.", allOf: [{ maxLength: 63 }, { maxLength: 20 }] });
  assert.deepEqual(props["ports"]!.items, {
    type: "object",
    description: "Port is a port.",
    properties: { number: { type: "integer", format: "int32", minimum: 1 }, name: { type: "string" } },
    required: ["number"],
  });
  // boundsMerge "field": the field's bound alone, on the node (where CEL cost estimation reads it).
  const fieldWins = specOf(
    "  plain?: Name;\n  // the owner's name.\n  // +kubebuilder:validation:MaxLength=20\n  owner?: Name;\n  ports?: Port[];\n",
    extra,
    undefined,
    { boundsMerge: "field" },
  );
  assert.deepEqual(fieldWins.props["owner"], { type: "string", description: "the owner's name.", maxLength: 20 });
});

test("required lists follow requiredness and are sorted", () => {
  const { spec } = specOf(
    "  zeta: string;\n  alpha: string;\n  // +optional\n  opt: string;\n  // +required\n  req?: string;\n  maybe?: string;\n",
  );
  assert.deepEqual(spec.required, ["alpha", "req", "zeta"]);
});

test("markers apply in controller-gen's order: +kubebuilder:default beats +default, items markers reach the items", () => {
  const { props } = specOf(
    "  // +kubebuilder:default=2\n  // +default=1\n  n?: int32;\n  // +kubebuilder:validation:items:Maximum=5\n  // +kubebuilder:validation:MaxItems=3\n  xs?: int32[];\n",
  );
  assert.equal(props["n"]!.default, 2);
  assert.deepEqual(props["xs"], { type: "array", items: { type: "integer", format: "int32", maximum: 5 }, maxItems: 3 });
});

test("marker misuse is an error at the marker; the source map points schema keys at their markers", () => {
  const { diagnostics, sources } = specOf(
    "  // +kubebuilder:validation:Minimum=1\n  name?: string;\n  // +kubebuilder:validation:Maximum=9\n  n?: int32;\n",
  );
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]!.code, "KCG1108");
  assert.match(diagnostics[0]!.message, /Minimum applies to numbers, not string/);
  assert.equal(diagnostics[0]!.line, 11);
  const pos = sources.lookup(`${SCHEMA_ROOT}.properties[spec].properties[n].maximum`)!;
  assert.equal(pos.line, 13);
  assert.equal(sources.lookup(`${SCHEMA_ROOT}.properties[spec].properties[n].type`)!.line, 14);
});

test("a type that contains itself is an error, not an endless schema", () => {
  const extra = "\n// Tree has subtrees.\nexport interface Tree {\n  kids?: Tree[];\n}\n";
  const { diagnostics, props } = specOf("  tree?: Tree;\n", extra);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ["KCG1407"],
  );
  assert.equal((props["tree"]!.properties!["kids"]!.items as JSONSchemaProps)["x-kubernetes-preserve-unknown-fields"], true);
});

test("a field's CEL rules come before its type's (controller-gen's merge order), positions following them", () => {
  const extra =
    '\n// Range is a range.\n// +kubebuilder:validation:XValidation:rule="self.min <= self.max"\nexport interface Range {\n  min: int32;\n  max: int32;\n}\n';
  const { props, sources } = specOf('  // +kubebuilder:validation:XValidation:rule="self.max < 100"\n  r?: Range;\n', extra);
  assert.deepEqual(props["r"]!["x-kubernetes-validations"], [{ rule: "self.max < 100" }, { rule: "self.min <= self.max" }]);
  const key = `${SCHEMA_ROOT}.properties[spec].properties[r].x-kubernetes-validations`;
  assert.equal(sources.lookup(`${key}[0].rule`)!.line, 11);
  assert.equal(sources.lookup(`${key}[1].rule`)!.line, 16);
});
