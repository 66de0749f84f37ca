import type { ArgSpec, Payload } from "../markers/index.js";
import type { JSONSchemaProps } from "@kube-codegen/apiextensions";
import { FIELD, FIELD_TYPE, SchemaOrder, type ApplyToSchema, type KubeMarkerDefinition } from "./definition.js";
import { addRule, copyJson, isNumeric, isTextual, kindOfValue, show, typeOf, valueFitsType } from "./schema-helpers.js";

/** Family heading of the `+kubebuilder:validation:` markers. */
export const VALIDATION_FAMILY = "Validation";
/** Family heading of the `+kubebuilder:validation:items:` markers. */
export const ITEMS_FAMILY = "Validation of array items";

const PREFIX = "kubebuilder:validation:";

/** One validation marker before it is expanded into its plain and `items:` forms. */
interface BaseValidation {
  readonly suffix: string;
  readonly payload: Payload;
  readonly help: string;
  readonly exampleValue: string;
  readonly apply: ApplyToSchema;
  readonly order?: number;
  readonly repeatable?: boolean;
  readonly deprecated?: string;
}

const numberValue: Payload = { kind: "value", type: "number" };
const countValue: Payload = { kind: "value", type: "int" };
const boolValue: Payload = { kind: "value", type: "bool", optional: true };

function needNumeric(name: string, schema: JSONSchemaProps): string | undefined {
  return isNumeric(schema) ? undefined : `${name} applies to numbers, not ${typeOf(schema)}`;
}

function integral(name: string, schema: JSONSchemaProps, v: number): string | undefined {
  return schema.type === "integer" && !Number.isInteger(v) ? `${name}=${v} is not a whole number but the field is an integer` : undefined;
}

function nonNegative(name: string, v: number): string | undefined {
  return v < 0 ? `${name} must not be negative, got ${v}` : undefined;
}

function bound(name: string, key: "minimum" | "maximum" | "multipleOf"): ApplyToSchema {
  return (schema, value) => {
    const v = value as number;
    const err =
      needNumeric(name, schema) ??
      integral(name, schema, v) ??
      (key === "multipleOf" && v <= 0 ? `MultipleOf must be greater than 0, got ${v}` : undefined);
    if (err) return err;
    schema[key] = v;
    return undefined;
  };
}

function exclusive(name: string, key: "exclusiveMinimum" | "exclusiveMaximum"): ApplyToSchema {
  return (schema, value) => {
    const err = needNumeric(name, schema);
    if (err) return err;
    schema[key] = value as boolean;
    return undefined;
  };
}

function length(name: string, key: "minLength" | "maxLength"): ApplyToSchema {
  return (schema, value) => {
    const v = value as number;
    if (!isTextual(schema)) return `${name} applies to strings, not ${typeOf(schema)}`;
    const err = nonNegative(name, v);
    if (err) return err;
    schema[key] = v;
    return undefined;
  };
}

function itemCount(name: string, key: "minItems" | "maxItems"): ApplyToSchema {
  return (schema, value) => {
    const v = value as number;
    if (schema.type !== "array") return `${name} applies to arrays, not ${typeOf(schema)}`;
    const err = nonNegative(name, v);
    if (err) return err;
    schema[key] = v;
    return undefined;
  };
}

function propertyCount(name: string, key: "minProperties" | "maxProperties"): ApplyToSchema {
  return (schema, value) => {
    const v = value as number;
    if (schema.type !== "object") return `${name} applies to objects and maps, not ${typeOf(schema)}`;
    const err = nonNegative(name, v);
    if (err) return err;
    schema[key] = v;
    return undefined;
  };
}

const applyEnum: ApplyToSchema = (schema, value) => {
  const values = value as unknown[];
  for (const v of values) {
    if (!valueFitsType(v, schema)) {
      const hint = typeof v !== "string" && schema.type === "string" ? ` (quote it: "${String(v)}")` : "";
      return `Enum value ${show(v)} is ${kindOfValue(v) === "integer" ? "an" : "a"} ${kindOfValue(v)} but the field is ${typeOf(schema)}${hint}`;
    }
  }
  if (schema.enum && schema.enum.length > 0) {
    const same = schema.enum.length === values.length && schema.enum.every((e) => values.some((v) => show(v) === show(e)));
    if (!same) return `Enum conflicts with the values of the field's type (${schema.enum.map(show).join(", ")}); keep one of them`;
  }
  schema.enum = copyJson(values);
  return undefined;
};

