// The structural-schema rules of apiextensions-apiserver's pkg/apiserver/schema: conversion
// failures (fields a structural schema cannot hold), the invariants (a type everywhere unless
// int-or-string or preserve-unknown-fields allows none, only value validations inside
// anyOf/allOf/oneOf/not, metadata restrictions, embedded resources, valid RE2 patterns) and
// completeness. Like the server, errors are sorted by their printed form.
import type { FieldPath } from "./field-path.js";
import { forbidden, formatCrdProblem, invalid, required, type CrdProblem } from "./problem.js";
import { re2CompileError } from "./regex.js";
import { additionalSchema, itemSchema, propertyNames } from "./schema-access.js";
import type { InternalSchema } from "../types/index.js";

type Level = "root" | "item" | "field";

/** The first reason NewStructural cannot convert `s`, as its error text, or undefined. */
export function structuralConversionError(s: InternalSchema | undefined): string | undefined {
  if (s === undefined) return undefined;
  if (s.id !== undefined && s.id !== "") return "OpenAPIV3Schema 'id' is not supported";
  if (s.$schema !== undefined && s.$schema !== "") return "OpenAPIV3Schema '$schema' is not supported";
  if (s.$ref !== undefined && s.$ref !== "") return "OpenAPIV3Schema '$ref' is not supported";
  if (s.definitions !== undefined && Object.keys(s.definitions).length > 0) return "OpenAPIV3Schema 'definitions' is not supported";
  if (s.additionalItems !== undefined) return "OpenAPIV3Schema 'additionalItems' is not supported";
  if (s.patternProperties !== undefined && Object.keys(s.patternProperties).length > 0) {
    return "OpenAPIV3Schema 'patternProperties' is not supported";
  }
  if (s.dependencies !== undefined && Object.keys(s.dependencies).length > 0) return "OpenAPIV3Schema 'dependencies' is not supported";
  if (Array.isArray(s.items) && s.items.length > 0) return "OpenAPIV3Schema 'items' must be a schema, but is an array";
  const subs: (InternalSchema | undefined)[] = [additionalSchema(s), itemSchema(s)];
  for (const k of propertyNames(s)) subs.push(s.properties![k]);
  subs.push(...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? []), s.not);
  for (const sub of subs) {
    const err = structuralConversionError(sub);
    if (err !== undefined) return err;
  }
  return undefined;
}

