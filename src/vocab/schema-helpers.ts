import type { JSONSchemaProps, ValidationRule } from "@kube-codegen/apiextensions";

/** The schema's type for messages: `string`, `int-or-string`, or `untyped`. */
export function typeOf(schema: JSONSchemaProps): string {
  if (schema["x-kubernetes-int-or-string"] === true) return "int-or-string";
  return schema.type ?? "untyped";
}

/** True for integer and number schemas. */
export function isNumeric(schema: JSONSchemaProps): boolean {
  return schema.type === "integer" || schema.type === "number";
}

/** True for string and int-or-string schemas (where length and pattern checks apply). */
export function isTextual(schema: JSONSchemaProps): boolean {
  return schema.type === "string" || schema["x-kubernetes-int-or-string"] === true;
}

/** Does a JSON value fit a schema type? Untyped schemas take anything. */
export function valueFitsType(v: unknown, schema: JSONSchemaProps): boolean {
  if (v === null) return schema.nullable === true;
  if (schema["x-kubernetes-int-or-string"] === true) return typeof v === "string" || Number.isInteger(v);
  switch (schema.type) {
    case "string":
      return typeof v === "string";
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    case "number":
      return typeof v === "number";
    case "boolean":
      return typeof v === "boolean";
    case "array":
      return Array.isArray(v);
    case "object":
      return typeof v === "object" && !Array.isArray(v);
    default:
      return true;
  }
}

/** How a value reads in a message. */
export function show(v: unknown): string {
  return JSON.stringify(v) ?? String(v);
}

/** The kind of a JSON value, for messages. */
export function kindOfValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** Adds an x-kubernetes-validations rule to a schema node. */
export function addRule(schema: JSONSchemaProps, rule: ValidationRule & { optionalOldSelf?: boolean }): void {
  const rules = schema["x-kubernetes-validations"] ?? [];
  rules.push(rule);
  schema["x-kubernetes-validations"] = rules;
}

/** A deep copy of marker data before it is placed in a schema, so schemas never share values. */
export function copyJson<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}