const applyPattern: ApplyToSchema = (schema, value) => {
  if (!isTextual(schema)) return `Pattern applies to strings, not ${typeOf(schema)}`;
  schema.pattern = value as string;
  return undefined;
};

const applyFormat: ApplyToSchema = (schema, value) => {
  schema.format = value as string;
  return undefined;
};

const applyType: ApplyToSchema = (schema, value) => {
  schema.type = value as string;
  return undefined;
};

const applyUniqueItems: ApplyToSchema = (schema, value) => {
  if (schema.type !== "array") return `UniqueItems applies to arrays, not ${typeOf(schema)}`;
  schema.uniqueItems = value as boolean;
  return undefined;
};

/** Sets x-kubernetes-preserve-unknown-fields (shared with `+kubebuilder:pruning:PreserveUnknownFields`). */
export const applyPreserveUnknownFields: ApplyToSchema = (schema) => {
  schema["x-kubernetes-preserve-unknown-fields"] = true;
  return undefined;
};

const applyEmbeddedResource: ApplyToSchema = (schema) => {
  if (schema.type !== undefined && schema.type !== "object") return `EmbeddedResource applies to objects, not ${typeOf(schema)}`;
  schema["x-kubernetes-embedded-resource"] = true;
  return undefined;
};

// int-or-string schemas carry no type of their own (structural schema rule); the flag replaces it.
const applyIntOrString: ApplyToSchema = (schema) => {
  delete schema.type;
  schema["x-kubernetes-int-or-string"] = true;
  return undefined;
};

const applyXValidation: ApplyToSchema = (schema, value) => {
  const v = value as {
    rule: string;
    message?: string;
    messageExpression?: string;
    reason?: string;
    fieldPath?: string;
    optionalOldSelf?: boolean;
  };
  // controller-gen copies these into ValidationRule fields tagged omitempty, so an empty
  // `message=` (or messageExpression, fieldPath) is left out of the CRD rather than written as "".
  const given = (s: string | undefined): s is string => s !== undefined && s !== "";
  addRule(schema, {
    rule: v.rule,
    ...(given(v.message) ? { message: v.message } : {}),
    ...(given(v.messageExpression) ? { messageExpression: v.messageExpression } : {}),
    ...(v.reason !== undefined ? { reason: v.reason } : {}),
    ...(given(v.fieldPath) ? { fieldPath: v.fieldPath } : {}),
    ...(v.optionalOldSelf !== undefined ? { optionalOldSelf: v.optionalOldSelf } : {}),
  });
  return undefined;
};

/** The reasons an x-kubernetes-validations rule may give, as the API server accepts them. */
export const validationReasons = ["FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate"] as const;

const xValidationArgs: readonly ArgSpec[] = [
  { name: "rule", type: "string", help: "CEL expression that must evaluate to true; `self` is the value" },
  { name: "message", type: "string", optional: true, help: "message shown when the rule fails" },
  { name: "messageExpression", type: "string", optional: true, help: "CEL expression giving the message" },
  { name: "reason", type: { enum: validationReasons }, optional: true, help: "status cause reason when the rule fails" },
  { name: "fieldPath", type: "string", optional: true, help: "JSON path of the field reported, relative to this one" },
  { name: "optionalOldSelf", type: "bool", optional: true, help: "evaluate transition rules also when there is no old value" },
];