/** ValidateStructural: invariants and completeness, sorted as the server sorts them. */
export function validateStructural(path: FieldPath, s: InternalSchema): CrdProblem[] {
  const errs = [...invariants(s, "root", path), ...completeness(s, s, path, path)];
  const keyed = errs.map((e) => ({ e, k: formatCrdProblem(e) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.e);
}

function isBareType(s: InternalSchema, type: string): boolean {
  return Object.keys(s).length === 1 && s.type === type;
}

/** anyOf exactly `[{type: integer}, {type: string}]`, the int-or-string shape the server tolerates. */
function isIntOrStringAnyOf(anyOf: InternalSchema[] | undefined): boolean {
  return anyOf !== undefined && anyOf.length === 2 && isBareType(anyOf[0]!, "integer") && isBareType(anyOf[1]!, "string");
}

function invariants(s: InternalSchema | undefined, lvl: Level, path: FieldPath): CrdProblem[] {
  if (s === undefined) return [];
  const out: CrdProblem[] = [];
  const type = s.type ?? "";
  const items = itemSchema(s);
  if (type === "array" && items === undefined) out.push(required(path.child("items"), "must be specified"));
  out.push(...invariants(items, "item", path.child("items")));
  for (const k of propertyNames(s)) out.push(...invariants(s.properties![k], "field", path.child("properties").key(k)));
  if (s.additionalProperties !== undefined) {
    if (lvl === "root") out.push(forbidden(path.child("additionalProperties"), "must not be used at the root"));
    out.push(...invariants(additionalSchema(s), "field", path.child("additionalProperties")));
  }
  out.push(...extensionErrors(s, path));
  out.push(...valueValidation(s, isIntOrStringAnyOf(s.anyOf), isIntOrStringAnyOf(s.allOf?.[0]?.anyOf), path));
  out.push(...typeErrors(s, lvl, path));
  out.push(...metadataErrors(s, lvl, path));
  return out;
}

function extensionErrors(s: InternalSchema, path: FieldPath): CrdProblem[] {
  const out: CrdProblem[] = [];
  if (s["x-kubernetes-int-or-string"] === true && s["x-kubernetes-preserve-unknown-fields"] === true) {
    out.push(invalid(path.child("x-kubernetes-preserve-unknown-fields"), true, "must be false if x-kubernetes-int-or-string is true"));
  }
  if (s["x-kubernetes-int-or-string"] === true && s["x-kubernetes-embedded-resource"] === true) {
    out.push(invalid(path.child("x-kubernetes-embedded-resource"), true, "must be false if x-kubernetes-int-or-string is true"));
  }
  return out;
}

function typeErrors(s: InternalSchema, lvl: Level, path: FieldPath): CrdProblem[] {
  const out: CrdProblem[] = [];
  const type = s.type ?? "";
  const embedded = s["x-kubernetes-embedded-resource"] === true;
  if (embedded && type !== "object") {
    const msg = "must be object if x-kubernetes-embedded-resource is true";
    out.push(type === "" ? required(path.child("type"), msg) : invalid(path.child("type"), type, msg));
  } else if (type === "" && s["x-kubernetes-int-or-string"] !== true && s["x-kubernetes-preserve-unknown-fields"] !== true) {
    const msg = {
      root: "must not be empty at the root",
      item: "must not be empty for specified array items",
      field: "must not be empty for specified object fields",
    }[lvl];
    out.push(required(path.child("type"), msg));
  }
  if (embedded && s.additionalProperties !== undefined) {
    out.push(forbidden(path.child("additionalProperties"), "must not be used if x-kubernetes-embedded-resource is set"));
  }
  if (lvl === "root" && type !== "" && type !== "object") out.push(invalid(path.child("type"), type, "must be object at the root"));
  return out;
}

function metadataErrors(s: InternalSchema, lvl: Level, path: FieldPath): CrdProblem[] {
  const out: CrdProblem[] = [];
  const embedded = s["x-kubernetes-embedded-resource"] === true;
  const checkMeta = lvl === "root" || embedded;
  const props = s.properties ?? {};
  const pp = path.child("properties");
  if (checkMeta) {
    for (const [k, want] of [
      ["kind", "string"],
      ["apiVersion", "string"],
      ["metadata", "object"],
    ] as const) {
      const sub = props[k];
      if (sub !== undefined && (sub.type ?? "") !== want) out.push(invalid(pp.key(k).child("type"), sub.type ?? "", `must be ${want}`));
    }
  }
  const meta = props.metadata;
  if (meta !== undefined && lvl === "root" && !isPlainMetadata(meta)) {
    out.push(
      forbidden(pp.key("metadata"), "must not specify anything other than name and generateName, but metadata is implicitly specified"),
    );
  }
  if (embedded && s["x-kubernetes-preserve-unknown-fields"] !== true && propertyNames(s).length === 0) {
    out.push(
      required(
        path.child("properties"),
        "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
      ),
    );
  }
  return out;
}

/** Root metadata may carry only a type, a default, and properties restricted to name/generateName. */
function isPlainMetadata(meta: InternalSchema): boolean {
  const names = propertyNames(meta);
  const onlyNames = names.length > 0 && names.every((n) => n === "name" || n === "generateName");
  for (const [k, v] of Object.entries(meta)) {
    if (k === "type" || k === "default") continue;
    if (k === "properties" && (onlyNames || names.length === 0)) continue;
    if (k === "x-kubernetes-preserve-unknown-fields" && v === false) continue;
    if (k === "example" || k === "externalDocs") continue;
    return false;
  }
  return true;
}

function valueValidation(s: InternalSchema, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: FieldPath): CrdProblem[] {
  const out: CrdProblem[] = [];
  if (!skipAnyOf) (s.anyOf ?? []).forEach((n, i) => out.push(...nested(n, false, path.child("anyOf").index(i))));
  (s.allOf ?? []).forEach((n, i) => out.push(...nested(n, skipFirstAllOfAnyOf && i === 0, path.child("allOf").index(i))));
  (s.oneOf ?? []).forEach((n, i) => out.push(...nested(n, false, path.child("oneOf").index(i))));
  if (s.not !== undefined) out.push(...nested(s.not, false, path.child("not")));
  if (s.pattern !== undefined && s.pattern !== "") {
    const err = re2CompileError(s.pattern);
    if (err !== undefined) out.push(invalid(path.child("pattern"), s.pattern, `must be a valid regular expression, but isn't: ${err}`));
  }
  return out;
}

/** A schema under a logical junctor: only value validations, items and properties allowed. */
function nested(v: InternalSchema, skipAnyOf: boolean, path: FieldPath): CrdProblem[] {
  const out = valueValidation(v, skipAnyOf, false, path);
  const items = itemSchema(v);
  if (items !== undefined) out.push(...nested(items, false, path.child("items")));
  for (const k of propertyNames(v)) out.push(...nested(v.properties![k]!, false, path.child("properties").key(k)));
  const mustBeEmpty = "must be empty to be structural";
  const mustBeUndefined = "must be undefined to be structural";
  const mustBeFalse = "must be false to be structural";
  if ((v.type ?? "") !== "") out.push(forbidden(path.child("type"), mustBeEmpty));
  if (v.additionalProperties !== undefined) out.push(forbidden(path.child("additionalProperties"), mustBeUndefined));
  if (v.default !== undefined) out.push(forbidden(path.child("default"), mustBeUndefined));
  if ((v.title ?? "") !== "") out.push(forbidden(path.child("title"), mustBeEmpty));
  if ((v.description ?? "") !== "") out.push(forbidden(path.child("description"), mustBeEmpty));
  if (v.nullable === true) out.push(forbidden(path.child("nullable"), mustBeFalse));
  if (v["x-kubernetes-preserve-unknown-fields"] === true)
    out.push(forbidden(path.child("x-kubernetes-preserve-unknown-fields"), mustBeFalse));
  if (v["x-kubernetes-embedded-resource"] === true) out.push(forbidden(path.child("x-kubernetes-embedded-resource"), mustBeFalse));
  if (v["x-kubernetes-int-or-string"] === true) out.push(forbidden(path.child("x-kubernetes-int-or-string"), mustBeFalse));
  if ((v["x-kubernetes-list-map-keys"] ?? []).length > 0) out.push(forbidden(path.child("x-kubernetes-list-map-keys"), mustBeEmpty));
  if (v["x-kubernetes-list-type"] !== undefined) out.push(forbidden(path.child("x-kubernetes-list-type"), mustBeUndefined));
  if (v.properties?.metadata !== undefined) {
    out.push(forbidden(path.child("properties").key("metadata"), "must not be specified in a nested context"));
  }
  return out;
}

/** Completeness, which the server checks only for junctors on the root schema. */
function completeness(v: InternalSchema, s: InternalSchema, sPath: FieldPath, vPath: FieldPath): CrdProblem[] {
  const out: CrdProblem[] = [];
  if (v.not !== undefined) out.push(...nestedCompleteness(v.not, s, sPath, vPath.child("not")));
  (v.allOf ?? []).forEach((n, i) => out.push(...nestedCompleteness(n, s, sPath, vPath.child("allOf").index(i))));
  (v.anyOf ?? []).forEach((n, i) => out.push(...nestedCompleteness(n, s, sPath, vPath.child("anyOf").index(i))));
  (v.oneOf ?? []).forEach((n, i) => out.push(...nestedCompleteness(n, s, sPath, vPath.child("oneOf").index(i))));
  return out;
}

function nestedCompleteness(
  v: InternalSchema | undefined,
  s: InternalSchema | undefined,
  sPath: FieldPath,
  vPath: FieldPath,
): CrdProblem[] {
  if (v === undefined) return [];
  if (s === undefined) return [required(sPath, `because it is defined in ${vPath.toString()}`)];
  const out = completeness(v, s, sPath, vPath);
  const vItems = itemSchema(v);
  if (vItems !== undefined) out.push(...nestedCompleteness(vItems, itemSchema(s), sPath.child("items"), vPath.child("items")));
  for (const k of propertyNames(v)) {
    const sp = sPath.child("properties").key(k);
    const vp = vPath.child("properties").key(k);
    const sub = s.properties?.[k];
    if (sub === undefined) out.push(required(sp, `because it is defined in ${vp.toString()}`));
    else out.push(...nestedCompleteness(v.properties![k], sub, sp, vp));
  }
  return out;
}
