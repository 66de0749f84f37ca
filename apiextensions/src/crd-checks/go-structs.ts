// The internal CRD structs as the server prints them in some messages: with Go's %#v up to 1.33
// ("Invalid value: []apiextensions.CustomResourceDefinitionVersion{...}"; pointers the server would
// print as addresses are shown as (0x0), the address being meaningless anyway), as JSON from 1.34.
import type { InternalColumn, InternalSchema, InternalSubresources, InternalValidationRule, InternalVersion } from "../types/index.js";
import { goJson, goMapKeys } from "../validation/go-format.js";
import { goQuote } from "./go-value.js";

function goColumn(c: InternalColumn): string {
  return `apiextensions.CustomResourceColumnDefinition{Name:${goQuote(c.name)}, Type:${goQuote(c.type)}, Format:${goQuote(c.format)}, Description:${goQuote(c.description)}, Priority:${c.priority}, JSONPath:${goQuote(c.JSONPath)}}`;
}

function goPtr(type: string, set: boolean): string {
  return set ? `(*${type})(0x0)` : `(*${type})(nil)`;
}

/** `apiextensions.CustomResourceDefinitionVersion{Name:"v1", ...}` */
export function goVersion(v: InternalVersion): string {
  const cols =
    v.additionalPrinterColumns.length === 0
      ? "[]apiextensions.CustomResourceColumnDefinition(nil)"
      : `[]apiextensions.CustomResourceColumnDefinition{${v.additionalPrinterColumns.map(goColumn).join(", ")}}`;
  return (
    `apiextensions.CustomResourceDefinitionVersion{Name:${goQuote(v.name)}, Served:${v.served}, Storage:${v.storage}, ` +
    `Deprecated:${v.deprecated}, DeprecationWarning:${goPtr("string", v.deprecationWarning !== undefined)}, ` +
    `Schema:${goPtr("apiextensions.CustomResourceValidation", v.schema !== undefined)}, ` +
    `Subresources:${goPtr("apiextensions.CustomResourceSubresources", v.subresources !== undefined)}, ` +
    `AdditionalPrinterColumns:${cols}}`
  );
}

/** `[]apiextensions.CustomResourceDefinitionVersion{...}` */
export function goVersions(vs: readonly InternalVersion[]): string {
  if (vs.length === 0) return "[]apiextensions.CustomResourceDefinitionVersion(nil)";
  return `[]apiextensions.CustomResourceDefinitionVersion{${vs.map(goVersion).join(", ")}}`;
}

// From 1.34 the server prints these structs with encoding/json: Go field names (the internal types
// have no json tags), declaration order, nil pointers and slices as null, maps with sorted keys.