/** The markers that have `+kubebuilder:validation:items:` forms, as in controller-gen. */
const bases: readonly BaseValidation[] = [
  {
    suffix: "Maximum",
    payload: numberValue,
    exampleValue: "10",
    help: "Largest value allowed (inclusive unless ExclusiveMaximum). Numbers only.",
    apply: bound("Maximum", "maximum"),
  },
  {
    suffix: "Minimum",
    payload: numberValue,
    exampleValue: "1",
    help: "Smallest value allowed (inclusive unless ExclusiveMinimum); negative numbers work. Numbers only.",
    apply: bound("Minimum", "minimum"),
  },
  {
    suffix: "ExclusiveMaximum",
    payload: boolValue,
    exampleValue: "true",
    help: "Makes Maximum exclusive. Numbers only.",
    apply: exclusive("ExclusiveMaximum", "exclusiveMaximum"),
  },
  {
    suffix: "ExclusiveMinimum",
    payload: boolValue,
    exampleValue: "true",
    help: "Makes Minimum exclusive. Numbers only.",
    apply: exclusive("ExclusiveMinimum", "exclusiveMinimum"),
  },
  {
    suffix: "MultipleOf",
    payload: numberValue,
    exampleValue: "5",
    help: "The value must be a multiple of this (greater than 0). Numbers only.",
    apply: bound("MultipleOf", "multipleOf"),
  },
  {
    suffix: "MinProperties",
    payload: countValue,
    exampleValue: "1",
    help: "Fewest keys an object or map may have.",
    apply: propertyCount("MinProperties", "minProperties"),
  },
  {
    suffix: "MaxProperties",
    payload: countValue,
    exampleValue: "10",
    help: "Most keys an object or map may have.",
    apply: propertyCount("MaxProperties", "maxProperties"),
  },
  {
    suffix: "MaxLength",
    payload: countValue,
    exampleValue: "63",
    help: "Longest string allowed, in characters. Strings only.",
    apply: length("MaxLength", "maxLength"),
  },
  {
    suffix: "MinLength",
    payload: countValue,
    exampleValue: "1",
    help: "Shortest string allowed, in characters. Strings only.",
    apply: length("MinLength", "minLength"),
  },
  {
    suffix: "Pattern",
    payload: { kind: "value", type: "string" },
    exampleValue: "`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`",
    help: "Regular expression (RE2 syntax) the string must match; write it in backticks so nothing is escaped.",
    apply: applyPattern,
  },
  {
    suffix: "MaxItems",
    payload: countValue,
    exampleValue: "10",
    help: "Most items a list may have.",
    apply: itemCount("MaxItems", "maxItems"),
  },
  {
    suffix: "MinItems",
    payload: countValue,
    exampleValue: "1",
    help: "Fewest items a list may have.",
    apply: itemCount("MinItems", "minItems"),
  },
  {
    suffix: "UniqueItems",
    payload: boolValue,
    exampleValue: "true",
    help: "All items of the list must differ (prefer +listType=set).",
    apply: applyUniqueItems,
  },
  {
    suffix: "Enum",
    payload: { kind: "value", type: { list: "any" } },
    exampleValue: "Always;Never;IfNotPresent",
    help: "The only values allowed, as a list `a;b;c` or `{a,b,c}`; each must have the field's type (quote numbers meant as strings).",
    apply: applyEnum,
  },
  {
    suffix: "Format",
    payload: { kind: "value", type: "string" },
    exampleValue: "date-time",
    help: "OpenAPI format of the value (date-time, email, uri, uuid, int32, byte ...).",
    apply: applyFormat,
  },
  {
    suffix: "Type",
    payload: { kind: "value", type: { enum: ["string", "number", "integer", "boolean", "object", "array"] } },
    exampleValue: "string",
    help: "Overrides the schema type derived from the TypeScript type (for values with custom serialisation).",
    apply: applyType,
    order: SchemaOrder.typeSetting,
  },
  {
    suffix: "XPreserveUnknownFields",
    payload: { kind: "flag" },
    exampleValue: "",
    help: "Keeps fields the schema does not declare instead of pruning them.",
    apply: applyPreserveUnknownFields,
    deprecated: "use +kubebuilder:pruning:PreserveUnknownFields, which works the same",
  },
  {
    suffix: "XEmbeddedResource",
    payload: { kind: "flag" },
    exampleValue: "",
    help: "The object is an embedded Kubernetes resource with apiVersion, kind and metadata.",
    apply: applyEmbeddedResource,
  },
  {
    suffix: "XIntOrString",
    payload: { kind: "flag" },
    exampleValue: "",
    help: "The value is an integer or a string (x-kubernetes-int-or-string); lets string checks apply.",
    apply: applyIntOrString,
    order: SchemaOrder.typeSetting,
  },
  {
    suffix: "XValidation",
    payload: { kind: "args", args: xValidationArgs },
    exampleValue: ':rule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"',
    help: "A CEL validation rule (x-kubernetes-validations); repeat the marker for several rules.",
    apply: applyXValidation,
    repeatable: true,
  },
];

