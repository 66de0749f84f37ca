// The JSONSchemaProps the server keeps after decoding: known keys only, each with its JSON type.
// Unknown keys are dropped (the 1.24 server drops them silently, e.g. a CEL rule's `reason`).

/** One x-kubernetes-validations entry as the 1.24 server keeps it. */
export interface ValidationRule {
  rule: string;
  message: string;
}

/** apiextensions JSONSchemaProps after decoding; keys are the JSON names. */
export interface Schema {
  id?: string;
  $schema?: string;
  $ref?: string;
  description?: string;
  type?: string;
  format?: string;
  title?: string;
  /** Present only when the JSON default is not null (the server drops `default: null`). */
  default?: unknown;
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  multipleOf?: number;
  enum?: unknown[];
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  /** A schema, or (rejected later) an array of schemas. */
  items?: Schema | Schema[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  not?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  dependencies?: Record<string, Schema | string[]>;
  additionalItems?: boolean | Schema;
  definitions?: Record<string, Schema>;
  externalDocs?: unknown;
  example?: unknown;
  nullable?: boolean;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-embedded-resource"?: boolean;
  "x-kubernetes-int-or-string"?: boolean;
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-list-type"?: string;
  "x-kubernetes-map-type"?: string;
  "x-kubernetes-validations"?: ValidationRule[];
}

/** The item schema when `items` is a single schema (the only form CRDs may use). */
export function itemSchema(s: Schema): Schema | undefined {
  return s.items !== undefined && !Array.isArray(s.items) ? s.items : undefined;
}

/** The additionalProperties schema, when it is a schema rather than a boolean. */
export function additionalSchema(s: Schema): Schema | undefined {
  return typeof s.additionalProperties === "object" ? s.additionalProperties : undefined;
}

/** Property names in a stable order (the server walks a Go map; we sort). */
export function propertyNames(s: Schema): string[] {
  return s.properties === undefined ? [] : Object.keys(s.properties).sort();
}

/** A JSON-canonical string for semantic equality (key order ignored). */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const keys = Object.keys(v as object).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