/** JSON text of a struct: fields in the order given, values already JSON text. */
const struct = (fields: [string, string][]): string => `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
const str = (s: string | undefined): string => goJson(s ?? "");
const ptr = (v: unknown): string => (v === undefined ? "null" : goJson(v));
const list = <T>(xs: readonly T[] | undefined, f: (x: T) => string): string => (xs === undefined ? "null" : `[${xs.map(f).join(",")}]`);
function map<T>(m: Record<string, T> | undefined, f: (x: T) => string): string {
  if (m === undefined) return "null";
  const keys = goMapKeys(m);
  return `{${keys.map((k) => `${goJson(k)}:${f(m[k]!)}`).join(",")}}`;
}

/** `apiextensions.ValidationRule` as JSON, with the fields it has gained since 1.24. */
export function ruleJson(r: InternalValidationRule): string {
  const l = r.later ?? {};
  return struct([
    ["Rule", str(r.rule)],
    ["Message", str(r.message)],
    ["MessageExpression", str(l.messageExpression)],
    ["Reason", ptr(l.reason)],
    ["FieldPath", str(l.fieldPath)],
    ["OptionalOldSelf", ptr(l.optionalOldSelf)],
  ]);
}

const orBool = (v: boolean | InternalSchema | undefined): string =>
  v === undefined
    ? "null"
    : struct([
        ["Allows", String(v !== false)],
        ["Schema", typeof v === "object" ? schemaJson(v) : "null"],
      ]);

/** `apiextensions.JSONSchemaProps` as JSON. */
export function schemaJson(s: InternalSchema): string {
  const items = s.items;
  const fields: Record<string, string> = {
    ID: str(s.id),
    Schema: str(s.$schema),
    Ref: ptr(s.$ref),
    Description: str(s.description),
    Type: str(s.type),
    Nullable: String(s.nullable === true),
    Format: str(s.format),
    Title: str(s.title),
    Default: ptr(s.default),
    Maximum: ptr(s.maximum),
    ExclusiveMaximum: String(s.exclusiveMaximum === true),
    Minimum: ptr(s.minimum),
    ExclusiveMinimum: String(s.exclusiveMinimum === true),
    MaxLength: ptr(s.maxLength),
    MinLength: ptr(s.minLength),
    Pattern: str(s.pattern),
    MaxItems: ptr(s.maxItems),
    MinItems: ptr(s.minItems),
    UniqueItems: String(s.uniqueItems === true),
    MultipleOf: ptr(s.multipleOf),
    Enum: list(s.enum, goJson),
    MaxProperties: ptr(s.maxProperties),
    MinProperties: ptr(s.minProperties),
    Required: list(s.required, goJson),
    Items:
      items === undefined
        ? "null"
        : Array.isArray(items)
          ? struct([
              ["Schema", "null"],
              ["JSONSchemas", list(items, schemaJson)],
            ])
          : struct([
              ["Schema", schemaJson(items)],
              ["JSONSchemas", "null"],
            ]),
    AllOf: list(s.allOf, schemaJson),
    OneOf: list(s.oneOf, schemaJson),
    AnyOf: list(s.anyOf, schemaJson),
    Not: s.not === undefined ? "null" : schemaJson(s.not),
    Properties: map(s.properties, schemaJson),
    AdditionalProperties: orBool(s.additionalProperties),
    PatternProperties: map(s.patternProperties, schemaJson),
    Dependencies: map(s.dependencies, (d) =>
      Array.isArray(d)
        ? struct([
            ["Schema", "null"],
            ["Property", goJson(d)],
          ])
        : struct([
            ["Schema", schemaJson(d)],
            ["Property", "null"],
          ]),
    ),
    AdditionalItems: orBool(s.additionalItems),
    Definitions: map(s.definitions, schemaJson),
    ExternalDocs: externalDocsJson(s.externalDocs),
    Example: ptr(s.example),
    XPreserveUnknownFields: ptr(s["x-kubernetes-preserve-unknown-fields"]),
    XEmbeddedResource: String(s["x-kubernetes-embedded-resource"] === true),
    XIntOrString: String(s["x-kubernetes-int-or-string"] === true),
    XListMapKeys: list(s["x-kubernetes-list-map-keys"], goJson),
    XListType: ptr(s["x-kubernetes-list-type"]),
    XMapType: ptr(s["x-kubernetes-map-type"]),
    XValidations: list(s["x-kubernetes-validations"], ruleJson),
  };
  return struct(Object.entries(fields));
}

function externalDocsJson(d: unknown): string {
  if (d === undefined || d === null || typeof d !== "object") return "null";
  const o = d as Record<string, unknown>;
  return struct([
    ["Description", str(typeof o["description"] === "string" ? o["description"] : "")],
    ["URL", str(typeof o["url"] === "string" ? o["url"] : "")],
  ]);
}

function columnJson(c: InternalColumn): string {
  return struct([
    ["Name", str(c.name)],
    ["Type", str(c.type)],
    ["Format", str(c.format)],
    ["Description", str(c.description)],
    ["Priority", String(c.priority)],
    ["JSONPath", str(c.JSONPath)],
  ]);
}

function subresourcesJson(s: InternalSubresources): string {
  const scale = s.scale;
  return struct([
    ["Status", s.status === undefined ? "null" : "{}"],
    [
      "Scale",
      scale === undefined
        ? "null"
        : struct([
            ["SpecReplicasPath", str(scale.specReplicasPath)],
            ["StatusReplicasPath", str(scale.statusReplicasPath)],
            ["LabelSelectorPath", ptr(scale.labelSelectorPath)],
          ]),
    ],
  ]);
}

/** `apiextensions.CustomResourceDefinitionVersion` as JSON. */
export function versionJson(v: InternalVersion): string {
  return struct([
    ["Name", str(v.name)],
    ["Served", String(v.served)],
    ["Storage", String(v.storage)],
    ["Deprecated", String(v.deprecated)],
    ["DeprecationWarning", ptr(v.deprecationWarning)],
    [
      "Schema",
      v.schema === undefined
        ? "null"
        : struct([["OpenAPIV3Schema", v.schema.openAPIV3Schema === undefined ? "null" : schemaJson(v.schema.openAPIV3Schema)]]),
    ],
    ["Subresources", v.subresources === undefined ? "null" : subresourcesJson(v.subresources)],
    ["AdditionalPrinterColumns", v.additionalPrinterColumns.length === 0 ? "null" : list(v.additionalPrinterColumns, columnJson)],
    ["SelectableFields", v.selectableFields.length === 0 ? "null" : list(v.selectableFields, (p) => struct([["JSONPath", str(p)]]))],
  ]);
}

/** `[]apiextensions.CustomResourceDefinitionVersion` as JSON. */
export const versionsJson = (vs: readonly InternalVersion[]): string => list(vs, versionJson);