function example(name: string, b: BaseValidation): string {
  if (b.exampleValue === "") return `+${name}`;
  return b.exampleValue.startsWith(":") ? `+${name}${b.exampleValue}` : `+${name}=${b.exampleValue}`;
}

/** Applies an item marker to the node's `items`, after checking the node is an array with items. */
function onItems(suffix: string, apply: ApplyToSchema): ApplyToSchema {
  return (schema, value, ctx) => {
    if (schema.type !== "array" || !schema.items) return `items:${suffix} applies to arrays, not ${typeOf(schema)}`;
    return apply(schema.items, value, ctx);
  };
}

function plain(b: BaseValidation): KubeMarkerDefinition {
  const name = PREFIX + b.suffix;
  return {
    name,
    targets: FIELD_TYPE,
    payload: b.payload,
    help: b.help,
    example: example(name, b),
    family: VALIDATION_FAMILY,
    applyToSchema: b.apply,
    order: b.order ?? SchemaOrder.normal,
    ...(b.repeatable ? { repeatable: true } : {}),
    ...(b.deprecated ? { deprecated: b.deprecated } : {}),
  };
}

function items(b: BaseValidation): KubeMarkerDefinition {
  const name = `${PREFIX}items:${b.suffix}`;
  return {
    name,
    targets: FIELD_TYPE,
    payload: b.payload,
    help: `For each item of the list: ${b.help}`,
    example: example(name, b),
    family: ITEMS_FAMILY,
    applyToSchema: onItems(b.suffix, b.apply),
    order: b.order ?? SchemaOrder.normal,
    ...(b.repeatable ? { repeatable: true } : {}),
    ...(b.deprecated ? { deprecated: `${b.deprecated}, on the item type` } : {}),
  };
}

/** Checks that each name in a one-of marker is a property of the object. */
function oneOf(marker: string, compare: string | undefined, verb: string): ApplyToSchema {
  return (schema, value) => {
    const fields = value as string[];
    if (schema.type !== "object") return `${marker} applies to objects, not ${typeOf(schema)}`;
    if (fields.length < 2) return `${marker} needs at least two field names, got ${fields.length}`;
    const props = schema.properties;
    const unknown = props ? fields.filter((f) => !Object.prototype.hasOwnProperty.call(props, f)) : [];
    if (unknown.length > 0)
      return `${marker} names ${unknown.map((f) => JSON.stringify(f)).join(", ")}, not ${unknown.length > 1 ? "properties" : "a property"} of this object`;
    // controller-gen v0.23's forms: a ternary sum compared with 1, or an || chain for AtLeastOneOf.
    const rule =
      compare === undefined
        ? fields.map((f) => `has(self.${f})`).join("||")
        : `${fields.map((f) => `(has(self.${f})?1:0)`).join("+")} ${compare}`;
    addRule(schema, {
      rule,
      message: `${verb} of the fields in [${fields.join(" ")}] ${verb === "at most one" ? "may" : "must"} be set`,
    });
    return undefined;
  };
}

