// Embedded apimachinery types and embeds through aliases contribute their fields to the schema,
// as Go's inline embedding does; before, they were silently dropped and the server would prune them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildKindSchema } from "../../src/schema/build-schema.js";
import { modelOf } from "../helpers/model.js";

test("a type extending Condition, LabelSelector or an alias of an interface keeps every inherited field", () => {
  const { model, diagnostics } = modelOf({
    "a/v1/doc.ts": "// +groupName=example.com\nexport {};\n",
    "a/v1/types.ts": `import type { Condition, LabelSelector, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  status?: WidgetStatus;
}
export interface WidgetCondition extends Condition {
  severity?: string;
}
export interface Sel extends LabelSelector {}
export interface Base {
  owner: string;
}
export type BaseAlias = Base;
export interface WidgetStatus extends BaseAlias {
  conditions?: WidgetCondition[];
  selector?: Sel;
}
`,
  });
  assert.deepEqual(diagnostics, []);
  const widget = model.packages[0]!.types.find((t) => t.name === "Widget")!;
  const { schema, diagnostics: schemaDiags } = buildKindSchema(model, widget);
  assert.deepEqual(schemaDiags, []);
  const status = schema.properties!["status"]!;
  assert.deepEqual(Object.keys(status.properties!).sort(), ["conditions", "owner", "selector"]);
  assert.deepEqual(status.required, ["owner"]);
  const cond = status.properties!["conditions"]!.items as {
    properties: Record<string, { type?: string; format?: string }>;
    required: string[];
  };
  assert.deepEqual(Object.keys(cond.properties).sort(), [
    "lastTransitionTime",
    "message",
    "observedGeneration",
    "reason",
    "severity",
    "status",
    "type",
  ]);
  assert.equal(cond.properties["lastTransitionTime"]!.format, "date-time");
  assert.deepEqual([...cond.required].sort(), ["lastTransitionTime", "message", "reason", "status", "type"]);
  assert.deepEqual(Object.keys(status.properties!["selector"]!.properties!).sort(), ["matchExpressions", "matchLabels"]);
});

test("type-level markers of embedded interfaces hold for the embedder, own rules first, then each embed's, as controller-gen flattens them", () => {
  const { model, diagnostics } = modelOf({
    "a/v1/doc.ts": "// +groupName=example.com\nexport {};\n",
    "a/v1/types.ts": `import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}
// +kubebuilder:validation:XValidation:rule="has(self.inner)",message="inner"
export interface Inner {
  inner?: string;
}
// +kubebuilder:validation:XValidation:rule="has(self.a)",message="base"
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:title="Base title"
// +kubebuilder:externalDocs:url="https://example.com/base"
// +kubebuilder:validation:ExactlyOneOf=a;b
export interface Base extends Inner {
  a?: string;
  b?: string;
}
// +kubebuilder:validation:XValidation:rule="self.c != ''",message="own"
// +kubebuilder:validation:MinProperties=2
export interface WidgetSpec extends Base {
  c: string;
}
`,
  });
  assert.deepEqual(diagnostics, []);
  const widget = model.packages[0]!.types.find((t) => t.name === "Widget")!;
  const { schema, diagnostics: schemaDiags, sources } = buildKindSchema(model, widget);
  assert.deepEqual(schemaDiags, []);
  const spec = schema.properties!["spec"]!;
  assert.deepEqual(
    spec["x-kubernetes-validations"]?.map((r) => r.message),
    // controller-gen v0.23 (test/fixtures/controller-gen/embeds): [own, base, ..., inner].
    ["own", "base", "exactly one of the fields in [a b] must be set", "inner"],
  );
  assert.equal(spec.minProperties, 2, "the embedder's own keyword wins");
  assert.equal(spec.title, undefined, "documentation keywords stay with the embedded type");
  assert.equal(spec.externalDocs, undefined);
  const rulesAt = (i: number) => sources.lookup(`schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[${i}]`)?.line;
  assert.deepEqual([0, 1, 2, 3].map(rulesAt), [19, 10, 14, 6], "each rule points at its own marker");
});
