// One CustomResourceValidation (a version's or the shared top-level schema): root restrictions,
// then the structural rules, defaults and CEL in the server's order and with its gating —
// defaults are only checked on a structural schema, CEL only when both are sound, and a
// failed structural conversion is only reported when nothing else is.
import { CostTotal, costErrorMessage, SCHEMA_COST_LIMIT } from "./cost-budget.js";
import { REFERENCE_MINOR, wordingOf } from "./server-versions.js";
import { schemaJson } from "./go-structs.js";
import type { InternalValidation } from "../types/index.js";
import { validateDefaults } from "./defaults.js";
import type { FieldPath } from "./field-path.js";
import { forbidden, GoRendered, invalid, type CrdProblem } from "./problem.js";
import { walkSchema, type CelContext } from "./schema-generic.js";
import type { InternalSchema } from "../types/index.js";
import { structuralConversionError, validateStructural } from "./structural.js";

/** JSONSchemaProps fields in Go declaration order, with their JSON names. */
const goFieldOrder: [string, keyof InternalSchema][] = [
  ["ID", "id"],
  ["Schema", "$schema"],
  ["Ref", "$ref"],
  ["Description", "description"],
  ["Type", "type"],
  ["Nullable", "nullable"],
  ["Format", "format"],
  ["Title", "title"],
  ["Default", "default"],
  ["Maximum", "maximum"],
  ["ExclusiveMaximum", "exclusiveMaximum"],
  ["Minimum", "minimum"],
  ["ExclusiveMinimum", "exclusiveMinimum"],
  ["MaxLength", "maxLength"],
  ["MinLength", "minLength"],
  ["Pattern", "pattern"],
  ["MaxItems", "maxItems"],
  ["MinItems", "minItems"],
  ["UniqueItems", "uniqueItems"],
  ["MultipleOf", "multipleOf"],
  ["Enum", "enum"],
  ["MaxProperties", "maxProperties"],
  ["MinProperties", "minProperties"],
  ["Required", "required"],
  ["Items", "items"],
  ["AllOf", "allOf"],
  ["OneOf", "oneOf"],
  ["AnyOf", "anyOf"],
  ["Not", "not"],
  ["Properties", "properties"],
  ["AdditionalProperties", "additionalProperties"],
  ["PatternProperties", "patternProperties"],
  ["Dependencies", "dependencies"],
  ["AdditionalItems", "additionalItems"],
  ["Definitions", "definitions"],
  ["ExternalDocs", "externalDocs"],
  ["Example", "example"],
  ["XPreserveUnknownFields", "x-kubernetes-preserve-unknown-fields"],
  ["XEmbeddedResource", "x-kubernetes-embedded-resource"],
  ["XIntOrString", "x-kubernetes-int-or-string"],
  ["XListMapKeys", "x-kubernetes-list-map-keys"],
  ["XListType", "x-kubernetes-list-type"],
  ["XMapType", "x-kubernetes-map-type"],
  ["XValidations", "x-kubernetes-validations"],
];

const allowedAtRoot = [
  "Description",
  "Type",
  "Format",
  "Title",
  "Maximum",
  "ExclusiveMaximum",
  "Minimum",
  "ExclusiveMinimum",
  "MaxLength",
  "MinLength",
  "Pattern",
  "MaxItems",
  "MinItems",
  "UniqueItems",
  "MultipleOf",
  "Required",
  "Items",
  "Properties",
  "ExternalDocs",
  "Example",
  "XPreserveUnknownFields",
  "XValidations",
];

function isZero(v: unknown): boolean {
  return v === undefined || v === false || v === "" || v === 0 || (Array.isArray(v) && v.length === 0);
}

/** With the status subresource on, only some keywords may sit at the schema root. */
function statusRootErrors(schema: InternalSchema, path: FieldPath, minor: number): CrdProblem[] {
  for (const [goName, key] of goFieldOrder) {
    const v = schema[key];
    if (isZero(v)) continue;
    if (goName === "Type") {
      if (v !== "object") {
        return [
          invalid(
            path.child("openAPIV3Schema.type"),
            v,
            'only "object" is allowed as the type at the root of the schema if the status subresource is enabled',
          ),
        ];
      }
      continue;
    }
    if (!allowedAtRoot.includes(goName)) {
      const detail = `only [${allowedAtRoot.join(" ")}] fields are allowed at the root of the schema if the status subresource is enabled`;
      // 1.24 prints the struct's %#v cut short by the server; 1.34 and later print it whole as JSON.
      const shown = wordingOf(minor) === "1.37" ? schemaJson(schema) : "apiextensions.JSONSchemaProps{...}";
      return [invalid(path.child("openAPIV3Schema"), new GoRendered(shown), detail)];
    }
  }
  return [];
}

/** validateCustomResourceDefinitionValidation for the validation at `path` (".../schema" or "spec.validation"). */
export function checkValidation(
  validation: InternalValidation | undefined,
  statusEnabled: boolean,
  path: FieldPath,
  minor: number = REFERENCE_MINOR,
): CrdProblem[] {
  const schema = validation?.openAPIV3Schema;
  if (schema === undefined) return [];
  const sp = path.child("openAPIV3Schema");
  const out: CrdProblem[] = [];
  if (statusEnabled) out.push(...statusRootErrors(schema, path, minor));
  if (schema.nullable === true) out.push(forbidden(path.child("openAPIV3Schema.nullable"), "nullable cannot be true at the root"));
  let cel: CelContext | undefined;
  const initErrors: CrdProblem[] = [];
  const conversionError = structuralConversionError(schema);
  if (conversionError !== undefined) initErrors.push(invalid(sp, "", conversionError));
  else {
    const structural = validateStructural(sp, schema);
    const defaults = structural.length > 0 ? [] : validateDefaults(sp, schema, minor);
    out.push(...structural, ...defaults);
    if (structural.length === 0 && defaults.length === 0) cel = { cardinality: 1, costs: new CostTotal(), minor };
  }
  out.push(...walkSchema(schema, sp, { allowDefaults: true, disallowDefaultsReason: "", insideResourceMeta: false, minor }, true, cel));
  if (out.length === 0) out.push(...initErrors);
  if (cel !== undefined && cel.costs.total > SCHEMA_COST_LIMIT) {
    for (const e of cel.costs.mostExpensive) {
      out.push({
        field: e.path,
        reason: "FieldValueForbidden",
        message: "Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema",
      });
    }
    out.push(
      forbidden(
        sp,
        costErrorMessage(
          "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema",
          cel.costs.total,
          SCHEMA_COST_LIMIT,
        ),
      ),
    );
  }
  return out;
}