// controller-gen applies XValidation, then AtMostOneOf, ExactlyOneOf and AtLeastOneOf (each one
// priority after the last), so their rules come in that order whatever the source order.
const oneOfs: readonly KubeMarkerDefinition[] = (
  [
    ["AtMostOneOf", "<= 1", "at most one", SchemaOrder.atMostOneOf],
    ["ExactlyOneOf", "== 1", "exactly one", SchemaOrder.exactlyOneOf],
    ["AtLeastOneOf", undefined, "at least one", SchemaOrder.atLeastOneOf],
  ] as const
).map(([suffix, compare, verb, order]) => ({
  name: PREFIX + suffix,
  targets: ["type"] as const,
  payload: { kind: "value", type: { list: "string" } } as const,
  help: `On an object type: ${verb} of the named properties must be set (a CEL rule); list them as a;b or {a,b}.`,
  example: `+${PREFIX}${suffix}=replicas;autoscaling`,
  family: VALIDATION_FAMILY,
  repeatable: true,
  applyToSchema: oneOf(suffix, compare, verb),
  order,
}));

const applyNullable: ApplyToSchema = (schema) => {
  schema.nullable = true;
  return undefined;
};

// Schemaless: the field's own schema is dropped (only the description stays); markers may add to it after.
const applySchemaless: ApplyToSchema = (schema) => {
  for (const key of Object.keys(schema)) if (key !== "description") delete schema[key];
  return undefined;
};

const fieldOnly: readonly KubeMarkerDefinition[] = [
  {
    name: `${PREFIX}Nullable`,
    targets: FIELD,
    payload: { kind: "flag" },
    help: "The field accepts null (nullable: true); same as +nullable.",
    example: `+${PREFIX}Nullable`,
    family: VALIDATION_FAMILY,
    applyToSchema: applyNullable,
    order: SchemaOrder.normal,
  },
  {
    name: `${PREFIX}EmbeddedResource`,
    targets: FIELD,
    payload: { kind: "flag" },
    help: "The field is an embedded Kubernetes resource with apiVersion, kind and metadata (x-kubernetes-embedded-resource).",
    example: `+${PREFIX}EmbeddedResource`,
    family: VALIDATION_FAMILY,
    applyToSchema: applyEmbeddedResource,
    order: SchemaOrder.normal,
  },
  {
    name: `${PREFIX}Schemaless`,
    targets: FIELD,
    payload: { kind: "flag" },
    help: "No schema is generated for the field; give its type and checks with other markers. A last resort.",
    example: `+${PREFIX}Schemaless`,
    family: VALIDATION_FAMILY,
    applyToSchema: applySchemaless,
    order: SchemaOrder.typeSetting - 1,
  },
  {
    name: "k8s:immutable",
    // controller-gen v0.23 registers it for fields only and ignores it on a type or package.
    targets: FIELD,
    payload: { kind: "flag" },
    help: "The value cannot change once set (a CEL rule self == oldSelf); on an optional field also a rule on its struct that it cannot be removed once set.",
    example: "+k8s:immutable",
    family: VALIDATION_FAMILY,
    applyToSchema: (schema) => {
      addRule(schema, { rule: "self == oldSelf", message: "field is immutable" });
      return undefined;
    },
    order: SchemaOrder.normal,
  },
  {
    name: "kubebuilder:pruning:PreserveUnknownFields",
    targets: FIELD_TYPE,
    payload: { kind: "flag" },
    help: "Keeps fields the schema does not declare instead of pruning them (x-kubernetes-preserve-unknown-fields).",
    example: "+kubebuilder:pruning:PreserveUnknownFields",
    family: VALIDATION_FAMILY,
    applyToSchema: applyPreserveUnknownFields,
    order: SchemaOrder.normal,
  },
  {
    name: "nullable",
    targets: FIELD,
    payload: { kind: "flag" },
    help: "The field accepts null (nullable: true).",
    example: "+nullable",
    family: VALIDATION_FAMILY,
    applyToSchema: applyNullable,
    order: SchemaOrder.normal,
  },
];

/** The schema effect of a base validation marker (`Minimum`, `MaxLength` ...), for markers that share it. */
export function validationEffect(suffix: string): ApplyToSchema {
  const b = bases.find((x) => x.suffix === suffix);
  if (!b) throw new Error(`no validation marker ${suffix}`);
  return b.apply;
}

/** Every `+kubebuilder:validation:` marker, its `items:` forms, and the other schema checks. */
export const validationMarkers: readonly KubeMarkerDefinition[] = [...bases.map(plain), ...bases.map(items), ...oneOfs, ...fieldOnly];
