import type { MarkerDefinition, MarkerTarget } from "../markers/index.js";
import type { JSONSchemaProps } from "@kube-codegen/apiextensions";

/** The CRD schema node shape schema markers change (the validation stage's apiextensions v1 JSONSchemaProps). */
export type { JSONSchemaProps };

/** What a schema marker's effect may know besides the schema node: where the marker sat. */
export interface SchemaContext {
  readonly target: MarkerTarget;
  /** The TypeScript type as written, for messages (e.g. `string`, `int32`). */
  readonly fieldType?: string;
  /**
   * On fields: the node controller-gen has when it applies field markers, before it inlines the
   * named type (see src/schema/go-node.ts). Markers whose effect depends on the Go type's shape
   * rather than on the inlined schema (`+k8s:required`) read it.
   */
  readonly goNode?: GoNode;
}

/**
 * controller-gen's field node before flattening: a schema type, or `ref` for a bare `$ref` (a
 * struct, or any type of another package that is not a slice or map).
 */
export type GoNode = "string" | "integer" | "number" | "boolean" | "array" | "object" | "ref";

/**
 * Applies a marker's value to the schema node it describes, in place. Returns an error message
 * when the marker does not fit the node (e.g. Minimum on a string), leaving the node unchanged.
 */
export type ApplyToSchema = (schema: JSONSchemaProps, value: unknown, ctx: SchemaContext) => string | undefined;

/** A Kubernetes marker declaration: the generic definition plus its family and, for schema markers, its effect. */
export interface KubeMarkerDefinition extends MarkerDefinition {
  readonly family: string;
  /** Present on markers that change the CRD schema node they sit on. */
  readonly applyToSchema?: ApplyToSchema;
  /** Application order (lower first), as controller-gen's ApplyPriority; schema markers only. */
  readonly order?: number;
}

/** A definition that changes the schema node it describes. */
export interface SchemaMarkerDefinition extends KubeMarkerDefinition {
  readonly applyToSchema: ApplyToSchema;
  readonly order: number;
}

/** True when the definition carries a schema effect. */
export function hasSchemaEffect(def: MarkerDefinition): def is SchemaMarkerDefinition {
  return typeof (def as Partial<SchemaMarkerDefinition>).applyToSchema === "function";
}

/**
 * controller-gen's application order. Markers that set the type (`Type`, `XIntOrString`,
 * `Schemaless`, `listType`) go first, because the checks of the others read the type; `+default`
 * goes before `+kubebuilder:default` so the latter wins when both are given.
 */
export const SchemaOrder = {
  typeSetting: 0,
  normal: 1,
  dependent: 2,
  // After XValidation (normal), as controller-gen's ApplyPriority of these is XValidation's + 1, 2, 3.
  atMostOneOf: 3,
  exactlyOneOf: 4,
  atLeastOneOf: 5,
  k8sDefault: 9,
  kubebuilderDefault: 10,
} as const;

/** Targets shorthand. */
export const FIELD: readonly MarkerTarget[] = ["field"];
/** Targets shorthand. */
export const TYPE: readonly MarkerTarget[] = ["type"];
/** Targets shorthand. */
export const PACKAGE: readonly MarkerTarget[] = ["package"];
/** Targets shorthand. */
export const FIELD_TYPE: readonly MarkerTarget[] = ["field", "type"];
/** Targets shorthand. */
export const ANYWHERE: readonly MarkerTarget[] = ["package", "type", "field"];
