// Parity with controller-gen on a TypeScript rendering of fields from controller-tools'
// pkg/crd/testdata/cronjob_types.go: each expected schema is what controller-gen v0.13 writes for
// the Go field (Go `int` rendered here as int32, hence the format), so the CRD is generated with
// `crdCompat: "v0.13"`. Today's controller-gen is compared in controller-gen-current.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "yaml";
import { DOC, documentOf, generateCrds, writeInput } from "./helpers.js";

const TYPES = `import type { int32, IntOrString, ObjectMeta, RawExtension, TypeMeta } from "@kube-codegen/runtime";

// ConcurrencyPolicy describes how the job will be handled.
// Only one of the following concurrent policies may be specified.
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
export type ConcurrencyPolicy = string;

// +kubebuilder:validation:MinLength=4
// This tests that markers that are allowed on both fields and types are applied to types
export type LongerString = string;

// +kubebuilder:validation:Type=string
// TotallyABool is a bool that serializes as a string.
export type TotallyABool = boolean;

export interface AssociativeType {
  name: string;
  secondary: int32;
  foo: string;
}

// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=2
export interface MinMaxObject {
  foo?: string;
  bar?: string;
  baz?: string;
}

// CronJob is the Schema for the cronjobs API
export interface CronJob extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: CronJobSpec;
}

// CronJobSpec defines the desired state of CronJob
export interface CronJobSpec {
  // Specifies how to treat concurrent executions of a Job.
  // Valid values are:
  // - "Allow" (default): allows CronJobs to run concurrently;
  // - "Forbid": forbids concurrent runs, skipping next run if previous run hasn't finished yet;
  // - "Replace": cancels currently running job and replaces it with a new one
  // +optional
  concurrencyPolicy?: ConcurrencyPolicy;

  // This flag is like suspend, but for when you really mean it.
  // It helps test the +kubebuilder:validation:Type marker.
  // +optional
  noReallySuspend?: TotallyABool;

  // This tests that nullable works correctly
  // +nullable
  canBeNull: string;

  // This tests string slices are allowed as map values.
  stringSliceData?: Record<string, string[]>;

  // This tests that markers that are allowed on both fields and types are applied to types
  twoOfAKindPart1: LongerString;

  // This tests that slice defaulting can be performed.
  // +kubebuilder:default={a,b}
  defaultedSlice: string[];

  // +kubebuilder:validation:EmbeddedResource
  embeddedResource: RawExtension;

  // This tests that associative lists work.
  // +listType=map
  // +listMapKey=name
  // +listMapKey=secondary
  associativeList: AssociativeType[];

  // This tests that min/max properties work
  minMaxProperties?: MinMaxObject;

  // This tests that an IntOrString can also have a pattern attached
  // to it.
  // This can be useful if you want to limit the string to a perecentage or integer.
  // The XIntOrString marker is a requirement for having a pattern on this type.
  // +kubebuilder:validation:XIntOrString
  // +kubebuilder:validation:Pattern="^((100|[0-9]{1,2})%|[0-9]+)$"
  intOrStringWithAPattern?: IntOrString;

  // Maps of arrays of things-that-aren’t-strings are permitted
  mapOfArraysOfFloats?: Record<string, number[]>;
}
`;

test("cronjob fields come out as controller-gen writes them", async () => {
  const r = await generateCrds(writeInput({ "testdata/v1/doc.ts": DOC, "testdata/v1/types.ts": TYPES }), { crdCompat: "v0.13" });
  assert.deepEqual(r.diagnostics, []);
  const text = documentOf(r.files[0]!.content);
  // Byte for byte, including go-yaml's single-quoted folding of a description with a colon.
  assert.ok(
    text.includes(`              concurrencyPolicy:
                description: 'Specifies how to treat concurrent executions of a Job.
                  Valid values are: - "Allow" (default): allows CronJobs to run concurrently;
                  - "Forbid": forbids concurrent runs, skipping next run if previous
                  run hasn''t finished yet; - "Replace": cancels currently running
                  job and replaces it with a new one'
                enum:
                - Allow
                - Forbid
                - Replace
                type: string
`),
    text,
  );
  const spec = parse(text).spec.versions[0].schema.openAPIV3Schema.properties.spec;
  const p = spec.properties;
  assert.deepEqual(p.noReallySuspend, {
    description: "This flag is like suspend, but for when you really mean it. It helps test the +kubebuilder:validation:Type marker.",
    type: "string",
  });
  assert.deepEqual(p.canBeNull, { description: "This tests that nullable works correctly", nullable: true, type: "string" });
  assert.deepEqual(p.stringSliceData, {
    additionalProperties: { items: { type: "string" }, type: "array" },
    description: "This tests string slices are allowed as map values.",
    type: "object",
  });
  assert.deepEqual(p.twoOfAKindPart1, {
    description: "This tests that markers that are allowed on both fields and types are applied to types",
    minLength: 4,
    type: "string",
  });
  assert.deepEqual(p.defaultedSlice, {
    default: ["a", "b"],
    description: "This tests that slice defaulting can be performed.",
    items: { type: "string" },
    type: "array",
  });
  assert.deepEqual(p.embeddedResource, {
    type: "object",
    "x-kubernetes-embedded-resource": true,
    "x-kubernetes-preserve-unknown-fields": true,
  });
  assert.deepEqual(p.associativeList, {
    description: "This tests that associative lists work.",
    items: {
      properties: { foo: { type: "string" }, name: { type: "string" }, secondary: { format: "int32", type: "integer" } },
      required: ["foo", "name", "secondary"],
      type: "object",
    },
    type: "array",
    "x-kubernetes-list-map-keys": ["name", "secondary"],
    "x-kubernetes-list-type": "map",
  });
  assert.deepEqual(p.minMaxProperties, {
    description: "This tests that min/max properties work",
    maxProperties: 2,
    minProperties: 1,
    properties: { bar: { type: "string" }, baz: { type: "string" }, foo: { type: "string" } },
    type: "object",
  });
  assert.deepEqual(p.intOrStringWithAPattern, {
    anyOf: [{ type: "integer" }, { type: "string" }],
    description:
      "This tests that an IntOrString can also have a pattern attached to it. This can be useful if you want to limit the string to a perecentage or integer. The XIntOrString marker is a requirement for having a pattern on this type.",
    pattern: "^((100|[0-9]{1,2})%|[0-9]+)$",
    "x-kubernetes-int-or-string": true,
  });
  assert.deepEqual(p.mapOfArraysOfFloats, {
    additionalProperties: { items: { type: "number" }, type: "array" },
    description: "Maps of arrays of things-that-aren’t-strings are permitted",
    type: "object",
  });
  assert.deepEqual(spec.required, ["associativeList", "canBeNull", "defaultedSlice", "embeddedResource", "twoOfAKindPart1"]);
});
